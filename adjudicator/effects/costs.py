"""Costs and picks: numeric costs paid (309), cards picked as the cost is paid, cost reductions
(410), and picks answered by another play's pick.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, StringConstraints

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.counts import Stat
from adjudicator.effects.selectors import Cards


class Pay(Node):
    """A numeric cost paid with resources (309)."""

    HEAD = "pay"
    pay: int | Literal["X", "X+X", "X+X+X"] | Annotated[str, StringConstraints(pattern=r"^\d+\+X$")]
    where: Stat | None = None

    def words(self, say: Say = PLAIN) -> str:
        where = f", where X is {self.where.words(say)}" if self.where is not None else ""
        return sentence(f"pay {self.pay}{where}")


class Pick(Node):
    """Targets picked when the cost is paid (they are "the character" in the effect)."""

    HEAD = "pick"
    pick: Cards
    optional: bool = False
    where: Stat | None = None
    if_you_can: bool = False

    def words(self, say: Say = PLAIN) -> str:
        where = f", where X is {self.where.words(say)}" if self.where is not None else ""
        can = " if you can" if self.if_you_can else ""
        return sentence(("you may pick " if self.optional else "pick ") + self.pick.words(say) + can + where)


class ReduceNextCost(Node):
    """"Reduce the next numeric cost you pay this turn by 2." (410)."""

    HEAD = "reduce_next_cost"
    reduce_next_cost: Union[int, Literal["X"]]
    of: Literal["cost", "card", "item_or_ability"] = "cost"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"reduce {NEXT_COST_OF[self.of]} this turn by {self.reduce_next_cost}")


NEXT_COST_OF = {"cost": "the next numeric cost you pay", "card": "the numeric cost of the next card you play",
                "item_or_ability": "the next item's or item's ability's numeric cost you pay"}
"""What a one-time reduction applies to (``ReduceNextCost.of``), in the words cards print for it."""


COSTS_OF = {"characters": "characters you play", "items": "items you play", "tactics": "tactics you play",
            "faction_abilities": "your faction's abilities"}


class ReduceCost(Node):
    """A lasting cost reduction with a floor: "Reduce the numeric cost of characters you play by 2,
    to a minimum of 1." (or said "The numeric cost of items you play is reduced by 1, ...")."""

    HEAD = "reduce_cost"
    reduce_cost: int = Field(ge=1)
    of: Literal[tuple(COSTS_OF)]  # type: ignore[valid-type]
    minimum: int = 0
    passive: bool = False

    def words(self, say: Say = PLAIN) -> str:
        floor = f", to a minimum of {self.minimum}" if self.minimum else ""
        if self.passive:
            return sentence(f"the numeric cost of {COSTS_OF[self.of]} is reduced by {self.reduce_cost}{floor}")
        return sentence(f"reduce the numeric cost of {COSTS_OF[self.of]} by {self.reduce_cost}{floor}")


class PickInstead(Node):
    """A new pick for a card or ability already picking (604.2): another card that it can pick (the
    play answered decides what fits). General in the card picked."""

    HEAD = "pick_instead"
    pick_instead: Literal["character"] = "character"

    def words(self, say: Say = PLAIN) -> str:
        return f"Pick another {self.pick_instead} that can be picked by that card or ability."


class AsThoughPicked(Node):
    """A pick redirected (604.2): the card or ability answered resolves as though its controller's
    opponent had picked another card instead. General in the card picked and the kind of card or ability
    answered."""

    HEAD = "as_though_picked"
    as_though_picked: Literal["character"] = "character"

    def words(self, say: Say = PLAIN) -> str:
        return (f"When the card or ability resolves, its effect happens as though your opponent had picked the other "
                f"{self.as_though_picked} instead.")
