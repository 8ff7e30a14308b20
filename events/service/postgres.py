"""PostgreSQL for the event store, bounded: an outage is answered within
``ADJUDICATOR_STORE_TIMEOUT`` seconds (default 5) and never holds a worker for minutes, and the
schema is created by one process at a time.

The eventsourcing library's PostgreSQL recorders retry every operation ten times, each waiting up
to the pool timeout (30 s by default) for a connection: a store cut off after start held a request
for minutes.  Here each operation is tried once and waits at most the timeout for a connection;
connections give up on a silent peer after the timeout too (``tcp_user_timeout`` and keepalives),
so the caller gets an OperationalError, which the API answers with 503 and ``Retry-After``.

Creating the tables takes a PostgreSQL advisory lock for the whole creation: workers starting
together on a fresh schema otherwise race on ``CREATE TYPE``/``CREATE TABLE`` (a unique violation
on ``pg_type``, "tuple concurrently updated").  ``adjudicator serve`` also creates them once in the
master before the workers start.

``ADJUDICATOR_DATABASE_URL=postgresql://...`` selects this module (``events.service.store``).
"""
from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

import psycopg
from eventsourcing import postgres as library
from eventsourcing.utils import resolve_topic
from psycopg.pq import TransactionStatus
from psycopg_pool.base import AttemptWithBackoff

TIMEOUT_VAR = "ADJUDICATOR_STORE_TIMEOUT"
DEFAULT_TIMEOUT = 5
SCHEMA_LOCK = 0x6164_6A75_6469_6361  # "adjudica": the advisory lock that serialises creating tables

_RETRIED = ("insert_events", "select_events", "select_notifications", "max_notification_id",
            "insert_tracking", "max_tracking_id", "has_tracking_id")


def store_timeout(env: dict[str, str] | None = None) -> int:
    """Seconds an operation may wait for the store (``ADJUDICATOR_STORE_TIMEOUT``, at least 1)."""
    raw = (env or {}).get(TIMEOUT_VAR) or os.environ.get(TIMEOUT_VAR) or str(DEFAULT_TIMEOUT)
    try:
        return max(1, int(float(raw)))
    except ValueError:
        raise ValueError(f"{TIMEOUT_VAR}={raw!r} is not a number of seconds") from None


def connection_kwargs(datastore: Any) -> dict[str, Any]:
    """The libpq settings of a datastore's pool, without the pool's row factory."""
    return {k: v for k, v in dict(datastore.pool.kwargs or {}).items() if k != "row_factory"}


class _SerialisedCreation:
    def create_table(self) -> None:
        # One process at a time: a session advisory lock on a connection of its own, held while
        # the library creates the types and tables on the pool's connections.
        with psycopg.connect(**connection_kwargs(self.datastore), autocommit=True) as lock:
            lock.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
            try:
                super().create_table()
            finally:
                lock.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))


@lru_cache(maxsize=None)
def bounded(recorder_class: type) -> type:
    """A subclass of a PostgreSQL recorder class whose table creation is serialised and whose
    operations the library retries (ten times) are tried once."""
    cls = type(f"Bounded{recorder_class.__name__}", (_SerialisedCreation, recorder_class),
               {"__module__": __name__, "__doc__": bounded.__doc__})
    for name in _RETRIED:
        wrapped = getattr(getattr(cls, name, None), "__wrapped__", None)
        if wrapped is not None:
            setattr(cls, name, wrapped)
    return cls


RECONNECT_EVERY = 0.5  # seconds between a pool's attempts to replace a lost connection, at most


class _PromptAttempt(AttemptWithBackoff):
    """psycopg_pool's reconnection attempt with its backoff capped at ``RECONNECT_EVERY``."""

    def update_delay(self, now: float) -> None:
        super().update_delay(now)
        self.delay = min(self.delay, RECONNECT_EVERY)


