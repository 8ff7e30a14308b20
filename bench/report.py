"""The results table (bench/results/results.md), the raw numbers (results.json) and the plot of
state latency against position (state_latency.png)."""
from __future__ import annotations

import json
import os
import platform
import subprocess
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bench.common import Figure

RESULTS = Path(__file__).resolve().parent / "results"


def machine() -> dict[str, Any]:
    info: dict[str, Any] = {"nproc": os.cpu_count(), "python": platform.python_version(),
                            "platform": platform.platform()}
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                info["memory"] = f"{int(line.split()[1]) / 2**20:.1f} GiB"
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
        info["load_average"] = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        pass
    try:
        info["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                        cwd=RESULTS.parent, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    from importlib.metadata import version

    info["libraries"] = ", ".join(f"{name} {version(name)}" for name in ("eventsourcing", "pydantic", "flask", "gunicorn"))
    return info


def _cell(x: float, unit: str) -> str:
    if unit == "MB":
        return f"{x:.0f}"
    if unit == "req/s":
        return f"{x:.0f}"
    return f"{x:.0f}" if x >= 100 else f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def table(figures: list[Figure], info: dict[str, Any], command: str) -> str:
    lines = [
        "# Benchmark results",
        "",
        f"`{command}` on {info.get('cpu', '?')}, {info['nproc']} cores (nproc), {info.get('memory', '?')} memory, "
        f"Python {info['python']} ({info['libraries']}), commit {info.get('commit', '?')}, "
        f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; load average at the end {info.get('load_average', '?')} "
        "(a shared machine: the compared figures are measured side by side, round by round).",
        "",
        "Each figure: the median over the runs, the interquartile range and min-max; the ratio is of medians.",
        "",
        "| # | measurement | median | IQR | min - max | runs |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for f in figures:
        for s in f.series:
            d = s.as_dict()
            u = d["unit"]
            lines.append(f"| {f.number} | {s.label} | {_cell(d['median'], u)} {u} | "
                         f"{_cell(d['q1'], u)} - {_cell(d['q3'], u)} | {_cell(d['min'], u)} - {_cell(d['max'], u)} | "
                         f"{d['runs']} |")
    lines += ["", "| # | target | measured | met |", "| --- | --- | --- | --- |"]
    for f in figures:
        if f.ratio is None:
            continue
        value = f"{f.ratio:.0f} MB" if f.number == 6 else f"{f.ratio:.2f}x"
        lines.append(f"| {f.number} | {f.ratio_label} {f.target} | {value} | {'yes' if f.met else '**no**'} |")
    notes = [(f.number, n) for f in figures for n in f.notes]
    if notes:
        lines += ["", "Notes:", ""]
        lines += [f"- ({n}) {text}" for n, text in notes]
    lines += ["", "Figures: " + "; ".join(f"({f.number}) {f.title}" for f in figures), ""]
    return "\n".join(lines)


def plot(state_fig: Figure, path: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("(no plot: pip install -e '.[bench]' for matplotlib)")
        return False
    curve = state_fig.extra.get("curve", {})
    plain = state_fig.extra.get("plain", {})
    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=110)
    for data, label, style in ((curve, f"snapshots every {state_fig.extra.get('interval')} events", "o-"),
                               (plain, "no snapshots (full replay)", "s--")):
        if not data:
            continue
        xs = [int(k) for k in data]
        med = [data[k]["median"] for k in data]
        lo = [data[k]["median"] - data[k]["min"] for k in data]
        hi = [data[k]["max"] - data[k]["median"] for k in data]
        ax.errorbar(xs, med, yerr=[lo, hi], fmt=style, capsize=3, label=label)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("position N in one game")
    ax.set_ylabel("GET /games/{id}/state?at=N, ms (median, min-max)")
    ax.set_title("State at position N: latency against position\n(with snapshots, N-1 replays the "
                 "interval less one event after a snapshot: the saw tooth)", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def write(figures: list[Figure], command: str, out: Path = RESULTS) -> None:
    out.mkdir(parents=True, exist_ok=True)
    info = machine()
    (out / "results.md").write_text(table(figures, info, command))
    (out / "results.json").write_text(json.dumps({"machine": info, "command": command,
                                                  "figures": [f.as_dict() for f in figures]}, indent=1))
    state = [f for f in figures if f.number == 2]
    if state:
        plot(state[0], out / "state_latency.png")
    print(f"\nwrote {out / 'results.md'}, results.json" + (", state_latency.png" if state else ""))
