"""More operations a few Spoils cards print (round 4, new texts): statistics changed on cards of
either of two kinds ("All your opponent's \\"mau\\" characters and Arcanist characters lose 1 strength
and 1 life.").  Each says itself in words, like the rest of the language.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.operations import CardChanges, _gains_loses
from adjudicator.effects.phrases import Cards, Stat, Target, ref_words


class ModifyKinds(Node):
    """A continuous change to the cards of either of two kinds, the owner words of the first
    kind ("your opponent's") holding for both: "All your opponent's \\"mau\\" characters and
    Arcanist characters lose 1 strength and 1 life." (a card of both kinds changes once)."""

    HEAD = "modify_kinds"
    modify_kinds: list[Cards] = Field(min_length=2, max_length=2)
    changes: CardChanges

    def words(self, say: Say = PLAIN) -> str:
        first, second = (c.words(say) for c in self.modify_kinds)
        return sentence(f"{first} and {second} {_gains_loses(self.changes.changes(), plural=True)}")


class KeptDepleted(Node):
    """"Characters depleted by this card cannot be restored by their controller's faction's restore
    rule." (202.7 forbidden for the characters this card's effects depleted, while they stay so);
    ``printed_factions``: the card prints "factions's"."""

    HEAD = "kept_depleted"
    kept_depleted: Literal["characters"] = "characters"
    printed_factions: bool = False

    def words(self, say: Say = PLAIN) -> str:
        faction = "factions's" if self.printed_factions else "faction's"
        return (f"Characters depleted by {say.self_name} cannot be restored by their controller's {faction} "
                "restore rule.")


class OrShared(Node):
    """A choice of two operations said once, the words they share said once: "Remove an item or 2
    cards in your discard pile from the game." (remove an item in your discard pile, or 2 cards)."""

    HEAD = "or_shared"
    or_shared: "Effects" = Field(min_length=2, max_length=2)

    def words(self, say: Say = PLAIN) -> str:
        a, b = (e.words(say).rstrip(".").split(" ") for e in self.or_shared)
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        mid_a, mid_b = a[head:len(a) - tail], b[head:len(b) - tail]
        return sentence(" ".join(a[:head] + mid_a + ["or"] + mid_b + a[len(a) - tail:]))


class XLowerOf(Node):
    """"<effect>, where X is either 5 or the number of [O] you control, whichever is lower." (X the
    lower of a number and a number read off the game, as the effect resolves)."""

    HEAD = "x_lower_of"
    x_lower_of: int
    lower_than: Stat
    then: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        said = " ".join(e.words(say) for e in self.then).rstrip(".")
        return sentence(f"{said}, where X is either {self.x_lower_of} or {self.lower_than.words(say)}, whichever is lower")


STATS = Literal["strength", "life", "speed"]


class EdgeOverOpposing(Node):
    """"While this card is in a battle and there is at least one character in the opposing party, it gains
    X strength, where X is this card's speed minus the highest speed among characters in the opposing
    party." (a continuous change, read afresh while the battle goes on; X below 0 gains nothing, 410.2)."""

    HEAD = "edge_over_opposing"
    edge_over_opposing: STATS  # the statistic gained
    compared: STATS = "speed"

    def words(self, say: Say = PLAIN) -> str:
        me = say.self_name
        return (f"While {me} is in a battle and there is at least one character in the opposing party, it gains X "
                f"{self.edge_over_opposing}, where X is {me}'s {self.compared} minus the highest {self.compared} "
                f"among characters in the opposing party.")


class SearchSameName(Node):
    """"Search your deck for a card with the same name, reveal it, and put it on top of your deck." (the
    name of the card the trigger speaks of: the character destroyed)."""

    HEAD = "search_same_name"
    search_same_name: Literal["deck_top"] = "deck_top"

    def words(self, say: Say = PLAIN) -> str:
        return "Search your deck for a card with the same name, reveal it, and put it on top of your deck."


