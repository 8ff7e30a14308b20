"""Cards played and terminated by an effect, for free or another cost, and abilities used by an
effect ("Use one of the card's abilities.", "The effect happens twice instead of once.").
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.selectors import Cards, Target, ref_words


class Terminate(Node):
    """A play or ability terminated (``previous``: the one just played, "the ability")."""

    HEAD = "terminate"
    terminate: Union[str, Cards]

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"terminate {ref_words(self.terminate, say) if self.terminate != 'previous' else 'the ability'}")


class PlayCard(Node):
    """"Play it.", "Play up to 2 non-tactic cards for free." (a card played by an effect); "Play this card
    for 1." (``cost``: a stated numeric cost instead of its own, 406.3, from where it is)."""

    HEAD = "play_card"
    play_card: Target
    free: bool = False
    cost: int | None = Field(None, ge=0)

    def words(self, say: Say = PLAIN) -> str:
        paid = " for free" if self.free else f" for {self.cost}" if self.cost is not None else ""
        return sentence(f"play {ref_words(self.play_card, say)}{paid}")


class PlayTotal(Node):
    """Cards played whose numeric costs add up to X or less, for free or paid (a play
    made by an effect). General in the cards named and the total."""

    HEAD = "play_total"
    play_total: Cards
    free: bool = False
    at_most: Literal["X"] = "X"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"play {self.play_total.words(say)}{' for free' if self.free else ''} with total numeric "
                        f"cost {self.at_most} or less")


class TerminateToHand(Node):
    """An ability or card terminated (314.1) with the card sent to its owner's hand instead of the
    discard pile. General in the card named."""

    HEAD = "terminate_to_hand"
    terminate_to_hand: Target

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"terminate {ref_words(self.terminate_to_hand, say)}, but put it into its owner's hand "
                        f"instead of their discard pile")


class EffectTwice(Node):
    """A replacement that makes the effect of the ability just used happen twice instead of once.
    General: any ability's effect."""

    HEAD = "effect_twice"
    effect_twice: Literal[True] = True

    def words(self, say: Say = PLAIN) -> str:
        return "The effect happens twice instead of once."
