"""A "you may" in The Spoils (spoils.engine.may-choice), through the API with Crest of Greed ("if a
card that provides at least [G] enters play under your control, you may pick a faction; if you do,
it gains 2 influence"): done or not as the action says."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _greed_played(client, choices: dict[str, object]):
    t = new_game(client, position(cards={"cg": {"card": "Crest of Greed", "controller": "alice"}},
                                  hands={"alice": ["Greed"]}, stage="develop"))
    t.act({"type": "play_resource", "player": "alice", "card": "Greed", "face_up": True, "choices": choices})
    return t


def test_a_may_declined_is_not_done(client):
    """spoils.engine.may-choice: alice says she does not (choices.may false): no faction gains anything."""
    t = _greed_played(client, {"may": False, "targets": ["faction:bob"]})
    assert (t.influence("alice"), t.influence("bob")) == (25, 25), "spoils.engine.may-choice"


def test_a_may_the_action_says_nothing_of_is_done(client):
    """spoils.engine.may-choice: the action names bob's faction and says nothing of the "may": it is
    done, and bob's faction gains 2."""
    t = _greed_played(client, {"targets": ["faction:bob"]})
    assert (t.influence("alice"), t.influence("bob")) == (25, 27), "spoils.engine.may-choice"
