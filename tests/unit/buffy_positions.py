"""Positions of The Buffy engine for its rule-by-rule tests (no HTTP): a game created from a setup,
an action done or refused (the rule ids it cites, each in the catalog), players passing, a character
placed, and a fight brought to its battle stage."""
from __future__ import annotations

from typing import Any

from adjudicator import engine_for
from adjudicator.buffy.state import BuffyState
from rulings.catalog import catalog

ENGINE = engine_for("buffy")


def game(setup: dict[str, Any] | None = None, players=("p1", "p2"), first: str = "p1") -> BuffyState:
    state = None
    for e in ENGINE.create([{"id": p} for p in players], first, setup or {}):
        state = ENGINE.evolve(state, e)
    return state


def do(state: BuffyState, action: dict[str, Any]) -> tuple[BuffyState, list[str]]:
    """Appends a legal action; returns the state after it and the event types it recorded."""
    decision = ENGINE.decide(state, action)
    assert decision.legal, (action, decision.violations)
    for e in decision.events:
        state = ENGINE.evolve(state, e)
    return state, [type(e).__name__ for e in decision.events]


def refused(state: BuffyState, action: dict[str, Any]) -> list[str]:
    """The rule ids a refused action cites (each in the catalog)."""
    decision = ENGINE.decide(state, action)
    assert not decision.legal, action
    rules = [v.rule for v in decision.violations]
    assert all(r in catalog() for r in rules), rules
    return rules


def passes(state: BuffyState, *players: str) -> tuple[BuffyState, list[str]]:
    kinds: list[str] = []
    for p in players:
        state, kinds = do(state, {"type": "pass", "player": p})
    return state, kinds


def ch(name: str, owner: str, location: str, bk: int = 0, smarts: int = 0, weirdness: int = 0, charm: int = 0,
       **extra: Any) -> dict[str, Any]:
    return {"owner": owner, "name": name, "location": location,
            "talents": {"butt_kicking": bk, "smarts": smarts, "weirdness": weirdness, "charm": charm}, **extra}


def fight_at_battle(extra_chars: dict[str, Any] | None = None, **setup: Any) -> BuffyState:
    chars = {"a": ch("Attacker", "p1", "p2.1", bk=3, smarts=1), "d": ch("Defender", "p2", "p2.1", bk=2), **(extra_chars or {})}
    s = game({"step": "conflict", "characters": chars, **setup})
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    s, _ = passes(s, "p1", "p2")
    s, _ = do(s, {"type": "draw", "player": "p1", "count": 5})
    s, _ = do(s, {"type": "draw", "player": "p2", "count": 5})
    assert s.phase.stage == "battle"
    return s
