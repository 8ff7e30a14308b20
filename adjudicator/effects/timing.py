"""When a card or ability may be used or played: "Use this only during your turn.", "Play this
only in response to a card or ability that picked a character as an extra cost.".
"""
from __future__ import annotations

from typing import Literal

from adjudicator.effects.base import PLAIN, Node, Say, sentence


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


class OnlyInResponseToPick(Node):
    """A timing restriction (401.3a): the card can be played only in response to a card or ability
    that picked a card as an extra cost. General in the kind of card picked."""

    HEAD = "only_in_response_to_pick"
    only_in_response_to_pick: Literal["character"] = "character"

    def words(self, say: Say = PLAIN) -> str:
        return f"Play this only in response to a card or ability that picked a {self.only_in_response_to_pick} " \
               f"as an extra cost."
