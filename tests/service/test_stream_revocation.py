"""Issue 23, item 3: a stream opened with a key that is then revoked ends within seconds and
delivers nothing appended after the revocation (before, it went on delivering every batch while
new requests with the key got 401).  On every store, in one process (Flask's test client)."""
from __future__ import annotations

import json
import queue
import threading
import time

import pytest
import requests

from api import create_app
from tests.service.test_stream import tick

ENDS_WITHIN = 5.0  # seconds; a stream re-checks its key at least every 2 s (api/stream KEY_RECHECK)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def secured(database_url):
    app = create_app({"DATABASE_URL": database_url, "AUTH": "required", "TESTING": True, "REQUEST_LOG": "0",
                      "STREAM_HEARTBEAT": "30"})
    yield app
    app.extensions["keys"].close()
    app.extensions["games"].close()


def drain(resp, out: queue.Queue) -> None:
    """Puts each chunk of a streaming response on ``out``, then None when the stream ends."""
    try:
        for chunk in resp.response:
            out.put(chunk.decode())
    finally:
        out.put(None)


def test_a_revoked_key_s_stream_ends_within_seconds_and_delivers_nothing_new(secured):
    client = secured.test_client()
    store = secured.extensions["keys"]
    _, admin = store.create("admin")
    reader, reader_token = store.create("reader", label="a phone at table 4")
    r = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]},
                    headers=bearer(admin))
    gid = r.get_json()["id"]
    resp = client.get(f"/games/{gid}/stream", headers=bearer(reader_token), buffered=False)
    assert resp.status_code == 200
    chunks: queue.Queue = queue.Queue()
    threading.Thread(target=drain, args=(resp, chunks), daemon=True).start()
    tick(client, gid, bearer(admin))  # delivered: the key holds
    seen: list[str] = []
    deadline = time.monotonic() + 10
    while not any('"position":2' in c for c in seen):
        assert time.monotonic() < deadline, seen
        seen.append(chunks.get(timeout=10))

    revoked = client.delete(f"/keys/{reader.id}", headers=bearer(admin))
    assert revoked.status_code == 200 and revoked.get_json()["revoked_at"]
    revoked_at = time.monotonic()
    tick(client, gid, bearer(admin))  # position 3: never delivered on the revoked key's stream
    after: list[str] = []
    while True:
        chunk = chunks.get(timeout=ENDS_WITHIN + 5)
        if chunk is None:
            break
        after.append(chunk)
    ended_in = time.monotonic() - revoked_at
    resp.close()
    assert ended_in < ENDS_WITHIN, f"the stream ended {ended_in:.1f} s after the revocation"
    data = [json.loads(line[6:]) for c in after for line in c.splitlines() if line.startswith("data: ")]
    assert not [d for d in data if "position" in d], f"delivered after the revocation: {data}"
    problem = [d for d in data if "type" in d]
    assert problem and problem[-1]["type"] == "/problems/unauthorized" and problem[-1]["status"] == 401
    assert client.get(f"/games/{gid}", headers=bearer(reader_token)).status_code == 401


def test_an_idle_stream_of_a_revoked_key_ends_too(secured):
    client = secured.test_client()
    store = secured.extensions["keys"]
    _, admin = store.create("admin")
    reader, reader_token = store.create("reader")
    gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]},
                      headers=bearer(admin)).get_json()["id"]
    resp = client.get(f"/games/{gid}/stream", headers=bearer(reader_token), buffered=False)
    chunks: queue.Queue = queue.Queue()
    threading.Thread(target=drain, args=(resp, chunks), daemon=True).start()
    assert client.delete(f"/keys/{reader.id}", headers=bearer(admin)).status_code == 200
    revoked_at = time.monotonic()
    while chunks.get(timeout=ENDS_WITHIN + 5) is not None:
        pass
    assert time.monotonic() - revoked_at < ENDS_WITHIN
    resp.close()


def test_on_the_streaming_server_a_key_revoked_through_the_api_ends_its_stream(tmp_path):
    """Two processes: the key is revoked on the API port, its stream lives on the gevent port."""
    from api.auth import key_store_for
    from tests.service.servers import TICK as APPEND
    from tests.service.test_stream_postgres import StreamingServer

    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    store = key_store_for(url)
    _, admin = store.create("admin")
    reader, reader_token = store.create("reader")
    store.close()
    server = StreamingServer(tmp_path, url, stream_workers=1,
                             extra_env={"ADJUDICATOR_AUTH": "required", "ADJUDICATOR_REQUEST_LOG": "0"}).start()
    try:
        gid = requests.post(f"{server.url}/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]},
                            headers=bearer(admin), timeout=30).json()["id"]
        with requests.get(f"{server.stream_url}/games/{gid}/stream", headers=bearer(reader_token), stream=True,
                          timeout=(5, 30)) as resp:
            assert resp.status_code == 200
            lines = resp.iter_lines(chunk_size=None)
            assert next(line for line in lines if line.startswith(b"data: "))  # the creation, delivered
            assert requests.delete(f"{server.url}/keys/{reader.id}", headers=bearer(admin), timeout=30).ok
            revoked_at = time.monotonic()
            appended = requests.post(f"{server.url}/games/{gid}/actions", json=APPEND, headers=bearer(admin),
                                     timeout=30)
            assert appended.status_code == 201
            rest = []
            for line in lines:  # until the stream ends (heartbeats every second keep it going otherwise)
                if line.startswith(b"data: "):
                    rest.append(json.loads(line[6:]))
                if time.monotonic() - revoked_at > ENDS_WITHIN + 5:
                    break
            ended_in = time.monotonic() - revoked_at
        assert ended_in < ENDS_WITHIN, f"the stream ended {ended_in:.1f} s after the revocation"
        assert [d.get("type") for d in rest] == ["/problems/unauthorized"], rest
    finally:
        server.stop()
