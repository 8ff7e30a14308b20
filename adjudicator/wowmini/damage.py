"""Damage, healing and destruction in WoW Miniatures: the judge's effect records (``damage``,
``heal``, ``destroy``) and what follows from damage (destruction 403.2, totems 303.3, buffs 301.2d,
pets 304.2, victory points)."""
from __future__ import annotations

from typing import Any

from adjudicator.wowmini import actions as A
from adjudicator.wowmini import rules as R
from adjudicator.wowmini.checks import HANDLERS, WowMiniContext
from adjudicator.wowmini.derived import effective_health
from adjudicator.wowmini.state import distance
from adjudicator.wowmini.terrain import terrain_damage
from events.models import wowmini as E


def deal(ctx: WowMiniContext, targets: list[str], amount: int, source: str | None, by: str | None) -> None:
    """Marks ``amount`` damage on each target still in play, destroying those it kills (403.2,
    303.3); ``by`` is the player the damage is credited to."""
    for tid in targets:
        w = ctx.work
        piece: Any = w.piece(tid)
        if piece is None or piece.status != "in_play":
            continue
        total = piece.damage + amount
        ctx.emit(E.DamageTaken(target=tid, amount=amount, total=total, source=source, attributed_to=by))
        if tid in w.totems:
            if total >= piece.health:
                ctx.note(R.TOTEM_HEALTH, f"{tid} has taken {total} damage, at least its health {piece.health}")
                destroy(ctx, tid, by, R.TOTEM_HEALTH, source)
        elif total >= effective_health(piece):
            ctx.note(R.DESTRUCTION, f"{tid} has taken {total} damage, at least its health {effective_health(piece)}")
            destroy(ctx, tid, by, R.DESTRUCTION, source)


def destroy(ctx: WowMiniContext, tid: str, by: str | None, rule: str, source: str | None = None) -> None:
    """What leaves with a destroyed piece (buffs, form, pet), and the victory points it scores:
    none for a pet, none for what a pet (``source``) destroys (304.2a)."""
    w = ctx.work
    if tid in w.totems:
        ctx.emit(E.TotemDestroyed(totem=tid, rule=rule))
        ctx.note(R.TOTEM_HEALTH, f"totem {tid} is destroyed and will not come back")
        return
    ch = w.characters[tid]
    was_pet = ch.is_pet
    ctx.emit(E.CharacterDestroyed(character=tid, rule=rule, by=by))
    for buff in list(ch.buffs):
        ctx.emit(E.BuffRemoved(target=tid, buff_id=buff.id, name=buff.name, reason="destroyed",
                               rule=R.BUFF_DESTROYED, counters=dict(buff.counters)))
        ctx.note(R.BUFF_DESTROYED, f"{buff.name} ({buff.id}) leaves {tid} with its destruction")
        if buff.counters:
            ctx.note(R.BUFF_COUNTERS, f"the counters of {buff.name} leave with it: {buff.counters}")
    if ch.form is not None:
        form = ch.form.name
        ctx.emit(E.FormReturned(character=tid, form=form, reason="destroyed", rule=R.DESTRUCTION))
        ctx.note(R.DESTRUCTION, f"{form} ends with {tid}'s destruction; its card returns to the bar")
    for pid, pet in list(w.characters.items()):
        if pet.master == tid and pet.in_play:
            ctx.emit(E.PetRemoved(pet=pid, reason="master_destroyed", rule=R.PET_CHARACTER,
                                  buffs=[b.id for b in pet.buffs]))
            ctx.note(R.PET_CHARACTER, f"{pid} is removed from play with its master {tid}")
    totems = [t for t, totem in w.totems.items() if totem.summoner == tid and totem.in_play]
    if totems:
        ctx.note(R.TOTEM_SUMMON, f"the totems {tid} summoned stay in play: {', '.join(totems)}")
    if was_pet:
        ctx.note(R.PET_NO_VP, f"{tid} is a pet: nobody scores victory points for it and it does not respawn")
        return
    killer = w.characters.get(source or "")
    if killer is not None and killer.is_pet and by is not None and not w.allied(by, ch.owner):
        ctx.note(R.PET_NO_VP, f"{tid} is destroyed by the pet {source}: pets score no victory points")
        return
    if by is not None and not w.allied(by, ch.owner) and ch.points > 0:
        total = w.players[by].victory_points + ch.points
        ctx.emit(E.VictoryPointsScored(player=by, points=ch.points, total=total,
                                       reason=f"destroyed {tid}", rule=R.VICTORY))
        if w.vp_target is not None and total >= w.vp_target and w.winner is None:
            ctx.emit(E.GameWon(player=by, by="victory_points", rule=R.VICTORY))


