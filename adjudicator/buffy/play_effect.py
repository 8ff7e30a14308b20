"""Deciding a card played for its effect (``buffy.effect.play``): the structured effect keys the
engine applies, and the costs they carry."""
from __future__ import annotations

from typing import Any

from adjudicator.buffy import actions as A
from adjudicator.buffy import cards
from adjudicator.buffy.context import (
    HANDLERS, BuffyContext, board_character, effective_talents, fatigue, fatiguing_act, in_hand, on_board,
)
from adjudicator.buffy.state import TALENTS, BuffyState
from adjudicator.core import InvalidAction
from events.models import buffy as E
from events.models.base import DomainEvent


# Effect keys play_effect understands (see decide_play_effect); others are recorded as played.
EFFECT_KEYS = {"stage", "requirement", "fatigue_card", "pay_destiny", "gain_destiny", "fight_talent",
               "leave_fight", "leave_challenge", "fatigue", "discard_minions"}


@HANDLERS.on(A.PlayEffect)
def decide_play_effect(ctx: BuffyContext, a: A.PlayEffect) -> list[DomainEvent]:
    """A card used for its effect.  The structured effect keys the engine applies:

    ``stage`` ("fight/battle", "challenge/resolve", "resource", ...) where it may be played;
    ``requirement`` a talent requirement one character meets alone (a participant when played
    in a fight or challenge); ``fatigue_card`` ``{"character", "attachment"?}`` the cost of
    fatiguing a card in play (refreshed; attachments fatigue independently);
    ``pay_destiny`` n (you must have it); ``gain_destiny`` n; ``fight_talent`` the talent the
    current fight now resolves on; ``leave_fight`` / ``leave_challenge`` a character leaves the
    phase (it loses; not discarded); ``fatigue`` [characters] fatigues them;
    ``discard_minions`` discards every minion in play.  Other keys are recorded as played.
    """
    s = ctx.state
    ph = s.phase
    effect = cards.action_effect(a.card, a.effect) if a.source == "hand" else dict(a.effect)
    where = s.step if ph is None else f"{ph.kind}/{ph.stage}"
    if ph is not None and ph.stage == "draw":
        ctx.require(False, f"buffy.{ph.kind}.draw", f"the {ph.kind} / draw stage holds only the mandatory draws")
    if a.source == "hand":
        in_hand(ctx, a.player, a.card, "buffy.effect.play")
    else:
        ctx.require(a.card.lower() in _cards_in_play(s, a.player), "buffy.effect.play",
                    f"{a.player} has no card {a.card!r} in play to use", f"{a.card} is {a.player}'s card in play")
    if effect.get("stage"):
        stages = effect["stage"] if isinstance(effect["stage"], list) else [effect["stage"]]
        ctx.require(where in stages, "buffy.effect.play", f"{a.card} is played in {' or '.join(stages)}, not in {where}",
                    f"{a.card} is playable in {where}")
    events: list[DomainEvent] = [E.EffectPlayed(player=a.player, card=a.card, effect=effect, stage=where if ph else None,
                                                source=a.source)]
    if effect.get("requirement"):
        _effect_requirement(ctx, a.player, a.card, effect["requirement"])
    if effect.get("fatigue_card"):
        events.extend(_fatigue_cost(ctx, a.player, a.card, effect["fatigue_card"]))
    events.extend(_destiny_and_talent(ctx, a, effect))
    for key, kind in (("leave_fight", "fight"), ("leave_challenge", "challenge")):
        if effect.get(key):
            events.extend(_leave(ctx, a.card, str(effect[key]), kind))
    for cid in effect.get("fatigue", []) or []:
        target = board_character(ctx, cid, "effect.fatigue")
        events.extend(fatigue(s, ctx, cid, f"{a.card}'s effect", "buffy.fatigue.card-effect")
                      if target else [])
    if effect.get("discard_minions"):
        for cid, ch in s.characters.items():
            if on_board(ch) and ch.kind == "minion":
                events.append(E.CharacterDiscarded(character=cid, reason=f"{a.card}'s effect"))
    unknown = sorted(set(effect) - EFFECT_KEYS)
    ctx.note("buffy.golden-rule", f"{a.card} is played for its effect"
             + (f"; recorded as played, the engine does not apply {', '.join(unknown)}" if unknown else ""))
    return events