class PromptPool(library.ConnectionPool):
    """The library's pool, whose lost connections are replaced within ``RECONNECT_EVERY`` seconds
    of the server answering again.

    psycopg_pool replaces a lost connection in the background, doubling the wait between attempts
    (1, 2, 4, 8, 16 s ...) while the server is away, and counts the connection as there meanwhile:
    a request waits for the next attempt.  After an outage of half a minute that attempt could be
    16 s after PostgreSQL was back, and each worker's pool had its own schedule, so appends on one
    worker answered 503 for seconds while /health, on another, said ok (issue 23).  An attempt
    against a server that is still down is one refused connection (or one bounded by
    ``connect_timeout``), made by the pool's own threads, never by a request.  A connection that
    comes back lost has the pool replace every connection it holds."""

    def _add_connection(self, attempt: AttemptWithBackoff | None, growing: bool = False) -> None:
        super()._add_connection(attempt or _PromptAttempt(timeout=self.reconnect_timeout), growing)

    def _return_connection(self, conn: Any, from_getconn: bool) -> None:
        # A connection the server dropped says the others made before it are dead too (a restart,
        # a failover): replace them all now, rather than fail one request per idle connection
        # (the pool does not ping before each use).
        lost = conn.pgconn.transaction_status == TransactionStatus.UNKNOWN
        super()._return_connection(conn, from_getconn)
        if lost and not self.closed:
            self.drain()


class Factory(library.PostgresFactory):
    """The library's factory with bounded waits, single attempts and serialised table creation
    (for the application recorder named by ``APPLICATION_RECORDER_TOPIC`` too)."""

    aggregate_recorder_class = bounded(library.PostgresAggregateRecorder)

    def __init__(self, env: Any):
        super().__init__(env)
        timeout = store_timeout(dict(os.environ))
        pool = self.datastore.pool
        pool.__class__ = PromptPool  # made by the library's datastore, not yet opened: same state, prompt reconnection
        pool.timeout = timeout  # waiting for a connection from the pool
        # Connections are opened as requests need them (up to POOL_SIZE + MAX_OVERFLOW), not
        # POOL_SIZE at once per worker: eight workers starting together otherwise hold 40 of
        # PostgreSQL's usual 100 before the first request, and a busy server refuses the next.
        pool.resize(1, pool.max_size)
        # Not pool_open_timeout: with it the library calls pool.wait() on every connection, which
        # waits for every pooled connection to be idle and fails an assertion in psycopg_pool when
        # two threads do it at once; pool.timeout above already bounds the wait for a connection.
        pool.kwargs = {**(pool.kwargs or {}), "connect_timeout": timeout, "tcp_user_timeout": timeout * 1000,
                       "keepalives": 1, "keepalives_idle": max(1, timeout), "keepalives_interval": 1,
                       "keepalives_count": 3}

    def application_recorder(self) -> Any:
        topic = self.env.get(self.APPLICATION_RECORDER_TOPIC)
        base = resolve_topic(topic) if topic else library.PostgresApplicationRecorder
        recorder = bounded(base)(datastore=self.datastore, events_table_name=f"{self.env.name.lower() or 'stored'}_events")
        if self.env_create_table():
            recorder.create_table()
        return recorder


class StoreUnreachable(RuntimeError):
    """The store cannot be reached (or its tables cannot be created): the message is one line."""


def probe(env: dict[str, str]) -> None:
    """Connects once with the settings of a store environment (``store.env_for``), within the
    timeout.  Raises StoreUnreachable with libpq's reason on one line."""
    timeout = store_timeout(env)
    try:
        with psycopg.connect(dbname=env["POSTGRES_DBNAME"], host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"],
                             user=env["POSTGRES_USER"], password=env.get("POSTGRES_PASSWORD") or None,
                             connect_timeout=timeout) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        reason = " ".join(str(exc).split())
        raise StoreUnreachable(f"cannot reach PostgreSQL at {env['POSTGRES_HOST']}:{env['POSTGRES_PORT']}/"
                               f"{env['POSTGRES_DBNAME']}: {reason}") from None
