"""api.answer_json writes an append's answer with the very bytes jsonify writes: on the answers of real
Buffy and WoW Miniatures games, and on documents holding what the two encoders write differently."""
from __future__ import annotations

import itertools
import math
import random
import struct
from typing import Any
from uuid import UUID

import pytest
from flask import jsonify

from api import create_app
from api import answer_json
from events.service.application import GameService

SPIKE = {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2", "alignment": "evil",
         "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, "traits": ["VAMPIRE"]}
BUFFY = {"owner": "p2", "name": "Buffy Summers", "main": True, "location": "p1.2", "alignment": "good",
         "talents": {"butt_kicking": 3, "smarts": 0, "weirdness": 2, "charm": 2}, "traits": ["HUMAN"]}


@pytest.fixture()
def app():
    return create_app({"SERVICE": GameService("memory://"), "TESTING": True, "REQUEST_LOG": "0"})


def same_bytes(app, doc: Any) -> bool:
    """Whether json_answer(doc) is jsonify(doc), byte for byte (and the same response otherwise)."""
    with app.test_request_context():
        fast, slow = answer_json.json_answer(doc), jsonify(doc)
        return (fast.get_data() == slow.get_data() and fast.mimetype == slow.mimetype
                and fast.status_code == slow.status_code)


def fast_path_taken(app, doc: Any, monkeypatch) -> bool:
    called: list[Any] = []
    monkeypatch.setattr(answer_json, "jsonify", lambda d: called.append(d) or jsonify(d))
    with app.test_request_context():
        answer_json.json_answer(doc)
    monkeypatch.undo()
    return not called


def test_the_answers_of_real_games_are_the_same_bytes(app, monkeypatch):
    client = app.test_client()
    gid = client.post("/games", json={"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
                                      "setup": {"characters": {"spike": SPIKE, "buffy": BUFFY},
                                                "players": {"p1": {"challenge_deck": 0}, "p2": {"challenge_deck": 0}}}}).get_json()["id"]
    wow = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    answers = []
    to = "p1"
    for _ in range(40):
        resp = client.post(f"/games/{gid}/actions", json={"type": "pass", "player": to})
        assert resp.status_code == 201
        answers.append(resp.get_json())
        to = answers[-1]["state"]["to_act"]
    for headers in ({}, {"Prefer": "return=minimal"}):
        resp = client.post(f"/games/{wow}/actions", json={"type": "advance_time", "player": "p1", "ticks": 1},
                           headers=headers)
        assert resp.status_code == 201
        answers.append(resp.get_json())
    taken = 0
    for doc in answers:
        assert same_bytes(app, doc)
        taken += fast_path_taken(app, doc, monkeypatch)
    assert taken >= len(answers) // 2  # the fast path is what these answers took (a game id may send one back)


def random_floats(n: int, seed: int = 5) -> list[float]:
    rng = random.Random(seed)
    out = [0.0, -0.0, 1e-4, 9.999e-5, 1e-5, 1e-7, 1e16, 1e22, 5e-324, 1.7976931348623157e308, 0.1, 2.5, -7.25e-3]
    while len(out) < n:
        x = struct.unpack("d", struct.pack("Q", rng.getrandbits(64)))[0]
        if math.isfinite(x):
            out.append(x)
    return out


@pytest.mark.parametrize("value", [
    "caf\u00e9 \u2019 \u2028 \U0001F600", "a\x7fb", "tab\tnew\nline\x00\x1f\"\\/", "p1.2", "buffy.pass-e-9",
    2**70, -(2**63), True, None, [], {}, {"nested": [{"deep": [1, 2.5, "x"]}]},
    float("nan"), float("inf"), -float("inf"), 1e-05, 3.2e-9, 123456789012345680.0,
])
def test_values_the_encoders_write_alike_or_not_are_the_same_bytes(app, value):
    assert same_bytes(app, {"position": 3, "value": value})


def test_floats_are_the_same_bytes(app):
    floats = random_floats(5000)
    assert same_bytes(app, {"floats": floats})
    assert all(same_bytes(app, {"x": x}) for x in floats[:400])


def test_other_json_settings_are_answered_by_jsonify(app, monkeypatch):
    app.json.sort_keys = True
    assert same_bytes(app, {"b": 1, "a": 2})
    assert not fast_path_taken(app, {"b": 1, "a": 2}, monkeypatch)
    app.json.sort_keys = False
    app.json.compact = False
    assert same_bytes(app, {"b": 1, "a": 2})
    assert not fast_path_taken(app, {"b": 1, "a": 2}, monkeypatch)


def test_an_ascii_text_is_what_ensure_ascii_writes():
    # json_answer writes without ensure_ascii first and keeps that text when it is ASCII.
    from pydantic_core import to_json
    every = "".join(map(chr, range(128)))
    for doc in [{"s": every, every: [every, 1, 2.5, None, True]}, *[{"k": chr(c), chr(c): chr(c)} for c in range(128)]]:
        plain = to_json(doc)
        assert plain.isascii() and plain == to_json(doc, ensure_ascii=True)
    assert not to_json({"k": "caf\u00e9"}).isascii()  # the other text is written with ensure_ascii


def encodings(app, doc: Any, monkeypatch) -> list[dict[str, Any]]:
    """The options of each pydantic-core encoding json_answer(doc) made."""
    calls: list[dict[str, Any]] = []
    real = answer_json.to_json
    monkeypatch.setattr(answer_json, "to_json", lambda d, **kw: calls.append(kw) or real(d, **kw))
    with app.test_request_context():
        answer_json.json_answer(doc)
    monkeypatch.undo()
    return calls


def test_an_ascii_answer_is_encoded_once_without_escaping(app, monkeypatch):
    doc = {"position": 3, "state": {"name": "Buffy Summers", "to_act": "p1"}, "events": [{"data": {}}]}
    assert same_bytes(app, doc) and encodings(app, doc, monkeypatch) == [{}]


def test_an_answer_with_other_characters_is_escaped(app, monkeypatch):
    doc = {"position": 3, "state": {"name": "Zo\u00eb \u2019 \U0001F600"}}
    assert same_bytes(app, doc) and fast_path_taken(app, doc, monkeypatch)
    assert encodings(app, doc, monkeypatch) == [{}, {"ensure_ascii": True}]
    with app.test_request_context():
        assert answer_json.json_answer(doc).get_data().isascii()


@pytest.mark.parametrize("name", ["Buffy Summers", "Zo\u00eb \u2019"])
def test_an_append_answer_with_its_state_written_by_the_engine_is_jsonify_of_the_answer(app, name, monkeypatch):
    # The state document comes as text from BuffyEngine.document_json, set into the answer in its place;
    # a name to escape sends the answer the usual way.  Either way: jsonify's bytes of the whole answer.
    made: list[int] = []
    real = answer_json._made
    monkeypatch.setattr(answer_json, "_made", lambda doc, written: made.append(bool(written)) or real(doc, written))
    client = app.test_client()
    svc = app.config["SERVICE"]
    gid = client.post("/games", json={"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
                                      "setup": {"characters": {"spike": SPIKE, "buffy": {**BUFFY, "name": name}},
                                                "players": {"p1": {"challenge_deck": 0}, "p2": {"challenge_deck": 0}}}}
                      ).get_json()["id"]
    to = "p1"
    for _ in range(30):
        resp = client.post(f"/games/{gid}/actions", json={"type": "pass", "player": to})
        assert resp.status_code == 201
        doc = resp.get_json()
        with app.test_request_context():
            assert resp.get_data() == jsonify(doc).get_data()
        assert doc["state"] == svc.document("buffy", svc.state_at(UUID(gid), doc["position"]).state)
        assert list(doc) == ["position", "events", "state", "because"]
        to = doc["state"]["to_act"]
    assert any(made) == (not name.isascii())  # the state document was made only for the name to escape


def test_a_game_whose_engine_writes_no_state_text_is_encoded_once(app, monkeypatch):
    # WoW Miniatures has no document_json: its full answer is made and encoded once, as before.
    client = app.test_client()
    wow = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    calls: list[dict[str, Any]] = []
    real = answer_json.to_json
    monkeypatch.setattr(answer_json, "to_json", lambda d, **kw: calls.append(kw) or real(d, **kw))
    resp = client.post(f"/games/{wow}/actions", json={"type": "advance_time", "player": "p1", "ticks": 1})
    monkeypatch.undo()
    assert resp.status_code == 201 and "state" in resp.get_json()
    assert calls == [{}]
    with app.test_request_context():
        assert resp.get_data() == jsonify(resp.get_json()).get_data()


def as_before(doc: Any, written: Any, status: int, headers: list) -> Any:
    """The response the append made before json_answer took its status and headers: the answer, its
    status_code set, then each header set in turn (or the error a header value raises)."""
    try:
        resp = answer_json.json_answer(doc, written)
        resp.status_code = status
        for key, value in headers:
            resp.headers[key] = value
    except ValueError as exc:
        return str(exc)
    return resp


def made_at_once(doc: Any, written: Any, status: int, headers: list) -> Any:
    try:
        return answer_json.json_answer(doc, written, status, headers)
    except ValueError as exc:
        return str(exc)


@pytest.mark.parametrize("status", [200, 201, 299, 404])
def test_the_status_and_headers_made_at_once_are_those_set_in_turn(app, status):
    gid = "0b5c3a0e-3f0e-4a7e-9d3a-0e3f0e4a7e9d"
    state = b'{"position":3,"to_act":"p1"}'
    docs = [({"position": 3, "events": [], "state": None}, {"state": (state, lambda: {"position": 3, "to_act": "p1"})}),
            ({"position": 3, "value": "a\x7fb"}, None), ({"position": 3, "value": float("nan")}, None),
            ({"position": 3, "value": "caf\u00e9"}, None), ({"position": 3, "value": 2**70}, None)]
    headers = [[], [("ETag", '"3"')], [("Preference-Applied", "return=minimal"), ("ETag", '"3"'),
                                       ("Location", f"/games/{gid}/events?after=2&limit=1"), ("Idempotent-Replayed", "true")],
               [("ETag", '"3"'), ("Location", "/a b é")], [("ETag", "a\nb")], [("X-Number", 7)]]
    with app.test_request_context():
        for (doc, written), extra in itertools.product(docs, headers):
            fast, slow = made_at_once(doc, written, status, extra), as_before(doc, written, status, extra)
            if isinstance(slow, str):
                assert fast == slow
                continue
            assert (fast.get_data(), fast.status, fast.status_code, fast.headers.to_wsgi_list(), fast.mimetype) == (
                slow.get_data(), slow.status, slow.status_code, slow.headers.to_wsgi_list(), slow.mimetype), (doc, extra)
            assert fast.get_wsgi_headers({}).to_wsgi_list() == slow.get_wsgi_headers({}).to_wsgi_list()


def test_the_mark_is_written_once_as_to_json_writes_it():
    for key in ("state", "because", "é", ""):
        assert answer_json._mark_text(key) == answer_json.to_json(answer_json._MARK + key)
        assert answer_json._mark_text(key) is answer_json._mark_text(key)
