"""Replacements of The Spoils, played by name through the API: "If ... is destroyed, ... instead", a
card headed for a hand or a discard pile put elsewhere instead, a player paying instead
(spoils.506.1, spoils.506.2): the replaced event does not happen, the replacement does, and the trace
names the card and the rule."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card as _play, position  # noqa: F401

pytestmark = needs_data


def test_the_stone_of_shame_destroys_a_character_put_into_a_hand(client):
    """The Stone of Shame: "If a character is put into a player's hand, destroy it instead." (spoils.506.1,
    spoils.304.1): alice's Evanesce ("Put the character into its owner's hand.") on bob's Stalwart Soldier:
    with the Stone in play the Soldier is destroyed instead, to bob's discard pile; without it, the Soldier
    goes back to bob's hand."""
    for stone in (True, False):
        cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
        if stone:
            cards["s1"] = {"card": "The Stone of Shame", "controller": "alice"}
        t = new_game(client, position(cards=cards, hands={"alice": ["Evanesce"]}, icons={"alice": "OOO"}))
        t.resolve("alice", "bob", _play("Evanesce", "b1"))
        bob = t.state()["players"]["bob"]
        assert "b1" not in t.state()["cards"]
        assert (bob["discard"], bob["hand"]) == ((["Stalwart Soldier"], 0) if stone else ([], 1))
        if stone:
            assert "spoils.506.1" in t.trace_text() and "The Stone of Shame" in t.trace_text()
        assert t.audit_valid()


def test_dethmurderbludgeon_goes_back_to_the_hand_instead_of_the_discard_pile(client):
    """Dethmurderbludgeon, the Craghammer: "If this card is put into a discard pile from play, put it into
    its owner's hand instead." (spoils.506.1, spoils.304.1): bob's Precise Sabotage ("Destroy the item.")
    on it: it leaves play to alice's hand, not her discard pile, while her Stalwart Soldier stays in play;
    so does it when the Soldier it is attached to is destroyed by Crushing Usury (spoils.301.4)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "w1": {"card": "Dethmurderbludgeon, the Craghammer", "controller": "alice", "attached_to": "a1"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Precise Sabotage"]}, icons={"bob": "EEE"},
                                  active="bob"))
    t.resolve("bob", "alice", _play("Precise Sabotage", "w1", player="bob"))
    alice = t.state()["players"]["alice"]
    assert "w1" not in t.state()["cards"] and "a1" in t.state()["cards"]
    assert (alice["discard"], alice["hand"]) == ([], 1)
    assert t.audit_valid()
    u = new_game(client, position(cards=cards, hands={"bob": ["Crushing Usury"]}, icons={"bob": "GGGG"},
                                  active="bob"))
    u.resolve("bob", "alice", _play("Crushing Usury", "a1", player="bob"))
    alice = u.state()["players"]["alice"]
    assert (alice["discard"], alice["hand"]) == (["Stalwart Soldier"], 1)
    assert u.audit_valid()


def test_giada_takes_a_token_instead_of_being_destroyed_by_the_opponent(client):
    """Giada, the Elegant (3/3/3): "This card loses 1 strength and 1 life for each token on it. If this card
    would be destroyed by an opposing card or effect, you may put a token on it instead. If you do, deplete
    it and remove it from combat." (spoils.506.1, spoils.506.6, spoils.302.15, spoils.408.8): blocking bob's
    Stalwart Soldier, Giada takes 3 damage: instead of being destroyed she gets a token (2/2), her damage
    goes back to 0, she is depleted and out of the battle; bob's Crushing Usury ("Destroy the character.")
    gives her a token too; destroyed by alice's own Crushing Usury, she is destroyed."""
    cards = {"g1": {"card": "Giada, the Elegant", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, active="bob"))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.fight(blockers=["g1"])
    giada = t.card("g1")
    assert (giada["tokens"], giada["damage"], giada["depleted"]) == (1, 0, True)
    assert (giada["effective"]["strength"], giada["effective"]["life"]) == (2, 2)
    assert "b1" not in t.state()["cards"]
    assert t.audit_valid()
    u = new_game(client, position(cards=cards, hands={"alice": ["Crushing Usury"]}, icons={"alice": "GGGG"}))
    u.resolve("alice", "bob", _play("Crushing Usury", "g1"))
    assert "g1" not in u.state()["cards"] and "Giada, the Elegant" in u.state()["players"]["alice"]["discard"]
    assert u.audit_valid()
    v = new_game(client, position(cards=cards, hands={"bob": ["Crushing Usury"]}, icons={"bob": "GGGG"}, active="bob"))
    v.resolve("bob", "alice", _play("Crushing Usury", "g1", player="bob"))
    assert v.card("g1")["tokens"] == 1 and v.card("g1")["depleted"] is True
    assert v.audit_valid()


