"""Influence a faction gains or loses: "Your opponent's faction loses 2 influence.".
"""
from __future__ import annotations

from typing import Any, ClassVar

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.counts import Amount, Stat, amount_words
from adjudicator.effects.damage import AmountSpec
from adjudicator.effects.selectors import PlayerRef, possessive


class _Influence(Node):
    DEFAULT: ClassVar[str] = "you"

    def _say(self, verb: str, value: Any, player: PlayerRef | None, say: Say) -> str:
        spec = value if isinstance(value, AmountSpec) else None
        n = spec.amount if spec else value
        who = (spec.player if spec else None) or player
        where = getattr(self, "where", None)
        tail = f", where X is {where.words(say)}" if where is not None else ""
        subject = "it" if who == "it" else f"{possessive(who, self.DEFAULT)} faction"
        return sentence(f"{subject} {verb} {amount_words(n, say)} influence{tail}")


class LoseInfluence(_Influence):
    HEAD = "lose_influence"
    DEFAULT: ClassVar[str] = "opponent"
    lose_influence: Amount | AmountSpec
    player: PlayerRef | None = None
    where: Stat | None = None

    def words(self, say: Say = PLAIN) -> str:
        return self._say("loses", self.lose_influence, self.player, say)


class GainInfluence(_Influence):
    HEAD = "gain_influence"
    DEFAULT: ClassVar[str] = "you"
    gain_influence: Amount | AmountSpec
    player: PlayerRef | None = None
    where: Stat | None = None

    def words(self, say: Say = PLAIN) -> str:
        return self._say("gains", self.gain_influence, self.player, say)
