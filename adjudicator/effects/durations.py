"""For how long an effect lasts: the durations a card prints ("this turn", "until the start of your
next turn") and the operations that may last, said with their duration first or last.
"""
from __future__ import annotations

from typing import Literal

from adjudicator.effects.base import Node


Until = Literal["turn", "this_turn", "battle", "end_of_turn", "next_turn", "start_of_your_next_turn",
                "end_of_your_next_turn", "permanent", "while_in_play", "while_attached"]


UNTIL_WORDS = {"turn": "this turn", "this_turn": "this turn", "battle": "this battle", "end_of_turn": "this turn",
               "next_turn": "until the start of your next turn",
               "start_of_your_next_turn": "until the start of your next turn",
               "end_of_your_next_turn": "until the end of your next turn", "permanent": "", "while_in_play": "",
               "while_attached": ""}


def until_words(until: str | None) -> str:
    return UNTIL_WORDS.get(until or "", "")


class _Lasting(Node):
    """An operation that may last: ``until`` ("turn", "battle"...), said first ("This turn, ...")
    or last ("... this turn")."""

    until: Until | None = None
    until_last: bool | None = None
    until_comma: bool = True

    def timed(self, clause: str) -> str:
        when = until_words(self.until)
        if not when:
            return clause
        return f"{clause} {when}" if self.until_last else f"{when}{',' if self.until_comma else ''} {clause}"
