"""Static and counted effects: deck-building exceptions, playing cards from out of the hand, tokens counted, conditional gains, limits on use (round 4, statics).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import battle_choices as _BATTLE_CHOICES  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import play_mechanics as _MECHANICS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import (
    revealed_and_reduced as _REVEALED_AND_REDUCED,  # the handler(s) this module's handlers extend
)
from adjudicator.spoils.ops.discarded_cost import about_discarded, if_discarded_is
from adjudicator.spoils.ops.interpreter import do_all, handles, handles_can
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules.context import as_list
from adjudicator.spoils.rules.references import targets
from adjudicator.spoils.rules.standing import _blank, _says
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text.continuous import STATES
from adjudicator.spoils.text.static_docs import OTHER_COSTS, PER_CARD, counted_docs
from adjudicator.spoils.text.scripts import OP

if TYPE_CHECKING:
    from adjudicator.spoils.rules.context import SpoilsContext
    from adjudicator.spoils.rules.environment import Env


AS_TACTIC = {"gear_as_tactics": "gear"}
"""Permissions of a card in play to play cards of a subtype whenever its controller could play a tactic."""


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, OP["reduce_cost"]) and node.of in OTHER_COSTS:
        return False  # static_docs, faction_ability_cost (asked by plays.decide_faction_ability)
    if isinstance(node, OP["can"]) and node.can in AS_TACTIC:
        return False  # played_as_tactic (asked by plays._play_kind)
    if isinstance(node, Ph.During) and node.during == "gear_attached":
        return False  # _gear_attached (continuous.STATES)
    if isinstance(node, OP["can"]) and node.can in ("use_opponents_abilities", "opponent_satisfies_costs",
                                                    "effect_as_opponents"):
        return False  # anyone_may_use, acting_as (plays), scripted.run ("as": the effect's controller)
    if isinstance(node, OP["can"]) and node.can == "both_may_use":
        return False  # anyone_may_use (asked by plays._ability_to_use)
    if isinstance(node, A.OnlyWhen) and node.only == "you_own_self":
        return False  # _only_if_you_own (401.3a)
    if isinstance(node, OP["can"]) and node.can == "everything_unique":
        return False  # unique_as (asked by settling._uniqueness, choose_unique: 507.5a)
    if isinstance(node, OP["can"]) and node.can == "any_number_in_deck":
        return False  # builder.deck_problems (games from decks), rulings.decks (deck checks): 103.1c waived
    if isinstance(node, OP["if_it_is"]) and node.subject == "it" and not node.leading:
        return False  # _if_it_is: "... if it is a "kaiser" character" (the card in play the effect changes)
    if isinstance(node, Ph.Stat) and node.stat in PER_CARD:
        return False  # only ever read by static_docs (a continuous "lose X life, where X is ...")
    if isinstance(node, OP["x_where"]) and node.plain_x() and node.x_where.stat in PER_CARD:
        return counted_docs(node) is None
    return None


# --------------------------------------------------------------------------------- X from a discarded card


def _x_of_discarded(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"COST: Discard a character or item. X is its numeric cost." (401.3, 406.1): the card the action
    names as discarded (``choices.discarded``), from its controller's hand and of the kind the cost
    says; X is its printed numeric cost.  Other X's as before."""
    discard = _discard_before(op, env)
    if discard is None:
        _REVEALED_AND_REDUCED._x_is_revealed(ctx, op, env)
        return
    named = [str(c) for c in as_list(env.choices.get("discarded"))]
    spec = ctx.lookup(named[0]) if len(named) == 1 else None
    hand = ctx.work.players[env.controller]
    known = len(hand.hand_cards) >= hand.hand  # the whole hand is known: the card must be in it
    fits = spec is not None and S.spec_fits(spec, discard.what) and (not known or spec.name in hand.hand_cards)
    if not ctx.require(fits, "spoils.401.2", f"{env.source}: name in choices.discarded one {discard.what.words()} "
                       f"in {env.controller}'s hand to discard ({named or 'none named'})",
                       f"{env.controller} discards {named[0] if named else ''} to pay {env.source}'s cost",
                       blocking=True):
        return
    env.x = (spec.cost or 0) * (2 if op.twice else 1)
    ctx.note("spoils.406.1", f"{env.source}: X is the numeric cost of the discarded {spec.name}: {env.x}")


def _discard_before(op: Any, env: "Env") -> O.Discard | None:
    """The "discard a ..." of the same cost that "X is its numeric cost" reads (None: another X)."""
    stat = op.x_is
    if not isinstance(stat, Ph.Stat) or stat.stat != "numeric_cost" or stat.of not in (None, "it") or op.name == "Y":
        return None
    last = env.deferred[-1] if env.deferred else None
    if isinstance(last, O.Discard) and isinstance(getattr(last, "what", None), Ph.Cards) and not env.resolving:
        return last
    return None


# --------------------------------------------------------------------------------- "if it is a ..."

