"""The sentence reader: tries an ordered list of sentence rules on a printed sentence and keeps the
first reading whose words (``words()``) say the sentence again."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from adjudicator.effects import EffectError, normalise
from adjudicator.effects.language import parse_effects
from rulings.convert_spoils.grammar import SAY, Doc, NoMatch, SentenceRule


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``; a sentence that opens a menu of lines ("...: 0 TOKENS: ... 1 TOKEN: ...") keeps
    the lines after it, the sentences they hold included (a menu's lines end its paragraph)."""
    out: list[str] = []
    for part in (p.strip() for p in re.split(r"(?<=[.!])\s+(?=[A-Z\[\"0-9])", text.strip())):
        if part and out and re.search(r": (?:AT LEAST )?\d+ TOKENS?: ", out[-1]):
            out[-1] += " " + part
        elif part:
            out.append(part)
    return out


class SentenceReader:
    """Reads sentences with ``rules``, tried in their order (the first that says the sentence
    again wins, so the order is part of the grammar)."""

    def __init__(self, rules: Sequence[SentenceRule]):
        self.rules = tuple(rules)
        self.on_read: Callable[[SentenceRule], None] | None = None
        """Told each rule of a kept reading, the rules of the sentences inside it included (a
        nested reading counts only when the reading around it is kept): how the usage report
        (``rulings.convert_spoils.usage``) counts the cards each rule serves."""
        self._inner: list[list[SentenceRule]] = []

    def ops(self, text: str) -> list[Doc]:
        """One printed sentence as operations; raises NoMatch when no rule reads it (or what a rule
        read does not say the sentence again)."""
        text = text.strip()
        if text and text[-1] not in ".!?":
            text += "."  # a printed sentence that lost its full stop reads the same
        for rule in self.rules:
            pattern, build = rule
            m = pattern.match(text.strip())
            if not m:
                continue
            self._inner.append([])
            try:
                built = build(m, self)
            except NoMatch:
                continue
            finally:
                inner = self._inner.pop()
            docs = built if isinstance(built, list) else [built]
            try:
                nodes = parse_effects(docs, "spoils")
            except EffectError:
                continue
            if normalise(" ".join(n.words(SAY) for n in nodes)) == normalise(text):
                self._kept([rule, *inner])
                return docs
        raise NoMatch(text)

    def _kept(self, rules: list[SentenceRule]) -> None:
        if self._inner:
            self._inner[-1].extend(rules)
        elif self.on_read is not None:
            for rule in rules:
                self.on_read(rule)

    def sentences(self, text: str) -> list[Doc]:
        """Every sentence of ``text`` as operations.  Raises NoMatch naming the first it cannot read."""
        out: list[Doc] = []
        for s in split_sentences(text):
            out.extend(self.ops(s))
        return out
