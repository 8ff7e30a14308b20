"""Bookkeeping every card game's state shares: who sits at the table, and hands recorded as a count
with the cards a judge could name (recorded play: a draw may be anonymous)."""
from __future__ import annotations

from typing import Any, Callable, MutableMapping, Protocol, Sequence


class Hand(Protocol):
    hand: int
    hand_cards: list[str]


def seat_players(seating: Sequence[str], players: MutableMapping[str, Any], new_player: Callable[[], Any]) -> None:
    """Checks the seating and gives every seated player a state.  Raises ValueError naming the field."""
    if not seating:
        raise ValueError("seating: at least one player is needed")
    if len(set(seating)) != len(seating):
        raise ValueError("seating: player ids must be unique")
    for p in seating:
        players.setdefault(p, new_player())
    unknown = set(players) - set(seating)
    if unknown:
        raise ValueError(f"players: {sorted(unknown)} are not seated")


def change_hand(player: Hand, delta: int, cards: Sequence[str] = (), add: bool = False) -> None:
    """Moves ``delta`` cards in or out of a hand; named cards are added to or taken from the known ones."""
    player.hand = max(0, player.hand + delta)
    for c in cards:
        if add:
            player.hand_cards.append(c)
        elif c in player.hand_cards:
            player.hand_cards.remove(c)
