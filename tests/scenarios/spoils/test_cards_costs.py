"""Issue 24, cards the hand-written scenarios had not met: extra costs, conditions, options and replacements
(spoils.401.3 an extra cost, spoils.307.2 a rules text chosen among options, spoils.506.1 "instead").  Each card
is played by name through the API; each test was written from the card's printed text and the rules, then
checks the cost paid or refused, the condition true and false, and where the card itself ends."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _p(t, player: str) -> dict:
    return t.state()["players"][player]


def test_early_retirement_draws_the_strength_of_the_character_it_destroys(client):
    """Early Retirement (tactic): pick a character alice controls, X its strength, destroy it (all costs); draw X.
    Her Brash Basher (6 strength) is destroyed and she draws 6 (spoils.306.3); bob's Stalwart Soldier cannot be
    picked (spoils.310.1: "you control")."""
    cards = {"a1": {"card": "Brash Basher", "controller": "alice"}, "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Early Retirement"]}, icons={"alice": "DDDDD"}))
    assert "spoils.310.1" in rule_ids(t.refuse(play_card("Early Retirement", "b1")))
    t.resolve("alice", "bob", play_card("Early Retirement", "a1"))
    alice = _p(t, "alice")
    assert "a1" not in t.state()["cards"] and "b1" in t.state()["cards"]
    assert alice["hand"] == 6 and sorted(alice["discard"]) == ["Brash Basher", "Early Retirement"]


def test_prehensile_pirate_removes_four_cards_of_its_players_discard_pile(client):
    """Prehensile Pirate (character): its COST removes 4 cards of alice's discard pile from the game (spoils.401.3,
    spoils.403.6a).  With 3 cards in the pile the play is refused (spoils.401.2); with 5, the 4 named leave for
    the removed zone, the fifth stays, and the Pirate enters play."""
    pile = ["Gnat", "Greed", "Rage", "Key Man", "Pinch"]
    t = new_game(client, _with_pile(position(hands={"alice": ["Prehensile Pirate"]}, icons={"alice": "GGGG"}), pile[:3]))
    assert "spoils.401.2" in rule_ids(t.refuse(play_card("Prehensile Pirate", pile[:3])))
    assert not t.named("Prehensile Pirate")
    u = new_game(client, _with_pile(position(hands={"alice": ["Prehensile Pirate"]}, icons={"alice": "GGGG"}), pile))
    u.resolve("alice", "bob", play_card("Prehensile Pirate", pile[:4]))
    alice = _p(u, "alice")
    assert u.named("Prehensile Pirate", "alice") and sorted(alice["removed"]) == sorted(pile[:4])
    assert alice["discard"] == ["Pinch"]


def _with_pile(setup: dict, pile: list[str]) -> dict:
    setup["players"]["alice"]["discard"] = list(pile)
    return setup


def test_snake_eyes_destroys_only_a_character_damaged_this_turn(client):
    """Snake Eyes (tactic): pick a character; if it has received damage this turn, destroy it; draw a card either
    way.  Bob's Stalwart Soldier, hit by Pinch's 1 damage first, is destroyed (spoils.304.1); his undamaged
    Soldier picked in another game stays; alice draws in both."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}, "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    for target, left in (("b1", ["b2"]), ("b2", ["b1", "b2"])):
        t = new_game(client, position(cards=cards, hands={"alice": ["Pinch", "Snake Eyes"]}, icons={"alice": "RRDDD"}))
        t.resolve("alice", "bob", play_card("Pinch", "b1"))
        assert t.card("b1")["damage"] == 1
        t.resolve("alice", "bob", play_card("Snake Eyes", target))
        assert sorted(t.state()["cards"]) == left and _p(t, "alice")["hand"] == 1


def test_essence_of_obsession_does_what_the_option_chosen_says_and_nothing_else(client):
    """Essence of Obsession (tactic): one of three options is its rules text (spoils.307.2).  Option 1: bob discards
    a card, no character changes; option 3: bob's Stalwart Soldier loses 2 strength this turn (1, then 3 again
    after the turn), and bob keeps his hand; an option 4 is refused (spoils.engine.rules-text-choice)."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Essence of Obsession"], "bob": ["Gnat", "Greed"]}, icons={"alice": "OO"})
    t = new_game(client, setup)
    assert "spoils.engine.rules-text-choice" in rule_ids(t.refuse(play_card("Essence of Obsession", option=4)))
    t.resolve("alice", "bob", play_card("Essence of Obsession", option=1))
    assert _p(t, "bob")["hand"] == 1 and t.card("b1")["effective"]["strength"] == 3
    u = new_game(client, setup)
    u.resolve("alice", "bob", play_card("Essence of Obsession", "b1", option=3))
    assert _p(u, "bob")["hand"] == 2 and u.card("b1")["effective"]["strength"] == 1
    u.end_turn("alice", "bob")
    assert u.card("b1")["effective"]["strength"] == 3


def test_otter_floss_becomes_a_face_down_resource_instead_of_a_discard(client):
    """Otter Floss (tactic): draw a card, put a card from hand on the bottom of the deck, and the Floss goes into
    play as a face-down resource instead of into the discard pile (spoils.506.1, spoils.411.1).  Alice draws Key
    Man, puts Gnat under her deck; her pile stays empty and a new face-down resource named Otter Floss is
    hers (one Volition more, unattached)."""
    t = new_game(client, position(hands={"alice": ["Otter Floss", "Gnat"]}, icons={"alice": "OOO"},
                                  decks={"alice": ["Key Man", "Rage"]}))
    t.act(play_card("Otter Floss"))
    t.act({"type": "pass", "player": "bob", "choices": {"drawn": ["Key Man"], "put": ["Gnat"]}})
    alice = _p(t, "alice")
    assert alice["discard"] == [] and alice["hand_cards"] == ["Key Man"]
    floss = [r for r in alice["resources"].values() if r.get("name") == "Otter Floss"]
    assert len(floss) == 1 and floss[0]["face_up"] is False and alice["unattached"] == 1
    assert len(alice["resources"]) == 4 and sorted(alice["deck_cards"]) == ["Gnat", "Rage"]
