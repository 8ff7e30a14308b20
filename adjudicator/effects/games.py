"""Operations only one game's cards have: Buffy's talents, traits, fatigue and rules parameters,
and WoW Miniatures' forms."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence, series

TALENT_WORDS = {"butt_kicking": "butt-kicking", "smarts": "smarts", "weirdness": "weirdness", "charm": "charm"}
Talent = Literal["butt_kicking", "smarts", "weirdness", "charm"]


BUFFY_PARAMETERS = ("hand_size", "destiny_to_win", "park_turns_to_win", "fatigue_penalty", "fight_draw",
                    "challenge_attacker_draw", "challenge_defender_draw", "max_items")
Parameter_ = Literal["hand_size", "destiny_to_win", "park_turns_to_win", "fatigue_penalty", "fight_draw",
                     "challenge_attacker_draw", "challenge_defender_draw", "max_items"]


class Set(Node):
    """A rules parameter set to a value (Buffy: ``destiny_to_win``, ``fatigue_penalty``...)."""

    HEAD = "set"
    set: Parameter_
    value: int = Field(ge=0)
    for_: str | None = Field(None, alias="for")
    while_at: str | None = None
    once_per_turn: bool = False
    key: str | None = None
    applies_to: Any = None

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"the {self.set.replace('_', ' ')} is {self.value}")


class AvoidFatigue(Node):
    """Buffy (Faith's Motel): what would fatigue the character does not."""

    HEAD = "avoid_fatigue"
    avoid_fatigue: Literal[True]
    for_: str | None = Field(None, alias="for")
    once_per_turn: bool = False

    def words(self, say: Say = PLAIN) -> str:
        once = "once per turn, " if self.once_per_turn else ""
        who = self.for_ or "a character"
        return sentence(f"{once}while {who} is here, something that would fatigue {say.pronoun} does not")


class FightTalent(Node):
    """Buffy: fights involving the card resolve on another talent."""

    HEAD = "fight_talent"
    fight_talent: Talent

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"fights involving {say.self_name} resolve on {TALENT_WORDS[self.fight_talent]}")


class GrantTraits(Node):
    """Buffy: the character carrying (or being) the card has these traits."""

    HEAD = "grant_traits"
    grant_traits: list[str] = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"the character carrying it has {series(self.grant_traits)}")


class TakeForm(Node):
    """WoW Miniatures (302): a character takes a form, which may give it an attack."""

    HEAD = "take_form"
    take_form: str
    who: str
    attack: Literal["physical", "ranged", "spell"] | None = None

    def words(self, say: Say = PLAIN) -> str:
        gives = f", which gives it a {self.attack} attack" if self.attack else ""
        return sentence(f"the {self.who} takes {self.take_form} form{gives}")