class GainRulesText(Node):
    """"All characters gain the rules text \"At the start of your turn, you may pay 1. If you don't, destroy
    this card.\"" (each such card has the quoted abilities as its own: "this card", "you" are it and its
    controller)."""

    HEAD = "gain_rules_text"
    gain_rules_text: Cards
    text: "Abilities" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        quoted = " ".join(a.words(PLAIN) for a in self.text)
        return f'{self.gain_rules_text.words(say)[:1].upper()}{self.gain_rules_text.words(say)[1:]} gain the rules ' \
               f'text "{quoted}"'


class IfPlayedSameName(Node):
    """"If an opponent played at least 2 cards with the same name this turn, <effects>." (an "Otherwise, ..."
    that follows is taken when it did not)."""

    HEAD = "if_played_same_name"
    if_played_same_name: Literal["an_opponent"] = "an_opponent"
    at_least: int = Field(2, ge=2)
    then: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        said = " ".join(e.words(say) for e in self.then)
        return (f"If an opponent played at least {self.at_least} cards with the same name this turn, "
                f"{said[:1].lower()}{said[1:]}")


class OpponentsMayCreate(Node):
    """"Each opponent may put 3 Micromajig tokens into play under their control." (each opponent's choice)."""

    HEAD = "opponents_may_create"
    opponents_may_create: int = Field(ge=1)

    def words(self, say: Say = PLAIN) -> str:
        n = self.opponents_may_create
        what = "a Micromajig token" if n == 1 else f"{n} Micromajig tokens"
        return f"Each opponent may put {what} into play under their control."


class BecomesCharacter(Node):
    """"This turn, the item is a \"golem\" character with strength and life equal to its numeric cost and 3
    speed." (the card is a character of that subtype until the turn ends, 201.7)."""

    HEAD = "becomes_character"
    becomes_character: Target
    subtype: str = Field(pattern=r"^[a-z][a-z -]*$")
    speed: int = Field(ge=0)
    until: Literal["turn"] = "turn"

    def words(self, say: Say = PLAIN) -> str:
        return (f"This turn, {ref_words(self.becomes_character, say)} is a \"{self.subtype}\" character with strength "
                f"and life equal to its numeric cost and {self.speed} speed.")


class GainsCharacterType(Node):
    """"This turn, this card gains the \"character\" type and has 3 strength, 3 life, and 3 speed." (201.7)."""

    HEAD = "gains_character_type"
    gains_character_type: Target = "self"
    strength: int = Field(ge=0)
    life: int = Field(ge=0)
    speed: int = Field(ge=0)
    until: Literal["turn"] = "turn"

    def words(self, say: Say = PLAIN) -> str:
        return (f"This turn, {ref_words(self.gains_character_type, say)} gains the \"character\" type and has "
                f"{self.strength} strength, {self.life} life, and {self.speed} speed.")


class LosesCharacterType(Node):
    """"It loses the \"character\" type." (the card is again what it is printed as)."""

    HEAD = "loses_character_type"
    loses_character_type: Target = "it"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"{ref_words(self.loses_character_type, say)} loses the \"character\" type")


EACH_TYPE = {"in_play": "Each player choose a card of each non-resource type they control.",
             "opponents_hands": "Each opponent reveals their hand, chooses a card of each non-resource type in it, and "
                                "discards the remaining non-resource cards."}


class ChooseEachType(Node):
    """A card of each non-resource type kept by each player: of those they control ("the remaining"
    are the others, for the sentence after), or of an opponent's revealed hand, the rest discarded."""

    HEAD = "choose_each_type"
    choose_each_type: Literal[tuple(EACH_TYPE)]  # type: ignore[valid-type]

    def words(self, say: Say = PLAIN) -> str:
        return EACH_TYPE[self.choose_each_type]


class AloneBlockedByAtLeast(Node):
    """"This turn, this card gains 8 strength, 8 life, and 2 speed and while it is the only member of an
    attacking party, only parties with at least 3 members can block it." (the changes, then the limit on
    blocking parties for the same time)."""

    HEAD = "alone_blocked_by_at_least"
    alone_blocked_by_at_least: int = Field(ge=2)
    also: "Effects" = Field(min_length=1)
    until: Literal["turn"] = "turn"

    def words(self, say: Say = PLAIN) -> str:
        said = " ".join(e.words(say) for e in self.also).rstrip(".")
        return (f"{said} and while it is the only member of an attacking party, only parties with at least "
                f"{self.alone_blocked_by_at_least} members can block it.")


