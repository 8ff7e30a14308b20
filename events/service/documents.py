"""Effect documents checked with the typed effect language (``adjudicator.effects``) before anything
that carries one is appended: a ruling's ``effect``, the ``effect``/``effects``/``triggers``/
``replacements`` of the cards, characters, attachments and locations a setup describes, and those
of an action (Buffy's ``play_effect``).  In enforce and record mode alike: a recorded action is
stored as it was sent, and every later read and decision works on it, so a document the engines
cannot read would make the game unreadable from then on.

An empty mapping is "no effect" (a ruling that only records a decision, a card without text).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from adjudicator.core import InvalidAction

EFFECT_KEYS = ("effect", "effects", "triggers", "replacements")
GAMES = ("buffy", "spoils", "wowmini")


class InvalidEffect(InvalidAction):
    """An effect document the effect language refuses; ``errors`` name the field."""


def _fail(exc: Any) -> InvalidEffect:
    return InvalidEffect(f"not an effect this service can apply: {exc}", exc.errors)


def _empty(value: Any) -> bool:
    return value is None or value == {} or value == []


def check_ruling_effect(game: str, effect: Any, field: str = "effect") -> None:
    """A ruling's effect: one effect document of ``game`` (or ``{}``).  Raises InvalidEffect."""
    if _empty(effect) or game not in GAMES:
        return
    from adjudicator.effects import EffectError, parse_effect  # the language builds its models on first use

    try:
        parse_effect(effect, game, field=field)
    except EffectError as exc:
        raise _fail(exc) from None


def check_effects_in(game: str, doc: Any, field: str) -> None:
    """Every effect document inside ``doc`` (a setup or an action), wherever a card, character,
    attachment or location carries one under EFFECT_KEYS.  Raises InvalidEffect naming the path."""
    if game not in GAMES:
        return  # the engine lookup refuses it, naming the game
    stack: list[tuple[Any, str]] = [(doc, field)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                where = f"{path}.{key}" if path else str(key)
                if key in EFFECT_KEYS and isinstance(item, (dict, list)):
                    _check_list(game, item, where)
                else:
                    stack.append((item, where))
        elif isinstance(value, list):
            stack.extend((item, f"{path}.{i}") for i, item in enumerate(value))


@lru_cache(maxsize=1)
def heads() -> frozenset[str]:
    """The head keys of the language's operations, triggers and replacements."""
    from adjudicator.effects import OPERATIONS
    from adjudicator.effects.abilities import Replacement, Trigger

    models = [*OPERATIONS, Replacement, Trigger]  # what parse_effect reads
    return frozenset(h for h in (getattr(m, "HEAD", None) for m in models) if isinstance(h, str))


def _check_list(game: str, value: dict | list, where: str) -> None:
    items = value if isinstance(value, list) else [value]
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not item:
            continue  # not an effect document (a name, say): the engine's own model decides
        if not heads() & item.keys():
            # Vocabulary of one engine the language does not describe yet (Buffy's
            # ``fatigue_card``): that engine's own model reads it.
            continue
        from adjudicator.effects import EffectError, parse_effect

        try:
            parse_effect(item, game, field=f"{where}.{i}" if isinstance(value, list) else where)
        except EffectError as exc:
            raise _fail(exc) from None
