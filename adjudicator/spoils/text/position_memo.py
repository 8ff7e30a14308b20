"""What the text of the cards says at one position, read once (issue 26; XMage keeps its continuous
effects in lists per category and applies them once per state change, not once per question).

``memo(state)`` is a dictionary kept for the position ``state`` holds now: the continuous effects of
every card in play (``continuous.sources``) and their index by what they bear on, each card's
statistics and keywords, which cards are treated as though they have no rules text.  A state changes
only as events are applied to it (``evolve.dispatch.apply_event``, which calls ``forget``), so the
memo lives as long as the state object does and is dropped as an event applies; a copy of a state
(the decision context's scratch state) is another object with a memo of its own.  Held by identity,
outside the model: it is never dumped, compared, pickled or copied with the state.
"""
from __future__ import annotations

import functools
import pickle
import weakref
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

from adjudicator.spoils.model.shared_cards import SharedCards
from adjudicator.spoils.model.state import SpoilsState

_MEMOS: dict[int, tuple[weakref.ref[SpoilsState], dict[Any, Any]]] = {}
_KEPT = [True]
Answer = TypeVar("Answer", bound=Callable[..., Any])


@contextmanager
def unkept() -> Iterator[None]:
    """Nothing read is kept while inside: every question re-derives what it reads, as before
    issue 26 (the equivalence test compares both ways)."""
    _KEPT.append(False)
    try:
        yield
    finally:
        _KEPT.pop()


def kept() -> bool:
    """Whether what is read of a position is kept (see ``unkept``)."""
    return _KEPT[-1]


def memo(state: SpoilsState) -> dict[Any, Any]:
    """The memo of ``state``'s current position (empty after it changed; a fresh one every time
    inside ``unkept``)."""
    if not _KEPT[-1]:
        return {}
    key = id(state)
    entry = _MEMOS.get(key)
    if entry is not None and entry[0]() is state:
        return entry[1]
    found: dict[Any, Any] = {}
    _MEMOS[key] = (weakref.ref(state, functools.partial(_dropped, key)), found)
    return found


def text_memo(state: SpoilsState) -> dict[Any, Any]:
    """The memo of what the text of the cards in play says at ``state``: what depends only on the
    cards in play, their text, controllers, attachments and modifiers, never on damage, depletion,
    tokens, players, lasting effects or the turn.  A scratch copy keeps it across the events that
    leave that text as it was (``model.shared_cards``: a card that leaves play, changes controller
    or gains a modifier drops it); any other state keeps it with its position (``memo``).  Nothing
    kept in it holds a card object (a card changed by an event is another object): card ids only."""
    if not _KEPT[-1]:
        return {}
    cards = state.cards
    if isinstance(cards, SharedCards):
        return cards.text_memo
    return memo(state).setdefault("text", {})


def share(state: SpoilsState, copy: SpoilsState) -> None:
    """``copy`` is a copy of ``state`` (the same position): it reads from the same memo until an
    event changes either of them (each then has a memo of its own)."""
    entry = _MEMOS.get(id(state))
    if isinstance(copy.cards, SharedCards) and not isinstance(state.cards, SharedCards) and _KEPT[-1]:
        copy.cards.text_memo = text_memo(state)  # the same text until the copy changes it
    if _KEPT[-1] and entry is not None and entry[0]() is state:
        key = id(copy)
        _MEMOS[key] = (weakref.ref(copy, functools.partial(_dropped, key)), entry[1])


def forget(state: SpoilsState) -> None:
    """``state`` is changing: what was read of its position no longer holds."""
    entry = _MEMOS.get(id(state))
    if entry is not None and entry[0]() is state:
        del _MEMOS[id(state)]


def answered_once(question: str) -> Callable[[Answer], Answer]:
    """A method ``(owner, state, *args)`` whose answer is worked out once per position and kept with
    the position's memo (``legal_actions``: python-chess generates its moves once per position);
    every caller gets a fresh copy of it (a pickle round trip), so none can change what the next one
    reads.  The position number is part of the key (a message may name it).  Inside ``unkept`` the
    answer is worked out every time, as before issue 26."""
    def kept_once(answer: Answer) -> Answer:
        @functools.wraps(answer)
        def once(owner: Any, state: SpoilsState, *args: Any) -> Any:
            if not _KEPT[-1]:
                return answer(owner, state, *args)
            found = memo(state)
            key = (question, getattr(state, "position", None), *args)
            blob = found.get(key)
            if blob is None:
                blob = found[key] = pickle.dumps(answer(owner, state, *args), protocol=pickle.HIGHEST_PROTOCOL)
            return pickle.loads(blob)
        return once  # type: ignore[return-value]
    return kept_once


