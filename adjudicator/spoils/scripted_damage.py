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
from adjudicator.spoils import amounts as AM
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils import triggers_players as TP
from adjudicator.spoils.references import NAMED, Env, targets
from adjudicator.spoils.scripted import RUN, handles, handles_can
from adjudicator.spoils.scripts import OP
from events.models import spoils as E
from adjudicator.spoils import scripted_revealed_and_reduced as _REVEALED_AND_REDUCED  # the handler(s) this module's handlers extend
from adjudicator.spoils.conditions_read import FACTIONS
from adjudicator.spoils import continuous as _CONTINUOUS

NEXT = "next_damage"
"""The key of a delayed damage replacement (``EffectStarted``): ``{NEXT: "redirect" | "reduce",
"next_damage_id": id, "target": X, "onto": Y, "amount": N}`` (X, Y: a card id or ``faction:<player>``)."""
PICKED_ORDER = {"first_picked": 0, "second_picked": 1}


def _aimed(ctx: SpoilsContext, ref: Any, env: Env) -> list[str]:
    """The cards or factions a reference names; "the first (second) picked card" in the order picked."""
    if isinstance(ref, str) and ref in PICKED_ORDER:
        flat = [c for group in env.picks for c in group]
        i = PICKED_ORDER[ref]
        return targets(ctx, flat[i:i + 1], env) if len(flat) > i else []
    return targets(ctx, ref, env)


def _name(ctx: SpoilsContext, ref: str) -> str:
    if ref.startswith("faction:"):
        return f"{ref.split(':', 1)[1]}'s faction"
    card = ctx.work.cards.get(ref) or ctx.state.cards.get(ref)
    return card.name if card is not None else ref


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


