"""What the rules derive from a Buffy position on their own, one round at a time: a victory, a step
or stage that ends when every player has passed in a row, the end of a turn, a fight or challenge
that resolves (``buffy.pass-consecutively``, ``buffy.step.*``, ``buffy.victory.*``)."""
from __future__ import annotations

from adjudicator import flow
from adjudicator.buffy import overrides
from adjudicator.buffy.context import BuffyContext, on_board
from adjudicator.buffy.resolution import challenge_standing, fighters_gone, resolve_challenge, resolve_fight
from adjudicator.buffy.state import PARK, BuffyState
from events.models import buffy as E
from events.models.base import DomainEvent


STEPS = flow.Flow((
    flow.Stage("prologue", "buffy.step.prologue", mandatory=("place_challenge",)),
    flow.Stage("draw", "buffy.step.draw", mandatory=("hand_of_five",)),
    flow.Stage("refresh", "buffy.step.refresh"),
    flow.Stage("movement", "buffy.step.movement"),
    flow.Stage("resource", "buffy.step.resource"),
    flow.Stage("conflict", "buffy.step.conflict"),
    flow.Stage("end", "buffy.step.end"),
))
PHASES = {
    kind: flow.Flow((
        flow.Stage("choose", f"buffy.{kind}.choose", first="initiator"),
        flow.Stage("draw", f"buffy.{kind}.draw", first="initiator", mandatory=("phase_draw",),
                   ends_when_mandatory_done=True),
        flow.Stage("battle", f"buffy.{kind}.battle", first="initiator"),
        flow.Stage("resolve", f"buffy.{kind}.resolve", first="initiator"),
        flow.Stage("discard", f"buffy.{kind}.discard", first="initiator", mandatory=("discard_to_five",)),
    ))
    for kind in ("fight", "challenge")
}


def consequences(s: BuffyState, ctx: BuffyContext, victory: bool = True) -> list[DomainEvent]:
    if s.winner is not None:
        return []
    to_win, rule, who = overrides.parameter(s, "destiny_to_win")
    for p in s.seating if victory else ():
        if s.players[p].destiny >= to_win:
            ctx.note("buffy.victory.destiny", f"{p} reached {s.players[p].destiny} destiny", who=who)
            return [E.GameWon(player=p, by="destiny", rule="buffy.victory.destiny")]
    if s.phase is not None:
        return _phase_consequences(s, ctx)
    if s.consecutive_passes >= len(s.seating):
        ctx.note("buffy.pass-consecutively", f"every player passed in a row: the {s.step} step ends")
        return _end_step(s, ctx)
    return []


def _end_step(s: BuffyState, ctx: BuffyContext) -> list[DomainEvent]:
    nxt = STEPS.after(s.step)
    if nxt is None:
        return _end_turn(s, ctx)
    ctx.note("buffy.turn.sequence", f"the {nxt.name} step follows the {s.step} step")
    ctx.note(nxt.rule, f"the {nxt.name} step begins; {s.active_player}, the active player, acts first")
    events: list[DomainEvent] = [E.StepStarted(step=nxt.name, turn=s.turn, to_act=s.active_player)]
    if nxt.name == "refresh":
        chars = sorted(c for c, ch in s.characters.items() if ch.fatigued and on_board(ch))
        atts = sorted(f"{c}/{a.name}" for c, ch in s.characters.items() if on_board(ch)
                      for a in ch.attachments if a.fatigued)
        ctx.note("buffy.step.refresh", f"every fatigued card is refreshed ({len(chars)} characters, "
                                       f"{len(atts)} attached cards)")
        events.append(E.CardsRefreshed(characters=chars, attachments=atts))
    return events


def _end_turn(s: BuffyState, ctx: BuffyContext) -> list[DomainEvent]:
    in_park = {ch.owner for ch in s.characters.values() if ch.location == PARK}
    controller = next(iter(in_park)) if len(in_park) == 1 else None
    counts = {p: (s.players[p].park_control_turns + 1 if p == controller else 0) for p in s.seating}
    ctx.note("buffy.victory.park", f"park controlled by {controller or 'nobody'} at the end of turn {s.turn}"
             + (f" ({counts[controller]} turns in a row)" if controller else "; every count starts again"))
    night = "night" if s.time_of_day == "day" else "day"
    nxt = flow.next_in_seating(s.seating, s.active_player)
    ctx.note("buffy.step.end", f"the end step is over: turn {s.turn} ends; {nxt} becomes the active player")
    ctx.note("buffy.day-night", f"the day/night card turns over: it is {night} now")
    events: list[DomainEvent] = [E.TurnEnded(turn=s.turn, time_of_day=night, active_player=nxt,
                                             park_controller=controller, park_control_turns=counts)]
    needed, _, who = overrides.parameter(s, "park_turns_to_win")
    if controller is not None and counts[controller] >= needed:
        events.append(E.GameWon(player=controller, by="park", rule="buffy.victory.park"))
        return events
    events.append(E.StepStarted(step="prologue", turn=s.turn + 1, to_act=nxt))
    return events


def _phase_consequences(s: BuffyState, ctx: BuffyContext) -> list[DomainEvent]:
    ph = s.phase
    assert ph is not None
    if ph.outcome is None and ph.stage != "discard":
        if ph.kind == "fight" and fighters_gone(s, ph):
            ctx.note("buffy.fight.leave", "a character left the fight: the fight resolves at once")
            return resolve_fight(s, ctx) + [E.StageStarted(stage="discard", to_act=ph.initiator)]
        if ph.kind == "challenge" and ph.challenge in s.challenges and not challenge_standing(s, ph)["participants"]:
            return resolve_challenge(s, ctx) + [E.StageStarted(stage="discard", to_act=ph.initiator)]
    stage = PHASES[ph.kind][ph.stage]
    if stage.ends_when_mandatory_done:
        if set(ph.drawn) >= set(ph.players):
            ctx.note(stage.rule, "the mandatory draws are made: the stage ends")
            ctx.note(f"buffy.{ph.kind}.battle", f"the {ph.kind} / battle stage begins; {ph.initiator} acts first")
            return [E.StageStarted(stage="battle", to_act=ph.initiator)]
        return []
    if s.consecutive_passes < len(ph.players):
        return []
    ctx.note("buffy.pass-consecutively", f"both players passed in a row: the {ph.kind} / {ph.stage} stage ends")
    if ph.stage == "resolve":
        ctx.note(stage.rule, f"the {ph.kind} resolves now that both players passed")
        ctx.note(f"buffy.{ph.kind}.discard", f"the {ph.kind} / discard stage begins; {ph.initiator} acts first")
        resolved: list[DomainEvent] = []
        if ph.outcome is None:
            resolved = resolve_fight(s, ctx) if ph.kind == "fight" else resolve_challenge(s, ctx)
        return resolved + [E.StageStarted(stage="discard", to_act=ph.initiator)]
    nxt = PHASES[ph.kind].after(ph.stage)
    if nxt is None:
        resumes = s.suspended[-1].step if s.suspended else "conflict"
        after = flow.next_in_seating(s.seating, ph.initiator)
        ctx.note(f"buffy.{ph.kind}.suspends-step", f"the {ph.kind} is over; the {resumes} step resumes with {after}")
        return [E.PhaseEnded(kind=ph.kind, resumes=resumes, to_act=after)]
    ctx.note(nxt.rule, f"the {ph.kind} / {nxt.name} stage begins; {ph.initiator} acts first")
    return [E.StageStarted(stage=nxt.name, to_act=ph.initiator)]
