"""Every error leaves through one handler as application/problem+json (RFC 9457).

Stable ``type`` values are relative URIs under /problems/; ``PROBLEMS`` lists every one with what
it means, the spec lists them, and ``GET /problems/{type}`` serves the page describing each.
Where a problem concerns a game's log, ``position`` is always the game's current position (the
last one), and a rule is always ``{"id", "title"}``.
"""
from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, json, request
from marshmallow import ValidationError
from pydantic import TypeAdapter
from werkzeug.exceptions import HTTPException

from adjudicator.core import GameOver, InvalidAction, TraceEntry
from eventsourcing.persistence import PersistenceError
from events.service.application import (GameNotFound, IdempotencyKeyReused, IllegalAction, PositionOutOfRange,
                                StalePosition, StoreBusy)
from events.service.limits import DocumentRejected
from rulings.catalog import catalog

log = logging.getLogger("adjudicator.api")

# type -> (HTTP status, title, what it means and what to do).  One entry per problem type raised
# anywhere in api/; tests/api/test_openapi.py checks the spec lists exactly these.
PROBLEMS: dict[str, tuple[int, str, str]] = {
    "invalid-json": (400, "Malformed JSON", "The body is not JSON, not UTF-8, or not a JSON object. "
                     "Send one JSON object with Content-Type: application/json."),
    "invalid-request": (422, "The request does not fit its schema", "A field, query parameter or header is "
                        "missing, unknown, of the wrong type or outside its bounds; `errors` names each field "
                        "(400 for a malformed header)."),
    "invalid-action": (422, "The action cannot be understood", "The action's type is not in the game's vocabulary "
                       "or its fields do not fit that type's schema (GET /games/{id}/legal-actions gives a "
                       "schema per legal action); `errors` names the fields. Nothing was appended."),
    "illegal-action": (422, "The rules forbid this action here", "The action is well formed but the rules forbid "
                       "it at this position; `violations` gives each rule as {id, title} with a message, "
                       "`because` the rules consulted. Nothing was appended; `?mode=record` appends it flagged."),
    "invalid-deck": (422, "The deck breaks a deck-construction rule", "A deck list given with a game or checked "
                     "alone breaks the game's deck-construction rules for its format (for example a Precon "
                     "deck checked as constructed instead of `format=limited`); `violations` names the rules."),
    "stale-position": (409, "The game has moved on", "If-Match (or expected_position) named a position the game is "
                       "no longer at; `expected` is what you sent, `position` the game's current position. "
                       "Read the state again and decide anew."),
    "game-over": (409, "The game is over", "The game has a winner; nothing more can be appended."),
    "not-found": (404, "Not found", "No game, rule, card, key or page with this id or name."),
    "position-not-found": (404, "No such position", "`at` names a position outside the game's log; `position` is "
                           "the game's current (last) position, `requested` the one asked for."),
    "payload-too-large": (413, "Payload too large", "The body is larger than the service takes (ADJUDICATOR_MAX_BODY)."),
    "uri-too-long": (414, "URI too long", "The request line (method, path and query) is longer than the server "
                     "reads (8190 bytes); send long inputs in a request body."),
    "headers-too-large": (431, "Request headers too large", "A header line is longer than the server reads (8190 "
                          "bytes), or there are more than 100 headers."),
    "unsupported-media-type": (415, "Expected JSON", "The body must be sent as application/json "
                               "(application/x-ndjson for an import)."),
    "unauthorized": (401, "Unauthorized", "The service requires an API key (Authorization: Bearer ...) and none, "
                     "an unknown or a revoked one was sent."),
    "forbidden": (403, "Forbidden", "The key's role, or a recorder key's games, does not allow this request."),
    "method-not-allowed": (405, "Method not allowed", "The resource does not answer this method; the Allow header "
                           "lists those it does."),
    "not-acceptable": (406, "Not acceptable", "The resource cannot answer in a media type the Accept header allows."),
    "idempotency-key-reused": (422, "Idempotency-Key used for another request", "The Idempotency-Key already "
                               "answered a different request; nothing was appended. Use a fresh key per append."),
    "import-refused": (422, "Import refused", "The JSON Lines file cannot be imported: a broken hash chain, an "
                       "event the rules would not produce, or a line that is not an event; the detail names it."),
    "game-exists": (409, "The game exists", "An import names a game id the store already has."),
    "store-unavailable": (503, "The event store is busy or unreachable", "The store could not take the request now "
                          "(SQLite locked, PostgreSQL unreachable); nothing was appended. Retry after Retry-After seconds."),
    "streams-full": (503, "Too many live streams", "This process holds as many live streams as it may "
                     "(ADJUDICATOR_STREAM_CAP); retry after Retry-After seconds, or use the streaming port."),
    "http-error": (400, "HTTP error", "Another HTTP-level refusal; the title and status say which."),
    "server-error": (500, "Internal error", "The service failed; nothing was appended. The log has the details."),
}


