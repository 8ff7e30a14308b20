"""Hands, decks and resources both players move: choices between options, cards revealed at all times, repeats, deck picks split between hand and discard pile (round 4, hands).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``.

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
from adjudicator.effects.extras import Instead
from adjudicator.spoils import scripted as SC
from adjudicator.spoils import scripted_cards as SCC
from adjudicator.spoils import scripts as S
from adjudicator.spoils.context import SpoilsContext, as_list
from adjudicator.spoils.references import Env
from adjudicator.spoils.scripted import RUN, handles
from adjudicator.spoils.scripts import OP
from events.models import spoils as E

STATES = frozenset({"opponent_hand_at_most"})
"""Conditions of this family read by ``scripted_conditions_states.STATES``."""


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, (O.Destroy, O.ReturnToHand)) and own_resource(node.target()):
        return False  # the resource the player names (cost: COST_PICKS; effect: _destroy, _to_hand)
    if isinstance(node, F.BothPlayers) and any(isinstance(n, OP["search"]) and n.then == "into_play"
                                               for n in S.walk(node.both_players)):
        return False  # scripted_hands_4: each player's search, the cards found put into play
    if isinstance(node, F.BothPlayers) and _moves_resources(node):
        return not all(isinstance(n, (O.Destroy, O.ReturnToHand)) and own_resource(n.target(), "they")
                       for n in S.walk(node.both_players) if isinstance(n, O._Move))
    if isinstance(node, A.Choice) and node.choose == "opponent_one_as_rules_text":
        return False  # plays.rules_text: the opponent's option, recorded as choices.their.option
    if isinstance(node, OP["can"]) and node.can in REVEALED:
        return False  # static_docs: a flag of the state document (revealed)
    if isinstance(node, OP["by_them"]):
        return not _their_moves(node)
    if isinstance(node, O.RemoveFromGame) and deck_top(node.remove_from_game):
        return False  # _remove_top: the card the action names
    if isinstance(node, OP["put"]) and (H2.chosen_from_hand(node.put) or H2.top_x(node.put)) and node.to in SCC.TO_DECK:
        return False  # scripted_hands_2: the cards choices.put names; the top X of a deck
    if isinstance(node, OP["reveal_hand"]) or (isinstance(node, O.ShuffleIntoDeck) and H3.revealed_this_way(
            node.shuffle_into_deck)):
        return False  # scripted_hands_3: the hand revealed (hand_cards or choices.revealed), its cards moved
    if isinstance(node, OP["if_it_is"]) and node.leading and (H5.discarded_subject(node.subject) or node.subject == "it"):
        return False  # scripted_hands_5: the type of the card discarded (an "it" after "the discarded card")
    if isinstance(node, OP["reveal_until"]) or (isinstance(node, Ph.During) and node.during == "appropriate_character_revealed"
                                                or isinstance(node, O.ShuffleIntoDeck) and H5.other_revealed(node.shuffle_into_deck)):
        return False  # scripted_hands_5: the cards named as revealed, the last the one looked for
    if isinstance(node, OP["reveal"]) and node.reveal == "searched_card":
        return False  # scripted_hands_5: the card the search found, shown to both
    if isinstance(node, A.OnlyWhen) and node.only in H4.ONLY:
        return False  # scripted_conditions._only reads scripted_conditions_states.ONLY (401.3a)
    if isinstance(node, (OP["split"], OP["opponent_chooses_of"], OP["search_copies"])) or type(node).__name__ == "Share":
        return False  # scripted_hands_4: the chosen cards to the first place, the rest to the second
    if H6.replacing_trigger(node) or (isinstance(node, Instead) and node.instead and all(
            isinstance(o, A.Pay) for o in node.instead)):
        return False  # scripted_hands_6 (consequences.leave_play): a card going to a hand from play replaced
    if isinstance(node, A.Trigger) and node.when in H7.DISCARD_WHEN or isinstance(node, OP["x_if_it_is"]):
        return False  # scripted_hands_7: the cards an opponent's effect discarded; X by the card picked (a cost)
    if isinstance(node, OP["can"]) and node.can in H3.REPEAT_UNTIL:
        return False  # scripted_hands_3: the card's effect again, round by round
    if isinstance(node, OP["do_the_same"]):
        return False  # scripted_hands_2: the last "you may", done by the opponent
    if isinstance(node, F.TheyChoose):
        return False  # scripted_hands_2: the option of the player whose turn starts, then each part as its player's
    if isinstance(node, Ph.Stat) and node.stat in STATS:
        return False  # counts.value
    if isinstance(node, Ph.During) and node.during == "removed_cost_at_least_opponents":
        return False  # scripted_cards.PAID: the cards removed in this decision
    if isinstance(node, Instead) and all(isinstance(o, O.RemoveFromGame) and deck_top(o.remove_from_game)
                                         for o in node.instead):
        return False  # scripted_replace_instead: "if this card is destroyed, both players remove ... instead"
    if isinstance(node, Ph.During) and node.during in STATES:
        return False  # scripted_conditions_states.STATES
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


def counted_control(node: Ph.YouControl) -> bool:
    """"If your opponent controls at least X characters", "... at least X face-down resources": the
    conditions ``scripts.holds`` counts (resources face down or up; X the running script's)."""
    ref = node.control
    if not isinstance(ref, Ph.Cards) or ref.named or ref.with_:
        return False
    if S._kinds(ref) == ["resource"]:
        return set(ref.adjectives) <= {"face-down", "face-up"} and (isinstance(ref.count, int) or ref.count == "X")
    return ref.quantity == "at_least" and ref.count == "X"


def resources_held(state: Any, ref: Ph.Cards, player: str) -> int:
    """How many resources ``player`` controls that fit ``ref`` (face down: one Volition, 411.1)."""
    want = {"face-down": False, "face-up": True}
    return sum(1 for r in state.players[player].resources.values()
               if all(r.face_up == want[a] for a in ref.adjectives if a in want))


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


SC.COST_PICKS.append(_cost_pick)


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


_destroy = RUN[O.Destroy]
_to_hand = RUN[O.ReturnToHand]


@handles(O.Destroy)
def _destroy_resource(ctx: SpoilsContext, op: O.Destroy, env: Env) -> None:
    """"Destroy a resource you control": to its owner's discard pile (304.1)."""
    ids = _taken(ctx, op, env)
    if ids is None:
        _destroy(ctx, op, env)
        return
    for rid in ids:
        res = ctx.work.players[env.controller].resources.get(rid)
        if res is None:
            continue
        ctx.emit(E.ResourceDestroyed(player=env.controller, resource_id=rid, name=res.name, source=env.source))
        ctx.note("spoils.304.1", f"{env.source}: {env.controller} destroys the resource {rid} ({res.name or 'face down'})")


@handles(O.ReturnToHand)
def _resource_to_hand(ctx: SpoilsContext, op: O.ReturnToHand, env: Env) -> None:
    """"(Both players) put a resource they control into its owner's hand" (402.1)."""
    ids = _taken(ctx, op, env)
    if ids is None:
        _to_hand(ctx, op, env)
        return
    from adjudicator.spoils.scripted_zones import return_resources

    return_resources(ctx, [r for r in ids if r in ctx.work.players[env.controller].resources], env)


# --------------------------------------------------------------------------------- revealed at all times

REVEALED = {"top_card_revealed": ("deck_top", "you"), "opponent_hand_revealed": ("hand", "opponent")}
"""A card's text opening a hidden zone to both players (403.1a, 403.2a; the golden rule, 101.1): the zone
and whose ("The top card of your deck is revealed at all times.", "Your opponent's hand is ...")."""


def static_docs(op: Node) -> list[dict[str, Any]] | None:
    """The continuous effect of "... is revealed at all times" (None: not one of this family's)."""
    if isinstance(op, OP["can"]) and op.can in REVEALED:
        zone, whose = REVEALED[op.can]
        return [{"reveal": zone, "applies_to": whose}]
    return None


def revealed(state: Any) -> dict[str, dict[str, list[str]]]:
    """For each player, the zones of theirs revealed at all times and the cards in play that say so
    (read-only output of the state document: ``players.<p>.revealed``)."""
    from adjudicator.spoils import precedence as P  # (precedence reads scripts, which reads this module)

    out: dict[str, dict[str, list[str]]] = {p: {} for p in state.seating}
    for src in P.sources(state):
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
    from adjudicator.spoils.projection import opponents
    from adjudicator.spoils.scripted_players import _as_theirs, _their_choices

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


# --------------------------------------------------------------------------------- the top card of a deck removed

REMOVED = "removed"
"""The choices key naming the card(s) a player removes from the top of their deck (hidden until then:
the action records them, spoils.engine.hidden-choice; the opponent's in ``choices.their.removed``)."""


def deck_top(ref: Any) -> bool:
    """"the top card of your (their) deck": a card out of play the action names."""
    return isinstance(ref, Ph.Cards) and ref.zone == "deck" and ref.quantity == "the_top" and \
        ref.zone_owner in ("you", "your", "their") and not ref.adjectives


def _removes_top(op: Node) -> bool:
    ops = list(op.both_players) if isinstance(op, F.BothPlayers) else [op]
    return all(isinstance(o, O.RemoveFromGame) and deck_top(o.remove_from_game) for o in ops)


_remove = RUN[O.RemoveFromGame]


@handles(O.RemoveFromGame)
def _remove_top(ctx: SpoilsContext, op: O.RemoveFromGame, env: Env) -> None:
    """"(Both players) remove the top card of their deck from the game" (403.6a): the card(s) the action
    names (``choices.removed``), checked against the deck when the judge knows all of it."""
    ref = op.remove_from_game
    if not deck_top(ref):
        _remove(ctx, op, env)
        return
    from adjudicator.spoils.scripted_cards import HIDDEN, checked, names

    me = ctx.work.players[env.controller]
    n = min(ref.count if isinstance(ref.count, int) else 1, me.deck if me.deck is not None else 1)
    said = names(env.choices.get(REMOVED))
    if not ctx.require(len(said) == n, HIDDEN, f"{env.source}: {env.controller} removes the top {n} card(s) of their "
                       f"deck: name them (choices.{REMOVED}, the opponent's in choices.their.{REMOVED}; {len(said)} "
                       f"named)", "", blocking=True) or n == 0:
        return
    found = checked(ctx, env, said, env.controller, "deck", None, "removed")
    if not ctx.require(len(found) == n, HIDDEN, f"{env.source}: {', '.join(said)} cannot be the top of "
                       f"{env.controller}'s deck", "", blocking=True):
        return
    ctx.emit(E.CardsMoved(player=env.controller, count=n, cards=found, from_zone="deck", to="removed",
                          source=env.source, rule="spoils.403.6a"))


def _cost_removal(ctx: SpoilsContext, op: Node, env: Env) -> bool:
    """A cost "Both players remove the top card of their deck from the game. X is ...": done as the cost
    is announced, in its printed place (401.3), so an "X is" after it reads the cards removed."""
    if not _removes_top(op):
        return False
    SC.do_all(ctx, [op], env)
    return True


SC.COST_PICKS.append(_cost_removal)


def removed_costs(ctx: SpoilsContext) -> dict[str, int]:
    """The numeric cost of the card each player removed from the top of their deck in this decision."""
    out: dict[str, int] = {}
    for e in ctx.events:
        if isinstance(e, E.CardsMoved) and e.from_zone == "deck" and e.to == "removed" and e.cards:
            spec = ctx.lookup(e.cards[0])
            out[e.player] = (spec.cost or 0) if spec is not None else 0
    return out


def _cost_difference(ctx: SpoilsContext, stat: Any, controller: str) -> int:
    """"the numeric cost of your opponent's removed card minus the numeric cost of your removed card"."""
    costs = removed_costs(ctx)
    theirs = max((v for p, v in costs.items() if p != controller), default=0)
    return theirs - costs.get(controller, 0)


from adjudicator.spoils import scripted_hands_2 as H2  # noqa: E402  (registers its handlers into RUN)
from adjudicator.spoils import scripted_hands_3 as H3  # noqa: E402  (registers its handlers into RUN)
from adjudicator.spoils import scripted_hands_4 as H4  # noqa: E402  (registers its handlers into RUN)
from adjudicator.spoils import scripted_hands_5 as H5  # noqa: E402  (registers its handlers into RUN)
from adjudicator.spoils import scripted_hands_6 as H6  # noqa: E402
from adjudicator.spoils import scripted_hands_7 as H7  # noqa: E402  (registers its handlers into RUN)

STATS = {"removed_cost_difference": _cost_difference, "cards_put_on_bottom_plus_one": H2.put_on_bottom_plus_one,
         "tactics_shuffled_in": H3.tactics_shuffled_in}
"""Numbers of this family a script reads (``counts.value``)."""


def _at_least_theirs(ctx: SpoilsContext, env: Env) -> bool:
    """"If the numeric cost of your removed card is greater than or equal to the numeric cost of your
    opponent's" (an empty deck removes nothing: 0)."""
    return _cost_difference(ctx, None, env.controller) <= 0


SCC.PAID["removed_cost_at_least_opponents"] = _at_least_theirs  # read by scripted_cards.holds (scripted.condition)


__all__ = ["judge", "STATES", "REVEALED", "static_docs", "revealed", "resources_of", "resources_held", "counted_control"]
