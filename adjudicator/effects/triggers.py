"""Triggers (503): "when"/"if"/"at" something happens, a card's effects follow.

A trigger is composed (``Happens``): a subject (this card, the attached character, or any noun phrase of
cards: "a character you control", "an attacking Gearsmith character your opponent controls") and an event
of a small closed set (``EVENTS``: enters play [under whose control], leaves play, is destroyed, attacks,
inflicts [battle] damage [to a noun phrase] ...), a player's event (plays, draws, flips a coin [and loses]), a
faction's (loses influence, 408.3b), a party's (is formed [including this card], 608.1b, 608.1d), or the start or
end of whose turn (``TURNS``); the composition and its tables are ``effects.happens``'s, importable from here too.
The names scripts have used for whole phrases ("your_character_destroyed") are aliases of compositions
(``ALIASES``); ``PHRASES`` keeps the triggers that are not yet a subject and an event ("if this card has at least 2 tokens on
it").
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from adjudicator.effects.base import PLAIN, Node, Say, lower_clause, say_all, sentence
from adjudicator.effects.conditions import Condition
from adjudicator.effects.happens import (  # the composition a trigger waits for, by its old address too
    EVENTS,
    FACTIONS,
    INFLICTS,
    OF_BOTH,
    OF_PLAYERS,
    OF_SUBJECTS,
    PARTIES,
    PARTS_OF,
    PILES,
    PLAYERS,
    SAID,
    SAID_TO_YOU,
    TURN_OF,
    TURNS,
    UNDER,
    Happens,
)
from adjudicator.effects.selectors import Cards

__all__ = ["ALIASES", "COUNTED", "EVENTS", "FACTIONS", "INFLICTS", "OF_BOTH", "OF_PLAYERS", "OF_SUBJECTS", "PARTIES",
           "PARTS_OF", "PHRASES", "PILES", "PLAYERS", "SAID", "SAID_TO_YOU", "TRIGGER_WORDS", "TURN_OF", "TURNS",
           "UNDER", "Happens", "Trigger"]


def _card(**doc: object) -> Cards:
    return Cards.model_validate(doc)


_A_CHARACTER, _A_CARD, _A_RESOURCE, _A_TACTIC = (_card(cards=k, quantity="a") for k in ("character", "card", "resource",
                                                                                       "tactic"))
_YOURS, _THEIRS = (_card(cards="character", quantity="a", controller=who) for who in ("you", "opponent"))
ALIASES: dict[str, tuple[str, Happens]] = {
    name: (opener, Happens(**parts)) for name, opener, parts in [
        ("enters_play", "when", {"event": "enters_play", "subject": "self"}),
        ("card_enters_play", "when", {"event": "enters_play", "subject": _card(cards="card", quantity="a")}),
        ("leaves_play", "when", {"event": "leaves_play", "subject": "self"}),
        ("if_leaves_play", "if", {"event": "leaves_play", "subject": "self"}),
        ("destroyed", "if", {"event": "destroyed", "subject": "self"}),
        ("damaged", "if", {"event": "damaged", "subject": "self"}),
        ("attacks", "if", {"event": "attacks", "subject": "self"}),
        ("blocks", "if", {"event": "blocks", "subject": "self"}),
        ("blocked", "if", {"event": "blocked", "subject": "self"}),
        ("picked", "if", {"event": "picked", "subject": "self"}),
        ("becomes_depleted", "if", {"event": "becomes_depleted", "subject": "self"}),
        ("put_in_discard_from_play", "if", {"event": "put_in_discard_from_play", "subject": "self", "pile": "your"}),
        ("put_in_discard_from_anywhere", "if", {"event": "put_in_discard", "subject": "self", "pile": "your"}),
        ("character_to_opponent_hand_from_play", "if", {"event": "put_in_hand_from_play", "subject": _A_CHARACTER,
                                                         "hand": "opponent"}),
        ("opponent_effect_discards_yours", "if", {"event": "discards", "subject": "you", "by": "opponent"}),
        ("put_in_a_discard_from_play", "if", {"event": "put_in_discard_from_play", "subject": "self", "pile": "a"}),
        ("inflicts_damage", "if", {"event": "inflicts_damage", "subject": "self"}),
        ("inflicts_damage_to_character", "if", {"event": "inflicts_damage", "subject": "self", "to": _A_CHARACTER}),
        ("inflicts_damage_to_faction", "if", {"event": "inflicts_damage", "subject": "self",
                                              "to": _card(cards="faction", quantity="a")}),
        ("battle_damage_inflicted", "if", {"event": "inflicts_battle_damage", "subject": "self"}),
        ("inflicts_battle_damage_to_character", "if", {"event": "inflicts_battle_damage", "subject": "self",
                                                       "to": _A_CHARACTER}),
        ("damaged_by_character", "if", {"event": "inflicts_damage", "subject": _A_CHARACTER, "to": "self"}),
        ("attached_inflicts_damage", "if", {"event": "inflicts_damage", "subject": "attached"}),
        ("attached_inflicts_damage_to_character", "if", {"event": "inflicts_damage", "subject": "attached",
                                                         "to": _A_CHARACTER}),
        ("attached_inflicts_damage_to_faction", "if", {"event": "inflicts_damage", "subject": "attached",
                                                       "to": _card(cards="faction", quantity="a")}),
        ("attached_leaves_play", "if", {"event": "leaves_play", "subject": "attached"}),
        ("attached_destroyed", "if", {"event": "destroyed", "subject": "attached"}),
        ("attached_blocked", "if", {"event": "blocked", "subject": "attached"}),
        ("character_enters_play_under_you", "if", {"event": "enters_play", "subject": _A_CHARACTER, "under": "you"}),
        ("character_enters_play_under_opponent", "if", {"event": "enters_play", "subject": _A_CHARACTER,
                                                        "under": "opponent"}),
        ("your_character_to_discard_from_play", "if", {"event": "put_in_discard_from_play", "subject": _YOURS,
                                                       "pile": "your"}),
        ("your_character_blocks", "if", {"event": "blocks", "subject": _YOURS}),
        ("your_character_destroyed", "if", {"event": "destroyed", "subject": _YOURS}),
        ("your_character_leaves_play", "when", {"event": "leaves_play", "subject": _YOURS}),
        ("opponent_character_destroyed", "if", {"event": "destroyed", "subject": _THEIRS}),
        ("your_attacker_battle_damage_to_character", "if", {
            "event": "inflicts_battle_damage", "to": _A_CHARACTER,
            "subject": _card(cards="character", quantity="an", adjectives=["attacking"], controller="you")}),
        ("you_attack", "if", {"event": "attacks", "subject": "you"}),
        ("opponent_attacks", "if", {"event": "attacks", "subject": "opponent"}),
        ("you_are_attacked", "if", {"event": "attacked", "subject": "you"}),
        ("you_draw", "if", {"event": "draws", "subject": "you"}),
        ("player_draws", "if", {"event": "draws", "subject": "a_player"}),
        ("you_play_card", "if", {"event": "plays", "subject": "you", "what": _A_CARD}),
        ("you_play_resource", "if", {"event": "plays", "subject": "you", "what": _A_RESOURCE}),
        ("opponent_plays_card", "if", {"event": "plays", "subject": "opponent", "what": _A_CARD}),
        ("opponent_plays_character", "if", {"event": "plays", "subject": "opponent", "what": _A_CHARACTER}),
        ("opponent_plays_resource", "if", {"event": "plays", "subject": "opponent", "what": _A_RESOURCE}),
        ("opponent_plays_tactic", "if", {"event": "plays", "subject": "opponent", "what": _A_TACTIC}),
        ("player_plays_tactic", "if", {"event": "plays", "subject": "a_player", "what": _A_TACTIC}),
        ("card_depleted", "if", {"event": "becomes_depleted", "subject": _A_CARD, "said": "is depleted"}),
        ("damage_to_attached", "if", {"event": "damaged", "subject": "attached", "passive": True}),
        ("battle_damage_to_your_character", "if", {"event": "damaged", "subject": _YOURS, "battle": True,
                                                   "passive": True}),
        ("battle_damage_to_opponent_character", "if", {"event": "damaged", "subject": _THEIRS, "battle": True,
                                                       "passive": True}),
        ("battle_damage_to_party_member", "if", {
            "event": "damaged", "battle": True, "passive": True,
            "subject": _card(cards="character", quantity="a", in_party_with_self=True)}),
        ("destroyed_by_battle_damage", "if", {"event": "destroyed", "subject": "self", "battle": True}),
        ("destroyed_during_battle", "if", {"event": "destroyed", "subject": "self", "during": "a battle"}),
        ("battle_damage_while_blocking", "if", {"event": "damaged", "subject": "self", "battle": True, "passive": True,
                                                "while": "blocking"}),
        ("battle_damage_while_attacking", "if", {"event": "damaged", "subject": "self", "battle": True,
                                                 "passive": True, "while": "attacking"}),
        ("enters_or_leaves_play", "when", {"event": "enters_play", "subject": "self", "or_event": "leaves_play"}),
        ("attacks_or_blocks", "if", {"event": "attacks", "subject": "self", "or_event": "blocks"}),
        ("blocks_or_blocked", "if", {"event": "blocks", "subject": "self", "or_event": "blocked"}),
        ("coin_flipped", "if", {"event": "flips_coin", "subject": "a_player", "passive": True}),
        ("you_lose_coin_flip", "if", {"event": "flips_coin", "subject": "you", "lost": True}),
        ("your_faction_loses_influence", "if", {"event": "loses_influence", "subject": "your_faction"}),
        ("opponent_faction_loses_influence", "if", {"event": "loses_influence", "subject": "opponent_faction"}),
        ("party_formed", "if", {"event": "party_formed", "subject": "attacking_or_blocking_party"}),
        ("attacking_party_formed", "if", {"event": "party_formed", "subject": "attacking_party"}),
        ("party_formed_with_self", "when", {"event": "party_formed", "subject": "attacking_or_blocking_party",
                                            "including": "self"}),
        ("attacking_party_with_self", "if", {"event": "party_formed", "subject": "attacking_party",
                                             "including": "self"}),
        ("attacking_party_with_this_character", "if", {"event": "party_formed", "subject": "attacking_party",
                                                       "including": "self"}),
        ("attacking_party_with_self_and_others", "if", {"event": "party_formed", "subject": "attacking_party",
                                                        "including": "self", "others": 0}),
        ("attacks_in_party_larger", "if", {"event": "attacks", "subject": "self", "more_than": 0}),
        ("damage_greater_than", "if", {"event": "damaged", "subject": "self", "passive": True, "amount_over": 0}),
        ("has_tokens", "if", {"event": "has_tokens", "subject": "self", "tokens": 0}),
        ("blocks_covert_party", "if", {"event": "blocks", "subject": "self", "covert": True}),
        ("you_play_gear_attached", "if", {"event": "plays", "subject": "you", "attached_to": "self",
                                          "what": _card(cards="card", quantity="a", subtype="gear")}),
        ("weak_character_enters_under_opponent", "when", {
            "event": "enters_play", "under": "opponent",
            "subject": _card(cards="character", quantity="a", **{"with": "3 strength or less"})}),
        ("attacking_party_with_attached", "if", {"event": "party_formed", "subject": "attacking_party",
                                                 "including": "attached"}),
        ("start_of_turn", "at", {"event": "start_of_turn", "turn": "each"}),
        ("start_of_your_turn", "at", {"event": "start_of_turn", "turn": "you"}),
        ("start_of_opponent_turn", "at", {"event": "start_of_turn", "turn": "opponent"}),
        ("start_of_each_players_turn", "at", {"event": "start_of_turn", "turn": "each_player"}),
        ("end_of_turn", "at", {"event": "end_of_turn", "turn": "each"}),
        ("end_of_your_turn", "at", {"event": "end_of_turn", "turn": "you"}),
        ("end_of_opponent_turn", "at", {"event": "end_of_turn", "turn": "opponent"}),
    ]}
"""The names scripts have given whole trigger phrases, each the composition it stands for (the opener its
words open with): read as that composition, said in its words."""
COUNTED = {"attacks_in_party_larger": "more_than", "attacking_party_with_self_and_others": "others",
           "damage_greater_than": "amount_over", "has_tokens": "tokens"}
"""The aliases whose composition takes its number from the trigger's ``n`` (0 in ``ALIASES``), and where."""


