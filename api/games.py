"""/games: create, append, and ask questions at any position."""
from __future__ import annotations

import functools

import json
import re
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, g, jsonify, request, url_for

from api.current import service
from api.answer_json import json_answer
from api.body import json_body
from adjudicator.core import InvalidSetup
from api.errors import Problem, because_doc, rule_ref, violations_doc
from api.pages import next_link, not_modified
from api.roster import list_item, minimum_rule, too_few_players
from api.tables import prepare_action, prepare_creation
from api.schemas import ActionArgs, AtArgs, CheckSchema, CreateGameSchema, LegalArgs, PageArgs, RulingSchema
from events.service import contract
from events.service.backups import backed_over_by
from events.service.application import GameLog

bp = Blueprint("games", __name__)
# The query-string schemas, built once (a marshmallow schema is reusable and keeps no request state).
ARGS = {schema: schema() for schema in (PageArgs, ActionArgs, AtArgs, LegalArgs)}


# json_body is api.body's: one parser and one set of limits for every body (events.service.limits)


def game_id(raw: str) -> UUID:
    try:
        return _parsed_id(raw)
    except ValueError:
        raise Problem(404, "not-found", "No such game", f"{raw!r} is not a game id") from None


@functools.lru_cache(maxsize=4096)
def _parsed_id(raw: str) -> UUID:
    """``UUID(raw)``, kept for the ids asked for lately: it parses in Python on every request naming a
    game (a UUID is immutable; a refusal is not kept)."""
    return UUID(raw)


def state_doc(log_or_state: Any, game: str) -> dict[str, Any]:
    state = log_or_state.state if isinstance(log_or_state, GameLog) else log_or_state
    return service().document(game, state)


def summary(log: GameLog) -> dict[str, Any]:
    status, winner = service().status(log)
    return {"id": str(log.id), "game": log.game, "players": log.players, "position": log.version,
            "status": status, "winner": winner,
            **({"parent": log.parent} if log.parent else {}), **({"backups": log.backups} if log.backups else {})}


def expected_position(body: dict[str, Any], environ: dict[str, Any] | None = None) -> int | None:
    """The position If-Match (else ``expected_position`` in the body) names.  ``environ``: the
    request's, when the caller holds it."""
    header = (request.environ if environ is None else environ).get("HTTP_IF_MATCH")  # request.headers.get("If-Match")
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


def idempotency_key(environ: dict[str, Any] | None = None) -> str | None:
    """The Idempotency-Key header, scoped by the API key that sends it (so two clients never
    meet each other's answers), or None.  ``environ``: the request's, when the caller holds it."""
    raw = (request.environ if environ is None else environ).get("HTTP_IDEMPOTENCY_KEY")  # request.headers.get(...)
    if raw is None:
        return None
    raw = raw.strip().strip('"')
    if not 1 <= len(raw) <= 255 or not raw.isascii() or not raw.isprintable():
        raise Problem(400, "invalid-request", "Bad Idempotency-Key",
                      "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID is best)")
    return f"{g.get('principal') or '-'}/{raw}"


def wants_minimal(environ: dict[str, Any] | None = None) -> bool:
    """The client sent ``Prefer: return=minimal`` (RFC 7240): no state document in the answer."""
    prefer = (request.environ if environ is None else environ).get("HTTP_PREFER", "")  # request.headers.get("Prefer")
    return "return=minimal" in prefer.replace(" ", "").lower()


def replayed(resp: Response, flag: bool) -> Response:
    if flag:
        resp.headers["Idempotent-Replayed"] = "true"
    return resp


def appended_events(events) -> list[dict[str, Any]]:
    return [{"position": e.originator_version, "type": e.type, "data": e.data, "hash": e.hash} for e in events]


def trace(decision) -> list[dict[str, Any]]:
    return because_doc(decision)


