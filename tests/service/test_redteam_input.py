"""Issue 16, findings 1 and 9: bodies the store could not read back, and other inputs that
answered 500.  Each test sends what the red team sent; it now gets a 4xx (or a 201 whose game reads
back at every endpoint), and nothing is stored that cannot be read."""
from __future__ import annotations

import json

import pytest

from api import create_app
from events.service.limits import BODY_MAX_DEPTH, STORED_MAX_DEPTH, DocumentRejected

GAME = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
RULING = {"judge": "j1", "rule": "wowmini.timeline", "effect": {}, "reason": "table talk"}
NDJSON = "application/x-ndjson"
HUGE = "123456789012345678901234567890"


def nested(depth: int, leaf: object = 1) -> object:
    """A value whose outermost container is at ``depth`` 1 and innermost at ``depth``."""
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def post(client, path: str, raw: str | bytes, content_type: str = "application/json"):
    return client.post(path, data=raw, content_type=content_type)


def games(client) -> list[str]:
    r = client.get("/games?limit=1000")
    assert r.status_code == 200, r.get_data(as_text=True)
    return [g["id"] for g in r.get_json()["games"]]


def reads_back(client, gid: str) -> None:
    """Every read of the game answers 200: what was accepted can be read."""
    for path in ("", "/events", "/state", "/legal-actions?player=p1", "/audit", "/export"):
        r = client.get(f"/games/{gid}{path}")
        assert r.status_code == 200, (path, r.get_data(as_text=True)[:300])
    assert client.get("/health").status_code == 200


