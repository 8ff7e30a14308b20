"""Live games: a per-process hub that wakes the streams of a game when its log grows.

The write path calls :func:`published` once a batch is stored (``GameService._save``).  The hub
then wakes the subscriptions of that game held in this process.  On PostgreSQL the hubs of every
other worker and host are woken by ``pg_notify`` on a channel of the hub's: the store's recorder
sends it in the insert's own statement (``GameRecorder.notify_channel``, set when the hub is made,
so an append is one round trip), and a write the recorder did not notify (a shard other than the
first, whose server the listeners do not listen on; another recorder) is notified by
``PgNotifier`` on a connection of its own.
A woken subscription never trusts the notification's content: it reads the store after the last
position it delivered, so a lost or duplicated notification costs a read, never an event.

Wakeups that cross processes:

* PostgreSQL: a listener thread per process (``LISTEN adjudicator_live[_schema]``) while it holds
  subscriptions, plus a re-check of the subscribed games' heads every ``resync`` seconds and after
  every reconnection (what a dropped connection may have missed);
* SQLite (several workers of one host): a poller every ``poll`` seconds that reads the rows stored
  since its last round (one query on the store's notification ids) and wakes their games;
* ``memory://``: one process only, so the in-process wakeup is all there is.

Each batch is read from the store and summarised (step, stage, who acts, from the game's state
document) once per process, then shared by every subscription that follows the game.
"""
from __future__ import annotations

import logging
import threading
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Iterable
from uuid import UUID

from events.service.aggregate import GameLog
from events.service.envelope import StoredGameEvent
from events.service.recorders import GameRecorder, ShardedRecorder

GameService = Any
"""The application service (``events.service.application.GameService``), which hands itself to the hub:
the application imports this module, this one never imports it."""

log = logging.getLogger("adjudicator.live")

CHANNEL = "adjudicator_live"
READ_LIMIT = 500  # events per store read while catching up
CACHED_BATCHES = 64  # recent batches kept per game, shared by the streams that follow it
SUMMARY_FIELDS = ("turn", "time_of_day", "time", "step", "stage", "active_player", "to_act", "acting")


class StreamsFull(Exception):
    """This process already holds as many streams as it may."""

    def __init__(self, cap: int):
        super().__init__(f"this worker already holds {cap} streams")
        self.cap = cap


@dataclass(frozen=True)
class Batch:
    """One appended batch of a game: the events of one action (or ruling, or creation)."""

    game_id: UUID
    game: str
    first: int
    position: int
    events: tuple[dict[str, Any], ...]
    summary: dict[str, Any]
    whole: bool = True  # False: the rest of a batch, for a client that resumed inside it

    def document(self) -> dict[str, Any]:
        return {"game_id": str(self.game_id), "game": self.game, "position": self.position,
                "first": self.first, "events": list(self.events),
                "prev_hash": self.events[0]["prev_hash"], "hash": self.events[-1]["hash"],
                "summary": self.summary}

    def after(self, position: int) -> "Batch":
        """The part of this batch after ``position`` (a client that resumed inside a batch)."""
        if position < self.first:
            return self
        rest = tuple(e for e in self.events if e["position"] > position)
        return Batch(self.game_id, self.game, rest[0]["position"], self.position, rest, self.summary, whole=False)


def summary_of(service: "GameService", log: "GameLog") -> dict[str, Any]:
    """Where the game stands, from its state document (through the application service): step
    or stage, who acts, status and winner."""
    doc, (status, winner) = service.document(log.game, log.state), service.status(log)
    out = {k: doc[k] for k in SUMMARY_FIELDS if k in doc}
    phase = doc.get("phase")
    if isinstance(phase, dict):
        out["phase"] = {k: phase[k] for k in ("kind", "stage") if k in phase}
    out["status"] = status
    out["winner"] = winner
    return out


