"""Positions of The Spoils for the scenario tests of this package: filler characters by name for either
player, bob's characters, two Stalwart Soldiers, a known deck, face-down resources and a discard pile
of a given size."""
from __future__ import annotations

from typing import Any


FILLER = ["Creaky Old Swordsman", "Dock Sentinel", "Brash Basher", "Costly Filcher", "Agile Highwayman"]


def characters_of(player: str, n: int, prefix: str | None = None) -> dict[str, dict[str, str]]:
    p = prefix or player[0]
    return {f"{p}{i}": {"card": FILLER[i - 1], "controller": player} for i in range(1, n + 1)}


def with_discard(setup: dict[str, Any], player: str, n: int) -> dict[str, Any]:
    setup["players"][player]["discard"] = ["Creaky Old Swordsman"] * n
    return setup


SOLDIERS = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
            "b1": {"card": "Stalwart Soldier", "controller": "bob"}}


def face_down(setup: dict, player: str, **names: str) -> dict:
    """Face-down resources of ``player`` (id -> card name), one Volition each (411.1)."""
    for rid, name in names.items():
        setup["players"][player]["resources"][rid] = {"name": name, "face_up": False}
    return setup


DECK = ["Brash Basher", "Greed", "Dock Sentinel", "Elitism", "Anathematize"]


def bob_characters(n: int) -> dict:
    names = ["Creaky Old Swordsman", "Dock Sentinel", "Agile Highwayman"]
    return {f"b{i}": {"card": names[i - 1], "controller": "bob"} for i in range(1, n + 1)}
