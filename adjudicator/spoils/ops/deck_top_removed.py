"""The top card of a deck removed from the game (round 4, hands): "Both players remove the top card of
their deck from the game. X is the numeric cost of your opponent's removed card minus the numeric cost of
your removed card.", "If this card is destroyed, both players remove the top card of their deck from the
game instead. If the numeric cost of your removed card is greater than or equal to ...".

A deck's order is not recorded (403.1a): each player's removed card is the one the action names
(``choices.removed``, the opponent's ``choices.their.removed``, spoils.engine.hidden-choice), checked
against the deck when the judge knows all of it.  Registered by ``scripted_hands``.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import flow as F
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.effects.replacements import Instead
from adjudicator.spoils.ops import battle_rules as _BATTLE_RULES  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.ops.cards_out_of_play import names
from adjudicator.spoils.rules import card_conditions as _CARD_CONDITIONS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.zone_reads import HIDDEN, checked, cost_difference
from events.models import spoils as E


def judge(node: Node) -> bool | None:
    if isinstance(node, O.RemoveFromGame) and deck_top(node.remove_from_game):
        return False  # _remove_top: the card the action names
    if isinstance(node, Ph.During) and node.during == "removed_cost_at_least_opponents":
        return False  # scripted_cards.PAID: the cards removed in this decision
    if isinstance(node, Instead) and node.instead and all(
            isinstance(o, O.RemoveFromGame) and deck_top(o.remove_from_game) for o in node.instead):
        return False  # scripted_replace_instead: "if this card is destroyed, both players remove ... instead"
    return None


# --------------------------------------------------------------------------------- the top card of a deck removed

REMOVED = "removed"
"""The choices key naming the card(s) a player removes from the top of their deck (hidden until then:
the action records them, spoils.engine.hidden-choice; the opponent's in ``choices.their.removed``)."""


def deck_top(ref: Any) -> bool:
    """"the top card of your (their) deck": a card out of play the action names."""
    return isinstance(ref, Ph.Cards) and ref.zone == "deck" and ref.quantity == "the_top" and \
        ref.zone_owner in ("you", "your", "their") and not ref.adjectives


def _removes_top(op: Node) -> bool:
    ops = list(op.both_players) if isinstance(op, F.BothPlayers) else [op]
    return all(isinstance(o, O.RemoveFromGame) and deck_top(o.remove_from_game) for o in ops)


def _remove_top(ctx: SpoilsContext, op: O.RemoveFromGame, env: Env) -> None:
    """"(Both players) remove the top card of their deck from the game" (403.6a): the card(s) the action
    names (``choices.removed``), checked against the deck when the judge knows all of it."""
    ref = op.remove_from_game
    if not deck_top(ref):
        _BATTLE_RULES._remove_from_hand(ctx, op, env)
        return
    me = ctx.work.players[env.controller]
    n = min(ref.count if isinstance(ref.count, int) else 1, me.deck if me.deck is not None else 1)
    said = names(env.choices.get(REMOVED))
    if not ctx.require(len(said) == n, HIDDEN, f"{env.source}: {env.controller} removes the top {n} card(s) of their "
                       f"deck: name them (choices.{REMOVED}, the opponent's in choices.their.{REMOVED}; {len(said)} "
                       f"named)", "", blocking=True) or n == 0:
        return
    found = checked(ctx, env, said, env.controller, "deck", None, "removed")
    if not ctx.require(len(found) == n, HIDDEN, f"{env.source}: {', '.join(said)} cannot be the top of "
                       f"{env.controller}'s deck", "", blocking=True):
        return
    ctx.emit(E.CardsMoved(player=env.controller, count=n, cards=found, from_zone="deck", to="removed",
                          source=env.source, rule="spoils.403.6a"))


def _cost_removal(ctx: SpoilsContext, op: Node, env: Env) -> bool:
    """A cost "Both players remove the top card of their deck from the game. X is ...": done as the cost
    is announced, in its printed place (401.3), so an "X is" after it reads the cards removed."""
    if not _removes_top(op):
        return False
    SC.do_all(ctx, [op], env)
    return True


_PAYING.cost_pick(_cost_removal)


def _at_least_theirs(ctx: SpoilsContext, env: Env) -> bool:
    """"If the numeric cost of your removed card is greater than or equal to the numeric cost of your
    opponent's" (an empty deck removes nothing: 0)."""
    return cost_difference(ctx, None, env.controller) <= 0


_CARD_CONDITIONS.PAID["removed_cost_at_least_opponents"] = _at_least_theirs  # read by scripted_cards.holds (scripted.condition)


__all__ = ["judge", "deck_top", "removed_costs", "cost_difference", "REMOVED"]
