"""Issue 23, item 7: stream clients that never read cannot hold memory or delay a good reader.  The
streaming server (gevent) holds 40 streams whose clients send their request and never read, and
one good reader; 300 appends follow.  What the kernel holds for each stream's client stays within
its bounded send buffer (before: every byte sent was queued, growing with every append up to
megabytes per client, which is what pushes a host's sockets into TCP memory pressure), the good
reader gets every batch, and the non-readers' streams are dropped once their buffer has stayed full
for ``STREAM_SLOW_AFTER`` seconds, while the good reader's stream goes on."""
from __future__ import annotations

import socket
import time

import requests

from bench.readers import Reader, held_bytes
from tests.service.servers import TICK, create_wowmini
from tests.service.test_stream_postgres import StreamingServer

NON_READERS = 40
APPENDS = 300  # about 220 kB of items per stream: past the bound, well short of what autotuning allows
SLOW_AFTER = 3
BOUND = 2 * 64 * 1024 + 16 * 1024  # the send buffer (64 kB, which the kernel doubles for its books) and slack


def _non_readers(port: int, gid: str) -> list[socket.socket]:
    out = []
    for _ in range(NON_READERS):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.sendall(f"GET /games/{gid}/stream HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
        out.append(s)
    return out


def test_clients_that_never_read_are_bounded_then_dropped_and_do_not_stall_a_good_reader(tmp_path):
    server = StreamingServer(tmp_path, f"sqlite:///{tmp_path / 'games.sqlite'}", stream_workers=1, threads=8,
                             extra_env={"ADJUDICATOR_STREAM_SLOW_AFTER": str(SLOW_AFTER),
                                        "ADJUDICATOR_REQUEST_LOG": "0"}).start()
    held: list[socket.socket] = []
    try:
        gid = create_wowmini(server.url)
        reader = Reader(server.stream_port, gid, 0)
        held = _non_readers(server.stream_port, gid)
        time.sleep(1)
        most = 0
        with requests.Session() as session:
            for i in range(APPENDS):
                r = session.post(f"{server.url}/games/{gid}/actions", json=TICK, timeout=30)
                assert r.status_code == 201, r.text
                if i % 50 == 49:
                    most = max([most, *held_bytes(server.stream_port)])
            last = r.json()["position"]
        assert reader.wait_for(last, timeout=30) is not None, "the good reader missed batches"
        assert sorted(reader.arrived)[-APPENDS:] == list(range(last - APPENDS + 1, last + 1))
        assert most <= BOUND, f"the kernel held {most} bytes for one client that does not read"
        deadline = time.monotonic() + SLOW_AFTER + 20
        while len(held_bytes(server.stream_port)) > 1 and time.monotonic() < deadline:
            time.sleep(0.5)
        assert len(held_bytes(server.stream_port)) == 1, "the non-readers' streams were not dropped"
        r = requests.post(f"{server.url}/games/{gid}/actions", json=TICK, timeout=30)
        assert reader.wait_for(r.json()["position"], timeout=10) is not None, "the good reader's stream ended"
        reader.close()
    finally:
        for s in held:
            s.close()
        server.stop()
