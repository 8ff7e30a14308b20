"""The application service: the only place that loads and saves games.

``api/`` calls this; this calls the engines in ``adjudicator/``.  One aggregate per game: the log
of StoredGameEvent envelopes; the state at position N is the engine's projection of events 1..N.
"""
from __future__ import annotations

import copy
import hashlib
import itertools
import pickle
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable, Iterator
from uuid import UUID, uuid4, uuid5

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, OperationalError

from adjudicator import engine_for
from adjudicator.core import Decision, Engine, GameOver, InvalidAction
from events.base import registry
from events.audit import Unreadable, audit_log
from events.envelope import GENESIS, Mode, StoredGameEvent, canonical
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


class IdempotencyKeyReused(Exception):
    """An Idempotency-Key already answered a different request."""

    def __init__(self, key: str, position: int):
        super().__init__(f"the Idempotency-Key {key!r} was used for a different request (at position {position})")
        self.key = key
        self.position = position


class StoreBusy(Exception):
    """The store cannot take the write now (SQLite locked, PostgreSQL unreachable); retry later."""


# Games created with an Idempotency-Key get the id uuid5(IDEMPOTENT_GAMES, key), so a retried
# creation meets the first one in the store (the version-1 row is unique) on any worker.
IDEMPOTENT_GAMES = UUID("5b0c6f0e-6a44-4c55-9a43-1d0c3a7f2b61")
RACE_RETRIES = 20  # appends without an expected position that lose a race are re-decided


def request_digest(kind: str, body: Any) -> str:
    return hashlib.sha256(canonical({"kind": kind, "body": body})).hexdigest()


