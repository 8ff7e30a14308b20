"""The application service: the only place that loads and saves games.

``api/`` calls this; this calls the engines in ``adjudicator/``.  One aggregate per game: the log
of StoredGameEvent envelopes; the state at position N is the engine's projection of events 1..N.
"""
from __future__ import annotations

import copy
import functools
import hashlib
import itertools
import json
import random
import threading
import time
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Iterator
from uuid import UUID, uuid4, uuid5

from eventsourcing.application import Application, LRUCache, Repository
from eventsourcing.persistence import InfrastructureFactory
from eventsourcing.utils import Environment
from eventsourcing.persistence import IntegrityError, OperationalError

from adjudicator import engine_for
from adjudicator.core import Decision, GameOver, InvalidAction, LegalAction
from adjudicator.spoils import engine as spoils_engine
from events.service.audit import Unreadable, audit_log
from events.service.aggregate import (
    AppendResult, GameLog, GameNotFound, IdempotencyKeyReused, IllegalAction, PositionOutOfRange, StalePosition,
    StoreBusy, _Step, _advance, _decide_owning, _engine, domain_event,
)
from events.service.aggregate import UnknownGame  # noqa: F401 (re-exported)
from events.service import live
from events.service.backups import (
    BACKUP_ACTION, BackupRefused, Rewind, audit_fork, backup_entry, check_settled, check_target, fork_action, fork_created,
    parent_of, rewound,
)
from events.service.documents import check_effects_in, check_ruling_effect
from events.service.envelope import GENESIS, Mode, StoredGameEvent, canonical
from events.service.snapshots import GameSnapshot, Snapshotting, audit_snapshots, restore
from events.service.recorders import Directory, ShardedRecorder, ShardedSnapshots, select_in_order
from events.service.store import SHARDS_VAR, EnvelopeMapper, created_topic, env_for, shard_urls
from events.service.store_presence import store_gone, store_kind


# Games created with an Idempotency-Key get the id uuid5(IDEMPOTENT_GAMES, key), so a retried
# creation meets the first one in the store (the version-1 row is unique) on any worker.
IDEMPOTENT_GAMES = UUID("5b0c6f0e-6a44-4c55-9a43-1d0c3a7f2b61")
RACE_RETRIES = 20  # appends without an expected position that lose a race are re-decided
NEEDS: dict[str, Callable[[Any, dict[str, Any]], list[dict[str, Any]] | None]] = {"spoils": spoils_engine.needs}
"""The games whose legal actions say the choices a card's text asks, and what reads them (issue 25)."""


def request_digest(kind: str, body: Any) -> str:
    return hashlib.sha256(canonical({"kind": kind, "body": body})).hexdigest()


def _is_lock(exc: Exception) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def project_game(log: GameLog | None, events: Iterable[StoredGameEvent], rewind: Rewind | None = None) -> GameLog | None:
    """The projector the repository uses: folds envelopes through the game's engine.  A judge's
    backup is folded here, the same for every game: the state becomes the one at its ``to``, which
    ``rewind`` gives (``GameService.rewinder``; a log with a backup needs one).  Raises ValueError
    for a backup without ``rewind``."""
    for env in events:
        if isinstance(env, GameSnapshot):  # a cached projection (events/service/snapshots.py)
            log = restore(env, GameLog)
            continue
        if log is None:
            log = GameLog(id=env.originator_id, game=env.game, created_at=env.timestamp)
        backup = backup_entry(env)
        if backup is not None:
            if rewind is None or not 1 <= backup["to"] < env.originator_version:  # (a forged log never loops)
                raise ValueError(f"the backup at position {env.originator_version} cannot go back to {backup['to']}"
                                 f"{'' if rewind else ' without the log before it'}")
            log.state = rewound(rewind(backup["to"]), backup["to"], env.originator_version)
            log.backups = [*log.backups, backup]
        else:
            log.state = engine_for(env.game).apply(log.state, domain_event(env))
        log.version = env.originator_version
        log.state.position = env.originator_version
        log.last_hash = env.hash
        if env.type == "GameCreated":
            log.players = list(env.data.get("players", []))
            log.parent = parent_of(env)
        if env.idempotency_key is not None:
            log.requests[env.idempotency_key] = {"digest": env.request_digest, "first": env.originator_version,
                                                 "last": env.originator_version}
        elif log.requests:
            entry = log.requests[next(reversed(log.requests))]
            if entry["first"] == env.batch:
                entry["last"] = env.originator_version
    return log


