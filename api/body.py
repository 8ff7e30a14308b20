"""The one way a JSON request body is read: events.service.limits' parser and limits, so a body
the service accepts can always be stored and read back."""
from __future__ import annotations

from typing import Any

from flask import request

from api.errors import Problem, rejected
from events.service.limits import BODY_MAX_DEPTH, DocumentRejected, parse_document


def parse_json(raw: bytes | str, max_depth: int = BODY_MAX_DEPTH) -> Any:
    """Parses and checks any JSON text.  Raises Problem (400, 422)."""
    try:
        return parse_document(raw, max_depth)
    except DocumentRejected as exc:
        raise rejected(exc) from None


def json_body(req: Any = request) -> dict[str, Any]:
    """The request's JSON object (``req``: the request, or the proxy to it).  Raises Problem: 415 (not
    JSON), 400 (malformed, not UTF-8, or nested past what can be parsed), 422 (outside the limits,
    naming the field)."""
    # A Content-Type of exactly application/json is JSON without parsing the header (req.is_json's
    # mimetype is the header parsed, lowercased: the same answer).
    if req.environ.get("CONTENT_TYPE") != "application/json" and not req.is_json:
        raise Problem(415, "unsupported-media-type", "Expected JSON",
                      f"send the body as application/json (got {req.mimetype or 'no content type'})")
    body = parse_json(req.get_data(cache=True))
    if not isinstance(body, dict):
        raise Problem(400, "invalid-json", "Expected a JSON object", "the request body must be a JSON object")
    return body
