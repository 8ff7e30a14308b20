"""Cards moved between a player's hand and deck in numbers the player chooses (round 4, hands):
"Put any number of cards from your hand on the bottom of your deck", "Put the top X cards of your deck
into your hand, where X is the number of cards you put on the bottom plus 1".

The cards from the hand are those the action names (``choices.put``, checked against the hand the judge
knows, spoils.engine.hidden-choice); the cards taken from the top of a deck are counted (their names are
hidden: a deck's order is not recorded, 403.1a).  Registered into ``scripted.RUN`` by ``scripted_hands``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from adjudicator.effects import dump, parse_effects
from adjudicator.effects import flow as F
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.evolve.projection import opponents
from adjudicator.spoils.ops import (
    battle_references as _BATTLE_REFERENCES,  # the handler(s) this module's handlers extend
)
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import zones_decks as _ZONES_DECKS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.ops.players import _as_theirs, _their_choices
from adjudicator.spoils.ops.split_cards import opponent_searches, their_search
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.rules import asked as ASKED
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text.scripts import OP


def judge(node: Any) -> bool | None:
    if isinstance(node, OP["put"]) and (chosen_from_hand(node.put) or counted_from_hand(node.put) or top_x(node.put)) \
            and node.to in SCC.TO_DECK:
        return False  # _put_chosen: the cards choices.put names; X cards of a hand; the top X (Y) of a deck
    if isinstance(node, OP["do_the_same"]):
        return False  # _may_who: the last "you may", done by the opponent
    if isinstance(node, F.TheyChoose):
        return False  # _they_choose: the option of the player whose turn starts, each part as its player's
    if isinstance(node, F.Or) and all(isinstance(o, (O.Draw, O.PlayResource)) for o in node.or_):
        return False  # scripted_costs_or: each player's option (choices.option, choices.their.option)
    return None


CHOSEN_NUMBER = ("any_number", "up_to")
"""A number of cards from the hand the player chooses (0 is one)."""


def chosen_from_hand(ref: Any) -> bool:
    return isinstance(ref, Ph.Cards) and ref.zone == "hand" and ref.quantity in CHOSEN_NUMBER and not ref.adjectives


def counted_from_hand(ref: Any) -> bool:
    """"X cards from your hand", "2 cards from their hand": a number of cards of the hand the player chooses."""
    return isinstance(ref, Ph.Cards) and ref.zone == "hand" and not ref.adjectives and (
        ref.quantity == "bare" and (isinstance(ref.count, int) or ref.count in ("X", "Y"))
        or isinstance(ref.quantity, int) and ref.count is None)


def top_x(ref: Any) -> bool:
    """"the top X cards of your deck", "the top Y cards ..." (X or Y as the script set it)."""
    return isinstance(ref, Ph.Cards) and ref.zone == "deck" and ref.quantity == "the_top" and ref.count in ("X", "Y")


def _letter(ref: Any, env: Env) -> int:
    """How many cards: a number printed, or X or Y as the script set it."""
    if ref.count is None and isinstance(ref.quantity, int):
        return ref.quantity
    return ref.count if isinstance(ref.count, int) else (env.y if ref.count == "Y" else env.x) or 0


@handles(OP["put"])
def _put_chosen(ctx: SpoilsContext, op: Any, env: Env) -> None:
    ref, to = op.put, SCC.TO_DECK.get(op.to)
    if to is not None and chosen_from_hand(ref):
        _from_hand(ctx, op, env, to)
    elif to is not None and counted_from_hand(ref):
        _counted_from_hand(ctx, op, env, to)
    elif to is not None and top_x(ref):
        _ZONES_DECKS._put_cards(ctx, op.model_copy(update={"put": ref.model_copy(update={"count": _letter(ref, env)})}),
                                env)
    else:
        _ZONES_DECKS._put_cards(ctx, op, env)


def _counted_from_hand(ctx: SpoilsContext, op: Any, env: Env, to: str) -> None:
    """"Put X cards from your hand on the bottom of your deck in any order, or your entire hand if you have less
    than X cards in it": X (as the script set it) of the player's hand, all of it when it holds fewer (402.5); the
    cards the action names (``choices.put``, or ``choices.bottom`` for the bottom of the deck), in the order named,
    checked as they are put: as many as that, each in the hand the judge knows."""
    ref = op.put
    player = _ZONE_READS.owner_of(ctx, ref.zone_owner, env)
    want, size = _letter(ref, env), ctx.work.players[player].hand
    n = min(want, size)
    said = SCC.names(env.choices.get("put")) or (SCC.names(env.choices.get("bottom")) if to == "deck_bottom" else [])
    if not ctx.require(not said or len(said) == n, _ZONE_READS.HIDDEN, f"{env.source}: {player} puts {n} card(s) "
                       f"from their hand: {len(said)} named (choices.put)", "", blocking=True):
        return
    found = _in_hand(ctx, env, said, player, None)
    if found is None:
        return
    env.did = n > 0
    whole = f" (their entire hand: fewer than {want})" if n < want and op.or_all_if_fewer else ""
    ctx.note("spoils.402.5" if n < want else "spoils.402.1",
             f"{env.source}: {player} puts {n} card(s) from their hand {op.to.replace('_', ' ')}{whole}"
             + (" in the order named" if op.any_order and found else ""))
    SCC._move(ctx, env, player, "hand", to, found, n, _ZONE_READS.HIDDEN)


def _in_hand(ctx: SpoilsContext, env: Env, said: list[str], player: str, ref: Any) -> list[str] | None:
    """The cards ``choices.put`` names found in ``player``'s hand (of the kind ``ref`` says, if any); None, the
    action refused, when one of them is not there."""
    found = _ZONE_READS.checked(ctx, env, said, player, "hand", ref, "put on the deck")
    if not ctx.require(len(found) == len(said), _ZONE_READS.HIDDEN, f"{env.source}: {', '.join(said)}: not all in "
                       f"{player}'s hand", "", blocking=True):
        return None
    return found


def _from_hand(ctx: SpoilsContext, op: Any, env: Env, to: str) -> None:
    """"Put any number of cards (up to N cards) from your hand on the bottom of your deck": each card
    ``choices.put`` names, as many as the text allows and the hand holds."""
    ref = op.put
    player = _ZONE_READS.owner_of(ctx, ref.zone_owner, env)
    high = min(ctx.work.players[player].hand, ref.count if ref.quantity == "up_to" and isinstance(ref.count, int) else 10**6)
    said = SCC.names(env.choices.get("put"))
    if not ctx.require(len(said) <= high, _ZONE_READS.HIDDEN, f"{env.source}: {len(said)} card(s) named in choices.put; "
                       f"{player} may put at most {high}", "", blocking=True):
        return
    found = _in_hand(ctx, env, said, player, ref)
    if found is None:
        return
    env.did = bool(found)
    ctx.note("spoils.402.1", f"{env.source}: {player} puts {len(found)} card(s) from their hand {op.to.replace('_', ' ')}"
                             + (" in the order named" if getattr(op, "any_order", False) and found else ""))
    SCC._move(ctx, env, player, "hand", to, found, len(found), _ZONE_READS.HIDDEN)


# --------------------------------------------------------------------------------- "that player chooses one of the following"

OTHER_PLAYER = ("their_opponent",)
""""... and their opponent may play a resource": the other player of the one doing the rest."""


@handles(F.TheyChoose)
def _they_choose(ctx: SpoilsContext, op: F.TheyChoose, env: Env) -> None:
    """"At the start of each player's turn, that player chooses one of the following: OPTION 1 ...":
    the player whose turn starts (602.1) chooses; the action resolving it records the option
    (``choices.option``) and that player's other choices as plain keys, the other player's in
    ``choices.their`` (503.1)."""
    chooser = ctx.work.active_player or env.controller
    said, n = env.choices.get("option"), len(op.they_choose)
    if not ctx.require(isinstance(said, int) and 1 <= said <= n, "spoils.503.1",
                       f"{env.source}: {chooser} chooses one of its {n} options (choices.option; {said!r} given)",
                       f"{env.source}: {chooser} chooses OPTION {said}", blocking=True):
        return
    sub = replace(env, controller=chooser, that_player=chooser, rest=[])  # "OPTION 1: That player may ..."
    SC.do_all(ctx, list(op.they_choose[said - 1]), sub)


@handles(OP["may"])
def _may_who(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"That player may ...", "their opponent may ...", "your opponent may do the same": the "may" of that
    player (``choices.may``) or of the other one (``choices.their.may``), who then does it as their own
    (yes by default, 402.1); "the same" is what the last "you may" offered (its own choices again in
    ``choices.their``)."""
    if opponent_searches(op):
        their_search(ctx, op, env)
        return
    if op.who == "that_player" and env.that_player is None:  # nobody named before it (text.that_player)
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\": no player is named before it: "
                                               f"the judge resolves it")
        env.did = False
        return
    if op.who == "that_player" and env.that_player != env.controller:
        _as_that_player(ctx, op, env)
        return
    same = all(isinstance(o, OP["do_the_same"]) for o in op.may)
    if op.who == "opponent" and not same:  # "Your opponent may draw a card.": the opponent does it (the "may"
        for them in opponents(ctx.work, env.controller):  # where the action records it, as before)
            drawn = dict(env.choices.get("their") or {}).get("drawn", [])
            given = dict(env.choices.get("their") or {}).get("may", env.choices.get("may"))
            said = ASKED.may(ctx, them, f"may: {op.words()}", given, f"whether {them} does: {op.words()}")
            if said is None:  # asked of them (spoils.engine.own-choices)
                env.halted = True
                return
            sub = replace(env, controller=them, choices={**env.choices, "drawn": drawn, "may": said}, rest=[])
            _BATTLE_REFERENCES._may_naming(ctx, op, sub)
            env.did = sub.did  # "If they don't, ..."
        return
    if not (getattr(op, "who", None) in OTHER_PLAYER or same):
        if op.who == "you":
            env.same = list(op.may)  # what "your opponent may do the same" repeats
        _BATTLE_REFERENCES._may_naming(ctx, op, env)
        return
    ops = list(getattr(env, "same", None) or []) if same else list(op.may)
    if same and not ops:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\": nothing before it to do the same")
        return
    for them in opponents(ctx.work, env.controller):
        sub = replace(env, controller=them, card=None, choices=_their_choices(env.choices), rest=[])
        _BATTLE_REFERENCES._may_naming(ctx, op.model_copy(update={"who": "you", "may": ops}), sub)
    env.did = True


