"""Tamper evidence: rows edited, deleted, reordered and swapped directly in the store's table
(SQLite and PostgreSQL), and GET /games/{id}/audit names the position.  An enciphered store works,
and its audit still catches rows swapped between positions (the cipher authenticates a row's
bytes, not which game and position the row claims)."""
from __future__ import annotations

import base64
import json
import os
import sqlite3
from typing import Any
from uuid import UUID

import pytest

from api import create_app
from events.service.application import GameService
from tests.conftest import PG_URL, pg_url

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}


class Rows:
    """Direct access to the rows of the store's events table."""

    def __init__(self, svc: GameService):
        self.recorder = svc.recorder
        self.table = svc.recorder.events_table_name
        self.kind = type(svc.factory).__module__.rsplit(".", 1)[-1]
        if self.kind == "sqlite":
            self.path = svc.factory.env.get("SQLITE_DBNAME")
        else:
            self.schema = svc.factory.datastore.schema

    def _exec(self, sql: str, args: tuple) -> list[tuple]:
        if self.kind == "sqlite":
            conn = sqlite3.connect(self.path)
            try:
                with conn:
                    rows = conn.execute(sql.replace("%s", "?").replace("{t}", self.table), args).fetchall()
            finally:
                conn.close()
            return rows
        import psycopg

        with psycopg.connect(PG_URL.split("?")[0], autocommit=True) as conn:
            cur = conn.execute(sql.replace("{t}", f'"{self.schema}"."{self.table}"'), args)
            return cur.fetchall() if cur.description else []

    def key(self, game: str) -> Any:
        return UUID(game).hex if self.kind == "sqlite" else UUID(game)

    def state(self, game: str, position: int) -> bytes:
        rows = self._exec("SELECT state FROM {t} WHERE originator_id = %s AND originator_version = %s",
                          (self.key(game), position))
        return bytes(rows[0][0])

    def set_state(self, game: str, position: int, state: bytes) -> None:
        self._exec("UPDATE {t} SET state = %s WHERE originator_id = %s AND originator_version = %s",
                   (state, self.key(game), position))

    def delete(self, game: str, position: int) -> None:
        self._exec("DELETE FROM {t} WHERE originator_id = %s AND originator_version = %s", (self.key(game), position))

    def edit_json(self, game: str, position: int, change) -> None:
        doc = json.loads(self.state(game, position))
        change(doc)
        self.set_state(game, position, json.dumps(doc, sort_keys=True, separators=(",", ":")).encode())


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite'}"
    return pg_url(request.getfixturevalue("pg_schema"))


def play(client, ticks: int = 5) -> str:
    r = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]})
    gid = r.get_json()["id"]
    for _ in range(ticks):
        assert client.post(f"/games/{gid}/actions", json=TICK).status_code == 201
    return gid


def chain_breaks(client, gid: str) -> list[int]:
    report = client.get(f"/games/{gid}/audit").get_json()
    assert report["valid"] is False and report["chain"]["valid"] is False
    return sorted({b["position"] for b in report["chain"]["breaks"]})


@pytest.fixture
def setting(store_url):
    svc = GameService(store_url)
    app = create_app({"SERVICE": svc, "DATABASE_URL": store_url, "TESTING": True, "REQUEST_LOG": "0"})
    yield app.test_client(), Rows(svc)
    svc.close()


def test_an_edited_row_is_named(setting):
    client, rows = setting
    gid = play(client)
    assert client.get(f"/games/{gid}/audit").get_json()["valid"] is True
    rows.edit_json(gid, 3, lambda doc: doc["data"].update(ticks=7))
    assert chain_breaks(client, gid) == [3]
    problems = [b["problem"] for b in client.get(f"/games/{gid}/audit").get_json()["chain"]["breaks"]]
    assert any("edited" in p for p in problems)


def test_an_edited_row_whose_bytes_no_longer_parse_is_named(setting):
    client, rows = setting
    gid = play(client)
    rows.set_state(gid, 4, rows.state(gid, 4)[:-9])
    report = client.get(f"/games/{gid}/audit").get_json()
    assert report["valid"] is False
    assert 4 in [b["position"] for b in report["chain"]["breaks"]]
    assert "cannot be read" in report["chain"]["breaks"][0]["problem"]


def test_a_deleted_row_is_named(setting):
    client, rows = setting
    gid = play(client)
    rows.delete(gid, 3)
    breaks = client.get(f"/games/{gid}/audit").get_json()["chain"]["breaks"]
    assert breaks[0]["position"] == 3 and "missing" in breaks[0]["problem"]


