"""A snapshot an append takes at a checkpoint comes from the state the append already holds (the
game after its events, as deciding worked it out), not from a replay of the stored rows.  Over real
games of each game (Buffy, WoW Miniatures, The Spoils from the shared decks), every snapshot taken
that way equals the state a full replay of the log produces at its position, and the audit still
reports a snapshot that is wrong."""
from __future__ import annotations

import random
from typing import Any
from uuid import UUID

import pytest

from adjudicator import engine_for
from adjudicator.core import InvalidAction
from events.service import snapshots as snap
from events.service.application import GameLog, GameService, IllegalAction, project_game
from tests.scenarios.spoils.random_games import GAMES, play
from tests.scenarios.spoils_table import needs_data
from tests.unit.test_snapshots import BUFFY, SPIKE, fill
from tests.unit.test_wowmini_table import druid, hunter, orc, priest, shaman

INTERVAL = 3  # small, so that many checkpoints fall inside an append's batch of events


@pytest.fixture
def service(monkeypatch) -> GameService:
    """A store whose reads never take snapshots: every snapshot in it was taken by an append."""
    monkeypatch.setattr(GameService, "loading_projector", lambda self, project: (project, []))
    return GameService("memory://", env={"ADJUDICATOR_SNAPSHOT_INTERVAL": str(INTERVAL)})


def walk(svc: GameService, gid: UUID, appends: int, seed: int) -> None:
    """Appends chosen at random among the concrete legal actions of every player (Buffy's filled
    in with made-up cards), now and then one recorded against the rules, until the game ends."""
    engine = engine_for(svc.game(gid).game)
    rng = random.Random(seed)
    for _ in range(appends):
        log = svc.game(gid)
        if engine.status(log.state)[0] == "finished":
            return
        legal = [a.action for p in log.state.seating for a in engine.legal_actions(log.state, p) if a.domains is None]
        rng.shuffle(legal)
        legal.sort(key=lambda a: a["type"] == "pass" and rng.random() < 0.6)
        if rng.random() < 0.05:
            wrong = next(p for p in log.state.seating if p != getattr(log.state, "to_act", None))
            legal.insert(0, {"type": "pass", "player": wrong, "mode": "record"})
        for action in legal:
            mode = action.pop("mode", "enforce")
            try:
                svc.append(gid, fill(action, log.version), mode=mode)
                break
            except (IllegalAction, InvalidAction):
                continue
        else:
            raise AssertionError(f"no action accepted at {log.version}")


def assert_every_snapshot_is_the_replay(svc: GameService, gid: UUID) -> tuple[int, int]:
    """(snapshots compared, how many of them fell inside an append's batch, not at its end)."""
    log = list(svc.events.get(gid))
    last = len(log)
    stored = list(svc.snapshots.get(gid))
    assert [s.originator_version for s in stored] == list(range(INTERVAL, last + 1, INTERVAL))
    for taken in stored:
        at = taken.originator_version
        replayed = project_game(None, svc.events.get(gid, lte=at), svc.rewinder(gid))
        assert replayed.version == at
        assert snap.restore(taken, GameLog) == replayed, at
        assert taken.digest == snap.take(replayed).digest, at  # the same content, byte for byte canonical
        engine = engine_for(replayed.game)
        assert engine.to_document(snap.restore(taken, GameLog).state) == engine.to_document(replayed.state), at
    inside = sum(1 for s in stored if s.originator_version < last and log[s.originator_version].batch
                 == log[s.originator_version - 1].batch)
    return len(stored), inside


def test_buffy_with_rulings_a_backup_and_recorded_violations(service: GameService):
    gid = service.create_game("buffy", [{"id": "p1"}, {"id": "p2"}], "p1",
                              {"characters": {"spike": SPIKE, "buffy": BUFFY}}).id
    walk(service, gid, 60, seed=5)
    service.append_ruling(gid, {"judge": "j1", "rule": "buffy.fight.tie", "effect": {"note": "a ruling"},
                                "reason": "made up for the test"})
    service.backup(gid, service.game(gid).version - 7, "a judge goes back", by="j1")
    walk(service, gid, 60, seed=6)
    compared, inside = assert_every_snapshot_is_the_replay(service, gid)
    assert compared >= 30 and inside >= 5


def test_wowmini_a_busy_table(service: GameService):
    setup = {"characters": {"malfurion": druid(square=(2, 2)), "anduin": priest(square=(2, 4), clock=1),
                            "rexxar": hunter((4, 4), clock=2), "thrall": shaman((7, 7), clock=3, points=5),
                            "grunt": orc((3, 3), clock=4, spawn=[9, 0])}, "vp_target": 50}
    gid = service.create_game("wowmini", [{"id": "p1"}, {"id": "p2"}], "p1", setup).id
    walk(service, gid, 120, seed=2)
    assert assert_every_snapshot_is_the_replay(service, gid)[0] >= 30


@needs_data
@pytest.mark.parametrize("alice,bob,seed", [pytest.param(*GAMES[0][:3], id="arcanist v banker"),
                                            pytest.param(*GAMES[3][:3], id="gearsmith v rogue", marks=pytest.mark.slow)])
def test_spoils_games_from_the_shared_decks(service: GameService, spoils_cards, alice: str, bob: str, seed: int):
    from api import create_app

    app = create_app({"SERVICE": service, "TESTING": True, "REQUEST_LOG": False})
    app.extensions["cards"] = spoils_cards

    def to_act_only(client: Any, gid: str) -> dict[str, Any]:
        state = client.get(f"/games/{gid}/state").get_json()
        to_act = state.get("to_act")
        return {"state": state, **({to_act: client.get(f"/games/{gid}/legal-actions?player={to_act}&limit=1000").get_json()}
                                   if to_act else {})}

    steps = list(play(app.test_client(), alice, bob, seed, 70, ask=to_act_only))
    assert len(steps) >= 20
    (game,), _ = service.list_games()
    assert assert_every_snapshot_is_the_replay(service, UUID(game["id"]))[0] >= 10


def test_the_audit_reports_a_snapshot_the_append_got_wrong(service: GameService, monkeypatch):
    """A bug that left the append's state other than the replay's would store a wrong snapshot:
    reads trust its digest and chain hash, the audit replays the log and says where it is."""
    import events.service.application as application

    advance = application._advance

    def wrong_at_checkpoints(log, envelopes, step, idempotency):
        after = advance(log, envelopes, step, idempotency)
        if after.version % INTERVAL == 0:
            after.state = after.state.model_copy(deep=True)
            after.state.players["p1"].destiny += 1
        return after

    gid = service.create_game("buffy", [{"id": "p1"}, {"id": "p2"}], "p1",
                              {"characters": {"spike": SPIKE, "buffy": BUFFY}}).id
    monkeypatch.setattr(application, "_advance", wrong_at_checkpoints)
    for _ in range(8):
        service.append(gid, {"type": "pass", "player": service.game(gid).state.to_act}, mode="record")
    monkeypatch.setattr(application, "_advance", advance)
    report = service.audit(gid)
    bad = report["snapshots"]["bad"]
    assert bad and all(b["problem"] == "it disagrees with the log replayed to its position" for b in bad)
    assert {b["position"] for b in bad} <= set(range(INTERVAL, service.game(gid).version + 1, INTERVAL))
    assert report["valid"] is False
    assert any(f["kind"] == "snapshot" for f in report["violations"])
