"""Structured request logs: one JSON line per request on the ``adjudicator.requests`` logger
(stderr by default), with method, path, status, duration, game id, remote address and API key id.

``REQUEST_LOG`` (config) or ``ADJUDICATOR_REQUEST_LOG`` (environment) = ``0`` turns it off.
"""
from __future__ import annotations

import json
import logging
import os
import sys
import time
from datetime import datetime, timezone

from flask import Flask, Response, g, request

log = logging.getLogger("adjudicator.requests")


def _handler() -> None:
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        log.propagate = False
    log.setLevel(logging.INFO)


def _game_id(resp: Response) -> str | None:
    args = request.view_args or {}
    if "gid" in args:
        return str(args["gid"])
    if resp.status_code in (200, 201) and resp.mimetype == "application/json" and request.method == "POST":
        try:
            body = resp.get_json(silent=True)
        except Exception:  # noqa: BLE001 - a log line never fails a request
            return None
        if isinstance(body, dict) and isinstance(body.get("id"), str) and request.path.startswith("/games"):
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
        started = g.get("request_started")
        line = {
            "ts": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
            "method": request.method,
            "path": request.path,
            "status": resp.status_code,
            "duration_ms": round((time.perf_counter() - started) * 1000, 2) if started else None,
            "game_id": _game_id(resp),
            "remote": request.remote_addr,
            "key": g.get("principal"),
            "bytes_in": request.content_length or 0,
            "pid": os.getpid(),
        }
        if request.headers.get("X-Forwarded-For"):
            line["forwarded_for"] = request.headers["X-Forwarded-For"]
        if resp.headers.get("Idempotent-Replayed"):
            line["replayed"] = True
        log.info(json.dumps(line, separators=(",", ":")))
        return resp
