"""API keys and roles: a missing key is 401, a reader cannot append, a recorder only touches its
own games, a judge appends rulings, an admin manages keys; refused requests append nothing."""
from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner

from api import create_app
from api.cli import main as cli

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
GAME = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
RULING = {"judge": "j1", "rule": "wowmini.timeline", "effect": {"note": "slow clock"}, "reason": "table talk"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def secured(database_url):
    app = create_app({"DATABASE_URL": database_url, "AUTH": "required", "TESTING": True, "REQUEST_LOG": "0"})
    keys = app.extensions["keys"]
    tokens = {role: keys.create(role, label=f"test {role}")[1] for role in ("admin", "judge", "reader")}
    client = app.test_client()
    gid = client.post("/games", json=GAME, headers=bearer(tokens["judge"])).get_json()["id"]
    yield app, client, tokens, gid
    keys.close()
    app.extensions["games"].close()


def position(client, gid, token) -> int:
    return client.get(f"/games/{gid}", headers=bearer(token)).get_json()["position"]


def assert_problem(r, status: int, slug: str) -> None:
    assert r.status_code == status, r.get_json()
    assert r.mimetype == "application/problem+json" and r.get_json()["type"] == f"/problems/{slug}"


def test_a_missing_key_is_401_and_appends_nothing(secured):
    _, client, tokens, gid = secured
    r = client.post(f"/games/{gid}/actions", json=TICK)
    assert_problem(r, 401, "unauthorized")
    assert r.headers["WWW-Authenticate"].startswith("Bearer")
    assert_problem(client.get(f"/games/{gid}"), 401, "unauthorized")
    assert_problem(client.post("/games", json=GAME), 401, "unauthorized")
    assert position(client, gid, tokens["reader"]) == 1


def test_wrong_malformed_and_revoked_keys_are_401(secured):
    app, client, tokens, gid = secured
    forged = tokens["judge"][:-3] + "xyz"
    for header in (bearer(forged), bearer("adj_nothere_secret"), {"Authorization": f"Basic {tokens['judge']}"},
                   {"Authorization": "Bearer"}):
        assert_problem(client.post(f"/games/{gid}/actions", json=TICK, headers=header), 401, "unauthorized")
    key, token = app.extensions["keys"].create("judge")
    assert client.post(f"/games/{gid}/actions", json=TICK, headers=bearer(token)).status_code == 201
    assert client.delete(f"/keys/{key.id}", headers=bearer(tokens["admin"])).get_json()["revoked_at"]
    assert_problem(client.post(f"/games/{gid}/actions", json=TICK, headers=bearer(token)), 401, "unauthorized")
    assert position(client, gid, tokens["reader"]) == 2


def test_a_reader_reads_but_cannot_append(secured):
    _, client, tokens, gid = secured
    reader = bearer(tokens["reader"])
    assert client.get(f"/games/{gid}/state", headers=reader).status_code == 200
    # an audit replays the whole log (seconds on a long one): judges and admins only (issue 16)
    assert_problem(client.get(f"/games/{gid}/audit", headers=reader), 403, "forbidden")
    assert client.get(f"/games/{gid}/audit", headers=bearer(tokens["judge"])).status_code == 200
    assert client.post(f"/games/{gid}/check", json={"action": TICK}, headers=reader).status_code == 200
    deck = client.post("/decks/buffy/validate", json={"cards": []}, headers=reader)
    assert deck.status_code not in (401, 403), "validating a deck is a read"
    assert_problem(client.post(f"/games/{gid}/actions", json=TICK, headers=reader), 403, "forbidden")
    assert_problem(client.post(f"/games/{gid}/rulings", json=RULING, headers=reader), 403, "forbidden")
    assert_problem(client.post("/games", json=GAME, headers=reader), 403, "forbidden")
    assert_problem(client.get("/keys", headers=reader), 403, "forbidden")
    assert position(client, gid, tokens["reader"]) == 1


def test_a_recorder_touches_only_its_games(secured):
    app, client, tokens, gid = secured
    _, given = app.extensions["keys"].create("recorder", games=[gid])
    recorder = bearer(given)
    assert client.post(f"/games/{gid}/actions", json=TICK, headers=recorder).status_code == 201
    # a game it creates is given to it
    mine = client.post("/games", json=GAME, headers=recorder).get_json()["id"]
    assert client.post(f"/games/{mine}/actions", json=TICK, headers=recorder).status_code == 201
    # another game is not its game
    other = client.post("/games", json=GAME, headers=bearer(tokens["judge"])).get_json()["id"]
    r = client.post(f"/games/{other}/actions", json=TICK, headers=recorder)
    assert_problem(r, 403, "forbidden")
    assert other in r.get_json()["detail"]
    assert position(client, other, tokens["reader"]) == 1
    # and rulings are for judges
    assert_problem(client.post(f"/games/{gid}/rulings", json=RULING, headers=recorder), 403, "forbidden")
    # it may read other games
    assert client.get(f"/games/{other}", headers=recorder).status_code == 200


def test_a_judge_appends_actions_and_rulings(secured):
    _, client, tokens, gid = secured
    judge = bearer(tokens["judge"])
    assert client.post(f"/games/{gid}/actions", json=TICK, headers=judge).status_code == 201
    r = client.post(f"/games/{gid}/rulings", json=RULING, headers=judge)
    assert r.status_code == 201 and r.get_json()["events"][0]["type"] == "RulingRecorded"
    assert_problem(client.post("/keys", json={"role": "reader"}, headers=judge), 403, "forbidden")


def test_an_admin_manages_keys_over_http(secured):
    _, client, tokens, gid = secured
    admin = bearer(tokens["admin"])
    made = client.post("/keys", json={"role": "recorder", "games": [gid], "label": "table 4"}, headers=admin)
    assert made.status_code == 201
    body = made.get_json()
    assert body["key"].startswith(f"adj_{body['id']}_") and body["games"] == [gid]
    listed = client.get("/keys", headers=admin).get_json()
    assert body["id"] in [k["id"] for k in listed["keys"]] and "key" not in listed["keys"][0]
    assert client.post(f"/games/{gid}/actions", json=TICK, headers=bearer(body["key"])).status_code == 201
    assert_problem(client.post("/keys", json={"role": "overlord"}, headers=admin), 422, "invalid-request")
    assert_problem(client.delete("/keys/nope", headers=admin), 404, "not-found")


def test_public_reads_let_reads_through_without_a_key():
    app = create_app({"DATABASE_URL": "memory://", "AUTH": "required", "PUBLIC_READS": "1", "REQUEST_LOG": "0"})
    _, judge = app.extensions["keys"].create("judge")
    client = app.test_client()
    gid = client.post("/games", json=GAME, headers=bearer(judge)).get_json()["id"]
    assert client.get(f"/games/{gid}/events").status_code == 200
    assert client.post(f"/games/{gid}/check", json={"action": TICK}).status_code == 200
    assert_problem(client.post(f"/games/{gid}/actions", json=TICK), 401, "unauthorized")
    assert_problem(client.get(f"/games/{gid}", headers=bearer("adj_bad_key")), 401, "unauthorized")


def test_the_contract_and_liveness_are_always_public():
    client = create_app({"DATABASE_URL": "memory://", "AUTH": "required", "REQUEST_LOG": "0"}).test_client()
    for path in ("/health", "/openapi.yaml", "/docs"):
        assert client.get(path).status_code == 200, path
    assert_problem(client.get("/rules"), 401, "unauthorized")


def test_auth_is_off_unless_configured_and_then_keys_are_not_made_over_http():
    client = create_app({"DATABASE_URL": "memory://", "REQUEST_LOG": "0"}).test_client()
    assert client.post("/games", json=GAME).status_code == 201
    assert_problem(client.post("/keys", json={"role": "admin"}), 403, "forbidden")


def test_keys_from_the_cli_are_stored_hashed_and_work(tmp_path):
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    runner = CliRunner()
    made = runner.invoke(cli, ["--database-url", url, "keys", "create", "--role", "judge", "--label", "head judge"])
    assert made.exit_code == 0, made.output
    token = made.stdout.strip().splitlines()[-1]
    key_id = token.split("_")[1]
    listed = runner.invoke(cli, ["--database-url", url, "keys", "list"])
    assert key_id in listed.output and "judge" in listed.output and token not in listed.output
    with sqlite3.connect(tmp_path / "games.sqlite") as conn:
        stored = conn.execute("SELECT id, hash FROM adjudicator_api_keys").fetchall()
    assert stored[0][0] == key_id and stored[0][1] != token and token.split("_", 2)[2] not in stored[0][1]
    app = create_app({"DATABASE_URL": url, "AUTH": "required", "REQUEST_LOG": "0"})
    client = app.test_client()
    assert client.post("/games", json=GAME, headers=bearer(token)).status_code == 201
    revoked = runner.invoke(cli, ["--database-url", url, "keys", "revoke", key_id])
    assert revoked.exit_code == 0 and "revoked" in revoked.output
    assert client.post("/games", json=GAME, headers=bearer(token)).status_code == 401
    assert runner.invoke(cli, ["--database-url", url, "keys", "revoke", "nope"]).exit_code == 1
    recorder = runner.invoke(cli, ["--database-url", url, "keys", "create", "--role", "recorder",
                                   "--game", "0b0c6f0e-6a44-4c55-9a43-1d0c3a7f2b61"])
    assert recorder.exit_code == 0 and "0b0c6f0e" in recorder.output
