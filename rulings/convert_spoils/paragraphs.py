"""A printed paragraph as an ability: a keyword line, a replacement, a threshold ability
("[D][D]: ..."), a rules text given to other cards, a paragraph read whole, a trigger, or effects
(a tactic's play, a permanent's continuous effects)."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rulings.convert_spoils.grammar import ICONS, Doc, icons_of
from rulings.convert_spoils.keywords import keyword_line
from rulings.convert_spoils.nouns import cards
from rulings.convert_spoils.reading import sentence_ops, sentences
from rulings.convert_spoils.replacements import replacement
from rulings.convert_spoils.triggers import trigger


PARAGRAPHS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Doc]]] = []
"""Paragraphs read whole, before their sentences are (none left: every paragraph reads sentence by sentence)."""


def paragraph(text: str, tactic: bool) -> Doc:
    """A paragraph of sentences: a keyword line, a trigger, a threshold ability, or effects
    (a tactic's play, a permanent's continuous effects).  Raises NoMatch."""
    text = " ".join(text.split()).replace("\u2019", "'")
    found = keyword_line(text)
    if found is None:
        found = replacement(text)
    if found is not None:
        return found
    m = re.match(rf"^{ICONS}: (?P<rest>.+)$", text)
    if m:
        return {"requires": icons_of(m.group(1)), "then": [paragraph(m.group("rest"), tactic)]}
    m = re.match(r'^(?P<who>All \w+) gain the rules text "(?P<quoted>.+)"\.?$', text)
    if m and isinstance(cards(m.group("who")), dict):  # Lodge Dock Florist
        return {"static": [{"gain_rules_text": cards(m.group("who")), "text": [paragraph(m.group("quoted"), False)]}]}
    for pattern, build in PARAGRAPHS:
        m = pattern.match(text)
        if m:
            return build(m)
    if " effects any number of times: " in text:  # a token menu, one sentence with its lines (Voidal Poisoning)
        return {"play" if tactic else "static": sentence_ops(text)}
    if re.match(r"^When this card enter play, ", text):  # Intriguing Mezzanine prints "enter"
        return {**paragraph(text.replace(" enter play, ", " enters play, ", 1), tactic), "printed_enter": True}
    found = trigger(text)
    if found is not None:
        return found
    return {"play": sentences(text)} if tactic else {"static": sentences(text)}
