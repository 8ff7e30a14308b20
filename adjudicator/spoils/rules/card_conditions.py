"""Conditions a running script reads about the cards it knows: the card picked, revealed or paid with
("if it is a character", "if the discarded card is a resource"), with the conditions families add by name
(``PAID``)."""
from __future__ import annotations

from typing import Any, Callable

from adjudicator.effects import Node
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules import counts
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import PRONOUNS, targets
from adjudicator.spoils.model.state import CardSpec


def spec_of(ctx: SpoilsContext, env: Env) -> CardSpec | None:
    return ctx.lookup(env.found[0]) if env.found else None


def holds(ctx: SpoilsContext, cond: Node, env: Env) -> bool | None:
    """The conditions about cards out of play and what the script chose (None: not one of them)."""
    spec = spec_of(ctx, env)
    if isinstance(cond, Ph.During) and cond.during in ("that_card_chosen_type", "it_chosen_type"):
        return None if spec is None else spec.type == getattr(env, "card_type", None)
    if isinstance(cond, Ph.During) and cond.during == "damage_to_picked_this_turn":
        return True  # the change waits for the damage: ``_adjust_amount`` makes it last the turn
    if isinstance(cond, Ph.During) and cond.during in PAID:
        return PAID[cond.during](ctx, env)
    if isinstance(cond, Ph.During) and cond.during == "it_is_staple_resource":
        return None if spec is None else spec.is_staple
    if isinstance(cond, Ph.StatAtMost) and cond.subject in PRONOUNS and env.found and \
            cond.has.stat == "numeric_cost":
        return None if spec is None else _bounded(spec.cost or 0, cond, env)
    if isinstance(cond, Ph.StatAtMost) and not env.found and cond.has.stat in counts.OF_CARD:
        ids = [c for c in targets(ctx, cond.subject, env) if c in ctx.work.cards]
        return None if not ids else _bounded(counts.value(ctx, cond.has, env.controller, lambda ref: ids), cond, env)
    return None


def _picked_as_cost(kind: str) -> Callable[[SpoilsContext, Env], bool]:
    """"If you picked a character (an item) as part of its cost": the play's extra cost picked one
    (401.3); whether it is still in play is for the operations that follow (402.5)."""
    def picked(ctx: SpoilsContext, env: Env) -> bool:
        known = {**ctx.state.cards, **ctx.work.cards}
        return any(c in known and known[c].type == kind for group in env.cost_picks for c in group)
    return picked


PAID: dict[str, Callable[[SpoilsContext, Env], bool]] = {
    "picked_character_as_cost": _picked_as_cost("character"),
    "picked_characters_as_cost": _picked_as_cost("character"),
    "picked_item_as_cost": _picked_as_cost("item"),
    "played_using_flip_up": lambda ctx, env: bool(env.choices.get("flip_up")),
    "not_played_using_flip_up": lambda ctx, env: not env.choices.get("flip_up"),
}
"""Conditions on how the card was played (read off what its play fixed, ``settling._paid``)."""


def _bounded(value: int, cond: Ph.StatAtMost, env: Env) -> bool:
    def n(v: Any) -> int:
        return v if isinstance(v, int) else (env.x or 0) * (2 if v == "X+X" else 1)
    if cond.at_most is not None:
        return value <= n(cond.at_most)
    if cond.at_least is not None:
        return value >= n(cond.at_least)
    return value == n(cond.exactly)
