"""Cards drawn, discarded and kept in hand: "Draw a card.", "Your opponent discards 2 cards.",
"Your opponent reveals their hand.", a card put back on top of its owner's deck.
"""
from __future__ import annotations

from typing import Literal

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.counts import Amount, amount_words
from adjudicator.effects.selectors import Cards, PlayerRef, player_words


def _third(verb: str, subject: str) -> str:
    """"draw" -> "draws" unless the subject is "you"."""
    if subject == "you":
        return verb
    return verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")


def _act(who: str, verb: str, what: str) -> str:
    """"draw a card" (you: imperative), "your opponent draws a card"."""
    return f"{verb} {what}" if who == "you" else f"{who} {_third(verb, who)} {what}"


class CountSpec(Node):
    count: Amount = 1
    player: PlayerRef | None = None
    cards: list[str] | None = None


class Draw(Node):
    HEAD = "draw"
    draw: Amount | CountSpec
    player: PlayerRef | None = None
    cards: list[str] | None = None
    up_to: bool = False
    numeral: bool = False

    def words(self, say: Say = PLAIN) -> str:
        spec = self.draw if isinstance(self.draw, CountSpec) else None
        n = spec.count if spec else self.draw
        who = player_words((spec.player if spec else None) or self.player)
        what = "1 card" if n == 1 and self.numeral else "a card" if n == 1 and not self.up_to else f"{'up to ' if self.up_to else ''}{amount_words(n, say)} cards"
        return sentence(_act(who, "draw", what))


class Discard(Node):
    HEAD = "discard"
    discard: Amount | CountSpec | Literal["hand"]
    what: Cards | None = None
    player: PlayerRef | None = None
    at_random: bool = False
    another: bool = False
    that: Literal["card", "character", "item", "location", "tactic", "those cards"] | None = None
    numeral: bool = False

    def words(self, say: Say = PLAIN) -> str:
        spec = self.discard if isinstance(self.discard, CountSpec) else None
        n = spec.count if spec else self.discard
        who = player_words((spec.player if spec else None) or self.player)
        what = self.what.words(say) if self.what is not None else \
            (self.that if self.that.startswith("those") else f"that {self.that}") if self.that else \
            ("their hand" if self.player not in (None, "you") else "your hand") if n == "hand" else \
            "another card" if self.another else ("1 card" if self.numeral else "a card") if n == 1 else f"{amount_words(n, say)} cards"
        return sentence(_act(who, "discard", what) + (" at random" if self.at_random else ""))


class OwnerPutsOnTop(Node):
    """The owner of the card named puts a card from their hand on top of their deck (their choice,
    recorded): a choice given to another player, general in the card whose owner acts."""

    HEAD = "owner_puts_on_top"
    owner_puts_on_top: Literal["a card from their hand"] = "a card from their hand"

    def words(self, say: Say = PLAIN) -> str:
        return f"Its owner puts {self.owner_puts_on_top} on the top of their deck."
