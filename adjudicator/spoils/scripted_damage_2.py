"""Round 4, damage (continued): destructions replaced by taking control.

- "If a character is destroyed during a turn when this card damaged it, take control of that character
  instead. Reduce the amount of damage inflicted to it this turn to 0. It gains the "sarcophyle"
  subtype." (Vander Malagut): the trigger is read as a replacement of that character's destruction
  (``scripted_replace_instead.OTHER_WHEN``: a character this card damaged this turn, 506.1); the whole
  effect runs in place of the destruction, "that character" being the one saved.
- "Take control of ... instead" (``Instead`` of ``GainControl``): ``scripted_replace_instead._instead``
  runs it in the destruction's place (``ControlChanged``, 101.1).
- "It gains the "sarcophyle" subtype." (``GainSubtype``): a ``CardModified`` the projection reads
  into the card's subtypes while it stays in play.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import operations as O
from adjudicator.effects.extras import GainSubtype, Instead
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.references import Env, targets
from adjudicator.spoils.scripted import handles
from adjudicator.spoils.scripted_replace_instead import OTHER_WHEN
from events.models import spoils as E


def _damaged_by_source(s: Any, src_id: str, card_id: str) -> bool:
    """"A character is destroyed during a turn when this card damaged it" (damage this turn, 408.4a)."""
    card = s.cards.get(card_id)
    return card is not None and card.type == "character" and src_id != card_id \
        and src_id in s.damaged_this_turn.get(card_id, [])


OTHER_WHEN["destroyed_after_damage_by_self"] = _damaged_by_source


@handles(GainSubtype)
def _gain_subtype(ctx: SpoilsContext, op: GainSubtype, env: Env) -> None:
    for cid in targets(ctx, op.card, env):
        if op.gain_subtype not in [t.lower() for t in ctx.work.cards[cid].subtypes]:
            ctx.emit(E.CardModified(card_id=cid, changes={"gain_subtype": op.gain_subtype}, source=env.source))
        ctx.note("spoils.101.1", f"{env.source}: {ctx.work.cards[cid].name} gains the \"{op.gain_subtype}\" subtype")


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, GainSubtype):
        return False  # _gain_subtype
    if isinstance(node, Instead) and node.instead and all(isinstance(o, O.GainControl) for o in node.instead):
        return False  # scripted_replace_instead._instead, scripted.GainControl
    return None
