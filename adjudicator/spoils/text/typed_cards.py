"""The cards in play by type, and the items attached to each card, read once per position (issue 26):
where a count of "a character you control" or "an item", or a card's statistics, need look instead of
every card in play."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.card_types import types_of
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.text.position_memo import kept, text_memo
from adjudicator.spoils.text.position_memo import memo as position_memo
from adjudicator.spoils.text.scripts import _kinds

SPECIAL_KINDS = frozenset({"card", "member", "non-resource card", "non-token character", "token", "micromajig token"})
"""The kinds ``scripts.matches`` reads other than a card's types (208.1)."""


def typed(state: SpoilsState, cards: Ph.Cards) -> list[str] | None:
    """The cards in play, in order, of the types ``cards`` names, when it names types only (None: any
    card may be one): the only cards ``scripts.matches`` can accept.  Types are text: a card's type and
    the type it kept when it became a character (208.1a)."""
    kinds = _kinds(cards)
    if SPECIAL_KINDS.intersection(kinds):
        return None
    memo = text_memo(state)
    index = memo.get("typed")
    if index is None or not kept():
        index = memo["typed"] = {}
        for cid, card in state.cards.items():
            for t in types_of(card):
                index.setdefault(t, []).append(cid)
    if len(kinds) == 1:
        return index.get(kinds[0], [])
    return [cid for cid in state.cards if any(cid in index.get(k, ()) for k in kinds)]


def gear(state: SpoilsState) -> dict[str, list[Any]]:
    """The items in play attached to each card, in the table's order (201.7c: a card's statistics count
    its gear without looking at every other card)."""
    memo = position_memo(state)
    found = memo.get("gear")
    if found is None:
        found = memo["gear"] = {}
        for other in state.cards.values():
            if other.attached_to is not None and other.type == "item":
                found.setdefault(other.attached_to, []).append(other)
    return found


__all__ = ["SPECIAL_KINDS", "gear", "typed"]
