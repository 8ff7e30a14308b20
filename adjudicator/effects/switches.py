"""Operations that change how the rules treat play for a while: taxes on acts ("Your opponent
must pay 2 to attack."), damage reductions, duplicated tactics, abilities used by an effect."""
from __future__ import annotations

from typing import Literal, Union

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.durations import Until, until_words
from adjudicator.effects.selectors import Cards, Target, ref_words

TAXED = {"attack": "your opponent must pay {n} to attack",
         "pick_your_character": "your opponent must pay {n} to pick a character you control",
         "play_tactic": "your opponent must pay {n} to play a tactic",
         "search_deck": "your opponent must pay {n} to search their deck",
         "use_character_ability": "your opponent must pay {n} to use a character's ability",
         "attack_with_attached": "the attached character's controller must pay {n} to attack with it",
         "named_subtype": "players must pay {n} to play cards with the named subtype"}


class Tax(Node):
    """An extra numeric cost on an act (406): "Your opponent must pay 2 to attack."."""

    HEAD = "tax"
    tax: int
    on: Literal[tuple(TAXED)]  # type: ignore[valid-type]

    def words(self, say: Say = PLAIN) -> str:
        return sentence(TAXED[self.on].format(n=self.tax))


REDUCED = {"to_your_faction": "all damage inflicted to your faction",
           "by_it": "all damage inflicted by it",
           "picked_to_your_faction": "all damage the character inflicts to your faction",
           "this_battle": "all battle damage inflicted during this battle",
           "covert_to_your_faction": "all battle damage inflicted to your faction by characters in Covert parties",
           "attached_battle_damage": "the attached character's battle damage during this battle",
           "amount_to_picked_this_turn": "the amount of damage inflicted to the character this turn",
           "amount_to_it_this_turn": "the amount of damage inflicted to it this turn",
           "amount_to_self_this_turn": "the amount of damage inflicted to this card this turn"}


class ReduceAllDamage(Node):
    """410: "Reduce all damage inflicted to your faction to 0." (for how long: ``until``)."""

    HEAD = "reduce_all_damage"
    reduce_all_damage: Literal[tuple(REDUCED)]  # type: ignore[valid-type]
    to: int = 0
    until: Until | None = None

    def words(self, say: Say = PLAIN) -> str:
        clause = f"reduce {REDUCED[self.reduce_all_damage]} to {self.to}"
        when = until_words(self.until)
        return sentence(f"{when}, {clause}" if when else clause)


class Duplicate(Node):
    """"Duplicate the tactic." (a copy resolves as well, 607)."""

    HEAD = "duplicate"
    duplicate: Union[Literal["last_tactic"], Target]

    def words(self, say: Say = PLAIN) -> str:
        what = "the last tactic played this turn" if self.duplicate == "last_tactic" else ref_words(self.duplicate, say)
        return sentence(f"duplicate {what}")


class ChangeAttackTarget(Node):
    """The target of an attack changed to another card the noun phrase names (608), e.g. "Change the
    target of your opponent's attack to the location.". A verb of the game, general in the card named."""

    HEAD = "change_attack_target"
    change_attack_target: Target

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"change the target of your opponent's attack to {ref_words(self.change_attack_target, say)}")


class ChooseCard(Node):
    """"Choose a revealed character." / "Choose a tactic among them and reveal it." (the card
    chosen is recorded with the action)."""

    HEAD = "choose_card"
    choose_card: Cards
    among_them: bool = False
    and_reveal: bool = False

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"choose {self.choose_card.words(say)}" + (" among them" if self.among_them else "")
                        + (" and reveal it" if self.and_reveal else ""))


class NextDamage(Node):
    """A shield on the next damage inflicted to a card or faction this turn (506.3): the next N damage
    inflicted to it is inflicted to another instead (``instead_to``, 410: "This turn, the next 1 damage
    inflicted to the character is inflicted to this card instead."), or, with no ``instead_to``, the next
    damage inflicted to it is reduced by N (408.2: "Reduce the next damage inflicted to the character this
    turn by 2."). General in N (a number or X) and the cards named."""

    HEAD = "next_damage"
    next_damage: int | Literal["X"]
    to: Target
    instead_to: Target | None = None
    this_turn_first: bool = True

    def words(self, say: Say = PLAIN) -> str:
        on = ref_words(self.to, say)
        if self.instead_to is None:
            return sentence(f"reduce the next damage inflicted to {on} this turn by {self.next_damage}")
        onto = ref_words(self.instead_to, say)
        if self.this_turn_first:
            return sentence(f"this turn, the next {self.next_damage} damage inflicted to {on} is inflicted to {onto} "
                            f"instead")
        return sentence(f"the next {self.next_damage} damage inflicted to {on} this turn is inflicted to {onto} instead")


class UseAbility(Node):
    """Using an ability as an effect: "Use an ability." (any the player may use; which one is recorded with
    the action) or "Use one of the card's abilities." (an ability of the card named, 606.1)."""

    HEAD = "use_ability"
    use_ability: Literal[True, "the card"] = True

    def words(self, say: Say = PLAIN) -> str:
        return "Use an ability." if self.use_ability is True else f"Use one of {self.use_ability}'s abilities."
