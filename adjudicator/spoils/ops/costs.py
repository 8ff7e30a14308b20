"""Taxes: an extra cost a card in play puts on an act (505.1, "Your opponent must pay 2 to attack."):
attacking, attacking with the attached character, playing a tactic, using a character's ability,
searching one's own deck, picking a character the card's controller controls.

A requirement with a cost is met by paying it (505.1: a player who cannot pay it cannot take the
action); several of them add up (505.2b's example: two copies, pay 4).  A tax is not part of a
card's numeric cost (406.3): no reduction of a numeric cost touches it, and a card played for free
still owes it.  The act's own payment pays it (the play's or the ability's numeric cost, the
attack's resources attached as it is declared); an act an effect does while it resolves (a search, a
pick) pays it then, or is not done (402.5: as much as possible).
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.ops.interpreter import Env, handles
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.ops import split_cards as _SPLIT_CARDS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import picks_and_repeats as _PICKS_AND_REPEATS  # the handler(s) this module's handlers extend
from adjudicator.spoils.rules.parties import RULE, charge, short
from adjudicator.spoils.ops import cannot as scripted_costs_cannot
from adjudicator.spoils.ops import turn_history as scripted_costs_history

TAXED = ("named_subtype", "attack", "attack_with_attached", "play_tactic", "use_character_ability", "search_deck",
         "pick_your_character")
"""The taxes (``Tax.on``) the engine charges: here, and the named subtype's in ``scripts.static_effects``."""


def enforced(node: Any) -> bool | None:
    """Whether the engine enforces ``node`` (None: not one of the nodes this module and its siblings
    answer for; ``scripts._unenforced_node`` asks)."""
    if isinstance(node, OP["tax"]):
        return node.on in TAXED
    if isinstance(node, Ph.Stat) and node.of == "last_tactic":  # counts: the last of the tactics played this turn
        return node.stat == "numeric_cost"
    if isinstance(node, OP["or"]):  # not "both players may draw a card or play a resource": a choice each
        return not any(isinstance(option, O.PlayResource) for option in node.or_)
    if isinstance(node, OP["can"]) and node.can in ("opponents_first_resource_attached", "picked_must_block_self"):
        return True  # scripted_costs_history.first_resource, scripted_costs_battle
    if isinstance(node, A.OnlyWhen) and node.only in scripted_costs_history.RESTRICTIONS:
        return True  # scripted_costs_history._only (401.3a)
    if isinstance(node, OP["cannot"]) and node.cannot == ["be_used_again"]:
        return node.who == "it"  # scripted_costs_history: the ability the effect terminated
    if isinstance(node, Ph.During) and node.during == "picked_location_in_play":
        return True  # continuous.STATES (the picks kept on the card: scripted_costs_history.keep_picks)
    if isinstance(node, A.Keyword) and node.keyword == "retire":
        return True  # mechanics.keyword_ability: the COST:/EFFECT: block printed under it
    if isinstance(node, OP["when_it_enters_play"]):
        return True  # scripted_costs_or.delayed_docs (only ever said after "you may play this card whenever ...")
    return scripted_costs_cannot.enforced(node)


def pick_tax(ctx: SpoilsContext, cid: str, env: Env) -> bool:
    """"Your opponent must pay 1 to pick a character you control.": as a cost, the play's or the
    ability's payment pays it (``env.tax``); as an effect resolves, it is paid now or the card is
    not picked."""
    tax = charge(ctx, env.controller, "pick", f"pick {ctx.work.cards[cid].name}", picked=cid)
    if tax <= 0:
        return True
    available = ctx.unattached(env.controller)
    if not env.resolving:  # a cost: paid with the rest of it (``env.pay``, of which ``env.tax``)
        env.pay += tax
        env.tax += tax
        return not short(ctx, env.controller, env.tax, env.tax, available, f"picking {ctx.work.cards[cid].name}")
    if available < tax:
        ctx.note(RULE, f"{env.source}: {env.controller} cannot pay {tax} to pick {ctx.work.cards[cid].name}: "
                       f"it is not picked (402.5)", "forbidden")
        return False
    C.pay(ctx, env.controller, tax)
    return True


@handles(A.Pick)
def _pick(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Pick ..." (310): a picked character its controller's Lucky Charm taxes is paid for (``pick_tax``);
    one not paid for as an effect resolves is not picked."""
    before = len(env.picks)
    _PICKS_AND_REPEATS._pick_with_ability(ctx, op, env)
    if ctx.blocked or len(env.picks) == before:
        return
    kept = [cid for cid in env.picks[-1] if cid not in ctx.work.cards or pick_tax(ctx, cid, env)]
    if kept != env.picks[-1]:
        env.picks[-1] = env.it = kept
        env.did = env.did and bool(kept)


@handles(OP["search"])
def _search(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Your opponent must pay 2 to search their deck.": paid as the search is made; a player who
    cannot pay it does not search (while a cost is paid: the play is refused, 505.1).  Cards searched for
    by the name of another: ``split_cards`` (the same name's search pays as this one)."""
    if isinstance(op.search, str):
        _SPLIT_CARDS.SEARCHED_BY_NAME[op.search](ctx, op, env)
        return
    if op.deck == "you":
        tax = charge(ctx, env.controller, "search_deck", "search their deck")
        available = ctx.unattached(env.controller)
        if available < tax:
            if env.resolving:
                ctx.note(RULE, f"{env.source}: {env.controller} cannot pay {tax} to search their deck: "
                               f"the search is not made (402.5)", "forbidden")
            else:
                short(ctx, env.controller, tax, tax, available, f"{env.source}'s search")
            return
        if tax:
            C.pay(ctx, env.controller, tax)
    _SPLIT_CARDS._search_into_play(ctx, op, env)


