"""A game at the table, in memory: decide an action, append its events when legal, keep the log.

For scripts and tests (the service in ``events/`` does the same with a store).  Pure.
"""
from __future__ import annotations

from typing import Any

from adjudicator.core import Decision
from adjudicator.spoils.engine import SpoilsEngine
from adjudicator.spoils.model.state import SpoilsState
from events.models.base import DomainEvent


class Refused(AssertionError):
    """The rules refused an action that was expected to be legal."""

    def __init__(self, action: dict[str, Any], decision: Decision):
        rules = "; ".join(f"{v.rule}: {v.message}" for v in decision.violations)
        super().__init__(f"{action} refused: {rules}")
        self.decision = decision


class Table:
    def __init__(self, players: list[dict[str, Any]] | tuple[str, ...] = ("p1", "p2"),
                 first_player: str | None = "p1", setup: dict[str, Any] | None = None,
                 engine: SpoilsEngine | None = None):
        self.engine = engine or SpoilsEngine()
        entries = [p if isinstance(p, dict) else {"id": p} for p in players]
        self.log: list[DomainEvent] = list(self.engine.create(entries, first_player, setup))
        self.states: list[SpoilsState] = []
        self.state: SpoilsState = self.engine.apply(None, self.log[0])
        self.state.position = 1
        self.states.append(self.state.model_copy(deep=True))

    @property
    def position(self) -> int:
        return len(self.log)

    def check(self, action: dict[str, Any]) -> Decision:
        return self.engine.decide(self.state, action)

    def act(self, action: dict[str, Any], record: bool = False) -> Decision:
        """Appends the action's events; raises Refused when illegal (unless ``record``)."""
        decision = self.engine.decide(self.state, action)
        if decision.violations and not record:
            raise Refused(action, decision)
        for event in decision.events:
            self.log.append(event)
            self.state = self.engine.evolve(self.state, event)
            self.state.position = len(self.log)
            self.states.append(self.state.model_copy(deep=True))
        return decision

    def ruling(self, event: DomainEvent) -> None:
        self.log.append(event)
        self.state = self.engine.evolve(self.state, event)
        self.state.position = len(self.log)
        self.states.append(self.state.model_copy(deep=True))

    def document(self) -> dict[str, Any]:
        return self.engine.to_document(self.state)

    def types_since(self, decision: Decision) -> list[str]:
        return [type(e).__name__ for e in decision.events]