@handles(OP["redirect"])
def _redirect(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"The next N damage inflicted to X this turn is inflicted to Y instead" (506.3)."""
    n = (env.x or 0) if op.redirect == "X" else int(op.redirect)
    sources, onto = _aimed(ctx, op.source, env), _aimed(ctx, op.to, env)
    if n <= 0 or not sources or not onto:
        ctx.note("spoils.402.5", f"{env.source}: {op.words()} (nothing to redirect: "
                                 f"{'0 damage' if n <= 0 else 'no card or faction to take it'})")
        return
    for target in sources:
        _start(ctx, env, "redirect", target, n, onto[0])
    ctx.note("spoils.506.3", f"{env.source}: the next {n} damage inflicted to "
                             f"{', '.join(_name(ctx, t) for t in sources)} this turn goes to {_name(ctx, onto[0])}")


@handles(OP["reduce_next_damage"])
def _reduce_next(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Reduce the next damage inflicted to the character this turn by N" (408.2, 506.3)."""
    aimed = _aimed(ctx, op.to, env)
    for target in aimed:
        _start(ctx, env, "reduce", target, int(op.reduce_next_damage))
    ctx.note("spoils.506.3", f"{env.source}: the next damage inflicted to "
                             f"{', '.join(_name(ctx, t) for t in aimed) or 'nothing'} this turn is reduced by "
                             f"{op.reduce_next_damage}")


def _waiting(ctx: SpoilsContext, kind: str, target: str) -> list[Any]:
    return [x for x in ctx.work.effects if x.effect.get(NEXT) == kind and x.effect.get("target") == target]


def redirect_next(ctx: SpoilsContext, target: str, amount: int, sources: list[str], battle: bool,
                  used: frozenset[str]) -> int:
    """The damage still inflicted to ``target`` once the delayed redirections waiting for it have
    taken their part (in the order they started: spoils.engine.replacement-order); each part is
    inflicted to its card or faction instead (the same sources, 408.7), where no replacement
    already used on this damage applies again (506.5)."""
    from adjudicator.spoils.consequences import deal_damage

    ctx.__dict__.setdefault(DAMAGED_BY, {})[target] = list(sources)
    for shield in _waiting(ctx, "redirect", target):
        sid, onto = shield.effect["next_damage_id"], str(shield.effect["onto"])
        if amount <= 0 or sid in used or not (onto in ctx.work.cards or onto.split(":", 1)[-1] in ctx.work.seating):
            continue
        part = min(amount, int(shield.effect["amount"]))
        amount -= part
        ctx.emit(E.NextDamageReplaced(effect_id=sid, used=part, left=int(shield.effect["amount"]) - part))
        ctx.note("spoils.506.3", f"{shield.source}: {part} of the damage to {_name(ctx, target)} is inflicted to "
                                 f"{_name(ctx, onto)} instead")
        deal_damage(ctx, onto, part, sources, battle, used=used | {sid})
    return amount


def reduce_next(ctx: SpoilsContext, target: str, amount: int) -> int:
    """The damage inflicted to ``target`` once the first "reduce the next damage ... by N" waiting
    for it has applied (used up by this damage, 506.3; never below 0, 410.4)."""
    waiting = _waiting(ctx, "reduce", target)
    if amount <= 0 or not waiting:
        return amount
    shield = waiting[0]
    by = int(shield.effect["amount"])
    ctx.emit(E.NextDamageReplaced(effect_id=shield.effect["next_damage_id"], used=min(by, amount), left=0))
    ctx.note("spoils.408.2", f"{shield.source}: the damage to {_name(ctx, target)} is reduced by {by}: "
                             f"{amount} -> {max(0, amount - by)}")
    return max(0, amount - by)


# --------------------------------------------------------------------------------- only costs destroy

ONLY_COSTS = "only_costs_destroy"
"""The key of the lasting "this turn, cards can only be destroyed by costs, and all inflicted damage is
reduced to 0" (``EffectStarted``, until the end of the turn)."""


@handles_can(ONLY_COSTS)
def _only_costs_destroy(ctx: SpoilsContext, op: Any, env: Env) -> None:
    ctx.emit(E.EffectStarted(effect={ONLY_COSTS: True}, source=env.source, controller=env.controller, until="turn"))
    ctx.note("spoils.402.7", f"{env.source}: this turn, cards can only be destroyed by costs, and all inflicted "
                             f"damage is reduced to 0")


def _only_costs(ctx: SpoilsContext) -> str | None:
    return next((x.source for x in ctx.work.effects if x.effect.get(ONLY_COSTS)), None)


DESTROYER = "destroying_card"
"""The context key naming the card whose effect is destroying cards now (``_destroy_by``)."""
DESTROYING_PLAYER = "destroying_player"
"""... and the player whose effect it is (a tactic's too)."""
DAMAGED_BY = "damaged_by"
"""The context key of the sources of the last damage inflicted to each card in this decision (408.8)."""


def _destroy_by(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Destroy ...": the card whose effect it is stays known while it runs (for "this card cannot be
    destroyed by the effects of "node" cards")."""
    before = ctx.__dict__.get(DESTROYER), ctx.__dict__.get(DESTROYING_PLAYER)
    ctx.__dict__[DESTROYER], ctx.__dict__[DESTROYING_PLAYER] = env.card, env.controller
    try:
        _REVEALED_AND_REDUCED._destroy_revealed(ctx, op, env)
    finally:
        ctx.__dict__[DESTROYER], ctx.__dict__[DESTROYING_PLAYER] = before


def _known(ctx: SpoilsContext, cid: str | None) -> Any:
    """A card in play, or as it last was (it left play since: spoils.engine.last-known)."""
    return None if not cid else ctx.work.cards.get(cid) or ctx.state.cards.get(cid) or TP.last_seen(ctx, cid)


def _spared_from(ctx: SpoilsContext, card_id: str) -> str | None:
    """"This card cannot be destroyed by the effects of "node" cards": the node card destroying it."""
    from adjudicator.spoils import mechanics as M
    from adjudicator.spoils import scripts as S
    from adjudicator.spoils.scripted_blank_text import blanked

    by, card = _known(ctx, ctx.__dict__.get(DESTROYER)), ctx.work.cards[card_id]
    if by is None or "node" not in [t.lower() for t in by.subtypes] or not card.script or blanked(ctx.work, card_id):
        return None
    return by.name if M.can(S.script_of(card), "not_destroyed_by_node") else None


def destruction_forbidden(ctx: SpoilsContext, card_id: str) -> bool:
    """A destruction that is not a cost paid (``ctx.cost_cards``) while "cards can only be destroyed by
    costs" lasts, or by the effect of a card the destroyed card says cannot destroy it: ignored (402.7a),
    the card stays in play."""
    node = _spared_from(ctx, card_id) if card_id in ctx.work.cards else None
    if node is not None:
        ctx.note("spoils.402.7a", f"{ctx.work.cards[card_id].name} cannot be destroyed by the effects of \"node\" "
                                  f"cards ({node}): the destruction is ignored")
        ctx.spared.add(card_id)
        return True
    source = _only_costs(ctx)
    if source is None or card_id in ctx.cost_cards or card_id not in ctx.work.cards:
        return False
    ctx.note("spoils.402.7a", f"{ctx.work.cards[card_id].name} cannot be destroyed this turn but by a cost "
                              f"({source}): the destruction is ignored")
    ctx.spared.add(card_id)
    return True


def _damage_to_zero(ctx: SpoilsContext, h: AM.Happening) -> list[str]:
    source = _only_costs(ctx) if h.kind == "damage" else None
    return [source] if source else []


AM.to_zero_by(_damage_to_zero)


# --------------------------------------------------------------------------------- zones replaced

TO_DISCARD = ("destroy", "discard")
"""The ways a card in play goes to its owner's discard pile (304.1, 403.5a)."""
WAYS_REPLACED = {"discard_from_play": lambda s, how, card, src: how in TO_DISCARD,
                 "a_players_hand": lambda s, how, card, src: how == "hand",
                 "your_discard": lambda s, how, card, src: how in TO_DISCARD and card is not None and not card.token
                 and card.owner == src.controller}
"""Replacements of a card leaving play named by where it goes ("if this card is put into a discard pile
from play", "if a character is put into a player's hand"), beyond the way itself (``instead_of == how``):
whether the card leaving play ``how`` goes there.  A card out of play is never destroyed (304.1), so
"destroy it instead" can only replace a card in play going to a hand."""


def replaces(s: Any, repl: dict[str, Any], how: str, card_id: str, src: Any) -> bool:
    """Whether a replacement document (``consequences._replacement``) replaces ``card_id`` leaving play ``how``."""
    kind = repl.get("instead_of")
    check = WAYS_REPLACED.get(str(kind))
    return kind == how or (check is not None and check(s, how, s.cards.get(card_id), src))


# --------------------------------------------------------------------------------- who is named

def _gear_carrier(ctx: SpoilsContext, env: Env) -> list[str]:
    """"The character the "gear" card is attached to": the card the picked gear is attached to."""
    s = ctx.work
    return [s.cards[c].attached_to for c in env.it if c in s.cards and s.cards[c].attached_to in s.cards]


def _controllers_faction(ctx: SpoilsContext, env: Env) -> list[str]:
    """"The character's controller's faction": the faction of whoever controls the character the
    trigger names (the attached character), else the one this card is attached to."""
    def known(cid: str) -> Any:  # also a card that left play since (spoils.engine.last-known)
        return ctx.work.cards.get(cid) or ctx.state.cards.get(cid) or TP.last_seen(ctx, cid)

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


TP.MATCH["attached_inflicts_damage"] = _attached_inflicts


def _weak_enters_under_opponent(h: Any, cid: str, card: Any) -> list[str] | None:
    """"When a character with 3 strength or less enters play under an opponent's control" (its
    strength as it enters, 201.7)."""
    from adjudicator.spoils import precedence as P

    bound = TP.MATCH["character_enters_play_under_opponent"](h, cid, card)
    if not bound or bound[0] not in h.ctx.work.cards:
        return None
    strength, _ = _CONTINUOUS.stat(h.ctx.work, bound[0], "strength")
    return bound if (strength or 0) <= 3 else None


TP.MATCH["weak_character_enters_under_opponent"] = _weak_enters_under_opponent


# --------------------------------------------------------------------------------- influence thresholds


def kept_at_zero(ctx: SpoilsContext, player: str) -> bool:
    """"You do not lose the game because your faction has 0 influence.": a card in play the player
    controls says so (its text beats 102.1, 101.1); noted with the card."""
    from adjudicator.spoils import mechanics as M
    from adjudicator.spoils import scripts as S
    from adjudicator.spoils.scripted_blank_text import blanked

    s = ctx.work
    keeper = next((c.name for cid, c in s.cards.items() if c.controller == player and c.script and not blanked(s, cid)
                   and M.can(S.script_of(c), "no_loss_at_zero_influence")), None)
    if keeper is not None:
        ctx.note("spoils.101.1", f"{player}'s faction has 0 influence, but {keeper} says {player} does not lose the "
                                 f"game because of it (102.1 set aside)")
    return keeper is not None


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    from adjudicator.spoils.scripted_destruction_replaced import judge as more  # (it registers its handlers on import)

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
    if isinstance(node, A.Trigger) and node.when in ("attached_inflicts_damage", "weak_character_enters_under_opponent"):
        return False  # _attached_inflicts (settling.fire: damaged_by_character, inflicts_damage_to_faction)
    if isinstance(node, A.Replacement) and node.instead_of in WAYS_REPLACED:
        return False  # replaces (consequences._replacement)
    if isinstance(node, OP["redirect"]):
        return False  # _redirect, redirect_next
    if isinstance(node, OP["reduce_next_damage"]):
        return False  # _reduce_next, reduce_next
    return None


from adjudicator.spoils import scripted_destruction_replaced  # noqa: E402,F401  (registers its handlers into RUN)
