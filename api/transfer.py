"""Game logs out and in: GET /games/{id}/export (JSON Lines) and POST /games/import."""
from __future__ import annotations

import os

from flask import Blueprint, Flask, Response, g, jsonify, request, stream_with_context, url_for

from api.current import service
from api.errors import Problem, problem_response
from api.games import game_id
from events.service.export import (ACCEPTED_MEDIA_TYPES, MEDIA_TYPE, GameExists, ImportRefused, export_lines,
                           import_game, parse_lines)
from events.service.game_record import record_lines

bp = Blueprint("transfer", __name__)


EXPORT_FORMATS = ("jsonl", "text")


@bp.get("/games/<gid>/export")
def export_game(gid: str):
    """The log as JSON Lines (``format=jsonl``, the default: every stored event with its hashes, what
    an import reads) or as the game's readable record (``format=text``: one line per event, like a
    PGN move list)."""
    fmt = request.args.get("format", "jsonl")
    if fmt not in EXPORT_FORMATS or set(request.args) - {"format"}:
        raise Problem(422, "invalid-request", "Bad export format",
                      f"format must be one of {', '.join(EXPORT_FORMATS)} (got {fmt!r}); no other parameter is taken",
                      errors=[{"field": "format", "message": f"one of {', '.join(EXPORT_FORMATS)}"}])
    gid_ = game_id(gid)
    svc = service()
    rows = svc.raw_events(gid_)
    if not rows:
        raise Problem(404, "not-found", "No such game", f"no game {gid_}")
    if fmt == "text":
        status, winner = svc.status(svc.game(gid_))
        resp = Response(stream_with_context(record_lines(rows, status, winner)), mimetype="text/plain")
        resp.headers["Content-Disposition"] = f'inline; filename="{gid_}.txt"'
        return resp
    resp = Response(stream_with_context(export_lines(rows)), mimetype=MEDIA_TYPE)
    resp.headers["Content-Disposition"] = f'attachment; filename="{gid_}.jsonl"'
    return resp


@bp.route("/games/import", methods=["POST", "OPTIONS"], provide_automatic_options=False)
def import_log():
    if request.method == "OPTIONS":
        # Werkzeug would also advertise GET, which belongs to /games/<gid> (a game called "import").
        return Response(status=200, headers={"Allow": "OPTIONS, POST"})
    # A long game's log may be larger than an ordinary request body.
    request.max_content_length = current_import_limit()
    if request.mimetype not in ACCEPTED_MEDIA_TYPES:
        raise Problem(415, "unsupported-media-type", "Expected JSON Lines",
                      f"send the log as {MEDIA_TYPE}, one event per line (got {request.mimetype or 'no content type'})")
    flagged_by = keeping_judge()
    parsed = parse_lines(request.get_data(cache=False).splitlines())
    report = import_game(service(), parsed, principal=g.get("principal"), flagged_by=flagged_by)
    last = parsed.events[-1]
    if report.get("flagged"):  # the judge's ruling follows the log
        last = service().stored_events(parsed.game_id, after=last.originator_version)[-1]
    body = {"id": str(parsed.game_id), "game": last.game, "position": last.originator_version, "head": last.hash,
            "audit": report}
    if report.get("flagged"):
        body["flagged"] = report["flagged"][-1]
    resp = jsonify(body)
    resp.status_code = 201
    resp.headers["Location"] = url_for("games.get_game", gid=str(parsed.game_id))
    resp.headers["ETag"] = f'"{last.originator_version}"'
    return resp


def keeping_judge() -> str | None:
    """``?flagged=keep``: the judge who keeps a log with audit findings (the key's id; ``judge``
    with auth off), else None.  Raises Problem 422 (another value), 403 (not a judge's key)."""
    value = request.args.get("flagged")
    if value is None:
        return None
    if value != "keep":
        raise Problem(422, "invalid-request", "The request does not fit its schema",
                      f"flagged: the only value is 'keep' (got {value[:40]!r})", field="flagged")
    key = g.get("api_key")
    if key is None:
        return "judge"
    if key.role not in ("judge", "admin"):
        raise Problem(403, "forbidden", "Forbidden", f"only a judge may keep a log with findings (a {key.role} key)")
    return key.id


def current_import_limit() -> int:
    from flask import current_app

    return int(current_app.config.get("MAX_IMPORT_LENGTH") or os.environ.get("ADJUDICATOR_MAX_IMPORT", 50_000_000))


def register(app: Flask) -> None:
    app.register_blueprint(bp)

    @app.errorhandler(ImportRefused)
    def _refused(exc: ImportRefused):
        extra = {k: v for k, v in (("position", exc.position), ("line", exc.line)) if v is not None}
        if exc.problems:
            extra["problems"] = exc.problems
        if exc.findings:
            extra["findings"] = exc.findings
        type_ = "invalid-json" if exc.status == 400 else "import-refused"
        return problem_response(exc.status, type_, "The log cannot be imported", str(exc), **extra)

    @app.errorhandler(GameExists)
    def _exists(exc: GameExists):
        return problem_response(409, "game-exists", "The game is already in the store", str(exc),
                                game_id=str(exc.game_id))
