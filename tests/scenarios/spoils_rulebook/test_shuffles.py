"""Shuffling in The Spoils read against rule 313: a deck cards go into is shuffled (313.1), and only
when at least one card went in (313.2), with real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _discommodiousness(client, bobs_hand: list[str]):
    t = new_game(client, position(hands={"alice": ["Discommodiousness"], "bob": bobs_hand}, icons={"alice": "EE"},
                                  decks={"bob": ["Greed", "Elitism", "Obsession"], "alice": ["Deception"]}))
    t.resolve("alice", "bob", play_card("Discommodiousness"))
    return t


def test_cards_shuffled_into_a_deck_join_it_and_the_deck_is_shuffled(client):
    """spoils.313.1: shuffling makes what is drawn next random.  Alice's Discommodiousness shows bob's
    hand and shuffles its one tactic (Redonkulous) into his deck: the card joins the deck and the
    deck is shuffled; bob then draws one card, which nobody could know in advance (it is not named)."""
    t = _discommodiousness(client, ["Redonkulous", "Rage"])
    moved = [e["data"] for e in t.last["events"] if e["type"] == "CardsMoved"]
    assert [(m["cards"], m["to"]) for m in moved] == [(["Redonkulous"], "deck_bottom")]
    assert "spoils.313.1" in cited(t.last)
    drawn = [e["data"] for e in t.last["events"] if e["type"] == "CardsDrawn" and e["data"]["player"] == "bob"]
    assert [(d["count"], d["cards"]) for d in drawn] == [(1, [])], "spoils.313.1"
    assert "Redonkulous" in t.state()["players"]["bob"]["deck_cards"]


def test_no_shuffle_when_no_card_went_into_the_deck(client):
    """spoils.313.2: told to shuffle cards into a deck, a player shuffles only if at least one card
    went in.  Bob's hand holds no tactic: nothing goes into his deck, and it is not shuffled."""
    t = _discommodiousness(client, ["Brash Basher", "Rage"])
    assert "CardsMoved" not in types(t.last)
    assert "spoils.313.2" in cited(t.last) and "spoils.313.1" not in cited(t.last)
    assert t.state()["players"]["bob"]["hand_cards"] == ["Brash Basher", "Rage"]
