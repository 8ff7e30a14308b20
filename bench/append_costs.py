"""Where an append's CPU goes (issue 26), two ways that do not depend on how busy the machine is:

    python -m bench.append_costs sample [--seconds 30]        # needs py-spy and PostgreSQL
    python -m bench.append_costs instructions [--appends 40]  # needs valgrind
    python -m bench.append_costs checkpoint [--games 3]       # needs PostgreSQL

``sample``: the real server (``adjudicator serve``, 1 worker x 4 threads, PostgreSQL) under figure 7's
load (4 clients appending Buffy passes, full answer), its worker sampled by py-spy while it holds
the GIL (its CPU, not its waits); prints the share of samples under each frame (inclusive) and by
file (self).  ``instructions``: valgrind's callgrind counts the instructions this process executes
for ``--appends`` appends through the Flask test client (the counters zeroed after a warm-up and
dumped after the appends: os.getresuid and os.getresgid mark the two points), and prints the
instructions per append, the positions they covered and the snapshot checkpoints crossed, and the C
functions that take them.  A slow run (valgrind): minutes.  The default checkpoint interval is 100
positions: ``--appends 30`` after the warm-up crosses none (Buffy positions ~33 -> ~81);
``--appends 62`` (Buffy, ~1.6 events an append) or ``--appends 100 --minimal`` (WoW, one event)
covers about one interval and crosses one checkpoint, so the snapshot's share is counted as often as
a long game pays it.  ``checkpoint``: the CPU time of the appends that cross a checkpoint against the
others, through the service (no HTTP); it depends on the load, so compare trees by turns.
"""
from __future__ import annotations

import argparse
import collections
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.build import create_body, pg_drop, pg_schema
from bench.floor import Client, TICK, MINIMAL, create_games, drive
from bench.server import ROOT, cpu_seconds, start_server

PG = "postgresql://postgres@127.0.0.1:5432/test"


def sample(seconds: float, top: int, minimal: bool) -> None:
    schema = f"bench_costs_{os.getpid()}"
    url = pg_schema(PG, schema)
    work = Path(tempfile.mkdtemp(prefix="adjudicator-costs-"))
    raw = work / "raw.txt"
    server = start_server(url, 1, work)
    try:
        if minimal:
            games = create_games(server.port, {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}, 4)
            clients = [Client(server.port, g, TICK, MINIMAL) for g in games]
        else:
            games = create_games(server.port, create_body(), 4)
            clients = [Client(server.port, g, {"type": "pass", "player": "p1"}, follow=True) for g in games]
        drive(clients, 2.0)  # warm: caches, pools, prepared statements
        (worker,) = server.pids()
        spy = subprocess.Popen(["py-spy", "record", "-p", str(worker), "-d", str(int(seconds) + 2), "-r", "500",
                                "--format", "raw", "-o", str(raw), "--nonblocking", "--gil"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)
        c0 = cpu_seconds([worker])
        done, bad = drive(clients, seconds)
        cpu = cpu_seconds([worker]) - c0
        spy.wait()
        for c in clients:
            c.close()
    finally:
        server.stop()
        pg_drop(PG, schema)
    print(f"{done} appends ({bad} failed), worker CPU {cpu / max(done, 1) * 1000:.3f} ms per append while sampled")
    _print_samples(raw, top)


def _print_samples(raw: Path, top: int) -> None:
    inclusive: collections.Counter[str] = collections.Counter()
    by_file: collections.Counter[str] = collections.Counter()
    total = 0
    prefix = (str(ROOT) + "/", sys.base_prefix + "/lib/python3.11/")
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        if not any("handle_request" in f for f in frames):
            continue  # the worker's own loop, not a request
        n = int(count)
        total += n
        clean = [f.replace(prefix[0], "").replace(prefix[1], "") for f in frames]
        for f in set(clean):
            inclusive[f] += n
        last = clean[-1]
        by_file[last[last.find("(") + 1: last.rfind(":")] if "(" in last else last] += n
    print(f"{total} samples in requests")
    print("share of the samples under each frame (inclusive):")
    for f, n in inclusive.most_common(top):
        print(f"  {n / total * 100:5.1f}%  {f}")
    print("by file (self):")
    for f, n in by_file.most_common(25):
        print(f"  {n / total * 100:5.1f}%  {f}")


def run_appends(url: str, which: str, n: int) -> None:
    """The measured process of ``instructions``: a warm-up, then ``n`` appends between the marks."""
    from api import create_app
    from bench.figures import _ok
    from events.service.application import GameService

    svc = GameService(url)
    app = create_app({"DATABASE_URL": url, "SERVICE": svc})
    for handler in logging.getLogger("adjudicator").handlers:
        handler.stream = open(os.devnull, "w")  # noqa: SIM115 - the request lines, thrown away
    client = app.test_client()
    at = [1]
    if which == "buffy":
        gid = _ok(client.post("/games", json=create_body()), 201)["id"]
        to = ["p1"]

        def one() -> None:
            out = _ok(client.post(f"/games/{gid}/actions", json={"type": "pass", "player": to[0]}), 201)
            to[0], at[0] = out["state"]["to_act"], out["position"]
    else:
        gid = _ok(client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}), 201)["id"]

        def one() -> None:
            at[0] = _ok(client.post(f"/games/{gid}/actions", json=TICK, headers=MINIMAL), 201)["position"]

    for _ in range(20):
        one()
    start = at[0]
    os.getresuid()  # callgrind --zero-before=os_getresuid
    for _ in range(n):
        one()
    os.getresgid()  # callgrind --dump-before=os_getresgid
    every = svc.snapshot_interval
    crossed = (at[0] // every - start // every) if every else 0
    print(f"positions {start} -> {at[0]}, {crossed} snapshot checkpoint(s) crossed (every {every})")
    svc.close()


def instructions(url: str, which: str, n: int, top: int) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    out = Path(tempfile.mkdtemp(prefix="adjudicator-costs-")) / "callgrind.out"
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    python = os.path.realpath(sys.executable)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--zero-before=os_getresuid", "--dump-before=os_getresgid",
                          f"--callgrind-out-file={out}", python, "-m", "bench.append_costs", "run", url, which, str(n)],
                         env=env, cwd=ROOT, check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    dump = Path(f"{out}.1")
    total = next(int(line.split()[1]) for line in dump.read_text().splitlines() if line.startswith(("summary:", "totals:")))
    print(f"{total / n / 1e6:.3f} million instructions per append ({which}, {url.split(':')[0]}, {n} appends, "
          f"the test client's own work included; {run.stdout.strip()})")
    annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", str(dump)], capture_output=True, text=True).stdout
    shown = 0
    for line in annotated.splitlines():
        if "(" in line and "%)" in line and "'" not in line.split("%)")[1] and any(
                k in line for k in ("_json", "_pickle", "pydantic_core", "psycopg", "sqlite", "_hashlib", "sha256")):
            print("  " + line.split("[")[0].strip()[:140])
            shown += 1
            if shown >= top:
                break


