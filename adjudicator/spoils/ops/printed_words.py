"""Handlers of a few operations said in the words a card prints (the Spoils texts no script said
before), registered into ``adjudicator.spoils.ops.interpreter.RUN``: operations said in the words a card
prints ("Put the resource into it's owner's hand.", "remove it from combat"), "Then, ...", and
"..., where Y is <a number read off the game>" (502.2).  The other such operations have no
handler: the engine notes them for the judge (``spoils.engine.script-judge``)."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.ops.interpreter import do_all, handles
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import _stat
from adjudicator.spoils.text.scripts import OP


@handles(OP["as_printed"])
def _as_printed(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """The operations themselves: only their words differ from the language's."""
    do_all(ctx, list(op.as_printed), env)


@handles(OP["after_that"])
def _after_that(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Then, ...": what follows, in order (402.5)."""
    do_all(ctx, list(op.after_that), env)


@handles(OP["y_where"])
def _y_where(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"..., where Y is ...": Y now (406.3, 502.2), then the operations that read it."""
    env.y = _stat(ctx, op.y_where, env)
    ctx.note("spoils.406.3", f"{env.source}: Y is {op.y_where.words()}: {env.y}")
    do_all(ctx, list(op.then), env)


__all__: list[str] = []
