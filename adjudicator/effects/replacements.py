"""Replacements (506, 410): what happens instead when a card would leave play or an amount would
be dealt, and the effects said "... instead." after a trigger.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, lower_first, say_all, sentence
from adjudicator.effects.selectors import Cards, Target, ref_words


WAYS = {"your_discard": "put into your discard pile", "a_players_hand": "put into a player's hand",
        "discard_from_play": "put into a discard pile from play", "destroy": "destroyed", "hand": "put into its owner's hand", "removed": "removed from the game",
        "deck": "shuffled into its owner's deck", "discard": "put into its owner's discard pile"}


INSTEAD = {"destroy_self": "destroy {self}", "prevent": "prevent it", "destroy": "destroy it", "hand": "put it into its owner's hand",
           "removed": "remove it from the game", "deck": "shuffle it into its owner's deck",
           "discard": "put it into its owner's discard pile",
           "flip_face_down": "flip it face-down under its owner's control",
           "face_down_resource": "put it into play under its owner's control as a face-down resource"}


class Replacement(Node):
    """506: when a card would leave play one way, it does something else instead."""

    HEAD = "instead_of"
    instead_of: Literal["destroy", "hand", "removed", "deck", "discard", "discard_from_play", "your_discard",
                        "a_players_hand"]
    do: Literal["prevent", "destroy", "hand", "removed", "deck", "discard", "flip_face_down", "face_down_resource",
                "destroy_self"] = "prevent"
    applies_to: Annotated[Union[Cards, str, dict[str, Any]], Field(union_mode="left_to_right")] | None = None
    if_no_tokens: bool = False
    optional: bool = False

    def words(self, say: Say = PLAIN) -> str:
        who = ref_words(self.applies_to, say) if isinstance(self.applies_to, Cards) else \
            ref_words(self.applies_to or "self", say)
        if self.if_no_tokens:
            return sentence(f"if there are no tokens on {who} and it's {WAYS[self.instead_of]}, "
                            f"{INSTEAD[self.do].format(self=say.self_name)} instead")
        may = "you may " if self.optional else ""
        return sentence(f"if {who} is {WAYS[self.instead_of]}, {may}{INSTEAD[self.do].format(self=say.self_name)} instead")


class ChangeAmount(Node):
    """410: "If any amount of damage is inflicted to this card, reduce the amount by 2.\""""

    HEAD = "change_amount"
    change_amount: Literal["damage", "cost", "influence_loss"]
    by: int
    to: Target = "self"
    threshold: int | None = None

    def words(self, say: Say = PLAIN) -> str:
        verb = "increase" if self.by > 0 else "reduce"
        what = {"damage": f"any amount of damage is inflicted to {ref_words(self.to, say)}",
                "cost": "you pay a numeric cost", "influence_loss": "your faction loses any amount of influence"}
        return sentence(f"if {what[self.change_amount]}, {verb} the amount by {abs(self.by)}")


class AdjustAmount(Node):
    """After a replacement's "if ...": "increase the amount by 1", "reduce the amount to 0"
    ("reduce it to 0")."""

    HEAD = "adjust_amount"
    adjust_amount: int
    to: bool = False
    it: bool = False

    def words(self, say: Say = PLAIN) -> str:
        if self.to:
            return sentence(f"reduce {'it' if self.it else 'the amount'} to {self.adjust_amount}")
        verb = "increase" if self.adjust_amount > 0 else "reduce"
        return sentence(f"{verb} the amount by {abs(self.adjust_amount)}")


class Instead(Node):
    """"<effects> instead.": what a trigger does in place of what would have happened (a
    replacement said as a trigger: "If this card is destroyed, ... instead.")."""

    HEAD = "instead"
    instead: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(say_all(self.instead, say).rstrip(".") + " instead")


DESTROYED_HOW = {"battle": "during this battle", "battle_damage_turn": "by battle damage this turn"}


class NextTimeDestroyed(Node):
    """"The next time the character is destroyed during this battle, take control of it instead."
    (a replacement set up by an effect, for a while)."""

    HEAD = "next_time_destroyed"
    next_time_destroyed: Target
    how: Literal[tuple(DESTROYED_HOW)]  # type: ignore[valid-type]
    then: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return (f"The next time {ref_words(self.next_time_destroyed, say)} is destroyed {DESTROYED_HOW[self.how]}, "
                + lower_first(say_all(self.then, say)))