@dataclass(eq=False)
class Subscription:
    """A stream's view of the hub: the games it follows and the last position it delivered of
    each.  ``pending()`` returns what is new, in order, each batch once."""

    hub: "LiveHub"
    after: dict[UUID, int]
    _wake: threading.Event = field(default_factory=threading.Event)
    closed: bool = False

    def wake(self) -> None:
        self._wake.set()

    def wait(self, timeout: float) -> bool:
        """Blocks until a followed game may have grown, or ``timeout``; True when woken."""
        woken = self._wake.wait(timeout)
        self._wake.clear()  # cleared before reading: a wakeup during the read is kept for next time
        return woken

    def pending(self) -> list[Batch]:
        """The batches after the positions delivered so far (which it then moves on)."""
        out: list[Batch] = []
        for game_id, after in self.after.items():
            if self.hub.head(game_id) is not None and self.hub.head(game_id) <= after:
                continue  # nothing new: no store read
            batches = self.hub.batches_after(game_id, after)
            if batches:
                self.after[game_id] = batches[-1].position
                out.extend(batches)
        return out

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.hub.unsubscribe(self)


class _Game:
    """What the hub knows of one game: its head, its recent batches, the state after them."""

    def __init__(self) -> None:
        self.head: int | None = None
        self.batches: OrderedDict[int, Batch] = OrderedDict()  # by last position, ascending
        self.log: GameLog | None = None  # the state after the newest cached batch
        self.lock = threading.Lock()  # one store read per game at a time; the others use its result
        self.subscribers: set[Subscription] = set()


