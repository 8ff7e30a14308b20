"""Every error leaves through one handler as application/problem+json (RFC 9457).

Stable ``type`` values (relative URIs under /problems/, documented in openapi.yaml):
invalid-json, invalid-request, invalid-action, illegal-action, stale-position, game-over,
not-found, position-not-found, payload-too-large, unauthorized, forbidden, method-not-allowed,
idempotency-key-reused, import-refused, game-exists, store-unavailable, server-error.
"""
from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, json, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from adjudicator.core import GameOver, InvalidAction
from eventsourcing.persistence import InterfaceError, OperationalError
from events.application import (GameNotFound, IdempotencyKeyReused, IllegalAction, PositionOutOfRange,
                                StalePosition, StoreBusy)
from rulings.catalog import catalog

log = logging.getLogger("adjudicator.api")


class Problem(Exception):
    def __init__(self, status: int, type_: str, title: str, detail: str, **extra: Any):
        super().__init__(detail)
        self.status = status
        self.type = type_
        self.title = title
        self.detail = detail
        self.extra = extra


def problem_response(status: int, type_: str, title: str, detail: str, **extra: Any) -> Response:
    body = {"type": f"/problems/{type_}", "title": title, "status": status, "detail": detail}
    if request:
        body["instance"] = request.path
    body.update(extra)
    resp = Response(json.dumps(body), status=status, mimetype="application/problem+json")
    return resp


def rule_ref(rule_id: str) -> dict[str, str]:
    return {"id": rule_id, "title": catalog().title(rule_id)}


def violations_doc(violations) -> list[dict[str, Any]]:
    return [{"rule": rule_ref(v.rule), "message": v.message} for v in violations]


def field_errors(messages: Any, prefix: str = "") -> list[dict[str, str]]:
    out = []
    if isinstance(messages, dict):
        for key, value in messages.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            if isinstance(value, (dict, list)) and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                out.extend(field_errors(value, name))
            else:
                msgs = value if isinstance(value, list) else [value]
                out.extend({"field": name, "message": str(m)} for m in msgs)
    elif isinstance(messages, list):
        out.extend({"field": prefix or "(body)", "message": str(m)} for m in messages)
    return out


def register(app: Flask) -> None:
    @app.errorhandler(Problem)
    def _problem(exc: Problem):
        return problem_response(exc.status, exc.type, exc.title, exc.detail, **exc.extra)

    @app.errorhandler(ValidationError)
    def _invalid_request(exc: ValidationError):
        errors = field_errors(exc.messages)
        unknown = [e["field"] for e in errors if "Unknown field" in e["message"]]
        detail = "; ".join(f"{e['field']}: {e['message']}" for e in errors)
        if unknown:
            detail = f"unknown field(s) {', '.join(unknown)}. " + detail
        return problem_response(422, "invalid-request", "The request does not fit its schema", detail, errors=errors)

    @app.errorhandler(InvalidAction)
    def _invalid_action(exc: InvalidAction):
        return problem_response(422, "invalid-action", "The action cannot be understood", str(exc), errors=exc.errors)

    @app.errorhandler(IllegalAction)
    def _illegal(exc: IllegalAction):
        decision = exc.decision
        rules = sorted({v.rule for v in decision.violations})
        detail = f"illegal at position {exc.position}: " + "; ".join(v.message for v in decision.violations)
        if not exc.recordable:
            detail += " (nothing could be recorded: the action does not apply to this position)"
        return problem_response(
            422, "illegal-action", "The rules forbid this action here", detail,
            position=exc.position, rules=rules, violations=violations_doc(decision.violations),
            because=[t.model_dump(mode="json") for t in decision.because],
        )

    @app.errorhandler(StalePosition)
    def _stale(exc: StalePosition):
        resp = problem_response(409, "stale-position", "The game has moved on",
                                f"you expected position {exc.expected}; the game is at position {exc.current}",
                                expected=exc.expected, position=exc.current)
        resp.headers["ETag"] = f'"{exc.current}"'
        return resp

    @app.errorhandler(GameOver)
    def _over(exc: GameOver):
        return problem_response(409, "game-over", "The game is over", str(exc))

    @app.errorhandler(GameNotFound)
    def _not_found(exc: GameNotFound):
        return problem_response(404, "not-found", "No such game", str(exc))

    @app.errorhandler(PositionOutOfRange)
    def _position(exc: PositionOutOfRange):
        return problem_response(404, "position-not-found", "No such position", str(exc), last_position=exc.last)

    @app.errorhandler(IdempotencyKeyReused)
    def _key_reused(exc: IdempotencyKeyReused):
        key = exc.key.split("/", 1)[-1]  # without the scope api/games.py puts in front
        return problem_response(422, "idempotency-key-reused", "Idempotency-Key used for another request",
                                f"the Idempotency-Key {key!r} already answered a different request (at position "
                                f"{exc.position}); nothing was appended", position=exc.position)

    @app.errorhandler(StoreBusy)
    @app.errorhandler(OperationalError)
    @app.errorhandler(InterfaceError)
    def _store_unavailable(exc: Exception):
        log.warning("store unavailable on %s %s: %s", request.method, request.path, exc)
        resp = problem_response(503, "store-unavailable", "The event store is busy or unreachable",
                                "the store could not take the request now; retry after a moment")
        resp.headers["Retry-After"] = "1"
        return resp

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        slug = {400: "invalid-request", 401: "unauthorized", 403: "forbidden", 404: "not-found",
                405: "method-not-allowed", 413: "payload-too-large", 415: "unsupported-media-type"}.get(exc.code or 500, "http-error")
        resp = problem_response(exc.code or 500, slug, exc.name, exc.description or exc.name)
        allowed = getattr(exc, "valid_methods", None)
        if allowed:  # RFC 9110: a 405 lists the methods the resource supports
            resp.headers["Allow"] = ", ".join(sorted(allowed))
        return resp

    @app.errorhandler(Exception)
    def _crash(exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        return problem_response(500, "server-error", "Internal error", "the service failed; nothing was appended")
