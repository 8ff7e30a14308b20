"""Issue 23, item 7: once PostgreSQL answers again after an outage, reads and appends succeed within a second,
not after the connection pool's next reconnection attempt.  psycopg_pool replaces a lost connection
in the background, doubling the wait between attempts while the server is away (1, 2, 4, 8, 16 s)
and counting the connection as there meanwhile, so after a 20 s outage requests waited for an
attempt up to 16 s away and answered 503 (Retry-After: 1) in the meantime; each worker had its own
schedule, so /health on one said ok while appends on another failed.

A PostgreSQL server of the test's own (initdb in a temporary directory) is really stopped
(``pg_ctl stop -m fast``) and started (bench/outage.py's ``Cluster``); the shared server is never
touched.  Needs the PostgreSQL server binaries, which CI has (scripts/test starts its clusters)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from bench.outage import Cluster, pg_bin
from tests.conftest import IN_CI

GAME = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
OUTAGE = 20.0  # the pool's backoff reaches 8-16 s between attempts
WITHIN = 1.5  # seconds after the server is back from which every append must succeed
WATCH = 8.0  # seconds of appends after the restore


@pytest.fixture
def cluster(tmp_path: Path):
    if pg_bin() is None:
        if IN_CI:
            pytest.fail("CI must run the PostgreSQL tests for real, but there are no PostgreSQL server binaries")
        pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl) to run a server of the test's own")
    made = Cluster(tmp_path)
    yield made
    made.close()


def _status(client, gid: str) -> int:
    return client.post(f"/games/{gid}/actions", json=TICK).status_code


def _listed(client) -> int:
    return client.get("/games?limit=1").status_code


@pytest.mark.postgres
def test_reads_and_appends_succeed_within_a_second_once_postgres_is_back(cluster, monkeypatch):
    from api import create_app

    monkeypatch.setenv("ADJUDICATOR_STORE_TIMEOUT", "2")
    app = create_app({"DATABASE_URL": cluster.url, "TESTING": True, "REQUEST_LOG": "0"})
    client = app.test_client()
    try:
        gid = client.post("/games", json=GAME).get_json()["id"]
        assert _status(client, gid) == 201
        cluster.cut()
        stopped = time.monotonic()
        while time.monotonic() - stopped < OUTAGE:  # a judge's app goes on asking while the server is down
            assert _listed(client) == 503
            time.sleep(0.5)
        cluster.restore()  # returns once the server accepts connections
        back = time.monotonic()
        answers: list[tuple[float, int]] = []
        while time.monotonic() - back < WATCH:
            sent = round(time.monotonic() - back, 2)
            answers += [(sent, _listed(client)), (sent, _status(client, gid))]
            time.sleep(0.25)
        late = [(sent, status) for sent, status in answers if sent >= WITHIN and status not in (200, 201)]
        assert not late, f"requests refused more than {WITHIN} s after PostgreSQL was back: {late}"
        assert client.get("/health").get_json()["status"] == "ok"
    finally:
        app.extensions["games"].close()
