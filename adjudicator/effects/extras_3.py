"""More operations of the round-4 new texts (``extras_2`` adds them to the language): a pick answered by
another ("Play this only in response to a card or ability that picked a character as an extra cost. Pick
another character that can be picked by that card or ability. ... as though your opponent had picked the
other character instead.").  Each says itself in words, like the rest of the language."""
from __future__ import annotations

from typing import Literal

from adjudicator.effects.base import PLAIN, Node, Say


class OnlyInResponseToPick(Node):
    """"Play this only in response to a card or ability that picked a character as an extra cost." (401.3a)."""

    HEAD = "only_in_response_to_pick"
    only_in_response_to_pick: Literal["character"] = "character"

    def words(self, say: Say = PLAIN) -> str:
        return f"Play this only in response to a card or ability that picked a {self.only_in_response_to_pick} " \
               f"as an extra cost."


class PickInstead(Node):
    """"Pick another character that can be picked by that card or ability." (the play answered decides what fits)."""

    HEAD = "pick_instead"
    pick_instead: Literal["character"] = "character"

    def words(self, say: Say = PLAIN) -> str:
        return f"Pick another {self.pick_instead} that can be picked by that card or ability."


class AsThoughPicked(Node):
    """"When the card or ability resolves, its effect happens as though your opponent had picked the other
    character instead." (the play answered resolves with the other character in place of the one it picked)."""

    HEAD = "as_though_picked"
    as_though_picked: Literal["character"] = "character"

    def words(self, say: Say = PLAIN) -> str:
        return (f"When the card or ability resolves, its effect happens as though your opponent had picked the other "
                f"{self.as_though_picked} instead.")


class UseItsAbility(Node):
    """"Use one of the card's abilities." (an ability of the card picked, used as the effect resolves, 606.1)."""

    HEAD = "use_its_ability"
    use_its_ability: Literal["the card"] = "the card"

    def words(self, say: Say = PLAIN) -> str:
        return f"Use one of {self.use_its_ability}'s abilities."


class EffectTwice(Node):
    """"The effect happens twice instead of once." (of the ability just used)."""

    HEAD = "effect_twice"
    effect_twice: Literal[True] = True

    def words(self, say: Say = PLAIN) -> str:
        return "The effect happens twice instead of once."


MORE_OPERATIONS: list[type[Node]] = [OnlyInResponseToPick, PickInstead, AsThoughPicked, UseItsAbility, EffectTwice]
