"""The golden rule as a mechanism (``buffy.golden-rule``): rules are named checks, and a card in
play or a judge ruling can permit what a rule forbids, forbid what it permits, or change a
parameter.  The engine asks here at named points; every answer names who overrode the rule.

Effect documents (on characters, attachments, locations, or in a ruling's ``effect``)::

    {"permit": "<rule id>", "while_at": "<location name>", "once_per_turn": true}
    {"forbid": "<rule id>"}
    {"set": "<parameter>", "value": 0}                 # e.g. fatigue_penalty, destiny_to_win
    {"gain": {"butt_kicking": 1}, "when": "fighting_opponent_main"}
    {"fight_talent": "smarts"}                         # changes the resolving talent
    {"grant_traits": ["SPELLCRAFT"]}
"""
from __future__ import annotations

from typing import Any, Iterator

from adjudicator.buffy.state import BuffyState, Character
from adjudicator.core import Overrider

PARAMETERS: dict[str, tuple[int, str]] = {
    "hand_size": (5, "buffy.draw-step.draw-to-five"),
    "destiny_to_win": (10, "buffy.victory.destiny"),
    "park_turns_to_win": (6, "buffy.victory.park"),
    "fatigue_penalty": (1, "buffy.fatigue.penalty"),
    "fight_draw": (5, "buffy.fight.draw"),
    "challenge_attacker_draw": (5, "buffy.challenge.draw"),
    "challenge_defender_draw": (3, "buffy.challenge.draw"),
    "max_items": (2, "buffy.resource.items"),
}


def _sources(state: BuffyState, character: Character | None) -> Iterator[tuple[Overrider, dict[str, Any], Character | None]]:
    """Every effect in play that might bear on ``character`` (or on the game when None)."""
    for ruling in state.rulings:
        effect = ruling.get("effect") or {}
        card = ruling.get("card")
        if card and character is not None and card.lower() != character.name.lower():
            continue
        if not _ruling_in_force(state, ruling):
            continue
        yield Overrider(kind="ruling", name=card or "judge ruling", effect=str(effect),
                        ruling_id=ruling.get("ruling_id")), effect, character
    chars = [character] if character is not None else list(state.characters.values())
    for ch in chars:
        if ch.location in ("discard", "crypt"):
            continue
        for effect in ch.effects:
            yield Overrider(kind="card", name=ch.name, effect=str(effect)), effect, ch
        for att in ch.attachments:
            for effect in getattr(att, "effects", []) or []:
                yield Overrider(kind="card", name=att.name, effect=str(effect)), effect, ch
        loc = state.locations.get(ch.location)
        if loc is not None:
            for effect in loc.effects:
                yield Overrider(kind="card", name=loc.name, effect=str(effect)), effect, ch


def _ruling_in_force(state: BuffyState, ruling: dict[str, Any]) -> bool:
    start, end = ruling.get("from_position"), ruling.get("until_position")
    if start is not None and state.position < start:
        return False
    return not (end is not None and state.position > end)


def _applies(state: BuffyState, effect: dict[str, Any], ch: Character | None) -> bool:
    where = effect.get("while_at")
    if where and ch is not None:
        loc = state.locations.get(ch.location)
        if loc is None or loc.name.lower() != str(where).lower():
            return False
    named = effect.get("for")
    if named and ch is not None and named.lower() != ch.name.lower():
        return False
    if effect.get("once_per_turn") and ch is not None:
        if str(effect.get("permit") or effect.get("set")) in ch.used_once_per_turn:
            return False
    return True


def permitted(state: BuffyState, rule: str, character: Character | None = None) -> Overrider | None:
    """The card or ruling that lifts ``rule`` for ``character`` here, or None."""
    for who, effect, ch in _sources(state, character):
        if effect.get("permit") == rule and _applies(state, effect, ch):
            return who
    return None


def forbidden(state: BuffyState, rule: str, character: Character | None = None) -> Overrider | None:
    """The card or ruling that forbids what ``rule`` permits, or None ("cannot" beats "can")."""
    for who, effect, ch in _sources(state, character):
        if effect.get("forbid") == rule and _applies(state, effect, ch):
            return who
    return None


def parameter(state: BuffyState, name: str, character: Character | None = None) -> tuple[int, str, Overrider | None]:
    """The value of a rules parameter, its rule id, and the card or ruling that set it."""
    default, rule = PARAMETERS[name]
    for who, effect, ch in _sources(state, character):
        if effect.get("set") == name and _applies(state, effect, ch):
            return int(effect["value"]), rule, who
    return default, rule, None


def fight_talent(state: BuffyState) -> tuple[str, Overrider | None]:
    for who, effect, ch in _sources(state, None):
        if effect.get("fight_talent") and _applies(state, effect, ch):
            return str(effect["fight_talent"]), who
    return "butt_kicking", None


def granted_traits(state: BuffyState, ch: Character) -> list[tuple[str, Overrider]]:
    found = []
    for who, effect, c in _sources(state, ch):
        for trait in effect.get("grant_traits", []) or []:
            found.append((str(trait).upper(), who))
    return found
