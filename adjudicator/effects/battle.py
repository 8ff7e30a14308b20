"""Attacks, parties and battles: an attack made by an effect, party sizes (608), strength gained
over the opposing party, a lone attacker blocked only by large parties.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence


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


STATS = Literal["strength", "life", "speed"]


class EdgeOverOpposing(Node):
    """A stat bonus while this card is in a battle facing an opposing party, X being this card's stat
    minus the highest such stat among the opposing characters. General in the stats compared; kept as one
    node until "while" conditions compose with any stat change."""

    HEAD = "edge_over_opposing"
    edge_over_opposing: STATS  # the statistic gained
    compared: STATS = "speed"

    def words(self, say: Say = PLAIN) -> str:
        me = say.self_name
        return (f"While {me} is in a battle and there is at least one character in the opposing party, it gains X "
                f"{self.edge_over_opposing}, where X is {me}'s {self.compared} minus the highest {self.compared} "
                f"among characters in the opposing party.")


class AloneBlockedByAtLeast(Node):
    """A blocking restriction for this turn on a party that attacks with this card as its only member:
    only parties of at least N members may block it (e.g. "... only parties with at least 3 members can
    block it"), after a stat change. General in N and the stat change; the whole sentence is kept as one
    node until "while" conditions compose with any restriction."""

    HEAD = "alone_blocked_by_at_least"
    alone_blocked_by_at_least: int = Field(ge=2)
    also: "Effects" = Field(min_length=1)
    until: Literal["turn"] = "turn"

    def words(self, say: Say = PLAIN) -> str:
        said = " ".join(e.words(say) for e in self.also).rstrip(".")
        return (f"{said} and while it is the only member of an attacking party, only parties with at least "
                f"{self.alone_blocked_by_at_least} members can block it.")
