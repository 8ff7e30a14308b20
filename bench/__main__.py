"""``python -m bench``: the performance figures of issue 9, side by side, with a results table and plot.

    pip install -e '.[bench]'
    python -m bench                      # every figure (about 5-8 minutes)
    python -m bench --only 2,3 --quick   # some figures, fewer and shorter runs
    python -m bench --only 1,7,15        # the append figures and a Spoils table's cost by size, in one run

PostgreSQL figures (1 on PostgreSQL, 5, 6, 11 and 14) use ``--pg`` (default
``postgresql://postgres@127.0.0.1:5432/test``), each in a schema of its own that is dropped at the
end; they are skipped, saying why, when no server answers.  Figure 13 stops and starts a
PostgreSQL server of its own (initdb in a temporary directory; skipped without the server binaries).  Benchmarks are not tests: nothing here
fails on a missed target, it prints and records it.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

from bench import report
from bench.figures import Settings, figure_append, figure_audit, figure_questions, figure_state, long_game
from bench.floor import busy_seconds, figure_cpu, figure_shards, figure_store_writers, figure_workers, load
from bench.server import figure_memory, figure_throughput
from bench.streams import figure_streams
from bench.crowd import figure_crowd
from bench.outage import figure_outage
from bench.readers import figure_readers
from bench.table_figure import figure_table_size

DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/test"


class Stamped(list):
    """The figures, each noted with the machine's load while it was measured (set-up included):
    a shared machine's other work inflates absolute times, not the side-by-side ratios."""

    def __init__(self) -> None:
        super().__init__()
        self._mark()

    def _mark(self) -> None:
        self._since, self._busy, self._load = time.time(), busy_seconds(), load()

    def append(self, figure) -> None:  # type: ignore[override]
        cores = os.cpu_count() or 1
        busy = (busy_seconds() - self._busy) / max(time.time() - self._since, 1e-6)
        now = load()
        text = (f"machine while measured: load average {self._load} before, {now} after, on {cores} cores; "
                f"the cores were busy {busy:.2f} of {cores} on average")
        if float(now.split()[0]) > cores or float(self._load.split()[0]) > cores:
            text += " -- other processes held the cores (load above the core count): absolute times are inflated"
        if not any(n.startswith("machine") for n in figure.notes):
            figure.notes.append(text)
        super().append(figure)
        self._mark()

    def __iadd__(self, figures):  # type: ignore[override]
        for figure in figures:
            self.append(figure)
        return self


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    p.add_argument("--only", default="1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", help="figures to run, e.g. 2,3 (default: all)")
    p.add_argument("--quick", action="store_true", help="fewer rounds and smaller loads (a smoke run)")
    p.add_argument("--rounds", type=int, default=None, help="rounds per figure (default 7, quick 3)")
    p.add_argument("--events", type=int, default=10_000, help="length of the long game (default 10,000)")
    p.add_argument("--pg", default=DEFAULT_PG, help="PostgreSQL URL for figures 1, 5, 6 ('' to skip)")
    p.add_argument("--out", default=str(report.RESULTS), help="where results.md, results.json and the PNG go")
    args = p.parse_args(argv)
    only = {int(x) for x in args.only.split(",") if x.strip()}
    logging.getLogger("adjudicator.snapshots").setLevel(logging.ERROR)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="adjudicator-bench-") as tmp:
        positions = [n for n in (10, 100, 1_000, 10_000) if n <= args.events]
        s = Settings(workdir=Path(tmp), events=args.events, rounds=args.rounds or (3 if args.quick else 7),
                     pg_url=args.pg or None, quick=args.quick, positions=positions)
        figures = Stamped()
        if 1 in only:
            figures += figure_append(s)
        if only & {2, 3, 4}:
            game = long_game(s)
            if 2 in only:
                figures.append(figure_state(s, game))
            if 3 in only:
                figures.append(figure_questions(s, game))
            if 4 in only:
                figures.append(figure_audit(s, game))
        if 5 in only and (f := figure_throughput(s)):
            figures.append(f)
        if 6 in only and (f := figure_memory(s)):
            figures.append(f)
        for number, figure in ((7, figure_cpu), (8, figure_store_writers), (9, figure_workers), (10, figure_shards)):
            if number not in only:
                continue
            try:
                if f := figure(s):
                    figures.append(f)
            except Exception as exc:  # noqa: BLE001 - one figure that cannot run does not lose the others
                print(f"\n[{number}] failed: {type(exc).__name__}: {str(exc)[-300:]}", flush=True)
        if 11 in only:  # live streams (bench/streams.py); SQLite when no PostgreSQL answers
            figures.append(figure_streams(s))
        if 12 in only:  # legal-actions on a crowded board (bench/crowd.py)
            figures.append(figure_crowd(s))
        if 13 in only and (f := figure_outage(s)):  # recovery after a PostgreSQL outage (bench/outage.py)
            figures.append(f)
        if 14 in only:  # a good stream reader among clients that never read (bench/readers.py)
            figures.append(figure_readers(s))
        if 15 in only and (f := figure_table_size(s)):  # a Spoils table's cost by its size (bench/table_figure.py)
            figures.append(f)
    command = "python -m bench" + (" " + " ".join(argv if argv is not None else sys.argv[1:])).rstrip()
    report.write(figures, command.strip(), Path(args.out))
    missed = [f.number for f in figures if f.met is False]
    print(f"done in {time.perf_counter() - started:.0f} s; targets missed: {missed or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
