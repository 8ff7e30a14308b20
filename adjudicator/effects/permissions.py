"""The golden rule said in cards' words: rulings' permits and forbids (rule ids), restrictions
("This card cannot be blocked.", "cannot" beats "can", 402.7) and permissions a card gives itself.
"""
from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import Field, model_validator

from adjudicator.effects.base import PLAIN, Node, Say, sentence, series
from adjudicator.effects.durations import _Lasting, Until, until_words
from adjudicator.effects.selectors import Cards, Target, ref_words


class _Claim(_Lasting):
    applies_to: Any = None
    card: Target | None = None
    while_at: str | None = None
    for_: str | None = Field(None, alias="for")
    once_per_turn: bool = False
    key: str | None = None

    def _say(self, verb: str, rule: Any) -> str:
        rule = "the rule this ruling names" if rule is True else str(rule)
        who = f" for {self.for_}" if self.for_ else ""
        where = f" while at {self.while_at}" if self.while_at else ""
        once = "once per turn, " if self.once_per_turn else ""
        return sentence(self.timed(f"{once}{verb} {rule}{who}{where}"))


class Permit(_Claim):
    """The golden rule: what ``permit`` (a rule id) forbids is allowed."""

    HEAD = "permit"
    permit: str | Literal[True]

    def words(self, say: Say = PLAIN) -> str:
        return self._say("lift", self.permit)


class Forbid(_Claim):
    """The golden rule: what ``forbid`` (a rule id) allows is forbidden ("cannot" beats "can")."""

    HEAD = "forbid"
    forbid: str | Literal[True]

    def words(self, say: Say = PLAIN) -> str:
        return self._say("forbid what is allowed by", self.forbid)


class Note(Node):
    """A judge's note recorded with a ruling; it changes no rule."""

    HEAD = "note"
    note: str

    def words(self, say: Say = PLAIN) -> str:
        return sentence(self.note)


Act = Literal["attack", "block", "respond", "be_blocked", "be_picked", "attack_or_block", "be_attacked",
              "leave_play", "be_destroyed", "attack_your_faction", "pick_self", "draw", "be_restored",
              "be_restored_by_controller_rule", "be_restored_by_your_rule", "take_control_of_self",
              "be_played", "be_used_again"]


ACT_WORDS = {"attack": "attack", "block": "block", "respond": "respond to {self}", "be_blocked": "be blocked",
             "attack_your_faction": "attack your faction", "pick_self": "pick {self}", "draw": "draw cards",
             "be_restored": "be restored", "take_control_of_self": "take control of {self}", "be_played": "be played",
             "be_used_again": "be used again",
             "be_restored_by_controller_rule": "be restored by its controller's faction's Restore Rule",
             "be_restored_by_your_rule": "be restored by your faction's Restore Rule",
             "be_picked": "be picked", "be_attacked": "be attacked", "leave_play": "leave play",
             "be_destroyed": "be destroyed"}


class Cannot(Node):
    """A restriction ("cannot" beats "can", 402.7): "This card cannot be blocked.", "The attached
    character cannot attack or block.", "Your opponent cannot respond to this card."."""

    HEAD = "cannot"
    cannot: list[Act] = Field(min_length=1)
    who: Union[Literal["opponent", "you"], Target] = "self"
    until: Until | None = None
    until_last: bool = False

    def words(self, say: Say = PLAIN) -> str:
        who = {"opponent": "your opponent", "you": "you"}.get(self.who, None) if isinstance(self.who, str) else None
        acts = series([ACT_WORDS[a].format(self=say.self_name) for a in self.cannot], "or")
        clause = f"{who or ref_words(self.who, say)} cannot {acts}"
        when = until_words(self.until)
        if when and self.until_last:
            return sentence(f"{clause} {when}")
        return sentence(f"{when}, {clause}" if when else clause)


