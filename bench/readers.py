"""Figure 14 (``python -m bench --only 14 --out bench/results/readers``): a good stream reader among
clients that never read.  The streaming server (``adjudicator serve --stream-port``, one gevent
worker) holds one reader that reads every item and ``NON_READERS`` streams of the same game whose
clients send their request and never read a byte (a small receive buffer each, so their
connections fill after a few dozen items, as a stalled phone's would after longer).  Appends go on
through the API; the figure is the good reader's delay (append sent -> its item read) with the
non-readers open against without them.
"""
from __future__ import annotations

import http.client
import json
import os
import socket
import statistics
import threading
import time

from bench.build import pg_available, pg_drop, pg_schema
from bench.common import Figure, Series
from bench.figures import Settings
from bench.streams import CREATE, TICK, start

NON_READERS = 500
FILL = 600  # appends back to back while the non-readers' connections fill
MEASURED = 20
SLOW_AFTER = 15.0  # api/stream DEFAULT_SLOW_AFTER: a full buffer that long and the stream is dropped


def held_bytes(port: int) -> list[int]:
    """Bytes queued for sending on each established connection of the server's ``port`` (the
    ``tx_queue`` column of /proc/net/tcp): what the kernel holds for clients that do not read."""
    out = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, state, queues = fields[1], fields[3], fields[4]
            if int(local.rsplit(":", 1)[1], 16) == port and state == "01":
                out.append(int(queues.split(":")[0], 16))
    return out


class Reader:
    """A stream client that reads everything and notes when each position arrived."""

    def __init__(self, port: int, gid: str, after: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall(f"GET /games/{gid}/stream?after={after} HTTP/1.1\r\nHost: x\r\n"
                          "Accept: text/event-stream\r\n\r\n".encode())
        self.arrived: dict[int, float] = {}
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        buf = b""
        while True:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            now = time.perf_counter()
            buf += chunk
            *lines, buf = buf.split(b"\n")
            with self.cond:
                for line in lines:
                    if line.startswith(b"id: "):
                        self.arrived[int(line[4:])] = now
                self.cond.notify_all()

    def wait_for(self, position: int, timeout: float = 60) -> float | None:
        with self.cond:
            self.cond.wait_for(lambda: position in self.arrived, timeout)
            return self.arrived.get(position)

    def close(self) -> None:
        self.sock.close()


def non_readers(port: int, gid: str, after: int, count: int) -> list[socket.socket]:
    """``count`` streams whose clients never read (receive buffer of 4 kB)."""
    out = []
    for i in range(count):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.sendall(f"GET /games/{gid}/stream?after={after} HTTP/1.1\r\nHost: x\r\n"
                  "Accept: text/event-stream\r\n\r\n".encode())
        out.append(s)
        if i % 50 == 49:
            time.sleep(0.2)  # the listen backlog is finite
    return out


def _append(conn: http.client.HTTPConnection, gid: str) -> int:
    conn.request("POST", f"/games/{gid}/actions", body=TICK, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    body = resp.read()
    if resp.status != 201:
        raise RuntimeError(f"append: {resp.status} {body[:200]!r}")
    return json.loads(body)["position"]


def delays(api_port: int, gid: str, reader: Reader, count: int, pace: float = 0.2) -> list[float]:
    """The reader's delay for each of ``count`` appends (one every ``pace`` seconds)."""
    conn = http.client.HTTPConnection("127.0.0.1", api_port, timeout=60)
    out = []
    for _ in range(count):
        sent = time.perf_counter()
        position = _append(conn, gid)
        arrived = reader.wait_for(position)
        out.append((arrived - sent) if arrived is not None else 60.0)
        time.sleep(pace)
    conn.close()
    return out


def figure_readers(s: Settings) -> Figure:
    pg = s.pg_url and pg_available(s.pg_url) is None
    schema = f"bench_readers_{os.getpid()}"
    url = pg_schema(s.pg_url, schema) if pg else f"sqlite:///{s.workdir / 'readers.sqlite'}"
    server, stream_port = start(url, s.workdir)
    held: list[socket.socket] = []
    growth: list[tuple[int, int, int, int]] = []
    remaining = -1
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("POST", "/games", body=CREATE, headers={"Content-Type": "application/json"})
        gid = json.loads(conn.getresponse().read())["id"]
        reader = Reader(stream_port, gid, 1)
        alone = delays(server.port, gid, reader, MEASURED)
        held = non_readers(stream_port, gid, 1, NON_READERS)
        time.sleep(2)
        t0 = time.perf_counter()
        filled: list[float] = []
        for _ in range(FILL // 150):
            filled += delays(server.port, gid, reader, 150, pace=0.0)
            queued = held_bytes(stream_port)
            growth.append((len(filled), sum(queued), max(queued, default=0), len(queued)))
        fill_time = time.perf_counter() - t0
        crowded = delays(server.port, gid, reader, MEASURED)
        time.sleep(SLOW_AFTER + 3)  # a stream whose client has left its buffer full that long is dropped
        remaining = len(held_bytes(stream_port)) - 1
        reader.close()
    finally:
        for sock in held:
            sock.close()
        server.stop()
        if pg:
            pg_drop(s.pg_url, schema)
    without = Series("good reader's delay, alone", alone, unit="ms")
    during = Series(f"good reader's delay while {FILL} appends fill {NON_READERS} non-readers' connections",
                    filled, unit="ms")
    after = Series(f"good reader's delay with {NON_READERS} non-readers full", crowded, unit="ms")
    store = "PostgreSQL" if pg else "SQLite"
    f = Figure(14, f"a good stream reader's delay (append sent -> item read) with {NON_READERS} clients that never "
                   f"read, on {store}, streaming server with 1 gevent worker; one append every 0.2 s",
               series=[without, during, after], ratio_label="worst delay with non-readers, s",
               ratio=max(filled + crowded), target="<= 1 s")
    f.met = f.ratio <= 1.0
    f.extra = {"held_bytes": growth, "non_readers_still_held": remaining}
    f.notes.append(f"{SLOW_AFTER + 3:.0f} s after the last append, {remaining} of the {NON_READERS} non-readers' "
                   f"streams were still held by the server")
    for appended, total, most, conns in growth:
        f.notes.append(f"after {appended} fill appends: the kernel holds {total / 2**20:.1f} MB for the stream "
                       f"port's {conns} connections (at most {most / 1024:.0f} kB for one)")
    f.notes.append(f"one delay per append (not per round); {FILL} fill appends back to back took {fill_time:.1f} s; "
                   f"median alone {statistics.median(alone) * 1000:.0f} ms, with non-readers full "
                   f"{statistics.median(crowded) * 1000:.0f} ms, max {max(crowded) * 1000:.0f} ms")
    f.print()
    return f
