"""The document limits (events/service/limits.py): the quick walk that passes nearly every document
and the walk that names the first fault agree on every document, and the messages stay the same."""
from __future__ import annotations

import enum
from collections import OrderedDict

import pytest

from events.service.limits import DocumentRejected, _first_fault, check_document


class Seat(enum.IntEnum):
    FIRST = 1


def nested(depth: int, leaf: object = 1) -> object:
    doc: object = leaf
    for i in range(depth):
        doc = {"k": doc} if i % 2 else [doc]
    return doc


DOCUMENTS = [
    {"type": "advance_time", "player": "p1", "ticks": 1, "note": "Ça va", "ok": True, "none": None, "f": 1.5},
    nested(8), nested(9), nested(10), {"x": nested(9)},
    {"big": 2**63}, {"small": -(2**63) - 1}, {"edge": [2**63 - 1, -(2**63)]},
    {"inf": float("inf")}, {"nan": [float("nan")]},
    {"bad": "a\ud800b"}, {"k\udfff": 1}, {1: "int key"},
    {"tuple": (1, 2, "x")}, OrderedDict(a=1), {"enum": Seat.FIRST}, {"set": {1}}, {"bytes": b"x"},
]


def outcome(fn, doc, depth):
    try:
        fn(doc, depth)
    except DocumentRejected as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("doc", DOCUMENTS, ids=range(len(DOCUMENTS)))
def test_the_quick_walk_and_the_naming_walk_agree(doc):
    assert outcome(check_document, doc, 9) == outcome(_first_fault, doc, 9)


def test_the_messages_name_the_field_and_the_limit():
    assert outcome(check_document, {"a": [{"b": 2**64}]}, 9) == "a[0].b: the integer 18446744073709551616 is outside the 64-bit range"
    assert outcome(check_document, {"a": nested(3)}, 3) == "a[0].k: nested deeper than 3 levels"
    assert outcome(check_document, {"r": "x\ud800"}, 9) == "r: the string is not valid Unicode (a lone surrogate)"
    assert outcome(check_document, {"n": float("-inf")}, 9) == "n: the number is too large to keep (not a finite number)"
    assert outcome(check_document, {"s": {1}}, 9) == "s: a set is not a JSON value"
    assert outcome(check_document, nested(9), 9) is None and outcome(check_document, nested(10), 9) is not None