def _as_that_player(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If a player draws any number of cards, that player may ...": the player the trigger's event happened to
    (``Env.that_player``, 503.1) decides (``choices.may``, yes by default) and does it as their own ("their deck"
    is theirs); what they did ("If they do, ...", the cards they looked at or picked) stays with the effect."""
    ops = parse_effects(_as_theirs(dump(list(op.may))), "spoils", field="may")
    was, env.controller = env.controller, str(env.that_player)
    try:
        _BATTLE_REFERENCES._may_naming(ctx, op.model_copy(update={"who": "you", "may": ops}), env)
    finally:
        env.controller = was


# --------------------------------------------------------------------------------- "up to N"


def _up_to(ctx: SpoilsContext, env: Env, high: int, what: str) -> int:
    """How many of "up to N" the player takes: ``choices.up_to`` (N when not said)."""
    said = env.choices.get("up_to", high)
    ok = isinstance(said, int) and 0 <= said <= high
    ctx.require(ok, "spoils.402.1", f"{env.source}: {env.controller} {what} up to {high} (choices.up_to; {said!r} given)",
                f"{env.source}: {env.controller} {what} {said} (up to {high})", blocking=True)
    return said if ok else 0


@handles(O.Draw)
def _draw_up_to(ctx: SpoilsContext, op: O.Draw, env: Env) -> None:
    """"Draw up to 2 cards": as many as the player says (306.1)."""
    if not getattr(op, "up_to", False) or not isinstance(op.draw, int):
        _SCRIPTED._draw(ctx, op, env)
        return
    n = _up_to(ctx, env, op.draw, "draws")
    if n:
        _SCRIPTED._draw(ctx, op.model_copy(update={"draw": n, "up_to": False}), env)


@handles(O.PlayResource)
def _play_resources(ctx: SpoilsContext, op: O.PlayResource, env: Env) -> None:
    """"Play up to 2 resources" (605): each resource ``choices.resources`` gives (a list of the documents
    ``choices.resource`` takes), no more than the text allows; without that list, one resource as "play a
    resource" plays it."""
    if not op.up_to or not isinstance(op.play_resource, int) or "resources" not in env.choices:
        _SCRIPTED._engine_op(ctx, op, env)  # without the list: one resource, as "play a resource" plays it (choices.resource)
        return
    said = list(env.choices.get("resources") or [])
    if not ctx.require(len(said) <= op.play_resource, "spoils.605.1", f"{env.source}: {env.controller} plays up to "
                       f"{op.play_resource} resources ({len(said)} given in choices.resources)", "", blocking=True):
        return
    ctx.note("spoils.605.1", f"{env.source}: {env.controller} plays {len(said)} resource(s) (up to {op.play_resource})")
    for doc in said:
        _SCRIPTED._engine_op(ctx, op, replace(env, choices={**env.choices, "resource": doc}))


__all__ = ["chosen_from_hand", "top_x", "put_on_bottom_plus_one"]