class LiveHub:
    """Per service (so per process): who follows which game, and the wakeups."""

    def __init__(self, service: "GameService", poll: float = 0.2, resync: float = 10.0):
        self.service = service
        self.poll = poll
        self.resync = resync
        self.kind = service.env.get("PERSISTENCE_MODULE", "").rsplit(".", 1)[-1]
        schema = service.env.get("POSTGRES_SCHEMA") or ""
        self._channel = f"{CHANNEL}_{schema}"[:63] if schema else CHANNEL
        self._lock = threading.Lock()
        self._games: dict[UUID, _Game] = {}
        self._watcher: threading.Thread | None = None
        self._notifier: PgNotifier | None = PgNotifier(service) if self.kind == "postgres" else None
        self._stopped = threading.Event()
        self.streams = 0
        if self._notifier is not None:
            _notify_in_inserts(service.recorder, self._channel)

    # ------------------------------------------------------------------ the write path
    def published(self, game_id: UUID, position: int) -> None:
        """A batch ending at ``position`` was stored: wake this process's streams and tell the
        other processes.  Never raises (the append has already succeeded)."""
        self.bump(game_id, position)
        if self._notifier is not None and not self._notified_by_store(game_id):
            self._notifier.notify(game_id, position)

    def _notified_by_store(self, game_id: UUID) -> bool:
        """Whether the insert that stored the game's batch sent the notification itself."""
        recorder = self.service.recorder
        if isinstance(recorder, ShardedRecorder):
            recorder = recorder.recorder_of(game_id)
        return getattr(recorder, "notify_channel", None) == self._channel

    def bump(self, game_id: UUID, position: int) -> None:
        with self._lock:
            entry = self._games.get(game_id)
            if entry is None:
                return  # nobody here follows it
            if entry.head is None or position > entry.head:
                entry.head = position
            subscribers = list(entry.subscribers)
        for sub in subscribers:
            sub.wake()

    # ------------------------------------------------------------------ streams
    def open_stream(self, cap: int) -> None:
        """Counts a stream against the per-process cap.  Raises StreamsFull."""
        with self._lock:
            if self.streams >= cap:
                raise StreamsFull(cap)
            self.streams += 1

    def close_stream(self) -> None:
        with self._lock:
            self.streams -= 1

    def subscribe(self, after: dict[UUID, int]) -> Subscription:
        """Follows games from the given positions.  Subscribe before reading: a batch stored
        in between then wakes the subscription instead of being missed."""
        sub = Subscription(self, dict(after))
        with self._lock:
            for game_id in after:
                self._games.setdefault(game_id, _Game()).subscribers.add(sub)
            self._start_watcher()
        sub.wake()  # the first pending() is the catch-up read
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            for game_id in sub.after:
                entry = self._games.get(game_id)
                if entry is None:
                    continue
                entry.subscribers.discard(sub)
                if not entry.subscribers:
                    del self._games[game_id]

    def subscribed(self) -> list[UUID]:
        with self._lock:
            return list(self._games)

    def head(self, game_id: UUID) -> int | None:
        entry = self._games.get(game_id)
        return entry.head if entry is not None else None

    # ------------------------------------------------------------------ reading
    def batches_after(self, game_id: UUID, after: int) -> list[Batch]:
        """Every batch (or the rest of one) with events after ``after``, in order: from the
        cache when it reaches back that far, and from the store for what it lacks."""
        entry = self._games.get(game_id)
        if entry is None:
            return self._read(game_id, after, None)
        with entry.lock:
            cached = self._from_cache(entry, after)
            if cached is None:
                return self._read(game_id, after, entry)
            newest = max(entry.batches)
            if entry.head is None or entry.head > newest:  # read on from the cache's end: it stays gapless
                cached += [b.after(after) for b in self._read(game_id, newest, entry) if b.position > after]
            return cached

    @staticmethod
    def _from_cache(entry: _Game, after: int) -> list[Batch] | None:
        """The cached batches after ``after``, or None when the cache does not reach back."""
        if not entry.batches or next(iter(entry.batches.values())).first > after + 1:
            return None
        return [b.after(after) for pos, b in entry.batches.items() if pos > after]

    def _read(self, game_id: UUID, after: int, entry: _Game | None) -> list[Batch]:
        out: list[Batch] = []
        folded = entry.log if entry is not None and entry.log is not None and entry.log.version == after else None
        while True:
            envelopes = self.service.stored_events(game_id, after=after, limit=READ_LIMIT)
            groups = _by_batch(envelopes)
            if len(envelopes) == READ_LIMIT and len(groups) > 1:
                groups.pop()  # its last events may be on the next page
            for group in groups:
                folded = self._fold(game_id, folded, group)
                out.append(_batch(group, summary_of(self.service, folded)))
                after = group[-1].originator_version
            if len(envelopes) < READ_LIMIT:
                break
        if entry is not None:
            self._remember(entry, out, folded)
        return out

    def _fold(self, game_id: UUID, log: "GameLog | None", group: list[StoredGameEvent]) -> "GameLog":
        """The game after ``group``, from ``log`` when it is the state just before it."""
        start = group[0].originator_version
        if log is None or log.version != start - 1:
            log = self.service.state_at(game_id, start - 1) if start > 1 else None
        folded = self.service.project(log, group, self.service.rewinder(game_id))
        assert folded is not None
        return folded

    @staticmethod
    def _remember(entry: _Game, batches: list[Batch], folded: "GameLog | None") -> None:
        for batch in batches:
            if batch.whole:  # a batch read from its middle is not cached
                entry.batches[batch.position] = batch
        if len(entry.batches) > CACHED_BATCHES or any(a > b for a, b in zip(entry.batches, list(entry.batches)[1:])):
            entry.batches = OrderedDict(sorted(entry.batches.items())[-CACHED_BATCHES:])
        if batches:
            entry.head = max(entry.head or 0, batches[-1].position)
            if folded is not None and entry.batches and folded.version == max(entry.batches):
                entry.log = folded

    # ------------------------------------------------------------------ cross-process wakeups
    def _start_watcher(self) -> None:
        """Called under ``_lock``: a watcher thread unless one is running (or the hub stopped)."""
        if self.kind not in ("postgres", "sqlite") or self._watcher is not None or self._stopped.is_set():
            return
        target = _listen if self.kind == "postgres" else _poll
        self._watcher = threading.Thread(target=target, args=(weakref.ref(self),), daemon=True,
                                         name=f"adjudicator-live-{self.kind}")
        self._watcher.start()

    def watching(self) -> bool:
        """The watcher's question, each round: go on?  No once nobody follows a game here; the
        answer and the watcher's end are one step under the lock, so a subscription made just
        then starts a new watcher."""
        with self._lock:
            if self._games and not self._stopped.is_set():
                return True
            self._watcher = None
            return False

    def stop(self, timeout: float = 5.0) -> None:
        """Ends the watcher thread and waits for it, before the service closes its store: a
        poller still querying a closed SQLite connection would crash the process."""
        self._stopped.set()
        with self._lock:
            watcher = self._watcher
        if watcher is not None and watcher is not threading.current_thread():
            watcher.join(timeout)
        if self._notifier is not None:
            self._notifier.close()

    def pause(self, seconds: float) -> None:
        """The watcher's sleep between rounds; cut short by ``stop``."""
        self._stopped.wait(seconds)

    def recheck(self, games: Iterable[UUID] | None = None) -> None:
        """Reads whether the followed games grew (what a lost notification would have said)."""
        for game_id in list(games if games is not None else self.subscribed()):
            head = self.head(game_id)
            if head is None:
                continue
            newer = self.service.stored_events(game_id, after=head, limit=1)
            if newer:
                self.bump(game_id, newer[0].originator_version)

    def channel(self) -> str:
        return self._channel


