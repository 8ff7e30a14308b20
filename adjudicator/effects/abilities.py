"""What a card's text is made of: triggers, replacements, costs, choices, keywords and the
abilities that combine them, plus the Buffy card-play document.  Each says itself in words.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, StringConstraints, model_validator

from adjudicator.effects.base import PLAIN, Node, Say, one_or_many, sentence, series
from adjudicator.effects.operations import TALENT_WORDS, Talent
from adjudicator.effects.phrases import Cards, Stat, Target, ref_words

# ------------------------------------------------------------------------------ triggers

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

    def words(self, say: Say = PLAIN) -> str:
        icons = "".join(f"[{i}]" for i in self.icons or "")
        head = TRIGGER_WORDS[self.when].format(self=say.self_name, icons=icons, n=self.n)
        if self.printed_enter:
            head = head.replace(" enters play", " enter play")
        body = _body(self.effect, say)
        if self.cost:
            paid = _body(self.cost, say)
            body = f"{'you may ' if self.may else ''}{_lower_first(paid)} If you do, {_lower_first(body)}" \
                if self.may else f"{_lower_first(paid)} {body}"
        elif self.may:
            body = "you may " + _lower_first(body)
        return sentence(f"{head}, {_lower_first(body)}")


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != "I " else text


def _body(effects: Any, say: Say) -> str:
    return " ".join(e.words(say) for e in one_or_many(effects))


# ------------------------------------------------------------------------------ replacements

WAYS = {"your_discard": "put into your discard pile", "a_players_hand": "put into a player's hand",
        "discard_from_play": "put into a discard pile from play", "destroy": "destroyed", "hand": "put into its owner's hand", "removed": "removed from the game",
        "deck": "shuffled into its owner's deck", "discard": "put into its owner's discard pile"}
INSTEAD = {"destroy_self": "destroy {self}", "prevent": "prevent it", "destroy": "destroy it", "hand": "put it into its owner's hand",
           "removed": "remove it from the game", "deck": "shuffle it into its owner's deck",
           "discard": "put it into its owner's discard pile",
           "flip_face_down": "flip it face-down under its owner's control",
           "face_down_resource": "put it into play under its owner's control as a face-down resource"}


class Replacement(Node):
    """506: when a card would leave play one way, it does something else instead."""

    HEAD = "instead_of"
    instead_of: Literal["destroy", "hand", "removed", "deck", "discard", "discard_from_play", "your_discard",
                        "a_players_hand"]
    do: Literal["prevent", "destroy", "hand", "removed", "deck", "discard", "flip_face_down", "face_down_resource",
                "destroy_self"] = "prevent"
    applies_to: Annotated[Union[Cards, str, dict[str, Any]], Field(union_mode="left_to_right")] | None = None
    if_no_tokens: bool = False
    optional: bool = False

    def words(self, say: Say = PLAIN) -> str:
        who = ref_words(self.applies_to, say) if isinstance(self.applies_to, Cards) else \
            ref_words(self.applies_to or "self", say)
        if self.if_no_tokens:
            return sentence(f"if there are no tokens on {who} and it's {WAYS[self.instead_of]}, "
                            f"{INSTEAD[self.do].format(self=say.self_name)} instead")
        may = "you may " if self.optional else ""
        return sentence(f"if {who} is {WAYS[self.instead_of]}, {may}{INSTEAD[self.do].format(self=say.self_name)} instead")


class ChangeAmount(Node):
    """410: "If any amount of damage is inflicted to this card, reduce the amount by 2.\""""

    HEAD = "change_amount"
    change_amount: Literal["damage", "cost", "influence_loss"]
    by: int
    to: Target = "self"
    threshold: int | None = None

    def words(self, say: Say = PLAIN) -> str:
        verb = "increase" if self.by > 0 else "reduce"
        what = {"damage": f"any amount of damage is inflicted to {ref_words(self.to, say)}",
                "cost": "you pay a numeric cost", "influence_loss": "your faction loses any amount of influence"}
        return sentence(f"if {what[self.change_amount]}, {verb} the amount by {abs(self.by)}")


# ------------------------------------------------------------------------------ costs

class Pay(Node):
    """A numeric cost paid with resources (309)."""

    HEAD = "pay"
    pay: int | Literal["X", "X+X", "X+X+X"] | Annotated[str, StringConstraints(pattern=r"^\d+\+X$")]
    where: Stat | None = None

    def words(self, say: Say = PLAIN) -> str:
        where = f", where X is {self.where.words(say)}" if self.where is not None else ""
        return sentence(f"pay {self.pay}{where}")


class Pick(Node):
    """Targets picked when the cost is paid (they are "the character" in the effect)."""

    HEAD = "pick"
    pick: Cards
    optional: bool = False
    where: Stat | None = None
    if_you_can: bool = False

    def words(self, say: Say = PLAIN) -> str:
        where = f", where X is {self.where.words(say)}" if self.where is not None else ""
        can = " if you can" if self.if_you_can else ""
        return sentence(("you may pick " if self.optional else "pick ") + self.pick.words(say) + can + where)


