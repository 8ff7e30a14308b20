"""Figures 7-10 (issue 15): the append at the floor and the store across games and shards.

7. server CPU per append: ``adjudicator serve`` against a plain Flask + psycopg INSERT service
   (``bench/plain.py``) on the same gunicorn settings (1 worker, gthread, 4 threads), same clients;
8. inserts/s at the store, 4 writers against 1 on many games: the library's recorder (table lock)
   against ``GameRecorder`` (none) against raw single-row INSERTs;
9. appends/s through the service, 4 workers against 1, 16 clients on 16 games;
10. appends/s on two PostgreSQL shards against one, 16 clients on 16 games.

Each is measured side by side in rounds; the machine's load and the cores the benchmark did not
use are printed with every figure (the machine is shared).
"""
from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable
from uuid import UUID, uuid4

from bench.build import create_body, pg_available, pg_drop, pg_schema
from bench.common import Figure, Series
from bench.figures import Settings
from bench.server import ROOT, Server, cpu_seconds, free_port, postgres_pids, start_server

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
MINIMAL = {"Prefer": "return=minimal"}
SHARD_URL = os.environ.get("ADJUDICATOR_BENCH_SHARD_URL", "postgresql://postgres@127.0.0.1:5433/postgres")


# ------------------------------------------------------------------------------------ the machine
def busy_seconds() -> float:
    """CPU seconds the whole machine has spent busy (all cores, from /proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


class Machine:
    """The machine's busy cores during measured runs, and how many of them were not ours."""

    def __init__(self) -> None:
        self.start_load = load()
        self.busy: list[float] = []
        self.others: list[float] = []

    def run(self, fn: Callable[[], Any], pids: Callable[[], list[int]]) -> Any:
        ours = pids()
        t0, b0, c0 = time.time(), busy_seconds(), cpu_seconds(ours) + time.process_time()
        out = fn()
        elapsed = time.time() - t0
        busy = (busy_seconds() - b0) / elapsed
        mine = (cpu_seconds(ours) + time.process_time() - c0) / elapsed
        self.busy.append(busy)
        self.others.append(max(0.0, busy - mine))
        return out

    def note(self) -> str:
        others = statistics.median(self.others) if self.others else 0.0
        text = (f"machine: load average {self.start_load} before, {load()} after; {os.cpu_count()} cores, busy "
                f"{statistics.median(self.busy):.2f} during the runs (median), of which {others:.2f} not this "
                f"benchmark's processes")
        if others >= 0.5:
            text += " -- ANOTHER PROCESS HELD ABOUT HALF A CORE OR MORE during these runs"
        return text


# ------------------------------------------------------------------------------------ load
class Client:
    """One keep-alive connection appending to one game."""

    def __init__(self, port: int, gid: str, action: dict[str, Any], headers: dict[str, str] | None = None,
                 follow: bool = False) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.gid, self.action, self.follow = gid, dict(action), follow
        self.headers = {"Content-Type": "application/json", **(headers or {})}

    def append(self) -> bool:
        self.conn.request("POST", f"/games/{self.gid}/actions", body=json.dumps(self.action).encode(),
                          headers=self.headers)
        resp = self.conn.getresponse()
        raw = resp.read()
        if resp.status != 201:
            return False
        if self.follow:  # a Buffy pass: the next one is the player the answer says acts
            self.action["player"] = json.loads(raw)["state"]["to_act"]
        return True

    def close(self) -> None:
        self.conn.close()


