"""The one ``evolve`` function of The Spoils: ``apply_event(event, state)``, dispatched on the event's
type (one handler per event type, registered by ``action_events``, ``turn_events`` and ``projection``).
Applying an event changes the position: what was read of it (``text.position_memo``) is forgotten."""
from __future__ import annotations

from functools import singledispatch
from typing import Any, Callable

from adjudicator.spoils.model.shared_cards import writing
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.text.position_memo import forget
from events.models.base import DomainEvent


@singledispatch
def _by_type(event: DomainEvent, s: SpoilsState) -> None:
    raise TypeError(f"no Spoils projection for {type(event).__name__}")


def apply_event(event: DomainEvent, s: SpoilsState) -> None:
    """Applies ``event`` to ``s`` in place (its handler found by the event's type)."""
    forget(s)
    try:
        with writing(s.cards):  # a scratch copy's cards are copied as the event reaches them
            _by_type(event, s)
    finally:
        forget(s)  # a handler may have read the position halfway through


def _register(cls: Any, func: Callable[..., Any] | None = None) -> Any:
    return _by_type.register(cls, func)


apply_event.register = _register  # type: ignore[attr-defined]
