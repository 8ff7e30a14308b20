"""Uniqueness of characters and locations (``buffy.uniqueness``, ``buffy.location.unique``), the
same checks for a character played from hand and for a position entered directly.

Both players may have the same main character; otherwise a hero or a villain is in the game once
(a main character is always one of the two, and its essence keeps it unique while its card is in
the discard pile or back in hand), and a player has at most one of each companion or minion in
play.  A unique location is in play once.  A kind and an alignment that contradict each other (an
evil hero) are refused too (``buffy.deck.alignment``).
"""
from __future__ import annotations

from typing import Any

from adjudicator.buffy.state import OFF_BOARD, SIDES, BuffyState, Character

UNIQUENESS = "buffy.uniqueness"
UNIQUE_LOCATION = "buffy.location.unique"
SIDE = "buffy.deck.alignment"
_LEADERS = {"hero", "villain"}


def leader(kind: str | None, main: bool) -> bool:
    """Whether a character is a hero or a villain: its kind says so, or it is a main character."""
    return main or kind in _LEADERS


def clash(name: str, kind: str | None, main: bool, owner: str, other: Character) -> str | None:
    """Why a character called ``name`` cannot be in play beside ``other``, or None."""
    if other.name.casefold() != name.casefold():
        return None
    in_play = other.location not in OFF_BOARD
    if not (in_play or other.main):
        return None
    if main and other.main:
        if other.owner == owner:
            return f"{owner} has one main character, and {other.name} is already it"
        return None  # both players may play the same main character
    if leader(kind, main) or leader(other.kind, other.main):
        where = "in play" if in_play else "kept unique by its essence"
        return f"{name} is a hero or villain, in the game once, and {other.owner}'s is {where}"
    if other.owner == owner and in_play:
        return f"{owner} already has {name} in play (one of each companion or minion per player)"
    return None


def setup_errors(state: BuffyState) -> list[dict[str, Any]]:
    """The uniqueness and side problems of a position entered directly; each message cites its rule."""
    found: list[dict[str, Any]] = []

    def err(field: str, rule: str, message: str) -> None:
        found.append({"field": f"setup.{field}", "message": f"{message} ({rule})"})

    seen: list[Character] = []
    for cid, ch in state.characters.items():
        why = next((w for other in seen if (w := clash(ch.name, ch.kind, ch.main, ch.owner, other))), None)
        if why is None and ch.main:
            mine = next((o for o in seen if o.main and o.owner == ch.owner), None)
            why = f"{ch.owner} already has a main character ({mine.name}); a player has one" if mine else None
        if why and (ch.location not in OFF_BOARD or ch.main):
            err(f"characters.{cid}", UNIQUENESS, why)
        seen.append(ch)
        kind_side = SIDES.get(ch.kind or "")
        if ch.alignment and kind_side and ch.alignment != kind_side:
            err(f"characters.{cid}.alignment", SIDE, f"{ch.name} is a {ch.kind}, so {kind_side}, not {ch.alignment}")
    unique: dict[str, str] = {}
    for space, loc in state.locations.items():
        key = loc.name.casefold()
        if loc.unique and key in unique:
            err(f"locations.{space}", UNIQUE_LOCATION,
                f"{loc.name} is a unique location already in play at {unique[key]}")
        elif loc.unique:
            unique[key] = space
    return found
