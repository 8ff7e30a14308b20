"""POST /games/{id}/backup and POST /games/{id}/fork: a judge's backup and a what-if game.

A backup appends ``GameBackedUp``: the game goes on from the state at ``to``, and the events after
it stay in the log, marked ``backed_over_by`` in GET /games/{id}/events.  A fork is a new game that
starts from the state at ``at``, linked to its parent (``parent`` in GET /games/{id}).  Both need a
judge (or admin) key when keys are required.  See events/service/backups.py.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, g, jsonify, url_for
from marshmallow import fields, validate

from api.current import service
from api.body import json_body
from api.errors import problem_response
from api.games import appended_events, expected_position, game_id, idempotency_key, replayed, state_doc
from api.schemas import Strict
from events.service.backups import BackupRefused
from events.service.limits import MAX_POSITION

bp = Blueprint("backups", __name__)


class BackupSchema(Strict):
    to = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_POSITION))
    reason = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    judge = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=100))
    expected_position = fields.Integer(load_default=None, allow_none=True, strict=True)


class ForkSchema(Strict):
    at = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_POSITION))
    reason = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=2000))
    judge = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=100))


def _judge(body: dict[str, Any]) -> str | None:
    """Who backs up or forks: the judge named in the body, else the API key's id."""
    return body.get("judge") or g.get("principal")


@bp.post("/games/<gid>/backup")
def backup(gid: str):
    body = BackupSchema().load(json_body())
    expected = body.pop("expected_position", None)
    expected = expected_position({}) if expected is None else expected
    result = service().backup(game_id(gid), body["to"], body["reason"], by=_judge(body), expected_position=expected,
                              idempotency_key=idempotency_key())
    resp = jsonify({"position": result.position, "to": body["to"], "events": appended_events(result.events),
                    "state": state_doc(result.state, result.events[0].game)})
    resp.status_code = 201
    resp.headers["ETag"] = f'"{result.position}"'
    resp.headers["Location"] = url_for("games.list_events", gid=gid, after=result.position - 1, limit=1)
    return replayed(resp, result.replayed)


@bp.post("/games/<gid>/fork")
def fork(gid: str):
    body = ForkSchema().load(json_body())
    log = service().fork(game_id(gid), body["at"], by=_judge(body), reason=body["reason"])
    resp = jsonify({"id": str(log.id), "game": log.game, "position": log.version, "parent": log.parent})
    resp.status_code = 201
    resp.headers["Location"] = url_for("games.get_game", gid=str(log.id))
    resp.headers["ETag"] = f'"{log.version}"'
    return resp


def register(app: Flask) -> None:
    app.register_blueprint(bp)

    @app.errorhandler(BackupRefused)
    def _refused(exc: BackupRefused):
        return problem_response(422, "invalid-request", "The backup or fork cannot be made", str(exc),
                                errors=[{"field": exc.field, "message": str(exc)}])
