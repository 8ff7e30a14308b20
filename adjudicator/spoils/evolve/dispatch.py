"""The one ``evolve`` function of The Spoils: ``apply_event(event, state)``, dispatched on the event's
type (one handler per event type, registered by ``action_events``, ``turn_events`` and ``projection``)."""
from __future__ import annotations

from functools import singledispatch

from adjudicator.spoils.model.state import SpoilsState
from events.models.base import DomainEvent


@singledispatch
def apply_event(event: DomainEvent, s: SpoilsState) -> None:
    raise TypeError(f"no Spoils projection for {type(event).__name__}")
