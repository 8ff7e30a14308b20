"""The printed text cut into blocks, one ability each (a named ability with its COST: and EFFECT:,
a tactic's COST: and EFFECT:, a choice of rules texts, a token menu, a paragraph), and each block
read as an ability document."""
from __future__ import annotations

import re

from rulings.convert_spoils.grammar import Doc, NoMatch, icons_of
from rulings.convert_spoils.keywords import KEYWORD_LINES
from rulings.convert_spoils.paragraphs import paragraph
from rulings.convert_spoils.reading import sentences

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
_REMINDER = re.compile(r"\([^()]*\)")
CHOOSE_AS_TEXT = "Choose one of the following as this card's rules text:"
THEY_CHOOSE_AS_TEXT = "Your opponent chooses one of the following as this card's rules text:"


_LABEL = re.compile(r"(^|(?<=[.!?])\s+)(cost|effect)\s*:", re.I)
"""A COST: or EFFECT: label however a set capitalises or spaces it ("Cost:", "EFFECT :"), at the start of
a line or of a sentence (never "the following effect:" inside one)."""


def _is_name(line: str) -> bool:
    return bool(line) and line == line.upper() and not line.startswith(("COST:", "EFFECT:", "OPTION")) and \
        any(c.isalpha() for c in line)


def blocks(text: str) -> list[list[str]]:
    """The printed text cut into abilities: a named ability (name, COST:, EFFECT:), a tactic's
    COST: and EFFECT: (even across a blank line), a choice of options (the rest of the text), or
    a paragraph."""
    lines = [_LABEL.sub(lambda m: m.group(1) + m.group(2).upper() + ":", ln.strip().translate(_QUOTES))
             for ln in _REMINDER.sub(" ", text or "").splitlines()]
    lines = [part.strip() for ln in lines if ln.strip()
             for part in (re.split(r"\s+(?=EFFECT: )", ln) if ln.startswith("COST:") else [ln])]
    for head in (CHOOSE_AS_TEXT, THEY_CHOOSE_AS_TEXT):
        if head in lines:
            at = lines.index(head)
            return [[ln] for ln in lines[:at]] + [lines[at:]]
    return _cut(lines)


def _cut(lines: list[str]) -> list[list[str]]:
    out: list[list[str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        menu = _menu_end(lines, i)
        if menu is not None:
            out.append([" ".join(lines[i:menu])])
            i = menu
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if _is_name(line) and nxt.startswith("COST:") and not any(p.match(line) for p, _ in KEYWORD_LINES):
            if i + 3 < len(lines) and lines[i + 3].startswith("EFFECT:") and not lines[i + 2].startswith("EFFECT:") \
                    and not _is_name(lines[i + 2]):  # a COST: printed on two lines (Tri-Pole Magnet)
                lines = lines[:i + 1] + [f"{nxt} {lines[i + 2]}"] + lines[i + 3:]
            take = 3 if i + 2 < len(lines) and lines[i + 2].startswith("EFFECT:") else 2
            out.append(lines[i:i + take])
            i += take
        elif line.startswith("COST:") and nxt.startswith("EFFECT:"):
            out.append(lines[i:i + 2])
            i += 2
        else:
            out.append([line])
            i += 1
    return out


def _menu_end(lines: list[str], i: int) -> int | None:
    """Where a line that opens a list (a token menu, options to choose from) ends with its lines;
    None when line ``i`` opens none."""
    line = lines[i]
    if line.endswith(("effects any number of times:", "number of tokens on this card:")):  # a token menu
        j = i + 1  # (Voidal Poisoning, Meat of the Mountain): its lines with it
        while j < len(lines) and re.match(r"(?:AT LEAST )?\d+ TOKENS?: ", lines[j]):
            j += 1
        return j
    if line.endswith("chooses one of the following:"):
        j = i + 1
        while j < len(lines) and re.match(r"OPTION \d+: ", lines[j]):
            j += 1
        return j
    return None


def _choice(lines: list[str], tactic: bool) -> Doc:
    options: list[list[Doc]] = []
    for line in lines[1:]:
        if re.fullmatch(r"OPTION \d+", line):
            options.append([])
        elif not options:
            raise NoMatch(line)
        else:
            options[-1].append(line)  # type: ignore[arg-type]
    return {"choose": "one_as_rules_text",
            "options": [[block(b, tactic) for b in _cut(opt)] for opt in options]}  # type: ignore[arg-type]


def block(lines: list[str], tactic: bool) -> Doc:
    """One block as an ability document.  Raises NoMatch."""
    if lines[0] in (CHOOSE_AS_TEXT, THEY_CHOOSE_AS_TEXT):
        doc = _choice(lines, tactic)
        if lines[0] == THEY_CHOOSE_AS_TEXT:
            doc["choose"] = "opponent_one_as_rules_text"
        return doc
    if len(lines) >= 2 and lines[1].startswith("COST:"):
        name, _, icons = lines[0].strip("<>").partition(" [")
        icons = icons_of("[" + icons) if icons else ""
        doc: Doc = {"ability": lines[0].strip() if not icons else name.strip(), "cost": sentences(lines[1][5:])}
        if icons:
            doc["threshold"] = icons
        doc["effect"] = sentences(lines[2][7:]) if len(lines) > 2 else []
        return doc
    if lines[0].startswith("COST:") and len(lines) == 1 and not tactic:
        return {"extra_cost": sentences(lines[0][5:])}
    if lines[0].startswith("COST:") and len(lines) == 2:
        return {"play": sentences(lines[1][7:]), "cost": sentences(lines[0][5:])}
    return paragraph(lines[0], tactic)