ONLY_WORDS = {
    "your_turn": "only during your turn", "opponent_turn": "only during your opponent's turn",
    "attacking": "only while you are attacking", "being_attacked": "only while you are being attacked",
    "opponent_attacking": "only while your opponent is attacking", "battle": "only during a battle",
    "in_discard": "only if {self} is in your discard pile", "while_in_discard": "only while {self} is in your discard pile",
    "in_battle": "only while {self} is in a battle", "once_per_turn": "only once each turn",
    "face_down_resource": "only while {self} is a face-down resource", "no_tokens": "only if there are no tokens on {self}",
    "response_character_played": "only in response to a character being played",
    "response_tactic": "only in response to a tactic", "response_ability": "only in response to an ability",
    "response_character_ability": "only in response to a character's ability",
    "opponent_turn_not_battle": "only during your opponent's turn and not during a battle",
    "your_turn_not_battle": "only during your turn and not during a battle",
    "tactic_played_this_turn": "only if a tactic has been played this turn",
    "response_card_played": "only in response to a card being played",
    "response_tactic_played": "only in response to a tactic being played",
    "response_item_played": "only in response to an item being played",
    "attacking_opponent_blocking": "only while you are attacking and your opponent is blocking",
    "not_during_battle": "only not during a battle",
    "no_tokens_opponent_played_character": "only if no tokens are on {self} and only if your opponent played a "
                                           "character this turn",
    "response_non_faction_ability": "only in response to an ability that's source was not a faction",
    "response_cheap_character_d": "only in response to a character with numeric cost X or less being played, where X "
                                  "is number of [D] you control", "times_each_turn": "only {n} times each turn",
    "tokens_at_least": "only if there are at least {n} tokens on {self}", "you_own_self": "only if you own {self}",
    "opponent_controls_more": "only if your opponent controls more characters than you",
    "even_characters": "only if there are an even number of characters in play",
    "deck_at_least": "only if you have at least {n} cards in your deck",
    "opponent_influence_at_most": "only if your opponent's faction has {n} influence or less",
    "opponent_discard_at_least": "only if your opponent has at least {n} cards in their discard pile",
    "played_other_nonresource": "only if you have played at least {n} other non-resource cards this turn", "not_in_battle_self": "only while {self} is not in a battle", "attacking_self": "only while {self} is attacking",
    "blocking_self": "only while {self} is blocking", "depleted": "only if {self} is depleted",
    "in_hand": "only if {self} is in your hand",
}


class OnlyWhen(Node):
    """A timing or place restriction on using or playing a card: "Use this only during your
    turn.", "Play this only while you are being attacked."."""

    HEAD = "only"
    only: Literal[tuple(ONLY_WORDS)]  # type: ignore[valid-type]
    verb: Literal["use", "play"] = "use"
    n: int | None = None

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"{self.verb} this {ONLY_WORDS[self.only].format(self=say.self_name, n=self.n)}")


# ------------------------------------------------------------------------------ keywords

KEYWORDS = {
    "buffy": {"human": "HUMAN", "vampire": "VAMPIRE", "demon": "DEMON", "slayer": "SLAYER", "spellcraft": "SPELLCRAFT",
              "watcher": "WATCHER", "witch": "WITCH"},
    "spoils": {"covert": "COVERT", "tactical": "TACTICAL", "unique": "UNIQUE", "attach": "ATTACH to",
               "flip_up": "FLIP UP", "recur": "RECUR", "retire": "RETIRE", "provides": "PROVIDES",
               "handoff": "HANDOFF", "staple": "STAPLE"},
    "wowmini": {"form": "Form", "buff": "Buff", "debuff": "Debuff", "totem": "Totem", "pet": "Pet",
                "instant": "Instant", "react": "React"},
}
ALL_KEYWORDS = {k for game in KEYWORDS.values() for k in game}


class Keyword(Node):
    """A keyword or trait as printed: COVERT, UNIQUE Crest, ATTACH to Character, FLIP UP: 2 [O],
    RECUR: [R], HUMAN, Form."""

    HEAD = "keyword"
    keyword: str
    value: str | None = None
    cost: int | None = None
    threshold: str | None = None
    then: "Effects | None" = None

    @model_validator(mode="after")
    def _known(self) -> "Keyword":
        if self.keyword not in ALL_KEYWORDS:
            raise ValueError(f"unknown keyword {self.keyword!r}; expected one of {', '.join(sorted(ALL_KEYWORDS))}")
        return self

    def words(self, say: Say = PLAIN) -> str:
        label = next((g[self.keyword] for name, g in KEYWORDS.items() if self.keyword in g and
                      (say.game in (None, name))), self.keyword.upper())
        icons = "".join(f"[{i}]" for i in (self.threshold or ""))
        if self.keyword in ("flip_up", "recur", "retire", "provides"):
            cost = f"{self.cost} " if self.cost is not None else ""
            then = f" and {_lower_first(_body(self.then, say)).rstrip('.')}" if self.then else ""
            return f"{label}: {cost}{icons}{then}".rstrip()
        if self.value:
            return f"{label} {self.value}"
        return label + ("." if say.game == "buffy" or self.keyword in KEYWORDS["buffy"] else "")


