"""More operations the engine applies as the printed texts say, registered into
``adjudicator.spoils.scripted.RUN`` over the handlers before them:

- a face-down resource revealed as a cost ("Reveal a face-down resource card you control. X is its
  numeric cost. Destroy it.", Implosive Explosion): X is the printed cost of the card revealed (406.3)
  and "destroy it" destroys that resource, which goes to its owner's discard pile (304.1)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.references import Env, targets
from adjudicator.spoils.scripted import RUN, handles
from adjudicator.spoils.scripted_zones import REVEALED_RESOURCE, resource_owner
from adjudicator.spoils.scripts import OP
from events.models import spoils as E

_x_is = RUN[OP["x_is"]]
_destroy = RUN[O.Destroy]


def _revealed_resource(ctx: SpoilsContext, env: Env) -> str | None:
    """The face-down resource this script revealed (``_reveal_face_down``), while it is still in play."""
    rid = env.choices.get(REVEALED_RESOURCE)
    if env.zone != "resource" or not env.found or not isinstance(rid, str):
        return None
    return rid if resource_owner(ctx, rid) is not None else None


@handles(OP["x_is"])
def _x_is_revealed(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"X is its numeric cost." just after a face-down resource was revealed: its printed cost."""
    stat = op.x_is
    if getattr(stat, "stat", None) != "numeric_cost" or stat.of not in (None, "it") or _revealed_resource(ctx, env) is None:
        _x_is(ctx, op, env)
        return
    spec = ctx.lookup(env.found[0])
    env.x = (spec.cost or 0) if spec is not None else 0
    ctx.note("spoils.406.3", f"{env.source}: X is the numeric cost of the revealed {env.found[0]}: {env.x}")


@handles(O.Destroy)
def _destroy_revealed(ctx: SpoilsContext, op: O.Destroy, env: Env) -> None:
    """"Destroy it." of the face-down resource just revealed (no card in play is "it"): the resource
    leaves play for its owner's discard pile (304.1)."""
    rid = _revealed_resource(ctx, env)
    if rid is None or op.destroy not in ("it", []) or targets(ctx, op.destroy, env):
        _destroy(ctx, op, env)
        return
    player = resource_owner(ctx, rid)
    name = ctx.work.players[player].resources[rid].name or env.found[0]
    ctx.emit(E.ResourceDestroyed(player=player, resource_id=rid, name=name, source=env.source))
    ctx.note("spoils.304.1", f"{env.source}: the revealed resource {rid} ({name}) is destroyed: to {player}'s "
                             f"discard pile")
    env.choices.pop(REVEALED_RESOURCE, None)


__all__: list[str] = []