class SourceIndex:
    """The continuous effects at a position, in their order, and indexed by what they bear on: the
    rule a ``permit`` or ``forbid`` names, the parameter a ``modify`` changes, keywords gained or lost
    (each a ``subjects.Source``)."""

    def __init__(self, every: list[Any], attached: dict[str, str] | None = None):
        self.every = every
        self._rules: dict[str, list[Any]] = {}
        self._parameters: dict[Any, list[Any]] = {}
        self.keywording: list[Any] = []
        self._narrow: dict[Any, tuple[list[tuple[int, Any]], dict[str, list[tuple[int, Any]]]]] = {}
        for src in every:
            effect = src.effect
            for rule in {effect.get("permit"), effect.get("forbid")}:
                if isinstance(rule, str):
                    self._rules.setdefault(rule, []).append(src)
            mod = effect.get("modify")
            if isinstance(mod, dict):
                self._parameters.setdefault(mod.get("parameter"), []).append(src)
            if effect.get("gain") or effect.get("lose"):
                self.keywording.append(src)
        self._attached = attached or {}
        """Each card in play attached to another, and the card it is attached to."""

    def naming(self, rule: str) -> list[Any]:
        """The effects whose ``permit`` or ``forbid`` names ``rule``."""
        return self._rules.get(rule, [])

    def modifying(self, parameter: str) -> list[Any]:
        """The effects whose ``modify`` changes ``parameter``."""
        return self._parameters.get(parameter, [])

    def modifying_card(self, parameter: str, card_id: str) -> list[Any]:
        """``modifying(parameter)`` less the effects that can bear on one card only (``only_card``)
        when that card is not ``card_id``, in the same order: what might change a card in play."""
        return self._for_card(("modify", parameter), self.modifying(parameter), card_id)

    def keywording_card(self, card_id: str) -> list[Any]:
        """``keywording`` narrowed to what might bear on the card in play ``card_id`` (``modifying_card``)."""
        return self._for_card("keywords", self.keywording, card_id)

    def _for_card(self, key: Any, sources: list[Any], card_id: str) -> list[Any]:
        found = self._narrow.get(key)
        if found is None:
            anyone: list[tuple[int, Any]] = []
            one: dict[str, list[tuple[int, Any]]] = {}
            for i, src in enumerate(sources):
                only = only_card(src, self._attached)
                if only is _ANY:
                    anyone.append((i, src))
                elif only is not None:
                    one.setdefault(only, []).append((i, src))
            found = self._narrow[key] = (anyone, one)
        anyone, one = found
        mine = one.get(card_id)
        if not mine:
            return [src for _, src in anyone]
        return [src for _, src in sorted([*anyone, *mine], key=lambda pair: pair[0])]



_ANY = object()


def only_card(src: Any, attached: dict[str, str]) -> Any:
    """The one card in play an effect can bear on, as ``subjects.select`` reads its selector: "self" of
    a card's own text is that card, "attached" the card it is attached to, ``{"id": ...}`` that card;
    None when it bears on no card in play (a card attached to nothing); ``_ANY`` for every other
    selector (a judge's ruling, a mapping of controller, type, subtype, a name...), which is tested
    card by card."""
    if src.who.kind == "ruling":
        return _ANY
    selector = src.effect.get("applies_to", src.effect.get("card", "self"))
    if isinstance(selector, dict):
        only = selector.get("id")
        return only if isinstance(only, str) and only else _ANY
    word = str(selector).lower()
    if word == "self" and src.card_id is not None:
        return src.card_id
    if word == "attached":
        return attached.get(src.card_id) if src.card_id else None
    return _ANY


def _dropped(key: int, ref: weakref.ref[SpoilsState], memos: dict[int, Any] = _MEMOS) -> None:
    """A position's state is gone: its memo goes with it.  (The callback is a partial of this function, and
    ``memos`` is bound when the module is read: at the interpreter's exit, a state collected after the module's
    globals were cleared still finds both.)"""
    entry = memos.get(key)
    if entry is not None and entry[0] is ref:
        del memos[key]


__all__ = ["SourceIndex", "answered_once", "forget", "kept", "memo", "only_card", "share", "text_memo", "unkept"]
