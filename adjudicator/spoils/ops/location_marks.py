"""Handlers for nodes the effect language gained in round 4 for texts no script could say before (round 4, new texts).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``, and ``static_docs`` gives the
continuous effects of this family's static nodes (``scripts._static`` asks it first)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects.characteristics import GainRulesText, ModifyKinds
from adjudicator.effects.flow import OrShared
from adjudicator.effects.permissions import KeptDepleted
from adjudicator.spoils.ops import battle_choices as _BATTLE_CHOICES  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import cannot as _COSTS_CANNOT  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import type_changes as more
from adjudicator.spoils.ops.interpreter import RUN, handles
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import triggers as TP
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.continuous import DEPLETED_BY, depleted_by
from events.models import spoils as E
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.rules import trigger_matchers as _TRIGGER_MATCHERS


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if (answer := more.judge(node, searches, chooses_x)) is not None:
        return answer
    if isinstance(node, ModifyKinds):
        return False  # static_docs: one change per card of either kind (precedence.stat)
    if isinstance(node, KeptDepleted):
        return False  # _deplete_marking marks them, static_docs forbids 202.7 for them (turn's restore rule)
    if isinstance(node, OrShared):
        return False  # _or_shared: the option the action names, as "or" (scripted_costs_or); its options judged apart
    if isinstance(node, GainRulesText):
        return False  # granted_triggers: the quoted triggers fire for each such card (settling.fire); judged apart
    if isinstance(node, O.Damage) and node.to == "this_location":
        return False  # _damage_this_location: the location whose text it is
    return None


def _keeps_depleted(ctx: SpoilsContext, card_id: str | None) -> bool:
    card = ctx.work.cards.get(card_id or "")
    return card is not None and bool(card.script) and any(
        isinstance(op, KeptDepleted) for op in M.top_statics(S.script_of(card)))


@handles(O.Damage)
def _damage_this_location(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Inflict 1 damage to this location." in a location's text: the location itself (408.5)."""
    _BATTLE_CHOICES.damage_naming_among(ctx, op.model_copy(update={"to": "self"}) if op.to == "this_location" else op, env)


@handles(O.Deplete)
def _deplete_marking(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """A card that keeps depleted what it depletes ("characters depleted by this card ...") marks the
    characters its effect depletes (a lasting modifier naming it)."""
    before = len(ctx.events)
    _BATTLE_CHOICES.deplete_naming_among(ctx, op, env)
    if not _keeps_depleted(ctx, env.card):
        return
    for event in ctx.events[before:]:
        if isinstance(event, E.CardsDepleted):
            for cid in event.cards:
                if cid in ctx.work.cards and ctx.work.cards[cid].type == "character":
                    ctx.emit(E.CardModified(card_id=cid, changes={DEPLETED_BY: env.card}, source=env.source))


@handles(O.Restore)
def _restore_unmarking(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """A character an effect restores is no longer one depleted by that card."""
    before = len(ctx.events)
    _COSTS_CANNOT._restore_unless_forbidden(ctx, op, env)
    for event in ctx.events[before:]:
        if isinstance(event, E.CardsRestoredByEffect):
            for cid in event.cards:
                card = ctx.work.cards.get(cid)
                if card is not None and depleted_by(card) is not None:
                    ctx.emit(E.CardModified(card_id=cid, changes={DEPLETED_BY: None}, source=env.source))


def _cost_if_you_do_pick(ctx: SpoilsContext, op: Node, env: Env) -> bool:
    """"COST: Inflict 1 damage to this location. If you do, pick a character.": the pick is part of the
    cost, made as it is announced (401.2: a cost is paid in full or not at all, so "if you do" holds)."""
    if not isinstance(op, S.OP["if_you_do"]) or not op.if_you_do or \
            not all(isinstance(o, A.Pick) for o in op.if_you_do):
        return False
    _PAYING.prepare(ctx, list(op.if_you_do), env)
    return True


def _as_or(op: Any) -> Any:
    return S.OP["or"].model_validate({"or": list(op.or_shared)})


@handles(OrShared)
def _or_shared(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Remove an item or 2 cards in your discard pile from the game.": a choice, as "or" is one."""
    RUN[S.OP["or"]](ctx, _as_or(op), env)


def _cost_or_shared(ctx: SpoilsContext, op: Node, env: Env) -> bool:
    """In a cost, the option is chosen and paid as the cost is announced (401.3), like "or"."""
    if not isinstance(op, OrShared):
        return False
    RUN[S.OP["or"]](ctx, _as_or(op), env)
    return True


_TRIGGER_MATCHERS.MATCH["your_character_destroyed"] = _TRIGGER_MATCHERS._character_of("destroyed", mine=True, bind=True)
""""If a character you control is destroyed, ...": the character bound ("a card with the same name")."""
_TRIGGER_MATCHERS.MATCH["becomes_depleted"] = lambda h, cid, card: [] if h.when == "card_depleted" and h.card_id == cid else None
""""If this card becomes depleted, ...": the card_depleted happening (scripted_battle_references) of the card itself."""

_PAYING.cost_pick(_cost_if_you_do_pick)
_PAYING.cost_pick(_cost_or_shared)