@HANDLERS.on(A.Damage)
def record_damage(ctx: WowMiniContext, act: A.Damage) -> None:
    by = ctx.attributed(act.source)
    for tid in act.targets:
        ctx.piece(tid, "targets")
    feature = ctx.state.terrain_named(act.source) if act.source else None
    if feature is not None:
        hit = terrain_damage(ctx, act, feature)
        ctx.emit(E.DamageRecorded(player=act.player, amount=act.amount, targets=hit, source=act.source,
                                  ability=act.ability, area=False, all_characters=False, excluded=[]))
        deal(ctx, hit, act.amount, act.source, by)
        return
    area = act.area is not False
    affected, excluded = _swept(ctx, act)
    for tid in act.targets:
        if _damaged(ctx, act, tid, area):
            if tid not in affected or tid in ctx.state.totems:
                affected.append(tid)
        else:
            excluded.append(tid)
    excluded = [t for t in dict.fromkeys(excluded) if t not in affected]
    ctx.emit(E.DamageRecorded(player=act.player, amount=act.amount, targets=affected, source=act.source,
                              ability=act.ability, area=area, all_characters=act.all_characters, excluded=excluded))
    deal(ctx, affected, act.amount, act.source, by)


def _swept(ctx: WowMiniContext, act: A.Damage) -> tuple[list[str], list[str]]:
    """The characters an ability naming all characters or an area reaches, and the totems it
    leaves untouched (303.2)."""
    st = ctx.state
    affected: list[str] = []
    excluded: list[str] = []
    if act.all_characters:
        affected += [cid for cid, ch in st.characters.items() if ch.in_play]
        totems = [t for t, totem in st.totems.items() if totem.in_play]
        if totems:
            ctx.note(R.TOTEM_IMMUNE, f"totems are not characters: an ability naming all characters leaves "
                                     f"{', '.join(totems)} untouched")
    if isinstance(act.area, A.Area):
        c, r = act.area.center, act.area.radius
        for cid, ch in st.characters.items():
            if ch.in_play and ch.square is not None and distance(ch.square, c) <= r and cid not in affected:
                affected.append(cid)
        for tid, totem in st.totems.items():
            if totem.in_play and distance(totem.square, c) <= r:
                excluded.append(tid)
                ctx.note(R.TOTEM_IMMUNE, f"{tid} is in the area but totems are not affected by area effects")
    return affected, excluded


def _damaged(ctx: WowMiniContext, act: A.Damage, tid: str, area: bool) -> bool:
    """Whether a named target takes the damage: it must be in play, and a totem only from an
    ability that targets it (303.2, 303.3) unless a ruling or card says otherwise."""
    st = ctx.state
    if not ctx.in_play(tid, ctx.piece(tid, "targets").status, blocking=False):
        return False
    if tid not in st.totems:
        return True
    if not (area or act.all_characters):
        ctx.check(R.TOTEM_HEALTH, True, "", f"{tid} is a totem damaged by an ability that targets it")
        return True
    names = [n for n in (act.ability, act.source) if n]
    ok = ctx.check(R.TOTEM_IMMUNE, False, f"{tid} is a totem: "
                   + ("area-of-effect abilities do not affect totems" if area
                      else "an ability naming all characters does not affect totems"), names=names)
    if area:
        ok = ctx.check(R.TOTEM_HEALTH, False, f"{tid} is a totem: only abilities that target it "
                                              f"can damage it", names=names) or ok
    return ok


@HANDLERS.on(A.Heal)
def record_healing(ctx: WowMiniContext, act: A.Heal) -> None:
    st = ctx.state
    piece = ctx.piece(act.target, "target")
    if act.target in st.totems:
        ctx.check(R.TOTEM_HEALTH, False, f"{act.target} is a totem: totems cannot be healed",
                  names=[n for n in (act.source,) if n])
    if not ctx.in_play(act.target, piece.status):
        return
    healed = min(act.amount, piece.damage)
    ctx.note(R.HEALTH, f"{act.target} has {piece.damage} damage; {healed} is healed")
    ctx.emit(E.HealingRecorded(player=act.player, target=act.target, amount=act.amount, source=act.source))
    ctx.emit(E.DamageHealed(target=act.target, amount=healed, total=piece.damage - healed))


@HANDLERS.on(A.Destroy)
def record_destruction(ctx: WowMiniContext, act: A.Destroy) -> None:
    piece = ctx.piece(act.target, "target")
    if not ctx.in_play(act.target, piece.status):
        return
    by = ctx.attributed(act.source)
    ctx.emit(E.DestructionRecorded(player=act.player, target=act.target, source=act.source))
    destroy(ctx, act.target, by, R.TOTEM_HEALTH if act.target in ctx.state.totems else R.DESTRUCTION, act.source)