# ------------------------------------------------------------------------------ abilities

class Activated(Node):
    """502: a named ability with a COST: and an EFFECT: section."""

    HEAD = "ability"
    ability: str
    threshold: str | None = None
    cost: "Effects" = Field(default_factory=list)
    effect: "Effects" = Field(default_factory=list)

    def words(self, say: Say = PLAIN) -> str:
        icons = "".join(f"[{i}]" for i in (self.threshold or ""))
        return f"{self.ability}{' ' + icons if icons else ''} COST: {_body(self.cost, say)} EFFECT: {_body(self.effect, say)}"


class Play(Node):
    """What a card does when played and resolved (a tactic, an action card), with its costs:
    "COST: ... EFFECT: ..." when it has a cost section, its sentences otherwise."""

    HEAD = "play"
    play: "Effects"
    cost: "Effects | None" = None

    def words(self, say: Say = PLAIN) -> str:
        if self.cost is not None:
            return f"COST: {_body(self.cost, say)} EFFECT: {_body(self.play, say)}"
        return _body(self.play, say)


class ExtraCost(Node):
    """A cost printed on a card that is not a tactic ("COST: You may pick a character."): paid
    when the card is played, as an extra cost (406)."""

    HEAD = "extra_cost"
    extra_cost: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return f"COST: {_body(self.extra_cost, say)}"


class Static(Node):
    """A continuous effect while the card is in play (optionally while a condition holds)."""

    HEAD = "static"
    static: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return _body(self.static, say)


class Threshold(Node):
    """"[D][D][D]: <ability>": an ability active only while its controller has the icons."""

    HEAD = "requires"
    requires: str
    then: "Abilities"

    def words(self, say: Say = PLAIN) -> str:
        return "".join(f"[{i}]" for i in self.requires) + ": " + " ".join(a.words(say) for a in self.then)


class Choice(Node):
    """"Choose one of the following": each option a list of abilities (or effects)."""

    HEAD = "choose"
    choose: Literal["one", "one_as_rules_text", "opponent_one_as_rules_text"] = "one"
    options: list["Abilities"] = Field(min_length=2)

    def words(self, say: Say = PLAIN) -> str:
        head = {"one_as_rules_text": "Choose one of the following as this card's rules text:",
                "opponent_one_as_rules_text": "Your opponent chooses one of the following as this card's rules text:",
                }.get(self.choose, "Choose one of the following:")
        opts = [f"OPTION {i} " + " ".join(a.words(say) for a in opt) for i, opt in enumerate(self.options, 1)]
        return head + " " + " ".join(opts)


# ------------------------------------------------------------------------------ Buffy card play

class FatigueCard(Node):
    character: str
    attachment: str | None = None


class CardPlay(Node):
    """Buffy's ``play_effect`` document: where the card may be played (``stage``), what it needs
    (``requirement``: talent a character meets alone) and costs (``fatigue_card``,
    ``pay_destiny``), and what it does.  Its parts are fields of one record, every one applied."""

    stage: str | list[str] | None = None
    requirement: dict[Talent, int] | None = None
    fatigue_card: FatigueCard | None = None
    pay_destiny: int | None = Field(None, ge=0)
    gain_destiny: int | None = Field(None, ge=0)
    fight_talent: Talent | None = None
    leave_fight: str | None = None
    leave_challenge: str | None = None
    fatigue: list[str] | None = None
    discard_minions: bool | None = None

    def words(self, say: Say = PLAIN) -> str:
        parts = []
        if self.fatigue_card:
            parts.append(f"Fatigue {self.fatigue_card.attachment or self.fatigue_card.character}:")
        if self.pay_destiny:
            parts.append(f"Pay {self.pay_destiny} destiny:")
        if self.gain_destiny:
            parts.append(sentence(f"gain {self.gain_destiny} destiny"))
        if self.fight_talent:
            parts.append(sentence(f"the fight resolves on {TALENT_WORDS[self.fight_talent]}"))
        for key, phase in (("leave_fight", "fight"), ("leave_challenge", "challenge")):
            if getattr(self, key):
                parts.append(sentence(f"{getattr(self, key)} leaves the {phase}"))
        if self.fatigue:
            parts.append(sentence(f"fatigue {series(self.fatigue)}"))
        if self.discard_minions:
            parts.append("Discard every minion in play.")
        return " ".join(parts)
