"""On what condition: the conditions a card's sentences test ("if the character has 4 life or
less", "while this card is attacking", "you control [O][O]"), one union told apart by head.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from adjudicator.effects.base import PLAIN, Node, Say, tagged
from adjudicator.effects.counts import Stat
from adjudicator.effects.selectors import Cards, Target, ref_words


class StatAtMost(Node):
    """"if the character has 4 life or less"."""

    HEAD = "has"
    has: Stat
    at_most: int | Literal["X", "X+X"] | None = None
    at_least: int | Literal["X", "X+X"] | None = None
    exactly: int | Literal["X"] | None = None
    subject: Target = "it"

    def words(self, say: Say = PLAIN) -> str:
        if self.exactly is not None:
            return f"{ref_words(self.subject, say)} has {self.exactly} {self.has.stat.replace('_', ' ')}"
        n, bound = (self.at_most, "or less") if self.at_most is not None else (self.at_least, "or more")
        if self.has.stat == "numeric_cost":
            return f"{ref_words(self.subject, say)} has numeric cost {n} {bound}"
        return f"{ref_words(self.subject, say)} has {n} {self.has.stat.replace('_', ' ')} {bound}"


class YouControl(Node):
    """"you control a \\"node\\" card", "your opponent controls no characters"."""

    HEAD = "control"
    control: Cards
    who: Literal["you", "opponent"] = "you"
    negated: bool = False

    def words(self, say: Say = PLAIN) -> str:
        who = "you" if self.who == "you" else "your opponent"
        verb = ("control" if self.who == "you" else "controls")
        what = self.control.words(say)
        if self.negated:
            what = "no " + self.control.words(say, single=True)
        return f"{who} {verb} {what}"


class TokenOnIt(Node):
    """"there is a token on this card", "there are no tokens on this card"."""

    HEAD = "token_on"
    token_on: str = "self"
    none: bool = False
    at_least: int | None = None

    def words(self, say: Say = PLAIN) -> str:
        where = ref_words(self.token_on, say)
        if self.at_least is not None:
            return f"there are at least {self.at_least} tokens on {where}"
        return f"there are no tokens on {where}" if self.none else f"there is a token on {where}"


STATE_WORDS = {"opponent_played_same_name": "an opponent played at least {n} cards with the same name this turn",
               "attacking": "{self} is attacking", "blocking": "{self} is blocking", "in_discard": "{self} is in your discard pile",
               "in_battle": "{self} is in a battle", "in_play": "{self} is in play", "depleted": "{self} is depleted",
               "you_attacking": "you are attacking", "you_attacked": "you are being attacked",
               "your_turn": "it is your turn", "face_down_resource": "{self} is a face-down resource",
               "top_card_revealed": "the top card of your deck is revealed",
               "picked_character_as_cost": "you picked a character as part of its cost",
               "picked_characters_as_cost": "you picked characters as part of its cost",
               "played_using_flip_up": "you played {self} using FLIP UP",
               "not_played_using_flip_up": "you did not play {self} using FLIP UP",
               "picked_item_as_cost": "you picked an item as part of its cost",
               "picked_is_covert": "the character is Covert",
               "damage_to_picked_this_turn": "damage is inflicted to the character this turn",
               "that_card_chosen_type": "that card is the chosen type", "it_chosen_type": "it is the chosen type",
               "opponent_controls_more": "your opponent controls more characters than you",
               "hand_at_least": "you have at least {n} cards in your hand",
               "hand_even": "you have an even number of cards in your hand",
               "opponent_discard_at_least": "your opponent has at least {n} cards in their discard pile",
               "control_even_characters": "you control an even number of characters",
               "control_only_characters": "you control only {n} character",
               "control_character_not_owned": "you control a character you don't own",
               "attacking_location": "{self} is attacking a location",
               "gear_attached": "a \"gear\" card is attached to {self}",
               "tokens_at_least": "there are at least {n} tokens on {self}",
               "picked_location_in_play": "the picked location is in play",
               "picked_received_damage": "the character has received damage this turn",
               "started_turn_no_attack": "{self} started the turn under your control and did not attack this turn",
               "it_destroyed_by_that_damage": "it is destroyed by that damage",
               "it_tokens_at_least": "it has at least {n} tokens on it",
               "it_is_staple_resource": "it is a staple resource",
               "damage_has_been_to_picked": "damage has been inflicted to the character this turn",
               "appropriate_character_revealed": "an appropriate character is revealed",
               "opponent_hand_at_most": "your opponent has {n} or fewer cards in their hand",
               "only_attacking_member": "{self} is the only member of an attacking party",
               "removed_cost_at_least_opponents": "the numeric cost of your removed card is greater than or equal to "
                                                  "the numeric cost of your opponent's"}


class During(Node):
    """A state of the game: "this card is attacking", "you are being attacked"; a state of a card said of "it"
    ("it is the only member of an attacking party": ``subject``), the card the sentence speaks of."""

    HEAD = "during"
    during: Literal[tuple(STATE_WORDS)]  # type: ignore[valid-type]
    n: int | Literal["X"] | None = None
    subject: Literal["self", "it"] = "self"

    @model_validator(mode="after")
    def _said_of_a_card(self) -> "During":
        if self.subject == "it" and "{self}" not in STATE_WORDS[self.during]:
            raise ValueError(f"{self.during!r} is not a state of a card: it has no subject to say as \"it\"")
        return self

    def words(self, say: Say = PLAIN) -> str:
        return STATE_WORDS[self.during].format(self="it" if self.subject == "it" else say.self_name, n=self.n)


class ThereAre(Node):
    """Cards counted at this moment, at least N of them: "there is at least one character in the opposing
    party" (302.10), "there are at least 2 depleted characters your opponent controls". General in the cards (any
    selector the noun grammar reads) and in N."""

    HEAD = "there_are"
    there_are: Cards
    at_least: int = Field(1, ge=1)

    def words(self, say: Say = PLAIN) -> str:
        cards = self.there_are.words(say, single=True)
        return f"there is at least one {cards}" if self.at_least == 1 else f"there are at least {self.at_least} {cards}"


class AllOf(Node):
    """Conditions joined by "and", which holds while every one of them holds (504.1): "this card is in a battle
    and there is at least one character in the opposing party". General in the conditions joined, each read
    on its own."""

    HEAD = "all_of"
    all_of: list["Condition"] = Field(min_length=2)  # type: ignore[valid-type]

    def words(self, say: Say = PLAIN) -> str:
        return " and ".join(c.words(say) for c in self.all_of)


class ControlIcons(Node):
    """"you control [O][O][O]" / "you control at least [O][O]" (icons of resources and cards)."""

    HEAD = "control_icons"
    control_icons: Annotated[str, StringConstraints(pattern=r"^[OGEDRV]+$")]
    at_least: bool = False

    def words(self, say: Say = PLAIN) -> str:
        icons = "".join(f"[{i}]" for i in self.control_icons)
        return f"you control {'at least ' if self.at_least else ''}{icons}"


class WhileAt(Node):
    """Buffy: "while Faith is here" (a character at this location)."""

    HEAD = "while_at"
    while_at: str

    def words(self, say: Say = PLAIN) -> str:
        return f"while {self.while_at} is here"


Condition = tagged("condition", [StatAtMost, YouControl, TokenOnIt, During, WhileAt, ControlIcons, ThereAre, AllOf])
AllOf.model_rebuild()
