"""Triggered paragraphs: "When this card enters play, ...", "At the start of your turn, ...", "If
this card is destroyed, ..." -- the trigger words of the effect language (``TRIGGER_WORDS``)
followed by the sentences they trigger."""
from __future__ import annotations

import re

from adjudicator.effects.abilities import TRIGGER_WORDS
from rulings.convert_spoils.grammar import ICONS, Doc, cap, icons_of
from rulings.convert_spoils.reading import sentences


OPENERS = ("when", "whenever", "if")
"""The words a trigger opens with (503): a card may print any of them for the same event."""


def _trigger_patterns() -> list[tuple[re.Pattern[str], str]]:
    """Each trigger's words as printed first; then, for those opening with one of ``OPENERS``, the
    same event under any opener (tried after every exact wording, so an event the table words twice,
    "when" and "if", keeps its own entry)."""
    exact, any_opener = [], []
    for when, words in TRIGGER_WORDS.items():
        head = re.escape(words.format(self="this card", icons="{icons}", n="{n}"))
        head = head.replace(r"\{icons\}", rf"(?P<icons>{ICONS})").replace(r"\{n\}", r"(?P<n>\d+)")
        exact.append((re.compile(rf"^{head}, ?(?P<rest>.+)$", re.I | re.S), when))  # "from play,you may" (Geiseric)
        first, _, event = head.partition(r"\ ")
        if first in OPENERS:
            opened = rf"(?P<opener>{'|'.join(OPENERS)})\ {event}"
            any_opener.append((re.compile(rf"^{opened}, ?(?P<rest>.+)$", re.I | re.S), when))
    return exact + any_opener


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
            opener = (m.groupdict().get("opener") or "").lower()
            if opener and opener != TRIGGER_WORDS[when].split(" ", 1)[0]:
                doc["opener"] = opener
            if "{icons}" in TRIGGER_WORDS[when]:
                doc["icons"] = icons_of(m.group("icons"))
            if "{n}" in TRIGGER_WORDS[when]:
                doc["n"] = int(m.group("n"))
            return doc
    return None
