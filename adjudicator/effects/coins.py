"""Coins flipped and reflipped (the judge records the result).
"""
from __future__ import annotations

from typing import Literal

from adjudicator.effects.base import PLAIN, Node, _Phrase, Say


class FlipCoin(_Phrase):
    """"Flip a coin." (the judge records the result; "If you win, ..." and "Otherwise, ..." follow)."""

    HEAD, PHRASE = "flip_coin", "flip a coin"
    flip_coin: Literal[True] = True


class ReflipCoin(Node):
    """The coin flip just made is flipped again, its new outcome replacing the old. A verb of coin
    flips, general."""

    HEAD = "reflip_coin"
    reflip_coin: Literal[True] = True

    def words(self, say: Say = PLAIN) -> str:
        return "Reflip that coin."
