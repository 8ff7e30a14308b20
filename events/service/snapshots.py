"""Snapshots: a cache of projected game states at checkpoints of the log, so that the state at any
position costs about the same whatever the position (one snapshot read plus fewer than
``ADJUDICATOR_SNAPSHOT_INTERVAL`` events replayed).

The log stays the only truth (design principle 1).  A snapshot is throwaway and rebuildable:

* it is taken from a projected state the service holds: a read that replays the stored rows
  takes the checkpoints it passes, and an append that crosses a checkpoint takes it from the state
  it already holds (the game after its events, produced by the same apply functions a replay runs;
  see ``Snapshotting.snapshot_after``), without reading the log again;
* it is kept only when it round-trips exactly (the state rebuilt from the snapshot equals the state
  it was taken of);
* what is guaranteed, and how it is checked: a state read through a snapshot is identical to a full
  replay of the log as long as the state an append holds is the one a replay produces.  For a
  snapshot taken on a read that holds by construction; for one taken on an append,
  ``tests/unit/test_snapshots_taken_on_append.py`` compares every such snapshot with a full replay
  over real games of each game, and ``audit_snapshots`` replays a game's log and reports any stored
  snapshot that disagrees with it, however it was taken;
* it is keyed by a fingerprint of the code that projects states (the ``adjudicator``, ``events``
  and ``rulings`` sources): after a change to an engine's ``evolve`` the old snapshots are simply
  never found again, and new ones are taken as the log is read;
* ``drop_snapshots`` empties the store, ``rebuild_snapshots`` replays a log and writes every
  checkpoint, and any read that replays past a missing checkpoint writes it (so an imported log,
  or a store whose snapshots were dropped, heals itself);
* it carries the hash of the chain at its position (``chain_hash``) and a digest of its own
  content (``digest``); every read checks both (the content against the digest, the chain hash
  against the stored event at that position), and a snapshot that fails is logged, deleted and
  rebuilt from the log by the replay that replaces it.  A snapshot whose digest was recomputed
  after an edit passes that check; the audit (``audit_snapshots``) replays the log and reports any
  snapshot that disagrees with it.

The library's snapshotting does the reading: ``Repository.get`` fetches the latest snapshot at or
before the version asked for and the events after it, and ``project_game`` starts from the
snapshot.  The library's own taking of snapshots (``snapshotting_intervals``) needs aggregates with
pending events, which this service does not save, so ``Snapshotting.snapshot_after`` takes them
when an append crosses a checkpoint instead.

``ADJUDICATOR_SNAPSHOT_INTERVAL`` (default 100; 0 disables snapshots) sets the checkpoint interval.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import logging
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping
from uuid import UUID, uuid5

from eventsourcing.persistence import EventStore, IntegrityError, Mapper, StoredEvent
from eventsourcing.utils import get_topic, resolve_topic
from pydantic import BaseModel, ConfigDict, TypeAdapter

from events.service.aggregate import GameNotFound
from events.service.envelope import canonical
from events.service.limits import STORED_MAX_DEPTH, check_document

INTERVAL_VAR = "ADJUDICATOR_SNAPSHOT_INTERVAL"
DEFAULT_INTERVAL = 100
FORMAT = 2  # 2: chain_hash and digest
TOPIC_PREFIX = "adjudicator:snapshot/"
_NAMESPACE = UUID("5b0f4c1e-3b8e-4f63-9a53-8d1d1f7f2a11")
_PACKAGES = ("adjudicator", "events", "rulings")

log = logging.getLogger("adjudicator.snapshots")


class SnapshotConfigError(ValueError):
    """ADJUDICATOR_SNAPSHOT_INTERVAL is not a whole number >= 0."""


def snapshot_interval(env: Mapping[str, str]) -> int:
    """The checkpoint interval from an environment (0: snapshots disabled).  Raises
    SnapshotConfigError."""
    raw = str(env.get(INTERVAL_VAR, "") or "").strip()
    if not raw:
        return DEFAULT_INTERVAL
    try:
        value = int(raw)
    except ValueError:
        raise SnapshotConfigError(f"{INTERVAL_VAR}={raw!r} is not a whole number") from None
    if value < 0:
        raise SnapshotConfigError(f"{INTERVAL_VAR}={raw!r} must be 0 (disabled) or more")
    return value


@lru_cache(maxsize=None)
def code_fingerprint() -> str:
    """A digest of the sources that project states: snapshots taken by other code are not used."""
    digest = hashlib.sha256(f"snapshot format {FORMAT}".encode())
    root = Path(__file__).resolve().parents[1]
    for package in _PACKAGES:
        base = root / package
        for path in sorted(base.rglob("*")):
            if path.suffix in (".py", ".yaml", ".json") and "__pycache__" not in path.parts and path.is_file():
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def snapshot_key(game_id: UUID, fingerprint: str) -> UUID:
    """Where a game's snapshots taken by one version of the code are stored."""
    return uuid5(_NAMESPACE, f"{game_id}/{fingerprint}")


