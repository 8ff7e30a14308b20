"""How many: numbers read off the game ("its strength", "the number of [R] you control"),
multipliers ("for each token on it") and the amounts operations take.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import StringConstraints, model_validator

from adjudicator.effects.base import PLAIN, Node, Say
from adjudicator.effects.selectors import Cards, player_words, ref_words


FIXED_STATS = {"tokens_removed": "the number of tokens removed this way",
               "characters_depleted": "the number of characters you deplete this way",
               "characters_destroyed": "the number of characters destroyed this way",
               "cards_drawn": "the number of cards drawn",
               "opposing_party_strength": "the total strength of the opposing party",
               "their_printed_life": "their printed life",
               "destroyed_character_strength": "the destroyed character's strength when it was destroyed",
               "cards_put_on_bottom_plus_one": "the number of cards you put on the bottom plus 1",
               "tactics_shuffled_in": "the number of tactics shuffled into their deck",
               "total_cost_you_control": "the total numeric cost of all non-resource cards you control",
               "seven_minus_rage": "7 minus the number of [R] you control",
               "removed_cost_difference": "the numeric cost of your opponent's removed card minus the numeric cost "
                                          "of your removed card"}


AMONG_STATS = ("strength", "life", "speed", "structure", "numeric_cost")
"""The statistics of a card compared among cards ("the highest speed among ...")."""


class Stat(Node):
    """A number read off the game: "its strength", "the strength of that character", "the number
    of tokens on this card", "the number of [R] you control"; the highest or lowest such number among the
    cards a selector names (``among``: "the highest speed among characters in the opposing party")."""

    HEAD = "stat"
    stat: Literal["strength", "life", "speed", "structure", "numeric_cost", "damage", "tokens", "influence",
                  "cards_in_hand", "cards_in_deck", "icons", "count", "tokens_removed", "characters_depleted",
                  "characters_destroyed", "cards_drawn", "opposing_party_strength", "their_printed_life",
                  "destroyed_character_strength", "cards_put_on_bottom_plus_one", "tactics_shuffled_in",
                  "total_cost_you_control", "removed_cost_difference", "seven_minus_rage", "cards_put"]
    of: Union[str, "Cards"] = "it"
    phrase: Literal["its", "of", "possessive"] = "its"
    twice: bool = False
    icon: Annotated[str, StringConstraints(pattern=r"^[OGEDRV]$")] | None = None
    half: bool = False
    minus: "Stat | int | None" = None
    among: Literal["highest", "lowest"] | None = None
    to: Literal["deck_bottom", "deck_top", "hand", "discard"] | None = None
    """Where the cards counted by ``cards_put`` went ("the number of cards that player put on the bottom of
    their deck": what the sentence before did, for that player)."""

    @model_validator(mode="after")
    def _among_cards(self) -> "Stat":
        if self.among is not None and (not isinstance(self.of, Cards) or self.stat not in AMONG_STATS):
            raise ValueError("the highest or lowest of a statistic is read among the cards a selector names")
        return self

    def words(self, say: Say = PLAIN) -> str:
        base = self._base(say)
        if self.twice:
            base = f"twice {base}"
        if self.minus is None:
            return base
        return f"{base} minus {self.minus if isinstance(self.minus, int) else self.minus.words(say)}"

    def _base(self, say: Say) -> str:
        if self.stat == "cards_put":
            who = player_words(self.of if isinstance(self.of, str) else None)
            place = PUT_PLACES[self.to or "deck_bottom"].format("your" if who == "you" else "their")
            return f"the number of cards {who} put {place}"
        if self.stat == "icons":
            return f"the number of [{self.icon}] you control"
        if self.stat in FIXED_STATS:
            return FIXED_STATS[self.stat]
        if self.among is not None:
            return f"the {self.among} {self.stat.replace('_', ' ')} among {ref_words(self.of, say)}"
        if self.half:
            return "half " + Stat.model_construct(stat=self.stat, of=self.of, phrase=self.phrase)._base(say) + ", rounded up"
        if self.stat == "tokens":
            return f"the number of tokens on {ref_words(self.of, say)}"
        if self.stat == "count" and isinstance(self.of, Cards):
            return f"the number of {self.of.words(say, single=True)}"
        name = self.stat.replace("_", " ")
        if self.phrase == "its":
            return f"its {name}"
        if self.phrase == "possessive":
            return f"{ref_words(self.of, say)}'s {name}"
        return f"the {name} of {ref_words(self.of, say)}"


PUT_PLACES = {"deck_bottom": "on the bottom of {} deck", "deck_top": "on top of {} deck", "hand": "into {} hand",
              "discard": "into {} discard pile"}


class ForEach(Node):
    """"for each token on it", "for each character you control": a multiplier."""

    HEAD = "for_each"
    for_each: "Cards | TokensOn | IconsYouControl"

    def words(self, say: Say = PLAIN) -> str:
        return f"for each {self.for_each.words(say, single=True)}"


class TokensOn(Node):
    """Tokens on a card, counted or required."""

    HEAD = "tokens_on"
    tokens_on: str = "self"

    def words(self, say: Say = PLAIN, single: bool = False) -> str:
        return f"token on {ref_words(self.tokens_on, say)}"


class IconsYouControl(Node):
    """Resource icons you control, counted: "for each [E] you control"."""

    HEAD = "icons_you_control"
    icons_you_control: Annotated[str, StringConstraints(pattern=r"^[OGEDRV]$")]

    def words(self, say: Say = PLAIN, single: bool = False) -> str:
        return f"[{self.icons_you_control}] you control"


Amount = Union[int, Literal["X", "Y", "X+X", "any", "same"], Annotated[str, StringConstraints(pattern=r"^X[+-]\d+$")], Stat]
"""How many: a number, X (defined by an ``x_is`` sentence or chosen), or a stat read off a card."""


def amount_words(n: Amount | None, say: Say = PLAIN) -> str:
    if n is None:
        return ""
    if isinstance(n, Node):
        return n.words(say)
    return {"any": "any amount of", "same": "the same amount of"}.get(str(n), str(n))


ForEach.model_rebuild()
Stat.model_rebuild()