def checkpoint(games: int, upto: int) -> None:
    """CPU time (``time.process_time``) of ``GameService.append`` on PostgreSQL, without HTTP, for the
    Buffy passes that cross a snapshot checkpoint and for the others (load-dependent: compare trees
    by turns)."""
    import statistics

    from events.service.application import GameService

    logging.getLogger("adjudicator.snapshots").setLevel(logging.ERROR)
    schema = f"bench_checkpoint_{os.getpid()}"
    svc = GameService(pg_schema(PG, schema))
    times: dict[bool, list[float]] = {False: [], True: []}
    try:
        for _ in range(games):
            gid, to, at = svc.create_game(**create_body()).id, "p1", 1
            while at < upto:
                started = time.process_time()
                result = svc.append(gid, {"type": "pass", "player": to})
                spent = (time.process_time() - started) * 1000
                if at > 20:  # past the warm-up
                    times[result.position // svc.snapshot_interval != at // svc.snapshot_interval].append(spent)
                at, to = result.position, result.state.to_act
    finally:
        svc.close()
        pg_drop(PG, schema)
    plain, crossing = times[False], times[True]
    print(f"append without HTTP: {statistics.median(plain):.2f} ms CPU (median of {len(plain)}); crossing a checkpoint "
          f"{statistics.median(crossing):.2f} ms (median of {len(crossing)}: "
          f"{', '.join(f'{x:.1f}' for x in sorted(crossing))})")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.append_costs", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sample")
    s.add_argument("--seconds", type=float, default=30)
    s.add_argument("--top", type=int, default=60)
    s.add_argument("--minimal", action="store_true", help="WoW Minis advance_time with Prefer: return=minimal")
    i = sub.add_parser("instructions")
    i.add_argument("--appends", type=int, default=40)
    i.add_argument("--store", default=PG)
    i.add_argument("--minimal", action="store_true")
    i.add_argument("--top", type=int, default=20)
    c = sub.add_parser("checkpoint")
    c.add_argument("--games", type=int, default=3)
    c.add_argument("--upto", type=int, default=420, help="play each game to this position")
    r = sub.add_parser("run")  # the process valgrind runs
    r.add_argument("url")
    r.add_argument("which")
    r.add_argument("n", type=int)
    args = p.parse_args(argv)
    if args.command == "sample":
        sample(args.seconds, args.top, args.minimal)
    elif args.command == "checkpoint":
        checkpoint(args.games, args.upto)
    elif args.command == "instructions":
        instructions(args.store, "wow" if args.minimal else "buffy", args.appends, args.top)
    else:
        run_appends(args.url, args.which, args.n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