def _deck_problem(exc: InvalidSetup, players: list[Any]) -> Problem:
    """A deck that cannot be read, as ``invalid-deck``, the player named beside ``players.N.deck``."""
    def named(match: re.Match[str]) -> str:
        index = int(match.group(1))
        pid = players[index].get("id") if index < len(players) and isinstance(players[index], dict) else None
        return f"{match.group(0)} (player {pid})" if pid else match.group(0)

    detail = re.sub(r"players\.(\d+)\.deck", named, str(exc), count=1)
    return Problem(422, "invalid-deck", "The deck cannot be read", detail, errors=exc.errors)


@bp.post("/games")
def create_game():
    body = CreateGameSchema().load(json_body())
    short = too_few_players(body["game"], body["players"])
    if short:
        rule = minimum_rule(body["game"])
        raise Problem(422, "invalid-request", "Too few players", short, rules=[rule],
                      violations=[{"rule": rule_ref(rule), "message": short}],
                      errors=[{"field": "players", "message": short}])
    try:
        players, setup = prepare_creation(body)
    except InvalidSetup as exc:
        if re.search(r"players\.\d+\.deck", str(exc)):
            raise _deck_problem(exc, body["players"]) from None
        raise
    log, again = service().create_game_once(body["game"], players, body["first_player"], setup,
                                            idempotency_key=idempotency_key())
    resp = jsonify({"id": str(log.id), "game": log.game, "position": log.version})
    resp.status_code = 201
    resp.headers["Location"] = url_for("games.get_game", gid=str(log.id))
    resp.headers["ETag"] = f'"{log.version}"'
    return replayed(resp, again)


@bp.get("/games")
def list_games():
    args = ARGS[PageArgs].load(request.args)
    svc = service()
    games, nxt = svc.list_games(after=args["after"], limit=args["limit"])
    return next_link({"games": [{**list_item(svc, g), "cursor": g["cursor"]} for g in games],
                      "next": url_for("games.list_games", after=nxt, limit=args["limit"]) if nxt else None})


@bp.get("/games/<gid>")
def get_game(gid: str):
    log = service().game(game_id(gid))
    unchanged = not_modified(f'"{log.version}"')
    if unchanged:
        return unchanged
    resp = jsonify(summary(log))
    resp.headers["ETag"] = f'"{log.version}"'
    return resp


NO_ACTION_ARGS = ARGS[ActionArgs].load({})  # what an append without a query string is given
_PLAIN_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")  # str(UUID) writes these


def action_args(req: Any = request) -> dict[str, Any]:
    """The append's query arguments; without a query string, the schema's defaults (read once)."""
    if not req.environ.get("QUERY_STRING"):
        return dict(NO_ACTION_ARGS)
    return ARGS[ActionArgs].load(req.args)


def events_link(gid: str, after: int, limit: int, environ: dict[str, Any] | None = None) -> str:
    """``url_for("games.list_events", gid=gid, after=after, limit=limit)``, written out when nothing
    in it needs quoting (a game id as the service writes it, no script root): the same string
    without building it through the URL map on every append."""
    if len(gid) == 36 and not (request.environ if environ is None else environ).get("SCRIPT_NAME") \
            and _PLAIN_ID.fullmatch(gid):
        return f"/games/{gid}/events?after={after}&limit={limit}"
    return url_for("games.list_events", gid=gid, after=after, limit=limit)


