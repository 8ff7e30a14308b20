"""The rules engines: pure Python, no I/O.

Per game a ``decide(state, action) -> Decision`` and an ``evolve(state, event) -> state``, plus
``legal_actions(state, player)``.  Shared mechanisms (the pass-consecutively window, the stack of
suspended steps, the trace of rules applied) live in ``adjudicator.flow`` and
``adjudicator.core``.
"""
from adjudicator.core import (
    Decision,
    Engine,
    GameOver,
    InvalidAction,
    InvalidSetup,
    LegalAction,
    TraceEntry,
    Violation,
)
from adjudicator.registry import engine_for, games

__all__ = [
    "Decision",
    "Engine",
    "GameOver",
    "InvalidAction",
    "InvalidSetup",
    "LegalAction",
    "TraceEntry",
    "Violation",
    "engine_for",
    "games",
]
