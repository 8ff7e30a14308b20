"""The request line: written by the JSON formatter from the record's fields (encoded once), with
the same content as the record's message for any other handler."""
from __future__ import annotations

import io
import json
import logging

from api import create_app
from api.requestlog import JsonFormatter

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}


def test_the_request_line_is_one_json_object_and_its_message_says_the_same():
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    records: list[logging.LogRecord] = []
    keep = logging.Handler()
    keep.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("adjudicator.requests")
    logger.addHandler(handler)
    logger.addHandler(keep)
    try:
        client = create_app({"DATABASE_URL": "memory://"}).test_client()
        gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
        client.post(f"/games/{gid}/actions", json=TICK, headers={"X-Forwarded-For": "198.51.100.7"})
    finally:
        logger.removeHandler(handler)
        logger.removeHandler(keep)
    lines = [json.loads(text) for text in out.getvalue().splitlines()]
    assert [(x["method"], x["path"], x["status"]) for x in lines] == [
        ("POST", "/games", 201), ("POST", f"/games/{gid}/actions", 201)]
    append = lines[1]
    assert append["level"] == "info" and append["logger"] == "adjudicator.requests" and append["game_id"] == gid
    assert append["forwarded_for"] == "198.51.100.7" and append["bytes_in"] > 0 and append["duration_ms"] >= 0
    message = json.loads(records[1].getMessage())
    assert message == {k: v for k, v in append.items() if k not in ("level", "logger")}
