"""Resources a script picks (a resource in play, face up or down, yours or your opponent's) and those it
returns to their owner's hand."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.rules.context import SpoilsContext, as_list
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import PRONOUNS
from adjudicator.spoils.text import scripts as S
from events.models import spoils as E


def resource_owner(ctx: SpoilsContext, rid: str) -> str | None:
    """The player a resource in play belongs to (None: no such resource)."""
    return next((p for p in ctx.work.seating if rid in ctx.work.players[p].resources), None)


def _pick(ctx: SpoilsContext, op: A.Pick, env: Env) -> None:
    """"Pick a resource you control. (You can pick face-down resources.)", "you may pick a resource
    attached to your faction": the resource id is the next of the action's targets (310.1); other
    picks as ``scripted`` does them."""
    ref = op.pick
    if not (isinstance(ref, Ph.Cards) and ref.zone in (None, "play") and S._kinds(ref) == ["resource"]):
        _SCRIPTED._pick(ctx, op, env)
        return
    eligible = [r for p in ctx.work.seating for r in ctx.work.players[p].resources if _pickable(ctx, ref, r, p, env)]
    if (op.optional and not env.queue) or not eligible:
        if not eligible:
            ctx.note("spoils.402.5", f"{env.source}: there is no {ref.words()} to pick")
        env.did = False
        return
    rid = str((as_list(env.queue.pop(0)) or [""])[0]) if env.queue else ""
    ok = rid in eligible
    if not ctx.require(ok, "spoils.310.1", f"{env.source}: pick {ref.words()} (give its resource id in targets; "
                       f"{rid or 'none'} given)", f"{env.source}: {env.controller} picks the resource {rid}",
                       blocking=not op.optional):
        env.did = False
        return
    env.picks.append([rid])
    env.it = [rid]
    env.did = True


def _pickable(ctx: SpoilsContext, ref: Ph.Cards, rid: str, owner: str, env: Env) -> bool:
    """Whether the resource ``rid`` of ``owner`` is one "pick a resource you control" ("... attached to
    your faction") names."""
    whose = S._controlled_by(ref)
    if not (whose == "any" or (whose == "you") == (owner == env.controller)):
        return False
    return not ref.attached_to_faction or (owner == env.controller and ctx.work.players[owner].resources[rid].attached)


def picked_resources(ctx: SpoilsContext, ref: Any, env: Env) -> list[str]:
    """The resources a reference names: "it", "the resource" after a resource was picked."""
    if not (ref in PRONOUNS or (isinstance(ref, Ph.Cards) and S._kinds(ref) == ["resource"]
                                and ref.quantity in ("the", "that"))):
        return []
    group = env.it or (env.picks[-1] if env.picks else [])
    return [r for r in group if resource_owner(ctx, r) is not None]


def return_resources(ctx: SpoilsContext, ids: list[str], env: Env) -> None:
    for rid in ids:
        owner = resource_owner(ctx, rid)
        res = ctx.work.players[owner].resources[rid]
        ctx.emit(E.ResourceReturned(player=owner, resource_id=rid, name=res.name, owner=owner, source=env.source))
        ctx.note("spoils.402.1", f"{env.source}: the resource {rid} ({res.name or 'face down'}) is put into "
                                 f"{owner}'s hand")


def _return_to_hand(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Put it into its owner's hand." of a resource picked; cards in play as ``scripted`` does it."""
    ids = picked_resources(ctx, op.target(), env)
    if ids:
        return_resources(ctx, ids, env)
        return
    _SCRIPTED._leave(ctx, op, env)
