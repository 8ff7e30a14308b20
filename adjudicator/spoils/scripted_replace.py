"""Replacements, redirects and icon conditions of The Spoils' scripts (round 3e).

- "if you control [O][O][O]" / "if you control at least [G][G]" (``ControlIcons``): the icons the
  player's resources and cards provide now (311.1, 405.5), never spent by a threshold (405.6), so
  the condition is met as a threshold would be.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.state import SpoilsState


def icons_held(state: SpoilsState, cond: Ph.ControlIcons, controller: str) -> bool:
    """Whether ``controller`` controls the icons a "you control [X][X]" condition names (405.6: the
    icons are counted, not spent, so "at least" and the bare form read the same)."""
    from adjudicator.spoils.precedence import missing_threshold  # (precedence reads scripts, which reads this)

    return not missing_threshold(state, controller, cond.control_icons)


def enforced(node: Any) -> bool | None:
    """Whether this module enforces ``node`` (None: not one of its kinds)."""
    if isinstance(node, Ph.ControlIcons):
        return True  # scripts.holds -> icons_held (only ever read by "if" while the script runs)
    return None
