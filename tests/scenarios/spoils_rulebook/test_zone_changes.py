"""What a card keeps when it changes zone in The Spoils (spoils.408.9, 409.2, 403.6a) and several
discards at once (spoils.305.2), through the API with real cards."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def test_a_card_back_from_the_hand_has_no_damage_and_no_tokens(client):
    """spoils.408.9 with spoils.409.2: alice's Creaky Old Swordsman has 1 damage and 2 tokens; Quotidian
    Assassination returns it to her hand, and played again it enters play with neither."""
    cards = {"c1": {"card": "Creaky Old Swordsman", "controller": "alice", "damage": 1, "tokens": 2}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Quotidian Assassination"]},
                                  icons={"alice": "OORRR"}))
    t.resolve("alice", "bob", play_card("Quotidian Assassination", "c1"))
    assert t.state()["players"]["alice"]["hand_cards"] == ["Creaky Old Swordsman"]
    t.resolve("alice", "bob", play_card("Creaky Old Swordsman"))
    (again,) = t.named("Creaky Old Swordsman", "alice")
    assert t.card(again)["damage"] == 0, "spoils.408.9"
    assert t.card(again)["tokens"] == 0, "spoils.409.2"


def test_a_card_removed_from_the_game_is_set_aside(client):
    """spoils.403.6a: Prestige Inversion removes bob's unique Montgomery Blatherscythe from the game: it
    is in neither play nor his discard pile, but among his removed cards."""
    t = new_game(client, position(cards={"m1": {"card": "Montgomery Blatherscythe", "controller": "bob"}},
                                  hands={"alice": ["Prestige Inversion"]}, icons={"alice": "GG"}))
    t.resolve("alice", "bob", play_card("Prestige Inversion", "m1"))
    bob = t.state()["players"]["bob"]
    assert "m1" not in t.state()["cards"] and bob["discard"] == [], "spoils.403.6a"
    assert bob["removed"] == ["Montgomery Blatherscythe"], "spoils.403.6a"


def test_two_cards_discarded_at_once_are_one_discard(client):
    """spoils.305.2: Stupidify makes bob discard 2 cards: both go to his discard pile at the same moment,
    as one discard of two cards."""
    t = new_game(client, position(hands={"alice": ["Stupidify"], "bob": ["Pinch", "Distraction"]},
                                  icons={"alice": "OOOO"}))
    t.resolve("alice", "bob", play_card("Stupidify"))
    discards = [e["data"] for e in t.last["events"] if e["type"] == "CardsDiscarded"]
    assert len(discards) == 1 and discards[0]["count"] == 2, "spoils.305.2"
    assert t.state()["players"]["bob"]["hand"] == 0 and "CardsDiscarded" in types(t.last)


def test_micromajig_tokens_are_1_1_3_majig_characters(client):
    """spoils.409.3a: bob's Crushing Usury destroys alice's Micromajig Shipping Container, which puts 5
    Micromajig tokens into play under her control: each a 1/1/3 Gearsmith character of the "majig"
    subtype."""
    t = new_game(client, position(active="bob", cards={"m1": {"card": "Micromajig Shipping Container",
                                                              "controller": "alice"}},
                                  hands={"bob": ["Crushing Usury"]}, icons={"bob": "GGGG"}))
    t.resolve("bob", "alice", play_card("Crushing Usury", "m1", player="bob"))
    tokens = [c for c in t.state()["cards"].values() if c.get("token")]
    assert len(tokens) == 5 and all(c["controller"] == "alice" for c in tokens), "spoils.409.3a"
    assert all((c["type"], c["effective"]["strength"], c["effective"]["life"], c["effective"]["speed"]) ==
               ("character", 1, 1, 3) and "majig" in c["subtypes"] for c in tokens), "spoils.409.3a"
