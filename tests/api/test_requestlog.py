"""The request line: written by the JSON formatter from the record's fields (encoded once), with
the same content as the record's message for any other handler; the usual line, written directly
(its time, text, replay mark and body length read the cheap way), is the very line the record writes."""
from __future__ import annotations

import enum
import io
import itertools
import json
import logging
import re
from datetime import datetime, timedelta, timezone

from flask import Request, Response

from api import create_app, requestlog
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


def test_the_line_written_directly_is_the_line_the_record_writes():
    """The usual request line (api.requestlog._write, _text) and the record JsonFormatter writes when
    a filter is on the way: the same bytes but for the time and the duration."""
    handler = next(h for h in logging.getLogger("adjudicator").handlers if getattr(h, "_adjudicator_json", False))
    out = io.StringIO()
    old = handler.setStream(out)
    logger = logging.getLogger("adjudicator.requests")
    try:
        client = create_app({"DATABASE_URL": "memory://"}).test_client()
        gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
        out.seek(0), out.truncate()
        for through_record in (False, True):
            if through_record:
                logger.addFilter(keep_all)
            client.post(f"/games/{gid}/actions", json=TICK, headers={"X-Forwarded-For": "198.51.100.7, é"})
            for _ in range(2):
                client.post(f"/games/{gid}/actions", json=TICK, headers={"Idempotency-Key": f"k{through_record}"})
            client.get(f"/games/{gid}")
            client.get("/games/é\x7f\"\\x", headers={"Transfer-Encoding": "chunked"})
            client.post("/games", data="x" * 7, content_type="text/plain")
    finally:
        handler.setStream(old)
        logger.removeFilter(keep_all)
    lines = [re.sub(r'"ts":"[^"]+"|"duration_ms":[0-9.]+', "", text) for text in out.getvalue().splitlines()]
    assert len(lines) == 12 and lines[:6] == lines[6:]
    assert all(text.startswith('{,"level":"info","logger":"adjudicator.requests","method":') for text in lines)
    assert sum('"replayed":true' in text for text in lines) == 2 and '"forwarded_for":"198.51.100.7, \\u00e9"' in lines[0]


def keep_all(record: logging.LogRecord) -> bool:
    return True


def test_the_line_text_is_the_encoders():
    """_text writes what the encoder writes for every value _log gives (and any remote, key or
    forwarded_for), checked on each value beside the usual ones and on all the pairs of some."""
    usual = ["2026-11-27T19:01:38.123+00:00", "POST", "/games/x/actions", 201, 3.21,
             "0b5c3a0e-3f0e-4a7e-9d3a-0e3f0e4a7e9d", "127.0.0.1", None, 30, 123, None, False]
    odd = [
        ["0001-01-01T00:00:00.000+00:00", requestlog._now()],
        ["GÉT", "\x7f", 'a"b\\c\n\t\x00', Text("POST"), ""], ["/é/\u2028/\U0001f600", "", "/a\x1f"],
        [0, 2**70, Status.CREATED], [None, 0.0, -0.0, 1e-05, 1e-07, 1e16, 123456789.12, Duration(2.5)],
        ["é", None, Text("g")], [None, "::1", b"x", 7, ("a",), True], ["k-1", "é", 3, True, Text("k")],
        [0, 10**20], [1], [None, "", "a, b", "é", 3, b"x"], [True, False],
    ]
    cases = [[*usual[:at], value, *usual[at + 1:]] for at, values in enumerate(odd) for value in values]
    cases += [[*usual[:6], remote, key, *usual[8:10], forwarded, replayed] for remote, key, forwarded, replayed
              in itertools.product(odd[6], odd[7], odd[10], odd[11])]
    for values in cases:
        line = requestlog._line(*values)
        old = requestlog._encode({"ts": line["ts"], "level": "info", "logger": "adjudicator.requests", **line})
        assert requestlog._text(*values) == old, values


class Text(str):
    pass


class Duration(float):
    def __repr__(self) -> str:
        return "duration"


class Status(enum.IntEnum):
    CREATED = 201


def test_the_time_is_what_datetime_now_writes(monkeypatch):
    epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
    stamps = [0, 999_999, 1_000_000, 999_999_999, 1_000_000_000, 1_795_000_000_000_000_000, 1_795_000_000_999_999_999,
              1_795_000_001_000_500_000, 1_795_000_000_123_456_789, 1_798_761_599_999_999_999, 1_798_761_600_000_000_000]
    for ns in stamps + stamps[::-1]:
        monkeypatch.setattr(requestlog.time, "time_ns", lambda ns=ns: ns)
        expected = (epoch + timedelta(microseconds=ns // 1000)).isoformat(timespec="milliseconds")  # datetime.now floors
        assert requestlog._now() == expected, ns
    monkeypatch.undo()
    before = datetime.now(timezone.utc)
    now = datetime.fromisoformat(requestlog._now())
    assert before - timedelta(milliseconds=1) <= now <= datetime.now(timezone.utc)


def test_replayed_and_bytes_in_read_what_headers_and_content_length_read():
    for pairs in ([], [("Idempotent-Replayed", "true")], [("idempotent-replayed", "")], [("X", "1")],
                  [("IDEMPOTENT-REPLAYED", "")], [("Idempotent-Replayed", ""), ("Idempotent-Replayed", "true")],
                  [("Idempotent-Replayed", "true"), ("Idempotent-Replayed", "")]):
        resp = Response(b"{}", headers=pairs)
        assert requestlog._replayed(resp) is bool(resp.headers.get("Idempotent-Replayed")), pairs
    for length, encoding in itertools.product((None, "", "0", "12", "007", "-3", "x", " 7 ", "1_0", "٣", "²", "+4"),
                                              (None, "chunked", "gzip, chunked", "gzip", "Chunked")):
        environ = {"REQUEST_METHOD": "POST", **({"CONTENT_LENGTH": length} if length is not None else {}),
                   **({"HTTP_TRANSFER_ENCODING": encoding} if encoding is not None else {})}
        assert requestlog._bytes_in(environ) == (Request(environ).content_length or 0), (length, encoding)
