"""The store's conflict and lock errors are never a 500: a lost race is 409 with the current
position (with If-Match) or decided again at the new position (without); a locked SQLite file is
waited out, or 503 with Retry-After."""
from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from api import create_app
from events.service.application import GameService
from tests.conftest import pg_url

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite'}"
    return pg_url(request.getfixturevalue("pg_schema"))


def racing_pair(url: str):
    """Two apps on one store; the first one's next save is preceded by an append through the
    second, so the first save meets the store's unique (game, position) and its IntegrityError."""
    slow, fast = GameService(url), GameService(url)
    a = create_app({"SERVICE": slow, "DATABASE_URL": url, "REQUEST_LOG": "0"}).test_client()
    b = create_app({"SERVICE": fast, "DATABASE_URL": url, "REQUEST_LOG": "0"}).test_client()
    gid = b.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    real_save = slow.save
    raced = []

    def save_after_a_rival(*envelopes):
        if not raced:
            raced.append(b.post(f"/games/{gid}/actions", json={**TICK, "player": "p2"}).status_code)
        return real_save(*envelopes)

    slow.save = save_after_a_rival
    return a, b, gid, raced, (slow, fast)


def test_a_lost_race_with_if_match_is_409_with_the_current_position(store_url):
    a, b, gid, raced, services = racing_pair(store_url)
    r = a.post(f"/games/{gid}/actions", json=TICK, headers={"If-Match": '"1"'})
    assert raced == [201]
    assert r.status_code == 409 and r.mimetype == "application/problem+json"
    assert r.get_json()["position"] == 2 and r.headers["ETag"] == '"2"'
    assert b.get(f"/games/{gid}").get_json()["position"] == 2
    for s in services:
        s.close()


def test_a_lost_race_without_if_match_is_decided_again(store_url):
    a, b, gid, raced, services = racing_pair(store_url)
    r = a.post(f"/games/{gid}/actions", json=TICK)
    assert raced == [201] and r.status_code == 201
    assert r.get_json()["position"] == 3 and r.get_json()["events"][0]["data"]["time"] == 2
    assert b.get(f"/games/{gid}/audit").get_json()["valid"] is True
    for s in services:
        s.close()


def test_concurrent_appends_without_if_match_all_land(store_url):
    apps = [create_app({"DATABASE_URL": store_url, "REQUEST_LOG": "0"}) for _ in range(2)]
    gid = apps[0].test_client().post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    statuses: list[int] = []

    def send(i: int) -> None:
        client = apps[i % 2].test_client()
        for _ in range(5):
            statuses.append(client.post(f"/games/{gid}/actions", json=TICK).status_code)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses == [201] * 30
    events = apps[1].test_client().get(f"/games/{gid}/events").get_json()["events"]
    assert [e["position"] for e in events] == list(range(1, 32))
    for app in apps:
        app.extensions["games"].close()


def hold_write_lock(path: str, seconds: float) -> threading.Thread:
    ready = threading.Event()

    def hold() -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        ready.set()
        time.sleep(seconds)
        conn.execute("ROLLBACK")
        conn.close()

    t = threading.Thread(target=hold)
    t.start()
    ready.wait()
    return t


def locked_client(tmp_path):
    path = str(tmp_path / "games.sqlite")
    svc = GameService(f"sqlite:///{path}", env={"SQLITE_LOCK_TIMEOUT": "1"})
    client = create_app({"SERVICE": svc, "DATABASE_URL": f"sqlite:///{path}", "REQUEST_LOG": "0"}).test_client()
    gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    return path, svc, client, gid


def test_a_locked_sqlite_file_is_waited_out(tmp_path):
    path, svc, client, gid = locked_client(tmp_path)
    holder = hold_write_lock(path, 1.3)  # longer than one lock timeout, shorter than the retries
    r = client.post(f"/games/{gid}/actions", json=TICK)
    holder.join()
    assert r.status_code == 201
    svc.close()


def test_a_sqlite_file_locked_for_too_long_is_503_with_retry_after(tmp_path):
    path, svc, client, gid = locked_client(tmp_path)
    holder = hold_write_lock(path, 4.5)
    r = client.post(f"/games/{gid}/actions", json=TICK, headers={"If-Match": '"1"'})
    assert r.status_code == 503 and r.mimetype == "application/problem+json"
    assert r.headers["Retry-After"] == "1" and r.get_json()["type"] == "/problems/store-unavailable"
    holder.join()
    assert client.get(f"/games/{gid}").get_json()["position"] == 1, "nothing was appended"
    assert client.post(f"/games/{gid}/actions", json=TICK, headers={"If-Match": '"1"'}).status_code == 201
    svc.close()
