"""Using a resource's ability (606 for a resource in play): its timing, its cost paid, and the play that
waits for responses."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.decide import timing as _TIMING
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import settling as T
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.subjects import Subject
from events.models import spoils as E


def decide_resource_ability(ctx: SpoilsContext, a: Any, responding: bool) -> None:
    """An ability of a card its player controls as a face-down resource (``use_ability`` naming the
    resource id; its name from the position or ``choices.revealed``): used at the moments abilities are
    (502.3), its threshold met (405.3), its costs paid in order (606.1c-d: "use this only while this
    card is a face-down resource", "reveal this card", ...); it resolves after responses (606.1f)."""
    s, p, rid = ctx.work, a.player, a.card
    res = s.players[p].resources[rid]
    name = res.name or next(iter(SCC.names(a.choices.get("revealed"))), None)
    spec = ctx.lookup(name) if name else None
    act = M.ability_named(S.script_of(spec), a.ability) if spec is not None else None
    if not ctx.require(act is not None, "spoils.606.1a", f"the resource {rid} ({name or 'unnamed: choices.revealed'}) "
                       f"has no ability {a.ability!r}", blocking=True):
        return
    env = _PAYING.env_for(ctx, p, spec.name, None, a)
    env.resource = rid
    _PAYING.prepare(ctx, list(act.cost), env)
    if ctx.blocked:
        return
    ok, response_to = _TIMING.fast_timing(ctx, p, "spoils.502.3", f"use {spec.name}'s {a.ability}", Subject.player(p),
                                     responding)
    if not ok and ctx.blocked:
        return
    missing = _SUBJECTS.missing_threshold(s, p, act.threshold or "")
    ctx.check("spoils.405.3", not missing, Subject.player(p), f"{a.ability} needs threshold {act.threshold}: "
              f"{p} lacks {missing} (606.1b)", f"{p} meets the threshold of {a.ability}")
    paid = _TIMING._cost(ctx, p, a.ability, env.pay, f"{p} pays {env.pay} (406.4)")
    ctx.emit(E.AbilityUsedFromResource(player=p, pending_id=f"q{s.next_id}", resource_id=rid, name=spec.name,
                                       ability=a.ability, cost=env.pay, effect=[env.doc(list(act.effect))],
                                       response_to=response_to))
    C.pay(ctx, p, paid)
    _PAYING.perform(ctx, env)
    _TIMING.awaiting(ctx, a.ability, "spoils.606.1f")
    T.settle(ctx)
