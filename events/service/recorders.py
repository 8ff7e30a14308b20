"""PostgreSQL recorders: appends without a table lock, one round trip each, and shards by game.

The library's ``PostgresApplicationRecorder`` sends ``SET LOCAL lock_timeout``, ``LOCK TABLE ... IN
EXCLUSIVE MODE``, ``NOTIFY`` and the ``INSERT`` in one transaction, so that its notification ids
are committed in the order they are issued (a reader tailing them never passes a gap that is filled
later).  The price is that every insert into the table waits for every other: one game's append
waits on another table's.  ``GameRecorder`` gives that up (docs/deployment.md says why):

* an append is one ``INSERT ... RETURNING notification_id`` on an autocommit connection (one
  statement, one round trip, no lock but the row locks of its own rows); a game's order is kept by
  the primary key (game, position), which refuses a second event at a position;
* with ``notify_channel`` set (the live hub sets it, events/service/live.py) the same statement
  sends the live streams' ``pg_notify`` ("<game id> <last position>" per game of the batch), so
  the wakeup costs no second round trip and is delivered exactly when the rows commit;
* the global order is kept another way: each row records the id of the transaction that wrote it
  (``tx``, ``pg_current_xact_id()``), and the global order is (tx, notification id) read only below
  the oldest transaction still running (``pg_snapshot_xmin``).  Every row below that horizon is
  committed or gone for good, so a reader paging by ``tx`` sees every event exactly once, in an
  order that never changes behind it;
* a broken pooled connection is retried once (the pool does not ping before each use).

``ShardedRecorder`` routes a game's rows to one of several PostgreSQL servers (``shard_of``); the
routing is a directory table on the first shard (a game stays where it was created, so adding a
shard moves nothing).  Snapshots, a rebuildable cache, are spread by a hash of their key.
"""
from __future__ import annotations

import functools
import threading
import zlib
from time import monotonic
from typing import Any, Sequence
from uuid import UUID

import psycopg
from eventsourcing.application import LRUCache
from eventsourcing.persistence import (AggregateRecorder, ApplicationRecorder, DatabaseError, DataError,
                                       IntegrityError, InterfaceError, InternalError, Notification,
                                       NotSupportedError, OperationalError, PersistenceError, ProgrammingError,
                                       StoredEvent)
from eventsourcing.postgres import PostgresAggregateRecorder, PostgresApplicationRecorder
from psycopg.pq import TransactionStatus
from psycopg.rows import tuple_row
from psycopg.sql import SQL, Identifier

TOPIC = "events.service.recorders:GameRecorder"
SHARD_BITS = 6  # a cursor across shards is position << 6 | shard (up to 64 shards)


