"""Builders for Spoils games played through the engine at an in-memory table (no HTTP): cards of a
small pool, a position entered directly (``prepare_game``, like a chess FEN), both players passing at a
battle step, the events of a kind in the log, and the rule ids a refusal cites.  Used by the
narratives and the mechanism tests of this package, whose ``scenario_*`` functions
``tests/unit/test_spoils_invariants.py`` replays."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.table import Table


def character(name: str, strength: int, life: int, speed: int, cost: int = 2, threshold: str = "", **more: Any) -> dict:
    return {"name": name, "type": "character", "cost": cost, "threshold": threshold,
            "strength": strength, "life": life, "speed": speed, **more}


def tactic(name: str, effect: Any, cost: int = 1, threshold: str = "", **more: Any) -> dict:
    return {"name": name, "type": "tactic", "cost": cost, "threshold": threshold, "effect": effect, **more}


POOL = {
    "Gnarled Recruit": character("Gnarled Recruit", 2, 2, 3, cost=2, threshold="R"),
    "Sting": tactic("Sting", {"damage": 1, "to": "opponent_faction"}),
    "Second Wind": tactic("Second Wind", {"draw": 1}),
    "Counterspite": tactic("Counterspite", {"lose_influence": {"amount": 1, "player": "opponent"}}),
    "Mutual Ruin": tactic("Mutual Ruin", {"lose_influence": {"amount": 2, "player": "each"}}, cost=2),
    "Parting Jab": tactic("Parting Jab", {"damage": 2, "to": "opponent_faction"}),
}


def in_play(owner: str, spec: dict, **state: Any) -> dict:
    card = {**spec, "owner": owner, "controller": owner, "can_attack": True}
    card.update(state)
    return card


def prepare_game(cards: dict[str, dict] | None = None, *, influence: tuple[int, int] = (25, 25),
                 resources: tuple[int, int] = (4, 4), hands: tuple[int, int] = (5, 5),
                 hand_cards: tuple[list[str], list[str]] = ([], []), active: str = "p1",
                 stage: str = "main", pool: dict | None = None, **extra: Any) -> Table:
    """A position entered directly, like a chess FEN: turn 3, ``active`` to act in the free-form turn."""
    def player(i: int, icon: str) -> dict:
        return {"faction": {"influence": influence[i]}, "hand": hands[i], "hand_cards": list(hand_cards[i]),
                "deck": 40, "mulliganed": True, "developed": stage == "main",
                "resources": {f"{'ab'[i]}{n}": {"name": "Rage" if icon == "R" else "Obsession", "icons": icon}
                              for n in range(1, resources[i] + 1)}}
    setup = {"stage": stage, "turn": 3, "active_player": active, "first_player": "p1",
             "players": {"p1": player(0, "R"), "p2": player(1, "O")},
             "cards": cards or {}, "card_pool": {**POOL, **(pool or {})}, **extra}
    return Table(("p1", "p2"), "p1", setup)


def pass_tactics(t: Table) -> None:
    """Both players done with tactics at a battle step: attacker first, then defender."""
    b = t.state.battle
    t.act({"type": "pass", "player": b.attacker})
    t.act({"type": "pass", "player": b.defender})


def events_of(t: Table, kind: type) -> list:
    return [e for e in t.log if isinstance(e, kind)]


def rules_of(decision) -> list[str]:
    return [v.rule for v in decision.violations]
