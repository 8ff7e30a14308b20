"""The one parser and the one set of limits for every JSON document the service takes in or reads
back: request bodies, import lines, stored events and stored snapshots.

Everything is parsed by ``pydantic_core.from_json`` (the parser the store reads rows with), so a
document that was accepted is read back by the same code.  What the parser would still accept but
the service could not keep is refused on the way in by ``check_document``:

* nesting deeper than ``BODY_MAX_DEPTH`` (a stored row wraps a body in its envelope, and a state
  or snapshot wraps an effect in a few more levels; the parser stops at ``PARSER_DEPTH``, and
  ``STORED_MAX_DEPTH`` keeps every stored row well inside it);
* numbers that do not survive a round trip: integers outside the signed 64-bit range (SQLite
  cannot bind them) and floats that are not finite (``1e400`` parses as infinity, which JSON
  cannot write back: it would be stored as null);
* strings that are not valid Unicode (a lone surrogate cannot be encoded as UTF-8), in values and
  in keys.

The store's mapper checks each row it writes with ``check_document(..., STORED_MAX_DEPTH)``, so
nothing reaches the store that ``parse_stored`` cannot read.
"""
from __future__ import annotations

import math
from typing import Any

from pydantic_core import from_json

PARSER_DEPTH = 200  # pydantic_core.from_json's own recursion limit
STORED_MAX_DEPTH = 150  # a stored row (envelope or snapshot) never nests deeper
BODY_MAX_DEPTH = 64  # a request body or an import line's data: leaves room for the envelope
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
MAX_POSITION = 2**53  # positions and cursors in queries: bound well inside the store's 64-bit integers


class DocumentRejected(ValueError):
    """A document that cannot be kept: ``field`` names where (dotted path, ``(body)`` for the
    whole document), ``reason`` says what; ``malformed`` when it is not JSON at all."""

    def __init__(self, field: str, reason: str, *, malformed: bool = False):
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
        self.malformed = malformed


def _path(parts: tuple[Any, ...]) -> str:
    if not parts:
        return "(body)"
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _check_string(text: str, where: tuple[Any, ...], what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise DocumentRejected(_path(where), f"the {what} is not valid Unicode (a lone surrogate)") from None


def _check_scalar(value: Any, where: tuple[Any, ...]) -> None:
    if isinstance(value, str):
        _check_string(value, where, "string")
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if not INT_MIN <= value <= INT_MAX:
            raise DocumentRejected(_path(where), f"the integer {_short(str(value))} is outside the 64-bit range")
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise DocumentRejected(_path(where), "the number is too large to keep (not a finite number)")
    else:
        raise DocumentRejected(_path(where), f"a {type(value).__name__} is not a JSON value")


def check_document(doc: Any, max_depth: int = BODY_MAX_DEPTH) -> Any:
    """Checks a parsed document against the limits (iteratively: any depth is refused without
    recursion).  Returns ``doc``.  Raises DocumentRejected naming the first field at fault."""
    if not _within(doc, max_depth):
        _first_fault(doc, max_depth)
    return doc


def _within(doc: Any, max_depth: int) -> bool:
    """One walk, level by level, that only answers whether every value is within the limits (no
    path kept, plain types only): True for nearly every document; False sends it to
    ``_first_fault``, which finds and names the first fault (or lets a subclass of a JSON type
    through, as it always did)."""
    level, depth = [doc], 1
    while level:
        deeper: list[Any] = []
        for value in level:
            kind = type(value)
            if kind is dict:
                if depth > max_depth:
                    return False
                for key, item in value.items():
                    if type(key) is not str or not (key.isascii() or _encodes(key)):
                        return False
                    kind = type(item)
                    if kind is dict or kind is list:
                        deeper.append(item)
                    elif not _plain_scalar(item, kind):
                        return False
            elif kind is list:
                if depth > max_depth:
                    return False
                for item in value:
                    kind = type(item)
                    if kind is dict or kind is list:
                        deeper.append(item)
                    elif not _plain_scalar(item, kind):
                        return False
            elif not _plain_scalar(value, kind):
                return False
        level, depth = deeper, depth + 1
    return True


def _plain_scalar(value: Any, kind: type) -> bool:
    if kind is str:
        return value.isascii() or _encodes(value)
    if kind is int:
        return INT_MIN <= value <= INT_MAX
    if kind is float:
        return math.isfinite(value)
    return value is None or kind is bool


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _first_fault(doc: Any, max_depth: int) -> None:
    """The walk that names the first field at fault, in the order the checks have always been
    reported.  Raises DocumentRejected."""
    stack: list[tuple[Any, tuple[Any, ...], int]] = [(doc, (), 1)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, dict):
            if depth > max_depth:
                raise DocumentRejected(_path(where), f"nested deeper than {max_depth} levels")
            for key, item in value.items():
                if not isinstance(key, str):
                    raise DocumentRejected(_path(where), f"the key {key!r} is not a string")
                _check_string(key, (*where, key), "key")
                stack.append((item, (*where, key), depth + 1))
        elif isinstance(value, (list, tuple)):
            if depth > max_depth:
                raise DocumentRejected(_path(where), f"nested deeper than {max_depth} levels")
            stack.extend((item, (*where, i), depth + 1) for i, item in enumerate(value))
        else:
            _check_scalar(value, where)


def parse_document(raw: bytes | str, max_depth: int = BODY_MAX_DEPTH) -> Any:
    """Parses JSON text (UTF-8 bytes or str) and checks it against the limits.  Raises
    DocumentRejected (``malformed`` when it is not JSON, not UTF-8, or too deep to parse)."""
    if isinstance(raw, bytes):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DocumentRejected("(body)", f"not UTF-8 text (byte {exc.start})", malformed=True) from None
    try:
        doc = from_json(raw, allow_inf_nan=False)
    except ValueError as exc:
        reason = str(exc)
        if "recursion limit" in reason:
            raise DocumentRejected("(body)", f"nested deeper than {max_depth} levels", malformed=True) from None
        if "hex escape" in reason or "unicode" in reason.lower():
            reason = f"a string that is not valid Unicode (a lone surrogate?), {reason}"
        raise DocumentRejected("(body)", f"not valid JSON: {reason}", malformed=True) from None
    return check_document(doc, max_depth)


def parse_stored(raw: bytes | str) -> Any:
    """Reads a stored row: the same parser as ``parse_document``, without re-checking the limits
    (every row was checked when it was written)."""
    return from_json(raw)
