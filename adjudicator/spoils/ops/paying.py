"""The costs of a scripted play or ability (401): the instructions settled as it is announced (targets
picked and checked, X, what is paid, restrictions), asked of the cost picks in their declared order, and
the ones done once it is (cards depleted, destroyed, discarded), to which no replacement applies (506.2)."""
from __future__ import annotations

from typing import Any, Callable

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.declared_order import take_place
from adjudicator.spoils.ops.flow import _condition
from adjudicator.spoils.ops.interpreter import RUN, do_all
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import (
    CHOOSING,
    _stat,
    chosen,
    targets,
)
from adjudicator.spoils.rules.replacements import PAYING
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.text.subjects import Subject

COST_NOW = (A.Pick, A.Pay, A.OnlyWhen, OP["x_is"], OP["choose_x"], OP["flip_coin"], OP["if_you"], OP["otherwise"],
            OP["x_if"], OP["reveal"], OP["pick_x"],  # reveal, pick_x: scripted_zones (the card, X fixed now)
            OP["or"])  # scripted_costs_or: the option chosen, then paid as the rest of the cost
"""Cost instructions settled when the play is announced; the others (deplete, destroy, discard...)
are done once it is (401.3, in order)."""


COST_PICKS: list[Callable[[SpoilsContext, Node, Env], bool]] = []


COST_PICK_ORDER = (
    "hands._cost_pick", "split_cards._cost_x_so_far", "discards_undone._x_if_it_is",
    "deck_top_removed._cost_removal", "location_marks._cost_if_you_do_pick",
    "location_marks._cost_or_shared", "picks_and_repeats._answering_a_pick",
    "picks_and_repeats._pick_instead", "costs_discard._cost_discard")
"""The order ``prepare`` asks the cost picks in (the first that takes an instruction settles it),
declared here so that it never depends on which module is imported first."""


def cost_pick(fn: Callable[[SpoilsContext, Node, Env], bool]) -> Callable[[SpoilsContext, Node, Env], bool]:
    """Declares a cost pick; it takes its place in ``COST_PICK_ORDER``, whatever the import order."""
    return take_place(COST_PICKS, COST_PICK_ORDER, fn, "paying.COST_PICK_ORDER")


def prepare(ctx: SpoilsContext, cost: list[Node], env: Env, *, depletes_self: bool = False) -> None:
    """Checks a scripted cost (401.2): picks the action's targets, settles X and "pay", checks
    restrictions; the other instructions wait in ``env.deferred`` for ``perform``."""
    for op in cost:
        if ctx.blocked:
            return
        if any(pick(ctx, op, env) for pick in COST_PICKS):
            continue
        if isinstance(op, O.Deplete) and op.deplete == "self" and depletes_self:
            continue
        if isinstance(op, COST_NOW):
            if isinstance(getattr(op, "where", None), Ph.Stat):  # "pay X, where X is ..." (406.3)
                env.x = _stat(ctx, op.where, env)
            RUN[type(op)](ctx, op, env)
            continue
        if isinstance(op, OP["if"]) and _condition(ctx, op, env) is not None:
            # "If you did not play this card using FLIP UP, pay X": known as the costs are paid (401.2)
            if _condition(ctx, op, env):
                prepare(ctx, list(op.then), env)
            continue
        ref = getattr(op, op.HEAD, None)
        if isinstance(op, O._Move):
            # The cards are fixed now ("destroy it" is the card picked just before, 401.3).
            choosing = isinstance(ref, Ph.Cards) and (ref.quantity in CHOOSING or isinstance(ref.quantity, int) or (
                ref.quantity == "bare" and ref.count is not None))  # "X cards in your discard pile", "deplete X characters"
            fixed = chosen(ctx, ref, env, "spoils.401.2") if choosing else targets(ctx, ref, env)
            if isinstance(op, (O.Deplete, O.Restore)) and (choosing or ref == "self"):
                _can_turn(ctx, op, fixed, env)
            env.deferred.append(op.model_copy(update={op.HEAD: fixed}))
            continue
        if isinstance(op, O.Tokens) and isinstance(op.tokens, int) and op.tokens < 0 and op.card in (None, "self"):
            _can_remove_tokens(ctx, op, env)
        if isinstance(op, O.PlayResource) and not op.up_to:
            _can_play_resource(ctx, op, env)
        env.deferred.append(op)


