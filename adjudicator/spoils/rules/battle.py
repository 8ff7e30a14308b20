"""The battle's steps (608-609) where no player has anything to decide: speed levels, automatic
damage assignment, damage applied at once, the battle's end."""
from __future__ import annotations

from adjudicator.spoils.rules import damage as _DAMAGE
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.forbidden import damage_allowed
from adjudicator.spoils.rules.parties import instead_of_blockers, past_blockers, stage
from adjudicator.spoils.text import continuous as _CONTINUOUS
from events.models import spoils as E


def in_battle(ctx: SpoilsContext) -> list[str]:
    b = ctx.work.battle
    return [c for c in (b.attackers + b.blockers) if c in ctx.work.cards] if b else []


def speed(ctx: SpoilsContext, cid: str) -> int:
    value, _ = _CONTINUOUS.stat(ctx.work, cid, "speed")
    return value or 0


def strength(ctx: SpoilsContext, cid: str) -> int:
    value, _ = _CONTINUOUS.stat(ctx.work, cid, "strength")
    return value or 0


def speed_level(ctx: SpoilsContext) -> int | None:
    """609.1b: X is the highest speed among the battle's characters that have not dealt damage."""
    b = ctx.work.battle
    waiting = [c for c in in_battle(ctx) if c not in b.dealt]
    return max((speed(ctx, c) for c in waiting), default=None)


def sources_at(ctx: SpoilsContext, party: str) -> list[str]:
    b = ctx.work.battle
    members = b.attackers if party == "attacking" else b.blockers
    return [c for c in members if c in ctx.work.cards and c not in b.dealt and speed(ctx, c) == b.speed]


def attack_target(ctx: SpoilsContext) -> str | None:
    """Where attackers' damage goes when no blocker is left; None when the target is gone (407.5a)."""
    b = ctx.work.battle
    if b.target_lost:
        return None
    if b.target.get("kind") == "location":
        cid = b.target.get("card")
        card = ctx.work.cards.get(cid)
        return cid if card is not None and card.controller == b.defender else None
    return f"faction:{b.target.get('player', b.defender)}"


def _past_blockers(ctx: SpoilsContext, sources: list[str]) -> bool:
    """Whether one of these attackers may assign its damage to the target of the attack instead of
    the blocking party (its text: ``scripted_battle_references``)."""
    return any(past_blockers(ctx, c) for c in sources)


def close_tactics(ctx: SpoilsContext) -> None:
    """Both players are done at a tactics step (608.1c, 609.1a, 609.1e): the battle goes on."""
    b = ctx.work.battle
    if b.stage == "attack_tactics":
        if b.unblockable:
            ctx.note("spoils.413.1", "every attacker cannot be blocked: the defender cannot form a blocking party")
            stage(ctx, E.BattleStageStarted(stage="repeat", to_act=None, rule="spoils.412"))
            return
        able = [cid for cid, c in ctx.work.cards.items() if c.controller == b.defender and c.type == "character"
                and not c.depleted and cid not in b.attackers]
        if not able:
            ctx.note("spoils.engine.automatic-assignment",
                     f"{b.defender} controls no character able to block: there is no blocking party (608.1d)")
            stage(ctx, E.BattleStageStarted(stage="repeat", to_act=None, rule="spoils.608.1d"))
            return
        stage(ctx, E.BattleStageStarted(stage="blocks", to_act=b.defender, rule="spoils.608.1d"))
        return
    if b.stage == "tactics_a":
        x = speed_level(ctx)
        if x is None:
            stage(ctx, E.BattleStageStarted(stage="repeat", to_act=None, rule="spoils.609.1g"))
            return
        ctx.note("spoils.609.1b", f"speed level X = {x}")
        stage(ctx, E.BattleStageStarted(stage="assign_attacker", to_act=b.attacker, speed=x, rule="spoils.609.1b"))
        return
    if b.stage == "tactics_e":
        apply_battle_damage(ctx)


