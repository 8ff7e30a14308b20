"""The timing rules a play and an ability share (502, 606, 607): when a player may act fast (in answer to a
play or during a battle), a cost paid from unattached resources, and a play waiting for responses."""
from __future__ import annotations

from adjudicator.spoils.evolve.projection import window_players
from adjudicator.spoils.model.state import TACTICS_STAGES
from adjudicator.spoils.ops.replayed import start_ability
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import parties as _PARTIES
from adjudicator.spoils.rules.context import NO_PRIORITY, SETUP_STAGES, STAGE_RULES, SpoilsContext
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.subjects import Subject


def fast_timing(ctx: SpoilsContext, p: str, rule: str, what: str, subject: Subject,
                responding: bool) -> tuple[bool, str | None]:
    """When tactics, abilities and faction abilities may be used; returns (ok, pending id
    responded to)."""
    s = ctx.work
    if s.stage in SETUP_STAGES:
        ctx.violate("spoils.601.1", f"the game has not started: {p} cannot {what}", blocking=True)
        return False, None
    if s.stage == "develop" and start_ability(ctx, p, rule):
        return True, None
    if s.stage == "develop":
        ctx.violate("spoils.202.8", f"{s.active_player} develops first (draw a card or play a resource)")
        ctx.note("spoils.engine.develop-first", "the faction's restore and develop rules resolve at the start "
                                                "of the turn, before anything else (602.2)")
        return False, None
    if s.stage == "end":
        ctx.violate("spoils.610.1", "the turn is ending: its end-of-turn triggers resolve", blocking=True)
        return False, None
    if s.pending:
        top = s.pending[-1]
        responders = window_players(s)
        if p not in responders:
            ok = ctx.check("spoils.607.1", False, subject,
                           f"{p} cannot respond to {p}'s own {top.name}: you respond only to your opponent's "
                           f"plays, abilities and end of turn; {', '.join(responders)} may respond now")
            return ok, top.id
        if top.card is not None and M.no_response(S.script_of(top.card)):
            ok = ctx.check("spoils.607.1", False, subject,
                           f"{top.card.name} says \"your opponent cannot respond to this card\" (101.1): "
                           f"{p} cannot respond to it")
            return ok, top.id
        if not ctx.require(p == s.to_act, "spoils.607.2", f"{s.to_act} responds first"):
            return False, top.id
        ctx.note("spoils.607.2", f"{p} responds to {top.player}'s {top.name} and may {what}", "allowed")
        return True, top.id
    if responding:
        other = s.active_player if p != s.active_player else "the opponent"
        ctx.violate("spoils.607.1", f"nothing of {other}'s is waiting for responses: you respond to your "
                                    f"opponent's plays, abilities and end of turn", blocking=True)
        return False, None
    if s.battle is not None:
        b = s.battle
        srule = STAGE_RULES[b.stage]
        if b.stage in TACTICS_STAGES:
            ok = ctx.require(p == s.to_act, srule,
                             f"at this battle step the attacking player plays tactics and abilities first, then the "
                             f"defending player: {s.to_act} is playing now",
                             f"{p} may {what} at this battle step")
            return ok, None
        ctx.violate(srule, f"no tactics or abilities at this battle step ({b.stage})")
        return False, None
    ok = ctx.check(rule, p == s.active_player, subject,
                   f"on {s.active_player}'s turn {p} may {what} only in response to {s.active_player}'s plays, "
                   f"abilities or end of turn (607.1)",
                   f"{p} may {what} during {p}'s own turn (603.2)")
    return ok, None


def awaiting(ctx: SpoilsContext, name: str, rule: str) -> None:
    s = ctx.work
    responders = window_players(s)
    ctx.note(rule, f"{name} waits for the responses of {', '.join(responders) or 'nobody'}")
    ctx.note("spoils.607.2b", NO_PRIORITY)


def _cost(ctx: SpoilsContext, p: str, name: str, cost: int, paid: str, tax: int = 0, spent: int = 0) -> int:
    """606.1d: an ability's cost is paid from unattached resources; what can be paid of it (``tax``:
    what of it taxes add, 505.1; ``spent``: unattached resources its extra costs take first, 406.3a)."""
    available = ctx.unattached(p)
    if spent and cost <= available:
        ctx.require(cost <= available - spent, "spoils.406.3a", f"{name} costs {cost}, paid last: once its extra costs "
                    f"have taken {spent} resource(s), {p} has {available - spent} unattached", "")
    available -= spent
    if _PARTIES.short(ctx, p, tax, cost, available, name):
        return min(cost, available)
    ctx.require(cost <= available, "spoils.309.1",
                f"{name} costs {cost}: {p} has {available} unattached resource(s) (606.1d)", paid)
    return min(cost, available)