def _by_batch(envelopes: list[StoredGameEvent]) -> list[list[StoredGameEvent]]:
    groups: list[list[StoredGameEvent]] = []
    for env in envelopes:
        if groups and groups[-1][-1].batch == env.batch:
            groups[-1].append(env)
        else:
            groups.append([env])
    return groups


def _batch(group: list[StoredGameEvent], summary: dict[str, Any]) -> Batch:
    return Batch(game_id=group[0].originator_id, game=group[0].game, first=group[0].originator_version,
                 position=group[-1].originator_version, events=tuple(e.public() for e in group), summary=summary,
                 whole=group[0].batch == group[0].originator_version)


# ---------------------------------------------------------------------- PostgreSQL
def _conninfo(service: "GameService") -> dict[str, Any]:
    env = service.env
    return {"dbname": env.get("POSTGRES_DBNAME"), "host": env.get("POSTGRES_HOST"),
            "port": env.get("POSTGRES_PORT"), "user": env.get("POSTGRES_USER"),
            "password": env.get("POSTGRES_PASSWORD") or None, "autocommit": True, "connect_timeout": 5}


def _notify_in_inserts(recorder: Any, channel: str) -> None:
    """Has the store's recorder send the notifications in each insert's statement: the service's
    ``GameRecorder``, or with shards the first shard's (the listeners listen on its server)."""
    if isinstance(recorder, ShardedRecorder):
        recorder = recorder.shards[0]
    if isinstance(recorder, GameRecorder):
        recorder.notify_channel = channel


class PgNotifier:
    """``pg_notify`` after a stored batch the recorder did not notify, on a connection of its own
    (made on first use, so each forked worker has its own).  A failure is logged and the connection dropped: listeners
    find the batch at their next re-check."""

    def __init__(self, service: "GameService"):
        self.service = service
        self._conn: Any = None
        self._lock = threading.Lock()
        self._channel: str | None = None

    def notify(self, game_id: UUID, position: int) -> None:
        import psycopg

        with self._lock:
            try:
                if self._conn is None or self._conn.closed:
                    self._conn = psycopg.connect(**_conninfo(self.service))
                    self._channel = hub_for(self.service).channel()
                self._conn.execute("SELECT pg_notify(%s, %s)", (self._channel, f"{game_id} {position}"))
            except Exception as exc:  # noqa: BLE001 - the append stands; listeners re-check
                log.warning("live: pg_notify failed (%s); streams elsewhere catch up at their next re-check", exc)
                self._drop()

    def close(self) -> None:
        with self._lock:
            self._drop()

    def _drop(self) -> None:
        try:
            if self._conn is not None:
                self._conn.close()
        except Exception:  # noqa: BLE001
            pass
        self._conn = None


