"""``adjudicator serve --stream-port`` on SQLite: the threaded API workers hold at most half their
threads in streams and answer 503 streams-full past that, while appends go on; the gevent
streaming server follows appends made through the API workers (other processes: the SQLite poll)."""
from __future__ import annotations

import json

import requests

from tests.service.servers import create_wowmini
from tests.service.test_stream_postgres import StreamingServer

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}


_LINES: dict[int, object] = {}


def first_items(resp: requests.Response, count: int) -> list[dict]:
    """The next ``count`` items of an SSE response (one line iterator per response)."""
    lines = _LINES.setdefault(id(resp), resp.iter_lines(chunk_size=None))
    out: list[dict] = []
    for raw in lines:  # type: ignore[attr-defined]
        if raw.startswith(b"data: "):
            out.append(json.loads(raw[6:]))
            if len(out) == count:
                return out
    raise AssertionError(f"the stream ended after {len(out)} items")


def test_threaded_workers_cap_streams_and_keep_appending_while_the_streaming_port_follows(tmp_path):
    server = StreamingServer(tmp_path, f"sqlite:///{tmp_path / 'games.sqlite'}", threads=4, stream_workers=1).start()
    held: list[requests.Response] = []
    try:
        game = create_wowmini(server.url)
        # One API worker of 4 threads: 2 streams, then 503 with a problem document.
        for _ in range(2):
            held.append(requests.get(f"{server.url}/games/{game}/stream", stream=True, timeout=(5, 30)))
            assert held[-1].status_code == 200
            assert first_items(held[-1], 1)[0]["position"] == 1
        full = requests.get(f"{server.url}/games/{game}/stream", timeout=10)
        assert full.status_code == 503, full.text
        assert full.headers["Content-Type"].startswith("application/problem+json")
        assert full.json()["type"] == "/problems/streams-full" and "stream-port" in full.json()["detail"]
        assert int(full.headers["Retry-After"]) > 0
        # The streaming port follows what the API workers append (another process).
        follower = requests.get(f"{server.stream_url}/games/{game}/stream", stream=True, timeout=(5, 30),
                                headers={"Last-Event-ID": "1"})
        held.append(follower)
        assert follower.status_code == 200
        for _ in range(5):  # appends go on while the two API streams hold their threads
            r = requests.post(f"{server.url}/games/{game}/actions", json=TICK, timeout=30)
            assert r.status_code == 201, r.text
        assert [i["position"] for i in first_items(follower, 5)] == [2, 3, 4, 5, 6]
        assert [i["position"] for i in first_items(held[0], 5)] == [2, 3, 4, 5, 6]
    finally:
        _LINES.clear()
        for resp in held:
            resp.close()
        server.stop()
