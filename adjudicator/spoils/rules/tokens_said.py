"""\"Add or remove a token from this card\" (Spoils 409.1): the player doing it says which, and the
choice is checked as it is made (a removal needs the tokens there, 402.5)."""
from __future__ import annotations

from adjudicator.effects import operations as O
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env


ADD_OR_REMOVE = {"add": 1, "remove": -1}
"""``choices.add_or_remove``: whether "add or remove N tokens" puts them on or takes them off."""


def add_or_remove(ctx: SpoilsContext, op: O.Tokens, env: Env, aimed: list[str]) -> int | None:
    """"Add or remove a token from this card." (409.1): the player doing it says which (``choices.add_or_remove``,
    checked as it is made: a removal needs the tokens there, 402.5); not said, they do not (what a "may" before it
    and an "If they do, ..." after it read).  The signed number of tokens, None when nothing happens."""
    said, n = env.choices.get("add_or_remove"), int(op.tokens)
    env.did = False
    if said is None:
        ctx.note("spoils.engine.may-choice", f"{env.source}: {env.controller} does not {op.words().lower().rstrip('.')}"
                                             f" (choices.add_or_remove: add or remove)")
        return None
    if not ctx.require(said in ADD_OR_REMOVE, "spoils.409.1", f"{env.source}: {env.controller} adds or removes tokens "
                       f"(choices.add_or_remove: 'add' or 'remove'; {said!r} given)", "", blocking=True):
        return None
    short = [c for c in aimed if said == "remove" and ctx.work.cards[c].tokens < n]
    if not ctx.require(not short, "spoils.402.5", f"{env.source}: {', '.join(short)} has fewer than {n} token(s) to "
                       f"remove (choices.add_or_remove: add)", "", blocking=True):
        return None
    env.did = bool(aimed)
    ctx.note("spoils.409.1", f"{env.source}: {env.controller} {'adds' if said == 'add' else 'removes'} {n} token(s)")
    return n * ADD_OR_REMOVE[said]
