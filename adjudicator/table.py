"""Bookkeeping every card game's state shares: who sits at the table, and hands recorded as a count
with the cards a judge could name (recorded play: a draw may be anonymous)."""
from __future__ import annotations

from typing import Any, Callable, MutableMapping, Protocol, Sequence


class Hand(Protocol):
    hand: int
    hand_cards: list[str]


class HandAndDiscard(Hand, Protocol):
    discard: list[str]


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
    move_names(player.hand_cards, cards, add)


def discard_from_hand(player: HandAndDiscard, count: int, cards: Sequence[str]) -> None:
    """``count`` cards go from the hand to the discard pile; unnamed ones are recorded as such."""
    change_hand(player, -count, cards)
    player.discard.extend(cards or ["(unnamed card)"] * count)


def move_names(known: list[str], cards: Sequence[str], add: bool) -> None:
    """Adds the named cards to a list of known card names, or takes out those that are in it."""
    for c in cards:
        if add:
            known.append(c)
        elif c in known:
            known.remove(c)
