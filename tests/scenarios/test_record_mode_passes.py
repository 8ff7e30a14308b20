"""A stage ends only when every player of the window has passed in a row, whatever the mode
(``buffy.pass-consecutively``): a pass recorded out of turn with ``?mode=record`` followed by the
same player's pass does not end a fight stage the other player never passed in."""
from __future__ import annotations

from typing import Any

from tests.conftest import BUFFY, SPIKE, act, buffy_game, state


def _fight(client) -> str:
    gid = buffy_game(client, {"step": "conflict", "characters": {"spike": dict(SPIKE), "buffy": dict(BUFFY)}})
    started = act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"})
    assert started["state"]["phase"]["stage"] == "choose" and started["state"]["to_act"] == "p1"
    return gid


def _types(out: dict[str, Any]) -> list[str]:
    return [e["type"] for e in out["events"]]


def test_an_out_of_turn_pass_then_the_same_players_pass_does_not_end_the_stage(client):
    gid = _fight(client)
    recorded = act(client, gid, {"type": "pass", "player": "p2"}, mode="record")
    assert _types(recorded) == ["PlayerPassed"]
    assert recorded["state"]["phase"]["stage"] == "choose"
    assert recorded["state"]["consecutive_passes"] == 1 and recorded["state"]["to_act"] == "p1"
    # p2 again, out of turn once more: still only p2 has passed, so the stage goes on.
    again = act(client, gid, {"type": "pass", "player": "p2"}, mode="record")
    assert _types(again) == ["PlayerPassed"]
    assert again["state"]["phase"]["stage"] == "choose"
    assert again["state"]["consecutive_passes"] == 1 and again["state"]["to_act"] == "p1"
    # p1 passes in turn: now both players of the fight have passed in a row.
    closed = act(client, gid, {"type": "pass", "player": "p1"})
    assert _types(closed)[:2] == ["PlayerPassed", "StageStarted"]
    assert closed["state"]["phase"]["stage"] == "draw"


def test_enforce_mode_refuses_the_out_of_turn_pass_and_appends_nothing(client):
    gid = _fight(client)
    before = state(client, gid)
    refused = act(client, gid, {"type": "pass", "player": "p2"}, status=422)
    assert "buffy.one-card-at-a-time" in refused["rules"]
    assert state(client, gid) == before


def test_passes_in_turn_still_end_the_stage_after_both_players(client):
    gid = _fight(client)
    first = act(client, gid, {"type": "pass", "player": "p1"})
    assert first["state"]["phase"]["stage"] == "choose" and first["state"]["consecutive_passes"] == 1
    second = act(client, gid, {"type": "pass", "player": "p2"})
    assert second["state"]["phase"]["stage"] == "draw"


def test_the_out_of_turn_pass_is_recorded_as_a_violation_and_the_check_agrees(client):
    gid = _fight(client)
    act(client, gid, {"type": "pass", "player": "p2"}, mode="record")
    r = client.post(f"/games/{gid}/check", json={"action": {"type": "pass", "player": "p2"}})
    verdict = r.get_json()
    assert r.status_code == 200 and verdict["legal"] is False
    assert [e["type"] for e in verdict["events"]] == ["PlayerPassed"]
