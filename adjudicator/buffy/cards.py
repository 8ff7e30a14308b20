"""Seed effects: the structured effects of the Buffy cards the rules documents describe, read
from their scripts (``rulings/data/scripts/buffy.yaml``, loaded and validated by
``rulings.scripts``; each script renders back to the card's text).

A character, attachment or location that comes into play (in a ``setup`` or by an action) with no
``effects`` of its own gets the continuous effects of its name's script, and the event that brings
it into play records them, so a log replays the same way whatever the scripts later say.  Action
cards played with ``play_effect`` get their script's card-play record merged under the effect the
action gives.

Only what the documents say a card does is scripted; the documents name no card that changes the
fight talent, so ``{"fight_talent": ...}`` appears on cards only when a setup or action gives it.
"""
from __future__ import annotations

from typing import Any

from rulings.scripts import script_of

GAME = "buffy"


def seed_effects(name: str) -> list[dict[str, Any]]:
    """The continuous effects of the card called ``name`` (its script's static abilities), as
    effect documents; empty for a card without a script.  Raises rulings.scripts.ScriptError when
    the packaged scripts are broken."""
    script = script_of(GAME, name)
    return [op.dump() for op in script.effects()] if script is not None else []


def with_seed(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` (a character, attachment or location document) with its seed effects if it has none."""
    if not doc.get("effects") and isinstance(doc.get("name"), str):
        seeded = seed_effects(doc["name"])
        if seeded:
            return {**doc, "effects": seeded}
    return doc


def action_effect(card: str, effect: dict[str, Any]) -> dict[str, Any]:
    """The effect of an action card: its script's card-play record, overridden key by key by
    what was given."""
    script = script_of(GAME, card)
    seed = script.play.dump() if script is not None and script.play is not None else {}
    return {**seed, **effect}
