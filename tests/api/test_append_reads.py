"""What an append reads of its request, read from the environ it holds (api/games.py, api/body.py),
is what the request's headers and properties answer: compared on many requests; and a game id
read again is the UUID it parses to."""
from __future__ import annotations

import itertools
from uuid import UUID

import pytest
from flask import request
from marshmallow import ValidationError

from api import create_app, games
from api.body import json_body
from api.errors import Problem
from events.service.application import GameService

TYPES = [None, "", "application/json", "application/json; charset=utf-8", "Application/JSON", "application/ld+json",
         "application/problem+json", "text/plain", "application/jsonx", " application/json", "application/json "]
HEADERS = [{}, {"If-Match": '"4"'}, {"If-Match": 'W/"4"'}, {"Idempotency-Key": "k-1"}, {"Idempotency-Key": ""},
           {"Prefer": "return=minimal"}, {"Prefer": "Return = Minimal, wait=3"}, {"Prefer": ""},
           {"If-Match": "x", "Prefer": "return=representation", "Idempotency-Key": '"k"'}]


@pytest.fixture()
def app():
    return create_app({"SERVICE": GameService("memory://"), "TESTING": True, "REQUEST_LOG": "0"})


def outcome(read):
    try:
        return read()
    except Problem as exc:
        return exc.status, exc.type, exc.detail
    except ValidationError as exc:
        return exc.messages


def test_the_headers_read_from_the_environ(app):
    for headers, query, root in itertools.product(HEADERS, ("", "mode=record", "mode=nope"), ("", "/base")):
        with app.test_request_context("/games/x/actions", method="POST", headers=headers, query_string=query,
                                      environ_base={"SCRIPT_NAME": root}):
            environ = request.environ
            assert environ.get("HTTP_IF_MATCH") == request.headers.get("If-Match")
            assert outcome(lambda: games.expected_position({}, environ)) == outcome(lambda: games.expected_position({}))
            assert outcome(lambda: games.idempotency_key(environ)) == outcome(games.idempotency_key)
            assert environ.get("HTTP_IDEMPOTENCY_KEY") == request.headers.get("Idempotency-Key")
            assert games.wants_minimal(environ) == games.wants_minimal()
            assert games.wants_minimal() == ("return=minimal" in request.headers.get("Prefer", "").replace(" ", "").lower())
            req = request._get_current_object()
            assert outcome(lambda: games.action_args(req)) == outcome(games.action_args)
            gid = "0b5c3a0e-3f0e-4a7e-9d3a-0e3f0e4a7e9d"
            assert games.events_link(gid, 3, 2, environ) == games.events_link(gid, 3, 2)


def test_a_json_body_is_told_as_is_json_tells_it(app):
    for content_type, data in itertools.product(TYPES, (b'{"a":1}', b"[1]", b"{", b"")):
        kwargs = {"content_type": content_type} if content_type is not None else {}
        with app.test_request_context("/games", method="POST", data=data, **kwargs):
            req = request._get_current_object()
            got = outcome(lambda: json_body(req))
            expected = outcome(lambda: json_body()) if request.is_json else (415, "unsupported-media-type", (
                f"send the body as application/json (got {request.mimetype or 'no content type'})"))
            assert got == expected, (content_type, data)
            assert (request.environ.get("CONTENT_TYPE") == "application/json") <= request.is_json


def test_a_game_id_read_again_is_the_uuid_it_parses_to():
    raws = ["0b5c3a0e-3f0e-4a7e-9d3a-0e3f0e4a7e9d", "0B5C3A0E-3F0E-4A7E-9D3A-0E3F0E4A7E9D",
            "{0b5c3a0e-3f0e-4a7e-9d3a-0e3f0e4a7e9d}", "urn:uuid:0b5c3a0e-3f0e-4a7e-9d3a-0e3f0e4a7e9d",
            "0b5c3a0e3f0e4a7e9d3a0e3f0e4a7e9d"]
    for raw in raws * 2:
        assert games.game_id(raw) == UUID(raw) and str(games.game_id(raw)) == str(UUID(raw))
    for raw in ["x", "", "0b5c3a0e-3f0e-4a7e-9d3a-0e3f0e4a7e9", "g" * 32] * 2:
        with pytest.raises(Problem) as caught:
            games.game_id(raw)
        assert caught.value.status == 404 and caught.value.detail == f"{raw!r} is not a game id"
    games._parsed_id.cache_clear()
    for n in range(5000):
        raw = str(UUID(int=n))
        assert games.game_id(raw) == UUID(raw)
    assert 0 < games._parsed_id.cache_info().currsize <= 4096


def test_an_append_answers_as_before(app):
    client = app.test_client()
    gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    tick = {"type": "advance_time", "player": "p1", "ticks": 1}
    resp = client.post(f"/games/{gid}/actions", json=tick, headers={"Idempotency-Key": "a", "If-Match": '"1"'})
    again = client.post(f"/games/{gid}/actions", json=tick, headers={"Idempotency-Key": "a", "If-Match": '"1"'})
    assert resp.status_code == again.status_code == 201 and resp.get_data() == again.get_data()
    assert again.headers["Idempotent-Replayed"] == "true" and resp.headers["ETag"] == '"2"'
    assert client.post(f"/games/{gid}/actions", json=tick, headers={"If-Match": '"1"'}).status_code == 409
    minimal = client.post(f"/games/{gid}/actions?mode=record", json=tick, headers={"Prefer": "return=minimal"})
    assert minimal.headers["Preference-Applied"] == "return=minimal" and "state" not in minimal.get_json()
    assert client.post(f"/games/{gid}/actions", data="{}", content_type="text/plain").status_code == 415
