"""Figures 5 and 6: the real server (``adjudicator serve``, gunicorn) on PostgreSQL.

Every server runs in a process group of its own and is stopped by its id.  The load is client
threads on loopback (keep-alive ``http.client`` connections), bounded in number and in time.
"""
from __future__ import annotations

import os
import random
import shutil
import statistics
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import uuid4

from bench.build import pass_log, pg_available, pg_drop, pg_schema, reseal
from bench.common import Figure, Series
from bench.figures import Settings

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_command() -> list[str]:
    exe = shutil.which("adjudicator")
    return [exe] if exe else [sys.executable, "-m", "api.cli"]


@dataclass
class Server:
    proc: subprocess.Popen
    port: int
    workers: int
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def pids(self) -> list[int]:
        """The gunicorn workers (children of the master this process started)."""
        out = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:
                out.append(int(stat.parent.name))
        return sorted(out)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)


def start_server(url: str, workers: int, workdir: Path, extra_env: dict[str, str] | None = None,
                 timeout: float = 60) -> Server:
    import requests

    port = free_port()
    log = workdir / f"server-{workers}w-{port}.log"
    env = {**os.environ, "ADJUDICATOR_DATABASE_URL": url, **(extra_env or {})}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    with open(log, "wb") as out:
        proc = subprocess.Popen([*serve_command(), "serve", "--port", str(port), "--workers", str(workers)],
                                cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(proc, port, workers, log)
    deadline = time.time() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()[-2000:]}")
        try:
            if requests.get(f"{server.base}/games?limit=1", timeout=5).status_code == 200:
                break
        except requests.RequestException:
            pass
        if time.time() > deadline:
            server.stop()
            raise RuntimeError(f"the server did not answer within {timeout:.0f} s: {log.read_text()[-2000:]}")
        time.sleep(0.2)
    # Every worker answers once before measuring (each builds its app and its connections).
    with requests.Session() as s:
        for _ in range(workers * 4):
            s.get(f"{server.base}/games?limit=1", timeout=10)
    return server


