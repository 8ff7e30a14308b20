"""api.answers.Answer hands the WSGI server the very headers werkzeug's Response.get_wsgi_headers
does: compared on many responses (statuses, bodies, Content-Length set or not, plain and odd
Locations), on random locations, and on a real append (whose Location takes the shortcut)."""
from __future__ import annotations

import itertools
import random

import pytest
from flask import Response
from werkzeug import urls
from werkzeug.wrappers import response as werkzeug_response

from api import answers, create_app
from api.answers import Answer
from events.service.application import GameService

ENV = {"REQUEST_METHOD": "POST", "PATH_INFO": "/games/x/actions", "SERVER_NAME": "localhost", "SERVER_PORT": "80",
       "wsgi.url_scheme": "http", "SCRIPT_NAME": "", "QUERY_STRING": ""}
GID = "0b5c3a0e-3f0e-4a7e-9d3a-0e3f0e4a7e9d"
LOCATIONS = [
    None, f"/games/{GID}/events?after=44&limit=2", f"/games/{GID}", "/", "/a?b=c,d&e=f~g.h_i-j",
    "/a b", "/a?b=c d", "/é", "/a?b=é", "/a?", "/a??b", "/a?b?c", "//host/x", "http://h/x", "/a#f", "/a?b#f",
    "/a%20b", "/a;b", "/a:b", "/a@b", "/a+b", "/a'b", "/a!b", "/a*b", "/a(b)", "/a$b", "relative/x", "", "?a=b",
    "/a\tb", "/a?b=c&d=e/f", "/a//b", "/./x", "/../x", "/a[b]", "/a{b}", "/a|b", "/a\\b", "/a^b", "/a`b", '/a"b',
    "/a<b>", "/\u2603?x=\u2603", "/a\x7f", "/a\x00b",
]


def headers_both(resp: Response, env: dict | None = None) -> tuple[object, object]:
    """The WSGI headers from Answer and from werkzeug (or the error each raises)."""
    env = env or ENV
    return outcome(lambda: resp.get_wsgi_headers(env)), outcome(lambda: Response.get_wsgi_headers(resp, env))


def outcome(headers) -> object:
    try:
        return headers().to_wsgi_list()
    except Exception as exc:  # noqa: BLE001 - a host idna refuses: both refuse it
        return type(exc), str(exc)


def made(status: int, body: str, location: str | None, length: bool, extra: tuple = ()) -> Answer:
    if body == "bytes":
        resp = Answer(b'{"position":3}\n', status=status, mimetype="application/json")
    elif body == "list":
        resp = Answer([b"ab", b"cde"], status=status)
    elif body == "generator":
        resp = Answer((x for x in [b"ab"]), status=status)
    else:
        resp = Answer(status=status)
    if not length:
        resp.headers.remove("Content-Length")
    resp.headers["ETag"] = '"3"'
    if location is not None:
        resp.headers["Location"] = location
    for key, value in extra:
        resp.headers.add(key, value)
    return resp


@pytest.mark.parametrize("status", [100, 200, 201, 204, 302, 304, 404])
def test_the_same_headers_as_werkzeug(status):
    for body, location, length in itertools.product(("bytes", "list", "generator", "none"), LOCATIONS, (True, False)):
        resp = made(status, body, location, length)
        fast, slow = headers_both(resp)
        assert fast == slow, (status, body, location, length)
        assert [k for k, _ in resp.headers] == [k for k, _ in made(status, body, location, length).headers]  # untouched


def test_the_same_headers_in_odd_cases():
    odd = [
        (("location", f"/games/{GID}"),),  # spelled otherwise: werkzeug respells it
        (("Location", "/a"), ("Location", "/b")),  # twice: werkzeug keeps one
        (("Content-Location", "/a b"),),
        (("content-length", "7"),),
        (("Content-Length", "7"), ("X-Other", "1")),
        (("Vary", "Origin"), ("X-Forwarded-For", "é")),
    ]
    for extra in odd:
        for status, body in itertools.product((200, 201, 204, 304), ("bytes", "list")):
            fast, slow = headers_both(made(status, body, None, False, extra))
            assert fast == slow, extra
    resp = made(201, "bytes", "/a", True)
    resp.autocorrect_location_header = True
    fast, slow = headers_both(resp)
    assert fast == slow and fast[-1] == ("Location", "http://localhost/a")
    resp.autocorrect_location_header = False
    resp.headers._list.append(("X-Number", 7))  # not through the Headers API: werkzeug converts it
    fast, slow = headers_both(resp)
    assert fast == slow and fast[-1] == ("X-Number", "7")


def test_a_location_taken_as_it_is_is_one_iri_to_uri_leaves_unchanged():
    rng = random.Random(26)
    alphabet = "-._~/=&,?azAZ09 %#:é"
    taken = 0
    for _ in range(20000):
        text = "/" + "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        if answers._PLAIN_LOCATION.fullmatch(text):
            taken += 1
            assert urls.iri_to_uri(text) == text, text
        fast, slow = headers_both(made(201, "bytes", text, True))
        assert fast == slow, text
    assert taken > 1000


def test_an_append_answers_its_location_without_iri_to_uri(monkeypatch):
    app = create_app({"SERVICE": GameService("memory://"), "TESTING": True, "REQUEST_LOG": "0"})
    client = app.test_client()
    gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    called = []
    monkeypatch.setattr(werkzeug_response, "iri_to_uri", lambda iri: called.append(iri) or urls.iri_to_uri(iri))
    resp = client.post(f"/games/{gid}/actions", json={"type": "advance_time", "player": "p1", "ticks": 1})
    assert resp.status_code == 201 and isinstance(resp.headers, type(Answer().headers))
    assert resp.headers["Location"] == f"/games/{gid}/events?after=1&limit=1" and called == []
    assert client.get(f"/games/{gid}").status_code == 200 and called == []
