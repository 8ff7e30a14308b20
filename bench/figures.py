"""Figures 1-4: measured in this process, through the Flask test client and the service."""
from __future__ import annotations

import itertools
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator
from uuid import UUID

from bench.build import create_body, pass_log, pg_available, pg_drop, pg_schema, store
from bench.common import Figure, Series, per_call, ratio, side_by_side


@dataclass
class Settings:
    workdir: Path
    events: int = 10_000
    rounds: int = 7
    pg_url: str | None = None
    quick: bool = False
    positions: list[int] = field(default_factory=lambda: [10, 100, 1_000, 10_000])

    def sqlite(self, name: str) -> str:
        return f"sqlite:///{self.workdir / name}"


def make_app(url: str, interval: int | None = None):
    """A Flask app on ``url``; ``interval`` overrides ADJUDICATOR_SNAPSHOT_INTERVAL (0: no snapshots)."""
    from api import create_app
    from events.service.application import GameService

    env = None if interval is None else {"ADJUDICATOR_SNAPSHOT_INTERVAL": str(interval)}
    service = GameService(url, env=env)
    return create_app({"DATABASE_URL": url, "TESTING": True, "SERVICE": service, "REQUEST_LOG": False})


def close(app) -> None:
    app.extensions["games"].close()


def _ok(resp, status: int = 200) -> Any:
    if resp.status_code != status:
        raise RuntimeError(f"{resp.request.method} {resp.request.path}: {resp.status_code} {resp.get_data(as_text=True)[:300]}")
    return resp.get_json()


