"""Hands, decks and resources both players move: choices between options, cards revealed at all times,
repeats, deck picks split between hand and discard pile (round 4, hands).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``; the modules ``scripted_hand_counts`` to
``scripted_deck_top_removed`` hold the rest of the family, each with its own ``judge(node)``, asked first.

A resource a player controls is kept apart from the cards in play (``PlayerState.resources``, by id):
"destroy a resource you control" and "put a resource they control into its owner's hand" take the
resource id the player chose from the action's ``targets`` (in order: the controller's, then, for
"both players", the opponent's), as a cost when the play is announced (401.3) or as the effect
resolves (402.5: a player who controls none does nothing).
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import flow as F
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.evolve.projection import opponents
from adjudicator.spoils.ops import damage_effects as _DAMAGE  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import deck_top_removed as H8
from adjudicator.spoils.ops import discarded_cost as H5
from adjudicator.spoils.ops import discards_undone as H7
from adjudicator.spoils.ops import hand_counts as H2
from adjudicator.spoils.ops import hand_replaced as H6
from adjudicator.spoils.ops import hand_revealed as H3
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.ops import split_cards as H4
from adjudicator.spoils.ops import zones as _ZONES  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.ops.players import _as_theirs, _their_choices
from adjudicator.spoils.ops.resources_picked import return_resources
from adjudicator.spoils.rules.context import SpoilsContext, as_list
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.zone_reads import STATS
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.conditions_read import counted_control
from adjudicator.spoils.text.static_docs import REVEALED
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E
from adjudicator.spoils.ops import resources_picked as _RESOURCES_PICKED

STATES = frozenset({"opponent_hand_at_most"})
"""Conditions of this family read by ``continuous.STATES``."""


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    for part in (H2, H3, H4, H5, H6, H7, H8):  # each module answers for its own nodes
        answer = part.judge(node)
        if answer is not None:
            return answer
    if isinstance(node, (O.Destroy, O.ReturnToHand)) and own_resource(node.target()):
        return False  # the resource the player names (cost: COST_PICKS; effect: _destroy, _to_hand)
    if isinstance(node, F.BothPlayers) and _moves_resources(node):
        return not all(isinstance(n, (O.Destroy, O.ReturnToHand)) and own_resource(n.target(), "they")
                       for n in S.walk(node.both_players) if isinstance(n, O._Move))
    if isinstance(node, A.Choice) and node.choose == "opponent_one_as_rules_text":
        return False  # plays.rules_text: the opponent's option, recorded as choices.their.option
    if isinstance(node, OP["can"]) and node.can in REVEALED:
        return False  # static_docs: a flag of the state document (revealed)
    if isinstance(node, OP["by_them"]):
        return not _their_moves(node)
    if isinstance(node, Ph.Stat) and node.stat in STATS:
        return False  # counts.value
    if isinstance(node, Ph.During) and node.during in STATES:
        return False  # continuous.STATES
    if isinstance(node, Ph.YouControl) and counted_control(node):
        return False  # scripts.holds: resources a player controls, "at least X" with X the script's
    return None


def own_resource(ref: Any, whose: str = "you") -> bool:
    """"a resource you control" ("they control", said for both players): one of the player's own."""
    return isinstance(ref, Ph.Cards) and S._kinds(ref) == ["resource"] and ref.quantity in ("a", "an") and \
        ref.controller == whose and not ref.adjectives and not ref.named and not ref.attached_to_faction


def _moves_resources(node: F.BothPlayers) -> bool:
    return any(isinstance(n, O._Move) and isinstance(n.target(), Ph.Cards) and "resource" in S._kinds(n.target())
               for n in S.walk(node.both_players))


# --------------------------------------------------------------------------------- a resource you control

def resources_of(ctx: SpoilsContext, op: Node, env: Env) -> list[str] | None:
    """The resources ``op`` may take ("destroy a resource you control"), None: not such an instruction."""
    if not (isinstance(op, (O.Destroy, O.ReturnToHand)) and own_resource(op.target())):
        return None
    return list(ctx.work.players[env.controller].resources)


def _chosen_resource(ctx: SpoilsContext, op: Node, env: Env, rule: str) -> str | None:
    """The resource id the action names for ``op`` (next of ``targets``), checked: one the player controls."""
    mine = resources_of(ctx, op, env) or []
    said = str((as_list(env.queue.pop(0)) or [""])[0]) if env.queue else ""
    ok = said in mine
    ctx.require(ok, rule, f"{env.source}: {env.controller} chooses {op.target().words()} (give its resource id in "
                          f"targets; {said or 'none'} given; {', '.join(mine) or 'none'} possible)",
                f"{env.source}: {env.controller} chooses the resource {said}", blocking=True)
    return said if ok else None