class GameRecorder(PostgresApplicationRecorder):
    """The application recorder of the service on PostgreSQL (see the module's docstring)."""

    notify_channel: str | None = None  # the live hub's channel, notified by each insert

    def __init__(self, datastore: Any, *, events_table_name: str = "stored_events"):
        super().__init__(datastore, events_table_name=events_table_name)
        table = Identifier(self.datastore.schema), Identifier(self.events_table_name)
        create = self.sql_create_statements[self.create_table_statement_index].as_string()
        self.sql_create_statements[self.create_table_statement_index] = SQL(create.replace(
            "notification_id bigserial, ",
            "notification_id bigserial, tx xid8 NOT NULL DEFAULT pg_current_xact_id(), "))
        self.sql_create_statements.append(SQL(
            "ALTER TABLE {}.{} ADD COLUMN IF NOT EXISTS tx xid8 NOT NULL DEFAULT pg_current_xact_id()").format(*table))
        self.sql_create_statements.append(SQL("CREATE INDEX IF NOT EXISTS {} ON {}.{} (tx, notification_id)").format(
            Identifier(f"{self.events_table_name}_tx_idx"), *table))
        self.lock_table_statements = []
        self._in_order = (
            "WITH t AS (SELECT DISTINCT tx FROM {s}.{t} WHERE tx > %s::text::xid8"
            " AND tx < pg_snapshot_xmin(pg_current_snapshot()){topics} ORDER BY tx LIMIT %s)"
            " SELECT tx::text::bigint AS cursor, notification_id, originator_id, originator_version, topic, state"
            " FROM {s}.{t} WHERE tx IN (SELECT tx FROM t){topics} ORDER BY tx, notification_id")

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """One INSERT on an autocommit connection (with ``notify_channel``, the live streams'
        notifications in the same statement).  Raises IntegrityError (a position is taken),
        OperationalError / InterfaceError (after one retry on a fresh connection)."""
        if not stored_events:
            return []
        params = [value for e in stored_events
                  for value in (e.originator_id, e.originator_version, e.topic, e.state)]
        channel = self.notify_channel
        heads: dict[UUID, int] = {}
        if channel is not None:
            for e in stored_events:
                heads[e.originator_id] = max(heads.get(e.originator_id, 0), e.originator_version)
            params += [value for game, position in heads.items() for value in (channel, f"{game} {position}")]
        statement = self._values_statement(len(stored_events), len(heads))
        for attempt in (0, 1):
            try:
                return self._returned_ids(statement, params)
            except (InterfaceError, OperationalError):
                if attempt:
                    raise  # a write that may have landed is reported, not repeated again
        return None  # pragma: no cover

    def _returned_ids(self, statement: str, params: list[Any]) -> list[int]:
        """The statement's returned ids, run on a pooled connection as the datastore's
        ``get_connection`` runs it, without its two generator context managers (the datastore's and
        the pool's ``connection()``): the same connection taken and given back (``getconn``,
        ``putconn``: a broken one is replaced), rolled back on an error and committed otherwise as
        ``with conn`` does, the pool's usage counted, and psycopg's errors raised as the library's
        (``_library_error``).  A pool not open yet (or closed) goes the library's way, which opens it
        (or refuses).  The composite types the library registers on each connection it lends are
        not used here (a plain VALUES); its own calls still register them."""
        pool = self.datastore.pool
        if pool.closed:
            with self.datastore.get_connection() as conn:
                return _ids(conn, statement, params)
        try:
            conn = pool.getconn()
            try:
                t0 = monotonic()
                try:
                    ids = _ids(conn, statement, params)
                except BaseException as exc:
                    conn.__exit__(type(exc), exc, exc.__traceback__)  # the rollback of ``with conn``
                    raise
                if not conn.closed and conn.pgconn.transaction_status != TransactionStatus.IDLE:
                    conn.commit()  # ``with conn`` commits; an idle autocommit connection has nothing to
            finally:
                pool.putconn(conn)
                _count_usage(pool, monotonic() - t0)
            return ids
        except psycopg.Error as exc:
            raise _library_error(exc) from exc

    @functools.lru_cache(maxsize=32)
    def _values_statement(self, rows: int, notes: int = 0) -> str:
        # A plain multi-row VALUES, rendered once per row count: psycopg then neither composes the
        # query nor dumps a composite array on every call (the library's unnest form does both).
        # The notifications ride in a CTE of the same statement: a CTE with a volatile function is
        # materialised, so each is sent once, and a failed insert sends none (NOTIFY is delivered
        # at commit, and the statement's transaction is rolled back).
        table = f'"{self.datastore.schema}"."{self.events_table_name}"'
        values = ", ".join(["(%s, %s, %s, %s)"] * rows)
        insert = (f"INSERT INTO {table} (originator_id, originator_version, topic, state) VALUES {values} "
                  "RETURNING notification_id")
        if not notes:
            return insert
        calls = ", ".join(["pg_notify(%s, %s)"] * notes)
        return (f"WITH ins AS ({insert}), note AS (SELECT {calls}) "
                "SELECT notification_id FROM ins, note ORDER BY notification_id")

    def select_in_order(self, after: int, limit: int, topics: Sequence[str] = ()) -> list[tuple[int, Notification]]:
        """(cursor, row) of the rows of the ``limit`` transactions after the one ``after`` names,
        in the global order, up to the oldest transaction still running."""
        topic_sql = " AND topic = ANY(%s)" if topics else ""
        query = SQL(self._in_order.format(s="{s}", t="{t}", topics=topic_sql)).format(
            s=Identifier(self.datastore.schema), t=Identifier(self.events_table_name))
        params: list[Any] = [str(after)]
        if topics:
            params.append(list(topics))
        params.append(limit)
        if topics:
            params.append(list(topics))
        with self.datastore.get_connection() as conn:
            rows = conn.execute(query, params, prepare=True).fetchall()
        return [(row["cursor"], Notification(id=row["notification_id"], originator_id=row["originator_id"],
                                             originator_version=row["originator_version"], topic=row["topic"],
                                             state=bytes(row["state"]))) for row in rows]