# ------------------------------------------------------------------------------------ figure 1
def _append_pair(url: str, store_name: str, s: Settings, calls: int) -> dict[str, Series]:
    app = make_app(url)
    client = app.test_client()
    svc = app.extensions["games"]
    gid = _ok(client.post("/games", json=create_body()), 201)["id"]
    to_act = ["p1"]

    def http_append() -> None:
        out = _ok(client.post(f"/games/{gid}/actions", json={"type": "pass", "player": to_act[0]}), 201)
        to_act[0] = out["state"]["to_act"]

    # The same events (the same passes from the same start), pre-sealed, for another game id;
    # the bare save stores one action's batch per call, as the API does.
    envelopes = pass_log(int(calls * s.rounds * 2 * 1.6) + 50)
    svc.save(envelopes[0])
    batches: Iterator[list] = iter([list(g) for _, g in itertools.groupby(envelopes[1:], key=lambda e: e.batch)])

    def bare_save() -> None:
        svc.save(*next(batches))

    # Where the difference goes: the service's own append (load, decide, seal, save) without HTTP.
    sid = svc.create_game(**create_body()).id
    service_to_act = ["p1"]

    def service_append() -> None:
        service_to_act[0] = svc.append(sid, {"type": "pass", "player": service_to_act[0]}).state.to_act

    # The floor of the HTTP layer as measured here: the same werkzeug test client posting the same
    # body to a Flask app that only answers it (no store, no rules, no hooks).
    floor_client = _bare_flask().test_client()

    def bare_http() -> None:
        _ok(floor_client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p1"}), 201)

    series = side_by_side({f"HTTP append (POST /games/{{id}}/actions), {store_name}": http_append,
                           f"bare eventsourcing Application.save, {store_name}": bare_save,
                           f"GameService.append without HTTP, {store_name}": service_append,
                           f"bare Flask app answering the same POST (test client, no store), {store_name}":
                               bare_http},
                          rounds=2 * s.rounds, min_time=0.0, warmup=3, per_round=calls)
    close(app)
    return series


def _bare_flask():
    """A Flask app with one route that reads the JSON body and answers a small JSON document: what
    the test client, werkzeug and Flask cost a request before any of the service's work."""
    from flask import Flask, request

    app = Flask("bench_floor")

    @app.post("/games/<gid>/actions")
    def act(gid: str):
        body = request.get_json()
        return {"position": 1, "events": [{"type": body["type"], "game": gid}]}, 201

    return app


def figure_append(s: Settings) -> list[Figure]:
    figs = []
    calls = 15 if s.quick else 30  # short rounds, twice as many: a burst of load elsewhere moves one round, not the median
    stores = [("SQLite file", s.sqlite("append.sqlite"))]
    schema = f"bench_append_{os.getpid()}"
    problem = pg_available(s.pg_url) if s.pg_url else "no URL"
    if problem is None:
        stores.append(("PostgreSQL", pg_schema(s.pg_url, schema)))
    for name, url in stores:
        series = _append_pair(url, name, s, calls)
        a, b, c, d = series.values()
        f = Figure(1, f"append overhead, {name}: an action through the HTTP API against a bare save of the same events",
                   series=[a, b, c, d], ratio_label=f"HTTP append / bare save ({name})", ratio=ratio(a, b),
                   target="<= 3x")
        f.notes.append(f"{name}: the service's append without HTTP is {ratio(c, b):.2f}x the bare save; the HTTP "
                       f"layer adds {(a.median - c.median) * 1000:.2f} ms, of which a bare Flask app answering the "
                       f"same POST through the same test client takes {d.median * 1000:.2f} ms")
        f.notes.append(f"{name}: floor of this ratio on this machine (service append + bare Flask POST, over the bare "
                       f"save): {(c.median + d.median) / b.median:.2f}x; the service's own HTTP work (routing hooks, "
                       f"the answer's document, the request log) is the rest, "
                       f"{(a.median - c.median - d.median) * 1000:.2f} ms")
        f.met = f.ratio <= 3
        figs.append(f)
        f.print()
    if problem is None:
        pg_drop(s.pg_url, schema)
    else:
        print(f"\n[1] PostgreSQL variant skipped: {problem}")
    return figs


# ------------------------------------------------------------------------------------ figure 2
@dataclass
class LongGame:
    url: str
    gid: str
    events: int
    envelopes: list


def long_game(s: Settings) -> LongGame:
    """A Buffy game somewhat longer than the largest position measured (so every position asked
    for is a historical one, not the cached latest), stored in a SQLite file."""
    url = s.sqlite("long.sqlite")
    t0 = time.perf_counter()
    envelopes = pass_log(s.events + 60)
    app = make_app(url, interval=0)
    gid = store(app.extensions["games"], envelopes)
    close(app)
    print(f"\n(built and stored a {len(envelopes):,}-event game in {time.perf_counter() - t0:.1f} s)", flush=True)
    return LongGame(url=url, gid=str(gid), events=len(envelopes), envelopes=envelopes)


def figure_state(s: Settings, game: LongGame) -> Figure:
    app = make_app(game.url)  # snapshots at the configured interval (default 100)
    plain = make_app(game.url, interval=0)
    client, plain_client = app.test_client(), plain.test_client()
    svc = app.extensions["games"]
    interval = getattr(svc, "snapshot_interval", 0)
    t0 = time.perf_counter()
    rebuilt = _rebuild(svc, game.gid)
    cold = time.perf_counter() - t0

    def reader(c, n: int) -> Callable[[], None]:
        return lambda: _ok(c.get(f"/games/{game.gid}/state?at={n}"))

    rounds = s.rounds
    ops = {f"state at {n:,}": reader(client, n) for n in s.positions}
    series = side_by_side(ops, rounds=rounds, min_time=0.15 if not s.quick else 0.05)
    main = [series[k] for k in ops]
    # The curve for the plot: more positions with snapshots, and the same without (full replay).
    curve_at = sorted({1, 10, 50, 99, 100, 150, 199, 500, 999, 1000, 2500, 5000, 9999, 10000,
                       *s.positions} & set(range(1, game.events + 1)))
    curve = side_by_side({n: reader(client, n) for n in curve_at}, rounds=max(3, rounds // 2), min_time=0.05)
    plain_at = [n for n in (10, 100, 1000, 2500, 5000, 10000) if n <= game.events]
    plain_curve = side_by_side({n: reader(plain_client, n) for n in plain_at}, rounds=3, min_time=0.0)
    latest = side_by_side({"state, latest position (aggregate cache)": lambda: _ok(client.get(f"/games/{game.gid}/state"))},
                          rounds=rounds, min_time=0.1)
    first, last = main[0], main[-1]
    f = Figure(2, f"state at position N in one {game.events:,}-event game (GET /games/{{id}}/state?at=N, SQLite file, "
                  f"snapshot interval {interval})",
               series=main + list(latest.values()),
               ratio_label=f"state at {s.positions[-1]:,} / state at {s.positions[0]:,}",
               ratio=ratio(last, first), target="<= 3x")
    f.met = f.ratio <= 3
    worst = [(n, curve[n]) for n in curve_at if n in (99, 999, 9999)]
    if worst:
        f.notes.append("worst case inside an interval (N-1, replaying interval-1 events after a snapshot): " +
                       ", ".join(f"at {n:,} {w.cell(w.median)} ms" for n, w in worst) +
                       f"; worst / state at {s.positions[0]:,} = {max(w.median for _, w in worst) / first.median:.2f}")
    f.notes.append("without snapshots (full replay): " +
                   ", ".join(f"at {n:,} {plain_curve[n].cell(plain_curve[n].median)} ms" for n in plain_at))
    f.notes.append(f"first replay of the whole log writing its snapshots: {cold:.2f} s ({rebuilt} snapshots)")
    f.extra = {"curve": {str(n): curve[n].as_dict() for n in curve_at},
               "plain": {str(n): plain_curve[n].as_dict() for n in plain_at}, "interval": interval}
    f.print()
    close(app)
    close(plain)
    return f


def _rebuild(svc, gid: str) -> int:
    try:
        from events.service.snapshots import rebuild_snapshots
    except ImportError:
        return 0
    return rebuild_snapshots(svc, UUID(gid))


# ------------------------------------------------------------------------------------ figure 3
def figure_questions(s: Settings, game: LongGame) -> Figure:
    """legal-actions and check against a plain state read, at the late position in each step."""
    app = make_app(game.url)
    client = app.test_client()
    svc = app.extensions["games"]
    late = _late_positions(game, s.positions[-1])
    rows: dict[str, Series] = {}
    per_step = []
    for step, n in late.items():
        player = svc.state_at(UUID(game.gid), n).state.to_act
        ops = {
            f"state at {n:,} ({step})": lambda n=n: _ok(client.get(f"/games/{game.gid}/state?at={n}")),
            f"legal-actions at {n:,} ({step})": lambda n=n, p=player: _ok(
                client.get(f"/games/{game.gid}/legal-actions?player={p}&at={n}")),
            f"check at {n:,} ({step})": lambda n=n, p=player: _ok(
                client.post(f"/games/{game.gid}/check", json={"action": {"type": "pass", "player": p}, "at": n})),
        }
        got = side_by_side(ops, rounds=s.rounds, min_time=0.05 if s.quick else 0.1)
        st, la, ch = got.values()
        rows.update(got)
        per_step.append((step, n, la.median / st.median, ch.median / st.median))
    worst_legal = max(per_step, key=lambda r: r[2])
    worst_check = max(per_step, key=lambda r: r[3])
    worst = max(worst_legal[2], worst_check[3])
    f = Figure(3, "legal-actions and check at a late position against a plain state read "
                  "(the last position <= %s in each step, SQLite file)" % f"{s.positions[-1]:,}",
               series=list(rows.values()),
               ratio_label="worst of legal-actions / state and check / state over the steps", ratio=worst,
               target="<= 2x")
    f.met = worst <= 2
    for step, n, la, ch in per_step:
        f.notes.append(f"{step} (at {n:,}): legal-actions / state {la:.2f}, check / state {ch:.2f}")
    f.extra = {"per_step": per_step}
    f.print()
    close(app)
    return f


def _late_positions(game: LongGame, upto: int) -> dict[str, int]:
    """For each step, the last position <= upto at which the game is in that step and a player
    may act (the end of an action's batch: inside one, its consequences are still pending)."""
    from adjudicator import engine_for
    from events.service.application import domain_event

    engine = engine_for("buffy")
    state = None
    found: dict[str, int] = {}
    envelopes = game.envelopes[:upto + 1]
    for env, following in zip(envelopes, envelopes[1:]):
        state = engine.apply(state, domain_event(env))
        if state.phase is None and following.batch != env.batch:
            found[state.step] = env.originator_version
    return dict(sorted(found.items(), key=lambda kv: kv[1]))


# ------------------------------------------------------------------------------------ figure 4
def figure_audit(s: Settings, game: LongGame) -> Figure:
    from events.service.application import GameService, project_game
    from events.service.audit import audit_log

    svc = GameService(game.url, env={"ADJUDICATOR_SNAPSHOT_INTERVAL": "0"})
    gid = UUID(game.gid)
    n = min(s.positions[-1], game.events)

    def audit() -> None:
        report = audit_log(gid, svc.events.get(gid, lte=n))
        assert report["valid"], report["violations"][:3]

    def replay() -> None:
        log = project_game(None, svc.events.get(gid, lte=n))
        assert log.version == n

    got = side_by_side({f"audit of {n:,} events": audit, f"plain replay of {n:,} events": replay},
                       rounds=max(3, s.rounds - 2), min_time=0.0)
    a, r = got.values()
    f = Figure(4, f"audit of a {n:,}-event game against a plain replay of it (both read from the SQLite file)",
               series=[a, r], ratio_label="audit / replay", ratio=ratio(a, r), target="<= 4x")
    f.met = f.ratio <= 4
    f.print()
    svc.close()
    return f
