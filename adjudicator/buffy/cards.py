"""Seed effects: the structured effects of the cards the rules documents describe.

A character, attachment or location that comes into play (in a ``setup`` or by an action) with no
``effects`` of its own gets the seed effects of its name, and the event that brings it into play
records them, so a log replays the same way whatever this table later says.  Action cards played
with ``play_effect`` get the seed effect of their name merged under the effect the action gives.

Only what the documents say a card does is here; the documents name no card that changes the
fight talent, so ``{"fight_talent": ...}`` appears on cards only when a setup or action gives it.
"""
from __future__ import annotations

from typing import Any

SEED_EFFECTS: dict[str, list[dict[str, Any]]] = {
    # 001, ascension example (card text): +1 butt-kicking while fighting an opponent's main character.
    "buffy summers": [{"gain": {"butt_kicking": 1}, "when": "fighting_opponent_main"}],
    # 000, traits example: the item gives its carrier SPELLCRAFT.
    "tome of mediocrity": [{"grant_traits": ["SPELLCRAFT"]}],
    # 000, fatigue example: once per turn, what would fatigue Faith here does not.
    "faith's motel": [{"avoid_fatigue": True, "for": "Faith", "once_per_turn": True}],
}

SEED_ACTION_EFFECTS: dict[str, dict[str, Any]] = {
    # 000, talent requirements example.
    "slayer's handiwork": {"requirement": {"butt_kicking": 3}},
    # 002, action cards: discards every minion; needs 3 charm.
    "join the pep squad": {"requirement": {"charm": 3}, "discard_minions": True},
}


def seed_effects(name: str) -> list[dict[str, Any]]:
    return [dict(e) for e in SEED_EFFECTS.get(name.strip().lower(), [])]


def with_seed(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` (a character, attachment or location document) with its seed effects if it has none."""
    if not doc.get("effects") and isinstance(doc.get("name"), str):
        seeded = seed_effects(doc["name"])
        if seeded:
            return {**doc, "effects": seeded}
    return doc


def action_effect(card: str, effect: dict[str, Any]) -> dict[str, Any]:
    """The effect of an action card: its seed effect, overridden key by key by what was given."""
    return {**SEED_ACTION_EFFECTS.get(card.strip().lower(), {}), **effect}