def _listen(ref: "weakref.ref[LiveHub]") -> None:
    """The listener thread: LISTEN while the hub has subscriptions; re-checks on every
    (re)connection and every ``resync`` seconds; ends when nobody follows any game here."""
    import psycopg
    from psycopg import sql

    backoff = 0.5
    while (hub := ref()) is not None and hub.watching():
        try:
            with psycopg.connect(**_conninfo(hub.service)) as conn:
                conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(hub.channel())))
                backoff = 0.5
                hub.recheck()  # what was stored while not listening
                del hub
                _drain(conn, ref)
                return  # nobody follows a game here any more (the hub said so, and forgot this thread)
        except Exception as exc:  # noqa: BLE001 - reconnect; the re-check covers the gap
            log.warning("live: LISTEN connection lost (%s); reconnecting", exc)
            hub = None
            time.sleep(backoff)
            backoff = min(backoff * 2, 10.0)


# Seconds the listener waits for a notification before it asks again whether anyone still follows
# a game here: what a stopping service waits for at most (as the SQLite poller's round, 0.2 s).
LISTEN_ROUND = 0.2


def _drain(conn: Any, ref: "weakref.ref[LiveHub]") -> None:
    last_check = time.monotonic()
    while True:
        hub = ref()
        if hub is None or not hub.watching():
            return
        resync = hub.resync
        del hub
        for note in conn.notifies(timeout=LISTEN_ROUND):
            game, _, position = note.payload.partition(" ")
            hub = ref()
            if hub is not None:
                try:
                    hub.bump(UUID(game), int(position))
                except ValueError:
                    log.warning("live: ignored a notification %r", note.payload)
            del hub
        if time.monotonic() - last_check >= resync and (hub := ref()) is not None:
            hub.recheck()
            last_check = time.monotonic()
            del hub


# ---------------------------------------------------------------------- SQLite
def _poll(ref: "weakref.ref[LiveHub]") -> None:
    """The poller thread: every ``poll`` seconds one query for the rows stored since the last
    round (the store's notification ids; SQLite commits them in order), which wakes the games they
    belong to.  The first round, and any round whose query fails, re-checks every followed game."""
    mark: int | None = None
    while (hub := ref()) is not None and hub.watching():
        try:
            mark = _poll_once(hub, mark)
        except Exception as exc:  # noqa: BLE001 - a locked or closed store: try again next round
            log.debug("live: poll failed: %s", exc)
            mark = None
        hub.pause(hub.poll)
        del hub


def _poll_once(hub: LiveHub, mark: int | None) -> int | None:
    recorder = hub.service.recorder
    if mark is None:
        mark = recorder.max_notification_id() or 0
        hub.recheck()  # what was stored before the mark was taken
        return mark
    while True:
        notes = recorder.select_notifications(start=mark + 1, limit=READ_LIMIT)
        for note in notes:
            hub.bump(note.originator_id, note.originator_version)
        if notes:
            mark = notes[-1].id
        if len(notes) < READ_LIMIT:
            return mark


# ---------------------------------------------------------------------- one hub per service
_hubs_lock = threading.Lock()


def hub_for(service: "GameService") -> LiveHub:
    """The service's hub (made on first use)."""
    hub = service.__dict__.get("_live_hub")
    if hub is None:
        with _hubs_lock:
            hub = service.__dict__.get("_live_hub")
            if hub is None:
                hub = service.__dict__["_live_hub"] = LiveHub(service)
    return hub


def published(service: "GameService", envelopes: Iterable[StoredGameEvent]) -> None:
    """The write path's hook: ``envelopes`` (one batch, or an import) were stored.  A batch of one
    game (its envelopes hold the one game id ``_seal`` gave them) is told without a dict of games,
    which hashes each id twice."""
    envelopes = list(envelopes)
    hub = hub_for(service)
    if envelopes:
        game, position = envelopes[0].originator_id, 0
        for env in envelopes:
            if env.originator_id is not game:
                break
            position = max(position, env.originator_version)
        else:
            hub.published(game, position)
            return
    last: dict[UUID, int] = {}
    for env in envelopes:
        last[env.originator_id] = max(last.get(env.originator_id, 0), env.originator_version)
    for game_id, position in last.items():
        hub.published(game_id, position)