class GameSnapshot(BaseModel):
    """A game's projection at a position: the state document and the rest of the aggregate."""

    model_config = ConfigDict(frozen=True)

    originator_id: UUID
    originator_version: int
    game: str
    fingerprint: str
    state_topic: str
    state: dict[str, Any]
    log: dict[str, Any]
    chain_hash: str = ""  # the hash of the stored event at ``originator_version``
    digest: str = ""  # sha256 of the canonical JSON of everything above

    def content_digest(self) -> str:
        return hashlib.sha256(canonical(self.model_dump(mode="json", exclude={"digest"}))).hexdigest()

    def sealed(self) -> "GameSnapshot":
        return self.model_copy(update={"digest": self.content_digest()})


@lru_cache(maxsize=None)
def _adapter(log_class: type) -> TypeAdapter:
    return TypeAdapter(log_class)


def take(game_log: Any) -> GameSnapshot | None:
    """The snapshot of a GameLog, or None when its state does not round-trip exactly (then no
    snapshot is kept: correctness first, the replay is merely slower)."""
    state = game_log.state
    if not isinstance(state, BaseModel):
        return None
    try:
        rest = _adapter(type(game_log)).dump_python(dataclasses.replace(game_log, state=None), mode="json")
        rest.pop("state", None)
        snap = GameSnapshot(originator_id=game_log.id, originator_version=game_log.version, game=game_log.game,
                            fingerprint=code_fingerprint(), state_topic=get_topic(type(state)),
                            state=state.model_dump(mode="json"), log=rest, chain_hash=game_log.last_hash).sealed()
        check_document(snap.model_dump(mode="json"), STORED_MAX_DEPTH)  # readable by the store's parser
        same = restore(snap, type(game_log)) == game_log
    except Exception as exc:  # noqa: BLE001 - a state that cannot be snapshotted is replayed instead
        log.warning("no snapshot of game %s at %s: %s", game_log.id, game_log.version, exc)
        return None
    if not same:
        log.warning("no snapshot of game %s at %s: the state does not round-trip", game_log.id, game_log.version)
        return None
    return snap


def restore(snap: GameSnapshot, log_class: type) -> Any:
    """The GameLog a snapshot was taken of."""
    state = resolve_topic(snap.state_topic).model_validate(snap.state)
    game_log = _adapter(log_class).validate_python(
        {**snap.log, "id": snap.originator_id, "version": snap.originator_version, "game": snap.game, "state": None})
    game_log.state = state
    return game_log


