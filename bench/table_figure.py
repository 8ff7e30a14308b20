"""Figure 15 (issue 26): what a Spoils table costs against the number of cards on it, in the
bench's run beside the append figures (``python -m bench --only 1,7,15``).

The measuring is ``bench.table_size``'s (positions entered directly with real characters, 10 to
80 cards; CPU time of ``GET state``, ``POST check`` and ``GET legal-actions`` through the Flask
test client, rounds alternating them); this only turns its numbers into the bench's Figure.
``python -m bench.table_size`` runs the same on its own and keeps its labelled runs.
"""
from __future__ import annotations

import statistics

from bench import table_size
from bench.common import Figure, Series
from bench.figures import Settings


def figure_table_size(s: Settings) -> Figure | None:
    if not table_size.SETS.is_dir():
        print(f"\n[15] skipped: no OCTGN sets at {table_size.SETS}")
        return None
    rounds = 3 if s.quick else 5
    times = table_size.measure(rounds, 0.05 if s.quick else 0.2)
    medians = {n: {op: statistics.median(t) for op, t in ops.items()} for n, ops in times.items()}
    v = table_size.verdict(medians)
    sizes = sorted(times, key=int)
    series = [Series(f"{op}, {n} cards", values=times[n][op]) for op in times[sizes[0]] for n in sizes]
    f = Figure(15, "a Spoils table against its size: CPU per call of state, check (a pass) and legal-actions "
                   f"with {', '.join(sizes)} real characters on the table (Flask test client, in process)",
               series=series, ratio_label="worst cost of one doubling of the table (every operation measured, first reads included)",
               ratio=v["worst_doubling"], target="<= 2.5x, and legal-actions <= 5x the state at 40 cards")
    f.met = v["met"]
    for op, ratios in v["doublings"].items():
        f.notes.append(f"{op}: cost per doubling " + ", ".join(f"{r:.2f}x" for r in ratios))
    if v["legal_over_state_at_40"] is not None:
        f.notes.append(f"legal-actions / state at 40 cards: {v['legal_over_state_at_40']:.2f} (target <= 5)")
    if v.get("first_reads_legal_over_state_at_40") is not None:
        f.notes.append(f"first reads (nothing kept of the position), legal-actions / state at 40 cards: "
                       f"{v['first_reads_legal_over_state_at_40']:.2f}")
    f.extra = {"medians_ms": {n: {op: m * 1000 for op, m in ops.items()} for n, ops in medians.items()},
               "verdict": v}
    f.print()
    return f
