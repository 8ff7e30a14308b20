"""Handlers of the effect language's conditions and numbers, registered into
``adjudicator.spoils.ops.interpreter.RUN``: "<effect>, where X is <a number read off the game>" (502.2),
"<effect> if it has X strength or less, where X is ...", "If there is a token on this card X is 5,
otherwise X is 2.", and the "play (use) this only if ..." restrictions read off the position
(``scripted_conditions_states.ONLY``), which extend the scripted ``only`` handler (401.3a)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules import effect_documents as FX
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.references import _stat
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text.position_states import ONLY
from adjudicator.spoils.text.continuous import state_holds
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import cards_out_of_play as _CARDS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import flow as _FLOW



def _only(ctx: SpoilsContext, op: A.OnlyWhen, env: Env) -> None:
    """"Use this only if your opponent has at least 10 cards in their discard pile.", "... only if
    there are an even number of characters in play": checked as the cost is paid (401.3a)."""
    if op.only not in ONLY:
        _SCRIPTED._only(ctx, op, env)
        return
    ok = state_holds(ctx.work, op.only, env.card, env.controller, op.n, ONLY)
    ctx.require(bool(ok), "spoils.401.3a", f"{env.source}: {op.words()}", f"{env.source}: {op.words()}")


def set_x(ctx: SpoilsContext, where: Ph.Stat | None, env: Env) -> None:
    """"..., where X is <a number read off the game>": X now (406.3, 502.2)."""
    if where is not None:
        env.x = _stat(ctx, where, env)
        ctx.note("spoils.406.3", f"{env.source}: X is {where.words()}: {env.x}")


def _where(ctx: SpoilsContext, op: Any, env: Env) -> None:
    set_x(ctx, op.x_where, env)
    SC.do_all(ctx, list(op.then), env)


@SC.handles(OP["provided"])
def _provided(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Destroy the character if it has X strength or less, where X is ...": X first, then the
    condition about the card the script named (504.1); the effect only if it holds."""
    set_x(ctx, op.where, env)
    verdict = _FLOW.condition(ctx, op.provided, env)
    if verdict is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: whether {op.provided.words()} is the judge's call")
        return
    ctx.note("spoils.504.1", f"{env.source}: {op.provided.words()}: {'yes' if verdict else 'no'}")
    if verdict:
        SC.do_all(ctx, list(op.then), env)


def _remove_from_game(ctx: SpoilsContext, op: O.RemoveFromGame, env: Env) -> None:
    """"Remove 2 cards in your opponent's discard pile from the game" (403.6a): the cards picked there
    (by a cost, or now, named in the action's targets); cards in play leave play as the scripted
    handler makes them."""
    ref = op.remove_from_game
    if isinstance(ref, Ph.Cards) and ref.zone == "discard":
        names = SC.chosen(ctx, ref, env)
    elif isinstance(ref, list) and ref and env.zone == "discard" and all(n in env.found or n not in ctx.work.cards
                                                                         for n in ref):
        names = [str(n) for n in ref]  # picked as the cost was announced (scripted.prepare)
    elif SCC.picked_out_of_play(ctx, ref, env):  # "Remove that character from the game": picked in a discard pile
        names = SCC.picked_out_of_play(ctx, ref, env)
        env.searched = SCC.discard_holding(ctx, names, env)
    else:
        _SCRIPTED._leave(ctx, op, env)
        return
    if names:
        ctx.emit(E.CardsMoved(player=env.searched or env.controller, count=len(names), cards=names,
                              from_zone="discard", to="removed", source=env.source, rule="spoils.403.6a"))


def _put_into_play(ctx: SpoilsContext, op: O.PutIntoPlay, env: Env) -> None:
    """"Put X Micromajig tokens into play (under your control)" (409.3c: tokens are created in play);
    other cards put into play as the scripted handler puts them."""
    what = op.put_into_play
    if not (isinstance(what, Ph.Cards) and what.cards == "micromajig token" and op.under in (None, "you")):
        _CARDS._put_into_play(ctx, op, env)
        return
    n = SC.amount(ctx, what.count if what.count is not None else 1, env)
    if n > 0:
        FX.apply_effect(ctx, [{"create_token": "micromajig", "count": n}], env.controller, env.source, env.card)
    ctx.note("spoils.409.3c", f"{env.source}: {n} Micromajig token(s) enter play under {env.controller}'s control")


@SC.handles(OP["x_if"])
def _x_if(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If there is a token on this card X is 5, otherwise X is 2." (settled with the cost, 401.2)."""
    verdict = _FLOW.condition(ctx, op.x_if, env)
    if verdict is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: whether {op.x_if.words()} is the judge's call")
        return
    env.x = op.then if verdict else op.otherwise_
    ctx.note("spoils.406.3", f"{env.source}: {op.x_if.words()}: {'yes' if verdict else 'no'}, X is {env.x}")


__all__ = ["set_x"]
