"""Snapshots are a cache: the state at N is identical with and without them, they can be dropped
and rebuilt, and code that projects differently never reads them."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from adjudicator import engine_for
from adjudicator.core import InvalidAction
from events.service import snapshots as snap
from events.service.application import GameLog, GameService, IllegalAction, PositionOutOfRange, project_game

SPIKE = {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2", "alignment": "evil",
         "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, "traits": ["VAMPIRE"]}
BUFFY = {"owner": "p2", "name": "Buffy Summers", "main": True, "location": "p1.2", "alignment": "good",
         "talents": {"butt_kicking": 3, "smarts": 0, "weirdness": 2, "charm": 2}, "traits": ["HUMAN"]}
INTERVAL = 10


def fill(action: dict[str, Any], position: int) -> dict[str, Any]:
    """Completes a legal-action template with made-up cards (unique names)."""
    out = dict(action)
    if out["type"] == "place_challenge" and not out.get("unplayable"):
        out["challenge"] = {"name": f"Challenge {position}", "goals": {"charm": 2}, "destiny": 1}
    if out["type"] == "play_character":
        out["character"] = {"name": f"Extra {position}",
                            "talents": {"butt_kicking": 1, "smarts": 1, "weirdness": 1, "charm": 2}}
    if out["type"] == "boost":
        out["card"] = {"name": f"Stake {position}", "kind": "item"}
    return out


def play_random_game(svc: GameService, events: int, seed: int = 7) -> UUID:
    """A game of moves, fights, challenges, draws and passes chosen at random among the legal
    actions, so the snapshots hold every part of a Buffy state."""
    engine = engine_for("buffy")
    gid = svc.create_game("buffy", [{"id": "p1"}, {"id": "p2"}], "p1",
                          {"characters": {"spike": SPIKE, "buffy": BUFFY}}).id
    rng = random.Random(seed)
    while True:
        log = svc.game(gid)
        if log.version >= events or log.state.winner is not None:
            return gid
        legal = engine.legal_actions(log.state, log.state.to_act)
        others = [a for a in legal if a.action["type"] != "pass"]
        order = rng.sample(others, len(others)) if rng.random() < 0.5 else []
        order += [a for a in legal if a not in order]
        for candidate in order:
            try:
                svc.append(gid, fill(candidate.action, log.version))
                break
            except (IllegalAction, InvalidAction):
                continue
        else:
            raise AssertionError(f"no legal action at {log.version}")


@pytest.fixture(scope="module")
def recorded() -> list:
    """The stored log of one random game (played once, imported into each test's store)."""
    svc = service("memory://", 0)
    gid = play_random_game(svc, 150)
    return list(svc.all_events(gid))


@pytest.fixture(params=["memory", "sqlite"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return "memory://" if request.param == "memory" else f"sqlite:///{tmp_path / 'games.sqlite'}"


def service(url: str, interval: int) -> GameService:
    return GameService(url, env={"ADJUDICATOR_SNAPSHOT_INTERVAL": str(interval)})


def imported(url: str, envelopes: list, upto: int | None = None) -> tuple[GameService, UUID]:
    svc = service(url, INTERVAL)
    svc.import_log(envelopes[:upto])
    return svc, envelopes[0].originator_id


def replayed(svc: GameService, gid: UUID, at: int) -> GameLog:
    """The state at ``at`` folded from the log alone, no snapshot and no cache."""
    return project_game(None, svc.events.get(gid, lte=at))


def document(log: GameLog) -> dict[str, Any]:
    return engine_for(log.game).to_document(log.state)


def stored_snapshots(svc: GameService, gid: UUID) -> list[int]:
    return [s.originator_version for s in svc.snapshots.get(gid)]


def test_state_at_every_position_is_identical_with_and_without_snapshots(url: str, recorded: list):
    svc, gid = imported(url, recorded)
    last = len(recorded)
    assert snap.rebuild_snapshots(svc, gid) == last // INTERVAL
    assert stored_snapshots(svc, gid) == list(range(INTERVAL, last + 1, INTERVAL))
    plain = service(url, 0) if url != "memory://" else None
    folded = None
    for n, env in enumerate(recorded, start=1):
        folded = project_game(folded, [env])  # no snapshot, no cache
        got = svc.state_at(gid, n)
        assert got == folded, n
        assert document(got) == document(folded), n
        if plain is not None:
            assert plain.state_at(gid, n) == got, n
    assert svc.game(gid) == folded


def test_a_read_starts_from_the_latest_snapshot_at_or_before_the_position(url: str, recorded: list, monkeypatch):
    svc, gid = imported(url, recorded, 60)
    snap.rebuild_snapshots(svc, gid)
    seen: list[Any] = []
    original = snap.restore

    def spy(s, cls):
        seen.append(s.originator_version)
        return original(s, cls)

    monkeypatch.setattr("events.service.application.restore", spy)
    assert svc.state_at(gid, 37).version == 37
    assert seen == [30]


def test_snapshots_are_throwaway_and_rebuilt_by_reads_and_by_rebuild(url: str, recorded: list):
    svc, gid = imported(url, recorded, 80)
    before = {n: replayed(svc, gid, n) for n in range(1, 81)}
    assert svc.state_at(gid, 80) == before[80]
    assert stored_snapshots(svc, gid) == list(range(10, 81, 10))  # the read wrote what it passed
    snap.drop_snapshots(svc)
    assert stored_snapshots(svc, gid) == []
    assert svc.state_at(gid, 45) == before[45]
    assert stored_snapshots(svc, gid) == [10, 20, 30, 40]
    snap.drop_snapshots(svc)
    assert snap.rebuild_snapshots(svc, gid) == 8
    assert all(svc.state_at(gid, n) == before[n] for n in before)


def test_snapshots_taken_by_other_code_are_never_read(url: str, recorded: list, monkeypatch):
    svc, gid = imported(url, recorded, 40)
    snap.rebuild_snapshots(svc, gid)
    want = replayed(svc, gid, 35)
    monkeypatch.setattr(snap, "code_fingerprint", lambda: "another-version-of-the-engines")
    assert stored_snapshots(svc, gid) == []
    assert svc.state_at(gid, 35) == want
    assert stored_snapshots(svc, gid) == [10, 20, 30]


def test_a_state_that_would_not_round_trip_is_not_snapshotted(recorded: list):
    svc, gid = imported("memory://", recorded, 12)
    log = svc.game(gid)
    assert snap.take(log) is not None
    log.state.to_act = None  # the model's validator would fill it in on the way back
    assert snap.take(log) is None


def test_appends_take_a_snapshot_when_they_cross_a_checkpoint():
    svc = service("memory://", INTERVAL)
    gid = play_random_game(svc, 35, seed=3)
    assert stored_snapshots(svc, gid) == [10, 20, 30]
    assert all(svc.state_at(gid, n) == replayed(svc, gid, n) for n in (10, 20, 30))


def test_the_interval_comes_from_the_environment(monkeypatch):
    assert service("memory://", 0).snapshots is None
    monkeypatch.setenv("ADJUDICATOR_SNAPSHOT_INTERVAL", "7")
    assert GameService("memory://").snapshot_interval == 7
    monkeypatch.delenv("ADJUDICATOR_SNAPSHOT_INTERVAL")
    assert GameService("memory://").snapshot_interval == snap.DEFAULT_INTERVAL
    with pytest.raises(snap.SnapshotConfigError):
        service("memory://", -1)
    with pytest.raises(snap.SnapshotConfigError):
        GameService("memory://", env={"ADJUDICATOR_SNAPSHOT_INTERVAL": "often"})


def test_positions_outside_the_log_are_still_refused(recorded: list):
    svc, gid = imported("memory://", recorded, 25)
    last = 25
    for at in (0, -3, last + 1, last + 500):
        with pytest.raises(PositionOutOfRange) as info:
            svc.state_at(gid, at)
        assert info.value.last == last
