"""The pool rehearsal's check of meanings (issue 24): an operation is answered not only by an event of
the right type but by one that says what the script says.  For the amounts a player draws, loses or gains
("Draw 2 cards.", "Your faction loses 2 influence.", "Your opponent gains 1 influence."), the events
that follow the play (``CardsDrawn.count``, ``InfluenceLost.amount`` of an effect, ``InfluenceGained.amount``)
must add up, player by player, to what the script's steps say (the player who is "you" is alice, the
rehearsal's player; "your opponent" is bob).  A step whose amount is not a figure (X, "for each") is left
to the type check."""
from __future__ import annotations

from typing import Any

from tests.scenarios.spoils_table import Table

AMOUNTS: dict[str, tuple[str, str]] = {"draw": ("CardsDrawn", "count"), "lose_influence": ("InfluenceLost", "amount"),
                                       "gain_influence": ("InfluenceGained", "amount")}
"""The operations whose amount is checked: the event that answers each, and its field that says how much."""
WHO = {None: "alice", "you": "alice", "controller": "alice", "opponent": "bob"}
"""The rehearsal's players by the words of a script ("you": alice, who plays the card)."""


def log_after(table: Table, marker: str) -> list[dict[str, Any]]:
    """The events of the game after the first ``marker`` (the rehearsed play resolving; a card it
    plays in turn resolves later): type and data."""
    got = table.client.get(f"/games/{table.gid}/events", query_string={"limit": 1000}).get_json()
    events = [e for e in got.get("events") or [] if isinstance(e, dict)]
    first = next((i for i, e in enumerate(events) if e.get("type") == marker), None)
    return events[first + 1:] if first is not None else []


def said_amounts(steps: list[tuple[str, dict[str, Any]]], twins: int = 1) -> dict[tuple[str, str], int] | None:
    """What the steps say each player draws, loses or gains, by (operation, player); None for an
    operation and player whose amount is not a plain figure (it is left to the type check)."""
    out: dict[tuple[str, str], int] = {}
    unsure: set[tuple[str, str]] = set()
    for head, op in steps:
        if head not in AMOUNTS:
            continue
        who = WHO.get(op.get("player"))
        amount = op.get(head)
        if who is None:
            continue
        key = (head, who)
        if not isinstance(amount, int) or isinstance(amount, bool) or op.get("for_each") or set(op) - {head, "player"}:
            unsure.add(key)
            continue
        out[key] = out.get(key, 0) + amount * twins
    return {k: v for k, v in out.items() if k not in unsure}


def amount_problems(events: list[dict[str, Any]], said: dict[tuple[str, str], int]) -> tuple[list[str], list[str]]:
    """The problems (an amount other than the script's) and the checks that held."""
    problems, checked = [], []
    for (head, who), want in sorted(said.items()):
        kind, field = AMOUNTS[head]
        got = sum(int((e.get("data") or {}).get(field) or 0) for e in events if e.get("type") == kind
                  and (e.get("data") or {}).get("player") == who
                  and (kind != "InfluenceLost" or (e.get("data") or {}).get("cause") == "effect"))
        if got != want:
            problems.append(f"{head}: {who} {kind}.{field} adds up to {got}, the script says {want}")
        else:
            checked.append(f"{head}: {who} {want} as said")
    return problems, checked


def check_amounts(table: Table, out: Any, marker: str, steps: list[tuple[str, dict[str, Any]]], twins: int = 1) -> None:
    """Adds to the rehearsal ``out`` a problem for each amount the events do not say as the steps do
    (and a check for each they do), when the play resolved (``marker`` among its events)."""
    if marker not in out.events:
        return
    wrong, held = amount_problems(log_after(table, marker), said_amounts(steps, twins) or {})
    out.problems += wrong
    out.checked += held
