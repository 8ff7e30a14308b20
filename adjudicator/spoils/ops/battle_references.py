"""Round 3g of the scripted cards: what "it" names after "the attached character" (Golemizer),
"if a card is depleted" (Humiliating Torture Apparatus: one hook on every ``CardsDepleted`` the
engine emits, ``context.ON_EMIT``), and "its controller" of the card a trigger binds.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import (
    revealed_and_reduced as _REVEALED_AND_REDUCED,  # the handler(s) this module's handlers extend
)
from adjudicator.spoils.ops.interpreter import Env, handles, targets
from adjudicator.spoils.rules import battle as B
from adjudicator.spoils.rules import triggers as TP
from adjudicator.spoils.rules.context import ON_EMIT, SpoilsContext
from adjudicator.spoils.rules.parties import PAST_BLOCKERS, past_blockers
from adjudicator.spoils.rules.triggers import fire
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E
from adjudicator.spoils.rules import trigger_matchers as _TRIGGER_MATCHERS

# --------------------------------------------------------------------------------- "it" after "the attached character"


def _names_attached(node: Any) -> bool:
    """Whether an operation says "the attached character" (the antecedent of a following "it")."""
    if isinstance(node, Ph.Cards):
        return "attached" in node.adjectives and node.quantity in ("the", "that")
    if isinstance(node, Node):
        return any(_names_attached(getattr(node, f, None)) for f in type(node).model_fields)
    if isinstance(node, list):
        return any(_names_attached(n) for n in node)
    return False


def antecedent(ctx: SpoilsContext, ops: list[Node], env: Env) -> None:
    """"... on the attached character. If it has 0 speed, destroy it.": the "it" that follows names
    the character this card is attached to, whether or not the "you may" before it was taken (its
    words name it; 402.5 applies what the text says)."""
    if _names_attached(ops):
        host = targets(ctx, "attached", env)
        if host:
            env.it = host


def _may_naming(ctx: SpoilsContext, op: Any, env: Env) -> None:
    antecedent(ctx, list(op.may), env)
    _REVEALED_AND_REDUCED._may_pay_and_remove(ctx, op, env)


def _tokens_naming(ctx: SpoilsContext, op: Any, env: Env) -> None:
    antecedent(ctx, [op], env)
    _SCRIPTED._tokens(ctx, op, env)


# --------------------------------------------------------------------------------- "if a card is depleted"

def _depleting(ctx: SpoilsContext, event: E.CardsDepleted | E.BattleEnded) -> Callable[[], None] | None:
    """Every card an event turns from restored to depleted (303.1: an effect, a cost, an attack; the
    survivors of a battle, 609.1h) sets off "if a card is depleted" once, after the event (503.1);
    a card already depleted is not depleted again (303.2)."""
    cards = event.cards if isinstance(event, E.CardsDepleted) else event.depleted
    fresh = [c for c in dict.fromkeys(cards) if c in ctx.work.cards and not ctx.work.cards[c].depleted]

    def then() -> None:
        for cid in fresh:
            fire(ctx, "card_depleted", card_id=cid)
    return then if fresh else None


ON_EMIT[E.CardsDepleted] = ON_EMIT[E.BattleEnded] = _depleting
_TRIGGER_MATCHERS.MATCH["card_depleted"] = lambda h, cid, card: [str(h.card_id)] if h.when == "card_depleted" else None
"""The trigger binds the depleted card (its "that card's controller")."""


def _bound_controller(ctx: SpoilsContext, env: Env) -> list[str]:
    """"That card's controller": the controller of the card the trigger (or the script) names."""
    bound = env.it or (env.picks[-1] if env.picks else [])
    known = {**ctx.state.cards, **ctx.work.cards}
    return [known[c].controller for c in bound[:1] if c in known]


@handles(O.LoseInfluence)
def _influence_of_that_controller(ctx: SpoilsContext, op: Any, env: Env) -> None:
    if op.player != "that_cards_controller":
        _SCRIPTED._influence(ctx, op, env)
        return
    for player in _bound_controller(ctx, env):
        _SCRIPTED._influence(ctx, op.model_copy(update={"player": player}), env)


__all__ = ["antecedent"]


# --------------------------------------------------------------------------------- past the blockers


def assigned_past_blockers(ctx: SpoilsContext, source: str, to: str) -> bool:
    """An attacker's damage assigned to the target of the attack while blockers are left: allowed
    (and traced) when its text says so (609.1c as the card changes it, 101.1)."""
    s = ctx.work
    if to is None or to != B.attack_target(ctx) or not past_blockers(ctx, source):
        return False
    name = s.cards[source].name
    return ctx.check(PAST_BLOCKERS, False, _SUBJECTS.Subject.card(s, source), f"{name} assigns to the blocking party",
                     f"{name} assigns its battle damage to the target of the attack instead of the blocking party")


# --------------------------------------------------------------------------------- icons for a turn

@handles(OP["control_additional"])
def _control_additional(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"This turn, you control an additional [E][E][E][E].": a lasting effect of the player's, ended
    with the turn (602.1b), that the icon count reads (405, 311.1: ``precedence.provided_icons``)."""
    ctx.emit(E.EffectStarted(effect={"provides": op.control_additional}, source=env.source,
                             controller=env.controller, until="turn"))
    ctx.note("spoils.311.1", f"{env.source}: {env.controller} controls an additional "
                             + "".join(f"[{i}]" for i in op.control_additional) + " this turn")