CAN_WORDS = {
    "attack_at_once": "{self} can attack even if it has not been in play under your control since the start of the turn",
    "attack_once_each_turn": "{self} can attack only once each turn",
    "play_as_tactic": "you may play {self} whenever you could play a tactic",
    "assign_past_blockers": "you may assign its battle damage to the target of the attack instead of the blocking party",
    "must_be_picked": "anything that can pick {self} must pick it",
    "draws_battle_damage": "all battle damage that could be assigned to {self} must be assigned to it",
    "covert_party": "while {self} is a member of an attacking party, the party is Covert",
    "no_loss_at_zero_influence": "you do not lose the game because your faction has 0 influence",
    "covert_parties_blockable": "covert parties can be blocked by characters without Covert",
    "enters_under_opponent": "{self} enters play under your opponent's control",
    "must_block": "{self} must block if it can",
    "block_covert_parties": "it can block Covert parties",
    "self_blocks_covert_parties": "{self} can block Covert parties",
    "enters_depleted": "{self} enters play depleted",
    "top_card_revealed": "the top card of your deck is revealed at all times",
    "players_attack_once": "players can attack only once each turn",
    "opponent_hand_revealed": "your opponent's hand is revealed at all times",
    "any_number_in_deck": "you may include as many copies of {self} in your deck as you want",
    "picked_must_block_self": "this turn, the character must block {self} if it can",
    "picked_must_attack": "this turn, the characters must attack if they can",
    "it_must_block_self": "it must block {self} if it can this turn",
    "both_may_use": "both players may use this ability",
    "resolve_to_hand": "put {self} into its owner's hand instead of their discard pile",
    "opponents_first_resource_attached": "the first resource each opponent plays each turn enters play attached to "
                                         "that opponent's faction",
    "play_removed_cards": "for the rest of the game, you may play the removed cards as though they were in your hand "
                          "even if you cannot meet their threshold",
    "use_opponents_abilities": "you may use abilities on your opponent's cards, but you must pay any numeric cost "
                               "with your own resources",
    "opponent_satisfies_costs": "any additional costs must be satisfied as though your opponent is using the ability",
    "effect_as_opponents": "the ability's effect happens as if your opponent used it",
    "everything_unique": "all non-resource cards gain the rules text \"Unique X\", where X is the card's name",
    "only_costs_destroy": "this turn, cards can only be destroyed by costs, and all inflicted damage is reduced to 0",
    "control_opponent_side": "both players are in control of their opponent's side",
    "winning_deck_owner_wins": "if the game ends, the owner of the winning deck wins the game",
    "those_must_block": "those characters must block during this battle if they can, and only those characters can "
                        "block",
    "face_down_tactics_flip_up": "all your face-down tactics gain FLIP UP with numeric cost and threshold equal to "
                                 "their regular numeric cost and threshold",
    "its_unblockable": "it's unblockable",
    "not_destroyed_by_node": "{self} cannot be destroyed by the effects of \"node\" cards",
    "gear_as_tactics": "you may play \"gear\" cards whenever you could play a tactic",
    "switch_seats": "both players switch seats",
    "cover_cannot_damage": "characters with Cover cannot inflict damage to {self}",
    "unresolved_terminated": "all unresolved cards are terminated",
    "all_able_must_block_picked": "this turn, all characters able to block the character must do so",
    "picked_attacks_alone": "when an attacking party is formed including the character, it must have only 1 member",
    "play_tactics_removed_by_self": "for the rest of the game, you may play tactics removed from the game by {self} as "
                                    "though they were in your hand without meeting their threshold",
    "picked_assigns_past_blockers": "if the character assigns battle damage to the blocking party during this "
                                    "battle, assign it to the target of the attack instead",
    "hand_to_discard_this_turn": "this turn, if a card is put into a player's hand, put it into their discard pile "
                                 "instead",
    "repeat_until_opponent_hand_empty": "repeat {self}'s effect until your opponent has no cards in their hand",
    "reveal_as_resource_played": "while {self} is in your hand you may reveal {self} as you are playing a resource",
    "can_block_covert_parties": "can block Covert parties",
    "only_speed_x_blocks": "only characters with at least X speed can block it",
}


