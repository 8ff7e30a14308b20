"""A named card is what its printing says (105.1, spoils.engine.printed-card).

A card of the game's ``card_pool`` is the printing in force at the game's ``cards_as_of``: an action
naming it plays it with the pool's cost, threshold, statistics, text and script.  An action that
describes such a card inline with other values, gives it an ``effect`` of its own, plays it ``free``
with no text allowing it, or gives a resource other icons than it provides, overrides its printing:
each such field is a (non-blocking) violation naming the field and the card.  In enforce mode the
service refuses the action (nothing is appended); in record mode it is appended flagged, as what
happened at the table; the audit, deciding the stored action again, reports it.  A card the pool
lacks (kept with ``allow_unknown``) is still described inline.
"""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from adjudicator.spoils.model import actions as A
from adjudicator.spoils.model.state import STAPLES, CardSpec, SpoilsState, _icons
from adjudicator.spoils.rules.context import SpoilsContext

RULE = "spoils.engine.printed-card"


def pool_card(state: SpoilsState, name: Any) -> CardSpec | None:
    """The pool's printing of ``name`` (any letter case), or None when the pool lacks it."""
    if not isinstance(name, str):
        return None
    pool = state.card_pool
    return pool.get(name) or next((c for n, c in pool.items() if n.lower() == name.lower()), None)


def overrides(state: SpoilsState, action: Any) -> list[tuple[str, str]]:
    """``(field, message)`` for each request field of ``action`` that changes a pool card's printing."""
    out: list[tuple[str, str]] = []
    card = getattr(action, "card", None)
    if isinstance(action, (A.PlayCard, A.Respond)) and card is not None:
        out += _inline(state, card, "card")
        spec = pool_card(state, card.get("name") if isinstance(card, dict) else card)
        if spec is not None and action.effect is not None:
            out.append(("effect", (f"{spec.name} does what its printing says: an effect given with the play "
                                   f"would replace its script")))
        if spec is not None and getattr(action, "free", False):
            out.append(("free", (f"{spec.name} is played for its printed cost: only a card's text plays a card "
                                 f"for free (308.1)")))
    if isinstance(action, A.PlayResource):
        out += _resource(state, action.card, action.face_up, action.icons, "")
    for name in ("resource",):
        choice = getattr(action, name, None)
        if isinstance(choice, A.ResourceChoice):
            out += _resource(state, choice.card, choice.face_up, choice.icons, f"{name}.")
    out += _ability_effect(state, action)
    return out


def printed(ctx: SpoilsContext, action: Any) -> Any:
    """``action`` with each pool card it describes inline read from the pool: its printing, with the
    fields the action overrides as the action gives them (what happened at the table, in record mode),
    each override a violation of ``spoils.engine.printed-card``."""
    for field, message in overrides(ctx.work, action):
        ctx.violate(RULE, f"{field}: {message} (a card of the game's pool is played as printed, 105.1)")
    update: dict[str, Any] = {}
    if isinstance(action, (A.PlayCard, A.Respond, A.PlayResource)):
        update["card"] = _from_pool(ctx.work, action.card)
    choice = getattr(action, "resource", None)
    if isinstance(choice, A.ResourceChoice):
        update["resource"] = choice.model_copy(update={"card": _from_pool(ctx.work, choice.card)})
    return action.model_copy(update=update) if update else action


def _from_pool(state: SpoilsState, card: Any) -> Any:
    """A pool card described inline: its name when the description only repeats its printing, else
    its printing updated by the description; anything else as it is."""
    spec = pool_card(state, card.get("name")) if isinstance(card, dict) else None
    if spec is None or not _fits(card):
        return card
    if not _inline(state, card, "card"):
        return spec.name
    return {**spec.model_dump(mode="json", exclude_defaults=True), **card}


def _inline(state: SpoilsState, card: Any, field: str) -> list[tuple[str, str]]:
    """The fields of an inline card description whose values are not the pool printing's."""
    if not isinstance(card, dict):
        return []
    spec = pool_card(state, card.get("name"))
    if spec is None:
        return []
    try:
        given = CardSpec.model_validate(card)
    except ValidationError:
        return []  # the handler reports the description that does not fit
    out = []
    for key in sorted(card):
        if key == "name" or key not in CardSpec.model_fields:
            continue
        printed, asked = getattr(spec, key), getattr(given, key)
        if asked != printed:
            out.append((f"{field}.{key}", f"{spec.name} is printed with {key} {_shown(printed)}, not {_shown(asked)}"))
    return out


def _resource(state: SpoilsState, card: Any, face_up: bool, icons: str | None, prefix: str) -> list[tuple[str, str]]:
    """A resource played face up provides its printed icons (203.5, 605.1b)."""
    out = _inline(state, card, f"{prefix}card")
    name = card.get("name") if isinstance(card, dict) else card
    spec = pool_card(state, name)
    printed = spec.resource_icons() if spec is not None else STAPLES.get(str(name).lower()) if name else None
    if not face_up or icons is None or printed is None:
        return out
    try:
        asked = _icons(icons)
    except ValueError:
        return out  # the handler reports icons that are not icons
    if sorted(asked) != sorted(printed):
        out.append((f"{prefix}icons", (f"{spec.name if spec else name} provides {printed or 'no icon'} face up, "
                                       f"not {asked or 'no icon'}")))
    return out


def _ability_effect(state: SpoilsState, action: Any) -> list[tuple[str, str]]:
    """An ``effect`` given for an ability of a pool card in play."""
    source = action.card if isinstance(action, A.UseAbility) else getattr(action, "source", None)
    if not isinstance(action, (A.UseAbility, A.Respond)) or action.effect is None or source is None:
        return []
    in_play = state.cards.get(source)
    spec = pool_card(state, in_play.name if in_play is not None else source)
    if spec is None:
        return []
    return [("effect", (f"{spec.name}'s abilities do what its printing says: an effect given with the ability "
                        f"would replace its script"))]


def _fits(card: dict[str, Any]) -> bool:
    try:
        CardSpec.model_validate(card)
    except ValidationError:
        return False
    return True


def _shown(value: Any) -> str:
    if value in (None, "", [], {}):
        return "(none)"
    return repr(value) if not isinstance(value, (int, str)) else str(value)
