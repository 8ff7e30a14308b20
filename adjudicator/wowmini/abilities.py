"""Paid abilities that are not cards in WoW Miniatures: a character's own attack and printed
abilities, the abilities a form grants (302.3), and leaving a form (302.4)."""
from __future__ import annotations

from adjudicator.core import InvalidAction
from adjudicator.wowmini import actions as A
from adjudicator.wowmini import rules as R
from adjudicator.wowmini.checks import HANDLERS, WowMiniContext
from adjudicator.wowmini.damage import deal
from adjudicator.wowmini.derived import effective_attack
from adjudicator.wowmini.state import Ability, Character, WowMiniState
from adjudicator.wowmini.targeting import form_restriction, target, timing
from events.models import wowmini as E


def ability_spec(st: WowMiniState, ch: Character, cid: str, name: str | None) -> tuple[Ability, bool]:
    """The ability used, and whether the current form grants it.  Raises InvalidAction when the
    character has no such ability."""
    if name is None or name.lower() == "attack":
        att = effective_attack(ch)
        return Ability(name="attack", cost=att.cost, category="action", damage=att.damage, range=att.range,
                       target="enemy"), False
    if ch.form is not None:
        for ability in ch.form.grants:
            if ability.name.lower() == name.lower():
                return ability, True
    for ability in ch.abilities:
        if ability.name.lower() == name.lower():
            return ability, False
    raise InvalidAction(f"{cid} has no ability {name!r} at position {st.position}",
                        [{"field": "ability", "message": f"not printed on {cid} nor granted by its form"}])


@HANDLERS.on(A.UseAbility)
def use_ability(ctx: WowMiniContext, act: A.UseAbility) -> None:
    _use(ctx, act.player, act.character, act.ability, act.targets, attack=False)


@HANDLERS.on(A.AttackWith)
def attack_with(ctx: WowMiniContext, act: A.AttackWith) -> None:
    _use(ctx, act.player, act.character, act.ability, [act.target], attack=True)


def _use(ctx: WowMiniContext, player: str, cid: str, ability_name: str | None, target_ids: list[str],
         attack: bool) -> None:
    ch = ctx.acting_with(cid, player)
    if ch is None:
        return
    spec, granted = ability_spec(ctx.state, ch, cid, ability_name)
    if attack and spec.damage is None:
        raise InvalidAction(f"{spec.name} deals no damage: use use_ability",
                            [{"field": "ability", "message": "not an attack"}])
    names = [spec.name]
    timing(ctx, cid, spec.category, spec.name, names)
    form_restriction(ctx, ch, cid, f"its {spec.name}" if not granted else spec.name, granted=granted,
                     changes_form=spec.changes_form, names=names)
    if spec.damage is not None or spec.target is not None:
        if not target_ids:
            raise InvalidAction(f"{spec.name} needs a target", [{"field": "targets", "message": "a target"}])
        targets = [tid for tid in target_ids
                   if target(ctx, ch, cid, tid, relation=spec.target or "enemy", rng=spec.range, area=False,
                             what=spec.name, names=names)]
    else:
        for tid in target_ids:
            ctx.piece(tid, "targets")
        targets = list(target_ids)
    if ctx.blocked:
        return
    clock = ch.clock + spec.cost
    ctx.note(R.PLAYING, f"{spec.name} costs {spec.cost} ticks: {cid}'s clock {ch.clock} -> {clock}")
    ctx.emit(E.AbilityUsed(player=player, character=cid, ability=spec.name, category=spec.category,
                           cost=spec.cost, clock=clock, targets=targets, damage=spec.damage))
    if spec.damage is not None and targets:
        deal(ctx, targets, spec.damage, cid, ch.owner)


@HANDLERS.on(A.LeaveForm)
def leave_form(ctx: WowMiniContext, act: A.LeaveForm) -> None:
    cid = act.character
    ch = ctx.acting_with(cid, act.player)
    if ch is None:
        return
    if ch.form is None:
        ctx.check(R.FORM_LEAVE, False, f"{cid} is not in a form", blocking=True)
        return
    names = [ch.form.name]
    timing(ctx, cid, "instant", f"leaving {ch.form.name}", names)
    ctx.note(R.FORM_LEAVE, f"{cid} leaves {ch.form.name} as an instant; the card returns to the bar face up and "
                           f"ready, which is not a change of state: no orientation trigger fires")
    if ch.buffs:
        ctx.note(R.FORM_CONTINUOUS, f"the continuous effects on {cid} ({', '.join(b.name for b in ch.buffs)}) "
                                    f"still apply")
    ctx.emit(E.FormLeft(player=act.player, character=cid, form=ch.form.name))
