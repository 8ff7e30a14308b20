"""Live games over HTTP: ``GET /games/{id}/stream`` and ``GET /games/stream?game=...``.

Server-Sent Events by default (``text/event-stream``), NDJSON with ``Accept: application/x-ndjson``.
One item per appended batch: ``{"game_id", "game", "position", "first", "events", "prev_hash",
"hash", "summary"}``.  In SSE each item's ``id:`` is the position (for several games, a cursor
``ID:N,ID:N``), so a client that reconnects with ``Last-Event-ID`` (or ``?after=N``, or
``?game=ID:N``) gets exactly what it missed, then the live tail, in order, each batch once.  Idle
streams get a heartbeat (an SSE comment, an empty NDJSON line) every ``STREAM_HEARTBEAT`` seconds.

Each process holds at most ``STREAM_CAP`` streams (``ADJUDICATOR_STREAM_CAP``); past it the answer
is 503 problem+json ``streams-full`` with ``Retry-After``.  The gevent streaming server
(``adjudicator serve --stream-port``, api/stream/server.py) holds a thousand per worker; a threaded
worker keeps its threads for appends by holding only a few.  Access: as any read (api/auth.py).
"""
from __future__ import annotations

import json
import logging
import os
import select
import socket
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable, Iterator
from uuid import UUID

from flask import Blueprint, Flask, Response, current_app, request

from api import service
from api.auth import standing_check
from api.errors import PROBLEMS, Problem, problem_response, problem_uri
from events.service.live import Batch, StreamsFull, Subscription, hub_for

log = logging.getLogger("adjudicator.stream")

bp = Blueprint("stream", __name__)

SSE = "text/event-stream"
NDJSON = "application/x-ndjson"
MAX_GAMES = 50
DEFAULT_HEARTBEAT = 15.0
DEFAULT_CAP = 2  # a threaded worker; the gevent streaming server sets its own (api/stream/server.py)
KEY_RECHECK = 2.0  # seconds between checks of an idle stream's key (a stream that sends checks before sending)
DEFAULT_SEND_BUFFER = 64 * 1024  # bytes the kernel may hold for one stream's client (it doubles it for its books)
DEFAULT_SLOW_AFTER = 15.0  # seconds a client may leave its buffer full before the stream is dropped


def _setting(name: str, default: float) -> float:
    value = current_app.config.get(name, os.environ.get(f"ADJUDICATOR_{name}"))
    return float(value) if value not in (None, "") else default


def _position(raw: str, what: str) -> int:
    try:
        value = int(raw.strip())
    except ValueError:
        raise Problem(400, "invalid-request", f"Bad {what}", f"{what} must be a position (an integer), got {raw!r}") from None
    if value < 0:
        raise Problem(400, "invalid-request", f"Bad {what}", f"{what} must be 0 or more, got {value}")
    return value


def _game(raw: str) -> UUID:
    try:
        return UUID(raw.strip())
    except ValueError:
        raise Problem(404, "not-found", "No such game", f"{raw!r} is not a game id") from None


def _check_positions(after: dict[UUID, int]) -> None:
    """404 for an unknown game or a position past a game's head."""
    svc = service()
    for game_id, position in after.items():
        head = svc.game(game_id).version  # raises GameNotFound
        if position > head:
            raise Problem(404, "position-not-found", "No such position",
                          f"game {game_id} is at position {head}; cannot resume after {position}",
                          game_id=str(game_id), position=head, requested=position)


def _cursor(after: dict[UUID, int]) -> str:
    return ",".join(f"{game_id}:{position}" for game_id, position in after.items())


def _parse_cursor(raw: str) -> dict[UUID, int]:
    out: dict[UUID, int] = {}
    for part in filter(None, (p.strip() for p in raw.split(","))):
        game, sep, position = part.rpartition(":")
        if not sep:
            raise Problem(400, "invalid-request", "Bad Last-Event-ID",
                          f"a stream of several games resumes from a cursor ID:N,ID:N (got {raw!r})")
        out[_game(game)] = _position(position, "Last-Event-ID")
    return out


def _format() -> str:
    best = request.accept_mimetypes.best_match([SSE, NDJSON], default=SSE)
    return best or SSE


def _sse(batch: Batch, event_id: str) -> str:
    return f"id: {event_id}\ndata: {json.dumps(batch.document(), separators=(',', ':'))}\n\n"


