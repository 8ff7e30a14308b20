"""Replacements, redirects and icon conditions of The Spoils' scripts (round 3e).

- "if you control [O][O][O]" / "if you control at least [G][G]" (``ControlIcons``): the icons the
  player's resources and cards provide now (311.1, 405.5), never spent by a threshold (405.6), so
  the condition is met as a threshold would be.
- "The character (item) enters play under your control." (Forced Recruitment, Patent Enforcement,
  Headhunting): the play this tactic answered (607.1) is marked by a lasting effect (``ENTERS_UNDER``);
  when it resolves the card enters play under this tactic's player (its owner unchanged, 604.1h, 101.1).
  Headhunting's "only in response to a character with numeric cost X or less being played, where X is
  the number of [D] you control" is one more ``mechanics.RESPONSE_TO``.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.effects.texts import EntersUnderYou
from adjudicator.spoils.model.state import PendingPlay, SpoilsState
from adjudicator.spoils.ops.instead import enforced as instead
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.triggers import ENTERS_UNDER
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.subjects import provided_icons
from events.models import spoils as E


@handles(EntersUnderYou)
def _enters_under_you(ctx: SpoilsContext, op: EntersUnderYou, env: Env) -> None:
    """"The character enters play under your control": the most recent card of that kind still
    waiting for responses (the one this tactic answered, 607.2) will enter play under this player."""
    ref = op.enters_under_you
    kinds = S._kinds(ref) if isinstance(ref, Ph.Cards) else ["card"]
    play = next((p for p in reversed(ctx.work.pending) if p.kind == "card" and p.card is not None and p.card_id
                 and any(k in ("card", p.card.type) for k in kinds)), None)
    if play is None:
        ctx.note("spoils.402.5", f"{env.source}: no {' or '.join(kinds)} being played is left to take")
        return
    ctx.note("spoils.101.1", f"{env.source}: {play.name}, played by {play.player}, will enter play under "
                             f"{env.controller}'s control (604.1h)")
    ctx.emit(E.EffectStarted(effect={ENTERS_UNDER: env.controller, "card_id": play.card_id}, source=env.source,
                             controller=env.controller, until="turn"))


def _cheap_character_d(s: SpoilsState, top: PendingPlay) -> bool:
    """"In response to a character with numeric cost X or less being played, where X is the number
    of [D] you control": the responder is the player's opponent (607.1)."""
    if not (top.kind == "card" and top.card is not None and top.card.type == "character"):
        return False
    responder = next((p for p in s.seating if p != top.player), top.player)
    return (top.card.cost or 0) <= provided_icons(s, responder).get("D", 0)


M.RESPONSE_TO.setdefault("response_cheap_character_d", _cheap_character_d)


def enforced(node: Any) -> bool | None:
    """Whether this module enforces ``node`` (None: not one of its kinds)."""
    if instead(node) is not None:
        return instead(node)
    if isinstance(node, Ph.ControlIcons):
        return True  # scripts.holds -> icons_held (only ever read by "if" while the script runs)
    if isinstance(node, EntersUnderYou):
        return True
    if isinstance(node, A.OnlyWhen) and node.only == "response_cheap_character_d":
        return True  # scripted_mechanics._only reads mechanics.RESPONSE_TO
    return None
