"""A card that has just left play read as it last was (spoils.engine.last-known, the project's reading
of 402.4-402.5), through the API with Caboodling Gladhander, whose text destroys the character picked
for its cost and then reads that character's strength."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import types
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _gladhander_on(client, brute: dict):
    t = new_game(client, position(cards={"b1": brute}, hands={"alice": ["Caboodling Gladhander"]},
                                  icons={"alice": "GGGGGGG"}))
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Caboodling Gladhander",
                               "targets": ["b1"], "choices": {}})
    return t


def test_a_destroyed_characters_strength_is_read_as_it_last_was_in_play(client):
    """spoils.engine.last-known: "destroy that character; your opponent's faction gains X, where X is its
    strength": the Plodding Brute (5 strength, +2 this turn) is gone when X is read, so X is the 7 it
    had as it left play, not 0 and not its printed 5."""
    brute = {"card": "Plodding Brute", "controller": "bob",
             "modifiers": [{"strength": 2, "source": "Dragon Juice", "until": "turn"}]}
    t = _gladhander_on(client, brute)
    kinds = types(t.last)
    assert kinds.index("CardDestroyed") < kinds.index("InfluenceGained")
    assert not t.named("Plodding Brute") and t.influence("bob") == 32, "spoils.engine.last-known"


def test_the_printed_strength_when_nothing_changed_it(client):
    """spoils.engine.last-known: an unmodified Brute is read at its printed 5 as it last was."""
    t = _gladhander_on(client, {"card": "Plodding Brute", "controller": "bob"})
    assert t.influence("bob") == 30, "spoils.engine.last-known"
