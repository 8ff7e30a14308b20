"""Cards whose text the engine claimed to enforce but did not apply (round 3 of the pool rehearsal's
findings), played by name through the API: each test shows the card's text changing the game, and
cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data
DECK = ["Brash Basher", "Greed", "Dock Sentinel", "Elitism", "Anathematize"]


def _hand(t, player: str) -> list[str]:
    return list(t.state()["players"][player]["hand_cards"])


# ------------------------------------------------------------------------------ searches

def test_dowsing_cleric_puts_the_staple_resource_it_finds_into_the_hand(client):
    """Dowsing Cleric: "When this card enters or leaves play, you may search your deck for a staple
    resource, reveal it, and put it into your hand." spoils.312.1 (search, then shuffle),
    spoils.503.1 (the trigger): the Greed found goes from the deck to alice's hand, revealed."""
    t = new_game(client, position(hands={"alice": ["Dowsing Cleric"]}, icons={"alice": "GGGG"},
                                  decks={"alice": DECK}))
    t.act(_play("Dowsing Cleric", found="Greed"))
    t.act({"type": "pass", "player": "bob"})
    searched = [e["data"] for e in t.events() if e["type"] == "CardsSearched"]
    assert searched == [{"player": "alice", "cards": ["Greed"], "to": "hand", "revealed": True,
                         "source": "Dowsing Cleric", "rule": "spoils.312.1"}]
    assert _hand(t, "alice") == ["Greed"] and t.state()["players"]["alice"]["deck"] == len(DECK) - 1


def test_dowsing_cleric_finds_no_character(client):
    """Dowsing Cleric looks for a staple resource: a character named as found is not taken
    (spoils.312.1), nothing moves."""
    t = new_game(client, position(hands={"alice": ["Dowsing Cleric"]}, icons={"alice": "GGGG"},
                                  decks={"alice": DECK}))
    t.act(_play("Dowsing Cleric", found="Brash Basher"))
    t.act({"type": "pass", "player": "bob"})
    assert "CardsSearched" not in [e["type"] for e in t.events()] and _hand(t, "alice") == []


# ------------------------------------------------------------------------------ out of a discard pile

def test_grand_theft_all_puts_up_to_4_non_tactics_of_the_opponents_discard_pile_into_play(client):
    """Grand Theft All: "Put up to 4 non-tactic cards in your opponent's discard pile into play under
    your control." spoils.402.8 (put into play), spoils.310.1 (the cards named, choices.targets):
    bob's item and character come into play under alice's control; his tactic cannot be named."""
    setup = position(hands={"alice": ["Grand Theft All", "Grand Theft All"]}, icons={"alice": "DDDDDDDDDD"})
    setup["players"]["bob"]["discard"] = ["Index of Natural Forces", "Brash Basher", "Anathematize"]
    t = new_game(client, setup)
    t.act(_play("Grand Theft All", targets=[["Index of Natural Forces", "Anathematize"]]))
    assert "spoils.310.1" in _rules(t.refuse({"type": "pass", "player": "bob"}))
    t = new_game(client, setup)
    t.act(_play("Grand Theft All", targets=[["Index of Natural Forces", "Brash Basher"]]))
    t.act({"type": "pass", "player": "bob"})
    taken = {c["name"]: (c["controller"], c["owner"]) for c in t.state()["cards"].values()}
    assert taken == {"Index of Natural Forces": ("alice", "bob"), "Brash Basher": ("alice", "bob")}
    assert t.state()["players"]["bob"]["discard"] == ["Anathematize"]


