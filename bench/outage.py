"""Figure 13 (``python -m bench --only 13 --out bench/results/outage``): recovery after a PostgreSQL
outage.  A PostgreSQL server of the benchmark's own (``Cluster``: initdb in a temporary directory)
is really stopped (``pg_ctl stop -m fast``) and started again while a client keeps asking; the
figure is the time from the server accepting connections again to the first success, and to the
last 503 after which every request succeeds.

Two clients: the app in this process (Flask's test client, one service, one pool: a judge's app
listing games and appending every 0.5 s), which shows the pool's reconnection schedule directly;
and ``adjudicator serve --workers 2`` with two HTTP clients appending (and one asking /health).
The shared PostgreSQL server is never stopped.
"""
from __future__ import annotations

import http.client
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from bench.common import Figure, Series
from bench.figures import Settings
from bench.server import free_port, start_server

TICK = json.dumps({"type": "advance_time", "player": "p1", "ticks": 1}).encode()
CREATE = json.dumps({"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).encode()
CLIENTS = 2
PACE = 0.5  # seconds between a client's appends: a table's judges, not a load test (a busy pool has
# many reconnection attempts pending and one of them soon finds the store back; a quiet one has one)
SETTLE = 45.0  # seconds after the restore within which every append must succeed again


class Cluster:
    """A PostgreSQL server of the benchmark's own (initdb in a temporary directory, a free port),
    really stopped (``pg_ctl stop -m fast``: every session terminated, new ones refused) and
    started again; ``restore`` returns once the server accepts connections.  Made only where the
    PostgreSQL server binaries are installed; run as the ``postgres`` user when this process is
    root (initdb refuses root)."""

    def __init__(self, workdir: Path):
        self.bin = pg_bin()
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


def pg_bin() -> Path | None:
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


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


def one_outage(port: int, games: list[str], cluster: Cluster, outage: float) -> Timeline:
    """Stops the server for ``outage`` seconds while clients append, starts it, and records what
    the clients got until every append succeeds again (or ``SETTLE`` seconds)."""
    line, stop, restored = Timeline(), threading.Event(), []
    threads = [threading.Thread(target=_append_loop, args=(port, games[i % len(games)], stop, restored, line, i == 0))
               for i in range(CLIENTS)]
    for t in threads:
        t.start()
    time.sleep(1.0)  # the pools are busy and warm
    cluster.cut()
    time.sleep(outage)
    cluster.restore()
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


def in_process(url: str, cluster: Cluster, outage: float) -> tuple[float | None, float]:
    """The app in this process: lists games and appends every 0.5 s through an outage of
    ``outage`` seconds, then every 0.25 s.  Returns (first success, last failure) in seconds
    after the server is back, by when each request was sent."""
    from api import create_app

    os.environ["ADJUDICATOR_STORE_TIMEOUT"] = "2"
    app = create_app({"DATABASE_URL": url, "TESTING": True, "REQUEST_LOG": "0"})
    client = app.test_client()
    body = json.loads(TICK)
    try:
        gid = client.post("/games", json=json.loads(CREATE)).get_json()["id"]
        cluster.cut()
        stopped = time.monotonic()
        while time.monotonic() - stopped < outage:
            client.get("/games?limit=1")
            time.sleep(0.5)
        cluster.restore()
        back = time.monotonic()
        answers: list[tuple[float, bool]] = []
        while time.monotonic() - back < SETTLE and not _settled(answers):
            sent = time.monotonic() - back
            ok = client.get("/games?limit=1").status_code == 200
            ok = client.post(f"/games/{gid}/actions", json=body).status_code == 201 and ok
            answers.append((sent, ok))
            time.sleep(0.25)
    finally:
        app.extensions["games"].close()
    first = min((t for t, ok in answers if ok), default=None)
    return first, max((t for t, ok in answers if not ok), default=0.0)


def _settled(answers: list[tuple[float, bool]]) -> bool:
    return len(answers) >= 12 and all(ok for _, ok in answers[-12:])


def figure_outage(s: Settings) -> Figure | None:
    try:
        cluster = Cluster(s.workdir)
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        print(f"\n[13] skipped: no PostgreSQL server of the benchmark's own ({exc})", flush=True)
        return None
    rounds = 1 if s.quick else 3
    series: list[Series] = []
    notes: list[str] = []
    try:
        for outage in ([10.0, 20.0] if s.quick else [10.0, 20.0, 40.0]):
            first = Series(f"app in process, outage of {outage:.0f} s: server back -> first success", unit="s", scale=1.0)
            last = Series(f"app in process, outage of {outage:.0f} s: server back -> last 503", unit="s", scale=1.0)
            for _ in range(rounds):
                ok, failed = in_process(cluster.url, cluster, outage)
                first.values.append(ok if ok is not None else float("inf"))
                last.values.append(failed)
            series += [first, last]
        server_series, server_notes = _served(s, cluster)
        series += server_series
        notes += server_notes
    finally:
        cluster.close()
    worst = max(max(x.values) for x in series if "last 503" in x.label)
    f = Figure(13, "recovery after a PostgreSQL outage (a server of the benchmark's own stopped with pg_ctl stop "
                   "-m fast and started; ADJUDICATOR_STORE_TIMEOUT=2)",
               series=series, ratio_label="worst time from the server back to the last 503, s",
               ratio=worst, target="<= 1.5 s")
    f.met = worst <= 1.5
    f.notes.extend(notes)
    f.print()
    return f


def _served(s: Settings, cluster: Cluster) -> tuple[list[Series], list[str]]:
    """``adjudicator serve --workers 2``, two clients appending every ``PACE`` s through outages."""
    outages = [15.0] if s.quick else [15.0, 30.0]
    server = start_server(cluster.url, 2, s.workdir, extra_env={"ADJUDICATOR_STORE_TIMEOUT": "2",
                                                               "ADJUDICATOR_REQUEST_LOG": "0"})
    first = {o: Series(f"served, outage of {o:.0f} s: server back -> first 201", unit="s", scale=1.0) for o in outages}
    settled = {o: Series(f"served, outage of {o:.0f} s: server back -> last 503", unit="s", scale=1.0)
               for o in outages}
    notes: list[str] = []
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        games = []
        for _ in range(CLIENTS):
            conn.request("POST", "/games", body=CREATE, headers={"Content-Type": "application/json"})
            games.append(json.loads(conn.getresponse().read())["id"])
        conn.close()
        for _ in range(1 if s.quick else 2):
            for outage in outages:
                line = one_outage(server.port, games, cluster, outage)
                ok = line.first(line.appends, 201)
                first[outage].values.append(ok if ok is not None else float("inf"))
                settled[outage].values.append(line.last_failure())
                health_ok = line.first(line.health, 200)
                stale = sum(1 for t, st in line.appends if st != 201 and health_ok is not None and t > health_ok)
                notes.append(f"served, outage {outage:.0f} s: first 201 after {_secs(ok)}, last non-201 sent at "
                             f"{_secs(line.last_failure())}, /health 200 from {_secs(health_ok)}; {stale} appends "
                             f"refused after /health said ok ({len(line.appends)} appends after the restore)")
                time.sleep(2)
    finally:
        server.stop()
    return [x for o in outages for x in (first[o], settled[o])], notes
