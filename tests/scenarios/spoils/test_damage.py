"""Spoils cards of round 4's damage family played by name through the API: damage redirected or
reduced for the next amount this turn (delayed replacements, spoils.506.3), losses and influence
thresholds, replacements of a card changing zones; each test shows the card's printed text changing
the game and cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _ability(card: str, ability: str, *targets, player: str = "alice") -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}


def test_a_series_of_tubes_takes_the_next_damage_of_a_node(client):
    """A Series of Tubes (5/5/3): "REDIRECT COST: Pick a "node" character. EFFECT: This turn, the next 1
    damage inflicted to the character is inflicted to this card instead." and "All other "node"
    characters gain 1 strength and 1 life." (spoils.506.3, spoils.408.4): bob's Target Practice inflicts
    2 damage to alice's Basic Node (2 life with the Tubes): with REDIRECT used first, 1 of it goes to the
    Tubes and the Node survives with 1 damage; without, the Node is destroyed (and its own "If this card is
    destroyed, destroy all other "node" cards." takes the Tubes along)."""
    cards = {"t1": {"card": "A Series of Tubes", "controller": "alice"},
             "n1": {"card": "Basic Node", "controller": "alice"}}
    for redirect in (True, False):
        t = new_game(client, position(cards=cards, hands={"bob": ["Target Practice"]}, icons={"bob": "RR"},
                                      active="bob"))
        t.act(_play("Target Practice", "n1", player="bob"))
        if redirect:  # in response: the REDIRECT resolves first (607.2)
            t.resolve("alice", "bob", _ability("t1", "REDIRECT", "n1"))
        t.act({"type": "pass", "player": "alice"})
        cards_now = t.state()["cards"]
        if redirect:
            assert (cards_now["n1"]["damage"], cards_now["t1"]["damage"]) == (1, 1)
            assert "spoils.506.3" in t.trace_text()
        else:
            assert "n1" not in cards_now and "t1" not in cards_now  # the Node's "destroy all other node cards"
        assert t.audit_valid()


def test_tiny_shiny_reduces_the_next_damage_and_becomes_a_resource(client):
    """Tiny Shiny: "COST: Pick a character. EFFECT: Reduce the next damage inflicted to the character this
    turn by 2. Put this card into play under its owner's control as a face-down resource instead of into
    their discard pile." (spoils.506.3, spoils.408.2, spoils.411.1): alice's Stalwart Soldier (3/3/3)
    attacks and is blocked by bob's Soldier: it takes 3 - 2 = 1 damage and survives (without Tiny Shiny
    both die); only the next damage is reduced: a Pinch afterwards still deals its 1; Tiny Shiny is a
    face-down resource, not in the discard pile."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for shiny in (True, False):
        t = new_game(client, position(cards=cards, hands={"alice": ["Tiny Shiny", "Pinch"]}, icons={"alice": "GGGRR"}))
        if shiny:
            t.resolve("alice", "bob", _play("Tiny Shiny", "a1"))
            assert "Tiny Shiny" not in t.state()["players"]["alice"]["discard"]
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"])
        assert "b1" not in t.state()["cards"]
        if not shiny:
            assert "a1" not in t.state()["cards"] and t.audit_valid()
            continue
        assert t.card("a1")["damage"] == 1
        t.resolve("alice", "bob", _play("Pinch", "a1"))
        assert t.card("a1")["damage"] == 2
        assert t.audit_valid()


def test_purifying_priest_sends_the_next_faction_damage_to_a_location(client):
    """Purifying Priest: "BANISH COST: Pick a location. EFFECT: The next 1 damage inflicted to your faction
    this turn is inflicted to the location instead." (spoils.506.3, spoils.408.3, spoils.408.5): bob's Bask
    Bile inflicts 5 damage to alice's faction; alice answers with BANISH on her Narrow Passage: her faction
    loses 4 influence and the Passage takes 1 damage (without it, 5 influence)."""
    cards = {"p1": {"card": "Purifying Priest", "controller": "alice"},
             "l1": {"card": "Narrow Passage", "controller": "alice"}}
    for banish in (True, False):
        t = new_game(client, position(cards=cards, hands={"bob": ["Bask Bile"]}, icons={"bob": "RRRRRRR"},
                                      active="bob"))
        t.act(_play("Bask Bile", "faction:alice", player="bob"))
        if banish:
            t.resolve("alice", "bob", _ability("p1", "BANISH", "l1"))
        t.act({"type": "pass", "player": "alice"})
        assert t.influence("alice") == (21 if banish else 20)
        assert t.card("l1")["damage"] == (1 if banish else 0)
        assert t.audit_valid()


def test_delectable_boon_moves_the_next_x_damage_to_the_second_picked_card(client):
    """Delectable Boon: "COST: Choose a number for X. Pay X. Pick 2 characters, locations, and/or factions.
    EFFECT: The next X damage inflicted to the first picked card this turn is inflicted to the second
    picked card instead." (spoils.506.3, spoils.408.3, spoils.408.4): with X = 2, alice picks her Stalwart
    Soldier (3/3/3), then bob's faction; her Soldier attacks and is blocked by bob's Soldier: 2 of the 3
    damage go to bob's faction (23 influence) and her Soldier survives with 1 damage."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Delectable Boon"]}, icons={"alice": "GGGG"}))
    t.resolve("alice", "bob", _play("Delectable Boon", ["a1", "faction:bob"], x=2))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(blockers=["b1"])
    assert "b1" not in t.state()["cards"] and t.card("a1")["damage"] == 1
    assert t.influence("bob") == 23
    assert t.audit_valid()


def test_needless_beating_grows_as_the_opposing_influence_falls(client):
    """Needless Beating: "Inflict 2 damage to the character. If your opponent's faction has 15 influence or
    less, inflict 1 additional damage to the character. If ... 10 influence or less, inflict 1 damage to
    each character your opponent controls. If ... 5 influence or less, draw a card." (spoils.202.3,
    spoils.504.1, spoils.408.4): on bob's Stalwart Soldier (3/3/3), beside another Soldier: at 25 influence
    2 damage; at 15, 3 (destroyed); at 10, also 1 damage to the other Soldier; at 5, alice also draws."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    for influence, first, second, drawn in ((25, 2, 0, 0), (15, None, 0, 0), (10, None, 1, 0), (5, None, 1, 1)):
        faction = {"name": "bob's faction", "influence": influence, "starting_influence": 25}
        t = new_game(client, position(cards=cards, hands={"alice": ["Needless Beating"]}, icons={"alice": "RRRRRR"},
                                      factions={"bob": faction}))
        t.resolve("alice", "bob", _play("Needless Beating", "b1"))
        state = t.state()
        if first is None:
            assert "b1" not in state["cards"], influence
        else:
            assert state["cards"]["b1"]["damage"] == first, influence
        assert state["cards"]["b2"]["damage"] == second, influence
        assert state["players"]["alice"]["hand"] == drawn, influence
        assert t.audit_valid()


def test_armored_keep_keeps_its_controller_in_the_game_at_0_influence(client):
    """Armored Keep: "You do not lose the game because your faction has 0 influence." (spoils.101.1 over
    spoils.102.1, spoils.410.4): bob's Bask Bile inflicts 5 damage to alice's faction at 4 influence: it
    stays at 0 and alice, controlling the Keep, plays on (no winner); without the Keep bob wins."""
    for keep in (True, False):
        cards = {"k1": {"card": "Armored Keep", "controller": "alice"}} if keep else {}
        faction = {"name": "alice's faction", "influence": 4, "starting_influence": 25}
        t = new_game(client, position(cards=cards, hands={"bob": ["Bask Bile"]}, icons={"bob": "RRRRRRR"},
                                      active="bob", factions={"alice": faction}))
        t.resolve("bob", "alice", _play("Bask Bile", "faction:alice", player="bob"))
        state = t.state()
        assert state["players"]["alice"]["faction"]["influence"] == 0
        if keep:
            assert state["winner"] is None and "Armored Keep" in t.trace_text()
            t.act({"type": "end_turn", "player": "bob"})
        else:
            assert state["winner"]["player"] == "bob"
        assert t.audit_valid()


def test_limited_liability_lets_only_costs_destroy(client):
    """Limited Liability: "This turn, cards can only be destroyed by costs, and all inflicted damage is
    reduced to 0." (spoils.402.7a, spoils.408.2a, spoils.401.3): after it, alice's Crushing Usury ("Destroy
    the character. Your faction loses 3 influence.") leaves bob's Stalwart Soldier in play (alice still loses
    3), Target Practice's 2 damage is reduced to 0, but Cashier's Window's CASH IN ("COST: Destroy a character
    you control") still destroys alice's Soldier; without Limited Liability the Usury destroys bob's Soldier."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "w1": {"card": "Cashier's Window", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    hands = {"alice": ["Limited Liability", "Crushing Usury", "Target Practice"]}
    for liability in (True, False):
        t = new_game(client, position(cards=cards, hands=hands, icons={"alice": "GGGGGGRR"}))
        if liability:
            t.resolve("alice", "bob", _play("Limited Liability"))
        t.resolve("alice", "bob", _play("Crushing Usury", "b1"))
        assert t.influence("alice") == 22
        if not liability:
            assert "b1" not in t.state()["cards"] and t.audit_valid()
            continue
        assert "b1" in t.state()["cards"] and "spoils.402.7a" in t.trace_text()
        t.resolve("alice", "bob", _play("Target Practice", "b1"))
        assert t.card("b1")["damage"] == 0
        t.resolve("alice", "bob", _ability("w1", "CASH IN", "a1"))
        assert "a1" not in t.state()["cards"] and "Stalwart Soldier" in t.state()["players"]["alice"]["discard"]
        assert t.audit_valid()


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


def test_scorching_runicution_burns_the_character_wearing_the_gear(client):
    """Scorching Runicution: "COST: Pick a "gear" card. X is its numeric cost. EFFECT: Inflict X damage to
    the character the "gear" card is attached to. Destroy the "gear" card." (spoils.406.3, spoils.408.4,
    spoils.304.1): on the Lugubrious Finger Trap (numeric cost 3) attached to bob's Club Mau Bouncer
    (2/4/3): the Bouncer takes 3 damage and survives, the Trap goes to bob's discard pile."""
    cards = {"b1": {"card": "Club Mau Bouncer", "controller": "bob"},
             "g1": {"card": "Lugubrious Finger Trap", "controller": "bob", "attached_to": "b1"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Scorching Runicution"]}, icons={"alice": "EE"}))
    t.resolve("alice", "bob", _play("Scorching Runicution", "g1"))
    assert t.card("b1")["damage"] == 3 and "g1" not in t.state()["cards"]
    assert t.state()["players"]["bob"]["discard"] == ["Lugubrious Finger Trap"]
    assert t.audit_valid()


def test_smear_campaign_costs_the_wearer_s_controller_what_it_inflicts(client):
    """Smear Campaign: "ATTACH to Character. If the attached character inflicts damage, inflict the same
    amount of damage to the character's controller's faction." (spoils.503.1, spoils.408.3, spoils.408.7):
    alice's Stalwart Soldier (3/3/3) wearing it attacks bob unblocked: bob's faction loses 3, and so does
    alice's (22 each); blocked by bob's Soldier, alice's faction still loses 3 (her Soldier dies in the trade
    and the Campaign with it: the trigger reads the character as last known, spoils.engine.last-known);
    without the Campaign alice keeps her 25."""
    for smear, blocked in ((True, False), (True, True), (False, False)):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                 "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
        if smear:
            cards["s1"] = {"card": "Smear Campaign", "controller": "alice", "attached_to": "a1"}
        t = new_game(client, position(cards=cards))
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"] if blocked else [])
        assert t.influence("bob") == (25 if blocked else 22)
        assert t.influence("alice") == (22 if smear else 25), (smear, blocked)
        assert t.audit_valid()


def test_lugubrious_node_survives_the_destruction_of_the_other_nodes(client):
    """Lugubrious Node: "This card cannot be destroyed by the effects of "node" cards." (spoils.402.7a,
    spoils.engine.last-known): bob's Target Practice kills alice's Basic Node, whose "If this card is
    destroyed, destroy all other "node" cards." destroys her Hub Node but not the Lugubrious Node; bob's
    Precise Sabotage (not a node card) then destroys it."""
    cards = {"n1": {"card": "Basic Node", "controller": "alice"},
             "n2": {"card": "Hub Node", "controller": "alice"},
             "l1": {"card": "Lugubrious Node", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Target Practice", "Precise Sabotage"]},
                                  icons={"bob": "RREEE"}, active="bob"))
    t.resolve("bob", "alice", _play("Target Practice", "n1", player="bob"))
    assert set(t.state()["cards"]) == {"l1"} and "spoils.402.7a" in t.trace_text()
    t.resolve("bob", "alice", _play("Precise Sabotage", "l1", player="bob"))
    assert t.state()["cards"] == {} and "Lugubrious Node" in t.state()["players"]["alice"]["discard"]
    assert t.audit_valid()


def test_pony_slaystation_destroys_weak_characters_entering_under_the_opponent(client):
    """Pony Slaystation (structure 3): "When a character with 3 strength of less enters play under and
    opponent's control, destoy that character and inflict X damage to this card, where X is that
    character's strength." (spoils.503.1, spoils.304.1, spoils.408.5, spoils.engine.last-known): bob plays
    a Club Mau Bouncer (2 strength): it is destroyed and the Slaystation takes 2 damage; a Bouncer alice
    plays herself stays, and so does bob's A Series of Tubes (5 strength)."""
    cards = {"p1": {"card": "Pony Slaystation", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Club Mau Bouncer"]}, icons={"bob": "GGGG"},
                                  active="bob"))
    t.resolve("bob", "alice", _play("Club Mau Bouncer", player="bob"))
    state = t.state()
    assert set(state["cards"]) == {"p1"} and state["cards"]["p1"]["damage"] == 2
    assert state["players"]["bob"]["discard"] == ["Club Mau Bouncer"]
    assert t.audit_valid()
    u = new_game(client, position(cards=cards, hands={"alice": ["Club Mau Bouncer"]}, icons={"alice": "GGGG"}))
    u.resolve("alice", "bob", _play("Club Mau Bouncer"))
    assert len(u.state()["cards"]) == 2 and u.card("p1")["damage"] == 0
    assert u.audit_valid()
    v = new_game(client, position(cards=cards, hands={"bob": ["A Series of Tubes"]}, icons={"bob": "EEEEE"},
                                  active="bob"))
    v.resolve("bob", "alice", _play("A Series of Tubes", player="bob"))
    assert len(v.state()["cards"]) == 2 and v.card("p1")["damage"] == 0
    assert v.audit_valid()


def test_vander_malagut_takes_control_of_a_character_it_would_destroy(client):
    """Vander Malagut (5/7/6): "If a character is destroyed during a turn when this card damaged it, take
    control of that character instead. Reduce the amount of damage inflicted to it this turn to 0. It gains
    the "sarcophyle" subtype." and "All your other "sarcophyle" characters gain 1 speed." (spoils.506.1,
    spoils.506.6, spoils.101.1): Vander attacks and bob's Stalwart Soldier blocks; its 5 damage would
    destroy the Soldier: instead alice takes control of it, its damage goes back to 0, it becomes a
    "sarcophyle" and has speed 4 under Vander."""
    cards = {"v1": {"card": "Vander Malagut", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["v1"]})
    t.fight(blockers=["b1"])
    soldier = t.card("b1")
    assert (soldier["controller"], soldier["owner"], soldier["damage"]) == ("alice", "bob", 0)
    assert soldier["effective"]["speed"] == 4
    assert t.state()["players"]["bob"]["discard"] == []
    assert t.audit_valid()


def test_voidal_interference_sends_the_card_back_to_the_hand(client):
    """Voidal Interference: "COST: Play this only in response to a card being played. EFFECT: Terminate the
    card, but put it into its owner's hand instead of their discard pile. Its owner puts a card from their
    hand on the top of their deck." (spoils.314.1, spoils.506.1, spoils.402.2): alice plays a Stalwart
    Soldier; bob answers with Voidal Interference: the Soldier never enters play and is back in alice's
    hand, not her discard pile, and alice puts Pinch from her hand on top of her deck (hand 1, deck 31)."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier", "Pinch"], "bob": ["Voidal Interference"]},
                                  icons={"alice": "RRR", "bob": "OOO"}))
    t.act(_play("Stalwart Soldier"))
    t.resolve("bob", "alice", _play("Voidal Interference", player="bob", put=["Pinch"]))
    alice = t.state()["players"]["alice"]
    assert t.state()["cards"] == {} and alice["discard"] == []
    assert (alice["hand"], alice["deck"]) == (1, 31)
    assert alice["hand_cards"] == ["Stalwart Soldier"]
    assert t.audit_valid()


def test_two_headed_coin_reflips_a_lost_coin(client):
    """Two-Headed Coin: "If you lose a coin flip, you may shuffle this card into your deck. If you do,
    reflip that coin and draw a card instead." (spoils.506.1, spoils.engine.coin-flip): alice's Fwing!
    ("... Flip a coin. If you win, the character also gains 1 strength this turn.") on her Stalwart
    Soldier, the flip lost: with the Coin in play it goes into her deck, the reflip is won (the Soldier
    has 4 strength) and she draws a card; without it the Soldier stays at 3."""
    for coin in (True, False):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
        if coin:
            cards["c1"] = {"card": "Two-Headed Coin", "controller": "alice"}
        t = new_game(client, position(cards=cards, hands={"alice": ["Fwing!"]}, icons={"alice": "DD"}))
        t.resolve("alice", "bob", _play("Fwing!", "a1", coin="lose", reflip="win"))
        alice = t.state()["players"]["alice"]
        assert t.card("a1")["effective"]["strength"] == (4 if coin else 3)
        assert (alice["hand"], alice["deck"]) == ((1, 30) if coin else (0, 30))
        assert "c1" not in t.state()["cards"]
        assert t.audit_valid()


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


def test_top_secret_subterranean_goofarium_takes_no_damage_from_covert_characters(client):
    """Top-Secret Subterranean Goofarium (structure 4): "Characters with Cover cannot inflict damage to this
    card." (Covert, spoils.507.3; spoils.402.7, spoils.408.1): bob attacks it with his Sneaking Spitspider
    (Covert, 2 strength) and a Stalwart Soldier (3): only the Soldier's 3 damage is inflicted; attacked by
    two Soldiers (6 damage), it is destroyed."""
    for covert in (True, False):
        cards = {"l1": {"card": "Top-Secret Subterranean Goofarium", "controller": "alice"},
                 "b1": {"card": "Sneaking Spitspider" if covert else "Stalwart Soldier", "controller": "bob"},
                 "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
        t = new_game(client, position(cards=cards, active="bob"))
        t.act({"type": "attack", "player": "bob", "attackers": ["b1", "b2"], "target": "l1"})
        t.fight()
        if covert:
            assert t.card("l1")["damage"] == 3 and "spoils.402.7" in t.trace_text()
        else:
            assert "l1" not in t.state()["cards"]
        assert t.audit_valid()
