"""Finding a card by a name typed at a table, as Scryfall's ``/cards/named`` and
``/cards/autocomplete`` do: case and punctuation do not matter, words may be cut short
(``micro mak``), letters may be missing or swapped (``Micromajg Makr``); several cards that fit as
well as each other are an ambiguity, never a guess.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Iterable

AUTOCOMPLETE_LIMIT = 20
CLOSE_ENOUGH = 0.8  # the similarity (difflib's ratio) below which a misspelt name finds nothing


def normal(text: str) -> str:
    """Lower case, letters and digits only, single spaces (``"Sock'em Bot!"`` -> ``"sockem bot"``)."""
    return " ".join(re.sub(r"[^0-9a-z ]+", "", text.casefold().replace("-", " ")).split())


@dataclass(frozen=True)
class NameMatch:
    """What a fuzzy lookup found: one ``name``, or the ``candidates`` that fit equally well."""

    name: str | None
    candidates: tuple[str, ...] = field(default=())

    @property
    def ambiguous(self) -> bool:
        return self.name is None and len(self.candidates) > 1


def exact_name(names: Iterable[str], query: str) -> str | None:
    """The name equal to ``query`` but for case and surrounding spaces, or None."""
    wanted = " ".join(query.split()).casefold()
    return next((n for n in names if n.casefold() == wanted), None)


def _prefix_words(query: list[str], words: list[str]) -> bool:
    """Every query word starts a word of the name, in order."""
    at = 0
    for q in query:
        while at < len(words) and not words[at].startswith(q):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True


def fuzzy_name(names: Iterable[str], query: str) -> NameMatch:
    """The card a person meant by ``query``: the same name but for case and punctuation; else the
    names whose words the query's words begin (one that uses whole words wins over those that
    do not); else the closest spelling.  Several equally good answers: ``candidates``, no name."""
    listed = list(dict.fromkeys(names))
    wanted = normal(query)
    if not wanted:
        return NameMatch(None)
    by_normal = {normal(n): n for n in listed}
    if wanted in by_normal:
        return NameMatch(by_normal[wanted])
    words = wanted.split()
    prefixed = [n for n in listed if _prefix_words(words, normal(n).split())]
    if len(prefixed) == 1:
        return NameMatch(prefixed[0])
    if prefixed:
        whole = [n for n in prefixed if set(words) <= set(normal(n).split())]
        if len(whole) == 1:
            return NameMatch(whole[0])
        return NameMatch(None, tuple(sorted(whole or prefixed)))
    scored = sorted(((SequenceMatcher(None, wanted, normal(n)).ratio(), n) for n in listed), reverse=True)
    best = [n for score, n in scored if scored and score >= CLOSE_ENOUGH and score == scored[0][0]]
    if len(best) == 1:
        return NameMatch(best[0])
    return NameMatch(None, tuple(sorted(best)))


def autocomplete(names: Iterable[str], query: str, limit: int = AUTOCOMPLETE_LIMIT) -> list[str]:
    """Up to ``limit`` names for a partly typed one: those that start with it first, then those
    that contain it, each group in alphabetical order.  Fewer than 2 characters: none (as Scryfall)."""
    wanted = normal(query)
    if len(wanted) < 2:
        return []
    listed = sorted(dict.fromkeys(names), key=str.casefold)
    starting = [n for n in listed if normal(n).startswith(wanted)]
    seen = set(starting)
    containing = [n for n in listed if n not in seen and wanted in normal(n)]
    return (starting + containing)[:limit]
