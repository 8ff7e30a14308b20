"""HTTP conventions third-party apps rely on: CORS (preflight too), 304 on If-None-Match, problem
types that resolve to a page, one shape for a rule reference, one name for the current position,
bounded integers answered 4xx, and JSON log lines at a configurable level."""
from __future__ import annotations

import json
import logging

import pytest

from api import create_app
from api.errors import PROBLEMS
from api.requestlog import JsonFormatter

ORIGIN = "https://scorekeeper.example"
SPIKE = {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2",
         "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, "traits": ["VAMPIRE"]}


def app_client(**config):
    return create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0", **config}).test_client()


def buffy(client, setup=None) -> str:
    made = client.post("/games", json={"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}],
                                       "first_player": "p1", "setup": setup})
    assert made.status_code == 201, made.get_json()
    return made.get_json()["id"]


def test_an_allowed_origin_gets_cors_headers_on_answers_and_preflights():
    client = app_client(CORS_ORIGINS=f"{ORIGIN}, https://other.example")
    gid = buffy(client)
    got = client.get(f"/games/{gid}/state", headers={"Origin": ORIGIN})
    assert got.status_code == 200 and got.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "ETag" in got.headers["Access-Control-Expose-Headers"]
    pre = client.options(f"/games/{gid}/actions", headers={
        "Origin": ORIGIN, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, if-match, idempotency-key"})
    assert pre.status_code == 200 and pre.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "POST" in pre.headers["Access-Control-Allow-Methods"]
    allowed = pre.headers["Access-Control-Allow-Headers"].lower()
    assert {"content-type", "if-match", "idempotency-key"} <= {h.strip() for h in allowed.split(",")}
    refused = client.post("/games", json={"game": "nope", "players": []}, headers={"Origin": ORIGIN})
    assert refused.status_code == 422 and refused.headers["Access-Control-Allow-Origin"] == ORIGIN  # errors readable too
    other = client.get(f"/games/{gid}", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_cors_comes_from_the_environment_and_is_off_by_default(monkeypatch):
    assert "Access-Control-Allow-Origin" not in app_client().get("/health", headers={"Origin": ORIGIN}).headers
    monkeypatch.setenv("ADJUDICATOR_CORS_ORIGINS", "*")
    assert app_client().get("/health", headers={"Origin": ORIGIN}).headers["Access-Control-Allow-Origin"] in ("*", ORIGIN)


def test_if_none_match_on_state_gives_304_until_the_game_moves():
    client = app_client()
    gid = buffy(client, {"step": "conflict", "characters": {"spike": SPIKE}})
    first = client.get(f"/games/{gid}/state")
    assert first.status_code == 200 and first.headers["ETag"] == '"1"'
    again = client.get(f"/games/{gid}/state", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == '"1"'
    assert client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p1"}).status_code == 201
    moved = client.get(f"/games/{gid}/state", headers={"If-None-Match": '"1"'})
    assert moved.status_code == 200 and moved.headers["ETag"] == '"2"'
    assert client.get(f"/games/{gid}/state?at=1", headers={"If-None-Match": '"1"'}).status_code == 304


@pytest.mark.parametrize("slug", sorted(PROBLEMS))
def test_every_problem_type_resolves_to_a_page_describing_it(slug):
    client = app_client()
    page = client.get(f"/problems/{slug}")
    assert page.status_code == 200 and page.mimetype == "text/html"
    status, title, description = PROBLEMS[slug]
    assert title in page.get_data(as_text=True) and str(status) in page.get_data(as_text=True)
    doc = client.get(f"/problems/{slug}", headers={"Accept": "application/json"}).get_json()
    assert doc == {"type": f"/problems/{slug}", "status": status, "title": title, "description": description}


def test_the_types_problems_carry_resolve():
    client = app_client()
    gid = buffy(client, {"step": "conflict", "characters": {"spike": SPIKE}})
    answers = [
        client.post("/games", data="{nope", content_type="application/json"),
        client.get("/games/not-a-game"),
        client.get(f"/games/{gid}/state?at=9"),
        client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p1"}, headers={"If-Match": '"7"'}),
        client.post(f"/games/{gid}/actions", json={"type": "fly", "player": "p1"}),
        client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p2"}),
    ]
    for answer in answers:
        assert answer.mimetype == "application/problem+json"
        resolved = client.get(answer.get_json()["type"])
        assert resolved.status_code == 200, answer.get_json()["type"]


def test_a_rule_is_id_and_title_everywhere():
    client = app_client()
    gid = buffy(client, {"step": "conflict", "characters": {"spike": SPIKE}})
    refused = client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p2"}).get_json()
    refs = [v["rule"] for v in refused["violations"]] + [t["rule"] for t in refused["because"]]
    listed = client.get("/rules?game=buffy&limit=1000").get_json()["rules"]
    refs += [r for rule in listed for r in rule.get("related", [])]
    one = client.get(f"/rules/{listed[0]['id']}").get_json()
    refs += one.get("related", [])
    checked = client.post(f"/games/{gid}/check", json={"action": {"type": "pass", "player": "p1"}}).get_json()
    refs += [t["rule"] for t in checked["because"]]
    assert refused["violations"] and any(rule.get("related") for rule in listed)
    for ref in refs:
        assert isinstance(ref, dict) and set(ref) == {"id", "title"}, ref


def test_the_current_position_has_one_name_in_every_problem():
    client = app_client()
    gid = buffy(client)
    stale = client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p1"}, headers={"If-Match": '"5"'})
    missing = client.get(f"/games/{gid}/state?at=9")
    assert stale.status_code == 409 and stale.get_json()["position"] == 1 and stale.get_json()["expected"] == 5
    assert missing.status_code == 404 and missing.get_json()["position"] == 1 and missing.get_json()["requested"] == 9
    assert "last_position" not in missing.get_json()


@pytest.mark.parametrize("path", [
    "/games?after=2853260590178276737024",
    "/games?after=-1",
    "/games?limit=100000000000000000000000",
    "/games/{gid}/events?after=109926528726167715840",
    "/games/{gid}/state?at=109926528726167715840",
    "/games/{gid}/legal-actions?player=p1&at=109926528726167715840",
    "/rules?after=2853260590178276737024",
])
def test_integers_past_their_bounds_are_4xx_never_5xx(path):
    client = app_client()
    gid = buffy(client)
    got = client.get(path.format(gid=gid))
    assert 400 <= got.status_code < 500 and got.mimetype == "application/problem+json", got.get_json()


def test_the_spec_bounds_every_integer_parameter(memory_client):
    import yaml

    spec = yaml.safe_load(memory_client.get("/openapi.yaml").get_data(as_text=True))
    params = list(spec["components"]["parameters"].values())
    params += [p for ops in spec["paths"].values() for op in ops.values() if isinstance(op, dict)
               for p in op.get("parameters", []) if "$ref" not in p]
    integers = [p for p in params if p.get("schema", {}).get("type") == "integer"]
    assert integers
    for p in integers:
        assert "maximum" in p["schema"] and "minimum" in p["schema"], p


def test_log_lines_are_json_with_level_and_logger(monkeypatch):
    record = logging.LogRecord("adjudicator.store", logging.WARNING, __file__, 1, "opened %s", ("x",), None)
    line = json.loads(JsonFormatter().format(record))
    assert line["level"] == "warning" and line["logger"] == "adjudicator.store" and line["message"] == "opened x"
    request = logging.LogRecord("adjudicator.requests", logging.INFO, __file__, 1, "{}", None, None)
    request.fields = {"method": "GET", "status": 200}
    assert json.loads(JsonFormatter().format(request))["status"] == 200
    monkeypatch.setenv("ADJUDICATOR_LOG_LEVEL", "warning")
    create_app({"DATABASE_URL": "memory://", "REQUEST_LOG": "0"})
    assert logging.getLogger("adjudicator").level == logging.WARNING
    monkeypatch.setenv("ADJUDICATOR_LOG_LEVEL", "info")
    create_app({"DATABASE_URL": "memory://", "REQUEST_LOG": "0"})