def _can_remove_tokens(ctx: SpoilsContext, op: O.Tokens, env: Env) -> None:
    """401.3b: "remove 4 tokens from this card" as a cost is paid only while the card has them."""
    card = ctx.work.cards.get(env.card or "")
    have = card.tokens if card is not None else 0
    ctx.require(have >= -op.tokens, "spoils.401.3b", f"{env.source}: this card has {have} token(s): it cannot pay "
                f"the cost \"{op.words()}\" (401.2)", blocking=True)


def _can_play_resource(ctx: SpoilsContext, op: O.PlayResource, env: Env) -> None:
    """401.3, 605.1: "play a resource" as a cost (a FLIP UP's "and play a resource", 507.4c) is paid only
    with a card in hand to play as the resource; the card being played from hand is not one (604.1a)."""
    hand = ctx.work.players[env.controller].hand - (1 if env.from_hand else 0)
    ctx.require(hand > 0, "spoils.401.3", f"{env.source}: {env.controller} has no card in hand to play as a "
                f"resource: the cost \"{op.words()}\" cannot be paid (401.2)", blocking=True)


def _can_turn(ctx: SpoilsContext, op: O.Deplete | O.Restore, cards: list[str], env: Env) -> None:
    """A cost that depletes (restores) a card is paid only with a card that is not already depleted
    (restored): one that is cannot be depleted (restored) again, so the cost cannot be paid (303.2, 401.2)."""
    deplete = isinstance(op, O.Deplete)
    for cid in cards:
        card = ctx.work.cards.get(cid)
        if card is not None and not ctx.require(card.depleted != deplete, "spoils.303.2",
                                                f"{env.source}: {card.name} is already "
                                                f"{'depleted' if deplete else 'restored'}: it cannot pay the cost "
                                                f"\"{op.words()}\" (401.2)", blocking=True):
            return


def perform(ctx: SpoilsContext, env: Env) -> None:
    """The cost instructions that act on the game (deplete, destroy, discard...), in order; the
    cards they move are an extra cost's, which no replacement applies to (506.2)."""
    moved = {c for op in env.deferred if isinstance(op, O._Move) and isinstance(getattr(op, op.HEAD), list)
             for c in getattr(op, op.HEAD) if isinstance(c, str)}
    ctx.cost_cards |= moved
    ctx.__dict__[PAYING] = ctx.__dict__.get(PAYING, 0) + 1  # cards out of play it moves: no replacement either
    try:
        do_all(ctx, env.deferred, env)
    finally:
        ctx.cost_cards -= moved
        ctx.__dict__[PAYING] -= 1
    env.deferred = []


def spent_by_costs(ctx: SpoilsContext, env: Env | None) -> list[str]:
    """406.3a: the numeric cost is paid last, once the extra costs are done; the unattached resources
    those costs destroy or return ("resource:<id>" fixed by ``prepare``) are gone by then and cannot
    pay it."""
    if env is None:
        return []
    resources = ctx.work.players[env.controller].resources
    said = [t for op in env.deferred if isinstance(op, O._Move) and isinstance(op.target(), list) for t in op.target()]
    ids = [t.split(":", 1)[1] for t in said if isinstance(t, str) and t.startswith("resource:")]
    return [rid for rid in ids if rid in resources and not resources[rid].attached]


def env_for(ctx: SpoilsContext, player: str, source: str, card: str | None, action: Any) -> Env:
    """A script's environment for an action: its ``targets`` and ``choices``; for a card played from hand
    (not flipped up from a resource nor played from the removed cards), the card it plays (604.1c)."""
    choices = dict(getattr(action, "choices", None) or {})
    env = Env(player, source, card, choices=choices, queue=list(getattr(action, "targets", None) or []))
    if getattr(action, "type", None) in ("play_card", "play_tactic") and card is None \
            and not choices.get("flip_up") and not choices.get("from_removed"):
        env.from_hand = source
    return env


def subject_card(ctx: SpoilsContext, card_id: str) -> Subject:
    return Subject.card(ctx.work, card_id)
