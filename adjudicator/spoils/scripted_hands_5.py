"""What a cost discarded, read by the effect (round 4, hands): "COST: Pay 1. Discard a card. EFFECT: If
the discarded card is a resource, search your deck for a location. If it is a location, ... Reveal the
card you searched for and put it into your hand."

The discarded card is the one the action names (``choices.discarded``, from the hand the judge knows);
its type decides which "if it is ..." applies (504.1).  Registered by ``scripted_hands``; the "if it is"
of a card in play stays ``scripted_statics``' (which asks this module's handler when no card in play is
meant).
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils import scripted as SC
from adjudicator.spoils import scripted_cards as SCC
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.references import Env
from adjudicator.spoils.scripted import RUN, handles
from adjudicator.spoils.scripts import OP

SUBJECT = "it_is_name"
"""Where the running script keeps the card out of play its "if it is ..." sentences are about."""


def discarded_subject(ref: Any) -> bool:
    """"the discarded card": the card the cost (or the effect) discarded."""
    return isinstance(ref, Ph.Cards) and "discarded" in ref.adjectives and ref.quantity in ("the", "that")


def about_discarded(op: Any, env: Env) -> bool:
    """Whether an "if it is ..." is about the card discarded: "the discarded card", or "it" after it."""
    return discarded_subject(op.subject) or (op.subject == "it" and getattr(env, SUBJECT, None) is not None)


_if_it_is = RUN.get(OP["if_it_is"])


@handles(OP["if_it_is"])
def if_discarded_is(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If the discarded card is a resource, ...", then "If it is a location, ...": the type of the card
    discarded (504.1); only the sentence that fits it happens."""
    if discarded_subject(op.subject):
        said = SCC.names(env.choices.get("discarded"))[:1] or [n for _, n in env.discarded][:1]
        setattr(env, SUBJECT, said[0] if said else None)
    elif op.subject != "it" or getattr(env, SUBJECT, None) is None:
        if _if_it_is is not None:
            _if_it_is(ctx, op, env)
        else:
            ctx.note("spoils.engine.script-judge", f"{env.source}: whether {op.words()} is the judge's call")
        return
    name = getattr(env, SUBJECT, None)
    spec = ctx.lookup(name) if name else None
    if spec is None:
        ctx.note(SCC.HIDDEN, f"{env.source}: the discarded card is not named (choices.discarded): whether "
                             f"{op.words()} is the judge's call")
        return
    verdict = SCC.fits_with(spec, op.if_it_is.model_copy(update={"quantity": "a"}))
    ctx.note("spoils.504.1", f"{env.source}: the discarded {name} is {'' if verdict else 'not '}{op.if_it_is.words()}")
    if verdict:
        SC.do_all(ctx, list(op.then), env)


_reveal = RUN[OP["reveal"]]


@handles(OP["reveal"])
def _reveal_searched(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Reveal the card you searched for": the card the search just found (as "reveal them")."""
    _reveal(ctx, op.model_copy(update={"reveal": "them"}) if op.reveal == "searched_card" else op, env)


__all__ = ["discarded_subject", "about_discarded", "if_discarded_is", "SUBJECT"]