PHRASES = {
    "provider_enters_play": "if a card that provides at least {icons} enters play under your control",
    "played_using_flip_up": "if you played {self} using FLIP UP",
    "played_in_response_to_tactic": "if you played {self} in response to a tactic",
    "destroyed_after_damage_by_self": "if a character is destroyed during a turn when {self} damaged it",
    "provider_enters_play_while_in_discard": "while {self} is in your discard pile, if a card that provides at least "
                                             "{icons} enters play under your control",
    "character_to_hand": "if a character is put into a player's hand",
    "character_to_your_discard": "if a character is put into your discard pile",
    "would_be_destroyed_by_opponent": "if {self} would be destroyed by an opposing card or effect",
}
"""The triggers not yet composed of a subject and an event, by name, in the words they are printed with."""

PRINTED_AS = {"of_less": ("strength or less", "strength of less"),
              "under_and": ("under your opponent's control", "under and opponent's control")}
"""Words a card prints in a trigger for what the language says otherwise (misprints: "3 strength of less",
"under and opponent's control"): what is said, and how the card says it (``Trigger.printed``)."""

TRIGGER_WORDS = {**{name: f"{opener} {happens.clause(Say(self_name='{self}'))}".replace(" 0 ", " {n} ")
                    for name, (opener, happens) in ALIASES.items()}, **PHRASES}
