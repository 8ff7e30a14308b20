"""Structured logs: one JSON object per line on stderr for everything the service writes: the
application's own lines, one line per request on ``adjudicator.requests`` (method, path, status,
duration, game id, remote address, API key id), and gunicorn's error and access lines
(``GunicornLogger``).  Every line has ``ts``, ``level`` and ``logger``.

``ADJUDICATOR_LOG_LEVEL`` (DEBUG, INFO, WARNING, ERROR; default INFO) sets the level of all of them.
``REQUEST_LOG`` (config) or ``ADJUDICATOR_REQUEST_LOG`` (environment) = ``0`` turns the request lines
off; ``ADJUDICATOR_ACCESS_LOG=1`` adds gunicorn's own access lines (the request lines say more).
"""
from __future__ import annotations

import json
import logging
import os
import sys
import time
from datetime import datetime, timezone
from json.encoder import encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any

from flask import Flask, Response, g, request
from werkzeug.datastructures import Headers
from werkzeug.wsgi import get_content_length

from events.service.json_text import json_writer

log = logging.getLogger("adjudicator.requests")
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}


def log_level() -> int:
    """The level ADJUDICATOR_LOG_LEVEL names (default INFO)."""
    name = os.environ.get("ADJUDICATOR_LOG_LEVEL", "INFO").strip().upper()
    level = logging.getLevelName(name)
    return level if isinstance(level, int) else logging.INFO


class JsonFormatter(logging.Formatter):
    """One JSON object per record: ts, level, logger, then the record's ``fields`` (a request line,
    whose own ``ts`` is kept) or its message, any ``extra`` values, and the exception when there is
    one."""

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "fields", None)
        line: dict[str, Any] = {
            "ts": fields["ts"] if isinstance(fields, dict) and "ts" in fields else
            datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
        }
        if isinstance(fields, dict):
            line.update(fields)
        else:
            line["message"] = record.getMessage()
        for key, value in record.__dict__.items():
            if key not in _NOT_EXTRA and not key.startswith("_"):
                line.setdefault(key, value if isinstance(value, (str, int, float, bool, type(None))) else str(value))
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return _encode(line)


_encode = json_writer(separators=(",", ":"), default=str)  # json.JSONEncoder(...).encode, made once
_NOT_EXTRA = frozenset(_STANDARD | {"fields"})


class _Line(dict):
    """A request line: the record's ``fields``, and its message as JSON only when something asks
    for the message (``JsonFormatter`` writes the fields, so the line is encoded once)."""

    def __str__(self) -> str:
        return json.dumps(self, separators=(",", ":"))