@bp.post("/games/<gid>/actions")
def append_action(gid: str):
    req = request._get_current_object()  # the proxies (request, current_app) looked up once each
    environ = req.environ
    args = action_args(req)
    body = json_body(req)
    expected = expected_position(body, environ)
    game = game_id(gid)
    body = prepare_action(game, body)
    svc = service()
    result = svc.append(game, body, expected_position=expected, mode=args["mode"],
                        idempotency_key=idempotency_key(environ))
    minimal = wants_minimal(environ)
    out: dict[str, Any] = {"position": result.position, "events": appended_events(result.events)}
    written = None
    if not minimal:  # Prefer: return=minimal spares the state document and the trace
        game = result.events[0].game
        # The state document as the engine writes it from the models (made only if it is needed).
        written = {"state": (svc.document_json(game, result.state), lambda: state_doc(result.state, game))}
        out["state"] = None
        out["because"] = trace(result.decision)
    if result.decision.violations:
        out["violations"] = violations_doc(result.decision.violations)
        out["recorded"] = True
    headers = [("Preference-Applied", "return=minimal")] if minimal else []
    headers += [("ETag", f'"{result.position}"'),
                ("Location", events_link(gid, result.events[0].originator_version - 1, len(result.events), environ))]
    if result.replayed:
        headers.append(("Idempotent-Replayed", "true"))
    return json_answer(out, written, 201, headers)  # jsonify's bytes (api/answer_json.py), these headers set in turn


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
    args = ARGS[PageArgs].load(request.args)
    gid_ = game_id(gid)
    svc = service()
    svc.game(gid_)  # 404 for an unknown game
    events = svc.stored_events(gid_, after=args["after"], limit=args["limit"] + 1)
    more = len(events) > args["limit"]
    events = events[: args["limit"]]
    nxt = url_for("games.list_events", gid=gid, after=events[-1].originator_version, limit=args["limit"]) if more and events else None
    backups = svc.game(gid_).backups  # events after a backup's target and before it are backed over
    return next_link({"events": [_marked(e.public(), backups) for e in events], "next": nxt})


def _marked(item: dict[str, Any], backups: list[dict[str, Any]]) -> dict[str, Any]:
    """An event a later backup went back before is ``backed_over_by`` that backup's position."""
    by = backed_over_by(backups, item["position"])
    return item if by is None else {**item, "backed_over_by": by}


@bp.get("/games/<gid>/state")
def get_state(gid: str):
    args = ARGS[AtArgs].load(request.args)
    log = service().state_at(game_id(gid), args["at"])
    etag = f'"{log.version}"'
    unchanged = not_modified(etag)  # the position is the state's version: unchanged
    if unchanged:
        return unchanged
    resp = jsonify(state_doc(log, log.game))
    resp.headers["ETag"] = etag
    return resp


@bp.get("/games/<gid>/legal-actions")
def legal_actions(gid: str):
    args = ARGS[LegalArgs].load(request.args)
    svc = service()
    log = svc.state_at(game_id(gid), args["at"])
    if args["player"] not in [p.get("id") for p in log.players]:
        raise Problem(422, "invalid-request", "Unknown player", f"{args['player']!r} is not a player of this game")
    actions = svc.legal_actions(log, args["player"])
    page = actions[args["after"]: args["after"] + args["limit"]]  # a cap on the answer, and paging
    more = args["after"] + len(page) < len(actions)
    return next_link({
        "player": args["player"],
        "position": log.version,
        "to_act": getattr(log.state, "to_act", None),
        "actions": [{"action": a.action, "rules": [rule_ref(r) for r in a.rules], "description": a.description,
                     **({"domains": a.domains} if a.domains else {}), **({"needs": a.needs} if a.needs else {})}
                    for a in page],
        "templates": contract.templates(log.game, [x for a in page for x in _filled(a)]),
        "total": len(actions),
        "next": url_for("games.legal_actions", gid=gid, player=args["player"], at=args["at"],
                        after=args["after"] + len(page), limit=args["limit"]) if more else None,
    })


def _filled(legal) -> list[dict[str, Any]]:
    """The concrete actions that show a template every value of a domain (one per value, not one
    per combination: the answer grows with the characters, not with their pairs)."""
    if not legal.domains:
        return [legal.action]
    longest = max((len(v) for v in legal.domains.values()), default=0)
    return [{**legal.action, **{name: values[i % len(values)] for name, values in legal.domains.items() if values}}
            for i in range(longest)]


@bp.post("/games/<gid>/check")
def check(gid: str):
    body = CheckSchema().load(json_body())
    log = service().state_at(game_id(gid), body["at"])
    decision = service().decide(log, prepare_action(game_id(gid), body["action"]))
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