class TokenMode(Node):
    """One line of a token menu: "2 TOKENS: Draw a card."."""

    tokens: int = Field(ge=1)
    effects: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return f"{self.tokens} TOKEN{'' if self.tokens == 1 else 'S'}: " + " ".join(e.words(say) for e in self.effects)


class SpendTokens(Node):
    """"You may remove any number of tokens from cards you control. Use the tokens to generate the following
    effects any number of times: 1 TOKEN: ... 2 TOKENS: ..." (the tokens removed pay for the lines chosen)."""

    HEAD = "spend_tokens"
    spend_tokens: list[TokenMode] = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return ("You may remove any number of tokens from cards you control. Use the tokens to generate the following "
                "effects any number of times: " + " ".join(m.words(say) for m in self.spend_tokens))


class MulliganReveal(Node):
    """"If you control at least [D] and choose to put this card on the bottom of your deck as part of your
    mulligan at the start of a game, you may reveal it. If you do, draw a card at the start of your turn."
    (601.1f: a card put back, revealed, for one more card as its player's first turn starts)."""

    HEAD = "mulligan_reveal"
    mulligan_reveal: str = Field(pattern=r"^[OGEDRV]+$")
    cards_drawn: int = Field(1, ge=1)

    def words(self, say: Say = PLAIN) -> str:
        icons = "".join(f"[{i}]" for i in self.mulligan_reveal)
        card = "a card" if self.cards_drawn == 1 else f"{self.cards_drawn} cards"
        return (f"If you control at least {icons} and choose to put {say.self_name} on the bottom of your deck as part "
                f"of your mulligan at the start of a game, you may reveal it. If you do, draw {card} at the start of "
                f"your turn.")


class CountMode(Node):
    """One line of a menu read off a card's tokens: "2 TOKENS: ...", "AT LEAST 3 TOKENS: ..."."""

    tokens: int = Field(ge=0)
    at_least: bool = False
    effects: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        head = f"{'AT LEAST ' if self.at_least else ''}{self.tokens} TOKEN{'' if self.tokens == 1 else 'S'}:"
        return head + " " + " ".join(e.words(say) for e in self.effects)


class TokenCountModes(Node):
    """"That player may add or remove a token from this card. If they do, generate the effect which corresponds
    to the new number of tokens on this card: 0 TOKENS: ... AT LEAST 3 TOKENS: ..." (the player who drew)."""

    HEAD = "token_count_modes"
    token_count_modes: list[CountMode] = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return (f"That player may add or remove a token from {say.self_name}. If they do, generate the effect which "
                f"corresponds to the new number of tokens on {say.self_name}: "
                + " ".join(m.words(say) for m in self.token_count_modes))


class HandCycle(Node):
    """"That player chooses a number for X. Both players put X cards from their hand on the bottom of their deck in
    any order, or their entire hand if they have less than X cards in it. Both players put the top Y cards of their
    deck into their hand, where Y is the number of cards that player put on the bottom of their deck."."""

    HEAD = "hand_cycle"
    hand_cycle: Literal["X"] = "X"

    def words(self, say: Say = PLAIN) -> str:
        return ("That player chooses a number for X. Both players put X cards from their hand on the bottom of their "
                "deck in any order, or their entire hand if they have less than X cards in it. Both players put the "
                "top Y cards of their deck into their hand, where Y is the number of cards that player put on the "
                "bottom of their deck.")


from adjudicator.effects.extras_3 import MORE_OPERATIONS  # noqa: E402

NEW_TEXT_OPERATIONS: list[type[Node]] = [*MORE_OPERATIONS, HandCycle, TokenCountModes, MulliganReveal, SpendTokens, AloneBlockedByAtLeast, ChooseEachType, GainsCharacterType, LosesCharacterType, ModifyKinds, KeptDepleted, OrShared, XLowerOf, EdgeOverOpposing,
                                         SearchSameName, GainRulesText, IfPlayedSameName, OpponentsMayCreate,
                                         BecomesCharacter]