def _ndjson(batch: Batch, _event_id: str) -> str:
    return json.dumps(batch.document(), separators=(",", ":")) + "\n"


def _peer_gone(sock: Any) -> bool:
    """True when the client has closed its connection (gunicorn hands the WSGI app its socket).
    A stream's client sends nothing after its request, so a readable socket means EOF.  Checked
    before each heartbeat: a write to a closed socket may still succeed once, which would keep a
    dead stream (and its place under the cap) for another heartbeat."""
    if sock is None:
        return False
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        return bool(readable) and sock.recv(1, socket.MSG_PEEK) == b""
    except ValueError:  # a TLS socket takes no recv flags: leave it to the heartbeat's write
        return False
    except OSError:
        return True


@dataclass
class Client:
    """What a stream knows of its client: the socket (gunicorn hands it to the app; None under a
    test client), the key it was opened with (``holds``: None without a key), and its settings."""

    sock: Any = None
    holds: Callable[[float | None], bool] | None = None
    heartbeat: float = DEFAULT_HEARTBEAT
    slow_after: float = DEFAULT_SLOW_AFTER

    def bound(self, send_buffer: int) -> None:
        """Caps what the kernel may hold for this client (a fixed send buffer, no autotuning up to
        megabytes), and bounds one write: a client that reads nothing costs a buffer and a slot."""
        if self.sock is None:
            return
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
            self.sock.settimeout(self.slow_after)
        except (OSError, ValueError, AttributeError):
            pass

    def reading(self) -> bool:
        """Whether the client takes what is sent: its buffer has room now, or within
        ``slow_after`` seconds (the stream is paused meanwhile: nothing is read or queued)."""
        if self.sock is None:
            return True
        try:
            _, writable, _ = select.select([], [self.sock], [], 0)
            if not writable:
                _, writable, _ = select.select([], [self.sock], [], self.slow_after)
            return bool(writable)
        except (OSError, ValueError):
            return False


def _problem(fmt: str, kind: str, status: int, detail: str) -> Iterator[str]:
    """The last event of an SSE stream that must end (a Problem, as the contract's StreamEvent says)."""
    if fmt == SSE:
        doc = {"type": problem_uri(kind), "title": PROBLEMS[kind][1], "status": status, "detail": detail}
        yield f"event: problem\ndata: {json.dumps(doc)}\n\n"


def _refused(client: Client, fmt: str, fresh_after: float | None) -> list[str] | None:
    """The stream's last words when its key no longer holds (revoked or expired: 401), or when
    the key store cannot say (fail closed: 503, the client resumes later); None while it holds."""
    if client.holds is None:
        return None
    try:
        if client.holds(fresh_after):
            return None
        return list(_problem(fmt, "unauthorized", 401, "the API key of this stream was revoked or expired"))
    except Exception as exc:  # noqa: BLE001 - whatever stops the key store
        log.warning("stream ended: the key store could not be read: %s", exc)
        return list(_problem(fmt, "store-unavailable", 503, "the key store could not be read; reconnect later"))


def _stored_at(batches: list[Batch]) -> float | None:
    """The wall-clock time the newest of ``batches`` was stored (its events' timestamp)."""
    try:
        return max(datetime.fromisoformat(b.events[-1]["timestamp"]).timestamp() for b in batches)
    except (KeyError, TypeError, ValueError):
        return time.time()  # unknown: ask the key store now


def _items(sub: Subscription, fmt: str, several: bool, client: Client) -> Iterator[str]:
    encode = _sse if fmt == SSE else _ndjson
    idle = ": heartbeat\n\n" if fmt == SSE else "\n"
    yield "retry: 2000\n: live\n\n" if fmt == SSE else "\n"  # headers and a first byte through any proxy
    tick = min(client.heartbeat, KEY_RECHECK) if client.holds is not None else client.heartbeat
    quiet = 0.0
    while True:
        woken = sub.wait(tick)
        refused = _refused(client, fmt, None)  # the key's standing, before anything is read or sent
        if refused is not None:
            yield from refused
            return
        if not client.reading():
            log.info("stream dropped: its client read nothing for %.0f s", client.slow_after)
            return
        positions = dict(sub.after)  # what the client has: each id says so, batch by batch
        try:
            batches = sub.pending()
        except Exception as exc:  # noqa: BLE001 - the store failed: end; the client resumes
            log.warning("stream ended: %s", exc)
            yield from _problem(fmt, "store-unavailable", 503,
                                "the event store could not be read; reconnect with Last-Event-ID")
            return
        # and again for what was stored since the last answer: nothing stored after a revocation goes out
        refused = _refused(client, fmt, _stored_at(batches)) if batches else None
        if refused is not None:
            yield from refused
            return
        for batch in batches:
            positions[batch.game_id] = batch.position
            yield encode(batch, _cursor(positions) if several else str(batch.position))
        quiet = 0.0 if batches else quiet + (0.0 if woken else tick)
        if quiet >= client.heartbeat - 1e-6:
            if _peer_gone(client.sock):
                return
            quiet = 0.0
            yield idle