def _is_lock(exc: Exception) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


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
        if env.idempotency_key is not None:
            log.requests[env.idempotency_key] = {"digest": env.request_digest, "first": env.originator_version,
                                                 "last": env.originator_version}
        elif log.requests:
            entry = log.requests[next(reversed(log.requests))]
            if entry["first"] == env.batch:
                entry["last"] = env.originator_version
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
        return self.create_game_once(game, players, first_player, setup, game_id=game_id)[0]

    def create_game_once(self, game: str, players: list[dict[str, Any]], first_player: str | None = None,
                         setup: dict[str, Any] | None = None, *, game_id: UUID | None = None,
                         idempotency_key: str | None = None) -> tuple[GameLog, bool]:
        """Creates a game; with ``idempotency_key`` a retry returns the game the first request
        created.  Returns (game, replayed).  Raises UnknownGame, InvalidSetup, IdempotencyKeyReused,
        StoreBusy."""
        digest = None
        if idempotency_key is not None:
            digest = request_digest("create", {"game": game, "players": players, "first_player": first_player,
                                               "setup": setup})
            game_id = game_id or uuid5(IDEMPOTENT_GAMES, idempotency_key)
            try:
                return self._created_before(game_id, idempotency_key, digest), True
            except GameNotFound:
                pass
        try:
            engine = engine_for(game)
        except (KeyError, ImportError):
            raise UnknownGame(f"unknown game {game!r}", [{"field": "game", "message": "expected buffy, spoils or wowmini"}]) from None
        created = engine.create(players, first_player, setup)
        game_id = game_id or uuid4()
        envelopes = self._seal(game_id, game, 0, GENESIS, created, action=None, actor=None, mode="enforce",
                               violations=[], idempotency=(idempotency_key, digest))
        try:
            self._save(*envelopes)
        except IntegrityError:
            if idempotency_key is None:
                raise
            return self._created_before(game_id, idempotency_key, digest), True
        return self._load(game_id), False

    def _created_before(self, game_id: UUID, key: str, digest: str | None) -> GameLog:
        log = self._load(game_id)
        hit = log.requests.get(key)
        if hit is None or hit["digest"] != digest:
            raise IdempotencyKeyReused(key, 1)
        return log

    def decide(self, log: GameLog, action: dict[str, Any]) -> Decision:
        engine = engine_for(log.game)
        return engine.decide(log.state, action)

    def append(self, game_id: UUID, action: dict[str, Any], expected_position: int | None = None,
               mode: Mode = "enforce", idempotency_key: str | None = None) -> AppendResult:
        """Decides and appends.  Raises GameNotFound, StalePosition, InvalidAction, GameOver,
        IllegalAction (enforce mode, or nothing to record), IdempotencyKeyReused, StoreBusy.

        With ``idempotency_key`` a retried request gets the original answer (``replayed``).  An
        append without ``expected_position`` that loses a race is decided again at the new position."""
        digest = request_digest("action", {"action": action, "mode": mode}) if idempotency_key is not None else None
        for attempt in itertools.count():
            log = self._load(game_id)
            if idempotency_key is not None:
                replay = self._replay(log, idempotency_key, digest)
                if replay is not None:
                    return replay
            if expected_position is not None and expected_position != log.version:
                raise StalePosition(expected_position, log.version)
            engine = engine_for(log.game)
            decision = engine.decide(log.state, action)
            if decision.violations and (mode == "enforce" or not decision.events):
                raise IllegalAction(decision, log.version, recordable=bool(decision.events))
            violations = [v.model_dump() for v in decision.violations]
            envelopes = self._seal(game_id, log.game, log.version, log.last_hash, decision.events,
                                   action=action, actor=action.get("player"), mode=mode, violations=violations,
                                   idempotency=(idempotency_key, digest))
            try:
                self._save(*envelopes)
            except IntegrityError:
                if attempt < RACE_RETRIES:
                    continue  # reload: a stale expected position, a retried key, or decide again
                current = self._load(game_id).version
                raise StalePosition(expected_position if expected_position is not None else log.version, current) from None
            break
        self.snapshot_after(game_id, log.version, envelopes[-1].originator_version)
        state = log.state
        for env in envelopes:
            state = engine.apply(state, domain_event(env))
            state.position = env.originator_version
        return AppendResult(position=envelopes[-1].originator_version, events=envelopes, state=state,
                            engine=engine, decision=decision)

    def append_ruling(self, game_id: UUID, ruling: dict[str, Any], expected_position: int | None = None,
                      idempotency_key: str | None = None) -> AppendResult:
        """A judge ruling, recorded as an event the engines honour from then on.  Raises
        GameNotFound, StalePosition, IdempotencyKeyReused, StoreBusy."""
        from events.common import RulingRecorded

        digest = request_digest("ruling", ruling) if idempotency_key is not None else None
        for attempt in itertools.count():
            log = self._load(game_id)
            if idempotency_key is not None:
                replay = self._replay(log, idempotency_key, digest)
                if replay is not None:
                    return replay
            if expected_position is not None and expected_position != log.version:
                raise StalePosition(expected_position, log.version)
            event = RulingRecorded(ruling_id=ruling.get("ruling_id") or f"r{log.version + 1}", **{
                k: v for k, v in ruling.items() if k != "ruling_id"})
            envelopes = self._seal(game_id, log.game, log.version, log.last_hash, [event],
                                   action={"type": "ruling", **ruling}, actor=ruling.get("judge"), mode="enforce",
                                   violations=[], idempotency=(idempotency_key, digest))
            try:
                self._save(*envelopes)
            except IntegrityError:
                if attempt < RACE_RETRIES:
                    continue
                raise StalePosition(log.version, self._load(game_id).version) from None
            break
        self.snapshot_after(game_id, log.version, envelopes[-1].originator_version)
        engine = engine_for(log.game)
        state = engine.apply(log.state, event)
        state.position = envelopes[-1].originator_version
        return AppendResult(position=state.position, events=envelopes, state=state, engine=engine,
                            decision=Decision(events=[event]))

    def _seal(self, game_id: UUID, game: str, after: int, prev_hash: str, events, *, action, actor,
              mode: Mode, violations, idempotency: tuple[str | None, str | None] = (None, None)) -> list[StoredGameEvent]:
        now = datetime.now(timezone.utc)
        out = []
        batch = after + 1
        key, digest = idempotency
        for i, event in enumerate(events):
            env = StoredGameEvent(
                originator_id=game_id, originator_version=after + 1 + i, timestamp=now, game=game,
                type=event.type_name(), schema_version=event.version, data=event.payload(),
                actor=actor, action=action if i == 0 else None, batch=batch, mode=mode,
                violations=violations if i == 0 else [], prev_hash=prev_hash,
                idempotency_key=key if i == 0 else None, request_digest=digest if i == 0 else None,
            ).sealed()
            prev_hash = env.hash
            out.append(env)
        return out

    def _save(self, *envelopes: StoredGameEvent) -> None:
        """Saves, waiting out a locked SQLite file a few times.  Raises IntegrityError (the
        position is taken), StoreBusy."""
        for delay in (0.05, 0.25, None):  # each try already waits SQLITE_LOCK_TIMEOUT for the lock
            try:
                self.save(*envelopes)
                return
            except OperationalError as exc:
                # Retried only when SQLite says "locked"/"busy" (nothing was written); any other
                # operational failure may have committed, so the client decides (503).
                if delay is None or not _is_lock(exc):
                    raise StoreBusy(str(exc)) from exc
                time.sleep(delay)

    def _replay(self, log: GameLog, key: str, digest: str | None) -> AppendResult | None:
        """The original answer to a request whose Idempotency-Key is in the log, or None."""
        hit = log.requests.get(key)
        if hit is None:
            return None
        if hit["digest"] != digest:
            raise IdempotencyKeyReused(key, hit["first"])
        envelopes = self.stored_events(log.id, after=hit["first"] - 1, limit=hit["last"] - hit["first"] + 1)
        engine = engine_for(log.game)
        after = log if hit["last"] == log.version else self._load(log.id, hit["last"])
        events = [domain_event(e) for e in envelopes]
        decision = Decision(events=events)
        first = envelopes[0]
        if first.action is not None and first.action.get("type") != "ruling" and hit["first"] > 1:
            try:  # the same verdict and trace as the first answer (the rules are deterministic)
                decision = engine.decide(self._load(log.id, hit["first"] - 1).state, first.action)
            except Exception:  # noqa: BLE001 - rules changed since; the stored events still answer
                decision = Decision(events=events)
        return AppendResult(position=hit["last"], events=envelopes, state=after.state, engine=engine,
                            decision=decision, replayed=True)

    def import_log(self, envelopes: list[StoredGameEvent]) -> None:
        """Stores envelopes exactly as given (an imported export); the caller audits them."""
        self._save(*envelopes)

    def raw_events(self, game_id: UUID) -> list[StoredGameEvent | Unreadable]:
        """The stored rows of a game, each decoded on its own: a row that cannot be read (edited
        bytes, a wrong cipher key) is an Unreadable at its position rather than an error."""
        out: list[StoredGameEvent | Unreadable] = []
        for stored in self.recorder.select_events(game_id):
            try:
                out.append(self.mapper.to_domain_event(stored))
            except Exception as exc:  # noqa: BLE001 - the audit reports it
                out.append(Unreadable(stored.originator_version, f"{type(exc).__name__}: {exc}"))
        return out

    def audit(self, game_id: UUID) -> dict[str, Any]:
        """The audit report of the stored log, read row by row (a tampered log never stops it).
        Raises GameNotFound."""
        rows = self.raw_events(game_id)
        if not rows:
            raise GameNotFound(f"no game {game_id}")
        return audit_log(game_id, rows)

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
