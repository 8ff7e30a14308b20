"""States of the game a card's text reads as a condition, judged off the position alone: "while
your opponent has at least 10 cards in their discard pile", "while you have an even number of cards in
your hand", "while you control only 1 character", "if there are at least 3 tokens on this card", "if
the character has received damage this turn", "use this only if there are an even number of
characters in play".  ``adjudicator.spoils.text.scripts`` reads ``STATES`` for a "while" or an "if"
(504.1: checked at the moment it is read) and ``ONLY`` for a "play (use) this only if ..." (401.3a).

Each check takes the position, the card the condition is about (the card whose text it is, or the
card the script picked), the player whose text it is and the number the text says (None when it says
none).  None from a check: the condition needs a number the position does not give (X).
"""
from __future__ import annotations

from collections import Counter
from typing import Callable

from adjudicator.spoils.model.state import CardInPlay, SpoilsState

Check = Callable[[SpoilsState, str, str, int], bool]


def characters(s: SpoilsState, player: str | None = None, *, opponent_of: str | None = None) -> int:
    """How many characters ``player`` controls (or the opponents of ``opponent_of``; all of them
    when neither is said)."""
    return sum(1 for c in s.cards.values() if c.type == "character" and (player is None or c.controller == player)
               and (opponent_of is None or c.controller != opponent_of))


def opponents_discard(s: SpoilsState, me: str) -> int:
    """Cards in the opponent's discard pile (open to all: the engine knows each, 302.3)."""
    return max((len(s.players[p].discard) for p in s.seating if p != me), default=0)


NOWHERE = CardInPlay(name="", type="character", owner="", controller="")
"""What a card no longer in play is to a condition: no tokens, no damage, no controller."""


def _card(s: SpoilsState, cid: str) -> CardInPlay:
    return s.cards.get(cid) or NOWHERE


def _attacking_location(s: SpoilsState, cid: str) -> bool:
    b = s.battle
    return b is not None and cid in b.attackers and b.target.get("kind") == "location"


NEEDS_N = frozenset({"tokens_at_least", "it_tokens_at_least", "opponent_discard_at_least", "hand_at_least",
                     "deck_at_least",  # scripted_split_cards' ONLY entry
                     "control_only_characters", "opponent_hand_at_most", "opponent_played_same_name"})

def tokens_at_least(s: SpoilsState, cid: str, me: str, n: int) -> bool:
    return _card(s, cid).tokens >= n


def opponent_discard_at_least(s: SpoilsState, cid: str, me: str, n: int) -> bool:
    return opponents_discard(s, me) >= n


def opponent_played_same_name(s: SpoilsState, cid: str, me: str, n: int) -> bool:
    """"An opponent played at least N cards with the same name this turn" (the names each player played
    this turn, ``SpoilsState.names_played_this_turn``)."""
    for p in s.seating:
        played = Counter(name for name in s.names_played_this_turn.get(p, []) if name)
        if p != me and played and max(played.values()) >= n:
            return True
    return False


def opponent_controls_more(s: SpoilsState, cid: str, me: str, n: int) -> bool:
    return characters(s, opponent_of=me) > characters(s, me)


ONLY: dict[str, Check] = {
    "opponent_discard_at_least": opponent_discard_at_least,
    "opponent_controls_more": opponent_controls_more,
    "tokens_at_least": tokens_at_least,
    "even_characters": lambda s, cid, me, n: characters(s) % 2 == 0,
    "opponent_influence_at_most": lambda s, cid, me, n: all(
        s.players[p].faction.influence <= n for p in s.seating if p != me),
    "not_during_battle": lambda s, cid, me, n: s.battle is None,
    "your_turn_not_battle": lambda s, cid, me, n: s.active_player == me and s.battle is None,
    "opponent_turn_not_battle": lambda s, cid, me, n: s.active_player != me and s.battle is None,
}
""""Play (use) this only if ...": each restriction the engine checks as the cost is paid (401.3a)."""


__all__ = ["ONLY", "characters", "opponents_discard"]
