"""Operations and conditions a few Spoils cards print and the rest of the language did not say:
"... instead." after a trigger, a coin reflipped, a subtype gained, cards shared between two
places ("Put 1 into your hand and the rest into your discard pile."), the next time a character
is destroyed, "if it is a \\"kaiser\\" character".  Each says itself in words, like the rest.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.phrases import Cards, Target, ref_words


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _say(effects: list[Node], say: Say) -> str:
    return " ".join(e.words(say) for e in effects)


class Instead(Node):
    """"<effects> instead.": what a trigger does in place of what would have happened (a
    replacement said as a trigger: "If this card is destroyed, ... instead.")."""

    HEAD = "instead"
    instead: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(_say(self.instead, say).rstrip(".") + " instead")


class ReflipCoin(Node):
    """"Reflip that coin." (the coin flip just lost is flipped again)."""

    HEAD = "reflip_coin"
    reflip_coin: Literal[True] = True

    def words(self, say: Say = PLAIN) -> str:
        return "Reflip that coin."


class GainSubtype(Node):
    """"It gains the \\"sarcophyle\\" subtype."."""

    HEAD = "gain_subtype"
    gain_subtype: str = Field(pattern=r"^[a-z][a-z -]*$")
    card: Target = "it"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f'{ref_words(self.card, say)} gains the "{self.gain_subtype}" subtype')


SharePlace = Literal["hand", "discard", "deck_bottom", "deck_top"]
SHARE_WORDS = {"hand": "into {} hand", "discard": "into {} discard pile", "deck_bottom": "on the bottom of {} deck",
               "deck_top": "on top of {} deck"}


class Share(Node):
    """One part of a ``split``: how many (``the_rest``: all the others) and where they go."""

    count: Union[int, Literal["the_rest"]]
    to: SharePlace

    def words(self, say: Say = PLAIN, whose: str = "your") -> str:
        n = "the rest" if self.count == "the_rest" else str(self.count)
        return f"{n} {SHARE_WORDS[self.to].format(whose)}"


class Split(Node):
    """Cards just looked at, searched or revealed shared between places: "Put 1 into your hand and
    1 on the bottom of your deck.", "Put 1 into your hand and the rest into your discard pile."."""

    HEAD = "split"
    split: list[Share] = Field(min_length=2, max_length=2)
    by: Literal["you", "they"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        whose = "your" if self.by == "you" else "their"
        verb = "put" if self.by == "you" else "they put"
        first, second = (s.words(say, whose) for s in self.split)
        return sentence(f"{verb} {first} and {second}")


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
                + _lower(_say(self.then, say)))


class IfItIs(Node):
    """"<effects> if it is a \"kaiser\" character.": effects that happen only if the card is of
    that kind (type, subtype)."""

    HEAD = "if_it_is"
    if_it_is: Cards
    subject: Target = "it"
    then: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(_say(self.then, say).rstrip(".") +
                        f" if {ref_words(self.subject, say)} is {self.if_it_is.words(say)}")


PRINTED_AS = {"its_owner": ("into its owner's", "into it's owner's"), "combat": ("from the battle", "from combat")}
"""Words a card prints for what the language says otherwise: what is said, and how the card says it."""


class AsPrinted(Node):
    """Operations said in the words the card prints ("into it's owner's hand", "remove it from
    combat"): the same operations, their words changed as ``printed`` names."""

    HEAD = "as_printed"
    as_printed: "Effects" = Field(min_length=1)
    printed: Literal[tuple(PRINTED_AS)]  # type: ignore[valid-type]

    def words(self, say: Say = PLAIN) -> str:
        said, printed = PRINTED_AS[self.printed]
        return _say(self.as_printed, say).replace(said, printed)


EXTRA_OPERATIONS: list[type[Node]] = [Instead, ReflipCoin, GainSubtype, Split, NextTimeDestroyed, AsPrinted,
                                      IfItIs]
