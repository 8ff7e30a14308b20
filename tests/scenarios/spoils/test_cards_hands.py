"""Issue 24, cards the hand-written scenarios had not met: draws, discards, milling and searches
(spoils.305.1 discarding, spoils.306.1 drawing, spoils.312.1 searching, spoils.312.2 a search may fail).
Each card is played by name through the API with known decks and hands; each test was written from the
card's printed text and the rules, then checks the exact cards moved, whose, and to where."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_choosing as _use
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _p(t, player: str) -> dict:
    return t.state()["players"][player]


def test_defenestrate_mills_two_of_the_opponents_deck_and_draws_one(client):
    """Defenestrate (tactic): the top 2 cards of the opponent's deck go to his discard pile, then alice draws a
    card (spoils.306.1).  The table names the cards milled (choices.milled, spoils.engine.hidden-choice) and
    the drawn one (choices.drawn): bob's Greed and Rage leave his deck for his discard pile, Gnat stays; alice
    draws Key Man; bob's hand is not touched.  A card bob's known deck does not hold is refused; unnamed,
    the two cards are still counted out of his deck."""
    decks = {"alice": ["Key Man", "Rage"], "bob": ["Greed", "Rage", "Gnat"]}
    setup = position(hands={"alice": ["Defenestrate"]}, icons={"alice": "DDD"}, decks=decks)
    t = new_game(client, setup)
    t.act(play_card("Defenestrate"))
    assert "spoils.engine.hidden-choice" in rule_ids(
        t.refuse({"type": "pass", "player": "bob", "choices": {"milled": ["Greed", "Pinch"], "drawn": ["Key Man"]}}))
    t.act({"type": "pass", "player": "bob", "choices": {"milled": ["Greed", "Rage"], "drawn": ["Key Man"]}})
    alice, bob = _p(t, "alice"), _p(t, "bob")
    assert sorted(bob["discard"]) == ["Greed", "Rage"] and bob["deck_cards"] == ["Gnat"] and bob["deck"] == 1
    assert alice["hand_cards"] == ["Key Man"] and alice["deck_cards"] == ["Rage"] and bob["hand"] == 0
    assert alice["discard"] == ["Defenestrate"]
    u = new_game(client, setup)
    u.resolve("alice", "bob", play_card("Defenestrate"))
    assert _p(u, "bob")["deck"] == 1 and _p(u, "alice")["hand"] == 1


def test_ritual_of_the_double_monkey_counts_the_obsession_alice_controls(client):
    """Ritual of the Double Monkey (tactic): the opponent discards a card, a second one if alice controls
    [O][O][O], a third at eight [O].  With one [O] bob discards 1 of his 4 cards; with three, 2
    (spoils.405.6: icons are counted, not spent); never 3 here."""
    for icons, discarded in (("O", 1), ("OOO", 2)):
        t = new_game(client, position(hands={"alice": ["Ritual of the Double Monkey"],
                                             "bob": ["Gnat", "Greed", "Rage", "Key Man"]}, icons={"alice": icons}))
        t.resolve("alice", "bob", play_card("Ritual of the Double Monkey"))
        assert (_p(t, "bob")["hand"], len(_p(t, "bob")["discard"])) == (4 - discarded, discarded)
        assert _p(t, "alice")["hand"] == 0


def test_ritual_of_the_shattering_teeth_discards_the_x_cards_alice_chose(client):
    """Ritual of the Shattering Teeth (tactic, cost 0): choose X, pay X+X; alice looks at bob's hand and chooses X
    or fewer cards, which he discards.  X = 1 (2 paid): Gnat, her choice, goes; Greed and Rage stay.  Two cards
    named for X = 1 cannot resolve: the play naming them is refused as it is made (spoils.engine.hidden-choice,
    checked when made: spoils.engine.choices-when-made), nothing is appended, and nothing is discarded."""
    hands = {"alice": ["Ritual of the Shattering Teeth"], "bob": ["Gnat", "Greed", "Rage"]}
    t = new_game(client, position(hands=hands, icons={"alice": "OOO"}))
    before = t.state()["position"]
    refused = t.refuse(play_card("Ritual of the Shattering Teeth", x=1, chosen=["Gnat", "Greed"]))
    assert "spoils.engine.hidden-choice" in rule_ids(refused)
    assert "spoils.engine.choices-when-made" in refused[0]["message"]
    assert t.state()["position"] == before
    assert t.state()["players"]["bob"]["hand"] == 3 and t.state()["players"]["bob"]["discard"] == []
    u = new_game(client, position(hands=hands, icons={"alice": "OOO"}))
    u.resolve("alice", "bob", play_card("Ritual of the Shattering Teeth", x=1, chosen=["Gnat"]))
    bob = _p(u, "bob")
    assert bob["discard"] == ["Gnat"] and sorted(bob["hand_cards"]) == ["Greed", "Rage"]
    assert _p(u, "alice")["unattached"] == 1


def test_cash_out_draws_x_plus_one_for_x_plus_x(client):
    """Cash Out (tactic, cost 0): choose X, pay X+X, draw X+1.  With 4 resources X = 2 draws 3 (spoils.306.3:
    together); with 3 resources X = 2 cannot be paid (spoils.309.1)."""
    t = new_game(client, position(hands={"alice": ["Cash Out"]}, icons={"alice": "GGG"}))
    assert "spoils.309.1" in rule_ids(t.refuse(play_card("Cash Out", x=2)))
    u = new_game(client, position(hands={"alice": ["Cash Out"]}, icons={"alice": "GGGG"}))
    u.resolve("alice", "bob", play_card("Cash Out", x=2))
    assert _p(u, "alice")["hand"] == 3 and _p(u, "alice")["deck"] == 27 and _p(u, "alice")["unattached"] == 0
    drawn = [e["data"]["count"] for e in u.events() if e["type"] == "CardsDrawn"]
    assert drawn == [3]


def test_imperial_thaumaturge_tickles_once_and_is_depleted(client):
    """Imperial Thaumaturge (character): TICKLE, pay 1 and deplete it: the opponent discards a card.  Bob goes
    from 2 cards to 1 (spoils.305.1); a second TICKLE the same turn is refused, the Thaumaturge being
    depleted (spoils.303.2)."""
    cards = {"x1": {"card": "Imperial Thaumaturge", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Gnat", "Greed"]}, icons={"alice": "OO"}))
    t.resolve("alice", "bob", _use("x1", "TICKLE"))
    assert _p(t, "bob")["hand"] == 1 and len(_p(t, "bob")["discard"]) == 1 and t.card("x1")["depleted"] is True
    assert "spoils.303.2" in rule_ids(t.refuse(_use("x1", "TICKLE")))


def test_karmic_cake_finds_a_resource_and_may_find_nothing(client):
    """Karmic Cake (tactic): search the deck for a resource, reveal it, put it in hand (spoils.312.1).  Greed is
    found and taken; naming Gnat (a character) takes nothing; finding nothing is allowed (spoils.312.2)."""
    for found, hand in (("Greed", ["Greed"]), ("Gnat", []), ([], [])):
        t = new_game(client, position(hands={"alice": ["Karmic Cake"]}, icons={"alice": "GG"},
                                      decks={"alice": ["Gnat", "Greed", "Rage"]}))
        t.resolve("alice", "bob", play_card("Karmic Cake", found=found))
        alice = _p(t, "alice")
        assert alice["hand_cards"] == hand and alice["deck"] == 3 - len(hand)
        assert "Gnat" in alice["deck_cards"]


def test_karmic_cake_recur_finds_only_a_staple_resource(client):
    """Karmic Cake's RECUR (used from the discard pile, pay 2, remove it from the game): search for a staple
    resource.  Rage is found; Exploitation, a resource but no staple (spoils.204.1 staple resources), is
    not taken; the Cake is removed from the game (spoils.403.6)."""
    for found, hand in (("Rage", ["Rage"]), ("Exploitation", [])):
        setup = position(icons={"alice": "GG"}, decks={"alice": ["Exploitation", "Rage"]})
        setup["players"]["alice"]["discard"] = ["Karmic Cake"]
        t = new_game(client, setup)
        t.resolve("alice", "bob", _use("Karmic Cake", "RECUR: [G]", found=found))
        alice = _p(t, "alice")
        assert alice["hand_cards"] == hand and alice["removed"] == ["Karmic Cake"] and alice["discard"] == []


def test_aristocratic_artificer_finds_only_a_card_named_elitism(client):
    """Aristocratic Artificer (character): SNUB, pay 1 and deplete it: search for a card named "Elitism", reveal it,
    put it in hand.  Elitism is found; Greed named instead is not taken."""
    cards = {"x1": {"card": "Aristocratic Artificer", "controller": "alice"}}
    for found, hand in (("Elitism", ["Elitism"]), ("Greed", [])):
        t = new_game(client, position(cards=cards, icons={"alice": "E"}, decks={"alice": ["Greed", "Elitism"]}))
        t.resolve("alice", "bob", _use("x1", "SNUB", found=found))
        assert _p(t, "alice")["hand_cards"] == hand and t.card("x1")["depleted"] is True


def test_arcane_research_puts_up_to_four_tactics_into_the_discard_pile(client):
    """Arcane Research (tactic): search for up to 4 tactics and put them into the discard pile.  Pinch and
    Perforate go from the deck to the pile, beside the Research itself; the character Gnat named with them
    is not taken."""
    deck = ["Pinch", "Gnat", "Perforate", "Greed"]
    t = new_game(client, position(hands={"alice": ["Arcane Research"]}, icons={"alice": "OO"}, decks={"alice": deck}))
    t.resolve("alice", "bob", play_card("Arcane Research", found=["Pinch", "Perforate"]))
    alice = _p(t, "alice")
    assert sorted(alice["discard"]) == ["Arcane Research", "Perforate", "Pinch"]
    assert sorted(alice["deck_cards"]) == ["Gnat", "Greed"] and alice["hand"] == 0
    u = new_game(client, position(hands={"alice": ["Arcane Research"]}, icons={"alice": "OO"}, decks={"alice": deck}))
    u.resolve("alice", "bob", play_card("Arcane Research", found=["Pinch", "Gnat"]))
    assert "Gnat" not in _p(u, "alice")["discard"] and "Gnat" in _p(u, "alice")["deck_cards"]


def test_assimilation_center_puts_the_character_found_on_top_of_the_deck(client):
    """Assimilation Center (location): RECRUIT, pay 1 and deplete it: search for a character, reveal it, put it on
    top of the deck (spoils.312.1).  Gnat is moved to the top (the deck's known names are not ordered, so the
    move is read off the log), the deck still holds 3 cards and the hand none; Greed named instead (no
    character) is not moved."""
    cards = {"l1": {"card": "Assimilation Center", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}, decks={"alice": ["Greed", "Rage", "Gnat"]}))
    t.resolve("alice", "bob", _use("l1", '"RECRUIT"', found="Gnat"))
    alice = _p(t, "alice")
    moved = [(e["data"]["cards"], e["data"]["to"]) for e in t.events() if e["type"] == "CardsMoved"]
    assert moved == [(["Gnat"], "deck_top")] and alice["deck"] == 3 and alice["hand"] == 0
    assert t.card("l1")["depleted"] is True
    u = new_game(client, position(cards=cards, icons={"alice": "RR"}, decks={"alice": ["Greed", "Rage", "Gnat"]}))
    u.resolve("alice", "bob", _use("l1", '"RECRUIT"', found="Greed"))
    assert not [e for e in u.events() if e["type"] == "CardsMoved" and e["data"]["cards"]]
