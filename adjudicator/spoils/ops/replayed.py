"""Cards played under a text's own terms (round 4, statics): "X is the total numeric cost of all
non-resource cards you control. Put those cards into their owner's hand. You may play any number of
cards for free with total numeric cost X or less." (Reality Shift).

``judge`` answers for this module's nodes (asked by ``scripted_delayed.judge``); the handlers are
registered into ``scripted.RUN`` as ``scripted_delayed`` imports this module."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.effects import Node
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import statics as _STATICS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import picks_and_repeats as _PICKS_AND_REPEATS
from adjudicator.spoils.ops import zones as SZ
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.ops.removed_played import judge as judge_5
from adjudicator.spoils.ops.zones import entries
from adjudicator.spoils.rules.history import PLAY_FOR
from adjudicator.spoils.text.scripts import OP

if TYPE_CHECKING:
    from adjudicator.spoils.rules.context import SpoilsContext
    from adjudicator.spoils.rules.environment import Env

TOTAL_COST = "total_cost_you_control"


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:

    answer = judge_5(node, searches, chooses_x)
    if answer is not None:
        return answer
    if isinstance(node, Ph.Stat) and node.stat == TOTAL_COST:
        return False  # _x_total_cost ("X is ...": the only place a script reads it)
    if isinstance(node, OP["can"]) and node.can == "reveal_as_resource_played":
        return False  # revealed_with_resource (asked by consequences.play_resource)
    if isinstance(node, OP["play_card"]) and node.cost is not None:  # "play this card for 1"
        return node.play_card != "self"  # played_for (asked by plays.decide_play_card); another card: not read
    if isinstance(node, OP["use_ability"]) and node.use_ability is True:
        return False  # _may_use_an_ability, start_ability (asked by plays.fast_timing)
    if isinstance(node, OP["play_total"]):
        return node.at_most != "X"  # _play_total
    return None


# --------------------------------------------------------------------------------- X: the cards you control


@handles(OP["x_is"])
def _x_total_cost(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"X is the total numeric cost of all non-resource cards you control." (406.1): their printed numeric
    costs added; "those cards" are then these cards."""
    if not (isinstance(op.x_is, Ph.Stat) and op.x_is.stat == TOTAL_COST):
        _STATICS._x_of_discarded(ctx, op, env)
        return
    mine = [cid for cid, c in ctx.work.cards.items() if c.controller == env.controller and c.type != "resource"]
    env.x = sum(ctx.work.cards[cid].cost or 0 for cid in mine)
    env.it = mine
    ctx.note("spoils.406.1", f"{env.source}: X is {op.x_is.words()}: {env.x} ({', '.join(mine) or 'none'})")


# --------------------------------------------------------------------------------- plays up to a total

def _named(env: "Env") -> list[dict[str, Any]]:

    return entries(env)


def _total(ctx: "SpoilsContext", said: list[dict[str, Any]]) -> int:
    return sum((spec.cost or 0) for e in said if (spec := ctx.lookup(str(e["card"]))) is not None)


@handles(OP["play_total"])
def _play_total(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"You may play any number of cards for free with total numeric cost X or less." (604.2, 308.1: each
    still meets its threshold and pays its extra costs): the cards the action names (``choices.free_plays``),
    from the hand, if their printed numeric costs add up to X or less."""
    said = _named(env)
    total, x = _total(ctx, said), env.x or 0
    if total > x:
        SZ._not_played(ctx, env, "spoils.604.2", f"{env.source}: the cards named cost {total} in all, more than "
                                                  f"X = {x}: none is played")
        return
    each = OP["play_card"](play_card=op.play_total, free=op.free)
    played = [e["card"] for e in said if SZ._play_one(ctx, each, env, e, "hand", env.controller, False)]
    env.did = bool(played)


# --------------------------------------------------------------------------------- revealed as a resource is played


def played_for(ctx: "SpoilsContext", spec: Any) -> Any:
    """The card as it is paid for: "play this card for 1" fixes its numeric cost (406.3) for this play."""
    cost = ctx.__dict__.get(PLAY_FOR, {}).pop(spec.name, None)
    if cost is None:
        return spec
    ctx.note("spoils.406.3", f"{spec.name} is played for {cost}: its text fixes its numeric cost (101.1)")
    return spec.model_copy(update={"cost": cost})


# --------------------------------------------------------------------------------- an ability at the start of the turn

START = "start_ability"
"""The key of the leave "at the start of your turn, you may use an ability" gives (``EffectStarted``, this turn)."""


@handles(OP["use_ability"])
def _use_ability(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"Use one of the card's abilities.": ``picks_and_repeats``; "Use an ability.": ``_may_use_an_ability``."""
    if op.use_ability == "the card":
        _PICKS_AND_REPEATS._use_its_ability(ctx, op, env)
    else:
        _may_use_an_ability(ctx, op, env)


def _may_use_an_ability(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"At the start of your turn, you may use an ability." (602.2): while the turn starts (before its player
    develops) its player may use one ability (``start_ability``)."""
    from events.models import spoils as E

    ctx.emit(E.EffectStarted(effect={START: env.controller}, source=env.source, controller=env.controller, until="turn"))
    ctx.note("spoils.101.1", f"{env.source}: {env.controller} may use an ability as the turn starts, before developing")


def start_ability(ctx: "SpoilsContext", player: str, rule: str) -> bool:
    """Whether ``player`` may use an ability (``rule``: an ability's or a faction ability's timing) now, as
    their turn starts, by such a leave not used yet; the use is recorded."""
    from events.models import spoils as E

    s = ctx.work
    if rule not in ("spoils.502.3", "spoils.faq.faction-ability-timing") or s.active_player != player or s.pending:
        return False
    given = [x for x in s.effects if x.effect.get(START) == player]
    used = sum(1 for x in s.effects if x.effect.get(START + "_used") == player)
    if used >= len(given):
        return False
    ctx.emit(E.EffectStarted(effect={START + "_used": player}, source=given[used].source, controller=player, until="turn"))
    ctx.note("spoils.101.1", f"{given[used].source}: {player} uses an ability as the turn starts (602.2, before 202.8)")
    return True


