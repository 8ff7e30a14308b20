"""The audit: old logs meet the current rules.

It walks a stored log once.  For each position it checks the hash chain (position gapless, game id,
``prev_hash`` linking to the previous event, ``hash`` recomputed from the content); for each action
it re-decides the action from the state before it and compares what the rules produce today with
what was stored.  State always advances by the stored events (the log is the truth).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable
from uuid import UUID

from adjudicator import engine_for
from adjudicator.core import GameOver, InvalidAction
from events.envelope import GENESIS, StoredGameEvent
from events.base import registry


@dataclass(frozen=True)
class Unreadable:
    """A stored row that cannot be decoded (its bytes were edited, or the cipher key is wrong)."""

    originator_version: int
    error: str


def _load(env: StoredGameEvent):
    return registry.load(env.game, env.type, env.data, env.schema_version)


def audit_log(game_id: UUID, envelopes: Iterable[StoredGameEvent | Unreadable]) -> dict[str, Any]:
    findings: list[dict[str, Any]] = []
    chain_breaks: list[dict[str, Any]] = []
    prev_hash = GENESIS
    expected_pos = 1
    state = None
    engine = None
    batch: list[StoredGameEvent] = []
    checked = 0
    last_hash = GENESIS

    def chain(env: StoredGameEvent) -> None:
        nonlocal prev_hash, expected_pos
        pos = env.originator_version
        if pos != expected_pos:
            chain_breaks.append({"position": expected_pos, "problem": f"position {expected_pos} is missing; found {pos}"})
        if str(env.originator_id) != str(game_id):
            chain_breaks.append({"position": pos, "problem": "the event belongs to another game"})
        if prev_hash is not None and env.prev_hash != prev_hash:
            chain_breaks.append({"position": pos, "problem": "prev_hash does not link to the previous event's hash"})
        if env.compute_hash() != env.hash:
            chain_breaks.append({"position": pos, "problem": "the stored content does not match its hash (edited)"})
        prev_hash = env.hash
        expected_pos = pos + 1

    def close_batch() -> None:
        nonlocal state, checked
        if not batch:
            return
        first = batch[0]
        stored = [(e.type, e.data) for e in batch]
        if first.type == "GameCreated" or first.action is None or first.action.get("type") == "ruling":
            pass
        else:
            checked += 1
            try:
                decision = engine.decide(state, first.action)
                redo = [(ev.type_name(), ev.payload()) for ev in decision.events]
                if decision.violations:
                    findings.append({
                        "position": first.originator_version, "kind": "violation",
                        "recorded": first.mode == "record",
                        "rules": sorted({v.rule for v in decision.violations}),
                        "message": "; ".join(v.message for v in decision.violations),
                    })
                if redo != stored:
                    at = first.originator_version
                    for i, (got, want) in enumerate(zip(stored, redo + [None] * len(stored))):
                        if got != (want if want is None else tuple(want)):
                            at = first.originator_version + i
                            break
                    findings.append({
                        "position": at, "kind": "mismatch",
                        "message": "the stored events are not what the rules produce for this action",
                        "stored": [t for t, _ in stored], "rules_produce": [t for t, _ in redo],
                    })
            except (InvalidAction, GameOver) as exc:
                findings.append({"position": first.originator_version, "kind": "invalid",
                                 "message": f"the action cannot be decided here: {exc}"})
            except Exception as exc:  # noqa: BLE001 - a tampered log may leave no state to decide on
                findings.append({"position": first.originator_version, "kind": "unreplayable",
                                 "message": f"the action cannot be re-decided: {type(exc).__name__}: {exc}"})
        for env in batch:
            try:
                state = engine.apply(state, _load(env))
                state.position = env.originator_version
            except Exception as exc:  # a stored event that cannot apply is itself a finding
                findings.append({"position": env.originator_version, "kind": "unreplayable", "message": str(exc)})
        batch.clear()

    for env in envelopes:
        if isinstance(env, Unreadable):
            close_batch()
            pos = env.originator_version
            if pos != expected_pos:
                chain_breaks.append({"position": expected_pos, "problem": f"position {expected_pos} is missing; found {pos}"})
            chain_breaks.append({"position": pos, "problem": f"the stored row cannot be read ({env.error})"})
            prev_hash, expected_pos = None, pos + 1  # the next link cannot be checked
            continue
        if engine is None:
            try:
                engine = engine_for(env.game)
            except Exception:  # noqa: BLE001 - an edited game name
                chain(env)
                continue
        chain(env)
        last_hash = env.hash
        if batch and env.batch != batch[0].batch:
            close_batch()
        batch.append(env)
    close_batch()
    findings.extend({"kind": "chain", **b} for b in chain_breaks)
    findings.sort(key=lambda f: (f["position"], f["kind"]))
    recorded = [f for f in findings if f["kind"] == "violation" and f.get("recorded")]
    valid = not [f for f in findings if not (f["kind"] == "violation" and f.get("recorded"))]
    return {
        "valid": valid,
        "checked": checked,
        "positions": expected_pos - 1,
        "violations": findings,
        "recorded_violations": len(recorded),
        "chain": {"valid": not chain_breaks, "head": last_hash, "breaks": chain_breaks,
                  "algorithm": "sha256(canonical JSON of the event content and prev_hash)"},
    }
