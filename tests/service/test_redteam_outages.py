"""Issue 16, findings 6 and 7, and the store file deleted while serving: PostgreSQL outages answer
503 with Retry-After (never a worker held for minutes, never a 500), /health says what is wrong, a
server that cannot reach its store exits at once with one line, and any number of workers come up
on a fresh schema (the master creates the tables before the workers start; creation is also
serialised by an advisory lock).

No timing is asserted: a request that hangs fails by its client timeout (the red team measured
280 s; the clients here give up after 60 s)."""
from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests

from tests.conftest import pg_url
from tests.service.servers import ROOT, Server, children

GAME = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
HANG = 60  # seconds a client waits before calling it a hang


class Proxy:
    """A TCP relay to PostgreSQL that can be cut: on ``cut()`` every open connection is reset and
    new ones are refused, as when the database server goes away (a crash, a stop, a firewall that
    rejects).  The red team's 280 s came from exactly this: ten retries of a 30 s pool wait."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.down = threading.Event()
        self.held: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.down.is_set():
                self._reset(client)
                continue
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.held += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._relay, args=(a, b), daemon=True).start()

    @staticmethod
    def _relay(src: socket.socket, dst: socket.socket) -> None:
        while True:
            try:
                data = src.recv(65536)
                if not data:
                    return
                dst.sendall(data)
            except OSError:
                return

    @staticmethod
    def _reset(sock: socket.socket) -> None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # RST, not FIN
        sock.close()

    def cut(self) -> None:
        self.down.set()
        with self.lock:
            for sock in self.held:
                try:
                    self._reset(sock)
                except OSError:
                    pass
            self.held.clear()

    def close(self) -> None:
        self.cut()
        self.listener.close()


def fresh_schema(pg_schema: str) -> str:
    import psycopg

    from tests.conftest import PG_URL

    name = f"{pg_schema}_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(PG_URL.split("?")[0], autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{name}"')
    return name


def via(proxy: Proxy, schema: str) -> str:
    from tests.conftest import PG_URL
    from urllib.parse import urlparse

    u = urlparse(PG_URL.split("?")[0])
    auth = f"{u.username}{':' + u.password if u.password else ''}@" if u.username else ""
    return f"postgresql://{auth}127.0.0.1:{proxy.port}{u.path}?schema={schema}"


def pg_target() -> tuple[str, int]:
    from urllib.parse import urlparse

    from tests.conftest import PG_URL

    u = urlparse(PG_URL)
    return u.hostname or "127.0.0.1", u.port or 5432


@pytest.mark.postgres
def test_postgres_cut_off_after_start_is_503_with_retry_after_and_health_says_why(pg_schema, tmp_path):
    proxy = Proxy(pg_target())
    server = Server(tmp_path, via(proxy, fresh_schema(pg_schema)), workers=1, threads=4,
                    extra_env={"ADJUDICATOR_STORE_TIMEOUT": "2"}).start()
    try:
        gid = requests.post(f"{server.url}/games", json=GAME, timeout=HANG).json()["id"]
        assert requests.post(f"{server.url}/games/{gid}/actions", json=TICK, timeout=HANG).status_code == 201
        proxy.cut()
        other = requests.post(f"{server.url}/games", json=GAME, timeout=HANG)
        assert other.status_code == 503 and other.headers["Retry-After"].isdigit(), other.text
        health = requests.get(f"{server.url}/health", timeout=HANG)
        assert health.status_code == 503 and health.headers["Retry-After"].isdigit()
        assert health.json()["status"] == "unavailable" and health.json()["problem"]
        # a read of a game the worker has not cached, and an append: 503, not a hang, not a 500
        unknown = requests.get(f"{server.url}/games/{uuid.uuid4()}", timeout=HANG)
        assert unknown.status_code == 503, unknown.text
        append = requests.post(f"{server.url}/games/{gid}/actions", json=TICK, timeout=HANG)
        assert append.status_code in (503, 201), append.text  # 201 only if nothing needed the store
    finally:
        server.kill()
        proxy.close()


@pytest.mark.postgres
def test_schema_dropped_under_a_running_server_is_503_and_health_says_the_tables_are_missing(pg_schema, tmp_path):
    import psycopg

    from tests.conftest import PG_URL

    schema = fresh_schema(pg_schema)
    server = Server(tmp_path, pg_url(schema), workers=1, threads=2).start()
    try:
        gid = requests.post(f"{server.url}/games", json=GAME, timeout=HANG).json()["id"]
        with psycopg.connect(PG_URL.split("?")[0], autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        for method, path, body in (("get", "/health", None), ("get", "/games", None),
                                   ("post", "/games", GAME), ("get", f"/games/{uuid.uuid4()}/state", None),
                                   ("get", f"/games/{gid}/events", None)):
            r = requests.request(method, f"{server.url}{path}", json=body, timeout=HANG)
            assert r.status_code == 503, (path, r.status_code, r.text[:300])
        assert "tables are missing" in requests.get(f"{server.url}/health", timeout=HANG).json()["problem"]
    finally:
        server.kill()


@pytest.mark.parametrize("url", ["postgresql://postgres@127.0.0.1:1/test", "postgresql://postgres@127.0.0.1:5432/no_such_db"])
def test_a_server_that_cannot_reach_its_store_exits_at_once_with_one_line(url, tmp_path):
    env = {**os.environ, "ADJUDICATOR_DATABASE_URL": url, "ADJUDICATOR_STORE_TIMEOUT": "3",
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", "from api.cli import main; main()", "serve", "--workers", "2",
                           "--port", "1"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("adjudicator: cannot start:"), done.stderr
    assert "Traceback" not in done.stderr and "Worker failed to boot" not in done.stderr


def test_a_sqlite_file_deleted_while_serving_is_503_and_nothing_is_acknowledged(tmp_path):
    from api import create_app

    path = tmp_path / "games.sqlite"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "TESTING": True, "REQUEST_LOG": "0"})
    client = app.test_client()
    gid = client.post("/games", json=GAME).get_json()["id"]
    assert client.post(f"/games/{gid}/actions", json=TICK).status_code == 201
    path.unlink()
    r = client.post(f"/games/{gid}/actions", json=TICK)
    assert r.status_code == 503 and "Retry-After" in r.headers and r.mimetype == "application/problem+json"
    assert client.post("/games", json=GAME).status_code == 503
    health = client.get("/health")
    assert health.status_code == 503 and "is gone" in health.get_json()["problem"]
    app.extensions["games"].close()


@pytest.mark.postgres
@pytest.mark.slow
def test_eight_workers_come_up_on_a_fresh_schema_twenty_starts_in_a_row(pg_schema, tmp_path):
    for start in range(20):
        server = Server(tmp_path / str(start), pg_url(fresh_schema(pg_schema)), workers=8, threads=1)
        try:
            server.start(timeout=120)
            deadline = time.time() + 120
            while server.output().count("adjudicator: worker") < 8 and server.proc.poll() is None \
                    and time.time() < deadline:
                time.sleep(0.2)
            out = server.output()
            assert server.proc.poll() is None, f"start {start}: the server exited:\n{out}"
            assert out.count("adjudicator: worker") == 8, f"start {start}: not every worker came up:\n{out}"
            assert "Worker failed to boot" not in out and "Traceback" not in out, f"start {start}:\n{out}"
            assert len(children(server.proc.pid)) == 8
        finally:
            if server.proc is not None and server.proc.poll() is None:
                server.kill()


def _construct(url: str) -> str:
    from events.service.application import GameService

    try:
        GameService(url).close()
        return "ok"
    except Exception as exc:  # noqa: BLE001 - reported by the test
        return f"{type(exc).__name__}: {exc}"


@pytest.mark.postgres
def test_services_created_together_on_a_fresh_schema_never_race_on_the_tables(pg_schema):
    """Without the master: eight processes create their tables at the same moment (the advisory
    lock serialises them), three fresh schemas in a row."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(8) as pool:
        for _ in range(3):
            url = pg_url(fresh_schema(pg_schema))
            assert pool.map(_construct, [url] * 8) == ["ok"] * 8
