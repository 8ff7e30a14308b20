"""The numbers a static ability reads off the position for its X ("..., where X is this card's speed minus the
highest speed among characters in the opposing party", 502.2), and its changes made with that X.

``amount`` answers what it reads in full and None for anything else (the ability then changes nothing: never
a guess): a statistic of the card itself ("this card's speed", "its strength"), the highest or lowest
statistic among the cards in play a selector names, a number or such a statistic subtracted, floored at 0
(410.4).  ``continuous`` passes its reader of a card's statistics in (``read``), so this module reads nothing
of the precedence it feeds.
"""
from __future__ import annotations

from typing import Any, Callable

from adjudicator.effects import Node
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.text import selector_reads as SR
from adjudicator.spoils.text.scripts import matches

Read = Callable[[SpoilsState, str, str], "tuple[int | None, Any]"]
"""A card's statistic as precedence weighs it (``continuous.stat``)."""

STATS = ("strength", "life", "speed")
ITSELF = ("self", "it", "itself")


def amount(state: SpoilsState, stat: Ph.Stat, card_id: str, controller: str, read: Read) -> int | None:
    """X as the static ability of the card in play ``card_id`` reads it now (None: not a number read here)."""
    if stat.twice or stat.half or stat.icon is not None:
        return None
    n = _base(state, stat, card_id, controller, read)
    if n is None or stat.minus is None:
        return None if n is None else max(n, 0)
    less = stat.minus if isinstance(stat.minus, int) else amount(state, stat.minus, card_id, controller, read)
    return None if less is None else max(n - less, 0)


def _base(state: SpoilsState, stat: Ph.Stat, card_id: str, controller: str, read: Read) -> int | None:
    if stat.stat not in STATS:
        return None
    if stat.among is None:
        return (read(state, card_id, stat.stat)[0] or 0) if stat.of in ITSELF else None
    if not isinstance(stat.of, Ph.Cards) or not among_read(stat.of):
        return None
    values = [read(state, cid, stat.stat)[0] or 0 for cid in state.cards
              if matches(state, cid, stat.of, controller, card_id)]
    if not values:
        return None  # no card to compare: no number (a "while" before it says when there is one)
    return max(values) if stat.among == "highest" else min(values)


def among_read(cards: Ph.Cards) -> bool:
    """Whether the cards in play a selector names are all read by ``scripts.matches`` (no bound "with ...", no
    zone out of play, no resource kept apart, no qualifier the selectors leave unread, no card referred to)."""
    kinds = cards.cards if isinstance(cards.cards, list) else [cards.cards]
    return cards.with_ is None and cards.zone in (None, "play", "battle") and "resource" not in kinds and \
        cards.quantity not in SR.REFERRING_QUANTITIES and not SR.unread(cards) and \
        not set(cards.adjectives) & SR.REFERRING


def with_x(op: Node, x: int) -> Node:
    """``op`` with the X it changes statistics by made ``x`` ("gains X strength"); another operation as it is."""
    if not (isinstance(op, O.Modify) and isinstance(op.modify, O.CardChanges)):
        return op
    signs = {"X": 1, "-X": -1}
    update = {name: signs[v] * x for name, v in op.modify.changes() if v in signs}
    return op.model_copy(update={"modify": op.modify.model_copy(update=update)}) if update else op
