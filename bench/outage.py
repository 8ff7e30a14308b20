"""Figure 13 (``python -m bench --only 13 --out bench/results/outage``): recovery after a PostgreSQL
outage.  ``adjudicator serve --workers 2`` reaches PostgreSQL through a relay (``Relay``) that this
process can cut (every connection reset, new ones refused, as when the server is stopped) and
restore (new connections reach the server again, as when it is back).  Appends run through the
outage from a few clients; the figure is the time from the store answering again (the relay
restored) to the first 201, and to the last 503 (after which every append succeeds), with what
``/health`` said meanwhile.

The server's PostgreSQL itself is never stopped: it is shared with other work on the machine.
"""
from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Protocol
from urllib.parse import urlparse

import psycopg

from bench.build import pg_available, pg_drop, pg_schema
from bench.common import Figure, Series
from bench.figures import Settings
from bench.server import free_port, start_server


class Outage(Protocol):
    def cut(self) -> None: ...
    def restore(self) -> None: ...

TICK = json.dumps({"type": "advance_time", "player": "p1", "ticks": 1}).encode()
CREATE = json.dumps({"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).encode()
CLIENTS = 2
PACE = 0.5  # seconds between a client's appends: a table's judges, not a load test (a busy pool has
# many reconnection attempts pending and one of them soon finds the store back; a quiet one has one)
SETTLE = 45.0  # seconds after the restore within which every append must succeed again


class Relay:
    """A TCP relay to PostgreSQL that can be cut and restored."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(128)
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
            try:
                upstream = socket.create_connection(self.target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                self._reset(client)
                continue
            with self.lock:
                self.held += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        while True:
            try:
                data = src.recv(65536)
                if not data:
                    dst.shutdown(socket.SHUT_WR)
                    return
                dst.sendall(data)
            except OSError:
                return

    @staticmethod
    def _reset(sock: socket.socket) -> None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # RST, not FIN
            sock.close()
        except OSError:
            pass

    def cut(self) -> None:
        self.down.set()
        with self.lock:
            for sock in self.held:
                self._reset(sock)
            self.held.clear()

    def restore(self) -> None:
        self.down.clear()

    def close(self) -> None:
        self.cut()
        self.listener.close()


class Cluster:
    """A PostgreSQL server of the benchmark's own (initdb in a temporary directory, a free port),
    really stopped (``pg_ctl stop -m fast``: every session terminated, new ones refused) and
    started again; ``restore`` returns once the server accepts connections.  Made only where the
    PostgreSQL server binaries are installed; run as the ``postgres`` user when this process is
    root (initdb refuses root)."""

    def __init__(self, workdir: Path):
        self.bin = _pg_bin()
        if self.bin is None:
            raise RuntimeError("no PostgreSQL server binaries (initdb, pg_ctl)")
        home = Path(tempfile.mkdtemp(prefix="adjudicator-bench-pg-"))  # not under workdir: its mode is 700
        home.chmod(0o755)
        self.home = home
        self.data = home / "data"
        self.data.mkdir()
        self.port = free_port()
        self.user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres")
            self.user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "--auth=trust", "-U", "postgres")
        self.restore()
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE bench")
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/bench"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self.user, str(self.bin / tool), *args], check=True, capture_output=True, timeout=120)

    def cut(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def restore(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.data / "server.log"), "-o",
                  f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off", "start")

    def close(self) -> None:
        try:
            self.cut()
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.home, ignore_errors=True)


def _pg_bin() -> Path | None:
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


def relayed(url: str, relay: Relay) -> str:
    """``url`` (postgresql://...?schema=...) through the relay."""
    u = urlparse(url)
    auth = f"{u.username}{':' + u.password if u.password else ''}@" if u.username else ""
    return f"postgresql://{auth}127.0.0.1:{relay.port}{u.path}{'?' + u.query if u.query else ''}"


@dataclass
class Timeline:
    """What the clients saw after the restore: (seconds since the restore, status) per request."""

    appends: list[tuple[float, int]] = field(default_factory=list)
    health: list[tuple[float, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def first(self, rows: list[tuple[float, int]], status: int) -> float | None:
        return min((t for t, s in rows if s == status and t >= 0), default=None)

    def last_failure(self) -> float:
        return max((t for t, s in self.appends if s != 201 and t >= 0), default=0.0)


def _request(port: int, method: str, path: str, body: bytes | None = None) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    except OSError:
        return 0
    finally:
        conn.close()


def _append_loop(port: int, gid: str, stop: threading.Event, restored: list[float], line: Timeline,
                 health: bool) -> None:
    while not stop.is_set():  # each request is timed from when it was sent
        sent = time.perf_counter()
        status = _request(port, "POST", f"/games/{gid}/actions", TICK)
        if restored:
            with line.lock:
                line.appends.append((sent - restored[0], status))
        if health:
            sent = time.perf_counter()
            h = _request(port, "GET", "/health")
            if restored:
                with line.lock:
                    line.health.append((sent - restored[0], h))
        time.sleep(PACE)


def one_outage(port: int, games: list[str], relay: Outage, outage: float) -> Timeline:
    """Cuts the relay for ``outage`` seconds while clients append, restores it, and records what
    the clients got until every append succeeds again (or ``SETTLE`` seconds)."""
    line, stop, restored = Timeline(), threading.Event(), []
    threads = [threading.Thread(target=_append_loop, args=(port, games[i % len(games)], stop, restored, line, i == 0))
               for i in range(CLIENTS)]
    for t in threads:
        t.start()
    time.sleep(1.0)  # the pools are busy and warm
    relay.cut()
    time.sleep(outage)
    relay.restore()
    restored.append(time.perf_counter())
    deadline = restored[0] + SETTLE
    while time.perf_counter() < deadline:
        time.sleep(0.5)
        with line.lock:
            recent = [s for t, s in line.appends if t > line.last_failure()]
        if len(recent) >= 8 * CLIENTS and all(s == 201 for s in recent) and line.last_failure() > 0 \
                and time.perf_counter() - restored[0] > line.last_failure() + 3:
            break
    stop.set()
    for t in threads:
        t.join(timeout=60)
    return line


def _secs(value: float | None) -> str:
    return "never (within the settling time)" if value is None else f"{value:.2f} s"


def _private(s: Settings) -> tuple[Outage, str, str, Callable[[], None]] | None:
    """A private PostgreSQL server really stopped and started, when the binaries are here."""
    try:
        cluster = Cluster(s.workdir)
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        print(f"\n[13] no private PostgreSQL server to stop ({exc})", flush=True)
        return None
    return cluster, cluster.url, "PostgreSQL stopped (pg_ctl stop -m fast) and started", cluster.close


def _relayed(s: Settings) -> tuple[Outage, str, str, Callable[[], None]] | None:
    """A relay to ``--pg`` cut (connections reset, new ones refused) and restored."""
    problem = pg_available(s.pg_url) if s.pg_url else "no PostgreSQL URL"
    if problem is not None:
        print(f"\n[13] no relay: {problem}")
        return None
    u = urlparse(s.pg_url)
    relay = Relay((u.hostname or "127.0.0.1", u.port or 5432))
    schema = f"bench_outage_{os.getpid()}"
    url = relayed(pg_schema(s.pg_url, schema), relay)

    def clean() -> None:
        relay.close()
        pg_drop(s.pg_url, schema)

    return relay, url, "PostgreSQL cut off through a relay (connections reset, new ones refused)", clean


def figure_outage(s: Settings) -> Figure | None:
    """Both kinds of outage that can be made here, one after the other, in one figure."""
    series: list[Series] = []
    notes: list[str] = []
    hows: list[str] = []
    for make in (_relayed, _private):
        store = make(s)
        if store is None:
            continue
        kind_series, kind_notes = _outages(s, *store)
        series += kind_series
        notes += kind_notes
        hows.append(store[2])
    if not series:
        print("\n[13] skipped: no PostgreSQL")
        return None
    worst = max(max(x.values) for x in series if "last 503" in x.label)
    f = Figure(13, f"recovery after a PostgreSQL outage (`adjudicator serve --workers 2`, "
                   f"ADJUDICATOR_STORE_TIMEOUT=2, {CLIENTS} clients appending every {PACE} s through the outage; "
                   f"{'; then '.join(hows)})",
               series=series, ratio_label="worst time from the store answering to the last 503, s",
               ratio=worst, target="<= 3 s")
    f.met = worst <= 3.0
    f.notes.extend(notes)
    f.print()
    return f


def _outages(s: Settings, relay: Outage, url: str, how: str,
             clean: Callable[[], None]) -> tuple[list[Series], list[str]]:
    kind = "relay" if isinstance(relay, Relay) else "stop"
    outages = [5.0, 15.0] if s.quick else [5.0, 15.0, 30.0]
    rounds = 1 if s.quick else 2
    try:
        server = start_server(url, 2, s.workdir, extra_env={"ADJUDICATOR_STORE_TIMEOUT": "2",
                                                          "ADJUDICATOR_REQUEST_LOG": "0"})
    except RuntimeError:
        clean()
        raise
    first = {o: Series(f"{kind}, outage of {o:.0f} s: store answering -> first 201", unit="s", scale=1.0)
             for o in outages}
    settled = {o: Series(f"{kind}, outage of {o:.0f} s: store answering -> last 503", unit="s", scale=1.0)
               for o in outages}
    notes: list[str] = []
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        games = []
        for _ in range(CLIENTS):
            conn.request("POST", "/games", body=CREATE, headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            games.append(json.loads(resp.read())["id"])
        conn.close()
        for _ in range(rounds):
            for outage in outages:
                line = one_outage(server.port, games, relay, outage)
                ok = line.first(line.appends, 201)
                first[outage].values.append(ok if ok is not None else float("inf"))
                settled[outage].values.append(line.last_failure())
                health_ok = line.first(line.health, 200)
                stale = sum(1 for t, st in line.appends if st != 201 and health_ok is not None and t > health_ok)
                notes.append(f"{kind}, outage {outage:.0f} s: first 201 after {_secs(ok)}, last non-201 sent at "
                             f"{_secs(line.last_failure())}, /health 200 from {_secs(health_ok)}; {stale} appends "
                             f"refused after /health said ok ({len(line.appends)} appends after the restore)")
                time.sleep(2)
    finally:
        server.stop()
        clean()
    return [x for o in outages for x in (first[o], settled[o])], notes