ABLE_ACTS = {"attack": "attack", "block": "block", "block_self": "block {self}",
             "block_covert_parties": "block Covert parties"}
"""What a composed permission or requirement lets or makes cards do (``Able``)."""


class Able(Node):
    """What cards can or must do, composed: ``who`` (this card, "it", a noun phrase of cards, or players), "can"
    (the golden rule lifting a rule) or "must" (a requirement, 505.1), an act of ``ABLE_ACTS``, "only once each
    turn", "if it can", and for how long: "Each character you control must attack if it can.", "Players can
    attack only once each turn.".  The compositions a name of ``CAN_WORDS`` stands for are written by that name
    (``ABLE_ALIASES``)."""

    HEAD = "able"
    able: Literal["can", "must"]
    act: Literal[tuple(ABLE_ACTS)]  # type: ignore[valid-type]
    who: Cards | Literal["self", "it", "players"] = "self"
    once_each_turn: bool = False
    if_able: bool = False
    until: Literal["turn"] | None = None
    until_last: bool = False

    @model_validator(mode="after")
    def _fits(self) -> "Able":
        if (self.if_able and self.able != "must") or (self.once_each_turn and self.able != "can"):
            raise ValueError("'if it can' goes with 'must', 'only once each turn' with 'can'")
        return self

    def words(self, say: Say = PLAIN) -> str:
        many = self.who == "players" or (isinstance(self.who, Cards) and self.who.plural)
        who = self.who.words(say) if isinstance(self.who, Cards) else {"self": say.self_name}.get(self.who, self.who)
        clause = f"{who} {self.able} {ABLE_ACTS[self.act].format(self=say.self_name)}"
        clause += " only once each turn" if self.once_each_turn else ""
        clause += f" if {'they' if many else 'it'} can" if self.if_able else ""
        if self.until:
            return sentence(f"{clause} this turn" if self.until_last else f"this turn, {clause}")
        return sentence(clause)


def _able(**doc: Any) -> Able:
    return Able.model_validate(doc)


ABLE_ALIASES: dict[str, Able] = {
    "must_block": _able(able="must", act="block", if_able=True),
    "it_must_block_self": _able(able="must", act="block_self", who="it", if_able=True, until="turn", until_last=True),
    "picked_must_block_self": _able(able="must", act="block_self", who={"cards": "character", "quantity": "the"},
                                    if_able=True, until="turn"),
    "picked_must_attack": _able(able="must", act="attack", who={"cards": "character", "quantity": "the", "plural": True},
                                if_able=True, until="turn"),
    "block_covert_parties": _able(able="can", act="block_covert_parties", who="it"),
    "self_blocks_covert_parties": _able(able="can", act="block_covert_parties"),
    "attack_once_each_turn": _able(able="can", act="attack", once_each_turn=True),
    "players_attack_once": _able(able="can", act="attack", who="players", once_each_turn=True),
}
"""The names of ``CAN_WORDS`` that are compositions of who, "can"/"must" and an act: each says the same words."""


class Can(Node):
    """A permission the card gives itself (the golden rule lifting a named rule)."""

    HEAD = "can"
    can: Literal[tuple(CAN_WORDS)]  # type: ignore[valid-type]

    def words(self, say: Say = PLAIN) -> str:
        return sentence(CAN_WORDS[self.can].format(self=say.self_name))


class KeptDepleted(Node):
    """A restriction on restoring: characters depleted by this card's effects are not restored by
    their controller's faction's restore rule (202.7). General in the characters it applies to."""

    HEAD = "kept_depleted"
    kept_depleted: Literal["characters"] = "characters"
    printed_factions: bool = False

    def words(self, say: Say = PLAIN) -> str:
        faction = "factions's" if self.printed_factions else "faction's"
        return (f"Characters depleted by {say.self_name} cannot be restored by their controller's {faction} "
                "restore rule.")
