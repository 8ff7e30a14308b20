"""How long an effect lasts: "this turn, ..." or "... this turn", "until the start of your next
turn", "while ..., ...", "this turn, ... and ...", "at the end of the turn, ..."."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.conditions import condition
from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, cap, ops, sentence


def timed(doc: Doc, m: re.Match[str]) -> Doc:
    """``doc`` lasting as the sentence says: "this turn, ..." first or "... this turn" last."""
    if m.group("this"):
        doc["until"] = "turn"
        if "," not in m.group("this"):
            doc["until_comma"] = False
    elif m.group("last"):
        last = m.group("last").strip().lower()
        doc["until"] = "next_turn" if last.startswith("until") else "turn"
        doc["until_last"] = True
    return doc


@sentence(r"(?P<this>this turn, )?while (?P<cond>[^,]+), (?P<rest>.+)")
def while_condition(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"while": condition(m.group("cond")), "then": read.sentences(cap(m.group("rest")))}
    if m.group("this"):
        doc["until"] = "turn"
    return doc


_LATER = {"at the start of your next turn": "start_of_your_next_turn", "at the end of the turn": "end_of_turn",
          "at the start of your turn": "start_of_your_turn"}


@sentence(r"(?:(?P<when>at the start of your next turn|at the end of the turn),? (?P<rest>.+)"
          r"|(?P<op>[^,]+?) (?P<after>at the start of your (?:next )?turn|at the end of the turn)\.)")
def later(m: re.Match[str], read: Reader) -> Any:
    """A delayed effect an effect sets up, its moment said first ("At the start of your next turn, ...") or after
    the effect ("draw a card at the start of your turn"): any sentences, any of the moments the language waits for."""
    if m.group("after"):
        return {"later": _LATER[m.group("after").lower()], "do": read.ops(cap(m.group("op")) + "."), "after": True}
    return {"later": _LATER[m.group("when").lower()], "do": read.sentences(cap(m.group("rest")))}



@sentence(r"this turn, (?P<rest>.+ and .+)")
def this_turn_and(m: re.Match[str], read: Reader) -> Any:
    """"This turn" said once for two sentences joined by "and" ("This turn, this card gains 2 speed and while it
    is ..., ..."): each part read as a sentence of its own (any, at any of its "and"s), none with a duration of
    its own, the duration lasting for each (``and`` with ``until``)."""
    rest = m.group("rest")
    for at in re.finditer(r" and ", rest):
        try:
            parts = ops(read, rest[:at.start()] + ".") + ops(read, rest[at.end():])
        except NoMatch:
            continue
        if all("until" not in part for part in parts):
            return {"and": parts, "until": "turn"}
    raise NoMatch(m.group(0))
