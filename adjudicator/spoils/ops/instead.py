"""Replacements said as triggers, "If ... is destroyed, ... instead" (506.1; round 3f).

- "If the attached character is destroyed, destroy this card instead." (Hidden Sandwich): when the
  character this card is attached to would be destroyed (``consequences.destroy`` asks
  ``destruction_replaced`` before the card leaves play), the card's "instead" runs in its place: the
  character is not destroyed, a ``ReplacementApplied`` names the card, and its damage goes back to 0
  (506.6). Each replacement applies once to the same destruction (506.5).
- "Reduce the amount of damage inflicted to the character (to it, to this card) this turn to 0.":
  the damage on that card is removed (``DamageRemoved``, 506.6).

Only the shapes this module reads are claimed (``enforced``): the "attached character is destroyed"
trigger whose effect starts with an "instead", an "instead" that destroys its own card, and the three
"damage this turn to 0" resets.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.effects.replacements import Instead
from adjudicator.spoils.ops import (
    revealed_and_reduced as _REVEALED_AND_REDUCED,  # the handler(s) this module's handlers extend
)
from adjudicator.spoils.ops.interpreter import do_all, handles
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.text.trigger_read import _replacing_trigger
from events.models import spoils as E

DAMAGE_RESET = frozenset({"amount_to_picked_this_turn", "amount_to_it_this_turn", "amount_to_self_this_turn"})
""""Reduce the amount of damage inflicted to <the character, it, this card> this turn to 0"."""


def _instead(ctx: SpoilsContext, op: Instead, env: Env) -> None:
    """"... instead": what replaces the destruction being replaced (506.1); outside one, nothing."""
    frame = next((f for f in reversed(ctx.replacing) if f["source"] == env.card), None)
    if frame is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" replaces nothing happening now")
        return
    if frame["done"]:  # "both players ... instead": one replacement, each player's part done in turn (506.5)
        do_all(ctx, list(op.instead), env)
        return
    s = ctx.work
    name = s.cards[frame["card"]].name if frame["card"] in s.cards else frame["card"]
    done = " ".join(o.words() for o in op.instead).rstrip(".")
    how = frame.get("how", "destroy")  # "hand": scripted_hand_replaced ("... put into your opponent's hand ...")
    ctx.note("spoils.506.1", f"{env.source}: {name} is not {'destroyed' if how == 'destroy' else 'put into a hand'}; "
                             f"instead: {done}")
    ctx.emit(E.ReplacementApplied(card_id=frame["card"], source=env.source, instead_of=how, done=done))
    if how == "destroy":
        ctx.note("spoils.506.6", f"the replaced destruction resets {name}'s damage to 0")
    frame["done"] = True
    do_all(ctx, list(op.instead), env)


@handles(OP["reduce_all_damage"])
def _damage_reset(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Reduce the amount of damage inflicted to the character this turn to 0" (506.6)."""
    if op.reduce_all_damage not in DAMAGE_RESET or op.to != 0:
        _REVEALED_AND_REDUCED._reduce_all_damage(ctx, op, env)
        return
    cards = [env.card] if op.reduce_all_damage == "amount_to_self_this_turn" else list(env.it)
    for cid in [c for c in cards if c in ctx.work.cards]:
        damage = ctx.work.cards[cid].damage
        ctx.note("spoils.506.6", f"{env.source}: the damage on {ctx.work.cards[cid].name} this turn is reduced to 0"
                                 + ("" if damage else " (it has none left)"))
        if damage > 0:
            ctx.emit(E.DamageRemoved(card_id=cid, amount=damage, rule="spoils.506.6"))


def enforced(node: Any) -> bool | None:
    """Whether this module enforces ``node`` (None: not one of its kinds)."""
    if _replacing_trigger(node):
        return True
    if isinstance(node, Instead) and all(isinstance(o, O.Destroy) and o.destroy == "self" for o in node.instead):
        return True
    if isinstance(node, OP["reduce_all_damage"]) and node.reduce_all_damage in DAMAGE_RESET and node.to == 0:
        return True
    return None
