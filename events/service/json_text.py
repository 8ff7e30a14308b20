"""JSON text written by the standard library's C encoder, made once for a set of options.

``json.JSONEncoder(...).encode`` builds a new C encoder on every call and, by default, keeps a dict
of the containers it is inside to refuse a cycle.  The writers here are the same encoder with the
same options, built once, without that dict: what the service writes this way (hash content, stored
rows, log lines) is made of parsed or validated documents, which hold no cycle.  They write the very
text ``JSONEncoder.encode`` writes (``tests/unit/test_json_text.py`` compares them); a cycle, which
``encode`` refuses with ValueError, meets the recursion limit instead (RecursionError).
"""
from __future__ import annotations

import json
from json.encoder import c_make_encoder, encode_basestring, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any, Callable


def json_writer(*, sort_keys: bool = False, separators: tuple[str, str] = (",", ":"), ensure_ascii: bool = True,
                default: Callable[[Any], Any] | None = None) -> Callable[[Any], str]:
    """``json.JSONEncoder(sort_keys=..., separators=..., ensure_ascii=..., default=...).encode``,
    built once; its ``chunks`` is the C encoder itself (see below)."""
    plain = json.JSONEncoder(sort_keys=sort_keys, separators=separators, ensure_ascii=ensure_ascii, default=default,
                             check_circular=False)
    if c_make_encoder is None:  # pragma: no cover - CPython always has the C encoder
        def encode(value: Any, _level: int) -> list[str]:
            return [plain.encode(value)]
    else:
        encode = c_make_encoder(None, plain.default, encode_basestring_ascii if ensure_ascii else encode_basestring,
                                None, plain.key_separator, plain.item_separator, sort_keys, False, True)

    def write(value: Any) -> str:
        if isinstance(value, str):
            return plain.encode(value)
        return "".join(encode(value, 0))

    # "".join(write.chunks(value, 0)) is write(value) for a value that is not a str, without a call
    # of write itself (the hash content and the stored row write their nested values so).
    write.chunks = encode  # type: ignore[attr-defined]
    return write
