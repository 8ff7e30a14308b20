"""Deciding a fight's actions: starting it, a stunt-double, boosting a talent stack
(``buffy.fight.*``, ``buffy.talent-stack``)."""
from __future__ import annotations

from adjudicator.buffy import actions as A
from adjudicator.buffy import overrides
from adjudicator.buffy.context import CANNOT_ACT, HANDLERS, BuffyContext, board_character, fatiguing_act
from events.models import buffy as E
from events.models.base import DomainEvent


@HANDLERS.on(A.StartFight)
def decide_start_fight(ctx: BuffyContext, a: A.StartFight) -> list[DomainEvent]:
    s = ctx.state
    att = board_character(ctx, a.attacker, "attacker")
    dfn = board_character(ctx, a.defender, "defender")
    ctx.require(att.owner == a.player, "buffy.fight.start", f"{att.name} is not {a.player}'s character",
                f"{a.player} attacks with {att.name}")
    ctx.require(dfn.owner != a.player, "buffy.fight.start", f"{dfn.name} is {a.player}'s own character",
                f"{dfn.name} is {dfn.owner}'s")
    ctx.forbid_unless_permitted(att.fatigued, "buffy.fight.attacker-refreshed",
                                f"{att.name} is fatigued and cannot start a fight", att, a.attacker, also=(CANNOT_ACT,))
    ctx.require(att.location == dfn.location, "buffy.fight.same-location",
                f"{att.name} is at {att.location} and {dfn.name} at {dfn.location}",
                f"both are at {att.location}")
    ctx.note("buffy.fight.defender-may-be-fatigued", f"{dfn.name} may defend {'fatigued' if dfn.fatigued else 'refreshed'}")
    if len(s.seating) > 2:
        ctx.note("buffy.multiplayer", f"the fight is against {dfn.owner}, who controls {dfn.name}")
    talent, who = overrides.fight_talent(s, att, dfn)
    if who is not None:
        ctx.note("buffy.fight.talent", f"{who.name} makes the fight resolve on {talent}", "overridden", who)
    else:
        ctx.note("buffy.fight.talent", "the fight resolves on butt-kicking unless a card changes it")
    ctx.note("buffy.fight.suspends-step", "the conflict step is suspended while the fight runs")
    ctx.note("buffy.fight.choose", f"the fight / choose stage begins; {a.player}, the attacking player, acts first")
    return [E.FightStarted(player=a.player, attacker=a.attacker, defender=a.defender, defending_player=dfn.owner,
                           talent=talent)]


@HANDLERS.on(A.StuntDouble)
def decide_stunt_double(ctx: BuffyContext, a: A.StuntDouble) -> list[DomainEvent] | None:
    s = ctx.state
    ph = s.phase
    if ph is None or ph.kind != "fight":
        return None
    ch = board_character(ctx, a.character)
    dfn = s.characters[ph.defender] if ph.defender else None
    ctx.require(a.player == ph.defending_player, "buffy.fight.stunt-double", "only the defending player may use a stunt-double",
                f"{a.player} defends")
    ctx.require(ph.stood_in_for is None, "buffy.fight.stunt-double", "the defender already has a stunt-double in this fight",
                "no stunt-double yet in this fight")
    ctx.require(ch.owner == ph.defending_player and a.character != ph.defender, "buffy.fight.stunt-double",
                f"{ch.name} cannot stand in for the defender", f"{ch.name} stands in for {dfn.name if dfn else '?'}")
    ctx.require(dfn is not None and ch.location == dfn.location, "buffy.fight.stunt-double",
                f"{ch.name} is not at the fight's location", "at the fight's location")
    events: list[DomainEvent] = [E.StuntDoubleUsed(player=a.player, character=a.character, instead_of=ph.defender or "")]
    events.extend(fatiguing_act(s, ctx, a.character, "stunt-double", "stunt-doubled in a fight",
                                "buffy.fatigue.stunt-double"))
    return events


@HANDLERS.on(A.Boost)
def decide_boost(ctx: BuffyContext, a: A.Boost) -> list[DomainEvent] | None:
    s = ctx.state
    ph = s.phase
    if ph is None:
        return None
    ctx.require(a.player in ph.players, "buffy.talent-stack", f"{a.player} takes no part in this {ph.kind}",
                f"{a.player} takes part in the {ph.kind}")
    if a.card.kind == "action":
        ok = a.talent in a.card.icons
        ctx.require(ok, "buffy.talent-stack.action-icons",
                    f"{a.card.name} has no {a.talent} icon", f"{a.card.name} adds its {a.talent} icon")
        value = a.card.icons.get(a.talent, 0)
    else:
        value = 1
        ctx.note("buffy.talent-stack.plus-one", f"a {a.card.kind} adds 1 to any talent")
    if ph.kind == "challenge":
        goals = s.challenges[ph.challenge].goals if ph.challenge in s.challenges else {}
        if a.player == ph.defending_player:
            ctx.require(a.talent in goals, "buffy.challenge.defender-raises",
                        f"the defender may raise only the challenge's own talents ({', '.join(goals) or 'none'})",
                        f"the defender raises the {a.talent} goal")
        else:
            ctx.require(a.talent in goals, "buffy.challenge.boost-goals-only",
                        f"in a challenge only the talents of its goals may be boosted ({', '.join(goals) or 'none'})",
                        f"{a.talent} is one of the challenge's goals")
    ctx.require(s.players[a.player].hand >= 1, "buffy.talent-stack", f"{a.player} has no card in hand",
                f"{a.card.name} comes from {a.player}'s hand")
    ctx.note("buffy.talent-stack.counts-at-resolution", "the stack counts only when the phase resolves, "
                                                        "never for talent requirements")
    return [E.TalentBoosted(player=a.player, talent=a.talent,
                            card={"name": a.card.name, "kind": a.card.kind, "talent": a.talent, "value": value})]
