"""The audit: old logs meet the current rules.

It walks a stored log once.  For each position it checks the hash chain (position gapless, game id,
``prev_hash`` linking to the previous event, ``hash`` recomputed from the content, a hash scheme that
never goes back to one that leaves the batch out).  Every batch is re-decided, whatever it carries:
an action from the state before it, a ruling into the one event it records, the creation from its
players and starting position; what the rules produce today is compared with what was stored.  A
batch no action or ruling explains (no action on its first event), an action inside another batch,
or a batch number that is not its first position is a finding at that position.  State always
advances by the stored events (the log is the truth).
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
from events.service.backups import BACKUP_ACTION, FORK, backed_over_by, backup_entry, fold
from events.service.envelope import GENESIS, StoredGameEvent
from events.models.base import registry
from events.models.common import GameBackedUp, GameCreated, RulingRecorded

FLAG_RULE = "audit.flagged"  # the ruling of a judge who imported a log with findings and kept it flagged


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
    """Re-decides every action of a log from the state before it and checks its hash chain."""
    audit = _Audit(game_id)
    for env in envelopes:
        audit.feed(env)
    audit.close_batch()
    return audit.report()


class _Audit:
    """One audit's walk over a log: the chain so far, the batch being read, the replayed state."""

    def __init__(self, game_id: UUID):
        self.game_id = game_id
        self._game_key = str(game_id)
        self.findings: list[dict[str, Any]] = []
        self.chain_breaks: list[dict[str, Any]] = []
        self.prev_hash: str | None = GENESIS
        self.expected_pos = 1
        self.state: Any = None
        self.engine: Any = None
        self.batch: list[StoredGameEvent] = []
        self.checked = 0
        self.last_hash = GENESIS
        self.fast: _InPlace | None = None
        self.hash_scheme = 1
        self.flagged: list[dict[str, Any]] = []  # the judges' rulings that kept an imported log flagged
        self.seen: list[StoredGameEvent] = []  # the readable envelopes so far: a backup folds them again
        self.backups: list[dict[str, Any]] = []

    def feed(self, env: StoredGameEvent | Unreadable) -> None:
        if isinstance(env, Unreadable):
            self.close_batch()
            self._missing_before(env.originator_version)
            self.chain_breaks.append({"position": env.originator_version,
                                      "problem": f"the stored row cannot be read ({env.error})"})
            self.prev_hash, self.expected_pos = None, env.originator_version + 1  # the next link cannot be checked
            return
        if self.engine is None:
            try:
                self.engine = engine_for(env.game)
            except Exception:  # noqa: BLE001 - an edited game name
                self.chain(env)
                return
            self.fast = _InPlace(self.engine)
        self.chain(env)
        self.last_hash = env.hash
        self.seen.append(env)
        if self.batch and env.batch != self.batch[0].batch:
            self.close_batch()
        self._check_bounds(env)
        self.batch.append(env)

    def _check_bounds(self, env: StoredGameEvent) -> None:
        """A batch is numbered by its first position, and only its first event carries the request."""
        pos = env.originator_version
        if not self.batch and env.batch != pos:
            self.findings.append({"position": pos, "kind": "batch", "message": f"batch {env.batch} starts at position "
                                  f"{pos}: a batch is numbered by its first position (events moved between batches?)"})
        if self.batch and (env.action is not None or env.violations or env.idempotency_key is not None):
            self.findings.append({"position": pos, "kind": "batch", "message": "an action inside batch "
                                  f"{env.batch}: only the first event of a batch carries its action (batches merged?)"})

    def _missing_before(self, pos: int) -> None:
        if pos != self.expected_pos:
            self.chain_breaks.append({"position": self.expected_pos,
                                      "problem": f"position {self.expected_pos} is missing; found {pos}"})

    def chain(self, env: StoredGameEvent) -> None:
        pos = env.originator_version
        self._missing_before(pos)
        if env.originator_id != self.game_id and str(env.originator_id) != self._game_key:
            self.chain_breaks.append({"position": pos, "problem": "the event belongs to another game"})
        if self.prev_hash is not None and env.prev_hash != self.prev_hash:
            self.chain_breaks.append({"position": pos, "problem": "prev_hash does not link to the previous event's hash"})
        if env.compute_hash() != env.hash:
            self.chain_breaks.append({"position": pos, "problem": "the stored content does not match its hash (edited)"})
        if env.hash_scheme < self.hash_scheme:
            self.chain_breaks.append({"position": pos, "problem": f"hash scheme {env.hash_scheme} after a link of scheme "
                                      f"{self.hash_scheme}: a chain never goes back to a scheme without the batch"})
        self.hash_scheme = max(self.hash_scheme, env.hash_scheme)
        self.prev_hash = env.hash
        self.expected_pos = pos + 1

    def close_batch(self) -> None:
        if not self.batch:
            return
        first = self.batch[0]
        stored = [(e.type, e.data) for e in self.batch]
        if first.action is None and first.originator_version == 1 and first.type == "GameCreated":
            self._compare(first.originator_version, stored, self._recreated, first)
        elif first.action is None:
            self.findings.extend({"position": e.originator_version, "kind": "unexplained",
                                  "message": f"no action or ruling explains this {e.type} event (batch {e.batch} "
                                             "has no action)"} for e in self.batch)
        elif first.action.get("type") == "ruling":
            self._compare(first.originator_version, stored, self._ruled, first)
            if first.action.get("rule") == FLAG_RULE:
                self.flagged.append({"position": first.originator_version, "judge": first.action.get("judge")})
        elif first.action.get("type") in (BACKUP_ACTION, FORK):  # events/service/backups.py
            self._compare(first.originator_version, stored, self._backed_up, first)
        else:
            self.checked += 1
            stored = [(e.type, e.data) for e in self.batch]
            if self.fast.advance(self.state, first.action, stored, self.batch[-1].originator_version):
                self.fast.closed(self.state, self.batch)
                self.batch.clear()
                return
            if self.fast.dirty:
                self.state = self.fast.rebuild()  # the attempt above changed it
            self._redecide(first, stored)
        self._apply_batch()

    def _recreated(self, first: StoredGameEvent) -> list[Any]:
        """What the creation produces today from the players and starting position it stored."""
        data = first.data
        return self.engine.create(data.get("players"), data.get("first_player"), data.get("state"))

    @staticmethod
    def _backed_up(first: StoredGameEvent) -> list[Any]:
        """The one event a backup records, or the one creation event of a fork (a fork's state is
        its parent's, which this log alone cannot check)."""
        action = first.action
        if action.get("type") == FORK and first.originator_version == 1:
            return [GameCreated(**first.data)]
        return [GameBackedUp(to=action.get("to"), reason=action.get("reason"), by=action.get("by"))]

    @staticmethod
    def _ruled(first: StoredGameEvent) -> list[Any]:
        """The one event a ruling records (``append_ruling``)."""
        ruling = {k: v for k, v in first.action.items() if k not in ("type", "ruling_id")}
        return [RulingRecorded(ruling_id=first.action.get("ruling_id") or f"r{first.originator_version}", **ruling)]

    def _compare(self, pos: int, stored: list[tuple[str, Any]], redo_of: Any, first: StoredGameEvent) -> None:
        """Compares a creation's or a ruling's stored events with what it produces today; the
        creation event itself is compared by type (it stores the position it was given)."""
        try:
            redo = [(ev.type_name(), ev.payload()) for ev in redo_of(first)]
        except Exception as exc:  # noqa: BLE001 - a forged or outdated batch that cannot be produced
            self.findings.append({"position": pos, "kind": "invalid",
                                  "message": f"the {first.type} batch cannot be produced here: {type(exc).__name__}: {exc}"})
            return
        if first.type == "GameCreated" and redo and stored and redo[0][0] == stored[0][0]:
            redo[0] = stored[0]
        self._mismatch(pos, stored, redo)

    def _redecide(self, first: StoredGameEvent, stored: list[tuple[str, Any]]) -> None:
        pos = first.originator_version
        try:
            decision = self.engine.decide(self.state, first.action)
        except (InvalidAction, GameOver) as exc:
            self.findings.append({"position": pos, "kind": "invalid", "message": f"the action cannot be decided here: {exc}"})
            return
        except Exception as exc:  # noqa: BLE001 - a tampered log may leave no state to decide on
            self.findings.append({"position": pos, "kind": "unreplayable",
                                  "message": f"the action cannot be re-decided: {type(exc).__name__}: {exc}"})
            return
        redo = [(ev.type_name(), ev.payload()) for ev in decision.events]
        if decision.violations:
            self.findings.append({
                "position": pos, "kind": "violation", "recorded": first.mode == "record",
                "rules": sorted({v.rule for v in decision.violations}),
                "message": "; ".join(v.message for v in decision.violations),
            })
        self._mismatch(pos, stored, redo)

    def _mismatch(self, pos: int, stored: list[tuple[str, Any]], redo: list[tuple[str, Any]]) -> None:
        if redo != stored:
            at = pos
            for i, (got, want) in enumerate(zip(stored, redo + [None] * len(stored))):
                if got != (want if want is None else tuple(want)):
                    at = pos + i
                    break
            self.findings.append({
                "position": at, "kind": "mismatch",
                "message": "the stored events are not what the rules produce for this action",
                "stored": [t for t, _ in stored], "rules_produce": [t for t, _ in redo],
            })

    def _apply_batch(self) -> None:
        for env in self.batch:
            try:
                backup = backup_entry(env)
                if backup is not None:  # the state the log had at ``to`` (events/service/backups.py)
                    self.state = fold(self.engine, self.seen, backup["to"])
                    self.backups.append(backup)
                    self.fast.checkpointed = False  # the next checkpoint is the state backed up to
                else:
                    self.state = self.engine.apply(self.state, _load(env))
                self.state.position = env.originator_version
            except Exception as exc:  # a stored event that cannot apply is itself a finding
                self.findings.append({"position": env.originator_version, "kind": "unreplayable", "message": str(exc)})
        self.fast.closed(self.state, self.batch)
        self.batch.clear()

    def _explained(self, backup: dict[str, Any]) -> dict[str, Any]:
        """A backup as the report names it: where, to where, why, and the positions it backed over."""
        over = [p for p in range(backup["to"] + 1, backup["position"])
                if backed_over_by(self.backups, p) == backup["position"]]
        who = f"the judge {backup['by']}" if backup.get("by") else "a judge"
        return {**backup, "backed_over": over,
                "explanation": f"{who} backed the game up to position {backup['to']} at position "
                               f"{backup['position']} ({backup['reason']}); positions {over[0] if over else '-'}.."
                               f"{over[-1] if over else '-'} stay in the log, backed over"}

    def report(self) -> dict[str, Any]:
        findings = self.findings + [{"kind": "chain", **b} for b in self.chain_breaks]
        findings.sort(key=lambda f: (f["position"], f["kind"]))
        recorded = [f for f in findings if f["kind"] == "violation" and f.get("recorded")]
        valid = not [f for f in findings if not (f["kind"] == "violation" and f.get("recorded"))]
        return {
            "valid": valid,
            "checked": self.checked,
            "positions": self.expected_pos - 1,
            "violations": findings,
            "recorded_violations": len(recorded),
            "flagged": self.flagged,
            "backups": [self._explained(b) for b in self.backups],
            "chain": {"valid": not self.chain_breaks, "head": self.last_hash, "breaks": self.chain_breaks,
                      "algorithm": "sha256(canonical JSON of the event content and prev_hash; "
                                   "from hash_scheme 2, the batch and the scheme too)"},
        }
