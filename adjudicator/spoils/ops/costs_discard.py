"""A cost that discards a card of a kind ("COST: Pay 1. Discard a resource."): discarding takes the card
from its owner's hand (305.1), so the cost is paid only with as many cards in hand (401.2), and the
cards the action names as discarded (``choices.discarded``) must be of the kind the cost says and, when
the judge knows the whole hand, in it.  Checked as the play is announced; the discard itself is made
with the other costs (``scripted.perform``)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules.context import SpoilsContext, as_list
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.ops import paying as _PAYING

RULE = "spoils.401.2"


def _cost_discard(ctx: SpoilsContext, op: Any, env: Env) -> bool:
    """Checks a cost "discard N <kind>" (a violation when it cannot be paid); never takes the
    instruction over (False): it is deferred and made like the other costs."""
    what = op.what if isinstance(op, O.Discard) and isinstance(op.what, Ph.Cards) else None
    if env.resolving or not isinstance(op, O.Discard) or (op.what is not None and what is None) or op.player:
        return False
    n = SC._discard_count(ctx, op, env)
    hand = ctx.work.players[env.controller]
    words = what.words() if what is not None else "a card"
    known = len(hand.hand_cards) >= hand.hand
    left = list(hand.hand_cards)
    held = hand.hand
    if env.from_hand is not None and (not known or env.from_hand in left):  # it is being played (604.1c)
        held -= 1
        if known:
            left.remove(env.from_hand)
    why = f" besides {env.from_hand}, which has left the hand as it is played (604.1c)" if env.from_hand else ""
    if not ctx.require(held >= n, RULE, f"{env.source}: {env.controller} has {held} card(s) in hand{why}: the cost "
                       f"\"{op.words()}\" cannot be paid (305.1)", "", blocking=True):
        return False
    named = [str(c) for c in as_list(env.choices.get("discarded"))][:n]
    for name in named:
        spec = ctx.lookup(name)
        fits = spec is not None and (what is None or S.spec_fits(spec, what)) and (not known or name in left)
        if not ctx.require(fits, RULE, f"{env.source}: {name} is not {words} in {env.controller}'s hand: it cannot "
                           f"pay the cost \"{op.words()}\"", "", blocking=True):
            return False
        if known:
            left.remove(name)
    if known and not named:
        can = sum(1 for c in left if (spec := ctx.lookup(c)) is not None and (what is None or S.spec_fits(spec, what)))
        ctx.require(can >= n, RULE, f"{env.source}: {env.controller} holds no {words} to discard: the cost "
                    f"\"{op.words()}\" cannot be paid", "", blocking=True)
    return False


_PAYING.cost_pick(_cost_discard)
