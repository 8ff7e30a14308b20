"""The cards in play shared between a position and the scratch copies decided on it, each card copied
only when an event changes it (issue 26: copy-on-write).

Deciding an action works on a scratch copy of the position (``rules.context.scratch_copy``); most
actions change one or two cards, so copying every card in play made each decision cost the size of
the table, and the legal actions, one decision per candidate, its square.  ``SharedCards`` is the
``cards`` mapping of such a copy: it holds the very card objects of the position it was copied from
until an event applies.  While an event applies (``evolve.dispatch.apply_event`` opens ``writing``),
every card the projection reaches through the mapping is first replaced by a copy of its own, so the
position copied from, and any other copy sharing the card, never sees the change.  Outside an event
nobody writes a card (the rules read the state and emit events; ``evolve`` alone applies them), so
reads return the shared card as it is.

A card is copied once per scratch copy, the first time an event reaches it; the copy then changes in
place as later events apply, as a card of a state that owns its cards does.  A pickle of a
``SharedCards`` (a state copied whole, a snapshot) is a plain dictionary of cards of its own.
"""
from __future__ import annotations

import pickle
from contextlib import contextmanager
from typing import Any, Iterator


def _own(card: Any) -> Any:
    return pickle.loads(pickle.dumps(card, protocol=pickle.HIGHEST_PROTOCOL))


class SharedCards(dict):  # type: ignore[type-arg]
    """The cards in play of a scratch copy (card id -> ``CardInPlay``), copied on write.  Read as a plain
    dictionary (no method of its own, so reading costs what a dictionary's does); while an event
    applies its class is ``_Writing`` (``writing``)."""

    __slots__ = ("_owned", "text_memo", "_before", "_moved")
    # ``_moved``: the cards that entered or left play while the event applied

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._owned: set[str] = set()
        """The cards this mapping copied (or was given while writing): its own to change."""
        self.text_memo: dict[Any, Any] = {}
        """What was worked out of the text of the cards in play (``position_memo.text_memo``): kept
        across events until one changes what a card says, whom it belongs to or where it is attached
        (``text_of``), or a card enters or leaves play; then only what was worked out of one other
        card's own text is kept (keys ``(CARD, card_id, ...)``)."""
        self._before: dict[str, Any] = {}
        self._moved: set[str] = set()

    def __reduce__(self) -> Any:
        # a whole copy (pickle) owns its cards: a plain dictionary, its cards pickled with it
        return (dict, (dict(dict.items(self)),))

    def copy(self) -> "SharedCards":  # type: ignore[override]
        return shared_with(self)

    @contextmanager
    def writing(self) -> Iterator[None]:
        """While an event applies: the cards reached are copies of their own; afterwards, the text
        memo is dropped if the event changed the text of the table."""
        was = self.__class__
        if was is _Writing:  # an event applied while another applies: the outer one looks afterwards
            yield
            return
        self.__class__ = _Writing
        self._before, self._moved = {}, set()
        try:
            yield
        finally:
            self.__class__ = was
            changed = self._moved | {key for key, before in self._before.items()
                                     if key not in self or text_of(dict.__getitem__(self, key)) != before}
            if changed:
                self.text_memo = {k: v for k, v in self.text_memo.items()
                                  if isinstance(k, tuple) and k[:1] == (CARD,) and k[1] not in changed}
            self._before, self._moved = {}, set()



class _Writing(SharedCards):
    """A ``SharedCards`` while an event applies: every card reached is first made its own."""

    __slots__ = ()

    def _mine(self, key: str) -> Any:
        card = dict.__getitem__(self, key)
        if key not in self._before:
            self._before[key] = text_of(card)
        if key not in self._owned:
            card = _own(card)
            dict.__setitem__(self, key, card)
            self._owned.add(key)
        return card

    def __getitem__(self, key: str) -> Any:
        return self._mine(key)

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return self._mine(key) if dict.__contains__(self, key) else default

    def values(self) -> Any:  # type: ignore[override]
        return [self._mine(k) for k in list(dict.keys(self))]

    def items(self) -> Any:  # type: ignore[override]
        return [(k, self._mine(k)) for k in list(dict.keys(self))]

    def pop(self, key: str, *default: Any) -> Any:  # type: ignore[override]
        if dict.__contains__(self, key):
            card = self._mine(key)
            dict.pop(self, key)
            self._moved.add(key)
            return card
        return dict.pop(self, key, *default)

    def setdefault(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        if not dict.__contains__(self, key):
            self[key] = default
            return default
        return self._mine(key)

    def __setitem__(self, key: str, card: Any) -> None:
        dict.__setitem__(self, key, card)
        self._owned.add(key)
        self._moved.add(key)

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self, key)
        self._moved.add(key)


CARD = "card"
"""The first part of a text memo key ``(CARD, card_id, ...)`` worked out of one card's own text alone
(and checked by its reader against what may change from outside, such as a blank): it is kept when
another card's text changes or another card enters or leaves play."""

VOLATILE = frozenset({"damage", "depleted", "attacks", "can_attack", "tokens", "effective"})
"""What happens to a card in play without changing its text: damage, depletion, attacks, tokens (a
"for each token on it" is counted where the statistic is read, not in the text memo)."""


def text_of(card: Any) -> dict[str, Any]:
    """What the text memo depends on in one card: every field but the ``VOLATILE`` ones, its lists
    and mappings copied one level down (``modifiers`` grow in place)."""
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
            for k, v in card.__dict__.items() if k not in VOLATILE}


def shared_with(cards: dict[str, Any]) -> SharedCards:
    """A mapping holding the same card objects as ``cards`` (copied as events change them).  When
    ``cards`` is itself a scratch copy's, the cards it had copied are now shared too: it copies them
    again before an event changes them."""
    copy = SharedCards(dict.items(cards))
    if isinstance(cards, SharedCards):
        cards._owned = set()
        copy.text_memo = cards.text_memo  # the same text until either changes it (each then has its own)
    return copy


@contextmanager
def writing(cards: dict[str, Any]) -> Iterator[None]:
    """``SharedCards.writing`` for a scratch copy's cards; nothing for a state that owns its cards."""
    if isinstance(cards, SharedCards):
        with cards.writing():
            yield
    else:
        yield


__all__ = ["CARD", "SharedCards", "VOLATILE", "shared_with", "text_of", "writing"]
