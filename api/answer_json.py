"""An append's answer written by pydantic-core's JSON encoder, with the very bytes ``jsonify`` writes
(issue 26: the Buffy answer, about 3 KB, is encoded in about a third of the time).

``pydantic_core.to_json`` (``ensure_ascii=True``) writes a document of JSON values (dictionaries
with string keys, lists, strings, integers, floats, booleans, None) as ``json.dumps`` does with
Flask's settings (compact separators, keys in their order, non-ASCII escaped), except in two places,
found by comparing the two encoders over every code point below U+3000 and some above (U+FFFD,
U+1F600, U+10FFFF...), and 400,000 floats: it leaves DEL (U+007F) unescaped, and it writes a float
below 1e-4 in magnitude another way (``0.00001`` or ``1e-7`` for ``1e-05`` and ``1e-07``). An answer
whose bytes could hold either (DEL, ``0.0000``, a digit, ``e-`` and a digit: also found inside some
strings, which merely costs the usual encoding), that pydantic-core cannot write, or an app whose
JSON settings are not the defaults this module assumes, is answered by ``jsonify`` as before.
The document is written without ``ensure_ascii`` first: when that text is ASCII (no string held a
character to escape) it is the very text ``ensure_ascii`` writes, and about a third cheaper.

A value of the answer may come already written (``written``: the append's state document, which the
engine writes from its models without making the document first).  The answer is then written with a
mark in that value's place, and the mark replaced by the text: compact JSON writes a value the same
wherever it stands.  Should anything not fit (a text that is not ASCII, the mark not found exactly
once), the value is made and the whole answer written as above.

The answers given here are built from state documents and events dumped in JSON mode: JSON values
only (a datetime or a set, which the two encoders would write differently, never reaches them).
"""
from __future__ import annotations

import functools
import uuid
from typing import Any, Callable

from flask import Response, current_app, jsonify
from flask.json.provider import DefaultJSONProvider
from pydantic_core import to_json
from werkzeug.datastructures import Headers
from werkzeug.utils import get_content_type

_MARK = f"\x00{uuid.uuid4().hex}\x00"
"""With its key, stands in an answer for a value given as text: no answer holds it (a NUL and a
random id)."""


def _written_otherwise(body: bytes) -> bool:
    """Whether ``body`` holds DEL, ``0.0000``, or a digit, ``e-`` and a digit (searched for as
    substrings: a regular expression for the three costs more than the encoding saves)."""
    if b"\x7f" in body or b"0.0000" in body:
        return True
    at = body.find(b"e-")
    while at >= 0:
        if at and body[at - 1:at].isdigit() and body[at + 2:at + 3].isdigit():
            return True
        at = body.find(b"e-", at + 2)
    return False


def json_answer(doc: dict[str, Any], written: dict[str, tuple[bytes | None, Callable[[], Any]]] | None = None,
                status: int = 200, headers: list[tuple[str, str]] | None = None) -> Response:
    """``jsonify(doc)``: the same response, the same bytes.  ``written``: values of ``doc`` (whose
    own entry only holds the key's place) as ``pydantic_core.to_json`` text (or None), each with the
    function that makes the value.  ``status`` and ``headers`` (str values, names distinct and
    neither Content-Type nor Content-Length): the response is then jsonify's with its
    ``status_code`` set and each header set in turn, made at once."""
    app = current_app._get_current_object()  # the proxy looked up once
    provider = app.json
    if (type(provider) is not DefaultJSONProvider or provider.sort_keys or not provider.ensure_ascii
            or provider.compact is False or (provider.compact is None and app.debug)):
        return _answered(jsonify(_made(doc, written)), status, headers)
    body = _spliced(doc, written) if written else None
    if body is None:
        doc, written = _made(doc, written), None
        try:
            # Escaping to ASCII changes nothing in a text that is ASCII already, and costs a third more.
            body = to_json(doc)
            if not body.isascii():
                body = to_json(doc, ensure_ascii=True)
        except Exception:  # noqa: BLE001 - what pydantic-core cannot write, json.dumps answers (or refuses) as before
            return _answered(jsonify(doc), status, headers)
    if _written_otherwise(body):
        return _answered(jsonify(_made(doc, written)), status, headers)
    if not headers or any(type(v) is not str or "\n" in v or "\r" in v for _, v in headers):
        return _answered(app.response_class(body + b"\n", mimetype=provider.mimetype), status, headers)
    # The headers as the sets above leave them (Content-Type and Content-Length first, then each
    # header in turn), so the response is made once; werkzeug's set_data sets the length again.
    data = body + b"\n"
    made = Headers()
    made._list = [("Content-Type", _content_type(provider.mimetype)), ("Content-Length", str(len(data))), *headers]
    return app.response_class(data, status=status, headers=made)


def _answered(resp: Response, status: int, headers: list[tuple[str, str]] | None) -> Response:
    """``resp`` with ``status`` and each of ``headers`` set."""
    if status != 200:
        resp.status_code = status
    for key, value in headers or ():
        resp.headers[key] = value
    return resp


@functools.lru_cache(maxsize=8)
def _content_type(mimetype: str) -> str:
    """The Content-Type werkzeug's Response writes for ``mimetype``."""
    return get_content_type(mimetype, "utf-8")


def _made(doc: dict[str, Any], written: dict[str, tuple[bytes | None, Callable[[], Any]]] | None) -> dict[str, Any]:
    """``doc`` with every written value made (each in its key's place)."""
    if not written:
        return doc
    return {key: (written[key][1]() if key in written else value) for key, value in doc.items()}


@functools.lru_cache(maxsize=16)
def _mark_text(key: str) -> bytes:
    """The mark standing for ``key``'s value, as ``to_json`` writes it in the answer."""
    return to_json(_MARK + key)


def _spliced(doc: dict[str, Any], written: dict[str, tuple[bytes | None, Callable[[], Any]]]) -> bytes | None:
    """The answer with each written text in its value's place, or None."""
    for text, _ in written.values():
        if text is None or not text.isascii():
            return None  # (a game whose engine writes no text: nothing is encoded twice)
    try:
        body = to_json({key: (_MARK + key if key in written else value) for key, value in doc.items()})
    except Exception:  # noqa: BLE001 - the whole answer is written the usual way
        return None
    for key, (text, _) in written.items():
        mark = _mark_text(key)
        if body.count(mark) != 1:
            return None
        body = body.replace(mark, text)
    return body if body.isascii() else None
