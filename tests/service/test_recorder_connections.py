"""GameRecorder's insert takes its pooled connection without the library's two context managers
(``PostgresDatastore.get_connection`` and the pool's ``connection()``) and keeps what they do: the
same outcomes, run each way on PostgreSQL (the library's way patched back in): the ids and rows of
appends, the IntegrityError of a taken position (same class, same message), a broken connection
retried on a fresh one, a closed store refused the same way, the pool's connections and counters
back where they were, and psycopg's errors raised as the library's."""
from __future__ import annotations

import psycopg
import pytest
from psycopg.pq import TransactionStatus
from psycopg.rows import tuple_row

from events.service import recorders
from events.service.application import GameService
from tests.conftest import pg_url

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
PLAYERS = [{"id": "p1"}, {"id": "p2"}]


def library_way(self, statement, params):
    """The insert as it was: the library's ``get_connection``."""
    with self.datastore.get_connection() as conn:
        cursor = conn.cursor(row_factory=tuple_row)
        cursor.execute(statement, params, prepare=True)
        return [row[0] for row in cursor.fetchall()]


def outcome(make):
    try:
        return ("ok", make())
    except Exception as exc:  # noqa: BLE001 - the refusal itself is compared
        return (type(exc), str(exc))


def run(url: str) -> list:
    """What a service does and meets: appends, a taken position, a broken connection, a closed store."""
    svc = GameService(url)
    pool = svc.recorder.datastore.pool
    seen = []
    gid = svc.create_game("wowmini", PLAYERS).id
    for _ in range(3):
        svc.append(gid, TICK)
    stored = svc.stored_events(gid)
    seen.append([(e.originator_version, e.hash == e.compute_hash()) for e in stored])
    stats = pool.get_stats()
    seen.append((stats["pool_size"], stats["pool_available"], stats["requests_num"] > 0, stats["usage_ms"] >= 0))
    taken = outcome(lambda: svc.save(stored[-1]))
    seen.append((taken[0], taken[1].replace(str(gid), "<game>")))
    seen.append([c.pgconn.transaction_status for c in pool._pool])  # every pooled connection idle
    with psycopg.connect(url.split("?")[0], autocommit=True) as admin:  # the pooled connections die
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
                      " AND datname = current_database() AND application_name = ''")
    seen.append(outcome(lambda: svc.append(gid, TICK).position))  # retried once, on a fresh connection
    svc.close()
    seen.append(outcome(lambda: svc.save(*svc.stored_events(gid)[:1])))
    return seen


def test_the_insert_meets_what_the_library_way_met(pg_schema, monkeypatch):
    new = run(pg_url(pg_schema))
    monkeypatch.setattr(recorders.GameRecorder, "_returned_ids", library_way)
    old = run(pg_url(pg_schema))
    assert new == old
    assert new[2][0] is recorders.IntegrityError and new[4] == ("ok", 5)
    assert set(new[3]) == {TransactionStatus.IDLE}


@pytest.mark.parametrize("error", [psycopg.InterfaceError, psycopg.OperationalError, psycopg.DataError,
                                   psycopg.IntegrityError, psycopg.InternalError, psycopg.ProgrammingError,
                                   psycopg.NotSupportedError, psycopg.DatabaseError, psycopg.Error,
                                   psycopg.errors.UniqueViolation, psycopg.errors.QueryCanceled])
def test_psycopg_errors_are_raised_as_the_library_raises_them(pg_schema, error):
    svc = GameService(pg_url(pg_schema))
    try:
        with pytest.raises(Exception) as theirs:  # noqa: PT011 - compared below
            with svc.recorder.datastore.get_connection():
                raise error("what psycopg said")
        ours = recorders._library_error(error("what psycopg said"))
        assert type(ours) is type(theirs.value) and str(ours) == str(theirs.value)
    finally:
        svc.close()
