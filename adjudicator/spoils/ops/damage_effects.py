"""Damage prevented, reduced or redirected for the next amount this turn, losses and influence thresholds, replacements of a card leaving play (round 4, damage).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``.

Delayed damage replacements (506.3): "the next N damage inflicted to X this turn is inflicted to Y
instead" and "reduce the next damage inflicted to X this turn by N" are one lasting effect each
(``EffectStarted``, until the end of the turn) waiting for damage to X.  ``consequences.deal_damage``
asks ``redirect_next`` before the damage is inflicted (the part it takes goes to Y, the rest to X,
each replacement once, 506.5) and ``reduce_next`` once every other change has applied (a reduction
after the increases, 410.3; only damage above 0 uses it, 408.1).  Each use is recorded
(``NextDamageReplaced``: what is left of it, 0 when it is over).

Also here: "this turn, cards can only be destroyed by costs, and all inflicted damage is reduced to 0"
(a lasting effect read by ``consequences.destroy`` and ``amounts.TO_ZERO_BY``); "this card cannot be
destroyed by the effects of "node" cards" (the card whose "destroy" runs is kept on the context);
replacements named by where a card goes ("put into a discard pile from play", "put into a player's
hand", "put into your discard pile": ``replaces``); "the character the "gear" card is attached to",
"the character's controller's faction" (``references.NAMED``); "if the attached character inflicts
damage", "when a character with 3 strength or less enters play under an opponent's control"
(``triggers_players.MATCH``); "if your opponent's faction has 15 influence or less" (``influence_holds``);
"you do not lose the game because your faction has 0 influence" (``kept_at_zero``).  The family's
next nodes are in ``scripted_destruction_replaced``.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import (
    revealed_and_reduced as _REVEALED_AND_REDUCED,  # the handler(s) this module's handlers extend
)
from adjudicator.spoils.ops.destruction_replaced import judge as more
from adjudicator.spoils.ops.interpreter import handles, handles_can
from adjudicator.spoils.rules import amounts as AM
from adjudicator.spoils.rules import triggers as TP
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.damage import NEXT, _name
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.forbidden import DESTROYER, DESTROYING_PLAYER, ONLY_COSTS, _only_costs
from adjudicator.spoils.rules.references import NAMED, targets
from adjudicator.spoils.rules.replacements import WAYS_REPLACED
from adjudicator.spoils.text.conditions_read import FACTIONS
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E
from adjudicator.spoils.rules import trigger_matchers as _TRIGGER_MATCHERS

PICKED_ORDER = {"first_picked": 0, "second_picked": 1}


def _aimed(ctx: SpoilsContext, ref: Any, env: Env) -> list[str]:
    """The cards or factions a reference names; "the first (second) picked card" in the order picked."""
    if isinstance(ref, str) and ref in PICKED_ORDER:
        flat = [c for group in env.picks for c in group]
        i = PICKED_ORDER[ref]
        return targets(ctx, flat[i:i + 1], env) if len(flat) > i else []
    return targets(ctx, ref, env)


def _new_id(ctx: SpoilsContext) -> str:
    used = {x.effect.get("next_damage_id") for x in ctx.work.effects}
    n = 1
    while f"next{ctx.work.turn}.{n}" in used:
        n += 1
    return f"next{ctx.work.turn}.{n}"


def _start(ctx: SpoilsContext, env: Env, kind: str, target: str, amount: int, onto: str | None = None) -> None:
    effect = {NEXT: kind, "next_damage_id": _new_id(ctx), "target": target, "amount": amount}
    if onto is not None:
        effect["onto"] = onto
    ctx.emit(E.EffectStarted(effect=effect, source=env.source, controller=env.controller, until="turn"))


@handles(OP["next_damage"])
def _next_damage(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """A shield on the next damage inflicted to a card this turn (506.3): redirected, or reduced."""
    if op.instead_to is None:
        _reduce_next(ctx, op, env)
    else:
        _redirect(ctx, op, env)


def _redirect(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"The next N damage inflicted to X this turn is inflicted to Y instead" (506.3)."""
    n = (env.x or 0) if op.next_damage == "X" else int(op.next_damage)
    sources, onto = _aimed(ctx, op.to, env), _aimed(ctx, op.instead_to, env)
    if n <= 0 or not sources or not onto:
        ctx.note("spoils.402.5", f"{env.source}: {op.words()} (nothing to redirect: "
                                 f"{'0 damage' if n <= 0 else 'no card or faction to take it'})")
        return
    for target in sources:
        _start(ctx, env, "redirect", target, n, onto[0])
    ctx.note("spoils.506.3", f"{env.source}: the next {n} damage inflicted to "
                             f"{', '.join(_name(ctx, t) for t in sources)} this turn goes to {_name(ctx, onto[0])}")