def problem_uri(type_: str) -> str:
    return f"/problems/{type_}"


class Problem(Exception):
    def __init__(self, status: int, type_: str, title: str, detail: str, **extra: Any):
        super().__init__(detail)
        self.status = status
        self.type = type_
        self.title = title
        self.detail = detail
        self.extra = extra


def rejected(exc: DocumentRejected, what: str = "body") -> Problem:
    """The problem+json for a document outside the limits: 400 when it is not JSON at all, 422
    naming the field otherwise."""
    if exc.malformed:
        return Problem(400, "invalid-json", "Malformed JSON", f"the {what} is {exc.reason}")
    return Problem(422, "invalid-request", "The request is outside the accepted limits", f"{exc.field}: {exc.reason}",
                   errors=[{"field": exc.field, "message": exc.reason}])


def problem_response(status: int, type_: str, title: str, detail: str, **extra: Any) -> Response:
    body = {"type": problem_uri(type_), "title": title, "status": status, "detail": detail}
    if request:
        body["instance"] = request.path
    body.update(extra)
    resp = Response(json.dumps(body), status=status, mimetype="application/problem+json")
    return resp


def rule_ref(rule_id: str) -> dict[str, str]:
    return {"id": rule_id, "title": catalog().title(rule_id)}


def because_doc(decision) -> list[dict[str, Any]]:
    """The trace of a decision, each rule as ``{"id", "title"}`` (each entry's ``model_dump(mode="json")``,
    dumped in one call for the whole list)."""
    entries = _TRACE.dump_python(decision.because, mode="json")
    for entry, t in zip(entries, decision.because):
        entry["rule"] = rule_ref(t.rule)
    return entries


_TRACE = TypeAdapter(list[TraceEntry])


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
            because=because_doc(decision),
        )

    @app.errorhandler(DocumentRejected)
    def _outside_limits(exc: DocumentRejected):  # a document the store could not read back
        problem = rejected(exc)
        return problem_response(problem.status, problem.type, problem.title, problem.detail, **problem.extra)

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
        return problem_response(404, "position-not-found", "No such position", str(exc), position=exc.last,
                                requested=exc.at)

    @app.errorhandler(IdempotencyKeyReused)
    def _key_reused(exc: IdempotencyKeyReused):
        key = exc.key.split("/", 1)[-1]  # without the scope api/games.py puts in front
        return problem_response(422, "idempotency-key-reused", "Idempotency-Key used for another request",
                                f"the Idempotency-Key {key!r} already answered a different request (at position "
                                f"{exc.position}); nothing was appended", position=exc.position)

    @app.errorhandler(StoreBusy)
    @app.errorhandler(PersistenceError)  # unreachable, tables dropped, file gone: never a 500
    def _store_unavailable(exc: Exception):
        log.warning("store unavailable on %s %s: %s", request.method, request.path, exc)
        resp = problem_response(503, "store-unavailable", "The event store is busy or unreachable",
                                "the store could not take the request now; retry after a moment")
        resp.headers["Retry-After"] = "1"  # waits are bounded by ADJUDICATOR_STORE_TIMEOUT (store_timeout())
        return resp

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        slug = {400: "invalid-request", 401: "unauthorized", 403: "forbidden", 404: "not-found",
                405: "method-not-allowed", 406: "not-acceptable", 413: "payload-too-large", 415: "unsupported-media-type"}.get(exc.code or 500, "http-error")
        resp = problem_response(exc.code or 500, slug, exc.name, exc.description or exc.name)
        allowed = getattr(exc, "valid_methods", None)
        if allowed:  # RFC 9110: a 405 lists the methods the resource supports
            resp.headers["Allow"] = ", ".join(sorted(allowed))
        return resp

    @app.errorhandler(Exception)
    def _crash(exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        return problem_response(500, "server-error", "Internal error", "the service failed; nothing was appended")