class SnapshotMapper(Mapper):
    """Stores snapshots as JSON under the key of their code fingerprint (compressed and enciphered
    like the events when the store is configured so)."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        snap: GameSnapshot = domain_event
        state = snap.model_dump_json().encode()
        if self.compressor:
            state = self.compressor.compress(state)
        if self.cipher:
            state = self.cipher.encrypt(state)
        return StoredEvent(originator_id=snapshot_key(snap.originator_id, snap.fingerprint),
                           originator_version=snap.originator_version,
                           topic=f"{TOPIC_PREFIX}{snap.game}/v{FORMAT}", state=state)

    def to_domain_event(self, stored_event: StoredEvent) -> GameSnapshot:
        state = stored_event.state
        if self.cipher:
            state = self.cipher.decrypt(state)
        if self.compressor:
            state = self.compressor.decompress(state)
        return GameSnapshot.model_validate_json(state)


class SnapshotStore(EventStore):
    """The snapshot store the repository reads: asked for a game id, it answers with the snapshots
    the running code took that pass ``problem`` (a snapshot that fails is logged and deleted, and
    the next older one is tried, so the replay that follows rebuilds it from the log)."""

    events: EventStore | None = None  # the game events, to check each snapshot's chain hash

    def get(self, originator_id: Any, *, gt: int | None = None, lte: int | None = None, desc: bool = False,
            limit: int | None = None) -> Iterator[GameSnapshot]:
        key = snapshot_key(originator_id, code_fingerprint())
        if not (desc and limit == 1):
            return super().get(key, gt=gt, lte=lte, desc=desc, limit=limit)
        return iter(self._latest_sound(originator_id, key, gt, lte))

    def _latest_sound(self, game_id: UUID, key: UUID, gt: int | None, lte: int | None) -> list[GameSnapshot]:
        while True:
            try:
                found = list(super().get(key, gt=gt, lte=lte, desc=True, limit=1))
            except Exception as exc:  # noqa: BLE001 - an undecodable row: find its position, drop it
                version = self._undecodable(key, gt, lte)
                if version is None:
                    raise
                self._drop(game_id, key, version, f"it cannot be read ({type(exc).__name__}: {exc})")
                lte = version - 1
                continue
            if not found:
                return []
            problem = snapshot_problem(found[0], self.events)
            if problem is None:
                return found
            self._drop(game_id, key, found[0].originator_version, problem)
            lte = found[0].originator_version - 1

    def _undecodable(self, key: UUID, gt: int | None, lte: int | None) -> int | None:
        rows = self.recorder.select_events(key, gt=gt, lte=lte, desc=True, limit=1)
        return rows[0].originator_version if rows else None

    def _drop(self, game_id: UUID, key: UUID, version: int, problem: str) -> None:
        log.warning("snapshot of game %s at %s dropped and rebuilt from the log: %s", game_id, version, problem)
        delete_row(self.recorder, key, version)


def snapshot_problem(snap: GameSnapshot, events: EventStore | None) -> str | None:
    """What is wrong with a snapshot read from the store, or None: its content must match its
    digest, and its chain hash the hash of the stored event at its position."""
    if snap.digest != snap.content_digest():
        return "its content does not match its digest (edited)"
    if events is not None:
        at = list(events.get(snap.originator_id, gt=snap.originator_version - 1, lte=snap.originator_version))
        if not at or at[0].hash != snap.chain_hash:
            return f"its chain hash is not the hash of the event at position {snap.originator_version}"
    return None


def delete_row(recorder: Any, originator_id: UUID, version: int) -> None:
    """Deletes one stored row of a snapshot recorder (in-memory, SQLite or PostgreSQL, or the
    shard of a sharded one that holds it)."""
    if hasattr(recorder, "_of"):  # events.service.recorders.ShardedSnapshots
        recorder = recorder._of(originator_id)
    table = getattr(recorder, "events_table_name", None)
    if table is None:  # the in-memory recorder: unindexed rows are never selected again
        with recorder._database_lock:
            recorder._stored_events_index[str(originator_id)].pop(version, None)
        return
    if type(recorder).__module__.endswith("sqlite"):
        with recorder.datastore.transaction(commit=True) as c:
            c.execute(f"DELETE FROM {table} WHERE originator_id=? AND originator_version=?",
                      (originator_id.hex, version))
        return
    from psycopg.sql import SQL, Identifier

    with recorder.datastore.transaction(commit=True) as curs:
        curs.execute(SQL("DELETE FROM {schema}.{table} WHERE originator_id=%s AND originator_version=%s").format(
            schema=Identifier(recorder.datastore.schema), table=Identifier(table)), (originator_id, version))


def snapshotting_projector(project: Callable[[Any, Iterable[Any]], Any], interval: int,
                           taken: list[GameSnapshot]) -> Callable[[Any, Iterable[Any]], Any]:
    """Wraps a projector: while reconstructing from the store (not fast-forwarding a cached game),
    every checkpoint the replay passes is snapshotted into ``taken`` (the store lacks it, or the
    repository would have started from it)."""

    def projector(game_log: Any, items: Iterable[Any]) -> Any:
        if game_log is not None or interval <= 0:
            return project(game_log, items)
        first = True
        for item in items:
            game_log = project(game_log, (item,))
            if first or isinstance(item, GameSnapshot):
                first = False
                continue
            if game_log is not None and game_log.version % interval == 0:
                snap = take(game_log)
                if snap is not None:
                    taken.append(snap)
        return game_log

    return projector


class Snapshotting:
    """Mixed into the application service: the snapshot store, taking snapshots after appends and
    during replays, and the projector for loads."""

    snapshot_interval: int = 0
    snapshots: EventStore | None

    @staticmethod
    def snapshot_settings(settings: dict[str, str], env: Mapping[str, str] | None) -> int:
        """Reads the interval (settings, then ``env``, then the process environment) and switches
        the library's snapshot store on when it is not 0."""
        interval = snapshot_interval({**os.environ, **settings, **(env or {})})
        settings["IS_SNAPSHOTTING_ENABLED"] = "y" if interval else "n"
        return interval

    def construct_snapshot_store(self) -> EventStore:
        recorder = self.factory.aggregate_recorder(purpose="snapshots")
        mapper = SnapshotMapper(transcoder=self.mapper.transcoder, compressor=self.mapper.compressor,
                                cipher=self.mapper.cipher)
        store = SnapshotStore(mapper=mapper, recorder=recorder)
        store.events = self.events
        return store

    def loading_projector(self, project: Callable[[Any, Iterable[Any]], Any]):
        """(projector for ``Repository.get``, list the replay's new snapshots are put in)."""
        taken: list[GameSnapshot] = []
        if not self.snapshots or not self.snapshot_interval:
            return project, taken
        return snapshotting_projector(project, self.snapshot_interval, taken), taken

    def put_snapshots(self, snaps: list[GameSnapshot]) -> int:
        """Stores snapshots, skipping any another reader stored first.  Returns how many were new."""
        stored = 0
        if not self.snapshots:
            return 0
        for snap in snaps:
            try:
                self.snapshots.put([snap])
                stored += 1
            except IntegrityError:
                continue
        return stored

    def snapshot_after(self, before: Any, envelopes: list[Any], after: Any) -> None:
        """After an append moved a game from ``before`` to ``after`` through ``envelopes``: stores
        the snapshot of each checkpoint it crossed, taken from the state the append already holds
        (``after``; for a checkpoint inside the batch, a copy of ``before`` folded through the
        envelopes up to it) instead of a replay of the stored rows.  That state comes from the same
        apply functions a replay runs; ``tests/unit/test_snapshots_taken_on_append.py`` compares
        such snapshots with full replays over real games, and ``audit_snapshots`` compares every
        stored snapshot with the log."""
        n = self.snapshot_interval
        if not (self.snapshots and n) or after.version // n == before.version // n:
            return
        taken: list[GameSnapshot] = []
        folded, done = None, 0
        for at in range((before.version // n + 1) * n, after.version + 1, n):
            if at == after.version:
                folded = after
            else:  # a checkpoint inside the batch: fold the envelopes up to it (a rare, short fold)
                upto = at - before.version
                folded = self.project(folded or copy.deepcopy(before), envelopes[done:upto], self.rewinder(after.id))
                done = upto
            snap = take(folded)
            if snap is not None:
                taken.append(snap)
        self.put_snapshots(taken)


def audit_snapshots(app: Any, game_id: UUID, report: dict[str, Any]) -> dict[str, Any]:
    """Adds to an audit report the game's stored snapshots that disagree with its log (replayed to
    each snapshot's position: the check of the snapshots appends take from the state they hold, as
    of those a replay took), that fail their digest or chain hash, or that cannot be read:
    ``report["snapshots"] = {"checked", "bad"}``, each bad one also a ``snapshot`` finding, and
    the report is then not valid.  Returns the report."""
    bad: list[dict[str, Any]] = []
    snaps: dict[int, GameSnapshot] = {}
    rows = app.snapshots.recorder.select_events(snapshot_key(game_id, code_fingerprint())) if app.snapshots else []
    for row in rows:
        try:
            snaps[row.originator_version] = app.snapshots.mapper.to_domain_event(row)
        except Exception as exc:  # noqa: BLE001 - reported
            bad.append({"position": row.originator_version, "problem": f"it cannot be read ({type(exc).__name__})"})
    game_log = None
    for env in app.events.get(game_id, lte=max(snaps)) if snaps else ():
        game_log = app.project(game_log, (env,), app.rewinder(game_id))
        snap = snaps.get(env.originator_version)
        if snap is None:
            continue
        problem = snapshot_problem(snap, None)
        if problem is None and snap.chain_hash != env.hash:
            problem = f"its chain hash is not the hash of the event at position {env.originator_version}"
        if problem is None and restore(snap, type(game_log)) != game_log:
            problem = "it disagrees with the log replayed to its position"
        if problem is not None:
            bad.append({"position": env.originator_version, "problem": problem})
    report["snapshots"] = {"checked": len(rows), "bad": bad}
    if bad:
        report["violations"].extend({"position": b["position"], "kind": "snapshot",
                                     "message": f"the stored snapshot {b['problem']}"} for b in bad)
        report["violations"].sort(key=lambda f: (f["position"], f["kind"]))
        report["valid"] = False
    return report


def rebuild_snapshots(app: Any, game_id: UUID) -> int:
    """Replays a game's whole log and stores a snapshot at every checkpoint it lacks.  Returns how
    many snapshots were written."""
    if not app.snapshots or not app.snapshot_interval:
        return 0
    taken: list[GameSnapshot] = []
    projector = snapshotting_projector(functools.partial(app.project, rewind=app.rewinder(game_id)),
                                       app.snapshot_interval, taken)
    game_log = projector(None, app.events.get(game_id))
    if game_log is None:
        raise GameNotFound(f"no game {game_id}")
    return app.put_snapshots(taken)


def drop_snapshots(app: Any) -> None:
    """Empties the snapshot store (all games, all code versions); states are then replayed from
    the log, and snapshots are taken again as the log is read or appended to."""
    if not app.snapshots:
        return
    recorder = app.snapshots.recorder
    table = getattr(recorder, "events_table_name", None)
    if table is None:  # the in-memory recorder
        with recorder._database_lock:
            recorder._stored_events.clear()
            recorder._stored_events_index.clear()
        return
    datastore = recorder.datastore
    if type(recorder).__module__.endswith("sqlite"):
        with datastore.transaction(commit=True) as c:
            c.execute(f"DELETE FROM {table}")
    else:
        from psycopg.sql import SQL, Identifier

        with datastore.transaction(commit=True) as curs:
            curs.execute(SQL("DELETE FROM {schema}.{table}").format(
                schema=Identifier(datastore.schema), table=Identifier(table)))
