"""Steps of a Spoils game through the API for the scenario tests of this package: attacks declared,
battles run, triggers resolved in their chooser's order, everyone passing until plays resolve, the
next turn begun with choices, and refusals read (the position unchanged)."""
from __future__ import annotations

from typing import Any

from tests.scenarios.spoils_table import rule_ids


def to_blocks(t) -> None:
    """Both players pass at the attack's tactics step: the blockers step begins (608.1c-d)."""
    t.fight(stop="blocks")


def refused_unchanged(t, action: dict) -> list[str]:
    before = t.state()["position"]
    rules = rule_ids(t.refuse(action))
    assert t.state()["position"] == before
    return rules


def declare_attack(t, attackers, player: str = "alice") -> None:
    t.act({"type": "attack", "player": player, "attackers": list(attackers)})


def resolve_triggers(t, **choices) -> None:
    """Triggers that fired at once resolve in the order their chooser picks (spoils.503.4): the first; the
    choose action carries the choices they ask for."""
    for _ in range(10):
        choice = t.state().get("choice")
        if not choice:
            return
        t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0], "choices": choices})


def fight_choosing(t, blockers=(), assignments=None, **choices) -> None:
    """The battle in progress run to its end: bob blocks with ``blockers``, each player assigns the damage
    ``assignments`` gives it, everyone else passes; every action carries ``choices`` (a trigger's pick)."""
    for _ in range(30):
        s = t.state()
        if s["battle"] is None:
            return
        who = s["to_act"]
        legal = t.legal(who)
        if "block" in legal:
            t.act({"type": "block", "player": who, "blockers": list(blockers), "choices": choices})
        elif "assign_damage" in legal and (assignments or {}).get(who) is not None:
            t.act({"type": "assign_damage", "player": who, "assignments": assignments[who], "choices": choices})
        else:
            t.act({"type": "pass", "player": who, "choices": choices})
    raise AssertionError("the battle did not end")


def attack_and_pass(t, *attackers, player: str = "alice", **choices) -> None:
    t.act({"type": "attack", "player": player, "attackers": list(attackers), "choices": choices})
    t.act({"type": "pass", "player": player})
    t.act({"type": "pass", "player": "bob" if player == "alice" else "alice"})


def refused_by(t: Any, action: dict[str, Any], rule: str = "spoils.401.3a") -> bool:
    return any(v["rule"]["id"] == rule for v in t.refuse(action))


def pass_until_resolved(t) -> None:
    """Everyone passes until no play waits for responses."""
    for _ in range(6):
        s = t.state()
        if not s["pending"]:
            return
        t.act({"type": "pass", "player": s["to_act"]})


def next_turn_choosing(t, choices: dict) -> list[str]:
    """alice ends her turn; bob's pass starts his, where he chooses (his choices plain, alice's in their)."""
    t.act({"type": "end_turn", "player": "alice"})
    return t.act({"type": "pass", "player": "bob", "choices": choices})
