"""Idempotency-Key: a retried append gets the original answer and appends nothing more; the same
key with another body is 422.  The keys live in the log, so this holds after a restart, on another
worker, and when the retries race each other."""
from __future__ import annotations

import threading

import pytest

from api import create_app
from events.service.application import GameService
from tests.conftest import pg_url

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}


def new_game(client) -> str:
    r = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]})
    assert r.status_code == 201
    return r.get_json()["id"]


def position(client, gid: str) -> int:
    return client.get(f"/games/{gid}").get_json()["position"]


def test_a_retried_append_gets_the_original_answer(client):
    gid = new_game(client)
    first = client.post(f"/games/{gid}/actions", json=TICK, headers={"Idempotency-Key": "k-1"})
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    client.post(f"/games/{gid}/actions", json={**TICK, "player": "p2"})  # the game moves on
    again = client.post(f"/games/{gid}/actions", json=TICK, headers={"Idempotency-Key": "k-1"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert position(client, gid) == 3


def test_the_same_key_with_another_body_is_422_and_appends_nothing(client):
    gid = new_game(client)
    assert client.post(f"/games/{gid}/actions", json=TICK, headers={"Idempotency-Key": "k-2"}).status_code == 201
    other = client.post(f"/games/{gid}/actions", json={**TICK, "ticks": 2}, headers={"Idempotency-Key": "k-2"})
    assert other.status_code == 422
    assert other.get_json()["type"] == "/problems/idempotency-key-reused"
    assert "k-2" in other.get_json()["detail"] and other.get_json()["position"] == 2
    record = client.post(f"/games/{gid}/actions?mode=record", json=TICK, headers={"Idempotency-Key": "k-2"})
    assert record.status_code == 422, "the mode is part of the request"
    assert position(client, gid) == 2


def test_a_retried_ruling_and_a_retried_creation(client):
    body = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
    made = client.post("/games", json=body, headers={"Idempotency-Key": "g-1"})
    again = client.post("/games", json=body, headers={"Idempotency-Key": "g-1"})
    assert made.status_code == again.status_code == 201
    assert again.get_json() == made.get_json() and again.headers["Idempotent-Replayed"] == "true"
    other = client.post("/games", json={**body, "first_player": "p2"}, headers={"Idempotency-Key": "g-1"})
    assert other.status_code == 422
    gid = made.get_json()["id"]
    ruling = {"judge": "j1", "rule": "wowmini.timeline", "effect": {"note": "slow clock"}, "reason": "table talk"}
    one = client.post(f"/games/{gid}/rulings", json=ruling, headers={"Idempotency-Key": "r-1"})
    two = client.post(f"/games/{gid}/rulings", json=ruling, headers={"Idempotency-Key": "r-1"})
    assert one.status_code == two.status_code == 201 and one.get_json() == two.get_json()
    assert position(client, gid) == 2


def test_a_bad_key_is_400(client):
    gid = new_game(client)
    r = client.post(f"/games/{gid}/actions", json=TICK, headers={"Idempotency-Key": "x" * 300})
    assert r.status_code == 400 and r.mimetype == "application/problem+json"


def test_keys_survive_a_restart_and_work_across_workers(tmp_path):
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    one = create_app({"DATABASE_URL": url, "REQUEST_LOG": "0"})
    c1 = one.test_client()
    gid = new_game(c1)
    first = c1.post(f"/games/{gid}/actions", json=TICK, headers={"Idempotency-Key": "survivor"})
    one.extensions["games"].close()
    # a new process (a restarted server, or another worker) on the same store
    two = create_app({"DATABASE_URL": url, "REQUEST_LOG": "0"})
    c2 = two.test_client()
    again = c2.post(f"/games/{gid}/actions", json=TICK, headers={"Idempotency-Key": "survivor"})
    assert again.status_code == 201 and again.get_json() == first.get_json()
    assert position(c2, gid) == 2
    two.extensions["games"].close()


@pytest.fixture(params=["sqlite", "postgres"])
def shared_store(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite'}"
    return pg_url(request.getfixturevalue("pg_schema"))


def test_racing_retries_append_once(shared_store):
    """Eight clients send the same keyed request at once through two apps (two workers)."""
    apps = [create_app({"DATABASE_URL": shared_store, "REQUEST_LOG": "0"}) for _ in range(2)]
    gid = new_game(apps[0].test_client())
    answers: list = []
    barrier = threading.Barrier(8)

    def send(i: int) -> None:
        client = apps[i % 2].test_client()
        barrier.wait()
        r = client.post(f"/games/{gid}/actions", json=TICK, headers={"Idempotency-Key": "once"})
        answers.append((r.status_code, r.get_json()))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {status for status, _ in answers} == {201}
    assert len({body["position"] for _, body in answers}) == 1
    assert position(apps[1].test_client(), gid) == 2
    for app in apps:
        app.extensions["games"].close()


def test_keys_are_kept_per_api_key_when_auth_is_on():
    app = create_app({"DATABASE_URL": "memory://", "AUTH": "required", "REQUEST_LOG": "0"})
    keys = app.extensions["keys"]
    _, a = keys.create("judge")
    _, b = keys.create("judge")
    client = app.test_client()
    body = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
    one = client.post("/games", json=body, headers={"Idempotency-Key": "same", "Authorization": f"Bearer {a}"})
    two = client.post("/games", json=body, headers={"Idempotency-Key": "same", "Authorization": f"Bearer {b}"})
    assert one.status_code == two.status_code == 201
    assert one.get_json()["id"] != two.get_json()["id"], "another client's key never answers for mine"