def configure_logging() -> None:
    """JSON lines on stderr for the ``adjudicator`` loggers, at ADJUDICATOR_LOG_LEVEL.  Idempotent."""
    root = logging.getLogger("adjudicator")
    if not any(getattr(h, "_adjudicator_json", False) for h in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        handler._adjudicator_json = True  # type: ignore[attr-defined]
        root.addHandler(handler)
        root.propagate = False
    root.setLevel(log_level())


def _handler() -> None:
    configure_logging()
    log.setLevel(log_level())


try:
    from gunicorn.glogging import Logger as _GunicornLogger
except ImportError:  # pragma: no cover - gunicorn is a dependency; the dev server needs none of this
    _GunicornLogger = object  # type: ignore[assignment,misc]


class GunicornLogger(_GunicornLogger):  # type: ignore[misc,valid-type]
    """gunicorn's logger writing its error and access lines as the same JSON objects."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        self.error_log.setLevel(log_level())
        for handler in [*self.error_log.handlers, *self.access_log.handlers]:
            handler.setFormatter(JsonFormatter())
        # Decided once per configuration (gunicorn runs setup again on a reload): each ``cfg.x`` is a
        # lookup through gunicorn's Config, and four of them on every request cost 1-1.5% of an append.
        self.access_on = bool(cfg.accesslog or cfg.logconfig or cfg.logconfig_dict or cfg.syslog)

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> None:
        if not self.access_on:
            return
        self.access_log.info("access", extra={"fields": {
            "method": environ.get("REQUEST_METHOD"), "path": environ.get("PATH_INFO"),
            "status": int(str(getattr(resp, "status", "0")).split(None, 1)[0] or 0),
            "duration_ms": round(request_time.total_seconds() * 1000, 2),
            "remote": environ.get("REMOTE_ADDR"), "bytes_out": getattr(resp, "sent", None), "pid": os.getpid(),
        }})


def _game_id(resp: Response, req: Any) -> str | None:
    args = req.view_args or {}
    if "gid" in args:
        return str(args["gid"])
    if resp.status_code in (200, 201) and resp.mimetype == "application/json" and req.method == "POST":
        try:
            body = resp.get_json(silent=True)
        except Exception:  # noqa: BLE001 - a log line never fails a request
            return None
        if isinstance(body, dict) and isinstance(body.get("id"), str) and req.path.startswith("/games"):
            return body["id"]
    return None


def register(app: Flask) -> None:
    enabled = str(app.config.get("REQUEST_LOG", os.environ.get("ADJUDICATOR_REQUEST_LOG", "1"))).lower()
    if enabled in ("0", "false", "no", "off"):
        return
    _handler()

    @app.before_request
    def _start() -> None:
        g.request_started = time.perf_counter()

    @app.after_request
    def _log(resp: Response) -> Response:
        if not log.isEnabledFor(logging.INFO):
            return resp
        req, ctx = request._get_current_object(), g._get_current_object()  # each proxy looked up once
        started = ctx.get("request_started")
        environ = req.environ
        values = (_now(), req.method, req.path, resp.status_code,
                  round((time.perf_counter() - started) * 1000, 2) if started else None,
                  _game_id(resp, req), req.remote_addr, ctx.get("principal"), _bytes_in(environ), os.getpid(),
                  environ.get("HTTP_X_FORWARDED_FOR") or None,  # request.headers.get("X-Forwarded-For")
                  _replayed(resp))
        handler = _sole_json_handler()
        if handler is None or not _write(handler, values):
            line = _line(*values)
            # The record made directly: Logger.info would walk the stack to find its caller (always here).
            log.handle(log.makeRecord(log.name, logging.INFO, __file__, 0, line, None, None, extra={"fields": line}))
        return resp


_second: tuple[int, str] = (-1, "")
"""The last second a request line was written in, and its date and time as ``isoformat`` writes them."""


def _now() -> str:
    """``datetime.now(timezone.utc).isoformat(timespec="milliseconds")``, read from the same clock
    (``time_ns``, floored to the millisecond as ``now`` floors to the microsecond and ``isoformat``
    to the millisecond), the date and time of the second written once a second."""
    global _second
    ms = time.time_ns() // 1_000_000
    second, milli = divmod(ms, 1000)
    cached = _second
    if cached[0] != second:
        cached = _second = (second, datetime.fromtimestamp(second, timezone.utc).isoformat(timespec="seconds")[:-6])
    return f"{cached[1]}.{milli:03d}+00:00"


def _bytes_in(environ: dict[str, Any]) -> int:
    """``request.content_length or 0``: a Content-Length of ASCII digits without a Transfer-Encoding is
    read as werkzeug reads it (``int``), any other by werkzeug's own function, without the headers."""
    length = environ.get("CONTENT_LENGTH")
    if type(length) is str and length.isdigit() and length.isascii() and "HTTP_TRANSFER_ENCODING" not in environ:
        return int(length)
    return get_content_length(environ) or 0


def _replayed(resp: Response) -> bool:
    """``bool(resp.headers.get("Idempotent-Replayed"))``, without the KeyError ``get`` raises and
    catches on every answer that is not a replay (the same walk, the same case-blind match)."""
    headers = resp.headers
    if type(headers) is not Headers:
        return bool(headers.get("Idempotent-Replayed"))
    for key, value in headers:
        if key.lower() == "idempotent-replayed":
            return bool(value)
    return False


def _sole_json_handler() -> logging.StreamHandler | None:
    """The JSON stream handler ``configure_logging`` set up, when it is the only one a request line
    reaches and nothing on the way filters (the usual case; a test or a deployment that adds a
    handler or a filter gets the record as before), else None."""
    parent = log.parent
    if log.handlers or log.filters or not log.propagate or parent is None or parent.filters or parent.propagate:
        return None
    handlers = parent.handlers
    if len(handlers) != 1:
        return None
    handler = handlers[0]
    if (not getattr(handler, "_adjudicator_json", False) or handler.filters or handler.level > logging.INFO
            or type(handler.formatter) is not JsonFormatter or type(handler) is not logging.StreamHandler):
        return None
    return handler


def _line(ts: str, method: str, path: str, status: int, duration: float | None, game: str | None, remote: Any,
          key: Any, bytes_in: int, pid: int, forwarded: str | None, replayed: bool) -> _Line:
    """The request line's fields, in their order (``forwarded_for`` and ``replayed`` when there is one)."""
    line = _Line({"ts": ts, "method": method, "path": path, "status": status, "duration_ms": duration,
                  "game_id": game, "remote": remote, "key": key, "bytes_in": bytes_in, "pid": pid})
    if forwarded:
        line["forwarded_for"] = forwarded
    if replayed:
        line["replayed"] = True
    return line


def _write(handler: logging.StreamHandler, values: tuple[Any, ...]) -> bool:
    """Writes the request line of ``values`` (``_line``'s arguments) as ``handler`` would write its
    record (``JsonFormatter``: ts, level, logger, then the fields; a request record has no other
    attributes), without making the record.  False when the write failed (the caller then hands the
    record to logging, which reports it)."""
    text = _text(*values) + handler.terminator
    handler.acquire()
    try:
        stream = handler.stream
        stream.write(text)
        if stream and hasattr(stream, "flush"):  # StreamHandler.flush, the lock already held
            stream.flush()
    except Exception:  # noqa: BLE001 - logging's own path reports a failed write
        return False
    finally:
        handler.release()
    return True


_string = encode_basestring_ascii  # how the encoder writes a str (ensure_ascii), a key or a value
_HEAD = ',"level":"info","logger":' + _string(log.name)


def _text(ts: str, method: str, path: str, status: int, duration: float | None, game: str | None, remote: Any,
          key: Any, bytes_in: int, pid: int, forwarded: str | None, replayed: bool) -> str:
    """``_encode({"ts": ts, "level": "info", "logger": log.name, **_line(...)})`` for the values ``_log``
    gives (ts as ``_now`` writes it, which holds nothing to escape; method and path str; status,
    bytes_in and pid int, not bool; duration a finite float or None; game str or None; replayed a
    bool), written as the encoder writes each: a str by ``encode_basestring_ascii``, an int by
    ``int.__repr__``, a float by ``float.__repr__``.  A remote address, key or forwarded_for that is
    neither str nor None (``encode_basestring_ascii`` refuses it) is written by the encoder."""
    try:
        text = (f'{{"ts":"{ts}"{_HEAD},"method":{_string(method)},"path":{_string(path)},"status":{int.__repr__(status)},'
                f'"duration_ms":{"null" if duration is None else float.__repr__(duration)},'
                f'"game_id":{"null" if game is None else _string(game)},'
                f'"remote":{"null" if remote is None else _string(remote)},"key":{"null" if key is None else _string(key)},'
                f'"bytes_in":{int.__repr__(bytes_in)},"pid":{int.__repr__(pid)}')
        if forwarded:
            text += f',"forwarded_for":{_string(forwarded)}'
    except TypeError:
        line = _line(ts, method, path, status, duration, game, remote, key, bytes_in, pid, forwarded, replayed)
        return _encode({"ts": ts, "level": "info", "logger": log.name, **line})
    return text + (',"replayed":true}' if replayed else "}")
