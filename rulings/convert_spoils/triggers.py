"""Triggered paragraphs: "When this card enters play, ...", "At the start of your turn, ...", "If
this card is destroyed, ..." -- the trigger words of the effect language (``TRIGGER_WORDS``)
followed by the sentences they trigger."""
from __future__ import annotations

import re

from adjudicator.effects.abilities import TRIGGER_WORDS
from rulings.convert_spoils.grammar import ICONS, Doc, cap, icons_of
from rulings.convert_spoils.reading import sentences


def _trigger_patterns() -> list[tuple[re.Pattern[str], str]]:
    out = []
    for when, words in TRIGGER_WORDS.items():
        head = re.escape(words.format(self="this card", icons="{icons}", n="{n}")).replace(r"\{icons\}", ICONS)
        head = head.replace(r"\{n\}", r"(?P<n>\d+)")
        out.append((re.compile(rf"^{head}, ?(?P<rest>.+)$", re.I | re.S), when))  # "from play,you may" (Geiseric)
    return out


TRIGGERS = _trigger_patterns()


def trigger(text: str) -> Doc | None:
    """The triggered ability ``text`` prints, as a document; None when it starts with no trigger.
    Raises NoMatch when what it triggers cannot be read."""
    for pattern, when in TRIGGERS:
        m = pattern.match(text)
        if m:
            rest = m.group("rest")
            chooses = re.match(r"that player chooses one of the following: (OPTION 1: .+)$", rest)
            effect = [{"they_choose": [sentences(o) for o in re.split(r"\s*OPTION \d+: ", chooses.group(1))[1:]]}] \
                if chooses else sentences(cap(rest))
            doc = {"when": when, "effect": effect}
            if "{icons}" in TRIGGER_WORDS[when]:
                doc["icons"] = icons_of(m.group(1))
            if "{n}" in TRIGGER_WORDS[when]:
                doc["n"] = int(m.group("n"))
            return doc
    return None
