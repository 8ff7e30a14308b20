"""The audit: old logs meet the current rules.

It walks a stored log once.  For each position it checks the hash chain (position gapless, game id,
``prev_hash`` linking to the previous event, ``hash`` recomputed from the content); for each action
it re-decides the action from the state before it and compares what the rules produce today with
what was stored.  State always advances by the stored events (the log is the truth).
"""
from __future__ import annotations

import copy
import inspect
import pickle
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


class _InPlace:
    """Re-deciding without a deep copy of the state per action (engines whose ``decide`` takes
    ``in_place``): the action is decided on the audit's own state; when it is legal and the rules
    produce exactly the stored events, that state has advanced by them already.  Anything else
    rebuilds the state before the action (a copy kept every CHECKPOINT batches, plus the stored
    batches since) and the action is audited the ordinary way, so the findings are the same."""

    CHECKPOINT = 32

    @staticmethod
    def copy(state: Any) -> Any:
        try:
            return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))  # twice as fast as deepcopy
        except (pickle.PicklingError, TypeError, AttributeError):
            return copy.deepcopy(state)

    def __init__(self, engine: Any) -> None:
        self.enabled = "in_place" in inspect.signature(engine.decide).parameters
        self.engine = engine
        self.checkpoint: Any = None
        self.checkpointed = False
        self.dirty = False  # an attempt that failed left the state changed
        self.since: list[list[StoredGameEvent]] = []

    def advance(self, state: Any, action: dict[str, Any], stored: list[tuple[str, Any]], last: int) -> bool:
        """True when ``state`` was advanced in place by exactly the stored events."""
        if not self.enabled or state is None or not self.checkpointed:
            return False
        self.dirty = True
        try:
            decision = self.engine.decide(state, action, in_place=True)
            redo = [(ev.type_name(), ev.payload()) for ev in decision.events]
        except Exception:  # noqa: BLE001 - the ordinary way reports it
            return False
        if decision.violations or redo != stored:
            return False
        state.position = last
        self.dirty = False
        return True

    def rebuild(self) -> Any:
        """The state after the last closed batch, from the checkpoint."""
        self.dirty = False
        state = self.copy(self.checkpoint)
        for batch in self.since:
            for env in batch:
                try:
                    state = self.engine.apply(state, _load(env))
                    state.position = env.originator_version
                except Exception:  # noqa: BLE001 - reported when the batch was first closed
                    pass
        return state

    def closed(self, state: Any, batch: list[StoredGameEvent]) -> None:
        self.since.append(list(batch))
        if not self.checkpointed or len(self.since) >= self.CHECKPOINT:
            self.checkpoint = self.copy(state)
            self.checkpointed = True
            self.since = []


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
    fast: _InPlace | None = None

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
            if fast.advance(state, first.action, stored, batch[-1].originator_version):
                fast.closed(state, batch)
                batch.clear()
                return
            if fast.dirty:
                state = fast.rebuild()  # the attempt above changed it
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
        fast.closed(state, batch)
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
            fast = _InPlace(engine)
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
