"""Live streams across processes on one PostgreSQL: an API server takes the appends (gunicorn,
threaded workers), another server holds the streams (``adjudicator serve --stream-port``, gevent
workers), so every batch reaches the streams only through the database (NOTIFY, and the re-read
from the store).  50 clients follow 5 games while 8 writers append; every client receives every
batch exactly once, in order, with the log's own events and hashes, and the clients that drop and
reconnect with Last-Event-ID lose nothing."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import requests

from tests.conftest import pg_url
from tests.service.servers import ROOT, Appender, Server, create_wowmini, free_port

GAMES = 5
CLIENTS = 50
WRITERS = 8
APPENDS = 6  # per writer
DROPPERS = range(0, CLIENTS, 10)  # these clients drop twice and resume with Last-Event-ID


@dataclass
class StreamingServer(Server):
    """``adjudicator serve`` with ``--stream-port``: ``stream_url`` is the gevent streaming server."""

    stream_port: int = 0
    stream_workers: int = 2

    @property
    def stream_url(self) -> str:
        return f"http://127.0.0.1:{self.stream_port}"

    def start(self, timeout: float = 45) -> "StreamingServer":
        self.port, self.stream_port = free_port(), free_port()
        env = {**os.environ, "ADJUDICATOR_DATABASE_URL": self.database_url, "ADJUDICATOR_STREAM_HEARTBEAT": "1",
               **self.extra_env}
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
        self.workdir.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", "from api.cli import main; main()", "serve", "--port", str(self.port),
                 "--workers", "1", "--stream-port", str(self.stream_port), "--stream-workers", str(self.stream_workers)],
                cwd=self.workdir, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + timeout
        for url in (self.url, self.stream_url):
            while True:
                try:
                    if requests.get(f"{url}/health", timeout=2).status_code == 200:
                        break
                except requests.RequestException:
                    pass
                assert self.proc.poll() is None, f"the server exited:\n{self.output()}"
                assert time.time() < deadline, f"no answer within {timeout} s:\n{self.output()}"
                time.sleep(0.1)
        return self


@dataclass
class Client:
    """Follows one game over SSE; ``drops`` times it closes the connection after a few batches and
    reconnects with Last-Event-ID."""

    base: str
    game: str
    drops: int = 0
    batches: list[dict[str, Any]] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    connections: int = 0
    failure: str | None = None
    started: threading.Event = field(default_factory=threading.Event)
    target: list[int] = field(default_factory=list)  # the head to reach, once the writers are done

    def run(self) -> None:
        try:
            deadline = time.time() + 240
            while not self._done():
                assert time.time() < deadline, "the stream did not reach the head in time"
                self._connect()
        except Exception as exc:  # noqa: BLE001 - reported by the test
            self.failure = f"{type(exc).__name__}: {exc}"
        finally:
            self.started.set()

    def _done(self) -> bool:
        return bool(self.target) and bool(self.batches) and self.batches[-1]["position"] >= self.target[0]

    def _connect(self) -> None:
        headers = {"Last-Event-ID": self.ids[-1]} if self.ids else {}
        self.connections += 1
        drop_after = len(self.batches) + 3 if self.drops else None
        with requests.get(f"{self.base}/games/{self.game}/stream", headers=headers, stream=True,
                          timeout=(5, 30)) as resp:
            assert resp.status_code == 200, resp.text
            fields: dict[str, str] = {}
            for raw in resp.iter_lines(chunk_size=None):
                line = raw.decode()
                if line:
                    if not line.startswith(":") and ":" in line:
                        name, _, value = line.partition(":")
                        fields[name] = value.lstrip(" ")
                    continue
                if "data" in fields:
                    self.batches.append(json.loads(fields["data"]))
                    self.ids.append(fields["id"])
                    self.started.set()
                fields = {}
                if self._done():
                    return
                if drop_after is not None and len(self.batches) >= drop_after:
                    self.drops -= 1
                    return  # the connection closes mid-game; the next one resumes


def log_batches(base: str, game: str) -> list[dict[str, Any]]:
    events = requests.get(f"{base}/games/{game}/events?limit=1000", timeout=10).json()["events"]
    out: list[dict[str, Any]] = []
    for e in events:
        if out and out[-1]["batch"] == e["batch"]:
            out[-1]["events"].append(e)
        else:
            out.append({"batch": e["batch"], "events": [e]})
    return out


def test_fifty_streams_on_one_server_follow_eight_writers_on_another(tmp_path, pg_schema, record_property):
    url = pg_url(pg_schema)
    from events.service.application import GameService

    GameService(url).close()  # the tables, before several workers race to create them
    writers_server = Server(tmp_path / "api", url, workers=2, threads=4).start()
    streams_server = StreamingServer(tmp_path / "streams", url).start()
    try:
        games = [create_wowmini(writers_server.url) for _ in range(GAMES)]
        clients = [Client(streams_server.stream_url, games[i % GAMES], drops=2 if i in DROPPERS else 0)
                   for i in range(CLIENTS)]
        threads = [threading.Thread(target=c.run, daemon=True) for c in clients]
        for t in threads:
            t.start()
        for c in clients:
            assert c.started.wait(60), "a stream did not start"
        assert all(c.failure is None for c in clients), [c.failure for c in clients if c.failure]

        appenders = {g: Appender([writers_server.url], g) for g in games}
        started = time.perf_counter()
        writers = [threading.Thread(target=appenders[games[i % GAMES]].run, args=(i, APPENDS)) for i in range(WRITERS)]
        for w in writers:
            w.start()
        for w in writers:
            w.join(timeout=240)
        seconds = time.perf_counter() - started
        for a in appenders.values():
            assert a.failures == [] and a.server_errors == [] and a.other == [], (a.failures, a.server_errors, a.other)
        logs = {g: log_batches(writers_server.url, g) for g in games}
        for c in clients:
            c.target.append(logs[c.game][-1]["events"][-1]["position"])
        for t in threads:
            t.join(timeout=120)
        assert all(c.failure is None for c in clients), [c.failure for c in clients if c.failure]

        for c in clients:
            expected = logs[c.game]
            assert [b["first"] for b in c.batches] == [b["events"][0]["position"] for b in expected], \
                "a batch missing, repeated or out of order"
            for got, want in zip(c.batches, expected):
                assert [(e["position"], e["hash"]) for e in got["events"]] == \
                       [(e["position"], e["hash"]) for e in want["events"]]
                assert got["game_id"] == c.game
            assert c.ids == [str(b["position"]) for b in c.batches]
        droppers = [clients[i] for i in DROPPERS]
        assert all(c.connections == 3 for c in droppers), [c.connections for c in droppers]
        appended = sum(len(a.acknowledged) for a in appenders.values())
        assert appended == WRITERS * APPENDS
        served = {line["pid"] for line in streams_server.request_log() if line.get("path", "").endswith("/stream")}
        assert not any(line.get("path", "").endswith("/actions") for line in streams_server.request_log())
        line = (f"postgresql: {CLIENTS} streams on {GAMES} games (held by {len(served)} gevent worker(s)) followed {appended} appends by "
                f"{WRITERS} writers on another server in {seconds:.1f} s: every batch once, in order; "
                f"{len(droppers)} clients dropped twice and resumed with Last-Event-ID")
        print("\n" + line)
        record_property("summary", line)
    finally:
        streams_server.stop()
        writers_server.stop()
