"""When effects loop forever with nobody able to stop them the game is a draw (414.1); the engine
counts a trigger resolving more than 20 times within one recorded action as such a loop
(spoils.engine.loop-bound). Played at an in-memory table with a made-up location whose trigger puts a
token into play each time a card enters play, so it sets itself off again."""
from __future__ import annotations

from adjudicator.spoils.rules.settling import TRIGGER_REPEAT_LIMIT
from events.models import spoils as E
from tests.scenarios.spoils.engine.tables import events_of, in_play, prepare_game

ECHO = {"name": "Echo Forge", "type": "location", "structure": 5,
        "triggers": [{"when": "card_enters_play", "name": "Echo", "effect": {"create_token": "micromajig"}}]}


def _echo_loop():
    t = prepare_game({"forge": in_play("p1", ECHO)})
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    t.act({"type": "pass", "player": "p2"})
    return t


def test_a_trigger_resolving_past_the_bound_ends_the_game_in_a_draw():
    """spoils.engine.loop-bound: the Echo resolves 20 times in the one pass that let the Recruit enter
    play; the 21st time, with no player decision in between, the game is drawn under 414.1."""
    t = _echo_loop()
    assert TRIGGER_REPEAT_LIMIT == 20, "spoils.engine.loop-bound"
    assert len(events_of(t, E.TriggerResolved)) == TRIGGER_REPEAT_LIMIT, "spoils.engine.loop-bound"
    drawn = events_of(t, E.GameDrawn)
    assert [d.rule for d in drawn] == ["spoils.414.1"], "spoils.engine.loop-bound"
    assert t.engine.status(t.state) == ("finished", {"player": None, "by": "draw"})


def test_the_tokens_made_before_the_bound_stay():
    """spoils.engine.loop-bound: what the loop did before it was called endless stands: one Micromajig
    token per resolution, beside the Recruit and the Forge."""
    t = _echo_loop()
    tokens = [c for c in t.state.cards.values() if c.token]
    assert len(tokens) == TRIGGER_REPEAT_LIMIT, "spoils.engine.loop-bound"
