"""What terrain does (``wowmini.terrain``, inferred: the terrain rules are not among the documents
the project received) and what it leaves alone: totems, which the terrain they stand on does not
affect (303.4).

A position lists its terrain features (``terrain``: name, squares, a hazard's ``damage``,
``blocks_line_of_sight``).  A hazard's effect is recorded by the judge as a ``damage`` action whose
``source`` is the feature's name: it reaches only the pieces standing on the feature, deals the
feature's damage, is credited to nobody, and never a totem.  A feature that blocks line of sight
blocks ranged abilities across it (``derived.los_blockers``, 405.3).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.wowmini import rules as R
from adjudicator.wowmini.state import Terrain

if TYPE_CHECKING:
    from adjudicator.wowmini import actions as A
    from adjudicator.wowmini.checks import WowMiniContext


def terrain_damage(ctx: WowMiniContext, act: A.Damage, feature: Terrain) -> list[str]:
    """The targets ``feature``'s damage reaches; a violation for each it cannot reach."""
    st = ctx.state
    ctx.check(R.TERRAIN, feature.damage is not None, f"{feature.name} is not a hazard: it deals no damage",
              f"{feature.name} is a hazard")
    if feature.damage is not None:
        ctx.check(R.TERRAIN, act.amount == feature.damage,
                  f"{feature.name} deals {feature.damage} damage, not {act.amount}",
                  f"{feature.name} deals {feature.damage} damage")
    ctx.check(R.TERRAIN, not (act.area or act.all_characters),
              "terrain reaches the pieces standing on it, named as targets", "the targets are named")
    hit: list[str] = []
    for tid in act.targets:
        piece = ctx.piece(tid, "targets")
        if not ctx.in_play(tid, piece.status, blocking=False):
            continue
        if tid in st.totems:
            if ctx.check(R.TOTEM_PLACE, False, f"{tid} is a totem: totems are not affected by the terrain "
                                                f"they stand on ({feature.name})", names=[feature.name]):
                hit.append(tid)
            continue
        if ctx.check(R.TERRAIN, piece.square in feature.squares,
                     f"{tid} does not stand on {feature.name}", f"{tid} stands on {feature.name}"):
            hit.append(tid)
    return hit