def apply_battle_damage(ctx: SpoilsContext) -> None:
    """609.1f: every assigned damage at once, summed per target; a character removed from the
    battle takes none (302.15), one that assigned and then left still deals it (609.1e)."""
    s = ctx.work
    b = s.battle
    totals: dict[str, int] = {}
    sources: dict[str, list[str]] = {}
    assignments = instead_of_blockers(ctx, b.assignments, attack_target(ctx))
    assignments = [a for a in assignments if damage_allowed(ctx, a["source"], a["to"])]
    for a in assignments:
        to = a["to"]
        if to.startswith("faction:") or to in s.cards:
            totals[to] = totals.get(to, 0) + int(a["amount"])
            sources.setdefault(to, []).append(a["source"])
    speed = b.speed if b.speed is not None else 0
    dealt: dict[str, int] = {}  # each source's battle damage, "the same amount" its trigger reads
    for a in assignments:
        if int(a["amount"]) > 0 and a["to"] in totals:
            dealt[a["source"]] = dealt.get(a["source"], 0) + int(a["amount"])
    ctx.emit(E.BattleDamageApplied(speed=speed, totals=totals))
    ctx.note("spoils.609.1f", f"battle damage at speed {speed} applied at once: "
             + (", ".join(f"{t} {n}" for t, n in totals.items()) or "none"))
    for target, amount in totals.items():
        _DAMAGE.deal_damage(ctx, target, amount, sources[target], battle=True)
    for source, x in dealt.items():  # 503.1: "if this card inflicts battle damage"
        _TRIGGERS_PLAYERS.fire(ctx, "battle_damage_inflicted", card_id=source, x=x)


def battle_step(ctx: SpoilsContext) -> bool:
    """Moves the battle on where no player has anything to decide; False when waiting."""
    s = ctx.work
    b = s.battle
    if b.stage == "repeat":
        waiting = [c for c in in_battle(ctx) if c not in b.dealt]
        if not waiting:
            survivors = in_battle(ctx)
            ctx.note("spoils.609.1h", "every character of the battle has dealt its damage or left play: "
                                       "the survivors are depleted")
            ctx.emit(E.BattleEnded(depleted=survivors))
            return True
        stage(ctx, E.BattleStageStarted(stage="tactics_a", to_act=b.attacker, rule="spoils.609.1a"))
        return True
    if b.stage == "assign_attacker":
        sources = sources_at(ctx, "attacking")
        if not sources:
            stage(ctx, E.BattleStageStarted(stage="assign_blocker", to_act=b.defender, speed=b.speed,
                                           rule="spoils.609.1d"))
            return True
        blockers = [c for c in b.blockers if c in s.cards]
        if len(blockers) > 1 or blockers and attack_target(ctx) and _past_blockers(ctx, sources):
            return False  # a choice to make: how to split, or whether to go past the blockers
        if blockers:
            reason, rule, to = "a single blocker is left", "spoils.609.1c", blockers[0]
        else:
            to = attack_target(ctx)
            reason = "no blocker left: the damage goes to the target of the attack" if to else \
                "no blocker and no target left: the damage is considered dealt"
            rule = "spoils.intro.unblocked-damage-to-target" if to else "spoils.intro.no-target-left"
        assignments = [{"source": c, "to": to, "amount": strength(ctx, c) if to else 0} for c in sources]
        ctx.note("spoils.engine.automatic-assignment", f"nothing to choose at speed {b.speed}: {reason}")
        ctx.emit(E.DamageAssignedByRule(speed=b.speed or 0, party="attacking", assignments=assignments,
                                         reason=reason, rule=rule))
        return True
    if b.stage == "assign_blocker":
        sources = sources_at(ctx, "blocking")
        if not sources:
            stage(ctx, E.BattleStageStarted(stage="tactics_e", to_act=b.attacker, speed=b.speed, rule="spoils.609.1e"))
            return True
        attackers = [c for c in b.attackers if c in s.cards]
        if len(attackers) > 1:
            return False
        to = attackers[0] if attackers else None
        reason = "a single attacker is left" if to else "no attacker left: the damage is considered dealt"
        assignments = [{"source": c, "to": to, "amount": strength(ctx, c) if to else 0} for c in sources]
        ctx.note("spoils.engine.automatic-assignment", f"nothing to choose at speed {b.speed}: {reason}")
        ctx.emit(E.DamageAssignedByRule(speed=b.speed or 0, party="blocking", assignments=assignments,
                                         reason=reason,
                                         rule="spoils.609.1d" if to else "spoils.intro.no-target-left"))
        return True
    return False
