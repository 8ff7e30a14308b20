"""Attacks, parties and battles: an attack made by an effect, party sizes (608), the size of a party that
can block a card.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.durations import _Lasting
from adjudicator.effects.selectors import Target, ref_words


class Attack(Node):
    """An attack made by an effect (608): the player named attacks (e.g. "Attack your opponent.").
    A verb of the game, general in the player attacked."""

    HEAD = "attack_player"
    attack_player: Literal["opponent"] = "opponent"

    def words(self, say: Say = PLAIN) -> str:
        return "Attack your opponent."


class PartySize(Node):
    """"It must have only 1 member." / "... at least 2 members." / "... an even number of members."
    (a party being formed, 608)."""

    HEAD = "party_size"
    party_size: Literal["only", "at_least", "even"]
    n: int | None = None

    def words(self, say: Say = PLAIN) -> str:
        if self.party_size == "even":
            return "It must have an even number of members."
        noun = "member" if self.n == 1 else "members"
        return sentence(f"it must have {'only' if self.party_size == 'only' else 'at least'} {self.n} {noun}")


class OnlyPartiesBlock(_Lasting):
    """A restriction on blocking (608.1d, with the card over the rules, 101.1): only a blocking party of at
    least N members can block the card named ("only parties with at least 3 members can block it"). General in
    N, the card named and the duration; inside a "while" it holds only while the condition does (504.1)."""

    HEAD = "only_parties_block"
    only_parties_block: Target = "it"
    at_least: int = Field(ge=2)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(self.timed(f"only parties with at least {self.at_least} members can block "
                                   f"{ref_words(self.only_parties_block, say)}"))
