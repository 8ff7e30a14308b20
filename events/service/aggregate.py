"""The store-free parts of the application service (``events.service.application``, which
re-exports the public names): the errors it answers with, the aggregate ``GameLog`` (a game's
position and projected state), what an append answers (``AppendResult``), and the steps of a write
that never touch the store: the engine of a game, deciding on one copy of the state, and the game
after the new envelopes.  Folding stored envelopes into a ``GameLog`` (``project_game``) stays in
the application module.
"""
from __future__ import annotations

import copy
import functools
import inspect
import pickle
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from adjudicator import engine_for
from adjudicator.core import Decision, Engine, InvalidAction
from adjudicator.kernel import copy_state
from events.models.base import registry
from events.service.backups import backup_entry
from events.service.envelope import GENESIS, Mode, StoredGameEvent


class GameNotFound(LookupError):
    """No game with this id."""


class UnknownGame(InvalidAction):
    """The game name is not one the service adjudicates."""


class StalePosition(Exception):
    """The client's expected position is not the log's current position."""

    def __init__(self, expected: int, current: int):
        super().__init__(f"the game is at position {current}, not {expected}")
        self.expected = expected
        self.current = current


class PositionOutOfRange(ValueError):
    def __init__(self, at: int, last: int):
        super().__init__(f"position {at} is outside the log (1..{last})")
        self.at = at
        self.last = last


class IdempotencyKeyReused(Exception):
    """An Idempotency-Key already answered a different request."""

    def __init__(self, key: str, position: int):
        super().__init__(f"the Idempotency-Key {key!r} was used for a different request (at position {position})")
        self.key = key
        self.position = position


class StoreBusy(Exception):
    """The store cannot take the write now (SQLite locked, PostgreSQL unreachable); retry later."""


class IllegalAction(Exception):
    """The rules forbid the action here (enforce mode), or it cannot be recorded at all."""

    def __init__(self, decision: Decision, position: int, recordable: bool = True):
        rules = ", ".join(sorted({v.rule for v in decision.violations}))
        super().__init__(f"illegal at position {position} ({rules})")
        self.decision = decision
        self.position = position
        self.recordable = recordable



@dataclass
class GameLog:
    """The aggregate: a game's position and projected state."""

    id: UUID
    version: int = 0
    game: str = ""
    state: Any = None
    last_hash: str = GENESIS
    players: list[dict[str, Any]] = field(default_factory=list)
    created_at: datetime | None = None
    # Idempotency keys seen in the log: key -> {"digest", "first", "last"} positions of its batch.
    requests: dict[str, dict[str, Any]] = field(default_factory=dict)
    # The judge's backups in the log ({"position", "to", "reason", "by"}, events/service/backups.py)
    # and, for a forked game, the game and position it started from ({"id", "at", "hash"}).
    backups: list[dict[str, Any]] = field(default_factory=list)
    parent: dict[str, Any] | None = None

    def __deepcopy__(self, memo: dict) -> "GameLog":
        # The repository copies a cached game for every request that loads the latest position;
        # a pickle round trip is the same deep copy at about half the cost of copy.deepcopy.
        try:
            return pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, TypeError, AttributeError):
            return GameLog(**{name: copy.deepcopy(value, memo) for name, value in vars(self).items()})


@dataclass(frozen=True)
class AppendResult:
    position: int
    events: list[StoredGameEvent]
    state: Any
    engine: Engine
    decision: Decision
    replayed: bool = False  # the original answer to a retried Idempotency-Key


def domain_event(env: StoredGameEvent):
    return registry.load(env.game, env.type, env.data, env.schema_version)



@dataclass
class _Step:
    """What a write decided: the decision (its events are what is stored), the audit trail of the
    envelopes, and the state after the events when deciding already worked it out."""

    decision: Decision
    action: dict[str, Any]
    actor: str | None
    mode: Mode
    violations: list[dict[str, Any]]
    state: Any = None


def _engine(game: str) -> Engine:
    """The engine of ``game``.  Raises UnknownGame."""
    try:
        return engine_for(game)
    except (KeyError, ImportError):
        raise UnknownGame(f"unknown game {game!r}",
                          [{"field": "game", "message": "expected buffy, spoils or wowmini"}]) from None


def _decide_owning(engine: Engine, state: Any, action: dict[str, Any]) -> tuple[Decision, Any]:
    """(decision, state after its events or None), with one copy of ``state`` (which is left
    untouched): an engine whose ``decide`` takes the copy it works on (``work``: The Spoils, WoW
    Miniatures) or decides on a state it is given (``in_place``: Buffy) works on the copy this
    makes, which then is the state after the append; any other engine copies inside ``decide``
    and the caller applies the events."""
    takes = _decide_takes(type(engine))
    if takes is None:
        return engine.decide(state, action), None
    work = copy_state(state)
    if takes == "work":
        decision = engine.decide(state, action, work=work)
    else:
        decision = engine.decide(work, action, in_place=True)
    return decision, (work if decision.events and not decision.violations else None)


@functools.lru_cache(maxsize=None)
def _decide_takes(engine_class: type) -> str | None:
    parameters = inspect.signature(engine_class.decide).parameters
    return next((name for name in ("work", "in_place") if name in parameters), None)


def _advance(log: GameLog, envelopes: list[StoredGameEvent], step: _Step,
             idempotency: tuple[str | None, str | None]) -> GameLog:
    """The game after its new envelopes (a new GameLog: the cached one is never changed)."""
    state = step.state
    if state is None:
        engine = _engine(log.game)
        state = copy_state(log.state)
        for event in step.decision.events:
            state = engine.apply(state, event)
    last = envelopes[-1]
    state.position = last.originator_version
    requests = log.requests
    key, digest = idempotency
    if key is not None:
        requests = {**requests, key: {"digest": digest, "first": envelopes[0].originator_version,
                                      "last": last.originator_version}}
    backups = log.backups + [b for b in map(backup_entry, envelopes) if b is not None]
    return GameLog(id=log.id, version=last.originator_version, game=log.game, state=state, last_hash=last.hash,
                   players=log.players, created_at=log.created_at, requests=requests, backups=backups,
                   parent=log.parent)
