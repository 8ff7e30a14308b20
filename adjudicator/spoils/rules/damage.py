"""Damage and influence (402, 408, 410): damage dealt to cards and factions with what reduces or
redirects the next amount of it, and influence lost."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.rules import amounts as AM
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text.subjects import Subject
from adjudicator.spoils.model.card_types import types_of
from events.models import spoils as E


def deal_damage(ctx: SpoilsContext, target: str, amount: int, sources: list[str], battle: bool,
                used: frozenset[str] = frozenset()) -> None:
    """``used``: the delayed replacements already applied to this damage (506.5, scripted_damage)."""
    pass  # "the next N damage ... instead"

    s = ctx.work
    if amount <= 0:
        ctx.note("spoils.408.1", f"0 damage to {target}: no damage is dealt")
        return
    amount = redirect_next(ctx, target, amount, sources, battle, used)
    if amount <= 0:
        return
    if target.startswith("faction:"):
        player = target.split(":", 1)[1]
        if player not in s.seating or s.players[player].lost:
            return
        amount, trace = P.damage_amount(s, amount, Subject.faction_of(player))
        ctx.because.extend(trace)
        amount = reduce_next(ctx, target, AM.adjusted(ctx, amount, AM.Happening("damage", target=target, sources=sources,
                                                                                battle=battle)))
        if amount <= 0:
            ctx.note("spoils.408.2a", "the damage was reduced to 0: nothing more happens")
            return
        ctx.emit(E.DamageDealt(target=target, amount=amount, sources=sources, battle=battle, rule="spoils.408.3"))
        lose_influence(ctx, player, amount, "damage", "spoils.408.3")
        for source in dict.fromkeys(sources):  # 408.2b: "if this card inflicts damage to a faction"
            _TRIGGERS_PLAYERS.fire(ctx, "inflicts_damage_to_faction", card_id=source, x=amount)  # x: "the same amount"
        return
    card = s.cards.get(target)
    if card is None:
        return
    if "character" not in types_of(card) and card.type != "location":  # e.g. a character that became an item again
        ctx.note("spoils.208.2", f"{card.name} is no longer a character: the damage meant for it does not affect it")
        return
    amount, trace = P.damage_amount(s, amount, Subject.card(s, target))
    ctx.because.extend(trace)
    amount = reduce_next(ctx, target, AM.adjusted(ctx, amount, AM.Happening("damage", target=target, sources=sources,
                                                                            battle=battle)))
    if amount <= 0:
        ctx.note("spoils.408.2a", "the damage was reduced to 0: nothing more happens")
        return
    rule = "spoils.408.5" if card.type == "location" else "spoils.408.4"
    ctx.emit(E.DamageDealt(target=target, amount=amount, sources=sources, battle=battle, rule=rule))
    _TRIGGERS_PLAYERS.fire(ctx, "damaged", card_id=target)
    for source in dict.fromkeys(sources):  # "if a character inflicts damage to this card" (that character)
        if source in s.cards and s.cards[source].type == "character":
            _TRIGGERS_PLAYERS.fire(ctx, "damaged_by_character", card_id=target, bind=[source], x=amount)


def lose_influence(ctx: SpoilsContext, player: str, amount: int, cause: str, rule: str) -> None:
    faction = ctx.work.players[player].faction
    amount = AM.adjusted(ctx, amount, AM.Happening("influence", player=player)) if amount > 0 else amount
    if amount <= 0:
        return
    new = faction.influence - amount
    if new < 0:
        ctx.note("spoils.410.4", f"{player}'s influence stays at 0")
        new = 0
    ctx.emit(E.InfluenceLost(player=player, amount=amount, influence=new, cause=cause, rule=rule))


NEXT = "next_damage"
"""The key of a delayed damage replacement (``EffectStarted``): ``{NEXT: "redirect" | "reduce",
"next_damage_id": id, "target": X, "onto": Y, "amount": N}`` (X, Y: a card id or ``faction:<player>``)."""


def _name(ctx: SpoilsContext, ref: str) -> str:
    if ref.startswith("faction:"):
        return f"{ref.split(':', 1)[1]}'s faction"
    card = ctx.work.cards.get(ref) or ctx.state.cards.get(ref)
    return card.name if card is not None else ref


def _waiting(ctx: SpoilsContext, kind: str, target: str) -> list[Any]:
    return [x for x in ctx.work.effects if x.effect.get(NEXT) == kind and x.effect.get("target") == target]


def redirect_next(ctx: SpoilsContext, target: str, amount: int, sources: list[str], battle: bool,
                  used: frozenset[str]) -> int:
    """The damage still inflicted to ``target`` once the delayed redirections waiting for it have
    taken their part (in the order they started: spoils.engine.replacement-order); each part is
    inflicted to its card or faction instead (the same sources, 408.7), where no replacement
    already used on this damage applies again (506.5)."""
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


DAMAGED_BY = "damaged_by"
"""The context key of the sources of the last damage inflicted to each card in this decision (408.8)."""
