"""Limits and hygiene: body size (413 problem+json), one structured JSON log line per request,
record mode in the audit and the state after it, a recorded append that replays after a restart."""
from __future__ import annotations

import json
import logging

from api import create_app
from tests.conftest import SPIKE, act, buffy_game, state

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[dict] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(json.loads(record.getMessage()))


def test_a_body_over_the_limit_is_413_problem_json_and_appends_nothing():
    client = create_app({"DATABASE_URL": "memory://", "MAX_CONTENT_LENGTH": 2000, "REQUEST_LOG": "0"}).test_client()
    gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    r = client.post(f"/games/{gid}/actions", json={**TICK, "note": "x" * 5000})
    assert r.status_code == 413 and r.mimetype == "application/problem+json"
    assert r.get_json()["type"] == "/problems/payload-too-large"
    assert client.get(f"/games/{gid}").get_json()["position"] == 1


def test_one_json_line_per_request():
    lines = Lines()
    logger = logging.getLogger("adjudicator.requests")
    logger.addHandler(lines)
    try:
        client = create_app({"DATABASE_URL": "memory://"}).test_client()
        made = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]},
                           headers={"X-Forwarded-For": "203.0.113.9"})
        gid = made.get_json()["id"]
        client.post(f"/games/{gid}/actions", json=TICK)
        client.get(f"/games/{gid}/state?at=99")
        client.post(f"/games/{gid}/actions", data="{nope", content_type="application/json")
    finally:
        logger.removeHandler(lines)
    assert [(x["method"], x["status"]) for x in lines.lines] == [("POST", 201), ("POST", 201), ("GET", 404), ("POST", 400)]
    for line in lines.lines:
        assert {"ts", "method", "path", "status", "duration_ms", "game_id", "remote"} <= set(line)
        assert line["game_id"] == gid and line["duration_ms"] >= 0 and line["remote"] == "127.0.0.1"
    assert lines.lines[0]["path"] == "/games" and lines.lines[0]["forwarded_for"] == "203.0.113.9"
    assert lines.lines[1]["path"] == f"/games/{gid}/actions"


def test_record_mode_is_in_the_audit_and_the_state_after_it_is_what_the_action_did(client):
    gid = buffy_game(client, {"step": "movement", "characters": {"spike": SPIKE}})
    out = act(client, gid, {"type": "move", "player": "p1", "character": "spike", "to": "p1.3"}, mode="record")
    assert out["recorded"] is True and out["position"] == 2
    after = state(client, gid)
    assert after["characters"]["spike"]["location"] == "p1.3" and after["position"] == 2
    assert state(client, gid, at=2) == after and state(client, gid, at=1)["characters"]["spike"]["location"] == "p1.2"
    act(client, gid, {"type": "pass", "player": "p2"})  # play goes on from the recorded position
    report = client.get(f"/games/{gid}/audit").get_json()
    assert report["valid"] is True and report["recorded_violations"] == 1
    recorded = [f for f in report["violations"] if f["kind"] == "violation"]
    assert [(f["position"], f["recorded"]) for f in recorded] == [(2, True)]
    assert recorded[0]["rules"][0]["id"] == "buffy.move.vampires-night"
    events = client.get(f"/games/{gid}/events").get_json()["events"]
    assert events[1]["mode"] == "record" and events[1]["violations"]
