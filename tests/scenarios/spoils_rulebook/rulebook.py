"""What the rulebook scenarios of The Spoils read from an answer: every rule id it cites."""
from __future__ import annotations

from typing import Any


def cited(answer: dict[str, Any]) -> set[str]:
    """The rule ids of an answer's trace, violations and events."""
    ids = {b["rule"]["id"] for b in answer.get("because") or []}
    ids |= {v["rule"]["id"] for v in answer.get("violations") or []}
    ids |= {e["data"]["rule"] for e in answer.get("events") or [] if isinstance(e["data"].get("rule"), str)}
    return ids


def types(answer: dict[str, Any]) -> list[str]:
    return [e["type"] for e in answer.get("events") or []]
