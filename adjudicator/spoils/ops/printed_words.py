"""Handlers of a few operations said in the words a card prints (the Spoils texts no script said
before), registered into ``adjudicator.spoils.ops.interpreter.RUN``: operations said in the words a card
prints ("Put the resource into it's owner's hand.", "remove it from combat", "Then, ...").  The other
such operations have no handler: the engine notes them for the judge (``spoils.engine.script-judge``)."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.ops.interpreter import do_all, handles
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text.scripts import OP


@handles(OP["as_printed"])
def _as_printed(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """The operations themselves: only their words differ from the language's."""
    do_all(ctx, list(op.as_printed), env)


__all__: list[str] = []