@pytest.fixture
def sqlite_client(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite'}", "TESTING": True, "REQUEST_LOG": "0"})
    yield app.test_client()
    app.extensions["games"].close()


# ------------------------------------------------------------------------------ 1. nesting
def test_a_body_at_the_depth_limit_is_stored_and_read_back_and_one_more_level_is_422(client):
    # the player document is at depth 3 of the body ({} -> players [] -> {}), its field adds one more
    at_limit = {**GAME, "players": [{"id": "p1", "notes": nested(BODY_MAX_DEPTH - 3)}, {"id": "p2"}]}
    r = client.post("/games", json=at_limit)
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    reads_back(client, gid)
    assert client.post(f"/games/{gid}/actions", json=TICK).status_code == 201
    reads_back(client, gid)

    before = games(client)
    over = {**GAME, "players": [{"id": "p1", "notes": nested(BODY_MAX_DEPTH - 2)}, {"id": "p2"}]}
    r = client.post("/games", json=over)
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert r.get_json()["errors"][0]["field"].startswith("players[0].notes")
    assert games(client) == before


def test_a_ruling_or_a_recorded_effect_nested_200_deep_is_refused_and_the_game_still_reads(client):
    gid = client.post("/games", json=GAME).get_json()["id"]
    r = client.post(f"/games/{gid}/rulings", json={**RULING, "effect": {"set": nested(200)}})
    assert r.status_code == 400 and "nested deeper" in r.get_json()["detail"], r.get_json()
    r = client.post(f"/games/{gid}/rulings", json={**RULING, "effect": {"set": nested(BODY_MAX_DEPTH)}})
    assert r.status_code == 422, r.get_json()
    r = client.post(f"/games/{gid}/actions?mode=record", json={**TICK, "effect": nested(200)})
    assert 400 <= r.status_code < 500, r.get_json()
    assert client.get(f"/games/{gid}").get_json()["position"] == 1
    reads_back(client, gid)


def test_a_setup_nested_196_deep_is_refused_and_the_game_list_still_reads(client):
    before = games(client)
    r = client.post("/games", json={**GAME, "setup": {"deep": nested(196)}})
    assert r.status_code == 422
    assert games(client) == before
    assert client.get("/health").status_code == 200


@pytest.mark.parametrize("path", ["/games", "/games/{gid}/actions", "/games/{gid}/rulings", "/games/{gid}/check",
                                  "/decks/buffy/validate"])
def test_a_body_nested_100000_levels_is_400_everywhere(memory_client, path):
    gid = memory_client.post("/games", json=GAME).get_json()["id"]
    r = post(memory_client, path.format(gid=gid), "[" * 100_000 + "]" * 100_000)
    assert r.status_code == 400 and r.get_json()["type"] == "/problems/invalid-json", r.get_data(as_text=True)[:300]
    assert memory_client.get(f"/games/{gid}").get_json()["position"] == 1


def test_an_import_nested_100000_levels_is_400(memory_client):
    r = post(memory_client, "/games/import", "[" * 100_000 + "]" * 100_000 + "\n", NDJSON)
    assert r.status_code == 400 and r.get_json()["line"] == 1


def test_the_store_refuses_to_write_a_row_it_could_not_read_back():
    """Below the API (the command line, a caller of the service): the mapper checks every row."""
    from events.service.application import GameService

    service = GameService("memory://")
    with pytest.raises(DocumentRejected):
        service.create_game("wowmini", [{"id": "p1", "notes": nested(STORED_MAX_DEPTH)}, {"id": "p2"}])
    assert service.list_games()[0] == []
    log = service.create_game("wowmini", [{"id": "p1", "notes": nested(STORED_MAX_DEPTH - 4)}, {"id": "p2"}])
    assert service.list_games()[0][0]["id"] == str(log.id)
    assert [e.originator_version for e in service.stored_events(log.id)] == [1]


# ------------------------------------------------------------------------------ 9. other 500s
def test_a_lone_surrogate_is_400_in_a_player_id_a_ruling_reason_and_a_card_name(client):
    r = post(client, "/games", '{"game": "wowmini", "players": [{"id": "\\ud800"}, {"id": "p2"}]}')
    assert r.status_code == 400 and "Unicode" in r.get_json()["detail"]
    gid = client.post("/games", json=GAME).get_json()["id"]
    r = post(client, f"/games/{gid}/rulings", '{"judge": "j", "rule": "wowmini.timeline", "effect": {}, '
                                              '"reason": "\\udc00 oops"}')
    assert r.status_code == 400
    r = post(client, f"/games/{gid}/actions?mode=record",
             '{"type": "play_effect", "player": "p1", "card": {"name": "Stake\\ud83d", "kind": "action"}}')
    assert r.status_code == 400
    assert client.get(f"/games/{gid}").get_json()["position"] == 1
    reads_back(client, gid)


def test_a_number_json_cannot_write_back_is_422_not_stored_as_null(client):
    before = games(client)
    for number in ("1e400", "-1e400", HUGE):
        r = post(client, "/games", '{"game": "wowmini", "players": [{"id": "p1", "rating": %s}, {"id": "p2"}]}' % number)
        assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "players[0].rating", number
    assert games(client) == before


def test_integers_past_64_bits_in_queries_and_check_are_4xx_on_sqlite(sqlite_client):
    client = sqlite_client
    gid = client.post("/games", json=GAME).get_json()["id"]
    for path in (f"/games/{gid}/state?at={HUGE}", f"/games/{gid}/legal-actions?player=p1&at={HUGE}",
                 f"/games/{gid}/events?after={HUGE}", f"/games?after={HUGE}", f"/games/{gid}/state?at={2**63}",
                 f"/games?after={2**63 - 1}"):
        r = client.get(path)
        assert 400 <= r.status_code < 500, (path, r.status_code)
    r = post(client, f"/games/{gid}/check", '{"action": {"type": "advance_time", "player": "p1", "ticks": 1}, '
                                            '"at": %s}' % HUGE)
    assert 400 <= r.status_code < 500
    # a big position that fits is an ordinary "no such position"
    assert client.get(f"/games/{gid}/state?at=9007199254740992").status_code == 404
    reads_back(client, gid)


def test_an_import_line_that_is_not_utf8_is_400(client):
    source = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"}).test_client()
    gid = source.post("/games", json=GAME).get_json()["id"]
    line = source.get(f"/games/{gid}/export").get_data()
    bad = line.replace(b'"p1"', b'"p\xff"', 1)
    r = client.post("/games/import", data=bad, content_type=NDJSON)
    assert r.status_code == 400 and "UTF-8" in r.get_json()["detail"], r.get_json()
    assert gid not in games(client)


def test_the_console_forbids_framing_and_foreign_scripts(client):
    r = client.get("/console")
    assert r.status_code == 200
    csp = r.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "object-src 'none'" in csp
    assert r.headers["X-Frame-Options"] == "DENY"


def test_the_same_parser_reads_bodies_and_stored_rows():
    """The limits hold on the way in and the way out: a row the mapper wrote at the deepest a body
    may be is read back by the store's parser, whatever the nesting of the envelope."""
    from events.service.limits import parse_document, parse_stored

    body = json.dumps({"a": nested(BODY_MAX_DEPTH - 1)})
    doc = parse_document(body)
    envelope = json.dumps({"data": {"players": [doc]}, "action": doc})
    assert parse_stored(envelope.encode())["action"] == doc
    with pytest.raises(DocumentRejected):
        parse_document(json.dumps({"a": nested(BODY_MAX_DEPTH)}))
