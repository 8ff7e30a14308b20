"""What a faction card prints (202): its influence, starting resources and draws, and the restore
and develop rules."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say


class Influence(Node):
    """202.3a: a faction's starting influence."""

    HEAD = "influence"
    influence: int = Field(ge=1)

    def words(self, say: Say = PLAIN) -> str:
        return f"Influence {self.influence}"


class StartingResources(Node):
    """202.5: "STARTING RESOURCES: 1 Elitism, 1 staple resource." ("Any 2 staple resources.")."""

    HEAD = "starting_resources"
    starting_resources: list[tuple[int, str]] = Field(min_length=1)
    any_: bool = Field(False, alias="any")

    def words(self, say: Say = PLAIN) -> str:
        listed = ", ".join(f"{n} {name}" for n, name in self.starting_resources)
        return "STARTING RESOURCES: " + ("Any " if self.any_ else "") + listed + "."


class StartingDraw(Node):
    """202.6: "STARTING DRAW: 8 going first, 9 going second."."""

    HEAD = "starting_draw"
    starting_draw: tuple[int, int]

    def words(self, say: Say = PLAIN) -> str:
        first, second = self.starting_draw
        return f"STARTING DRAW: {first} going first, {second} going second."


FACTION_RULES = {
    "restore": "RESTORE RULE: At the start of your turn, restore all your depleted cards and detach all resources "
               "from your faction.",
    "develop": "DEVELOP RULE: At the start of your turn, choose one of the following: draw a card or play a resource.",
}


class FactionRule(Node):
    """The restore rule (602.1) and develop rule (603) a faction card prints."""

    HEAD = "faction_rule"
    faction_rule: Literal["restore", "develop"]

    def words(self, say: Say = PLAIN) -> str:
        return FACTION_RULES[self.faction_rule]
