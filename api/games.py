"""/games: create, append, and ask questions at any position."""
from __future__ import annotations

from typing import Any
from uuid import UUID

import json

from flask import Blueprint, Response, g, jsonify, request, url_for

from adjudicator import engine_for
from api import service
from api.errors import Problem, rule_ref, violations_doc
from api.schemas import ActionArgs, AtArgs, CheckSchema, CreateGameSchema, LegalArgs, PageArgs, RulingSchema
from events.application import GameLog
from events.audit import audit_log

bp = Blueprint("games", __name__)


def json_body() -> dict[str, Any]:
    if not request.is_json:
        raise Problem(415, "unsupported-media-type", "Expected JSON",
                      f"send the body as application/json (got {request.mimetype or 'no content type'})")
    raw = request.get_data(cache=True, as_text=True)
    try:
        body = json.loads(raw, parse_constant=_reject_constant)
    except ValueError as exc:
        raise Problem(400, "invalid-json", "Malformed JSON", f"the body is not valid JSON: {exc}") from None
    if not isinstance(body, dict):
        raise Problem(400, "invalid-json", "Expected a JSON object", "the request body must be a JSON object")
    return body


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def game_id(raw: str) -> UUID:
    try:
        return UUID(raw)
    except ValueError:
        raise Problem(404, "not-found", "No such game", f"{raw!r} is not a game id") from None


def state_doc(log_or_state: Any, game: str) -> dict[str, Any]:
    state = log_or_state.state if isinstance(log_or_state, GameLog) else log_or_state
    doc = engine_for(game).to_document(state)
    doc["position"] = state.position
    return doc


def summary(log: GameLog) -> dict[str, Any]:
    status, winner = engine_for(log.game).status(log.state)
    return {"id": str(log.id), "game": log.game, "players": log.players, "position": log.version,
            "status": status, "winner": winner}


def expected_position(body: dict[str, Any]) -> int | None:
    header = request.headers.get("If-Match")
    value = body.pop("expected_position", None)
    if header:
        raw = header.strip()
        if raw.startswith("W/"):
            raw = raw[2:]
        raw = raw.strip('"')
        try:
            return int(raw)
        except ValueError:
            raise Problem(400, "invalid-request", "Bad If-Match", f"If-Match must carry a position, got {header!r}") from None
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise Problem(422, "invalid-request", "Bad expected_position", "expected_position must be an integer")
    return value


def idempotency_key() -> str | None:
    """The Idempotency-Key header, scoped by the API key that sends it (so two clients never
    meet each other's answers), or None."""
    raw = request.headers.get("Idempotency-Key")
    if raw is None:
        return None
    raw = raw.strip().strip('"')
    if not 1 <= len(raw) <= 255 or not raw.isascii() or not raw.isprintable():
        raise Problem(400, "invalid-request", "Bad Idempotency-Key",
                      "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID is best)")
    return f"{g.get('principal') or '-'}/{raw}"


def replayed(resp: Response, flag: bool) -> Response:
    if flag:
        resp.headers["Idempotent-Replayed"] = "true"
    return resp


def appended_events(events) -> list[dict[str, Any]]:
    return [{"position": e.originator_version, "type": e.type, "data": e.data, "hash": e.hash} for e in events]


def trace(decision) -> list[dict[str, Any]]:
    return [{**t.model_dump(mode="json"), "rule": rule_ref(t.rule)} for t in decision.because]


@bp.post("/games")
def create_game():
    body = CreateGameSchema().load(json_body())
    log, again = service().create_game_once(body["game"], body["players"], body["first_player"], body["setup"],
                                            idempotency_key=idempotency_key())
    resp = jsonify({"id": str(log.id), "game": log.game, "position": log.version})
    resp.status_code = 201
    resp.headers["Location"] = url_for("games.get_game", gid=str(log.id))
    resp.headers["ETag"] = f'"{log.version}"'
    return replayed(resp, again)


@bp.get("/games")
def list_games():
    args = PageArgs().load(request.args)
    games, nxt = service().list_games(after=args["after"], limit=args["limit"])
    return {"games": games, "next": url_for("games.list_games", after=nxt, limit=args["limit"]) if nxt else None}


