"""Sentences about coin flips and what winning or losing them does ("Flip a coin.", "If you win,
...")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Reader, cap, sentence


@sentence(r"flip a coin\.")
def coin(m: re.Match[str], read: Reader) -> Any:
    return {"flip_coin": True}


@sentence(r"if you (?P<outcome>win|lose), (?P<rest>.+)")
def outcome(m: re.Match[str], read: Reader) -> Any:
    """What the last coin flip's outcome (won or lost) does: any sentences."""
    return {"if_you": m.group("outcome").lower(), "then": read.sentences(cap(m.group("rest")))}


@sentence(r"reflip that coin\.")
def reflip(m: re.Match[str], read: Reader) -> Any:
    """Flipping the last coin again: a verb of coin flips."""
    return {"reflip_coin": True}
