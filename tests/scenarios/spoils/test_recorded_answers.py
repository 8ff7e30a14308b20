"""The same answers as recorded (issue 26): games from the shared real decks, and tables of 10 to 40
real characters entered directly, replayed action by action through the API; at every position
(several hundred) the state document and both players' legal actions equal what the engine answered
before the continuous effects were computed once per position and the legal actions generated
(``tests/golden/spoils_positions.json.gz``, recorded by ``python -m tests.scenarios.spoils.recorded_games``)."""
from __future__ import annotations

import pytest

from tests.scenarios.spoils.recorded_games import GOLDEN, load, replay
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

pytestmark = [needs_data, pytest.mark.skipif(not GOLDEN.exists(), reason="no recorded answers")]
GAMES = load() if GOLDEN.exists() else []


def _first_difference(got: object, want: object, where: str = "") -> str:
    """Where two documents first differ (a path into them), for a readable failure."""
    if isinstance(got, dict) and isinstance(want, dict):
        for key in sorted(set(got) | set(want)):
            if got.get(key) != want.get(key):
                return _first_difference(got.get(key), want.get(key), f"{where}.{key}")
    if isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        for i, (g, w) in enumerate(zip(got, want)):
            if g != w:
                return _first_difference(g, w, f"{where}[{i}]")
    return f"{where}: {str(got)[:300]} != {str(want)[:300]}"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=[f"{g['alice']} v {g['bob']}" for g in GAMES])
def test_every_position_answers_as_recorded(client, game):
    assert len(game["answers"]) >= 5
    for i, got in enumerate(replay(client, game["alice"], game["bob"], game["actions"])):
        want = game["answers"][i]
        assert got == want, f"position {i} after {game['actions'][i]}: {_first_difference(got, want)}"


def test_the_recording_covers_hundreds_of_positions_and_crowded_tables():
    positions = [a for g in GAMES for a in g["answers"]]
    assert len(positions) >= 300
    assert max(len(a["state"]["cards"]) for a in positions) >= 40
    played = {a["type"] for g in GAMES for a in g["actions"] if a}
    assert {"play_card", "attack", "block", "use_ability"} <= played