def _reduce_next(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Reduce the next damage inflicted to the character this turn by N" (408.2, 506.3)."""
    aimed = _aimed(ctx, op.to, env)
    n = (env.x or 0) if op.next_damage == "X" else int(op.next_damage)
    for target in aimed:
        _start(ctx, env, "reduce", target, n)
    ctx.note("spoils.506.3", f"{env.source}: the next damage inflicted to "
                             f"{', '.join(_name(ctx, t) for t in aimed) or 'nothing'} this turn is reduced by "
                             f"{n}")


# --------------------------------------------------------------------------------- only costs destroy


@handles_can(ONLY_COSTS)
def _only_costs_destroy(ctx: SpoilsContext, op: Any, env: Env) -> None:
    ctx.emit(E.EffectStarted(effect={ONLY_COSTS: True}, source=env.source, controller=env.controller, until="turn"))
    ctx.note("spoils.402.7", f"{env.source}: this turn, cards can only be destroyed by costs, and all inflicted "
                             f"damage is reduced to 0")


def _destroy_by(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Destroy ...": the card whose effect it is stays known while it runs (for "this card cannot be
    destroyed by the effects of "node" cards")."""
    before = ctx.__dict__.get(DESTROYER), ctx.__dict__.get(DESTROYING_PLAYER)
    ctx.__dict__[DESTROYER], ctx.__dict__[DESTROYING_PLAYER] = env.card, env.controller
    try:
        _REVEALED_AND_REDUCED._destroy_revealed(ctx, op, env)
    finally:
        ctx.__dict__[DESTROYER], ctx.__dict__[DESTROYING_PLAYER] = before


def _damage_to_zero(ctx: SpoilsContext, h: AM.Happening) -> list[str]:
    source = _only_costs(ctx) if h.kind == "damage" else None
    return [source] if source else []


AM.to_zero_by(_damage_to_zero)


# --------------------------------------------------------------------------------- zones replaced


# --------------------------------------------------------------------------------- who is named

def _gear_carrier(ctx: SpoilsContext, env: Env) -> list[str]:
    """"The character the "gear" card is attached to": the card the picked gear is attached to."""
    s = ctx.work
    return [s.cards[c].attached_to for c in env.it if c in s.cards and s.cards[c].attached_to in s.cards]


def _controllers_faction(ctx: SpoilsContext, env: Env) -> list[str]:
    """"The character's controller's faction": the faction of whoever controls the character the
    trigger names (the attached character), else the one this card is attached to."""
    def known(cid: str) -> Any:  # also a card that left play since (spoils.engine.last-known)
        return ctx.work.cards.get(cid) or ctx.state.cards.get(cid) or _ZONE_READS.last_seen(ctx, cid)

    host = known(env.card or "")
    named = [c for c in env.it if known(c) is not None] or ([host.attached_to] if host is not None and host.attached_to
                                                            else [])
    return [f"faction:{known(c).controller}" for c in named[:1] if known(c) is not None]


NAMED.update({"gear_carrier": _gear_carrier, "controllers_faction": _controllers_faction})


def _attached_inflicts(h: Any, cid: str, card: Any) -> list[str] | None:
    """"If the attached character inflicts damage" (to a card or a faction; binds the character, its
    amount is "the same amount", ``settling.fire``'s x)."""
    host = card.attached_to
    if host is None:
        return None
    if h.when == "damaged_by_character" and (h.bind or [None])[0] == host:
        return [host]
    return [host] if h.when == "inflicts_damage_to_faction" and h.card_id == host else None


_TRIGGER_MATCHERS.MATCH["attached_inflicts_damage"] = _attached_inflicts


# --------------------------------------------------------------------------------- influence thresholds


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:

    if more(node, searches, chooses_x) is not None:
        return more(node, searches, chooses_x)
    if isinstance(node, Ph.StatAtMost) and node.has.stat == "influence":
        return str(node.subject) not in FACTIONS  # influence_holds (scripts.holds)
    if isinstance(node, OP["can"]) and node.can == "no_loss_at_zero_influence":
        return False  # kept_at_zero (settling._game_end)
    if isinstance(node, OP["can"]) and node.can == "not_destroyed_by_node":
        return False  # _destroy_by, destruction_forbidden (consequences.destroy)
    if isinstance(node, OP["can"]) and node.can == ONLY_COSTS:
        return False  # _only_costs_destroy: consequences.destroy (destruction_forbidden), amounts.TO_ZERO_BY
    if isinstance(node, O.Damage) and isinstance(node.to, str) and node.to in NAMED:
        return False  # NAMED (references._named), scripted._damage
    if isinstance(node, A.Trigger) and node.when == "attached_inflicts_damage":
        return False  # _attached_inflicts (settling.fire: damaged_by_character, inflicts_damage_to_faction)
    if isinstance(node, A.Replacement) and node.instead_of in WAYS_REPLACED:
        return False  # replaces (consequences._replacement)
    if isinstance(node, OP["next_damage"]):
        return False  # _redirect, redirect_next; _reduce_next, reduce_next
    return None