def test_resurrection_emporium_removes_characters_headed_for_its_controller_s_discard_pile(client):
    """Resurrection Emporium: "If a character is put into your discard pile, remove it from the game
    instead." (spoils.506.1, spoils.304.1, spoils.305.1): bob's Crushing Usury destroys alice's Stalwart
    Soldier: it is removed from the game, not in her discard pile (without the Emporium: her discard pile);
    bob's Ritual of the Shattering Teeth makes alice discard a Stalwart Soldier from her hand: removed too,
    while the Pinch she discards with it (not a character) goes to her discard pile; a character of bob's
    destroyed by alice goes to bob's discard pile as usual, and so does a Soldier alice discards to pay Thief
    Doyen's "COST: Discard a character or item." (no replacement for an extra cost, spoils.506.2)."""
    for emporium in (True, False):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
        if emporium:
            cards["e1"] = {"card": "Resurrection Emporium", "controller": "alice"}
        t = new_game(client, position(cards=cards, hands={"bob": ["Crushing Usury"]}, icons={"bob": "GGGG"},
                                      active="bob"))
        t.resolve("bob", "alice", _play("Crushing Usury", "a1", player="bob"))
        alice = t.state()["players"]["alice"]
        assert "a1" not in t.state()["cards"]
        assert (alice["discard"], alice["removed"]) == (([], ["Stalwart Soldier"]) if emporium
                                                        else (["Stalwart Soldier"], []))
        assert t.audit_valid()
    cards = {"e1": {"card": "Resurrection Emporium", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier", "Pinch"],
                                                      "bob": ["Ritual of the Shattering Teeth"]},
                                  icons={"bob": "OOOO"}, active="bob"))
    t.resolve("bob", "alice", _play("Ritual of the Shattering Teeth", player="bob", x=2,
                                    chosen=["Stalwart Soldier", "Pinch"]))
    alice = t.state()["players"]["alice"]
    assert (alice["hand"], alice["discard"], alice["removed"]) == (0, ["Pinch"], ["Stalwart Soldier"])
    assert t.audit_valid()
    u = new_game(client, position(cards={**cards, "b1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Crushing Usury"]}, icons={"alice": "GGGG"}))
    u.resolve("alice", "bob", _play("Crushing Usury", "b1"))
    assert u.state()["players"]["bob"]["discard"] == ["Stalwart Soldier"]
    assert u.audit_valid()
    v = new_game(client, position(cards=cards, hands={"alice": ["Thief Doyen", "Stalwart Soldier"]},
                                  icons={"alice": "DDDD"}))
    v.resolve("alice", "bob", _play("Thief Doyen", discarded=["Stalwart Soldier"]))
    assert v.state()["players"]["alice"]["discard"] == ["Stalwart Soldier"]  # an extra cost (506.2)
    assert v.audit_valid()