@handles(OP["if_it_is"])
def _if_it_is(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"It gains an additional 1 strength and 1 life if it is a "kaiser" character." (504.1): the
    effects happen only if the card in play the subject names is of that kind (type, subtype)."""
    if about_discarded(op, env):  # "If the discarded card is a resource, ... If it is a location, ..."
        if_discarded_is(ctx, op, env)
        return
    found = [c for c in targets(ctx, op.subject, env) if c in ctx.work.cards]
    if not found:
        ctx.note("spoils.engine.script-judge", f"{env.source}: whether {op.words()} is the judge's call")
        return
    verdict = all(S.matches(ctx.work, cid, op.if_it_is, env.controller, env.card) for cid in found)
    ctx.note("spoils.504.1", f"{env.source}: {ctx.work.cards[found[0]].name} is "
                             f"{'' if verdict else 'not '}{op.if_it_is.words()}")
    if verdict:
        do_all(ctx, list(op.then), env)


@handles(O.Modify)
def _additional_lasts_as_long(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"This turn, the character gains 1 strength and 1 life. It gains an additional 1 strength ..." (410.1):
    an additional change the effect makes lasts as long as the change it adds to."""
    from events.models import spoils as E

    if isinstance(op.modify, O.CardChanges) and op.modify.additional and op.until is None:
        until = next((e.until for e in reversed(ctx.events) if isinstance(e, E.CardModified) and e.source == env.source),
                     None)
        if until is not None:
            op = op.model_copy(update={"until": "next_turn" if until.startswith("start_of:") else until})
    _BATTLE_CHOICES.modify_naming_among(ctx, op, env)


# --------------------------------------------------------------------------------- faction abilities' costs

def faction_ability_cost(ctx: "SpoilsContext", player: str, name: str, cost: int) -> int:
    """606.1d, 406.3: the numeric cost of ``player``'s faction ability ``name`` once the continuous
    reductions of cards in play apply, never below their "minimum of N" (nor below 0, 410.4), nor raised by it."""
    from adjudicator.kernel import combine

    subject = _SUBJECTS.Subject.player(player)
    changes = _CONTINUOUS._modifier_changes(ctx.work, OTHER_COSTS["faction_abilities"], subject)
    if not changes:
        return cost
    value, trace = combine(cost, changes, f"{name} numeric cost", _SUBJECTS.SPOILS)
    floors = [int(src.effect["modify"].get("minimum") or 0) for src in _CONTINUOUS.sources(ctx.work)
              if isinstance(src.effect.get("modify"), dict)
              and src.effect["modify"].get("parameter") == OTHER_COSTS["faction_abilities"] and _SUBJECTS.selects(ctx.work, src, subject)]
    value = max(value, min(max(floors, default=0), cost))
    ctx.because.extend(trace)
    ctx.note("spoils.406.3", f"{name}: its numeric cost is {value} (from {cost})")
    return value


# --------------------------------------------------------------------------------- played as a tactic

def played_as_tactic(state: Any, player: str, spec: Any) -> bool:
    """"You may play "gear" cards whenever you could play a tactic." (101.1 over 206.1): whether a card
    ``player`` controls lets them play ``spec`` with a tactic's timing (205.1)."""
    for cid, card in state.cards.items():
        if card.controller != player or not card.script or blanked(state, cid):
            continue
        script = S.script_of(card)
        if any(M.can(script, can) and subtype in spec.subtypes for can, subtype in AS_TACTIC.items()):
            return True
    return False


# --------------------------------------------------------------------------------- gear attached to a card

def _gear_attached(s: Any, cid: str, me: str, n: int) -> bool:
    """"While a "gear" card is attached to this card" (507.2)."""
    return any(c.attached_to == cid and "gear" in c.subtypes for c in s.cards.values())


def _register() -> None:
    STATES.setdefault("gear_attached", _gear_attached)


_register()


# --------------------------------------------------------------------------------- who may use an ability

def anyone_may_use(card: Any, ability: str, state: Any = None, player: str | None = None) -> bool:
    """"COST: Both players may use this ability." (101.1 over 606.1a): the ability of ``card`` named
    ``ability`` may be used by a player who does not control the card (who pays its costs, 606.1d); so may
    any ability of an opponent's card for a player whose card says "You may use abilities on your
    opponent's cards" (``billionaire``)."""
    act = S.activated(S.script_of(card), ability) if card.script else None
    if act is not None and any(isinstance(op, OP["can"]) and op.can == "both_may_use" for op in act.cost or []):
        return True
    return act is not None and state is not None and player is not None and billionaire(state, player, card)


def billionaire(state: Any, player: str, card: Any) -> bool:
    """"You may use abilities on your opponent's cards" (a card ``player`` controls, 101.1)."""
    return card.controller != player and any(
        other.controller == player and other.script and _says(other, "use_opponents_abilities") and not _blank(state, cid)
        for cid, other in state.cards.items())


def acting_as(ctx: "SpoilsContext", player: str, card: Any, ability: str) -> str:
    """Who an ability's costs and effect are for: its user, or, used on an opponent's card by the leave of
    "Any additional costs must be satisfied as though your opponent is using the ability. The ability's effect
    happens as if your opponent used it.", that card's controller (the user still pays the numeric cost)."""
    act = S.activated(S.script_of(card), ability) if card.script else None
    both = act is not None and any(isinstance(op, OP["can"]) and op.can == "both_may_use" for op in act.cost or [])
    if both or not billionaire(ctx.work, player, card):
        return player
    ctx.note("spoils.101.1", f"{player} uses {ability} of {card.name} ({card.controller}'s): {player} pays its numeric "
                             f"cost; its other costs and its effect are {card.controller}'s")
    return card.controller


@handles_can("both_may_use")
def _both_may_use(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    ctx.note("spoils.606.1a", f"{env.source}: both players may use this ability ({env.controller} uses it)")


def _only_if_you_own(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"Use this only if you own this card." (401.3a): its owner, whoever controls it now."""
    if op.only != "you_own_self":
        _MECHANICS._only(ctx, op, env)
        return
    card = ctx.work.cards.get(env.card or "")
    owner = card.owner if card is not None else None
    ctx.require(owner == env.controller, "spoils.401.3a", f"{env.source}: {op.words()} ({owner} owns it, not "
                f"{env.controller})", f"{env.source}: {env.controller} owns it")


# --------------------------------------------------------------------------------- everything unique


