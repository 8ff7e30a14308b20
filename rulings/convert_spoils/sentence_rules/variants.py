"""Sentences a card prints in other words than the language's: a misprint ("Destoy", "the the"),
an older wording ("remove it from combat", "into it's owner's hand"), a pronoun the language says
otherwise ("their deck" for "its owner's deck").

One rule reads them all: each known variant is the pair (what the language says, what the card
prints) of ``adjudicator.effects.flow.PRINTED_AS``; a sentence holding the printed side is read with
the language's words in its place, by the same ordered rules as any sentence, and kept as an
``as_printed`` node that says it back in the card's words.  A new card printing a known variant in a
new sentence converts without a rule of its own.
"""
from __future__ import annotations

import re
from typing import Any

from adjudicator.effects.flow import PRINTED_AS
from rulings.convert_spoils.grammar import NoMatch, Reader, ops, sentence


@sentence(r"(?P<s>.+)")
def variant_wording(m: re.Match[str], read: Reader) -> Any:
    """Any sentence holding a known variant wording, read as the language says it."""
    text = m.group("s")
    for key, (said, printed) in PRINTED_AS.items():
        at = text.lower().find(printed.lower())
        if at < 0 or (not said and at > 0):  # a lead-in ("Then, ") only where the sentence starts
            continue
        plain = text[:at] + said + text[at + len(printed):]
        try:
            return {"as_printed": ops(read, plain), "printed": key}
        except NoMatch:
            continue
    raise NoMatch(text)
