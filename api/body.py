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


def json_body() -> dict[str, Any]:
    """The request's JSON object.  Raises Problem: 415 (not JSON), 400 (malformed, not UTF-8, or
    nested past what can be parsed), 422 (outside the limits, naming the field)."""
    if not request.is_json:
        raise Problem(415, "unsupported-media-type", "Expected JSON",
                      f"send the body as application/json (got {request.mimetype or 'no content type'})")
    body = parse_json(request.get_data(cache=True))
    if not isinstance(body, dict):
        raise Problem(400, "invalid-json", "Expected a JSON object", "the request body must be a JSON object")
    return body
