""""Cannot" forms the engine checks where the act happens (402.7: "cannot" beats "can"):

- "This card (the attached character) cannot be restored by your (its controller's) faction's Restore
  Rule." (a ``forbid`` of spoils.202.7: the restore at the start of its controller's turn leaves it
  depleted); "Characters cannot be restored." (a ``forbid`` of spoils.303.3: neither the Restore Rule
  nor an effect restores them) -- ``scripts.CANNOT_RULES`` names both, ``scripts.static_effects`` and
  ``scripted._cannot`` put them in force, ``restorable`` reads them;
- "While you have at least 10 cards in your hand, you cannot draw cards." (``draw_forbidden``, asked
  by ``consequences.draw``).

And the trigger of the same Framptle Tromwibbler: "If this card has at least 2 tokens on it, destroy it."
(503.1: it fires as tokens are put on the card, ``tokens_changed``); Mountainous Golem's "Your opponent cannot
take control of this card." (``control_kept``, asked by ``consequences.change_control``) and "If this card is
put into your discard pile from anywhere, remove it from the game." (``discard_arrivals``: a card arrived in a
discard pile during the decision, from play, a hand, a deck or the resources, asked by ``settling.settle``).
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.references import targets
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import battle_references as _BATTLE_REFERENCES  # the handler(s) this module's handlers extend
from adjudicator.spoils.rules.forbidden import removed_on_arrival, restorable
from adjudicator.spoils.text.happens_read import arrives_in_discard
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS


def _restore_unless_forbidden(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Restore the character." leaves a card that cannot be restored depleted (303.3)."""
    found = [c for c in targets(ctx, op.target(), env) if c in ctx.work.cards]
    _SCRIPTED._deplete(ctx, op.model_copy(update={op.HEAD: restorable(ctx, found, by_rule=False)}), env)


@handles(O.Tokens)
def _tokens_then_fire(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """Tokens put on (removed from) cards; "if this card has at least N tokens on it" fires for each."""
    before = len(ctx.events)
    _BATTLE_REFERENCES._tokens_naming(ctx, op, env)
    for event in ctx.events[before:]:
        if isinstance(event, E.TokensChanged) and event.card_id in ctx.work.cards:
            _TRIGGERS_PLAYERS.fire(ctx, "tokens_changed", card_id=event.card_id)


def enforced(node: Any) -> bool | None:
    """"You cannot draw cards." as a continuous effect of a card in play (``draw_forbidden``); Mountainous
    Golem's texts (``control_kept``, ``discard_arrivals``)."""
    if isinstance(node, OP["cannot"]) and node.cannot == ["draw"]:
        return node.who == "you" and node.until is None
    if isinstance(node, OP["cannot"]) and node.cannot == ["take_control_of_self"]:
        return node.who == "opponent"
    if isinstance(node, A.Trigger) and arrives_in_discard(node):
        return removed_on_arrival(node)
    return None