def test_writ_of_reclamation_removes_x_cards_of_the_discard_pile_and_shuffles_the_other_x_in(client):
    """Writ of Reclamation: "COST: Choose a number for X that is 3 or less. Remove X cards in your
    discard pile from the game. Pick X other cards in your discard pile. EFFECT: Shuffle the other
    cards into your deck. Draw a card." spoils.401.2 (the cards the cost removes are chosen: X of
    them, none in play), spoils.403.6a (removed from the game), spoils.313.2 (shuffled into the deck).
    The cost once removed every card in play instead."""
    setup = position(cards={"a1": {"card": "Agile Highwayman", "controller": "alice"},
                            "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}},
                     hands={"alice": ["Writ of Reclamation"]}, icons={"alice": "GGGG"}, decks={"alice": DECK})
    setup["players"]["alice"]["discard"] = ["Brash Basher", "Costly Filcher", "Anathematize", "Time Portal", "Pinch"]
    t = new_game(client, setup)
    assert "spoils.401.2" in _rules(t.refuse(_play("Writ of Reclamation", ["Brash Basher"], ["Anathematize", "Time Portal"],
                                                   x=2)))
    t.act(_play("Writ of Reclamation", ["Brash Basher", "Costly Filcher"], ["Anathematize", "Time Portal"], x=2))
    assert sorted(t.state()["cards"]) == ["a1", "b1"]
    t.act({"type": "pass", "player": "bob"})
    alice = t.state()["players"]["alice"]
    assert alice["removed"] == ["Brash Basher", "Costly Filcher"]
    assert alice["discard"] == ["Pinch", "Writ of Reclamation"]
    assert alice["deck"] == len(DECK) + 2 - 1 and alice["hand"] == 1


def test_warehouse_raid_puts_the_item_discarded_at_random_into_play_under_its_player(client):
    """Warehouse Raid: "COST: Flip a coin. If you win, X is 2. Otherwise, X is 1. EFFECT: Your
    opponent discards X cards at random. Put any items discarded this way into play under your
    control." spoils.305.1 (discarded: the cards the action records, choices.discarded),
    spoils.402.8 (put into play): bob's item comes into play under alice's control; his character,
    discarded the same way, stays in his discard pile."""
    for discarded, taken in (["Index of Natural Forces"], {"Index of Natural Forces": "alice"}), (["Brash Basher"], {}):
        t = new_game(client, position(hands={"alice": ["Warehouse Raid"], "bob": ["Index of Natural Forces", "Brash Basher"]},
                                      icons={"alice": "DDDD"}))
        t.act(_play("Warehouse Raid", coin="lose", discarded=discarded))
        t.act({"type": "pass", "player": "bob"})
        assert {c["name"]: c["controller"] for c in t.state()["cards"].values()} == taken
        assert t.state()["players"]["bob"]["discard"] == ([] if taken else discarded)


# ------------------------------------------------------------------------------ "if you do ... otherwise"

def test_roulette_wheel_of_doom_destroys_a_character_within_the_revealed_cost_or_draws_2(client):
    """Roulette Wheel of DOOM!: "Reveal the top card of your deck. You may pick a character with X
    life or less, where X is the numeric cost of the revealed card. If you do, destroy that
    character. Otherwise, draw 2 cards." spoils.406.3 (X read off the revealed card, choices.revealed),
    spoils.310.1, spoils.304.1: Brash Basher revealed (cost 5), Creaky Old Swordsman (life 2) is
    destroyed and alice draws nothing; Pinch revealed (cost 1), he cannot be picked; without a pick
    alice draws 2 instead."""
    def game(top: str):
        return new_game(client, position(cards={"b1": {"card": "Creaky Old Swordsman", "controller": "bob"}},
                                         hands={"alice": ["Roulette Wheel of DOOM!"]}, icons={"alice": "DDDD"},
                                         decks={"alice": [top, "Greed", "Elitism"]}))
    t = game("Brash Basher")
    t.act(_play("Roulette Wheel of DOOM!", revealed="Brash Basher", targets=["b1"]))
    t.act({"type": "pass", "player": "bob"})
    assert "b1" not in t.state()["cards"] and t.state()["players"]["alice"]["hand"] == 0
    t = game("Pinch")
    t.act(_play("Roulette Wheel of DOOM!", revealed="Pinch", targets=["b1"]))
    assert "spoils.310.1" in _rules(t.refuse({"type": "pass", "player": "bob"}))
    t = game("Pinch")
    t.act(_play("Roulette Wheel of DOOM!", revealed="Pinch"))
    t.act({"type": "pass", "player": "bob"})
    assert "b1" in t.state()["cards"] and t.state()["players"]["alice"]["hand"] == 2


def test_dragon_tank_destroys_itself_only_when_no_character_is_picked(client):
    """Dragon Tank: "At the start of your turn, you may pick a character your opponent controls. If
    you do, destroy it. Otherwise, destroy this card." spoils.503.1 (the trigger), spoils.304.1:
    with a pick (choices.targets of the action that starts alice's turn) bob's character is destroyed
    and the tank stays; without one, the tank is destroyed.  It once destroyed itself either way."""
    for targets, left in ((["b1"], ["x1"]), (None, ["b1"])):
        t = new_game(client, position(active="bob", cards={"x1": {"card": "Dragon Tank", "controller": "alice"},
                                                           "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}))
        t.act({"type": "end_turn", "player": "bob"})
        t.act({"type": "pass", "player": "alice", **({"choices": {"targets": targets}} if targets else {})})
        assert sorted(t.state()["cards"]) == left


def test_contriving_engineer_puts_the_elitism_it_finds_into_play_as_a_spent_resource(client):
    """Contriving Engineer: "When this card enters play, you may search your deck for a card named
    "Elitism" and reveal it. If you do, put it into play. Attach it to your faction." spoils.312.1,
    spoils.402.8 (put into play: a resource card becomes a resource of alice's, 605), spoils.309.1
    (attached to the faction: spent this turn).  It once entered play as a card among the characters."""
    t = new_game(client, position(hands={"alice": ["Contriving Engineer"]}, icons={"alice": "EEEE"},
                                  decks={"alice": DECK}))
    t.act(_play("Contriving Engineer", found="Elitism"))
    t.act({"type": "pass", "player": "bob"})
    assert [c["name"] for c in t.state()["cards"].values()] == ["Contriving Engineer"]
    resources = t.state()["players"]["alice"]["resources"]
    new = [r for rid, r in resources.items() if not rid.startswith("alice.")]
    assert len(resources) == 5 and new == [{**new[0], "name": "Elitism", "face_up": True, "icons": "E", "attached": True}]
    assert t.state()["players"]["alice"]["deck"] == len(DECK) - 1


def test_ipsighast_removes_the_character_picked_in_the_opponents_discard_pile_from_the_game(client):
    """Ipsighast, the Lustful: "EXHUMATION COST: Pay 3. Pick a character in an opponent's discard
    pile. EFFECT: Remove that character from the game. This turn, this card gains COVERT. You may put
    the top 3 cards of that opponent's deck into their discard pile." spoils.310.1 (the pick, in
    targets), spoils.403.6a (removed from the game): Brash Basher leaves bob's discard pile for good;
    it once stayed there."""
    setup = position(cards={"x1": {"card": "Ipsighast, the Lustful", "controller": "alice"}}, icons={"alice": "OOOO"},
                     decks={"bob": DECK})
    setup["players"]["bob"]["discard"] = ["Brash Basher", "Anathematize"]
    t = new_game(client, setup)
    t.act({"type": "use_ability", "player": "alice", "card": "x1", "ability": "EXHUMATION", "targets": ["Brash Basher"],
           "choices": {"may": False}})
    t.act({"type": "pass", "player": "bob"})
    bob = t.state()["players"]["bob"]
    assert bob["discard"] == ["Anathematize"] and bob["removed"] == ["Brash Basher"]
    assert "covert" in t.card("x1")["effective"]["keywords"]


# ------------------------------------------------------------------------------ a card being played

def test_high_priest_of_thabbash_terminates_a_character_being_played_for_a_discarded_character(client):
    """High-Priest of Thabbash: "NEGATE COST: Pay 2. Deplete this card. Discard a card. Pick a card
    being played of the same type as the discarded card. EFFECT: Terminate the card being played."
    spoils.403.3 (a card being played), spoils.310.1 (picked by its id), spoils.314.1 (terminated):
    discarding a tactic cannot pick bob's character; discarding a character can, and the character
    never enters play.  No card being played could be picked before."""
    t = new_game(client, position(active="bob", cards={"x1": {"card": "High-Priest of Thabbash", "controller": "alice"}},
                                  hands={"alice": ["Brash Basher", "Pinch"], "bob": ["Creaky Old Swordsman"]},
                                  icons={"alice": "OOOO", "bob": "RRRR"}))
    t.act(_play("Creaky Old Swordsman", player="bob"))
    negate = {"type": "respond", "player": "alice", "source": "x1", "ability": "NEGATE", "targets": ["c1"]}
    assert "spoils.310.1" in _rules(t.refuse({**negate, "choices": {"discarded": ["Pinch"]}}))
    t.act({**negate, "choices": {"discarded": ["Brash Basher"]}})
    assert "PlayTerminated" in t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert sorted(s["cards"]) == ["x1"] and s["players"]["bob"]["discard"] == ["Creaky Old Swordsman"]
    assert s["players"]["alice"]["discard"] == ["Brash Basher"] and s["pending"] == []


# ------------------------------------------------------------------------------ what the pool table cannot show

def test_node_cards_grow_with_the_other_nodes_and_go_down_together(client):
    """Hub Node: "... This card gains 1 strength and 1 life for each other "node" card in play." and
    Basic Node: "If this card is destroyed, destroy all other "node" cards." spoils.503.1 (the trigger),
    spoils.304.1: Hub Node counts the two other nodes (both players'), not itself (it once did); Pinch
    destroys alice's Basic Node, which takes Hub Node and bob's Basic Node with it; bob's Swordsman
    stays."""
    cards = {"n1": {"card": "Basic Node", "controller": "alice"}, "n2": {"card": "Hub Node", "controller": "alice"},
             "n3": {"card": "Basic Node", "controller": "bob"}, "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Pinch"]}, icons={"alice": "RRRRR"}))
    hub = t.card("n2")["effective"]
    assert (hub["strength"], hub["life"]) == (4, 4)  # printed 2/2, itself not counted
    t.act(_play("Pinch", "n1"))
    t.act({"type": "pass", "player": "bob"})
    assert sorted(t.state()["cards"]) == ["b1"]


def test_crest_of_rage_puts_the_character_it_finds_on_top_of_the_deck(client):
    """Crest of Rage: "If a card that provides at least [R] enters play under your control, you may
    search your deck for a character and reveal it. If you do, put it on top of your deck." spoils.311.1
    (provides), spoils.312.1 (search): alice plays Rage in her develop step, finds Brash Basher and puts
    it on top of her deck (CardsMoved, deck to its top); a tactic named as found is not taken."""
    for found, moved in (("Brash Basher", [["Brash Basher"]]), ("Anathematize", [])):
        t = new_game(client, position(cards={"x1": {"card": "Crest of Rage", "controller": "alice"}},
                                      hands={"alice": ["Rage"]}, stage="develop", decks={"alice": DECK}))
        t.act({"type": "play_resource", "player": "alice", "card": "Rage", "face_up": True, "choices": {"found": found}})
        assert [e["data"]["cards"] for e in t.events() if e["type"] == "CardsMoved"
                and e["data"]["to"] == "deck_top"] == moved


# ------------------------------------------------------------------------------ "of the same type as ..."

def test_workshop_finds_only_a_card_of_the_type_of_the_removed_card(client):
    """Workshop: "CONSTRUCT COST: Pay 3. Remove a card in your discard pile from the game. EFFECT: You
    may search your deck for a card of the same type as the removed card and reveal it. If you do,
    put it on the top of your deck." spoils.403.6a, spoils.312.1: a character removed, the location
    named as found is not taken (it once was); a character is, and goes on top of the deck."""
    for found, moved in (("Time Portal", []), ("Dock Sentinel", [["Dock Sentinel"]])):
        setup = position(cards={"x1": {"card": "Workshop", "controller": "alice"}}, icons={"alice": "EEEE"},
                         decks={"alice": ["Time Portal", "Dock Sentinel", "Greed"]})
        setup["players"]["alice"]["discard"] = ["Brash Basher"]
        t = new_game(client, setup)
        t.act({"type": "use_ability", "player": "alice", "card": "x1", "ability": "CONSTRUCT", "targets": ["Brash Basher"],
               "choices": {"found": found}})
        t.act({"type": "pass", "player": "bob"})
        assert [e["data"]["cards"] for e in t.events() if e["type"] == "CardsMoved"] == moved
        assert t.state()["players"]["alice"]["removed"] == ["Brash Basher"]


def test_perturb_returns_only_a_card_of_the_type_of_the_discarded_card(client):
    """Perturb: "Look at your opponent's hand and pick a non-resource card in it. Your opponent discards
    that card. You may pick a card of the same type as the discarded card. If you do, put it into its
    owner's hand." spoils.305.1, spoils.310.1: bob discards his character; bob's item cannot be picked
    (it once could), his character can and goes back to his hand."""
    def game():
        return new_game(client, position(cards={"b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
                                                "bi": {"card": "Index of Natural Forces", "controller": "bob"}},
                                         hands={"alice": ["Perturb"], "bob": ["Brash Basher", "Pinch"]},
                                         icons={"alice": "OOOOOOOO"}))
    t = game()
    t.act(_play("Perturb", chosen="Brash Basher", targets=["bi"]))
    assert "spoils.310.1" in _rules(t.refuse({"type": "pass", "player": "bob"}))
    t = game()
    t.act(_play("Perturb", chosen="Brash Basher", targets=["b1"]))
    t.act({"type": "pass", "player": "bob"})
    bob = t.state()["players"]["bob"]
    assert sorted(t.state()["cards"]) == ["bi"] and bob["discard"] == ["Brash Basher"]
    assert sorted(bob["hand_cards"]) == ["Creaky Old Swordsman", "Pinch"]


def test_meager_research_and_the_ominous_urn_find_a_card_of_the_type_revealed_or_discarded(client):
    """Meager Research: "Reveal the top card of your opponent's deck. Put it into their hand. You may
    search your deck for a card of the same type as the card and reveal it. If you do, put it into
    your hand." Ritual of the Ominous Urn: "Your opponent discards a card. You may search your deck
    for a card of the same type as the discarded card ..." spoils.312.1: bob's character revealed
    (discarded), alice's staple named as found is not taken; her character is."""
    for found, taken in (("Greed", []), ("Dock Sentinel", ["Dock Sentinel"])):
        t = new_game(client, position(hands={"alice": ["Meager Research"]}, icons={"alice": "EEEEEEEE"},
                                      decks={"alice": ["Greed", "Dock Sentinel"], "bob": ["Brash Basher", "Elitism"]}))
        t.act(_play("Meager Research", revealed="Brash Basher", found=found))
        t.act({"type": "pass", "player": "bob"})
        assert _hand(t, "alice") == taken and _hand(t, "bob") == ["Brash Basher"]
        t = new_game(client, position(hands={"alice": ["Ritual of the Ominous Urn"], "bob": ["Brash Basher"]},
                                      icons={"alice": "OOOOOOOO"}, decks={"alice": ["Greed", "Dock Sentinel"]}))
        t.act(_play("Ritual of the Ominous Urn", discarded=["Brash Basher"], found=found))
        t.act({"type": "pass", "player": "bob"})
        assert _hand(t, "alice") == taken and t.state()["players"]["bob"]["discard"] == ["Brash Basher"]


# ------------------------------------------------------------------------------ divided tokens, "it" after taking control

def test_voidal_perversion_divides_up_to_2_tokens_between_the_picked_cards(client):
    """Voidal Perversion: "COST: Pick 2 or fewer non-resource cards. EFFECT: Put up to 2 tokens divided
    however you want on the cards. Draw a card." spoils.402.1 (the split the action gives,
    choices.divided), spoils.409.1 (tokens): one token on each card (each once got 2); a split of 3 is
    refused."""
    cards = {"a1": {"card": "Agile Highwayman", "controller": "alice"}, "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    def game():
        return new_game(client, position(cards=cards, hands={"alice": ["Voidal Perversion"]}, icons={"alice": "OOOO"}))
    t = game()
    t.act(_play("Voidal Perversion", ["a1", "b1"], divided={"a1": 2, "b1": 1}))
    assert "spoils.402.1" in _rules(t.refuse({"type": "pass", "player": "bob"}))
    t = game()
    t.act(_play("Voidal Perversion", ["a1", "b1"], divided={"a1": 1, "b1": 1}))
    t.act({"type": "pass", "player": "bob"})
    assert t.card("a1")["tokens"] == 1 and t.card("b1")["tokens"] == 1


def test_yoink_takes_the_gear_and_attaches_it_to_the_character(client):
    """Yoink!: "COST: Pick a "gear" card. Pick a character. EFFECT: Take control of the "gear" card.
    Attach it to the character." spoils.407.3 (control), spoils.507.2 (attach): bob's Vorpal Sword
    becomes alice's, attached to her Highwayman ("it" is the gear card, not the character picked last:
    it once stayed unattached)."""
    t = new_game(client, position(cards={"g1": {"card": "Vorpal Sword", "controller": "bob"},
                                         "a1": {"card": "Agile Highwayman", "controller": "alice"}},
                                  hands={"alice": ["Yoink!"]}, icons={"alice": "DDDD"}))
    t.act(_play("Yoink!", "g1", "a1"))
    t.act({"type": "pass", "player": "bob"})
    sword = t.card("g1")
    assert sword["controller"] == "alice" and sword["attached_to"] == "a1"


def test_trip_wire_divides_up_to_3_damage_among_the_attacking_characters(client):
    """Trip Wire: "COST: Play this only while you are being attacked. EFFECT: Inflict up to 3 damage
    divided however you want to the attacking characters." spoils.402.1 (the split, choices.divided),
    spoils.408.4: bob attacks with two characters; 2 damage destroy his Swordsman (life 2), 1 lands on
    his Dock Sentinel.  "The attacking characters" once named no card, so no split could be given."""
    t = new_game(client, position(active="bob", cards={"b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
                                                       "b2": {"card": "Dock Sentinel", "controller": "bob"}},
                                  hands={"alice": ["Trip Wire"]}, icons={"alice": "RRRRRRRR"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1", "b2"]})
    wire = _play("Trip Wire", divided={"b1": 2, "b2": 1})
    for _ in range(5):
        if t.state()["to_act"] == "alice" and t.check(wire).get("legal"):
            break
        who = t.state()["to_act"]
        t.act({"type": "block", "player": who, "blockers": []} if "block" in t.legal(who) else {"type": "pass", "player": who})
    t.act(wire)
    t.act({"type": "pass", "player": "bob"})
    assert {cid: c["damage"] for cid, c in t.state()["cards"].items()} == {"b2": 1}


# ------------------------------------------------------------------------------ choices the pool table does not give

def test_verrucose_brains_returns_the_cheapest_character_the_tie_chosen(client):
    """Verrucose Brains: "At the end of each turn, put the character with the lowest numeric cost into
    its owner's hand. If there is a tie, you decide which character is affected." spoils.503.1,
    spoils.engine.tie-choice: alice's and bob's characters both cost 3; the action ending the turn
    names bob's (choices.tie), which goes to bob's hand; without a choice the step is refused."""
    t = new_game(client, position(active="bob", cards={"x1": {"card": "Verrucose Brains", "controller": "alice"},
                                                       "a1": {"card": "Agile Highwayman", "controller": "alice"},
                                                       "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}))
    t.act({"type": "end_turn", "player": "bob"})
    assert "spoils.engine.tie-choice" in _rules(t.refuse({"type": "pass", "player": "alice"}))
    t.act({"type": "pass", "player": "alice", "choices": {"tie": "b1"}})
    assert sorted(t.state()["cards"]) == ["a1", "x1"] and _hand(t, "bob") == ["Creaky Old Swordsman"]


def test_cannon_squadron_divides_up_to_2_damage_among_the_picked_characters(client):
    """Cannon Squadron: "FIRE! COST: Deplete this card. Pick 2 or fewer characters. EFFECT: Inflict up
    to 2 damage divided however you want to the characters." spoils.402.1 (choices.divided), spoils.408.4:
    one damage to each of bob's characters; a split naming a card not picked is refused."""
    cards = {"x1": {"card": "Cannon Squadron", "controller": "alice"},
             "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}, "b2": {"card": "Dock Sentinel", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    fire = {"type": "use_ability", "player": "alice", "card": "x1", "ability": "FIRE!", "targets": [["b1", "b2"]]}
    assert "spoils.402.1" in _rules(t.refuse({**fire, "choices": {"divided": {"x1": 2}}}))  # as it is used
    t = new_game(client, position(cards=cards))
    t.act({**fire, "choices": {"divided": {"b1": 1, "b2": 1}}})
    t.act({"type": "pass", "player": "bob"})
    assert t.card("b1")["damage"] == 1 and t.card("b2")["damage"] == 1