@bp.get("/games/<gid>")
def get_game(gid: str):
    log = service().game(game_id(gid))
    resp = jsonify(summary(log))
    resp.headers["ETag"] = f'"{log.version}"'
    return resp


@bp.post("/games/<gid>/actions")
def append_action(gid: str):
    args = ActionArgs().load(request.args)
    body = json_body()
    expected = expected_position(body)
    result = service().append(game_id(gid), body, expected_position=expected, mode=args["mode"],
                              idempotency_key=idempotency_key())
    out = {
        "position": result.position,
        "events": appended_events(result.events),
        "state": state_doc(result.state, result.events[0].game),
        "because": trace(result.decision),
    }
    if result.decision.violations:
        out["violations"] = violations_doc(result.decision.violations)
        out["recorded"] = True
    resp = jsonify(out)
    resp.status_code = 201
    resp.headers["ETag"] = f'"{result.position}"'
    resp.headers["Location"] = url_for("games.list_events", gid=gid, after=result.events[0].originator_version - 1,
                                       limit=len(result.events))
    return replayed(resp, result.replayed)


@bp.post("/games/<gid>/rulings")
def append_ruling(gid: str):
    body = RulingSchema().load(json_body())
    expected = body.pop("expected_position", None)
    header = request.headers.get("If-Match")
    if header:
        expected = expected_position({})
    result = service().append_ruling(game_id(gid), body, expected_position=expected, idempotency_key=idempotency_key())
    resp = jsonify({
        "position": result.position,
        "events": appended_events(result.events),
        "state": state_doc(result.state, result.events[0].game),
    })
    resp.status_code = 201
    resp.headers["ETag"] = f'"{result.position}"'
    return replayed(resp, result.replayed)


@bp.get("/games/<gid>/events")
def list_events(gid: str):
    args = PageArgs().load(request.args)
    gid_ = game_id(gid)
    svc = service()
    svc.game(gid_)  # 404 for an unknown game
    events = svc.stored_events(gid_, after=args["after"], limit=args["limit"] + 1)
    more = len(events) > args["limit"]
    events = events[: args["limit"]]
    nxt = url_for("games.list_events", gid=gid, after=events[-1].originator_version, limit=args["limit"]) if more and events else None
    return {"events": [e.public() for e in events], "next": nxt}


@bp.get("/games/<gid>/state")
def get_state(gid: str):
    args = AtArgs().load(request.args)
    log = service().state_at(game_id(gid), args["at"])
    resp = jsonify(state_doc(log, log.game))
    resp.headers["ETag"] = f'"{log.version}"'
    return resp


@bp.get("/games/<gid>/legal-actions")
def legal_actions(gid: str):
    args = LegalArgs().load(request.args)
    log = service().state_at(game_id(gid), args["at"])
    engine = engine_for(log.game)
    if args["player"] not in [p.get("id") for p in log.players]:
        raise Problem(422, "invalid-request", "Unknown player", f"{args['player']!r} is not a player of this game")
    actions = engine.legal_actions(log.state, args["player"])
    return {
        "player": args["player"],
        "position": log.version,
        "to_act": getattr(log.state, "to_act", None),
        "actions": [{"action": a.action, "rules": [rule_ref(r) for r in a.rules], "description": a.description}
                    for a in actions],
    }


@bp.post("/games/<gid>/check")
def check(gid: str):
    body = CheckSchema().load(json_body())
    log = service().state_at(game_id(gid), body["at"])
    decision = service().decide(log, body["action"])
    return {
        "legal": decision.legal,
        "position": log.version,
        "violations": violations_doc(decision.violations),
        "events": [{"type": e.type_name(), "data": e.payload()} for e in decision.events],
        "because": trace(decision),
    }


@bp.get("/games/<gid>/audit")
def audit(gid: str):
    report = service().audit(game_id(gid))  # reads row by row: a tampered log is reported, not a crash
    for finding in report["violations"]:
        if "rules" in finding:
            finding["rules"] = [rule_ref(r) for r in finding["rules"]]
    return report
