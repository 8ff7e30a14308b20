"""Keyword lines of the printed text: COVERT, UNIQUE Crest, ATTACH to Character, FLIP UP: 2 [O],
RECUR, RETIRE, PROVIDES, a faction's influence, starting resources and draw, restore and develop
rules."""
from __future__ import annotations

import re
from collections.abc import Callable

from rulings.convert_spoils.grammar import ICONS, Doc, cap, icons_of
from rulings.convert_spoils.reading import sentences


def _costed_keyword(m: re.Match[str]) -> Doc:
    doc: Doc = {"keyword": m.group(1).lower().replace(" ", "_")}
    if m.group(2):
        doc["cost"] = int(m.group(2))
    if m.group(3):
        doc["threshold"] = icons_of(m.group(3))
    if m.group(4):
        doc["then"] = sentences(cap(m.group(4)))
    return doc


KEYWORD_LINES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Doc]]] = [
    (re.compile(r"^(COVERT|TACTICAL|HANDOFF)$"), lambda m: {"keyword": m.group(1).lower()}),
    (re.compile(r"^UNIQUE (.+)$"), lambda m: {"keyword": "unique", "value": m.group(1).strip()}),
    (re.compile(r"^ATTACH to (\w+)$"), lambda m: {"keyword": "attach", "value": m.group(1)}),
    (re.compile(rf"^(FLIP UP|RECUR|RETIRE): (?:(\d+) )?{ICONS}?(?: and (.+))?$"), lambda m: _costed_keyword(m)),
    (re.compile(rf"^(?:PROVIDES:|Provides -) {ICONS}\.?$"), lambda m: {"keyword": "provides",
                                                                        "threshold": icons_of(m.group(1))}),
    (re.compile(r"^Influence (\d+)$"), lambda m: {"influence": int(m.group(1))}),
    (re.compile(r"^STARTING RESOURCES: (Any )?(.+)\.$"), lambda m: {"starting_resources": [
        [int(n), name] for n, name in re.findall(r"(\d+) ([^,]+)", m.group(2))], **({"any": True} if m.group(1) else {})}),
    (re.compile(r"^STARTING DRAW: (\d+) going first, (\d+) going second\.$"),
     lambda m: {"starting_draw": [int(m.group(1)), int(m.group(2))]}),
    (re.compile(r"^(RESTORE|DEVELOP) RULE: .+$"), lambda m: {"faction_rule": m.group(1).lower()}),
]


def keyword_line(text: str) -> Doc | None:
    """The keyword line ``text`` is, as a document; None when it is not one."""
    for pattern, build in KEYWORD_LINES:
        m = pattern.match(text)
        if m:
            return build(m)
    return None
