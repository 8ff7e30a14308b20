"""The performance paths answer exactly what the plain ones answer: the audit re-deciding on its
own state instead of a copy per action (with checkpoints to fall back on), on sound and doctored
logs; legal-actions skipping the consequences of candidates already refused."""
from __future__ import annotations

from typing import Any

import pytest

from adjudicator import engine_for
from events.service import audit
from events.service.application import GameService, project_game
from events.service.envelope import GENESIS
from tests.unit.test_snapshots import play_random_game


@pytest.fixture(scope="module")
def recorded() -> list:
    svc = GameService("memory://", env={"ADJUDICATOR_SNAPSHOT_INTERVAL": "0"})
    gid = play_random_game(svc, 120, seed=11)
    state = svc.game(gid).state
    wrong = next(p for p in state.seating if p != state.to_act)
    svc.append(gid, {"type": "pass", "player": wrong}, mode="record")  # a recorded violation
    play_random_game_more(svc, gid, 20)
    return list(svc.all_events(gid))


def play_random_game_more(svc: GameService, gid, n: int) -> None:
    for _ in range(n):
        log = svc.game(gid)
        if log.state.winner is not None:
            return
        try:
            svc.append(gid, {"type": "pass", "player": log.state.to_act})
        except Exception:  # noqa: BLE001 - a pass that is not possible here ends the walk
            return


def reseal_from(envelopes: list, start: int) -> list:
    out = list(envelopes[:start])
    prev = out[-1].hash if out else GENESIS
    for env in envelopes[start:]:
        env = env.model_copy(update={"prev_hash": prev}).sealed()
        prev = env.hash
        out.append(env)
    return out


def both_ways(envelopes: list, monkeypatch) -> tuple[dict[str, Any], dict[str, Any]]:
    gid = envelopes[0].originator_id
    with monkeypatch.context() as m:
        m.setattr(audit._InPlace, "CHECKPOINT", 3)
        fast = audit.audit_log(gid, envelopes)
    with monkeypatch.context() as m:
        m.setattr(audit._InPlace, "advance", lambda self, *a: False)
        ordinary = audit.audit_log(gid, envelopes)
    return fast, ordinary


def test_a_sound_log_with_a_recorded_violation(recorded: list, monkeypatch):
    fast, ordinary = both_ways(recorded, monkeypatch)
    assert fast == ordinary
    assert fast["valid"] and fast["recorded_violations"] == 1


def test_events_the_rules_would_not_produce(recorded: list, monkeypatch):
    i = next(i for i, e in enumerate(recorded) if e.type == "StepStarted" and i > 30)
    doctored = list(recorded)
    other = "p1" if recorded[i].data["to_act"] == "p2" else "p2"
    doctored[i] = recorded[i].model_copy(update={"data": {**recorded[i].data, "to_act": other}})
    fast, ordinary = both_ways(reseal_from(doctored, i), monkeypatch)
    assert fast == ordinary
    assert not fast["valid"] and fast["chain"]["valid"]
    assert any(f["kind"] == "mismatch" for f in fast["violations"])


def test_an_edited_event_and_a_removed_one(recorded: list, monkeypatch):
    doctored = list(recorded)
    k = next(i for i, e in enumerate(doctored) if e.type == "PlayerPassed" and i > 40)
    doctored[k] = doctored[k].model_copy(update={"data": {"player": "p3"}})  # edited, not resealed
    del doctored[k + 5]
    fast, ordinary = both_ways(doctored, monkeypatch)
    assert fast == ordinary
    assert not fast["chain"]["valid"]


def test_legal_actions_are_the_same_as_deciding_every_candidate_in_full(recorded: list, monkeypatch):
    engine = engine_for("buffy")

    def every_answer() -> list:
        log, out = None, []
        for env in recorded:
            log = project_game(log, [env])
            out.append([engine.legal_actions(log.state, p) for p in log.state.seating])
        return out

    fast = every_answer()
    full_decide = engine.decide
    monkeypatch.setattr(engine, "decide", lambda state, action, **_: full_decide(state, action))
    assert every_answer() == fast
    assert sum(len(a) for answers in fast for a in answers) > 100
