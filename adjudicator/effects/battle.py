"""Attacks, parties and battles: an attack made by an effect, party sizes (608), strength gained
over the opposing party, a lone attacker blocked only by large parties.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence


class Attack(Node):
    """"Attack your opponent." (an attack made by an effect, 608)."""

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


STATS = Literal["strength", "life", "speed"]


class EdgeOverOpposing(Node):
    """"While this card is in a battle and there is at least one character in the opposing party, it gains
    X strength, where X is this card's speed minus the highest speed among characters in the opposing
    party." (a continuous change, read afresh while the battle goes on; X below 0 gains nothing, 410.2)."""

    HEAD = "edge_over_opposing"
    edge_over_opposing: STATS  # the statistic gained
    compared: STATS = "speed"

    def words(self, say: Say = PLAIN) -> str:
        me = say.self_name
        return (f"While {me} is in a battle and there is at least one character in the opposing party, it gains X "
                f"{self.edge_over_opposing}, where X is {me}'s {self.compared} minus the highest {self.compared} "
                f"among characters in the opposing party.")


class AloneBlockedByAtLeast(Node):
    """"This turn, this card gains 8 strength, 8 life, and 2 speed and while it is the only member of an
    attacking party, only parties with at least 3 members can block it." (the changes, then the limit on
    blocking parties for the same time)."""

    HEAD = "alone_blocked_by_at_least"
    alone_blocked_by_at_least: int = Field(ge=2)
    also: "Effects" = Field(min_length=1)
    until: Literal["turn"] = "turn"

    def words(self, say: Say = PLAIN) -> str:
        said = " ".join(e.words(say) for e in self.also).rstrip(".")
        return (f"{said} and while it is the only member of an attacking party, only parties with at least "
                f"{self.alone_blocked_by_at_least} members can block it.")
