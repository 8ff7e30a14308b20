"""Choices a player makes as an effect resolves, recorded with the action: cards picked by the
opponent, ties broken, card types and names chosen, one of several cards.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field, model_validator

from adjudicator.effects.base import PLAIN, Node, _Phrase, Say, say_all, sentence
from adjudicator.effects.selectors import Cards


class TheyPick(Node):
    """"Your opponent picks an item they control if they can." (their choice is recorded)."""

    HEAD = "they_pick"
    they_pick: Cards
    if_they_can: bool = False

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"your opponent picks {self.they_pick.words(say)}" + (" if they can" if self.if_they_can else ""))


class TieBreak(Node):
    """"If there is a tie, you decide which character is destroyed." (the choice is recorded)."""

    HEAD = "tie_break"
    tie_break: Literal["is destroyed", "gets the token", "is affected"]

    def words(self, say: Say = PLAIN) -> str:
        return f"If there is a tie, you decide which character {self.tie_break}."


class ChooseCardType(_Phrase):
    """"Choose a card type." (the type chosen is recorded with the action)."""

    HEAD, PHRASE = "choose_card_type", "choose a card type"
    choose_card_type: Literal[True] = True


class NameACard(Node):
    """"Name a card." / "Name a non-resource card." / "Name a card subtype." (recorded with the action)."""

    HEAD = "name_a_card"
    name_a_card: Literal[True] = True
    kind: Literal["card", "non-resource card", "card subtype"] = "card"

    def words(self, say: Say = PLAIN) -> str:
        return f"Name a {self.kind}."


class OpponentChoosesOf(Node):
    """A choice given to the opponent: they choose N of the cards just named ("Your opponent chooses X
    of those cards."; the cards chosen are recorded with the action). General in N."""

    HEAD = "opponent_chooses_of"
    opponent_chooses_of: Union[int, Literal["X"]]

    def words(self, say: Say = PLAIN) -> str:
        return f"Your opponent chooses {self.opponent_chooses_of} of those cards."


class AmongThem(Node):
    """Operations on one of the cards picked before that no operation named yet: "Inflict 1 damage to
    another one of the characters." (said as the operations say it). General: any operations, any cards
    picked."""

    HEAD = "among_picked"
    among_picked: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return say_all(self.among_picked, say)


class ChooseOfEachType(Node):
    """One card of each card type chosen among the cards a selector describes: "Choose a card of each
    non-resource type you control." (cards in play), "... in it" (the hand just revealed). Each type found
    among those cards gets one card the player chooses (recorded with the action and checked as it is
    made: theirs, one per type); the cards not chosen are "the remaining" cards the next sentence names
    (402.5b). General in the kinds (any "<kind> card" selector: "card", "non-resource card"), whose cards
    and where, and in who chooses (the subject around it: "each player", "each opponent")."""

    HEAD = "choose_of_each_type"
    choose_of_each_type: Cards
    in_it: bool = False

    @model_validator(mode="after")
    def _kinds_of_cards(self) -> "ChooseOfEachType":
        kind = self.choose_of_each_type.cards
        if not (isinstance(kind, str) and kind.endswith("card")):
            raise ValueError("a card of each type among cards of a kind: 'card' or 'non-<type> card'")
        return self

    def words(self, say: Say = PLAIN) -> str:
        ref = self.choose_of_each_type
        among = ref.model_copy(update={"zone": None, "quantity": "a"}) if self.in_it else ref.model_copy(
            update={"quantity": "a"})
        said = among.words(say, single=True).replace("card", "type", 1)
        return sentence(f"choose a card of each {said}" + (" in it" if self.in_it else ""))
