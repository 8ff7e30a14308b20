"""How an append in one process reaches the streams of another: two GameService instances on one
store stand for two processes (each has its own hub).  On PostgreSQL the writer's NOTIFY wakes the
other's listener; a notification that is lost (not sent, or sent while the listener's connection
was down) is found by the store re-check.  On SQLite the poller finds it."""
from __future__ import annotations

from typing import Iterator

import pytest

from events.service.application import GameService
from events.service.live import LiveHub, PgNotifier, Subscription, hub_for
from tests.conftest import pg_url

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
PATIENCE = 30.0  # seconds to wait for a wakeup before the test fails (a bound, not a measurement)


def receive(sub: Subscription, count: int) -> list[int]:
    """Waits for ``count`` new batches; returns their positions."""
    got: list[int] = []
    while len(got) < count:
        woken = sub.wait(PATIENCE)
        new = [b.position for b in sub.pending()]
        assert woken or new, f"no wakeup within {PATIENCE} s (got {got})"
        got.extend(new)
    return got


@pytest.fixture
def two(request, tmp_path) -> Iterator[tuple[GameService, GameService]]:
    url = pg_url(request.getfixturevalue("pg_schema")) if request.param == "postgres" \
        else f"sqlite:///{tmp_path / 'games.sqlite'}"
    reader, writer = GameService(url), GameService(url)
    yield reader, writer
    reader.close()
    writer.close()


@pytest.mark.parametrize("two", ["postgres", "sqlite"], indirect=True)
def test_an_append_through_one_service_wakes_the_streams_of_another(two):
    reader, writer = two
    gid = writer.create_game("wowmini", [{"id": "p1"}, {"id": "p2"}]).id
    sub = hub_for(reader).subscribe({gid: 1})
    assert sub.pending() == []
    writer.append(gid, TICK)
    writer.append(gid, TICK)
    assert receive(sub, 2) == [2, 3]
    sub.close()


@pytest.mark.parametrize("two", ["postgres"], indirect=True)
def test_a_notification_never_sent_is_found_by_the_recheck(two, monkeypatch):
    reader, writer = two
    gid = writer.create_game("wowmini", [{"id": "p1"}, {"id": "p2"}]).id
    hub = hub_for(reader)
    hub.resync = 0.5
    sub = hub.subscribe({gid: 1})
    assert sub.pending() == []
    monkeypatch.setattr(PgNotifier, "notify", lambda self, game_id, position: None)  # the NOTIFY is lost
    writer.append(gid, TICK)
    assert receive(sub, 1) == [2]
    sub.close()


@pytest.mark.parametrize("two", ["postgres"], indirect=True)
def test_the_listener_reconnects_and_catches_up_after_its_connection_is_killed(two, pg_schema):
    import psycopg

    reader, writer = two
    gid = writer.create_game("wowmini", [{"id": "p1"}, {"id": "p2"}]).id
    hub: LiveHub = hub_for(reader)
    sub = hub.subscribe({gid: 1})
    writer.append(gid, TICK)
    assert receive(sub, 1) == [2]  # the listener is up
    with psycopg.connect(pg_url(pg_schema).split("?")[0], autocommit=True) as admin:
        killed = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = %s",
                               (f'LISTEN "{hub.channel()}"',)).fetchall()
        assert killed and all(ok for (ok,) in killed)  # (a listener of the test before may still be closing)
        writer.append(gid, TICK)  # sent while nobody listens: only the re-check after reconnecting sees it
    assert receive(sub, 1) == [3]
    writer.append(gid, TICK)
    assert receive(sub, 1) == [4]  # and it listens again
    sub.close()
