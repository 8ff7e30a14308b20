"""The application service: the only place that loads and saves games.

``api/`` calls this; this calls the engines in ``adjudicator/``.  One aggregate per game: the log
of StoredGameEvent envelopes; the state at position N is the engine's projection of events 1..N.
"""
from __future__ import annotations

import copy
import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable, Iterator
from uuid import UUID, uuid4

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError

from adjudicator import engine_for
from adjudicator.core import Decision, Engine, GameOver, InvalidAction
from events.base import registry
from events.envelope import GENESIS, Mode, StoredGameEvent
from events.snapshots import GameSnapshot, Snapshotting, restore
from events.store import EnvelopeMapper, created_topic, env_for


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


@dataclass(frozen=True)
class AppendResult:
    position: int
    events: list[StoredGameEvent]
    state: Any
    engine: Engine
    decision: Decision


def domain_event(env: StoredGameEvent):
    return registry.load(env.game, env.type, env.data, env.schema_version)


def project_game(log: GameLog | None, events: Iterable[StoredGameEvent]) -> GameLog | None:
    """The projector the repository uses: folds envelopes through the game's engine."""
    for env in events:
        if isinstance(env, GameSnapshot):  # a cached projection (events/snapshots.py)
            log = restore(env, GameLog)
            continue
        if log is None:
            log = GameLog(id=env.originator_id, game=env.game, created_at=env.timestamp)
        engine = engine_for(env.game)
        log.state = engine.apply(log.state, domain_event(env))
        log.version = env.originator_version
        log.state.position = env.originator_version
        log.last_hash = env.hash
        if env.type == "GameCreated":
            log.players = list(env.data.get("players", []))
    return log