def cpu_seconds(pids: list[int]) -> float:
    """user + system CPU time of processes (those that ended in between count as 0)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def postgres_pids() -> list[int]:
    out = []
    for comm in Path("/proc").glob("[0-9]*/comm"):
        try:
            if comm.read_text().startswith("postgres"):
                out.append(int(comm.parent.name))
        except OSError:
            continue
    return out


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def bulk_store(url: str, logs: list[list[Any]]) -> None:
    """Stores many games' envelopes (set-up, not measured): mapped by the service's own mapper and
    copied into its PostgreSQL table with COPY, which is many times faster than row inserts."""
    import psycopg
    from psycopg.sql import SQL, Identifier

    from events.service.application import GameService

    svc = GameService(url, env={"ADJUDICATOR_SNAPSHOT_INTERVAL": "0"})
    recorder = svc.recorder
    query = SQL("COPY {}.{} (originator_id, originator_version, topic, state) FROM STDIN").format(
        Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name))
    with psycopg.connect(url.split("?")[0]) as conn, conn.cursor() as cur:
        with cur.copy(query) as copy:
            for envelopes in logs:
                for env in envelopes:
                    stored = svc.mapper.to_stored_event(env)
                    copy.write_row((stored.originator_id, stored.originator_version, stored.topic, stored.state))
        conn.commit()
    svc.close()


# ------------------------------------------------------------------------------------ figure 5
class _Http:
    """A keep-alive HTTP/1.1 connection (stdlib ``http.client``: the load generator shares the
    machine's cores with the server, so it is kept lighter than ``requests``)."""

    def __init__(self, port: int) -> None:
        import http.client

        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        import json

        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        self.conn.request(method, path, body=data, headers=headers)
        resp = self.conn.getresponse()
        raw = resp.read()
        return resp.status, (json.loads(raw) if raw and resp.status < 300 else None)

    def close(self) -> None:
        self.conn.close()


def _client(port: int, gid: str, to_act: str, position: int, deadline: float, counts: dict[str, int],
            lock: threading.Lock, seed: int) -> None:
    """One judge's app at play speed: an action, then the questions around it, in a loop."""
    rng = random.Random(seed)
    done = errors = 0
    http = _Http(port)
    try:
        while time.time() < deadline:
            status, body = http.call("POST", f"/games/{gid}/actions", {"type": "pass", "player": to_act})
            done += 1
            if status == 201:
                to_act, position = body["state"]["to_act"], body["position"]
            else:
                errors += 1
            for method, path, payload in (
                ("GET", f"/games/{gid}/state", None),
                ("GET", f"/games/{gid}/legal-actions?player={to_act}", None),
                ("POST", f"/games/{gid}/check", {"action": {"type": "pass", "player": to_act}}),
                ("GET", f"/games/{gid}/state?at={rng.randint(1, position)}", None),
            ):
                if time.time() >= deadline:
                    break
                status, _ = http.call(method, path, payload)
                done += 1
                errors += status >= 400
    except OSError:
        errors += 1
    finally:
        http.close()
    with lock:
        counts["requests"] += done
        counts["errors"] += errors


def _load(server: Server, games: list[dict[str, Any]], clients: int, seconds: float,
          cpu: dict[str, list[float]] | None = None) -> tuple[float, int]:
    counts = {"requests": 0, "errors": 0}
    workers, pg = server.pids(), postgres_pids()
    before = (cpu_seconds(workers), time.process_time(), cpu_seconds(pg))
    lock = threading.Lock()
    start = time.time()
    deadline = start + seconds
    threads = [threading.Thread(target=_client, args=(server.port, g["id"], g["to_act"], g["position"], deadline,
                                                      counts, lock, i))
               for i, g in enumerate(games[:clients])]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 60)
    elapsed = time.time() - start
    if cpu is not None and counts["requests"]:
        after = (cpu_seconds(workers), time.process_time(), cpu_seconds(pg))
        for key, b, a in zip(("server", "client", "postgres"), before, after):
            cpu.setdefault(key, []).append((a - b) / counts["requests"] * 1000)
        cpu.setdefault("cores", []).append(sum(a - b for a, b in zip(after, before)) / elapsed)
    return counts["requests"] / elapsed, counts["errors"]


def _game_states(base: str, games: list[str]) -> list[dict[str, Any]]:
    import requests

    out = []
    with requests.Session() as s:
        for gid in games:
            st = s.get(f"{base}/games/{gid}/state", timeout=30).json()
            out.append({"id": gid, "to_act": st["to_act"], "position": st["position"]})
    return out


def figure_throughput(s: Settings) -> Figure | None:
    problem = pg_available(s.pg_url) if s.pg_url else "no PostgreSQL URL"
    if problem is not None:
        print(f"\n[5] skipped: {problem}")
        return None
    clients = 8 if s.quick else 16
    seconds = 3.0 if s.quick else 6.0
    rounds = 2 if s.quick else max(3, s.rounds - 2)
    schema = f"bench_tp_{os.getpid()}"
    url = pg_schema(s.pg_url, schema)
    template = pass_log(500)
    ids = [uuid4() for _ in range(clients)]
    bulk_store(url, [reseal(template, gid) for gid in ids])
    servers: dict[int, Server] = {}
    try:
        for w in (1, 2, 4):
            servers[w] = start_server(url, w, s.workdir)
        games = _game_states(servers[1].base, [str(g) for g in ids])
        series = {w: Series(f"{w} worker{'s' if w > 1 else ''}", unit="req/s", scale=1.0) for w in servers}
        errors = 0
        cpu: dict[int, dict[str, list[float]]] = {w: {} for w in servers}
        for w in servers:  # a warm-up run each: caches, snapshots, connection pools
            _load(servers[w], games, clients, 1.5)
            games = _game_states(servers[1].base, [g["id"] for g in games])
        for r in range(rounds):
            order = list(servers)[r % 3:] + list(servers)[:r % 3]
            for w in order:
                rate, errs = _load(servers[w], games, clients, seconds, cpu[w])
                errors += errs
                series[w].values.append(rate)
                games = _game_states(servers[1].base, [g["id"] for g in games])
    finally:
        for server in servers.values():
            server.stop()
        pg_drop(s.pg_url, schema)
    one, four = series[1], series[4]
    f = Figure(5, f"throughput of `adjudicator serve --workers N` on PostgreSQL, {clients} clients at once "
                  f"(each: append a pass, state, legal-actions, check, state at a random position), "
                  f"{seconds:.0f} s per run",
               series=list(series.values()), ratio_label="4 workers / 1 worker",
               ratio=four.median / one.median, target=">= 1.5x")
    f.met = f.ratio >= 1.5
    f.notes.append(f"{errors} failed requests over all runs; gunicorn gthread workers, 4 threads each; the "
                   f"clients (threads, stdlib http.client keep-alive connections) share the same "
                   f"{os.cpu_count()} cores")
    for w in servers:
        split = ", ".join(f"{k} {statistics.median(v):.2f} ms" for k, v in cpu[w].items() if k != "cores")
        f.notes.append(f"CPU per request with {w} worker{'s' if w > 1 else ''}: {split}; cores busy with the "
                       f"benchmark {statistics.median(cpu[w]['cores']):.2f} of {os.cpu_count()}")
    f.print()
    return f


