"""Eight threads append to one game through real servers (gunicorn), with If-Match, retrying each
409 at the position it names: no 5xx, the log gapless, every acknowledged append in it, the audit
valid.  On SQLite through one server with two workers; on PostgreSQL through two servers (two
gunicorn masters on different ports, as on two hosts) sharing one database."""
from __future__ import annotations

import requests

from tests.conftest import pg_url
from tests.service.servers import Appender, Server, create_wowmini

THREADS = 8
APPENDS = 5  # per thread


def check_log(base: str, game: str, appender: Appender) -> None:
    assert appender.failures == []
    assert appender.server_errors == [], appender.server_errors
    assert appender.other == [], appender.other
    expected = THREADS * APPENDS
    assert len(appender.acknowledged) == expected
    events = requests.get(f"{base}/games/{game}/events?limit=1000", timeout=10).json()["events"]
    positions = [e["position"] for e in events]
    assert positions == list(range(1, expected + 2)), "the log has a gap or a duplicate"
    by_position = {e["position"]: e for e in events}
    for position, acked in appender.acknowledged.items():
        assert by_position[position]["hash"] == acked["hash"], f"acknowledged position {position} differs"
        assert by_position[position]["data"] == acked["data"]
    assert [e["data"]["time"] for e in events[1:]] == list(range(1, expected + 1))
    report = requests.get(f"{base}/games/{game}/audit", timeout=30).json()
    assert report["valid"] is True and report["chain"]["valid"] is True, report
    assert report["positions"] == expected + 1


def test_eight_threads_append_through_gunicorn_on_sqlite(tmp_path, record_property):
    server = Server(tmp_path, f"sqlite:///{tmp_path / 'games.sqlite'}", workers=2, threads=4).start()
    try:
        game = create_wowmini(server.url)
        appender = Appender([server.url], game)
        seconds = appender.run_threads(THREADS, APPENDS)
        check_log(server.url, game, appender)
        line = (f"sqlite, 1 server x 2 workers: {THREADS * APPENDS} appends by {THREADS} threads in {seconds:.2f} s, "
                f"{appender.conflicts} conflicts (409) retried, no 5xx, log gapless, audit valid")
        print("\n" + line)
        record_property("summary", line)
    finally:
        server.stop()


def test_two_servers_share_one_postgresql_store(tmp_path, pg_schema, record_property):
    url = pg_url(pg_schema)
    one = Server(tmp_path / "a", url, workers=1, threads=4).start()
    two = Server(tmp_path / "b", url, workers=1, threads=4).start()
    try:
        game = create_wowmini(one.url)
        # the second server sees the first one's game at once
        assert requests.get(f"{two.url}/games/{game}", timeout=10).json()["position"] == 1
        appender = Appender([one.url, two.url], game)
        seconds = appender.run_threads(THREADS, APPENDS)
        check_log(two.url, game, appender)
        # and each server sees everything both appended
        assert requests.get(f"{one.url}/games/{game}", timeout=10).json()["position"] == THREADS * APPENDS + 1
        served_by = {line["pid"] for s in (one, two) for line in s.request_log() if line["status"] == 201}
        assert len(served_by) == 2, "both servers took appends"
        line = (f"postgresql, 2 servers x 1 worker: {THREADS * APPENDS} appends by {THREADS} threads in "
                f"{seconds:.2f} s, {appender.conflicts} conflicts (409) retried, no 5xx, log gapless, audit valid")
        print("\n" + line)
        record_property("summary", line)
    finally:
        one.stop()
        two.stop()
