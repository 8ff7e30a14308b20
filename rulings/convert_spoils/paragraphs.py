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


def _count_modes(m: re.Match[str]) -> Any:  # Meat of the Mountain
    parts = re.split(r"\s*((?:AT LEAST )?\d+) TOKENS?: ", " " + m.group("menu"))[1:]
    modes = [{"tokens": int(n.split()[-1]), **({"at_least": True} if n.startswith("AT LEAST") else {}),
              "effects": sentences(text.strip())} for n, text in zip(parts[::2], parts[1::2])]
    return {"when": "player_draws", "effect": [{"token_count_modes": modes}]}


PARAGRAPHS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Doc]]] = [
    (re.compile(
        r"^If you control at least (?P<icons>(?:\[[OGEDRV]\])+) and choose to put this card on the bottom of your deck "
        r"as part of your mulligan at the start of a game, you may reveal it\. If you do, draw a card at the start of "
        r"your turn\.$"), lambda m: {"static": [{"mulligan_reveal": icons_of(m.group("icons"))}]}),  # Community Chest
    (re.compile(
        r"^If a player draws any number of cards, that player may add or remove a token from this card\. If they do, "
        r"generate the effect which corresponds to the new number of tokens on this card: (?P<menu>.+)$"), _count_modes),
]
"""Paragraphs read whole, before their sentences are."""


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
