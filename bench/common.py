"""Timing, statistics and the result table shared by the figures.

Every figure compares things measured side by side in the same run (the machines are shared and
noisy): rounds alternate between the measured operations, and a figure reports, per operation, the
median per-call time over the rounds with its spread (min / max and the interquartile range).  The
ratio of two medians is what a target bounds.
"""
from __future__ import annotations

import gc
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class Series:
    """Per-call times (seconds) of one operation, one value per round."""

    label: str
    values: list[float] = field(default_factory=list)
    unit: str = "ms"
    scale: float = 1000.0

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def quartiles(self) -> tuple[float, float]:
        if len(self.values) < 2:
            return self.values[0], self.values[0]
        q = statistics.quantiles(self.values, n=4, method="inclusive")
        return q[0], q[2]

    def cell(self, x: float) -> str:
        v = x * self.scale
        if abs(v) >= 100:
            return f"{v:.0f}"
        if abs(v) >= 10:
            return f"{v:.1f}"
        return f"{v:.2f}"

    def describe(self) -> str:
        q1, q3 = self.quartiles()
        return (f"{self.label}: median {self.cell(self.median)} {self.unit} "
                f"(IQR {self.cell(q1)}-{self.cell(q3)}, min {self.cell(min(self.values))}, "
                f"max {self.cell(max(self.values))}, {len(self.values)} runs)")

    def as_dict(self) -> dict[str, Any]:
        q1, q3 = self.quartiles()
        return {"label": self.label, "unit": self.unit, "median": self.median * self.scale,
                "q1": q1 * self.scale, "q3": q3 * self.scale, "min": min(self.values) * self.scale,
                "max": max(self.values) * self.scale, "runs": len(self.values)}


@dataclass
class Figure:
    """One numbered figure of the benchmark: its series, the ratio a target bounds, the verdict."""

    number: int
    title: str
    series: list[Series] = field(default_factory=list)
    ratio_label: str = ""
    ratio: float | None = None
    target: str = ""
    met: bool | None = None
    notes: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def print(self) -> None:
        print(f"\n[{self.number}] {self.title}", flush=True)
        for s in self.series:
            print("    " + s.describe())
        if self.ratio is not None:
            verdict = "" if self.met is None else (" -> target met" if self.met else " -> TARGET MISSED")
            print(f"    {self.ratio_label} = {self.ratio:.2f} (target {self.target}){verdict}")
        for n in self.notes:
            print(f"    note: {n}")

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "title": self.title, "series": [s.as_dict() for s in self.series],
                "ratio_label": self.ratio_label, "ratio": self.ratio, "target": self.target, "met": self.met,
                "notes": self.notes, "extra": self.extra}


def per_call(fn: Callable[[], Any], min_time: float, max_calls: int = 1_000_000) -> float:
    """Mean seconds per call of ``fn`` over at least ``min_time`` seconds (at least one call)."""
    calls = 0
    start = time.perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time or calls >= max_calls:
            return elapsed / calls


def side_by_side(ops: dict[Any, Callable[[], Any]], rounds: int, min_time: float,
                 warmup: int = 1, unit: str = "ms", per_round: int | None = None) -> dict[Any, Series]:
    """Alternates the operations round by round (rotating the order), so that a noisy moment of the
    machine hits every operation alike.  A round times ``per_round`` calls when given, else calls
    for at least ``min_time`` seconds.  Returns one Series per operation."""
    for fn in ops.values():
        for _ in range(warmup):
            fn()
    names = list(ops)
    out = {n: Series(n if isinstance(n, str) else f"{n:,}", unit=unit, scale=1000.0 if unit == "ms" else 1.0) for n in names}
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for n in order:
            gc.collect()
            if per_round:
                out[n].values.append(per_call(ops[n], float("inf"), max_calls=per_round))
            else:
                out[n].values.append(per_call(ops[n], min_time))
    return out


def ratio(a: Series, b: Series) -> float:
    return a.median / b.median


def fmt_bytes(n: float) -> str:
    return f"{n / 2**20:.0f} MB"
