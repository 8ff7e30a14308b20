"""Numbers a Buffy setup or action may give: every integer within ``-NUMBER_BOUND..NUMBER_BOUND``.

Talents, levels, destiny, goals and the gains of card effects are small numbers in the game (a
talent of 12 is huge); the engine adds them up (a fighter's talent, its attachments, its gains, its
stack).  A setup that gave a talent of 2**63 - 1 was accepted and the first sum with a gain left the
store's 64-bit integers, so that every later action was refused.  Bounding each number as it enters
keeps any sum the rules make far inside that range.  A game's ``position`` (a count the service
keeps) is not a card's number and is left to the service's own bound.
"""
from __future__ import annotations

from typing import Any

NUMBER_BOUND = 1_000_000
"""The largest number (in absolute value) a setup or an action gives: far above any printed value,
and a million of them still add up to far less than 2**63."""
NOT_CARD_NUMBERS = frozenset({"position"})


def out_of_bounds(doc: Any, path: str) -> list[dict[str, str]]:
    """``{"field", "message"}`` for each integer of ``doc`` outside the bound (booleans are not numbers)."""
    found: list[dict[str, str]] = []
    stack: list[tuple[str, Any]] = [(path, doc)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{where}.{k}" if where else str(k), v) for k, v in value.items() if k not in NOT_CARD_NUMBERS)
        elif isinstance(value, list):
            stack.extend((f"{where}.{i}" if where else str(i), v) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > NUMBER_BOUND:
            found.append({"field": where, "message": f"{value} is outside -{NUMBER_BOUND}..{NUMBER_BOUND}: "
                                                     f"no talent, level, goal or gain of the game comes near it"})
    return sorted(found, key=lambda e: e["field"])
