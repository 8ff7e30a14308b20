"""Readings of a Spoils table for the scenario tests of this package: a card's effective statistics,
a player's hand, piles and resources (attached or not), the types of the last events, and the rule
ids a refusal cites as a set."""
from __future__ import annotations

from typing import Any


def effective(t: Any, cid: str) -> dict[str, Any]:
    return t.card(cid)["effective"]


def rule_set(violations: list[dict]) -> set[str]:
    return {v["rule"]["id"] for v in violations}


def hand_cards(t, player: str) -> list[str]:
    return list(t.state()["players"][player]["hand_cards"])


def unattached(t, player: str = "alice") -> int:
    return sum(1 for r in t.state()["players"][player]["resources"].values() if not r.get("attached"))


def hand_size(t, player: str) -> int:
    return t.state()["players"][player]["hand"]


def stat(t, cid: str, stat: str) -> int:
    return t.card(cid)["effective"][stat]


def attached_resources(t, player: str) -> int:
    return sum(r["attached"] for r in t.state()["players"][player]["resources"].values())


def pile(t, player: str, zone: str = "discard") -> list[str]:
    return t.state()["players"][player][zone]


def event_types(t) -> list[str]:
    return [e["type"] for e in t.events()]


def resources_of(t, player: str) -> dict:
    return t.state()["players"][player]["resources"]
