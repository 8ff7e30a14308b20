"""SIGKILL the gunicorn master and its workers in the middle of a stream of appends, start the
server again on the same store, and find every acknowledged (201) append in the log, the log
gapless and the audit valid."""
from __future__ import annotations

import threading
import time

import requests

from tests.service.servers import Appender, Server, create_wowmini


def stream(appender: Appender, base: str, stop: threading.Event, lost: list[str]) -> None:
    with requests.Session() as session:
        try:
            seen = appender.position(session, base)
            while not stop.is_set():
                _, seen = appender.append_one(session, base, seen)
        except requests.RequestException as exc:  # the server died under us: this append's fate is unknown
            lost.append(type(exc).__name__)


def test_acknowledged_appends_survive_sigkill_of_master_and_workers(tmp_path, record_property):
    store = f"sqlite:///{tmp_path / 'games.sqlite'}"
    server = Server(tmp_path, store, workers=2, threads=4).start()
    try:
        game = create_wowmini(server.url)
        appender = Appender([server.url], game)
        stop, lost = threading.Event(), []
        threads = [threading.Thread(target=stream, args=(appender, server.url, stop, lost)) for _ in range(4)]
        for t in threads:
            t.start()
        deadline = time.time() + 20
        while len(appender.acknowledged) < 15 and time.time() < deadline:
            time.sleep(0.02)
        killed = server.kill()  # mid-stream: requests are in flight
        stop.set()
        for t in threads:
            t.join(timeout=30)
        assert len(killed) == 3, "the master and its two workers"
        assert appender.server_errors == [] and appender.other == [] and appender.failures == []
        acknowledged = dict(appender.acknowledged)
        assert len(acknowledged) >= 15

        server.start()  # the same SQLite file, a new port
        events = requests.get(f"{server.url}/games/{game}/events?limit=1000", timeout=10).json()["events"]
        positions = [e["position"] for e in events]
        assert positions == list(range(1, len(events) + 1)), "gapless"
        by_position = {e["position"]: e for e in events}
        for position, acked in acknowledged.items():
            assert by_position[position]["hash"] == acked["hash"], f"acknowledged append at {position} lost"
        report = requests.get(f"{server.url}/games/{game}/audit", timeout=30).json()
        assert report["valid"] is True, report
        # and the game goes on
        after = requests.post(f"{server.url}/games/{game}/actions", json={"type": "advance_time", "player": "p2", "ticks": 1},
                              headers={"If-Match": f'"{len(events)}"'}, timeout=10)
        assert after.status_code == 201, after.text
        line = (f"sigkill: killed gunicorn pids {killed} with {len(acknowledged)} appends acknowledged and {len(lost)} "
                f"in flight; after restart the log holds {len(events)} events, every acknowledged one, audit valid")
        print("\n" + line)
        record_property("summary", line)
    finally:
        server.stop()