# ------------------------------------------------------------------------------------ figure 6
def figure_memory(s: Settings) -> Figure | None:
    problem = pg_available(s.pg_url) if s.pg_url else "no PostgreSQL URL"
    if problem is not None:
        print(f"\n[6] skipped: {problem}")
        return None
    import requests

    games = 200 if s.quick else 1000
    length = 200
    schema = f"bench_mem_{os.getpid()}"
    url = pg_schema(s.pg_url, schema)
    t0 = time.perf_counter()
    template = pass_log(length)
    ids = [uuid4() for _ in range(games)]
    bulk_store(url, [reseal(template, gid) for gid in ids])
    built = time.perf_counter() - t0
    # Room in the aggregate cache for every game, so all of them are held at once.
    server = start_server(url, 1, s.workdir, extra_env={"AGGREGATE_CACHE_MAXSIZE": str(games)})
    try:
        (worker,) = server.pids()
        idle = rss_kb(worker)
        t0 = time.perf_counter()

        def load(gid) -> None:
            with requests.Session() as sess:
                r = sess.get(f"{server.base}/games/{gid}/state", timeout=60)
                assert r.status_code == 200 and r.json()["position"] >= length, r.text[:200]

        with ThreadPoolExecutor(max_workers=4) as pool:
            list(pool.map(load, ids))
        loading = time.perf_counter() - t0
        loaded = rss_kb(worker)
        with ThreadPoolExecutor(max_workers=4) as pool:  # once more: all from the cache now
            t0 = time.perf_counter()
            list(pool.map(load, ids))
            cached = time.perf_counter() - t0
        again = rss_kb(worker)
        master = rss_kb(server.proc.pid)
    finally:
        server.stop()
        pg_drop(s.pg_url, schema)
    unit = 1 / 1024
    rows = [Series("worker RSS after start", [idle], unit="MB", scale=unit),
            Series(f"worker RSS with {games:,} games of {length} events loaded", [loaded], unit="MB", scale=unit),
            Series("worker RSS after reading them all again", [again], unit="MB", scale=unit),
            Series("gunicorn master RSS", [master], unit="MB", scale=unit)]
    peak = max(loaded, again) / 1024
    f = Figure(6, f"server memory (RSS) with {games:,} games of {length} events each loaded "
                  f"(1 worker, PostgreSQL, aggregate cache sized to hold every game)",
               series=rows, ratio_label="worker RSS, MB", ratio=peak, target="<= 300 MB")
    f.met = peak <= 300
    f.notes.append(f"storing {games * length:,} events took {built:.1f} s; the first read of every game "
                   f"{loading:.1f} s ({loading / games * 1000:.1f} ms a game), the second {cached:.1f} s")
    f.print()
    return f
