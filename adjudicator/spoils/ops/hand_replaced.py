"""A card going to a hand from play replaced: "If a character is put into your
opponent's hand from play, you may pay 1 instead. If you do, remove it from the game and put a token
on this card."

``consequences.leave_play`` asks ``replacements.hand_replaced`` before a card in play goes to its owner's hand: each
card in play whose trigger says so (not blanked) may replace it once (506.5).  Whether its controller
takes the "you may" is the action's ``choices.instead`` (yes by default, spoils.engine.may-choice); the
cost said before "instead" must be payable then (506.1: otherwise nothing is replaced); the card
replaced is "it" for what follows ("If you do, ...").
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects.replacements import Instead
from adjudicator.spoils.rules.replacements import replacing_trigger


def judge(node: Any) -> bool | None:
    if replacing_trigger(node) or (isinstance(node, Instead) and node.instead and all(
            isinstance(o, A.Pay) for o in node.instead)):
        return False  # consequences.leave_play asks hand_replaced: a card going to a hand from play replaced
    return None


__all__ = ["judge", "replacing_trigger"]
