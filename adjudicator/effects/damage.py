"""Damage inflicted and removed: "Inflict 2 damage to the character.", divided however a player
wants, "Remove 1 damage from it.".
"""
from __future__ import annotations

from typing import Literal

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.counts import Amount, ForEach, Stat, amount_words
from adjudicator.effects.selectors import PlayerRef, Refs, Target, ref_words, refs_words


class AmountSpec(Node):
    amount: Amount = 0
    to: Refs | None = None
    player: PlayerRef | None = None


class Damage(Node):
    """"Inflict 2 damage to the character." (``to``: a card, a faction reference, a selector); "divided
    however you want" (``divided``), or however the opponent wants (``divided_by: opponent``, 402.1)."""

    HEAD = "damage"
    damage: Amount | AmountSpec
    to: Refs | None = None
    for_each: ForEach | None = None
    where: Stat | None = None
    up_to: bool = False
    divided: bool = False
    divided_by: Literal["you", "opponent"] = "you"
    by_self: bool = False
    additional: bool = False

    def words(self, say: Say = PLAIN) -> str:
        spec = self.damage if isinstance(self.damage, AmountSpec) else None
        n = spec.amount if spec else self.damage
        to = (spec.to if spec else None) or self.to
        tail = f" {self.for_each.words(say)}" if self.for_each else ""
        tail += f", where X is {self.where.words(say)}" if self.where is not None else ""
        how = f" divided however {'your opponent wants' if self.divided_by == 'opponent' else 'you want'}" \
            if self.divided else ""
        verb = f"{say.self_name} inflicts" if self.by_self else "inflict"
        n_said = amount_words(n, say) + (" additional" if self.additional else "")
        return sentence(f"{verb} {'up to ' if self.up_to else ''}{n_said} damage{how} to "
                        f"{refs_words(to, say)}{tail}")


class Heal(Node):
    """Damage removed from a card: "Remove 2 damage from the character.". A verb of the game,
    general in the amount and the card named."""

    HEAD = "heal"
    heal: Amount
    card: Target | None = None

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"remove {amount_words(self.heal, say)} damage from {ref_words(self.card or 'it', say)}")
