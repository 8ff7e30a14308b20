"""Triggers (503): "when"/"if"/"at" something happens, a card's effects follow.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from adjudicator.effects.base import PLAIN, Node, Say, lower_clause, say_all, sentence


TRIGGER_WORDS = {
    "enters_play": "when {self} enters play",
    "card_enters_play": "when a card enters play",
    "leaves_play": "when {self} leaves play",
    "enters_or_leaves_play": "when {self} enters or leaves play",
    "destroyed": "if {self} is destroyed",
    "damaged": "if {self} is damaged",
    "start_of_turn": "at the start of each turn",
    "start_of_your_turn": "at the start of your turn",
    "end_of_turn": "at the end of each turn",
    "end_of_your_turn": "at the end of your turn",
    "you_attack": "if you attack",
    "opponent_attacks": "if your opponent attacks",
    "you_are_attacked": "if you are attacked",
    "you_play_resource": "if you play a resource",
    "attacks": "if {self} attacks",
    "blocks": "if {self} blocks",
    "attacks_or_blocks": "if {self} attacks or blocks",
    "inflicts_damage": "if {self} inflicts damage",
    "inflicts_damage_to_character": "if {self} inflicts damage to a character",
    "battle_damage_inflicted": "if {self} inflicts battle damage",
    "picked": "if {self} is picked",
    "put_in_discard_from_play": "if {self} is put into your discard pile from play",
    "if_leaves_play": "if {self} leaves play",
    "inflicts_damage_to_faction": "if {self} inflicts damage to a faction",
    "start_of_each_players_turn": "at the start of each player's turn",
    "start_of_opponent_turn": "at the start of your opponent's turn",
    "end_of_opponent_turn": "at the end of your opponent's turn",
    "blocked": "if {self} is blocked",
    "character_enters_play_under_you": "if a character enters play under your control",
    "provider_enters_play": "if a card that provides at least {icons} enters play under your control",
    "damaged_by_character": "if a character inflicts damage to {self}",
    "you_draw": "if you draw any number of cards",
    "played_using_flip_up": "if you played {self} using FLIP UP",
    "played_in_response_to_tactic": "if you played {self} in response to a tactic",
    "your_character_to_discard_from_play": "if a character you control is put into your discard pile from play",
    "party_formed": "if an attacking or blocking party is formed",
    "party_formed_with_self": "when an attacking or blocking party is formed including {self}",
    "blocks_or_blocked": "if {self} blocks or is blocked",
    "battle_damage_while_blocking": "if battle damage is inflicted to {self} while it's blocking",
    "damage_greater_than": "if any amount of damage greater than {n} is inflicted to {self}",
    "attached_inflicts_damage": "if the attached character inflicts damage",
    "you_play_gear_attached": "if you play a \"gear\" card attached to {self}",
    "attacking_party_with_self_and_others": "if an attacking party is formed including {self} and at least {n} other "
                                            "characters",
    "destroyed_after_damage_by_self": "if a character is destroyed during a turn when {self} damaged it",
    "provider_enters_play_while_in_discard": "while {self} is in your discard pile, if a card that provides at least "
                                             "{icons} enters play under your control",
    "inflicts_battle_damage_to_character": "if {self} inflicts battle damage to a character",
    "has_tokens": "if {self} has at least {n} tokens on it",
    "attached_leaves_play": "if the attached character leaves play",
    "attached_inflicts_damage_to_character": "if the attached character inflicts damage to a character",
    "card_depleted": "if a card is depleted",
    "character_enters_play_under_opponent": "if a character enters play under your opponent's control",
    "character_to_hand": "if a character is put into a player's hand",
    "character_to_your_discard": "if a character is put into your discard pile",
    "your_character_blocks": "if a character you control blocks",
    "your_character_destroyed": "if a character you control is destroyed",
    "opponent_character_destroyed": "if a character your opponent controls is destroyed",
    "coin_flipped": "if a coin is flipped",
    "you_lose_coin_flip": "if you lose a coin flip",
    "player_draws": "if a player draws any number of cards",
    "player_plays_tactic": "if a player plays a tactic",
    "your_attacker_battle_damage_to_character": "if an attacking character you control inflicts battle damage to a "
                                                "character",
    "attacking_party_formed": "if an attacking party is formed",
    "attacking_party_with_attached": "if an attacking party is formed including the attached character",
    "attacking_party_with_self": "if an attacking party is formed including {self}",
    "attacking_party_with_this_character": "if an attacking party is formed including this character",
    "battle_damage_to_party_member": "if battle damage is inflicted to a character in a party with {self}",
    "battle_damage_to_your_character": "if battle damage is inflicted to a character you control",
    "battle_damage_to_opponent_character": "if battle damage is inflicted to a character your opponent controls",
    "battle_damage_while_attacking": "if battle damage is inflicted to {self} while it's attacking",
    "damage_to_attached": "if damage is inflicted to the attached character",
    "becomes_depleted": "if {self} becomes depleted",
    "blocks_covert_party": "if {self} blocks a Covert party",
    "destroyed_by_battle_damage": "if {self} is destroyed by battle damage",
    "destroyed_during_battle": "if {self} is destroyed during a battle",
    "put_in_a_discard_from_play": "if {self} is put into a discard pile from play",
    "put_in_discard_from_anywhere": "if {self} is put into your discard pile from anywhere",
    "you_play_card": "if you play a card",
    "your_faction_loses_influence": "if your faction loses influence",
    "opponent_plays_card": "if your opponent plays a card",
    "opponent_plays_character": "if your opponent plays a character",
    "opponent_plays_resource": "if your opponent plays a resource",
    "opponent_plays_tactic": "if your opponent plays a tactic",
    "opponent_faction_loses_influence": "if your opponent's faction loses influence",
    "attached_destroyed": "if the attached character is destroyed",
    "your_character_leaves_play": "when a character you control leaves play",
    "attached_blocked": "if the attached character is blocked",
    "attached_inflicts_damage_to_faction": "if the attached character inflicts damage to a faction",
    "attacks_in_party_larger": "if {self} attacks in a party with more than {n} member",
    "character_to_opponent_hand_from_play": "if a character is put into your opponent's hand from play",
    "would_be_destroyed_by_opponent": "if {self} would be destroyed by an opposing card or effect",
    "weak_character_enters_under_opponent": "when a character with 3 strength of less enters play under and "
                                            "opponent's control",  # Pony Slaystation, as printed
    "opponent_effect_discards_yours": "if an effect controlled by your opponent causes you to discard any number of "
                                      "cards",
}


class Trigger(Node):
    """503: "when"/"if"/"at" something happens, do something.  ``may`` makes it optional; a
    ``cost`` paid in the trigger ("you may pay 2. If you do, ...") comes first."""

    HEAD = "when"
    when: Literal[tuple(TRIGGER_WORDS)]  # type: ignore[valid-type]
    name: str | None = None
    effect: "OneOrMore" = Field(default_factory=list)
    may: bool = False
    cost: "Effects | None" = None
    icons: Annotated[str, StringConstraints(pattern=r"^[OGEDRV]+$")] | None = None
    n: int | None = None
    printed_enter: bool = False
    """The card prints "when this card enter play" (Intriguing Mezzanine): the same trigger, its words as printed."""
    opener: Literal["when", "whenever", "if"] | None = None
    """The word the card opens the trigger with when it is not the one ``TRIGGER_WORDS`` says
    ("When a character ... " for "if a character ..."): wording only, the same trigger (503)."""

    def words(self, say: Say = PLAIN) -> str:
        icons = "".join(f"[{i}]" for i in self.icons or "")
        head = TRIGGER_WORDS[self.when].format(self=say.self_name, icons=icons, n=self.n)
        if self.printed_enter:
            head = head.replace(" enters play", " enter play")
        if self.opener:
            head = f"{self.opener} {head.split(' ', 1)[1]}"
        body = say_all(self.effect, say)
        if self.cost:
            paid = say_all(self.cost, say)
            body = f"{'you may ' if self.may else ''}{lower_clause(paid)} If you do, {lower_clause(body)}" \
                if self.may else f"{lower_clause(paid)} {body}"
        elif self.may:
            body = "you may " + lower_clause(body)
        return sentence(f"{head}, {lower_clause(body)}")