def test_reordered_rows_are_named(setting):
    client, rows = setting
    gid = play(client)
    third, fourth = rows.state(gid, 3), rows.state(gid, 4)
    rows.set_state(gid, 3, fourth)
    rows.set_state(gid, 4, third)
    assert chain_breaks(client, gid)[0] == 3


def test_rows_swapped_between_games_are_named(setting):
    client, rows = setting
    one, two = play(client), play(client)
    a, b = rows.state(one, 3), rows.state(two, 3)
    rows.set_state(one, 3, b)
    rows.set_state(two, 3, a)
    assert chain_breaks(client, one)[0] == 3
    assert chain_breaks(client, two)[0] == 3
    # same type, same data, same position: only the chain tells them apart
    report = client.get(f"/games/{one}/audit").get_json()
    assert [f for f in report["violations"] if f["kind"] != "chain"] == []


def test_a_deleted_creation_event_is_reported_not_a_crash(setting):
    client, rows = setting
    gid = play(client, ticks=2)
    rows.delete(gid, 1)
    r = client.get(f"/games/{gid}/audit")
    assert r.status_code == 200
    assert r.get_json()["chain"]["breaks"][0]["position"] == 1


# --- an enciphered store ---------------------------------------------------------------------------

def cipher_env(key: str | None = None) -> dict[str, str]:
    return {"CIPHER_TOPIC": "eventsourcing.cryptography:AESCipher",
            "CIPHER_KEY": key or base64.b64encode(os.urandom(32)).decode()}


def test_an_enciphered_store_works_and_its_audit_still_catches_a_swap(store_url):
    env = cipher_env()
    svc = GameService(store_url, env=env)
    client = create_app({"SERVICE": svc, "DATABASE_URL": store_url, "TESTING": True, "REQUEST_LOG": "0"}).test_client()
    try:
        gid = play(client)
        rows = Rows(svc)
        raw = rows.state(gid, 2)
        assert b"TimeAdvanced" not in raw and b"advance_time" not in raw, "rows are enciphered"
        assert client.get(f"/games/{gid}").get_json()["position"] == 6
        assert client.get(f"/games/{gid}/audit").get_json()["valid"] is True
        # AES-GCM authenticates each row's bytes, but not the id and position the row sits at:
        # swapped rows decrypt fine, and only the chain shows that they moved.
        third, fourth = rows.state(gid, 3), rows.state(gid, 4)
        rows.set_state(gid, 3, fourth)
        rows.set_state(gid, 4, third)
        assert [e["type"] for e in client.get(f"/games/{gid}/events").get_json()["events"]][3] == "TimeAdvanced"
        assert chain_breaks(client, gid)[0] == 3
        # an edited ciphertext does not decrypt: the audit names that row
        rows.set_state(gid, 5, rows.state(gid, 5)[:-1] + bytes([rows.state(gid, 5)[-1] ^ 1]))
        breaks = client.get(f"/games/{gid}/audit").get_json()["chain"]["breaks"]
        assert any(b["position"] == 5 and "cannot be read" in b["problem"] for b in breaks)
    finally:
        svc.close()


def test_the_wrong_cipher_key_reads_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    svc = GameService(url, env=cipher_env())
    gid = play(create_app({"SERVICE": svc, "DATABASE_URL": url, "REQUEST_LOG": "0"}).test_client(), ticks=1)
    svc.close()
    other = GameService(url, env=cipher_env())
    try:
        report = other.audit(UUID(gid))
        assert report["valid"] is False
        assert [b["position"] for b in report["chain"]["breaks"]] == [1, 2]
    finally:
        other.close()


def test_the_cli_audit_names_the_position_too(tmp_path):
    from click.testing import CliRunner

    from api.cli import main as cli

    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    svc = GameService(url)
    gid = play(create_app({"SERVICE": svc, "DATABASE_URL": url, "REQUEST_LOG": "0"}).test_client(), ticks=3)
    rows = Rows(svc)
    rows.delete(gid, 1)
    svc.close()
    out = CliRunner().invoke(cli, ["--database-url", url, "audit", gid])
    assert out.exit_code == 1
    report = json.loads(out.stdout)
    assert report["chain"]["breaks"][0]["position"] == 1
    assert CliRunner().invoke(cli, ["--database-url", url, "audit", "00000000-0000-0000-0000-000000000000"]).exit_code == 1
