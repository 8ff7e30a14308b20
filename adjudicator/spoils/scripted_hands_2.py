"""Cards moved between a player's hand and deck in numbers the player chooses (round 4, hands):
"Put any number of cards from your hand on the bottom of your deck", "Put the top X cards of your deck
into your hand, where X is the number of cards you put on the bottom plus 1".

The cards from the hand are those the action names (``choices.put``, checked against the hand the judge
knows, spoils.engine.hidden-choice); the cards taken from the top of a deck are counted (their names are
hidden: a deck's order is not recorded, 403.1a).  Registered into ``scripted.RUN`` by ``scripted_hands``.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils import scripted_cards as SCC
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.references import Env
from adjudicator.spoils.scripted import RUN, handles
from adjudicator.spoils.scripts import OP
from events.models import spoils as E

CHOSEN_NUMBER = ("any_number", "up_to")
"""A number of cards from the hand the player chooses (0 is one)."""


def chosen_from_hand(ref: Any) -> bool:
    return isinstance(ref, Ph.Cards) and ref.zone == "hand" and ref.quantity in CHOSEN_NUMBER and not ref.adjectives


def top_x(ref: Any) -> bool:
    """"the top X cards of your deck" (X as the script set it)."""
    return isinstance(ref, Ph.Cards) and ref.zone == "deck" and ref.quantity == "the_top" and ref.count == "X"


_put = RUN[OP["put"]]


@handles(OP["put"])
def _put_chosen(ctx: SpoilsContext, op: Any, env: Env) -> None:
    ref, to = op.put, SCC.TO_DECK.get(op.to)
    if to is not None and chosen_from_hand(ref):
        _from_hand(ctx, op, env, to)
    elif to is not None and top_x(ref):
        _put(ctx, op.model_copy(update={"put": ref.model_copy(update={"count": env.x or 0})}), env)
    else:
        _put(ctx, op, env)


def _from_hand(ctx: SpoilsContext, op: Any, env: Env, to: str) -> None:
    """"Put any number of cards (up to N cards) from your hand on the bottom of your deck": each card
    ``choices.put`` names, as many as the text allows and the hand holds."""
    ref = op.put
    player = SCC.owner_of(ctx, ref.zone_owner, env)
    high = min(ctx.work.players[player].hand, ref.count if ref.quantity == "up_to" and isinstance(ref.count, int) else 10**6)
    said = SCC.names(env.choices.get("put"))
    if not ctx.require(len(said) <= high, SCC.HIDDEN, f"{env.source}: {len(said)} card(s) named in choices.put; "
                       f"{player} may put at most {high}", "", blocking=True):
        return
    found = SCC.checked(ctx, env, said, player, "hand", ref, "put on the deck")
    if not ctx.require(len(found) == len(said), SCC.HIDDEN, f"{env.source}: {', '.join(said)}: not all in "
                       f"{player}'s hand", "", blocking=True):
        return
    env.did = bool(found)
    ctx.note("spoils.402.1", f"{env.source}: {player} puts {len(found)} card(s) from their hand {op.to.replace('_', ' ')}"
                             + (" in the order named" if getattr(op, "any_order", False) and found else ""))
    SCC._move(ctx, env, player, "hand", to, found, len(found), SCC.HIDDEN)


def put_on_bottom_plus_one(ctx: SpoilsContext, stat: Any, controller: str) -> int:
    """"the number of cards you put on the bottom plus 1": the cards this decision moved from the hand
    to the bottom of that player's deck."""
    return 1 + sum(e.count for e in ctx.events if isinstance(e, E.CardsMoved) and e.player == controller
                   and e.from_zone == "hand" and e.to == "deck_bottom")


__all__ = ["chosen_from_hand", "top_x", "put_on_bottom_plus_one"]
