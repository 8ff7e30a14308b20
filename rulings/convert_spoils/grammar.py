"""What every reader of the Spoils' printed text shares: the document type, the error a phrase it
cannot read raises, the sentence rule (a pattern and the function that builds its documents), and
small readers of numbers, capitals and threshold icons.

A sentence rule's function receives the match and the reader (:class:`Reader`) that tried it, so a
rule whose sentence holds other sentences ("If you do, ...", "... and ...") reads them with the
same ordered rules, without importing the module that assembles them.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from adjudicator.effects.base import Say

Doc = dict[str, Any]
SAY = Say(game="spoils")
ICONS = r"((?:\[[OGEDRV]\])+)"


class NoMatch(ValueError):
    """A phrase the converter cannot read."""


class Reader(Protocol):
    """Reads printed sentences with an ordered list of sentence rules."""

    def ops(self, text: str) -> list[Doc]:
        """One printed sentence as operations.  Raises NoMatch."""

    def sentences(self, text: str) -> list[Doc]:
        """Every sentence of ``text`` as operations.  Raises NoMatch naming the first it cannot read."""


Build = Callable[[re.Match[str], Reader], Any]


class SentenceRule(NamedTuple):
    """A whole printed sentence (``pattern``, case-insensitive) and the documents it builds."""

    pattern: re.Pattern[str]
    build: Build


def sentence(pattern: str) -> Callable[[Build], SentenceRule]:
    """The decorated function as a sentence rule whose pattern must match the whole sentence."""
    def make(build: Build) -> SentenceRule:
        return SentenceRule(re.compile(rf"^{pattern}$", re.I), build)
    return make


def number(value: str) -> Any:
    """"a"/"an"/"one" as 1, digits as an int, anything else ("X", "X+X") as printed."""
    v = value.strip().lower()
    if v == "the same amount of":
        return "same"
    return 1 if v in ("a", "an", "one") else int(v) if v.isdigit() else value.strip()


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def icons_of(text: str | None) -> str:
    """The threshold letters of printed icons ("[D][D]" -> "DD")."""
    return "".join(re.findall(r"\[([OGEDRV])\]", text or ""))


def ops(read: Reader, text: str) -> list[Doc]:
    """A part of a sentence read again as a sentence of its own."""
    return read.ops(cap(text.strip()))


def flagged(read: Reader, text: str, key: str, flag: str) -> list[Doc]:
    """The one operation ``text`` reads as, with ``flag`` set on it (or on its ``key`` part)."""
    docs = ops(read, text)
    if len(docs) != 1:
        raise NoMatch(text)
    doc = dict(docs[0])
    if key:
        if not isinstance(doc.get(key), dict):
            raise NoMatch(text)
        doc[key] = {**doc[key], flag: True}
    else:
        doc[flag] = True
    return [doc]