def _count_usage(pool: Any, seconds: float) -> None:
    """Adds a use to the pool's ``usage_ms`` statistic as its ``connection()`` does.  The counter is
    private to psycopg_pool: a version without it loses the statistic, never the write."""
    stats = getattr(pool, "_stats", None)
    if stats is not None:
        stats[getattr(pool, "_USAGE_MS", "usage_ms")] += int(1000.0 * seconds)


def _ids(conn: Any, statement: str, params: list[Any]) -> list[int]:
    # Plain tuples: the pool's dict rows would look up the column names on every insert.
    cursor = conn.cursor(row_factory=tuple_row)
    cursor.execute(statement, params, prepare=True)
    return [row[0] for row in cursor.fetchall()]


# psycopg's errors as the library's PostgresDatastore.get_connection raises them, in its order.
_LIBRARY_ERRORS = ((psycopg.InterfaceError, InterfaceError), (psycopg.OperationalError, OperationalError),
                   (psycopg.DataError, DataError), (psycopg.IntegrityError, IntegrityError),
                   (psycopg.InternalError, InternalError), (psycopg.ProgrammingError, ProgrammingError),
                   (psycopg.NotSupportedError, NotSupportedError), (psycopg.DatabaseError, DatabaseError))


def _library_error(exc: psycopg.Error) -> PersistenceError:
    for theirs, ours in _LIBRARY_ERRORS:
        if isinstance(exc, theirs):
            return ours(str(exc))
    return PersistenceError(str(exc))


def select_in_order(recorder: Any, after: int, limit: int, topics: Sequence[str] = ()) -> list[tuple[int, Notification]]:
    """The global order of any recorder: (tx, id) pages on ``GameRecorder`` and shards; the
    notification ids of the library's recorders that keep them gapless (SQLite, memory)."""
    if hasattr(recorder, "select_in_order"):
        return recorder.select_in_order(after, limit, topics)
    notes = recorder.select_notifications(start=after + 1, limit=limit, topics=list(topics))
    return [(n.id, n) for n in notes]


def _bucket(key: UUID, n: int) -> int:
    return zlib.crc32(key.bytes) % n