class GameService(Snapshotting, Application):
    """Creates games, appends actions, and answers questions at any position."""

    name = "Adjudicator"
    env = {"AGGREGATE_CACHE_MAXSIZE": "500", "DEEPCOPY_FROM_AGGREGATE_CACHE": "y"}

    def __init__(self, database_url: str | None = None, env: dict[str, str] | None = None):
        settings = env_for(database_url)
        settings.update(env or {})
        self.snapshot_interval = self.snapshot_settings(settings, env)
        super().__init__(env=settings)
        self._create_lock = threading.Lock()

    def construct_mapper(self):
        return self.factory.mapper(transcoder=self.construct_transcoder(), mapper_class=EnvelopeMapper)

    # ------------------------------------------------------------------------------- loading
    def _load(self, game_id: UUID, at: int | None = None) -> GameLog:
        try:
            projector, taken = self.loading_projector(project_game)
            log = self.repository.get(game_id, version=at, projector_func=projector)
        except Exception as exc:  # AggregateNotFoundError
            if type(exc).__name__ == "AggregateNotFoundError":
                raise GameNotFound(f"no game {game_id}") from None
            raise
        if log is None or log.version == 0:
            raise GameNotFound(f"no game {game_id}")
        if taken:
            self.put_snapshots(taken)
        return log

    def game(self, game_id: UUID) -> GameLog:
        """The latest position.  Raises GameNotFound."""
        return self._load(game_id)

    def state_at(self, game_id: UUID, at: int | None = None) -> GameLog:
        """The game projected to position ``at`` (default: latest).  Raises GameNotFound,
        PositionOutOfRange."""
        if at is None:
            return self._load(game_id)
        if at < 1:
            raise PositionOutOfRange(at, self._load(game_id).version)
        log = self._load(game_id, at)  # a snapshot at or before ``at`` plus the events after it
        if log.version != at:
            raise PositionOutOfRange(at, log.version)
        return log

    def stored_events(self, game_id: UUID, after: int = 0, limit: int | None = None) -> list[StoredGameEvent]:
        return list(self.events.get(game_id, gt=after or None, limit=limit))

    def all_events(self, game_id: UUID) -> Iterator[StoredGameEvent]:
        return self.events.get(game_id)

    # ------------------------------------------------------------------------------- writing
    def create_game(self, game: str, players: list[dict[str, Any]], first_player: str | None = None,
                    setup: dict[str, Any] | None = None, game_id: UUID | None = None) -> GameLog:
        """Raises UnknownGame, InvalidSetup."""
        try:
            engine = engine_for(game)
        except (KeyError, ImportError):
            raise UnknownGame(f"unknown game {game!r}", [{"field": "game", "message": "expected buffy, spoils or wowmini"}]) from None
        created = engine.create(players, first_player, setup)
        game_id = game_id or uuid4()
        envelopes = self._seal(game_id, game, 0, GENESIS, created, action=None, actor=None, mode="enforce", violations=[])
        self.save(*envelopes)
        return self._load(game_id)

    def decide(self, log: GameLog, action: dict[str, Any]) -> Decision:
        engine = engine_for(log.game)
        return engine.decide(log.state, action)

    def append(self, game_id: UUID, action: dict[str, Any], expected_position: int | None = None,
               mode: Mode = "enforce") -> AppendResult:
        """Decides and appends.  Raises GameNotFound, StalePosition, InvalidAction, GameOver,
        IllegalAction (enforce mode, or nothing to record)."""
        log = self._load(game_id)
        if expected_position is not None and expected_position != log.version:
            raise StalePosition(expected_position, log.version)
        engine = engine_for(log.game)
        decision = engine.decide(log.state, action)
        if decision.violations and (mode == "enforce" or not decision.events):
            raise IllegalAction(decision, log.version, recordable=bool(decision.events))
        violations = [v.model_dump() for v in decision.violations]
        envelopes = self._seal(game_id, log.game, log.version, log.last_hash, decision.events,
                               action=action, actor=action.get("player"), mode=mode, violations=violations)
        try:
            self.save(*envelopes)
        except IntegrityError:
            current = self._load(game_id).version
            raise StalePosition(expected_position if expected_position is not None else log.version, current) from None
        self.snapshot_after(game_id, log.version, envelopes[-1].originator_version)
        state = log.state
        for env in envelopes:
            state = engine.apply(state, domain_event(env))
            state.position = env.originator_version
        return AppendResult(position=envelopes[-1].originator_version, events=envelopes, state=state,
                            engine=engine, decision=decision)

    def append_ruling(self, game_id: UUID, ruling: dict[str, Any], expected_position: int | None = None) -> AppendResult:
        """A judge ruling, recorded as an event the engines honour from then on."""
        from events.common import RulingRecorded

        log = self._load(game_id)
        if expected_position is not None and expected_position != log.version:
            raise StalePosition(expected_position, log.version)
        event = RulingRecorded(ruling_id=ruling.get("ruling_id") or f"r{log.version + 1}", **{
            k: v for k, v in ruling.items() if k != "ruling_id"})
        envelopes = self._seal(game_id, log.game, log.version, log.last_hash, [event],
                               action={"type": "ruling", **ruling}, actor=ruling.get("judge"), mode="enforce", violations=[])
        try:
            self.save(*envelopes)
        except IntegrityError:
            raise StalePosition(log.version, self._load(game_id).version) from None
        self.snapshot_after(game_id, log.version, envelopes[-1].originator_version)
        engine = engine_for(log.game)
        state = engine.apply(log.state, event)
        state.position = envelopes[-1].originator_version
        return AppendResult(position=state.position, events=envelopes, state=state, engine=engine,
                            decision=Decision(events=[event]))

    def _seal(self, game_id: UUID, game: str, after: int, prev_hash: str, events, *, action, actor,
              mode: Mode, violations) -> list[StoredGameEvent]:
        now = datetime.now(timezone.utc)
        out = []
        batch = after + 1
        for i, event in enumerate(events):
            env = StoredGameEvent(
                originator_id=game_id, originator_version=after + 1 + i, timestamp=now, game=game,
                type=event.type_name(), schema_version=event.version, data=event.payload(),
                actor=actor, action=action if i == 0 else None, batch=batch, mode=mode,
                violations=violations if i == 0 else [], prev_hash=prev_hash,
            ).sealed()
            prev_hash = env.hash
            out.append(env)
        return out

    def import_log(self, envelopes: list[StoredGameEvent]) -> None:
        """Stores envelopes exactly as given (an imported export); the caller audits them."""
        self.save(*envelopes)

    # ------------------------------------------------------------------------------- listing
    def list_games(self, after: int = 0, limit: int = 50) -> tuple[list[dict[str, Any]], int | None]:
        """Games in creation order: ([{id, game, players, created_at, cursor}], next cursor)."""
        topics = [created_topic(g) for g in ("buffy", "spoils", "wowmini")]
        notes = self.recorder.select_notifications(start=after + 1, limit=limit, topics=topics)
        games = []
        for n in notes:
            env = self.mapper.to_domain_event(n)
            games.append({"id": str(env.originator_id), "game": env.game, "players": env.data.get("players", []),
                          "created_at": env.timestamp.isoformat(), "cursor": n.id})
        nxt = notes[-1].id if len(notes) == limit else None
        return games, nxt
