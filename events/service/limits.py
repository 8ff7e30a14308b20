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
* in what comes in (``parse_document``: request bodies), integers outside I-JSON's exact range
  (``BODY_INT_MAX``), so a game that counts up from a number it was given stays storable; import
  lines, stored rows and snapshots keep the 64-bit range (``int_max=INT_MAX``);
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
# An integer in a request body: the range every JSON client reads exactly (RFC 7493, I-JSON), far
# enough inside the store's 64-bit integers that a game counting up from it stays storable.
BODY_INT_MAX = 2**53 - 1
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


def _lowest(int_max: int) -> int:
    """The smallest integer allowed with ``int_max``: the 64-bit minimum, or ``-int_max`` (I-JSON)."""
    return INT_MIN if int_max == INT_MAX else -int_max


def _check_scalar(value: Any, where: tuple[Any, ...], int_max: int = INT_MAX) -> None:
    if isinstance(value, str):
        _check_string(value, where, "string")
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if not _lowest(int_max) <= value <= int_max:
            bound = "the 64-bit range" if int_max == INT_MAX else f"-{int_max}..{int_max} (the integers JSON reads exactly)"
            raise DocumentRejected(_path(where), f"the integer {_short(str(value))} is outside {bound}")
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise DocumentRejected(_path(where), "the number is too large to keep (not a finite number)")
    else:
        raise DocumentRejected(_path(where), f"a {type(value).__name__} is not a JSON value")


def check_document(doc: Any, max_depth: int = BODY_MAX_DEPTH, int_max: int = INT_MAX) -> Any:
    """Checks a parsed document against the limits (iteratively: any depth is refused without
    recursion), integers within ``-int_max - 1 .. int_max`` (64-bit) or ``-int_max .. int_max``.
    Returns ``doc``.  Raises DocumentRejected naming the first field at fault."""
    if not _within(doc, max_depth, int_max):
        _first_fault(doc, max_depth, int_max)
    return doc


def plain_within(doc: Any, max_depth: int = BODY_MAX_DEPTH, int_max: int = INT_MAX) -> bool:
    """Whether ``doc`` is made only of plain JSON values (``dict`` with ``str`` keys, ``list``,
    ``str``, ``int``, finite ``float``, ``bool``, None: no subclass, no other type) within the
    limits: the documents ``check_document`` passes on its first walk."""
    return _within(doc, max_depth, int_max)


def _within(doc: Any, max_depth: int, int_max: int = INT_MAX) -> bool:
    """One walk, level by level, that only answers whether every value is within the limits (no
    path kept, plain types only): True for nearly every document; False sends it to
    ``_first_fault``, which finds and names the first fault (or lets a subclass of a JSON type
    through, as it always did)."""
    level, depth, low = [doc], 1, _lowest(int_max)
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
                    elif not _plain_scalar(item, kind, low, int_max):
                        return False
            elif kind is list:
                if depth > max_depth:
                    return False
                for item in value:
                    kind = type(item)
                    if kind is dict or kind is list:
                        deeper.append(item)
                    elif not _plain_scalar(item, kind, low, int_max):
                        return False
            elif not _plain_scalar(value, kind, low, int_max):
                return False
        level, depth = deeper, depth + 1
    return True


def _plain_scalar(value: Any, kind: type, low: int = INT_MIN, int_max: int = INT_MAX) -> bool:
    if kind is str:
        return value.isascii() or _encodes(value)
    if kind is int:
        return low <= value <= int_max
    if kind is float:
        return math.isfinite(value)
    return value is None or kind is bool


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _first_fault(doc: Any, max_depth: int, int_max: int = INT_MAX) -> None:
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
            _check_scalar(value, where, int_max)


def parse_document(raw: bytes | str, max_depth: int = BODY_MAX_DEPTH, int_max: int = BODY_INT_MAX) -> Any:
    """Parses JSON text (UTF-8 bytes or str) and checks it against the limits: integers within
    ``BODY_INT_MAX`` (what comes in) unless ``int_max`` says otherwise.  Raises DocumentRejected
    (``malformed`` when it is not JSON, not UTF-8, or too deep to parse)."""
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
    return check_document(doc, max_depth, int_max)


def parse_stored(raw: bytes | str) -> Any:
    """Reads a stored row: the same parser as ``parse_document``, without re-checking the limits
    (every row was checked when it was written)."""
    return from_json(raw)
