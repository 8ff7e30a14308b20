"""What a read answers besides its body: the next page in a ``Link`` header (RFC 8288), and 304
Not Modified when the client's ETag, strong or weak, is current (RFC 9110)."""
from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request


def next_link(doc: dict[str, Any]) -> Response:
    """The page as JSON with its ``next`` URL also in a ``Link: <...>; rel="next"`` header."""
    resp = jsonify(doc)
    if doc.get("next"):
        resp.headers["Link"] = f'<{doc["next"]}>; rel="next"'
    return resp


def not_modified(etag: str) -> Response | None:
    """304 when If-None-Match names this ETag, strong or weak (``W/"53"``: the weak comparison
    RFC 9110 prescribes for If-None-Match), else None."""
    if request.if_none_match.contains_weak(etag.strip('"')):
        return Response(status=304, headers={"ETag": etag})
    return None