class Directory:
    """Which shard holds a game: a table on the first shard, read once per game and process.

    A new game is placed by a hash of its id over the shards listed when it is created, and its
    row is written before its first event (``ON CONFLICT DO NOTHING`` then read back, so two
    workers creating one game agree).  A game without a row (stored before the store had shards)
    is on the first shard."""

    def __init__(self, datastore: Any, shards: int, table: str = "adjudicator_directory"):
        self.datastore = datastore
        self.shards = shards
        self.cache: LRUCache[UUID, int] = LRUCache(maxsize=100_000)
        name = Identifier(datastore.schema), Identifier(table)
        self._create = SQL("CREATE TABLE IF NOT EXISTS {}.{} (game_id uuid PRIMARY KEY, shard int NOT NULL)").format(*name)
        self._insert = SQL("INSERT INTO {}.{} (game_id, shard) VALUES (%s, %s) ON CONFLICT DO NOTHING").format(*name)
        self._select = SQL("SELECT shard FROM {}.{} WHERE game_id = %s").format(*name)
        with datastore.transaction(commit=True) as curs:
            curs.execute(self._create)

    def shard_of(self, game_id: UUID, *, place: bool = False) -> int:
        """The shard index of a game; with ``place`` a game not yet placed is placed."""
        try:
            return self.cache.get(game_id)
        except KeyError:
            pass
        with self.datastore.get_connection() as conn:
            if place:
                conn.execute(self._insert, (game_id, _bucket(game_id, self.shards)), prepare=True)
            row = conn.execute(self._select, (game_id,), prepare=True).fetchone()
        if row is None:
            return 0  # not cached: the game may be created later
        self.cache.put(game_id, row["shard"])
        return row["shard"]


class ShardedRecorder(ApplicationRecorder):
    """A thin router over one ``GameRecorder`` per shard: a game's rows go to its shard."""

    def __init__(self, shards: list[GameRecorder], directory: Directory):
        self.shards = shards
        self.directory = directory
        self.lock = threading.Lock()

    def recorder_of(self, game_id: UUID) -> GameRecorder:
        return self.shards[self.directory.shard_of(game_id)]

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        first = stored_events[0]
        shard = self.directory.shard_of(first.originator_id, place=first.originator_version == 1)
        return self.shards[shard].insert_events(stored_events, **kwargs)

    def select_events(self, originator_id: UUID, *, gt: int | None = None, lte: int | None = None,
                      desc: bool = False, limit: int | None = None) -> Sequence[StoredEvent]:
        return self.recorder_of(originator_id).select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)

    def select_in_order(self, after: int, limit: int, topics: Sequence[str] = ()) -> list[tuple[int, Notification]]:
        """Shard after shard: a cursor is (the shard's own cursor << SHARD_BITS) | shard."""
        shard, position = after & ((1 << SHARD_BITS) - 1), after >> SHARD_BITS
        out: list[tuple[int, Notification]] = []
        while shard < len(self.shards) and len(out) < limit:
            rows = self.shards[shard].select_in_order(position, limit - len(out), topics)
            out += [((cursor << SHARD_BITS) | shard, note) for cursor, note in rows]
            shard, position = shard + 1, 0
        return out

    def select_notifications(self, start: int | None, limit: int, stop: int | None = None,
                             topics: Sequence[str] = (), *, inclusive_of_start: bool = True) -> Sequence[Notification]:
        after = (start or 1) - (1 if inclusive_of_start else 0)
        return [note for _, note in self.select_in_order(max(after, 0), limit, topics)]

    def max_notification_id(self) -> int | None:
        ids = [r.max_notification_id() for r in self.shards]
        return sum(i for i in ids if i) or None

    def subscribe(self, gt: int | None = None, topics: Sequence[str] = ()) -> Any:
        raise NotImplementedError("the sharded store has no single notification log to subscribe to")


class ShardedSnapshots(AggregateRecorder):
    """Snapshots spread over the shards by a hash of their key (a cache: after a shard is added
    some are looked for on another shard, missed, and taken again)."""

    def __init__(self, shards: list[PostgresAggregateRecorder]):
        self.shards = shards

    def _of(self, key: UUID) -> PostgresAggregateRecorder:
        return self.shards[_bucket(key, len(self.shards))]

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if not stored_events:
            return None
        return self._of(stored_events[0].originator_id).insert_events(stored_events, **kwargs)

    def select_events(self, originator_id: UUID, *, gt: int | None = None, lte: int | None = None,
                      desc: bool = False, limit: int | None = None) -> Sequence[StoredEvent]:
        return self._of(originator_id).select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
