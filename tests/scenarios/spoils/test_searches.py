"""Choices and hidden information: where a card makes a player search a deck, choose whether to do
something ("you may"), choose X or flip a coin, the action carries what happened; the engine checks
it where it can (the card found fits what the text looks for, and is in the deck when the judge
knows the deck) and records it in the log either way.  Every test cites the rules and the card."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _play(card: str, *targets, **choices) -> dict:
    return {"type": "play_card", "player": "alice", "card": card, "targets": list(targets), "choices": choices}


def test_keen_stratagem_puts_the_staple_resource_found_into_the_hand(client):
    """Keen Stratagem (tactic): "Search your deck for a staple resource and reveal it. Put it into your
    hand." The action names the card found (choices.found); it moves from the known deck to the hand
    (spoils.312.1: searching, the deck shuffled after)."""
    t = new_game(client, position(hands={"alice": ["Keen Stratagem"]}, icons={"alice": "G"},
                                  decks={"alice": ["Greed", "Extortify", "Rage"]}))
    t.resolve("alice", "bob", _play("Keen Stratagem", found="Rage"))
    p = t.state()["players"]["alice"]
    assert p["hand_cards"] == ["Rage"] and p["deck"] == 2 and "Rage" not in p["deck_cards"]
    searched = [e for e in t.events() if e["type"] == "CardsSearched"]
    assert searched and searched[0]["data"]["revealed"] is True and searched[0]["data"]["source"] == "Keen Stratagem"


def test_keen_stratagem_does_not_take_a_card_that_is_not_a_staple_resource(client):
    """Keen Stratagem: a tactic named as found is not "a staple resource": nothing is taken, and the
    trace says so for the judge (spoils.312.1, spoils.engine.script-judge)."""
    t = new_game(client, position(hands={"alice": ["Keen Stratagem"]}, icons={"alice": "G"},
                                  decks={"alice": ["Greed", "Extortify"]}))
    t.resolve("alice", "bob", _play("Keen Stratagem", found="Extortify"))
    p = t.state()["players"]["alice"]
    assert p["hand"] == 0 and p["deck"] == 2
    assert "Extortify is not a staple resource" in t.trace_text()


def test_keen_stratagem_cannot_find_a_card_the_known_deck_lacks(client):
    """Keen Stratagem: when the judge recorded the whole deck, a card not in it cannot be found
    (spoils.312.1): Obsession is not taken."""
    t = new_game(client, position(hands={"alice": ["Keen Stratagem"]}, icons={"alice": "G"},
                                  decks={"alice": ["Greed"]}))
    t.resolve("alice", "bob", _play("Keen Stratagem", found="Obsession"))
    assert t.state()["players"]["alice"]["hand"] == 0


def test_servile_centipede_may_search_for_a_tactic_when_it_enters_play(client):
    """Servile Centipede: "When this card enters play, you may search your deck for a tactic and
    reveal it. If you do, put it into your hand." The pass that resolves it carries the choices
    (spoils.engine.may-choice, spoils.503.1, spoils.312.1)."""
    t = new_game(client, position(hands={"alice": ["Servile Centipede"]}, icons={"alice": "OOOO"},
                                  decks={"alice": ["Extortify", "Greed"]}))
    t.act({"type": "play_card", "player": "alice", "card": "Servile Centipede"})
    t.act({"type": "pass", "player": "bob", "choices": {"may": True, "found": "Extortify"}})
    assert t.state()["players"]["alice"]["hand_cards"] == ["Extortify"]


def test_i_got_the_gear_declined_finds_nothing(client):
    """I Got the Gear! (tactic): "You may search your deck for a "gear" card and reveal it. If you do,
    put it into your hand." Declined (choices.may false): nothing moves (spoils.engine.may-choice)."""
    t = new_game(client, position(hands={"alice": ["I Got the Gear!", "I Got the Gear!"]}, icons={"alice": "EE"},
                                  decks={"alice": ["Fat Pants", "Greed"]}))
    t.resolve("alice", "bob", _play("I Got the Gear!", may=False, found="Fat Pants"))
    assert t.state()["players"]["alice"]["deck"] == 2
    t.resolve("alice", "bob", _play("I Got the Gear!", found="Fat Pants"))
    assert t.state()["players"]["alice"]["hand_cards"] == ["Fat Pants"]
    assert t.audit_valid()
