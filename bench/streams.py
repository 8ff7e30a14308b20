"""Figure 11 (``python -m bench --only 11 --out bench/results/streams``): live streams.  1,000 idle streams held by the streaming server on one host
(``adjudicator serve --stream-port``, gevent workers) while appends run against the API workers;
the append throughput with the streams open against the same without them, round by round, and the
memory each idle stream costs the streaming worker.

The streams are plain sockets in this process (one ``GET /games/{id}/stream`` each, read only at
the end), so the client side costs no thread per stream.  At the end one append on each followed
game checks that every stream is alive and receives it.
"""
from __future__ import annotations

import http.client
import json
import os
import selectors
import socket
import statistics
import subprocess
import threading
import time
from pathlib import Path
from types import SimpleNamespace

from bench.build import pg_available, pg_drop, pg_schema
from bench.common import Figure, Series
from bench.figures import Settings
from bench.server import ROOT, Server, free_port, rss_kb, serve_command

STREAMS = 1000
FOLLOWED_GAMES = 20
HEARTBEAT = 15  # seconds, the default (api/stream/__init__.py)
TICK = json.dumps({"type": "advance_time", "player": "p1", "ticks": 1}).encode()
CREATE = json.dumps({"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).encode()


def _children(pid: int) -> list[int]:
    return Server(SimpleNamespace(pid=pid), 0, 0, Path()).pids()  # type: ignore[arg-type]


def _stream_workers(master: int) -> list[int]:
    """The gevent workers: children of the streaming master, itself a child of the API's master."""
    for child in _children(master):
        try:
            cmd = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"api.stream.server" in cmd:
            return _children(child)
    return []


def _wait_health(port: int, proc: subprocess.Popen, deadline: float) -> None:
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/health")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        if proc.poll() is not None or time.time() > deadline:
            raise RuntimeError(f"the server on port {port} did not start")
        time.sleep(0.2)


def start(url: str, workdir: Path, api_workers: int = 2) -> tuple[Server, int]:
    """``adjudicator serve`` with a streaming port; returns the server and the streaming port."""
    port, stream_port = free_port(), free_port()
    log = workdir / f"server-streams-{port}.log"
    env = {**os.environ, "ADJUDICATOR_DATABASE_URL": url, "ADJUDICATOR_REQUEST_LOG": "0",
           "ADJUDICATOR_STREAM_HEARTBEAT": str(HEARTBEAT)}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    with open(log, "wb") as out:
        proc = subprocess.Popen([*serve_command(), "serve", "--port", str(port), "--workers", str(api_workers),
                                 "--stream-port", str(stream_port), "--stream-workers", "1",
                                 "--stream-cap", str(STREAMS + 50)],
                                cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(proc, port, api_workers, log)
    deadline = time.time() + 60
    try:
        _wait_health(port, proc, deadline)
        _wait_health(stream_port, proc, deadline)
    except RuntimeError:
        server.stop()
        raise RuntimeError(f"the server did not start: {log.read_text()[-2000:]}") from None
    return server, stream_port


def _post(conn: http.client.HTTPConnection, path: str, body: bytes) -> dict:
    conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    if resp.status != 201:
        raise RuntimeError(f"POST {path}: {resp.status} {data[:200]!r}")
    return json.loads(data)


def open_streams(port: int, games: list[str], count: int) -> list[socket.socket]:
    """``count`` SSE streams spread over ``games``, each past its first bytes (the server holds
    it).  Raises RuntimeError when one is refused."""
    socks = []
    for i in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        gid = games[i % len(games)]
        s.sendall(f"GET /games/{gid}/stream?after=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        socks.append(s)
        if len(socks) % 100 == 0:  # not all in flight at once: the listen backlog is finite
            _first_bytes(socks[-100:])
    _first_bytes(socks[len(socks) - len(socks) % 100:])
    return socks


def _first_bytes(socks: list[socket.socket]) -> None:
    for s in socks:
        head = s.recv(4096)
        if not head.startswith(b"HTTP/1.1 200"):
            raise RuntimeError(f"a stream was refused: {head[:300]!r}")


def close_streams(socks: list[socket.socket]) -> None:
    for s in socks:
        s.close()


def _appender(port: int, gid: str, deadline: float, counts: list[int], i: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.perf_counter() < deadline:
        _post(conn, f"/games/{gid}/actions", TICK)
        counts[i] += 1
    conn.close()


def append_rate(port: int, games: list[str], seconds: float) -> float:
    """Appends per second by one thread per game for ``seconds``."""
    counts = [0] * len(games)
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    threads = [threading.Thread(target=_appender, args=(port, g, deadline, counts, i)) for i, g in enumerate(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.perf_counter() - started)


def all_receive(socks: list[socket.socket], timeout: float = 60) -> int:
    """How many streams received a data line (after one append on each followed game)."""
    sel = selectors.DefaultSelector()
    for s in socks:
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ, bytearray())
    got = 0
    deadline = time.time() + timeout
    while got < len(socks) and time.time() < deadline:
        for key, _ in sel.select(timeout=1):
            try:
                chunk = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            key.data.extend(chunk)
            if b"\ndata: " in key.data or key.data.startswith(b"data: ") or not chunk:
                sel.unregister(key.fileobj)
                got += bool(chunk)
    sel.close()
    return got


def figure_streams(s: Settings) -> Figure | None:
    pg = s.pg_url and pg_available(s.pg_url) is None
    schema = f"bench_streams_{os.getpid()}"
    url = pg_schema(s.pg_url, schema) if pg else f"sqlite:///{s.workdir / 'streams.sqlite'}"
    seconds = 3.0 if s.quick else 6.0
    rounds = 2 if s.quick else max(3, s.rounds - 2)
    server, stream_port = start(url, s.workdir)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        appended = [_post(conn, "/games", CREATE)["id"] for _ in range(4)]
        followed = [_post(conn, "/games", CREATE)["id"] for _ in range(FOLLOWED_GAMES)]
        append_rate(server.port, appended, 1.5)  # warm-up: caches, pools, snapshots
        workers = _stream_workers(server.proc.pid)
        without = Series("appends/s without streams", unit="req/s", scale=1.0)
        with_streams = Series(f"appends/s with {STREAMS:,} idle streams open", unit="req/s", scale=1.0)
        per_stream: list[float] = []
        opened_in: list[float] = []
        for r in range(rounds):
            for label in (("without", "with") if r % 2 == 0 else ("with", "without")):
                if label == "without":
                    without.values.append(append_rate(server.port, appended, seconds))
                    continue
                base = sum(rss_kb(p) for p in workers)
                t0 = time.perf_counter()
                socks = open_streams(stream_port, followed, STREAMS)
                opened_in.append(time.perf_counter() - t0)
                time.sleep(1.0)
                per_stream.append((sum(rss_kb(p) for p in workers) - base) / STREAMS)
                with_streams.values.append(append_rate(server.port, appended, seconds))
                if r == rounds - 1:
                    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)  # the old one idled out
                    for gid in followed:
                        _post(conn, f"/games/{gid}/actions", TICK)
                    received = all_receive(socks)
                close_streams(socks)
                time.sleep(HEARTBEAT + 2)  # the server notices a closed socket when its next heartbeat fails
    finally:
        server.stop()
        if pg:
            pg_drop(s.pg_url, schema)
    store = "PostgreSQL" if pg else "SQLite"
    f = Figure(11, f"appends on {store} with {STREAMS:,} idle live streams held by the streaming server "
                  f"(`adjudicator serve --workers 2 --stream-port`, 1 gevent worker) against none, "
                  f"{len(appended)} appending clients, {seconds:.0f} s per run",
               series=[without, with_streams], ratio_label="with streams / without",
               ratio=with_streams.median / without.median, target=">= 0.80")
    f.met = f.ratio >= 0.80
    f.extra = {"kb_per_idle_stream": per_stream[0], "kb_per_idle_stream_reopened": per_stream[1:], "streams": STREAMS}
    f.notes.append(f"memory per idle stream: {per_stream[0]:.1f} kB of the gevent worker's RSS, from the first "
                   f"opening of {STREAMS:,} (later openings reuse memory the closed ones freed: "
                   f"{', '.join(f'{x:.1f}' for x in per_stream[1:]) or '-'} kB)")
    f.notes.append(f"{STREAMS:,} streams opened in {statistics.median(opened_in):.1f} s; at the end one append on "
                   f"each of the {FOLLOWED_GAMES} followed games reached {received:,} of {STREAMS:,} streams")
    f.print()
    return f
