"""Cards played under a text's own terms (round 4, statics): "X is the total numeric cost of all
non-resource cards you control. Put those cards into their owner's hand. You may play any number of
cards for free with total numeric cost X or less." (Reality Shift).

``judge`` answers for this module's nodes (asked by ``scripted_statics_3.judge``); the handlers are
registered into ``scripted.RUN`` as ``scripted_statics_3`` imports this module."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.effects import Node
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.scripted import RUN, handles
from adjudicator.spoils.scripts import OP

if TYPE_CHECKING:
    from adjudicator.spoils.context import SpoilsContext
    from adjudicator.spoils.references import Env

TOTAL_COST = "total_cost_you_control"


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, Ph.Stat) and node.stat == TOTAL_COST:
        return False  # _x_total_cost ("X is ...": the only place a script reads it)
    if isinstance(node, OP["play_total"]):
        return node.at_most != "X"  # _play_total
    return None


# --------------------------------------------------------------------------------- X: the cards you control

_x_is = RUN[OP["x_is"]]


@handles(OP["x_is"])
def _x_total_cost(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"X is the total numeric cost of all non-resource cards you control." (406.1): their printed numeric
    costs added; "those cards" are then these cards."""
    if not (isinstance(op.x_is, Ph.Stat) and op.x_is.stat == TOTAL_COST):
        _x_is(ctx, op, env)
        return
    mine = [cid for cid, c in ctx.work.cards.items() if c.controller == env.controller and c.type != "resource"]
    env.x = sum(ctx.work.cards[cid].cost or 0 for cid in mine)
    env.it = mine
    ctx.note("spoils.406.1", f"{env.source}: X is {op.x_is.words()}: {env.x} ({', '.join(mine) or 'none'})")


# --------------------------------------------------------------------------------- plays up to a total

def _named(env: "Env") -> list[dict[str, Any]]:
    from adjudicator.spoils.scripted_zones import entries

    return entries(env)


def _total(ctx: "SpoilsContext", said: list[dict[str, Any]]) -> int:
    return sum((spec.cost or 0) for e in said if (spec := ctx.lookup(str(e["card"]))) is not None)


@handles(OP["play_total"])
def _play_total(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"You may play any number of cards for free with total numeric cost X or less." (604.2, 308.1: each
    still meets its threshold and pays its extra costs): the cards the action names (``choices.free_plays``),
    from the hand, if their printed numeric costs add up to X or less."""
    from adjudicator.spoils import scripted_zones as SZ

    said = _named(env)
    total, x = _total(ctx, said), env.x or 0
    if total > x:
        SZ._not_played(ctx, env, "spoils.604.2", f"{env.source}: the cards named cost {total} in all, more than "
                                                  f"X = {x}: none is played")
        return
    each = OP["play_card"](play_card=op.play_total, free=op.free)
    played = [e["card"] for e in said if SZ._play_one(ctx, each, env, e, "hand", env.controller, False)]
    env.did = bool(played)

