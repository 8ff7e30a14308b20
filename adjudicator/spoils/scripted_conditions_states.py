"""States of the game a card's text reads as a condition, judged off the position alone: "while
your opponent has at least 10 cards in their discard pile", "while you have an even number of cards in
your hand", "while you control only 1 character", "if there are at least 3 tokens on this card", "if
the character has received damage this turn", "use this only if there are an even number of
characters in play".  ``adjudicator.spoils.scripts`` reads ``STATES`` for a "while" or an "if"
(504.1: checked at the moment it is read) and ``ONLY`` for a "play (use) this only if ..." (401.3a).

Each check takes the position, the card the condition is about (the card whose text it is, or the
card the script picked), the player whose text it is and the number the text says (None when it says
none).  None from a check: the condition needs a number the position does not give (X).
"""
from __future__ import annotations

from typing import Callable

from adjudicator.spoils import precedence as P
from adjudicator.spoils.state import CardInPlay, SpoilsState

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


def _covert(s: SpoilsState, cid: str) -> bool:
    return cid in s.cards and "covert" in P.keywords(s, cid)[0]


def _attacking_location(s: SpoilsState, cid: str) -> bool:
    b = s.battle
    return b is not None and cid in b.attackers and b.target.get("kind") == "location"


STATES: dict[str, Check] = {
    "tokens_at_least": lambda s, cid, me, n: _card(s, cid).tokens >= n,
    "it_tokens_at_least": lambda s, cid, me, n: _card(s, cid).tokens >= n,
    "opponent_discard_at_least": lambda s, cid, me, n: opponents_discard(s, me) >= n,
    "hand_at_least": lambda s, cid, me, n: s.players[me].hand >= n,
    "hand_even": lambda s, cid, me, n: s.players[me].hand % 2 == 0,
    "opponent_hand_at_most": lambda s, cid, me, n: all(s.players[p].hand <= n for p in s.seating if p != me),
    "control_even_characters": lambda s, cid, me, n: characters(s, me) % 2 == 0,
    "control_only_characters": lambda s, cid, me, n: characters(s, me) == n,
    "control_character_not_owned": lambda s, cid, me, n: any(
        c.type == "character" and c.controller == me and c.owner != me for c in s.cards.values()),
    "opponent_controls_more": lambda s, cid, me, n: characters(s, opponent_of=me) > characters(s, me),
    "attacking_location": lambda s, cid, me, n: _attacking_location(s, cid),
    "picked_is_covert": lambda s, cid, me, n: _covert(s, cid),
    # Damage on characters is cleared as each turn starts (602.1a): damage on it now was received
    # this turn.
    "picked_received_damage": lambda s, cid, me, n: _card(s, cid).damage > 0,
    # ``can_attack`` is set for the cards their controller had as the turn started (602.1c) and
    # cleared when a card changes control; ``attacks`` counts this turn's attacks.
    "started_turn_no_attack": lambda s, cid, me, n: _card(s, cid).controller == me
    and _card(s, cid).can_attack and _card(s, cid).attacks == 0,
    # The cards its play picked, kept on it as it entered play (scripted_costs_history.keep_picks).
    "picked_location_in_play": lambda s, cid, me, n: any(
        p in s.cards and s.cards[p].type == "location" for m in _card(s, cid).modifiers for p in m.get("picked") or []),
}
"""Each state a "while" or an "if" reads, by the name the scripts give it."""
NEEDS_N = frozenset({"tokens_at_least", "it_tokens_at_least", "opponent_discard_at_least", "hand_at_least",
                     "control_only_characters", "opponent_hand_at_most"})

ONLY: dict[str, Check] = {
    "opponent_discard_at_least": STATES["opponent_discard_at_least"],
    "opponent_controls_more": STATES["opponent_controls_more"],
    "tokens_at_least": STATES["tokens_at_least"],
    "even_characters": lambda s, cid, me, n: characters(s) % 2 == 0,
    "opponent_influence_at_most": lambda s, cid, me, n: all(
        s.players[p].faction.influence <= n for p in s.seating if p != me),
    "not_during_battle": lambda s, cid, me, n: s.battle is None,
    "your_turn_not_battle": lambda s, cid, me, n: s.active_player == me and s.battle is None,
    "opponent_turn_not_battle": lambda s, cid, me, n: s.active_player != me and s.battle is None,
}
""""Play (use) this only if ...": each restriction the engine checks as the cost is paid (401.3a)."""


def state_holds(s: SpoilsState, what: str, card_id: str | None, controller: str, n: int | str | None,
                table: dict[str, Check] = STATES) -> bool | None:
    """Whether the state ``what`` holds now (None: not one of ``table``'s, or its number is X
    and none was given)."""
    check = table.get(what)
    if check is None or (what in NEEDS_N and not isinstance(n, int)):
        return None
    return check(s, card_id or "", controller, n if isinstance(n, int) else 0)


__all__ = ["STATES", "ONLY", "state_holds", "characters", "opponents_discard"]