def _destiny_and_talent(ctx: BuffyContext, a: A.PlayEffect, effect: dict[str, Any]) -> list[DomainEvent]:
    """The ``pay_destiny``, ``gain_destiny`` and ``fight_talent`` keys of a played effect."""
    s = ctx.state
    ph = s.phase
    events: list[DomainEvent] = []
    if effect.get("pay_destiny"):
        n = int(effect["pay_destiny"])
        have = s.players[a.player].destiny
        ctx.require(have >= n, "buffy.destiny.floor", f"{a.card} costs {n} destiny and {a.player} has {have}: "
                                                      "destiny cannot be paid on credit", f"{a.player} pays {n} of {have} destiny")
        events.append(E.DestinyChanged(player=a.player, delta=-min(n, have), destiny=max(0, have - n),
                                       rule="buffy.destiny.floor", reason=f"paid for {a.card}"))
    if effect.get("gain_destiny"):
        n = int(effect["gain_destiny"])
        have = s.players[a.player].destiny
        ctx.note("buffy.golden-rule", f"{a.card} gives {a.player} {n} destiny")
        events.append(E.DestinyChanged(player=a.player, delta=n, destiny=have + n, rule="buffy.golden-rule",
                                       reason=f"{a.card}"))
    if effect.get("fight_talent"):
        talent = str(effect["fight_talent"])
        ok = ph is not None and ph.kind == "fight" and ph.stage != "discard" and talent in TALENTS
        ctx.require(ok, "buffy.fight.talent", f"{a.card} changes the talent of a fight in progress to one of the four talents",
                    f"the fight now resolves on {talent}")
        if ok:
            events.append(E.FightTalentChanged(talent=talent, by=a.card))
    return events


def _cards_in_play(s: BuffyState, player: str) -> set[str]:
    """The names of ``player``'s characters, attached cards and location cards in play."""
    names = {loc.name.lower() for loc in s.locations.values() if loc.owner == player}
    for ch in s.characters.values():
        if ch.owner == player and on_board(ch):
            names.add(ch.name.lower())
            names.update(x.name.lower() for x in ch.attachments)
    return names


def _effect_requirement(ctx: BuffyContext, player: str, card: str, req: dict[str, int]) -> None:
    s = ctx.state
    ph = s.phase
    if ph is not None and player in ph.players:
        if ph.kind == "fight":
            pool = [c for c in (ph.attacker, ph.defender) if c and s.characters[c].owner == player]
        else:
            pool = list(ph.characters) if player == ph.initiator else []
        scope = f"taking part in the {ph.kind}"
    else:
        pool = [cid for cid, ch in s.characters.items() if ch.owner == player and on_board(ch)]
        scope = "in play"
    fits = [cid for cid in pool
            if all(effective_talents(s, s.characters[cid])[t] >= n for t, n in req.items())]
    need = ", ".join(f"{n} {t}" for t, n in req.items())
    ctx.require(bool(fits), "buffy.talent-requirement",
                f"no character of {player}'s {scope} has {need} alone for {card}",
                f"{s.characters[fits[0]].name if fits else '?'} meets {need} for {card} alone")


def _fatigue_cost(ctx: BuffyContext, player: str, card: str, spec: Any) -> list[DomainEvent]:
    s = ctx.state
    if isinstance(spec, str):
        spec = {"character": spec}
    cid = str(spec.get("character"))
    ch = board_character(ctx, cid, "effect.fatigue_card.character")
    ctx.require(ch.owner == player, "buffy.fatigue.independent", f"{ch.name} is not {player}'s character",
                f"{ch.name} is {player}'s")
    name = spec.get("attachment")
    if name is None:
        return fatiguing_act(s, ctx, cid, f"be fatigued for {card}", f"fatigued for {card}", "buffy.fatigue.card-effect")
    att = next((x for x in ch.attachments if x.name.lower() == str(name).lower()), None)
    if att is None:
        raise InvalidAction(f"{ch.name} carries no card {name!r}", [{"field": "effect.fatigue_card.attachment",
                                                                     "message": "not attached"}])
    ctx.require(not att.fatigued, "buffy.fatigue.independent",
                f"{att.name} is already fatigued and cannot fatigue again before the refresh step",
                f"{att.name} is refreshed; it fatigues on its own, {ch.name} stays "
                f"{'fatigued' if ch.fatigued else 'refreshed'}")
    return [E.CharacterFatigued(character=cid, cause=f"fatigued for {card}", rule="buffy.fatigue.independent",
                                attachment=att.name)]


def _leave(ctx: BuffyContext, card: str, cid: str, kind: str) -> list[DomainEvent]:
    ph = ctx.state.phase
    if kind == "fight":
        members = [ph.attacker, ph.defender] if ph is not None and ph.kind == "fight" else []
        rule = "buffy.fight.leave"
    else:
        members = list(ph.characters) if ph is not None and ph.kind == "challenge" else []
        rule = "buffy.challenge.no-participants"
    ok = ph is not None and ph.outcome is None and cid in members and cid not in ph.left
    ctx.require(ok, rule, f"{cid} is not in a {kind} it could leave", f"{cid} leaves the {kind}")
    return [E.CharacterLeftPhase(character=cid, kind=kind, by=card)] if ok else []
