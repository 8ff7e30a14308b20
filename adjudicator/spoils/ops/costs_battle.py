"""Gore Engine's texts about the characters it damages and picks: "If a character is destroyed during a
turn when this card damaged it, put X tokens on this card, where X is the strength of that character."
(503.1: ``SpoilsState.damaged_this_turn``, projected from the ``DamageDealt`` events, says which cards
damaged it this turn; "that character" is the destroyed one, as it last was in play) and "This turn, the
character must block this card if it can." (505.1: the requirement ``scripted_revealed_and_reduced`` checks as blocks
are declared, the same as "it must block this card if it can this turn").
"""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.ops.interpreter import handles_can
from adjudicator.spoils.ops.revealed_and_reduced import _must_block
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.trigger_matchers import MATCH, Happening


def _destroyed_after_damage(h: Happening, cid: str, card: Any) -> list[str] | None:
    gone = h.card() if h.when == "destroyed" else None
    if gone is None or gone.type != "character" or h.card_id == cid:
        return None
    return [h.card_id] if cid in h.ctx.work.damaged_this_turn.get(h.card_id or "", []) else None


MATCH["destroyed_after_damage_by_self"] = _destroyed_after_damage



@handles_can("picked_must_block_self")
def _picked_must_block(ctx: SpoilsContext, op: Any, env: Env) -> None:

    _must_block(ctx, op.model_copy(update={"can": "it_must_block_self"}), env)