class _Body:
    """The response body: the items, and ``close()`` that always frees the stream's place, even
    when the server closes a body it never iterated (a client gone at once, a HEAD request), where
    a bare generator would skip its ``finally``."""

    def __init__(self, items: Iterator[str], on_close: Any) -> None:
        self.items = items
        self.on_close = on_close
        self.closed = False

    def __iter__(self) -> Iterator[str]:
        return self.items

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.items.close()  # type: ignore[attr-defined]
            self.on_close()


def stream_response(after: dict[UUID, int], several: bool) -> Response:
    """The streaming response for ``after`` (game -> last position the client has), or a 503
    problem+json ``streams-full`` past the cap.  Raises Problem (404 position-not-found),
    GameNotFound."""
    _check_positions(after)
    svc = service()
    hub = hub_for(svc)
    cap = int(_setting("STREAM_CAP", DEFAULT_CAP))
    try:
        hub.open_stream(cap)
    except StreamsFull:
        resp = problem_response(503, "streams-full", "This worker holds all the streams it may",
                                f"this worker already holds {cap} streams (STREAM_CAP); retry later, or use the "
                                "streaming server (adjudicator serve --stream-port)", cap=cap)
        resp.headers["Retry-After"] = "5"
        return resp
    sub = hub.subscribe(after)

    def closed() -> None:
        sub.close()
        hub.close_stream()

    fmt = _format()
    client = Client(request.environ.get("gunicorn.socket"), standing_check(),
                    _setting("STREAM_HEARTBEAT", DEFAULT_HEARTBEAT), _setting("STREAM_SLOW_AFTER", DEFAULT_SLOW_AFTER))
    client.bound(int(_setting("STREAM_SEND_BUFFER", DEFAULT_SEND_BUFFER)))
    body = _Body(_items(sub, fmt, several, client), closed)
    resp = Response(body, mimetype=fmt)
    if fmt == SSE:
        resp.headers["Content-Type"] = "text/event-stream; charset=utf-8"
    resp.headers["Cache-Control"] = "no-cache, no-transform"
    resp.headers["X-Accel-Buffering"] = "no"  # nginx: pass each item on at once
    return resp


@bp.get("/games/<gid>/stream")
def stream_game(gid: str):
    game_id = _game(gid)
    header = request.headers.get("Last-Event-ID")
    if header is not None and header.strip():
        after = _position(header, "Last-Event-ID")
    elif "after" in request.args:
        after = _position(request.args["after"], "after")
    else:
        after = 0
    return stream_response({game_id: after}, several=False)


@bp.get("/games/stream")
def stream_games():
    raw = request.args.getlist("game")
    for value in request.args.getlist("games"):
        raw.extend(v for v in value.split(",") if v.strip())
    if not raw:
        raise Problem(400, "invalid-request", "No game to follow", "name the games: ?game=ID&game=ID (or game=ID:N "
                      "to start after position N)")
    after: dict[UUID, int] = {}
    for item in raw:
        game, sep, position = item.strip().partition(":")
        after[_game(game)] = _position(position, "the position after game=ID:") if sep else 0
    if len(after) > MAX_GAMES:
        raise Problem(400, "invalid-request", "Too many games", f"one stream follows at most {MAX_GAMES} games "
                      f"(got {len(after)})")
    header = request.headers.get("Last-Event-ID")
    if header is not None and header.strip():
        for game_id, position in _parse_cursor(header).items():
            if game_id in after:
                after[game_id] = position
    return stream_response(after, several=True)


def register(app: Flask) -> None:
    app.register_blueprint(bp)
