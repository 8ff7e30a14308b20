"""Issue 23, item 7: once PostgreSQL answers again after an outage, appends succeed again within
seconds, not after the connection pool's next reconnection attempt (which the pool's exponential
backoff put 4-22 s away: appends answered 503 while /health, served by a luckier worker, said ok).

The outage is made by a relay between the server and the shared PostgreSQL (bench/outage.py's
``Relay``): every connection reset and new ones refused, then new ones let through again.  The
shared server itself is never stopped."""
from __future__ import annotations

import time

import pytest
import requests

from bench.outage import Relay, relayed
from tests.conftest import pg_url
from tests.service.servers import Server
from tests.service.test_redteam_outages import fresh_schema, pg_target

GAME = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
OUTAGE = 20.0  # long enough for the pool's backoff to reach 8-16 s between attempts
RECOVERED_WITHIN = 3.0


def _append(server: Server, gid: str) -> int:
    try:
        return requests.post(f"{server.url}/games/{gid}/actions", json=TICK, timeout=30).status_code
    except requests.RequestException:
        return 0


@pytest.mark.postgres
def test_appends_succeed_within_seconds_once_postgres_answers_again(pg_schema, tmp_path):
    relay = Relay(pg_target())
    server = Server(tmp_path, relayed(pg_url(fresh_schema(pg_schema)), relay), workers=1, threads=2,
                    extra_env={"ADJUDICATOR_STORE_TIMEOUT": "2", "ADJUDICATOR_REQUEST_LOG": "0"}).start()
    try:
        gid = requests.post(f"{server.url}/games", json=GAME, timeout=30).json()["id"]
        assert _append(server, gid) == 201
        relay.cut()
        cut = time.monotonic()
        while time.monotonic() - cut < OUTAGE:  # a judge goes on trying: the pool retries meanwhile
            assert _append(server, gid) in (503, 0)
            time.sleep(0.5)
        relay.restore()
        back = time.monotonic()
        answers: list[tuple[float, int]] = []
        while time.monotonic() - back < RECOVERED_WITHIN + 6:
            sent = time.monotonic() - back
            answers.append((sent, _append(server, gid)))
            time.sleep(0.25)
        late = [(round(t, 2), status) for t, status in answers if t >= RECOVERED_WITHIN and status != 201]
        assert not late, f"appends refused more than {RECOVERED_WITHIN} s after PostgreSQL answered again: {late}"
        assert requests.get(f"{server.url}/health", timeout=30).json()["status"] == "ok"
    finally:
        server.kill()
        relay.close()