"""Every trigger name's words (``{self}`` for the card's own name, ``{icons}``, ``{n}``)."""


class Trigger(Node):
    """503: "when"/"if"/"at" something happens, do something.  ``may`` makes it optional; a
    ``cost`` paid in the trigger ("you may pay 2. If you do, ...") comes first."""

    HEAD = "when"
    when: Literal[tuple(TRIGGER_WORDS)] | Happens  # type: ignore[valid-type]
    """A name (``TRIGGER_WORDS``: an alias of a composition, or a phrase not yet composed), or a composition."""
    name: str | None = None
    effect: "OneOrMore" = Field(default_factory=list)
    may: bool = False
    cost: "Effects | None" = None
    icons: Annotated[str, StringConstraints(pattern=r"^[OGEDRV]+$")] | None = None
    n: int | None = None
    printed_enter: bool = False
    """The card prints "when this card enter play" (Intriguing Mezzanine): the same trigger, its words as printed."""
    printed: list[Literal[tuple(PRINTED_AS)]] = Field(default_factory=list)  # type: ignore[valid-type]
    """Other words the card prints in the trigger (``PRINTED_AS``): the same trigger, its words as printed."""
    opener: Literal["when", "whenever", "if", "at"] | None = None
    """The word the card opens the trigger with when it is not the one ``TRIGGER_WORDS`` says
    ("When a character ... " for "if a character ..."): wording only, the same trigger (503)."""
    condition: Condition | None = None
    """A condition the trigger also needs as its event happens (503.1): "If you control at least [D] and choose to
    put this card ...": the event's subject, when the condition's too, said once."""

    @property
    def happens(self) -> Happens | None:
        """The composition this trigger waits for (its alias's), None for a phrase not yet composed."""
        if isinstance(self.when, Happens):
            return self.when
        alias = ALIASES.get(self.when)
        counted = COUNTED.get(self.when)  # "more than {n} members": the trigger's number
        return None if alias is None else alias[1].model_copy(update={counted: self.n}) if counted else alias[1]

    @property
    def composed(self) -> bool:
        """Written as a composition rather than by a name."""
        return isinstance(self.when, Happens)

    def words(self, say: Say = PLAIN) -> str:
        icons = "".join(f"[{i}]" for i in self.icons or "")
        head = self.when.words(say) if isinstance(self.when, Happens) else \
            f"{ALIASES[self.when][0]} {self.happens.clause(say)}" if self.when in COUNTED and self.n is not None else \
            TRIGGER_WORDS[self.when].format(self=say.self_name, icons=icons, n=self.n)
        if self.printed_enter:
            head = head.replace(" enters play", " enter play")
        for key in self.printed:
            head = head.replace(*PRINTED_AS[key])
        if self.opener:
            head = f"{self.opener} {head.split(' ', 1)[1]}"
        if self.condition is not None:
            opener, clause = head.split(" ", 1)
            said = self.condition.words(say)
            shared = said.split(" ", 1)[0] + " "
            head = f"{opener} {said} and {clause.removeprefix(shared) if clause.startswith(shared) else clause}"
        body = say_all(self.effect, say)
        if self.cost:
            paid = say_all(self.cost, say)
            body = f"{'you may ' if self.may else ''}{lower_clause(paid)} If you do, {lower_clause(body)}" \
                if self.may else f"{lower_clause(paid)} {body}"
        elif self.may:
            body = "you may " + lower_clause(body)
        return sentence(f"{head}, {lower_clause(body)}")