def drive(clients: list[Client], seconds: float) -> tuple[int, int]:
    """Every client appends in a loop for ``seconds``; returns (appends, failures)."""
    counts = [0, 0]
    lock = threading.Lock()
    deadline = time.time() + seconds

    def loop(c: Client) -> None:
        ok = bad = 0
        try:
            while time.time() < deadline:
                if c.append():
                    ok += 1
                else:
                    bad += 1
        except OSError:
            bad += 1
        with lock:
            counts[0] += ok
            counts[1] += bad

    threads = [threading.Thread(target=loop, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 60)
    return counts[0], counts[1]


def create_games(port: int, body: dict[str, Any], n: int) -> list[str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    out = []
    for _ in range(n):
        conn.request("POST", "/games", body=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        doc = json.loads(resp.read())
        if resp.status != 201:
            raise RuntimeError(f"POST /games: {resp.status} {doc}")
        out.append(doc["id"])
    conn.close()
    return out


def start_plain(url: str, schema: str, workdir: Path) -> Server:
    """bench/plain.py under gunicorn with the settings ``adjudicator serve`` uses (1 worker, gthread,
    4 threads)."""
    from bench.plain import create_table

    base = url.split("?")[0]
    create_table(base, schema)
    port = free_port()
    log = workdir / f"plain-{port}.log"
    env = {**os.environ, "PLAIN_DATABASE_URL": base, "PLAIN_SCHEMA": schema,
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-k", "gthread", "--threads", "4", "-w", "1",
                                 "-b", f"127.0.0.1:{port}", "--timeout", "120", "bench.plain:app"],
                                cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(proc, port, 1, log)
    deadline = time.time() + 60
    while True:
        try:
            c = Client(port, str(uuid4()), TICK)
            ok = c.append()
            c.close()
            if ok:
                return server
        except OSError:
            pass
        if proc.poll() is not None or time.time() > deadline:
            server.stop()
            raise RuntimeError(f"the plain service did not start: {log.read_text()[-1500:]}")
        time.sleep(0.2)


# ------------------------------------------------------------------------------------ figure 7
def figure_cpu(s: Settings) -> Figure | None:
    problem = pg_available(s.pg_url) if s.pg_url else "no PostgreSQL URL"
    if problem is not None:
        print(f"\n[7] skipped: {problem}")
        return None
    schema = f"bench_cpu_{os.getpid()}"
    url = pg_schema(s.pg_url, schema)
    seconds = 2.0 if s.quick else 3.0
    rounds = 3 if s.quick else 5
    n = 4
    machine = Machine()
    servers: list[Server] = []
    try:
        adj = start_server(url, 1, s.workdir)
        plain = start_plain(url, schema, s.workdir)
        servers += [adj, plain]
        buffy = create_games(adj.port, create_body(), n)
        wow = create_games(adj.port, {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}, n)
        follow = {g: "p1" for g in buffy}
        plain_games = [str(uuid4()) for _ in range(n)]
        ops: dict[str, tuple[Server, Callable[[], list[Client]]]] = {
            "adjudicator: Buffy pass, full answer (state document and trace)":
                (adj, lambda: [Client(adj.port, g, {"type": "pass", "player": follow[g]}, follow=True) for g in buffy]),
            "adjudicator: WoW Minis advance_time, Prefer: return=minimal":
                (adj, lambda: [Client(adj.port, g, TICK, MINIMAL) for g in wow]),
            "plain Flask + psycopg INSERT service": (plain, lambda: [Client(plain.port, g, TICK) for g in plain_games]),
        }
        series = {k: Series(k, unit="ms") for k in ops}
        failures = 0
        names = list(ops)
        for r in range(rounds + 1):  # the first round warms up (caches, pools, prepared statements)
            for name in names[r % 3:] + names[:r % 3]:
                server, make = ops[name]
                clients = make()
                workers = server.pids()
                c0 = cpu_seconds(workers)
                done, bad = machine.run(lambda: drive(clients, seconds), lambda: workers + postgres_pids())
                cpu = cpu_seconds(workers) - c0
                for c in clients:
                    if c.follow:
                        follow[c.gid] = c.action["player"]
                    c.close()
                failures += bad
                if r and done:
                    series[name].values.append(cpu / done)
    finally:
        for server in servers:
            server.stop()
        pg_drop(s.pg_url, schema)
    full, minimal, floor = series.values()
    f = Figure(7, f"server CPU per append (user+system of the gunicorn worker / appends), {n} clients on {n} "
                  f"games, 1 worker x 4 threads (gthread) for both services, PostgreSQL, {seconds:.0f} s runs",
               series=[full, minimal, floor], ratio_label="adjudicator append CPU / plain INSERT service CPU "
               "(Buffy pass, full answer)", ratio=full.median / floor.median, target="<= 2x")
    f.met = f.ratio <= 2
    f.notes.append(f"with Prefer: return=minimal (WoW Minis advance_time) the ratio is {minimal.median / floor.median:.2f}x; "
                   f"{failures} failed appends")
    f.notes.append(machine.note())
    f.print()
    return f


# ------------------------------------------------------------------------------------ figure 8
def _recorders(url: str) -> dict[str, Any]:
    from eventsourcing.persistence import InfrastructureFactory
    from eventsourcing.postgres import PostgresApplicationRecorder
    from eventsourcing.utils import Environment

    from events.service.recorders import GameRecorder
    from events.service.store import env_for

    factory = InfrastructureFactory.construct(Environment("Bench", {**env_for(url), "POSTGRES_POOL_SIZE": "5"}))
    locked = PostgresApplicationRecorder(factory.datastore, events_table_name="locked_events")
    free = GameRecorder(factory.datastore, events_table_name="free_events")
    for r in (locked, free):
        r.create_table()
    return {"factory": factory, "library ApplicationRecorder (LOCK TABLE)": locked, "GameRecorder (no lock)": free}


def _insert_loop(insert: Callable[[UUID, int], None], writers: int, seconds: float) -> float:
    counts = [0] * writers
    deadline = time.time() + seconds

    def loop(i: int) -> None:
        games = [uuid4() for _ in range(64)]
        version = 0
        while time.time() < deadline:
            version += 1
            for g in games:
                if time.time() >= deadline:
                    break
                insert(g, version)
                counts[i] += 1

    threads = [threading.Thread(target=loop, args=(i,)) for i in range(writers)]
    t0 = time.time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.time() - t0)


def figure_store_writers(s: Settings) -> Figure | None:
    problem = pg_available(s.pg_url) if s.pg_url else "no PostgreSQL URL"
    if problem is not None:
        print(f"\n[8] skipped: {problem}")
        return None
    import psycopg
    from eventsourcing.persistence import StoredEvent

    schema = f"bench_ins_{os.getpid()}"
    url = pg_schema(s.pg_url, schema)
    seconds = 1.5 if s.quick else 2.5
    rounds = 2 if s.quick else 4
    payload = b'{"type":"pass","data":{"player":"p1"}}' * 12
    machine = Machine()
    recs = _recorders(url)
    raw_conns: list[psycopg.Connection] = []
    raw_sql = f'INSERT INTO "{schema}".free_events (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)'
    local = threading.local()

    def raw_insert(g: UUID, v: int) -> None:
        conn = getattr(local, "conn", None)
        if conn is None:
            conn = local.conn = psycopg.connect(url.split("?")[0], autocommit=True)
            raw_conns.append(conn)
        conn.execute(raw_sql, (g, v, "t", payload), prepare=True)

    def recorder_insert(rec: Any) -> Callable[[UUID, int], None]:
        return lambda g, v: rec.insert_events([StoredEvent(g, v, "t", payload)])

    ops = {name: recorder_insert(rec) for name, rec in recs.items() if name != "factory"}
    ops["raw psycopg INSERT, a connection per writer"] = raw_insert
    series: dict[str, Series] = {}
    try:
        for r in range(rounds):
            for name, insert in ops.items():
                for writers in ((1, 4) if r % 2 == 0 else (4, 1)):
                    label = f"{name}, {writers} writer{'s' if writers > 1 else ''}"
                    rate = machine.run(lambda: _insert_loop(insert, writers, seconds), postgres_pids)
                    series.setdefault(label, Series(label, unit="inserts/s", scale=1.0)).values.append(rate)
    finally:
        for conn in raw_conns:
            conn.close()
        recs["factory"].close()
        pg_drop(s.pg_url, schema)
    rows = list(series.values())
    med = {k: v.median for k, v in series.items()}
    free1, free4 = med["GameRecorder (no lock), 1 writer"], med["GameRecorder (no lock), 4 writers"]
    f = Figure(8, f"inserts/s at the store, 4 writers against 1, each writer on 64 games of its own (one event "
                  f"per insert, autocommit), {seconds} s runs", series=rows,
               ratio_label="GameRecorder 4 writers / 1 writer", ratio=free4 / free1, target=">= 2x")
    f.met = f.ratio >= 2
    locked1 = med["library ApplicationRecorder (LOCK TABLE), 1 writer"]
    locked4 = med["library ApplicationRecorder (LOCK TABLE), 4 writers"]
    f.notes.append(f"the library's recorder: 4 writers / 1 writer = {locked4 / locked1:.2f}x; GameRecorder with 4 "
                   f"writers / the library's with 4 = {free4 / locked4:.2f}x")
    f.notes.append(machine.note())
    f.print()
    return f


# ------------------------------------------------------------------------------------ figures 9, 10
def _appends_per_second(servers: dict[str, Server], games: dict[str, list[str]], seconds: float, rounds: int,
                        machine: Machine) -> dict[str, Series]:
    series = {k: Series(k, unit="appends/s", scale=1.0) for k in servers}
    names = list(servers)
    for r in range(rounds + 1):
        for name in names[r % len(names):] + names[:r % len(names)]:
            server = servers[name]
            clients = [Client(server.port, g, TICK, MINIMAL) for g in games[name]]
            done, _ = machine.run(lambda: drive(clients, seconds), lambda: server.pids() + postgres_pids())
            for c in clients:
                c.close()
            if r:
                series[name].values.append(done / seconds)
    return series


def figure_workers(s: Settings) -> Figure | None:
    problem = pg_available(s.pg_url) if s.pg_url else "no PostgreSQL URL"
    if problem is not None:
        print(f"\n[9] skipped: {problem}")
        return None
    schema = f"bench_wk_{os.getpid()}"
    url = pg_schema(s.pg_url, schema)
    seconds = 2.0 if s.quick else 3.0
    machine = Machine()
    servers: dict[str, Server] = {}
    try:
        for w in (1, 4):
            servers[f"{w} worker{'s' if w > 1 else ''}"] = start_server(url, w, s.workdir)
        body = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
        games = {k: create_games(v.port, body, 16) for k, v in servers.items()}
        series = _appends_per_second(servers, games, seconds, 2 if s.quick else 4, machine)
    finally:
        for server in servers.values():
            server.stop()
        pg_drop(s.pg_url, schema)
    one, four = series.values()
    f = Figure(9, f"appends/s through `adjudicator serve --workers N` (4 threads each), 16 clients on 16 games, "
                  f"WoW Minis advance_time with Prefer: return=minimal, PostgreSQL, {seconds:.0f} s runs",
               series=[one, four], ratio_label="4 workers / 1 worker", ratio=four.median / one.median,
               target="(no target; recorded with the machine's CPU)")
    f.notes.append(machine.note())
    f.print()
    return f


def figure_shards(s: Settings) -> Figure | None:
    problem = pg_available(s.pg_url) if s.pg_url else "no PostgreSQL URL"
    problem = problem or pg_available(SHARD_URL)
    if problem is not None:
        print(f"\n[10] skipped: {problem} (a second PostgreSQL server: scripts/test starts one on 5433)")
        return None
    schema = f"bench_sh_{os.getpid()}"
    one_url = pg_schema(s.pg_url, schema)
    two_url = f"{one_url} {pg_schema(SHARD_URL, schema)}"
    seconds = 2.0 if s.quick else 3.0
    machine = Machine()
    servers: dict[str, Server] = {}
    try:
        servers["one shard"] = start_server(one_url, 2, s.workdir)
        servers["two shards"] = start_server(two_url, 2, s.workdir)
        body = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
        games = {k: create_games(v.port, body, 16) for k, v in servers.items()}
        series = _appends_per_second(servers, games, seconds, 2 if s.quick else 4, machine)
    finally:
        for server in servers.values():
            server.stop()
        pg_drop(s.pg_url, schema)
        pg_drop(SHARD_URL, schema)
    one, two = series.values()
    f = Figure(10, f"appends/s on two PostgreSQL shards (two clusters, ports 5432 and 5433) against one, "
                   f"`adjudicator serve --workers 2`, 16 clients on 16 games, {seconds:.0f} s runs",
               series=[one, two], ratio_label="two shards / one shard", ratio=two.median / one.median,
               target="(no target; both servers share this machine's cores)")
    f.notes.append("both shards run on this one machine, on the cores the service and the clients use: the "
                   "figure shows what the routing costs, not what a second machine adds")
    f.notes.append(machine.note())
    f.print()
    return f