def _cost_pick(ctx: SpoilsContext, op: Node, env: Env) -> bool:
    """A cost "Destroy a resource you control": the resource is fixed as the play is announced
    (401.3); without one to destroy the cost cannot be paid (401.2)."""
    if resources_of(ctx, op, env) is None:
        return False
    if not resources_of(ctx, op, env):
        ctx.violate("spoils.401.2", f"{env.source}: {env.controller} controls no resource: the cost "
                                    f"\"{op.words()}\" cannot be paid", blocking=True)
        return True
    rid = _chosen_resource(ctx, op, env, "spoils.401.3")
    if rid is not None:
        env.deferred.append(op.model_copy(update={op.HEAD: [f"resource:{rid}"]}))
    return True


_PAYING.cost_pick(_cost_pick)


def _resource_ids(op: Node) -> list[str] | None:
    said = op.target()
    if isinstance(said, list) and said and all(isinstance(r, str) and r.startswith("resource:") for r in said):
        return [r.split(":", 1)[1] for r in said]
    return None


def _taken(ctx: SpoilsContext, op: Node, env: Env) -> list[str] | None:
    """The resources ``op`` acts on: fixed by its cost, or chosen now (None: not a resource's)."""
    fixed = _resource_ids(op)
    if fixed is not None:
        return fixed
    mine = resources_of(ctx, op, env)
    if mine is None:
        return None
    if not mine:
        ctx.note("spoils.402.5", f"{env.source}: {env.controller} controls no resource: they do not {op.words()}")
        return []
    rid = _chosen_resource(ctx, op, env, "spoils.402.1")
    return [rid] if rid is not None else []


@handles(O.Destroy)
def _destroy_resource(ctx: SpoilsContext, op: O.Destroy, env: Env) -> None:
    """"Destroy a resource you control": to its owner's discard pile (304.1)."""
    ids = _taken(ctx, op, env)
    if ids is None:
        _DAMAGE._destroy_by(ctx, op, env)
        return
    for rid in ids:
        res = ctx.work.players[env.controller].resources.get(rid)
        if res is None:
            continue
        ctx.emit(E.ResourceDestroyed(player=env.controller, resource_id=rid, name=res.name, source=env.source))
        ctx.note("spoils.304.1", f"{env.source}: {env.controller} destroys the resource {rid} ({res.name or 'face down'})")


def _resource_to_hand(ctx: SpoilsContext, op: O.ReturnToHand, env: Env) -> None:
    """"(Both players) put a resource they control into its owner's hand" (402.1)."""
    ids = _taken(ctx, op, env)
    if ids is None:
        _RESOURCES_PICKED._return_to_hand(ctx, op, env)
        return
    return_resources(ctx, [r for r in ids if r in ctx.work.players[env.controller].resources], env)


# --------------------------------------------------------------------------------- revealed at all times


def revealed(state: Any) -> dict[str, dict[str, list[str]]]:
    """For each player, the zones of theirs revealed at all times and the cards in play that say so
    (read-only output of the state document: ``players.<p>.revealed``)."""

    out: dict[str, dict[str, list[str]]] = {p: {} for p in state.seating}
    for src in _CONTINUOUS.sources(state):
        zone = src.effect.get("reveal") if isinstance(src.effect, dict) else None
        if zone is None or src.controller is None:
            continue
        whose = src.effect.get("applies_to")
        for p in state.seating:
            if (p == src.controller) == (whose == "you"):
                out[p].setdefault(zone, []).append(src.card_id or src.who.name)
    return out


# --------------------------------------------------------------------------------- "they destroy X characters"

CHOSEN_MOVES = (O.Destroy, O.ReturnToHand, O.RemoveFromGame, O.Deplete)


def _their_moves(node: Any) -> bool:
    """"They destroy X characters they control": the opponent's own cards, which they choose."""
    return all(isinstance(n, CHOSEN_MOVES) and isinstance(n.target(), Ph.Cards) and n.target().controller == "they"
               and n.target().quantity in ("bare", "a", "an") for n in node.by_them)


@handles(OP["by_them"])
def _by_them(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"They destroy X characters they control." (after "if your opponent ..."): the opponent chooses
    which of their cards (the next of the action's ``targets``: the number the text says, 310.1)."""
    from dataclasses import replace

    from adjudicator.effects import dump, parse_effects
    for them in opponents(ctx.work, env.controller):
        sub = replace(env, controller=them, card=None, choices=_their_choices(env.choices), picks=[], it=[], rest=[])
        for sub_op in parse_effects(_as_theirs(dump(list(op.by_them))), "spoils", field="by_them"):
            ref = sub_op.target()
            if isinstance(sub_op, CHOSEN_MOVES) and isinstance(ref, Ph.Cards):
                fixed = SC.chosen(ctx, ref, sub)
                if ctx.blocked:
                    return
                sub_op = sub_op.model_copy(update={sub_op.HEAD: fixed})
            SC.do_all(ctx, [sub_op], sub)
        env.queue = sub.queue


__all__ = ["judge", "STATES", "REVEALED", "revealed_docs", "revealed", "resources_of", "resources_held", "counted_control"]