def _without_position(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "position"}


class GameService(Snapshotting, Application):
    """Creates games, appends actions, and answers questions at any position.

    Every write goes through ``_write`` (appends and rulings) or ``create_game_once`` and stores
    through ``_save``; positions are assigned in one place, ``_seal``.  Each process keeps the
    games it has seen in a cache of its own (``AGGREGATE_CACHE_MAXSIZE`` games): a cached game is
    never changed in place (an append puts a new GameLog), so readers use it without a copy.
    """

    name = "Adjudicator"
    env = {"AGGREGATE_CACHE_MAXSIZE": "500"}
    project = staticmethod(project_game)
    """The projector, for the modules below this one that fold a game's events (snapshots, the live
    streams): they are handed the service and need not import it."""

    def __init__(self, database_url: str | None = None, env: dict[str, str] | None = None):
        settings = env_for(database_url)
        settings.update(env or {})
        self.snapshot_interval = self.snapshot_settings(settings, env)
        super().__init__(env=settings)
        self._create_lock = threading.Lock()
        self._cache_lock = threading.Lock()
        # Appends to one game in this process wait for each other (they would only meet at the
        # store's unique position); appends to different games rarely share one of the stripes.
        self._game_locks = [threading.Lock() for _ in range(256)]
        size = int(self.env.get("AGGREGATE_CACHE_MAXSIZE") or 500)
        self._cache: LRUCache[UUID, GameLog] = LRUCache(maxsize=max(size, 1))
        if self.snapshots is not None and self._shard_factories:
            self.snapshots.recorder = ShardedSnapshots(
                [f.aggregate_recorder(purpose="snapshots") for f in [self.factory, *self._shard_factories]])
        live.hub_for(self)  # before the first insert: on PostgreSQL the insert sends the streams' wakeup

    def construct_recorder(self):
        """The library's recorder, or with ``ADJUDICATOR_SHARDS`` a router over one per shard."""
        self._shard_factories: list[InfrastructureFactory] = []
        urls = shard_urls(self.env.get(SHARDS_VAR))
        if len(urls) <= 1:
            return self.factory.application_recorder()
        for url in urls[1:]:
            self._shard_factories.append(InfrastructureFactory.construct(Environment(self.name, env_for(url))))
        shards = [f.application_recorder() for f in [self.factory, *self._shard_factories]]
        return ShardedRecorder(shards, Directory(shards[0].datastore, len(shards)))

    def close(self) -> None:
        hub = self.__dict__.get("_live_hub")
        if hub is not None:
            hub.stop()  # its watcher thread reads the store: end it first
        super().close()
        for factory in self._shard_factories:
            factory.close()

    def construct_mapper(self):
        return self.factory.mapper(transcoder=self.construct_transcoder(), mapper_class=EnvelopeMapper)

    def construct_repository(self) -> Repository:
        # The library's cache fast-forwards cached games in place; this service keeps its own
        # cache of games it never changes in place (``_latest``, ``_remember``).
        return Repository(event_store=self.events, snapshot_store=self.snapshots, cache_maxsize=None)

    # ------------------------------------------------------------------------------- loading
    def _load(self, game_id: UUID, at: int | None = None) -> GameLog:
        """The game rebuilt from the store (its latest snapshot at or before ``at`` plus the
        events after it).  Raises GameNotFound."""
        try:
            projector, taken = self.loading_projector(functools.partial(project_game, rewind=self.rewinder(game_id)))
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

    def _latest(self, game_id: UUID, *, catch_up: bool = True) -> GameLog:
        """The latest position from the cache; with ``catch_up`` the store is asked for events
        the cache has not seen (another worker's appends).  The result is shared: never change it.
        Raises GameNotFound."""
        try:
            cached = self._cache.get(game_id)
        except KeyError:
            log = self._load(game_id)
            self._remember(log)
            return log
        if not catch_up:
            return cached
        newer = list(self.events.get(game_id, gt=cached.version))
        if not newer:
            return cached
        log = project_game(copy.deepcopy(cached), newer, self.rewinder(game_id))
        self._remember(log)
        return log

    def _remember(self, log: GameLog, *, force: bool = False) -> None:
        with self._cache_lock:
            if not force:
                try:
                    if self._cache.get(log.id).version >= log.version:
                        return
                except KeyError:
                    pass
            self._cache.put(log.id, log)

    def _forget(self, game_id: UUID) -> None:
        try:
            self._cache.get(game_id, evict=True)
        except KeyError:
            pass

    def game(self, game_id: UUID) -> GameLog:
        """The latest position (shared with the cache: read it, never change it).  Raises
        GameNotFound."""
        return self._latest(game_id)

    def state_at(self, game_id: UUID, at: int | None = None) -> GameLog:
        """The game projected to position ``at`` (default: latest).  Raises GameNotFound,
        PositionOutOfRange."""
        if at is None:
            return self._latest(game_id)
        if at < 1:
            raise PositionOutOfRange(at, self._latest(game_id).version)
        log = self._load(game_id, at)  # a snapshot at or before ``at`` plus the events after it
        if log.version != at:
            raise PositionOutOfRange(at, log.version)
        return log

    def stored_events(self, game_id: UUID, after: int = 0, limit: int | None = None) -> list[StoredGameEvent]:
        return list(self.events.get(game_id, gt=after or None, limit=limit))

    def all_events(self, game_id: UUID) -> Iterator[StoredGameEvent]:
        return self.events.get(game_id)

    # ------------------------------------------------------------------------------- questions
    def document(self, game: str, state: Any) -> dict[str, Any]:
        """The state document of ``state`` with its position.  Raises UnknownGame."""
        doc = _engine(game).to_document(state)
        doc["position"] = state.position
        return doc

    def document_json(self, game: str, state: Any) -> bytes | None:
        """``document(game, state)`` as JSON text (``pydantic_core.to_json``'s, not escaped to ASCII)
        written by an engine that writes it from the models (``document_json``), or None.  Raises
        UnknownGame."""
        engine = _engine(game)
        write = getattr(engine, "document_json", None)
        if write is None or "position" not in type(state).model_fields:
            return None  # the position would be added after the engine's document
        return write(state)

    def status(self, log: GameLog) -> tuple[str, Any]:
        """("in_progress" | "finished", the winner document or None)."""
        return _engine(log.game).status(log.state)

    def legal_actions(self, log: GameLog, player: str) -> list[LegalAction]:
        """The actions ``player`` may take at ``log``'s position, each play or ability with the choices its
        card text asks (``needs``, where a game reads them: ``NEEDS``)."""
        legal = _engine(log.game).legal_actions(log.state, player)
        needs = NEEDS.get(log.game)
        if needs is None:
            return legal
        return [a.model_copy(update={"needs": needs(log.state, a.action)}) for a in legal]

    def decide(self, log: GameLog, action: dict[str, Any]) -> Decision:
        """What the rules make of ``action`` at ``log``'s position; nothing is stored.  Raises
        InvalidAction, GameOver."""
        return _engine(log.game).decide(log.state, action)

    def check(self, game_id: UUID, action: dict[str, Any], at: int | None = None) -> tuple[GameLog, Decision]:
        """(the game at ``at``, the decision on ``action`` there); nothing is stored.  Raises
        GameNotFound, PositionOutOfRange, InvalidAction, GameOver."""
        log = self.state_at(game_id, at)
        return log, self.decide(log, action)

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
        check_effects_in(game, setup or {}, "setup")  # effect documents every later read can apply
        created = _engine(game).create(players, first_player, setup)
        game_id = game_id or uuid4()
        envelopes = self._seal(game_id, game, 0, GENESIS, created, action=None, actor=None, mode="enforce",
                               violations=[], idempotency=(idempotency_key, digest))
        try:
            self._save(*envelopes)
        except IntegrityError:
            if idempotency_key is None:
                raise
            return self._created_before(game_id, idempotency_key, digest), True
        # The game as every later read sees it: the store keeps canonical JSON (keys sorted), so the
        # first state is projected from that, not from the engine's dicts in their insertion order
        # (a decision that walks a dict must not depend on which worker created the game).
        log = project_game(None, [e.model_copy(update={"data": json.loads(canonical(e.data))}) for e in envelopes])
        self._remember(log, force=True)
        return log, False

    def _created_before(self, game_id: UUID, key: str, digest: str | None) -> GameLog:
        log = self._latest(game_id)
        hit = log.requests.get(key)
        if hit is None or hit["digest"] != digest:
            raise IdempotencyKeyReused(key, 1)
        return log

    def append(self, game_id: UUID, action: dict[str, Any], expected_position: int | None = None,
               mode: Mode = "enforce", idempotency_key: str | None = None) -> AppendResult:
        """Decides and appends.  Raises GameNotFound, StalePosition, InvalidAction, GameOver,
        IllegalAction (enforce mode, or nothing to record), IdempotencyKeyReused, StoreBusy.

        With ``idempotency_key`` a retried request gets the original answer (``replayed``).  An
        append without ``expected_position`` that loses a race is decided again at the new position."""

        def decide(log: GameLog) -> _Step:
            check_effects_in(log.game, action, "")  # in record mode too: the log must stay readable
            engine = _engine(log.game)
            decision, after = _decide_owning(engine, log.state, action)
            if decision.violations and (mode == "enforce" or not decision.events):
                raise IllegalAction(decision, log.version, recordable=bool(decision.events))
            return _Step(decision=decision, action=action, actor=action.get("player"), mode=mode,
                         violations=[v.model_dump() for v in decision.violations], state=after)

        digest = request_digest("action", {"action": action, "mode": mode}) if idempotency_key is not None else None
        return self._write(game_id, decide, expected_position, idempotency_key, digest)

    def rewinder(self, game_id: UUID) -> Rewind:
        """The states of ``game_id`` a backup goes back to, read from the store (a snapshot at or
        before the position plus the events after it)."""
        return lambda to: self._load(game_id, to).state

    def backup(self, game_id: UUID, to: Any, reason: str, by: str | None = None,
               expected_position: int | None = None, idempotency_key: str | None = None) -> AppendResult:
        """A judge's backup (events/service/backups.py): appends ``GameBackedUp``, after which the
        state is the state at ``to``; nothing is removed.  Raises GameNotFound, BackupRefused,
        StalePosition, IdempotencyKeyReused, StoreBusy."""
        from events.models.common import GameBackedUp

        def decide(log: GameLog) -> _Step:
            target = check_target(to, log.version)
            if target == log.version:
                raise BackupRefused(f"the game is at position {target}: a backup goes back to an earlier position", "to")
            check_settled(target, self.stored_events(game_id, after=target, limit=1)[0])
            state = rewound(self._load(game_id, target).state, target, log.version + 1)
            action = {"type": BACKUP_ACTION, "to": target, "reason": reason, **({"by": by} if by else {})}
            return _Step(decision=Decision(events=[GameBackedUp(to=target, reason=reason, by=by)]), action=action,
                         actor=by, mode="enforce", violations=[], state=state)

        body = {"to": to, "reason": reason, "by": by}
        digest = request_digest("backup", body) if idempotency_key is not None else None
        return self._write(game_id, decide, expected_position, idempotency_key, digest)

    def fork(self, game_id: UUID, at: Any, by: str | None = None, reason: str | None = None) -> GameLog:
        """A new game whose first state is ``game_id``'s state at ``at``, linked to it (its creation
        envelope's action names the parent, the position and the parent's hash there).  Raises
        GameNotFound, BackupRefused, StoreBusy."""
        parent = self._latest(game_id)
        target = check_target(at, parent.version, "at")
        check_settled(target, next(iter(self.stored_events(game_id, after=target, limit=1)), None), "at")
        source = self.state_at(game_id, target)
        created = fork_created(self.stored_events(game_id, limit=1)[0], source.state)
        envelopes = self._seal(uuid4(), parent.game, 0, GENESIS, [created],
                               action=fork_action(game_id, target, source.last_hash, by, reason), actor=by,
                               mode="enforce", violations=[])
        log = project_game(None, [e.model_copy(update={"data": json.loads(canonical(e.data))}) for e in envelopes])
        engine = _engine(parent.game)
        if _without_position(engine.to_document(log.state)) != _without_position(engine.to_document(source.state)):
            raise BackupRefused(f"the state at {target} does not carry over exactly into a new game", "at")
        self._save(*envelopes)
        self._remember(log, force=True)
        return log

    def append_ruling(self, game_id: UUID, ruling: dict[str, Any], expected_position: int | None = None,
                      idempotency_key: str | None = None) -> AppendResult:
        """A judge ruling, recorded as an event the engines honour from then on.  Raises
        GameNotFound, StalePosition, IdempotencyKeyReused, StoreBusy."""
        from events.models.common import RulingRecorded

        def decide(log: GameLog) -> _Step:
            check_ruling_effect(log.game, ruling.get("effect"))
            event = RulingRecorded(ruling_id=ruling.get("ruling_id") or f"r{log.version + 1}", **{
                k: v for k, v in ruling.items() if k != "ruling_id"})
            return _Step(decision=Decision(events=[event]), action={"type": "ruling", **ruling},
                         actor=ruling.get("judge"), mode="enforce", violations=[])

        digest = request_digest("ruling", ruling) if idempotency_key is not None else None
        return self._write(game_id, decide, expected_position, idempotency_key, digest)

    def _write(self, game_id: UUID, decide: Callable[[GameLog], "_Step"], expected_position: int | None,
               key: str | None, digest: str | None) -> AppendResult:
        """THE write path of appends and rulings: the game from the cache (no read from the
        store), the decision, the sealed envelopes, the save, the game after it back into the
        cache.  The store's unique (game, position) guards a stale cache: a save that meets
        another worker's append evicts the game, reloads it and decides again (or answers
        StalePosition when the client named a position).  A decision refused on a cached game is
        asked again of the store's truth before it is answered.  Raises what ``decide`` raises,
        GameNotFound, StalePosition, IdempotencyKeyReused, StoreBusy."""
        with self._game_locks[hash(game_id) % len(self._game_locks)]:
            return self._write_locked(game_id, decide, expected_position, key, digest)

    def _write_locked(self, game_id: UUID, decide: Callable[[GameLog], "_Step"], expected_position: int | None,
                      key: str | None, digest: str | None) -> AppendResult:
        log, fresh = self._latest(game_id, catch_up=False), False
        for attempt in itertools.count():
            if key is not None and (replay := self._replay(log, key, digest)) is not None:
                return replay
            try:
                if expected_position is not None and expected_position != log.version:
                    raise StalePosition(expected_position, log.version)
                step = decide(log)
            except (StalePosition, InvalidAction, GameOver, IllegalAction):
                if fresh:
                    raise
                log, fresh = self._latest(game_id), True  # the cache may be behind the store
                continue
            envelopes = self._seal(game_id, log.game, log.version, log.last_hash, step.decision.events,
                                   action=step.action, actor=step.actor, mode=step.mode,
                                   violations=step.violations, idempotency=(key, digest))
            try:
                self._save(*envelopes)
            except IntegrityError:
                self._forget(game_id)
                if self._landed(envelopes):  # a write retried on a fresh connection had landed
                    break
                if attempt >= RACE_RETRIES:
                    raise StalePosition(expected_position if expected_position is not None else log.version,
                                        self._latest(game_id).version) from None
                if attempt:  # another worker keeps winning: step aside a random moment
                    time.sleep(random.uniform(0, 0.002 * attempt))
                log, fresh = self._latest(game_id), True
                continue
            break
        after = _advance(log, envelopes, step, (key, digest))
        self._remember(after)
        self.snapshot_after(log, envelopes, after)
        return AppendResult(position=after.version, events=envelopes, state=after.state,
                            engine=_engine(log.game), decision=step.decision)

    def _landed(self, envelopes: list[StoredGameEvent]) -> bool:
        """True when the store holds exactly these envelopes (same hashes) at their positions."""
        first = envelopes[0]
        stored = self.stored_events(first.originator_id, after=first.originator_version - 1, limit=len(envelopes))
        return [e.hash for e in stored] == [e.hash for e in envelopes]

    def _seal(self, game_id: UUID, game: str, after: int, prev_hash: str, events, *, action, actor,
              mode: Mode, violations, idempotency: tuple[str | None, str | None] = (None, None)) -> list[StoredGameEvent]:
        now = datetime.now(timezone.utc)
        out = []
        batch = after + 1
        key, digest = idempotency
        for i, event in enumerate(events):
            env = StoredGameEvent.seal_new(
                originator_id=game_id, originator_version=after + 1 + i, timestamp=now, game=game,
                type=event.type_name(), schema_version=event.version, data=event.payload(),
                actor=actor, action=action if i == 0 else None, batch=batch, mode=mode,
                violations=violations if i == 0 else [], prev_hash=prev_hash,
                idempotency_key=key if i == 0 else None, request_digest=digest if i == 0 else None,
            )
            prev_hash = env.hash
            out.append(env)
        return out

    def save(self, *envelopes: Any, **kwargs: Any) -> Any:
        """The library's save, less what this service does not use: it saves envelopes only (no
        aggregate to collect events from, checked against a runtime protocol for each), takes its
        snapshots itself (``snapshot_after``) and has no processing hooks.  Returns the recordings."""
        if not all(isinstance(e, StoredGameEvent) for e in envelopes):
            return super().save(*envelopes, **kwargs)
        return self.events.put(list(envelopes), **kwargs)

    def _save(self, *envelopes: StoredGameEvent) -> None:
        """Saves, waiting out a locked SQLite file a few times.  Raises IntegrityError (the
        position is taken), StoreBusy."""
        # An SQLite file deleted under us would swallow every write.
        gone = store_gone(self) if self._on_file() else None
        if gone is not None:
            raise StoreBusy(gone)
        for delay in (0.05, 0.25, None):  # each try already waits SQLITE_LOCK_TIMEOUT for the lock
            try:
                self.save(*envelopes)
                live.published(self, envelopes)  # wakes the streams (events/service/live.py)
                return
            except OperationalError as exc:
                # Retried only when SQLite says "locked"/"busy" (nothing was written); any other
                # operational failure may have committed, so the client decides (503).
                if delay is None or not _is_lock(exc):
                    raise StoreBusy(str(exc)) from exc
                time.sleep(delay)

    def _on_file(self) -> bool:
        """Whether the store is an SQLite file, the only kind ``store_gone`` looks at: read from the
        environment once (it does not change once the service is made), not on every write."""
        on_file = self.__dict__.get("_store_on_file")
        if on_file is None:
            on_file = self.__dict__["_store_on_file"] = store_kind(self) == "sqlite"
        return on_file

    def _replay(self, log: GameLog, key: str, digest: str | None) -> AppendResult | None:
        """The original answer to a request whose Idempotency-Key is in the log, or None."""
        hit = log.requests.get(key)
        if hit is None:
            return None
        if hit["digest"] != digest:
            raise IdempotencyKeyReused(key, hit["first"])
        envelopes = self.stored_events(log.id, after=hit["first"] - 1, limit=hit["last"] - hit["first"] + 1)
        engine = _engine(log.game)
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
        return audit_snapshots(self, game_id, audit_fork(self, game_id, rows, audit_log(game_id, rows)))

    # ------------------------------------------------------------------------------- listing
    def list_games(self, after: int = 0, limit: int = 50) -> tuple[list[dict[str, Any]], int | None]:
        """Games in creation order (shard after shard): ([{id, game, players, created_at, cursor}],
        next cursor)."""
        topics = [created_topic(g) for g in ("buffy", "spoils", "wowmini")]
        rows = select_in_order(self.recorder, after, limit, topics)
        games = []
        for cursor, n in rows:
            env = self.mapper.to_domain_event(n)
            games.append({"id": str(env.originator_id), "game": env.game, "players": env.data.get("players", []),
                          "created_at": env.timestamp.isoformat(), "cursor": cursor})
        nxt = rows[-1][0] if len(rows) == limit else None
        return games, nxt

    def global_order(self, after: int = 0, limit: int = 100) -> tuple[list[tuple[int, StoredGameEvent]], int]:
        """Every stored event of every game in one order that only ever grows at its end: pages of
        ``limit`` transactions (on PostgreSQL) or events (SQLite, memory) after the cursor
        ``after``.  Returns ([(cursor, event)], the cursor to read on from)."""
        rows = select_in_order(self.recorder, after, limit)
        return [(cursor, self.mapper.to_domain_event(n)) for cursor, n in rows], (rows[-1][0] if rows else after)
