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
from typing import Any

from flask import Flask, Response, g, request

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
        line = _Line({
            "ts": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
            "method": req.method,
            "path": req.path,
            "status": resp.status_code,
            "duration_ms": round((time.perf_counter() - started) * 1000, 2) if started else None,
            "game_id": _game_id(resp, req),
            "remote": req.remote_addr,
            "key": ctx.get("principal"),
            "bytes_in": req.content_length or 0,
            "pid": os.getpid(),
        })
        forwarded = req.environ.get("HTTP_X_FORWARDED_FOR")  # request.headers.get("X-Forwarded-For")
        if forwarded:
            line["forwarded_for"] = forwarded
        if resp.headers.get("Idempotent-Replayed"):
            line["replayed"] = True
        handler = _sole_json_handler()
        if handler is None or not _write(handler, line):
            # The record made directly: Logger.info would walk the stack to find its caller (always here).
            log.handle(log.makeRecord(log.name, logging.INFO, __file__, 0, line, None, None, extra={"fields": line}))
        return resp


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
            or type(handler.formatter) is not JsonFormatter or not isinstance(handler, logging.StreamHandler)):
        return None
    return handler


def _write(handler: logging.StreamHandler, line: "_Line") -> bool:
    """Writes the request line as ``handler`` would write its record (``JsonFormatter``: ts, level,
    logger, then the fields; a request record has no other attributes), without making the record.
    False when the write failed (the caller then hands the record to logging, which reports it)."""
    text = _encode({"ts": line["ts"], "level": "info", "logger": log.name, **line}) + handler.terminator
    handler.acquire()
    try:
        handler.stream.write(text)
        handler.flush()
    except Exception:  # noqa: BLE001 - logging's own path reports a failed write
        return False
    finally:
        handler.release()
    return True