def test_quotidian_misfire_sends_cards_headed_for_a_hand_to_the_discard_pile(client):
    """Quotidian Misfire: "This turn, if a card is put into a player's hand, put it into their discard pile
    instead." (spoils.506.1, spoils.306.1): after it, alice's faction DRAW ("Pay 3: draw a card.") puts the
    top card of her deck, a Pinch, into her discard pile (not her hand; her deck loses it), and her
    Evanesce ("Put the character into its owner's hand.") sends bob's Stalwart Soldier to bob's discard
    pile; without the Misfire the Soldier goes back to bob's hand."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for misfire in (True, False):
        hand = (["Quotidian Misfire"] if misfire else []) + ["Evanesce"]
        t = new_game(client, position(cards=cards, hands={"alice": hand}, icons={"alice": "OOOOOOOO"},
                                      decks={"alice": ["Pinch", "Stalwart Soldier"]}))
        if misfire:
            t.resolve("alice", "bob", _play("Quotidian Misfire"))
        t.resolve("alice", "bob", {"type": "faction_ability", "player": "alice", "ability": "DRAW",
                                   "cards": ["Pinch"]})
        alice = t.state()["players"]["alice"]
        assert (alice["hand"], alice["deck"]) == ((1, 1) if misfire else (2, 1))  # Evanesce still in hand
        assert ("Pinch" in alice["discard"]) is misfire
        t.resolve("alice", "bob", _play("Evanesce", "b1"))
        bob = t.state()["players"]["bob"]
        assert "b1" not in t.state()["cards"]
        assert (bob["hand"], bob["discard"]) == ((0, ["Stalwart Soldier"]) if misfire else (1, []))
        assert t.audit_valid()


def test_ceremonious_groomer_is_flipped_face_down_instead_of_destroyed(client):
    """Ceremonious Groomer (2/3/3): "If this card is destroyed, flip it face-down under its owner's
    control instead." (spoils.504.1, spoils.505.1): blocking bob's Stalwart Soldier it takes 3 damage;
    instead of going to the discard pile it is flipped face down under alice's control, where a face-down
    card is a resource providing one Volition (spoils.506.1, spoils.411.1)."""
    cards = {"c1": {"card": "Ceremonious Groomer", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, active="bob"))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.fight(blockers=["c1"])
    state = t.state()
    assert "c1" not in state["cards"] and state["players"]["alice"]["discard"] == []
    assert state["players"]["alice"]["icons"] == {"V": 1}
    assert t.audit_valid()


def test_geiseric_pays_1_to_remove_a_character_going_to_the_opponents_hand(client):
    """Geiseric, the Souleater: "If a character is put into your opponent's hand from play, you may pay 1
    instead. If you do, remove it from the game and put a token on this card." spoils.506.1 (bob's Stalwart
    Soldier, sent to his hand by alice's Quotidian Assassination, is removed from the game instead; alice
    pays 1 and Geiseric gets a token), spoils.403.6a, spoils.309.1, spoils.engine.may-choice (declined with
    choices.instead on the action resolving the play, the Soldier goes to bob's hand as printed); alice's own character going to her hand is
    not "your opponent's hand": not replaced."""
    cards = {"g1": {"card": "Geiseric, the Souleater", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "a1": {"card": "Brash Basher", "controller": "alice"}}
    play = {"hands": {"alice": ["Quotidian Assassination"]}, "icons": {"alice": "OOO"}}
    t = new_game(client, position(cards=cards, **play))
    t.resolve("alice", "bob", _play("Quotidian Assassination", "b1"))
    state = t.state()
    assert "b1" not in state["cards"] and state["players"]["bob"]["removed"] == ["Stalwart Soldier"]
    assert state["players"]["bob"]["hand"] == 0 and t.card("g1")["tokens"] == 1
    assert "ReplacementApplied" in [e["type"] for e in t.events()] and state["players"]["alice"]["unattached"] == 0
    u = new_game(client, position(cards=cards, **play))
    u.act(_play("Quotidian Assassination", "b1"))
    u.act({"type": "pass", "player": "bob", "choices": {"instead": False}})  # recorded as the play resolves
    assert u.state()["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"] and u.card("g1")["tokens"] == 0
    v = new_game(client, position(cards=cards, **play))
    v.resolve("alice", "bob", _play("Quotidian Assassination", "a1"))
    assert "Brash Basher" in v.state()["players"]["alice"]["hand_cards"] and v.card("g1")["tokens"] == 0
    assert t.audit_valid() and u.audit_valid() and v.audit_valid()


def _sandwich_game(client, with_sandwich: bool):
    cards = {"s1": {"card": "Stalwart Soldier", "controller": "alice", "damage": 1}}
    if with_sandwich:
        cards["h1"] = {"card": "Hidden Sandwich", "controller": "alice", "attached_to": "s1"}
    return new_game(client, position(active="bob", cards=cards, icons={"bob": "RR"},
                                     hands={"bob": ["Unscrupuls of Victory"]}))


def test_hidden_sandwich_is_destroyed_instead_of_the_character(client):
    """Hidden Sandwich: "If the attached character is destroyed, destroy this card instead. Reduce the
    amount of damage inflicted to the character this turn to 0."  Bob's Unscrupuls of Victory inflicts
    2 damage on alice's Stalwart Soldier (3 life, 1 damage already): lethal (spoils.408.4).  Without
    the Sandwich the Soldier is destroyed; with it the destruction is replaced (spoils.506.1): the
    Sandwich goes to alice's discard pile instead, the Soldier stays in play with its damage back to 0
    (spoils.506.6)."""
    plain = _sandwich_game(client, with_sandwich=False)
    plain.resolve("bob", "alice", _play("Unscrupuls of Victory", player="bob", targets=["s1"]))
    assert "s1" not in plain.state()["cards"]

    t = _sandwich_game(client, with_sandwich=True)
    events = t.resolve("bob", "alice", _play("Unscrupuls of Victory", player="bob", targets=["s1"]))
    assert "ReplacementApplied" in events
    cards = t.state()["cards"]
    assert "s1" in cards and cards["s1"]["damage"] == 0 and "h1" not in cards
    assert "Hidden Sandwich" in t.state()["players"]["alice"]["discard"]
    assert "Stalwart Soldier" not in t.state()["players"]["alice"]["discard"]
    trace = t.trace_text()
    assert "spoils.506.1" in trace and "Hidden Sandwich" in trace and "spoils.506.6" in trace
    assert t.audit_valid()


def test_no_replacement_for_a_character_destroyed_to_pay_an_extra_cost(client):
    """Hidden Sandwich replaces the destruction of its character, but not one that pays an extra
    cost (spoils.506.2): Cashier's Window's CASH IN ("destroy a character you control, deplete this
    card: draw a card") destroys alice's Stalwart Soldier wearing the Sandwich; the Soldier goes to
    the discard pile, and the Sandwich, attached to it, leaves play with it (spoils.301.4)."""
    cards = {"s1": {"card": "Stalwart Soldier", "controller": "alice"},
             "h1": {"card": "Hidden Sandwich", "controller": "alice", "attached_to": "s1"},
             "w1": {"card": "Cashier's Window", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "use_ability", "player": "alice", "card": "w1", "ability": "CASH IN", "targets": ["s1"]})
    discard = t.state()["players"]["alice"]["discard"]
    assert "Stalwart Soldier" in discard and "Hidden Sandwich" in discard
    assert "s1" not in t.state()["cards"]
    assert "spoils.506.2" in t.trace_text()
    assert t.audit_valid()
