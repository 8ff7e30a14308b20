"""Scripted cards acting on cards out of play: a deck searched (312), the top of a deck revealed or
looked at, a hand looked at, a card type chosen, cards put into a hand, on top of or under a deck, into play from a
discard pile, a deck or a hand; the next numeric cost reduced; resources detached.

Hidden information is the action's to say (spoils.engine.hidden-choice): ``choices.revealed`` (the
card(s) revealed on top of a deck), ``choices.card_type``, ``choices.chosen`` (the card(s) chosen
in a hand looked at), ``choices.looked`` and ``choices.deck`` (the cards looked at, in which deck),
``choices.order`` (the order they go back in), ``choices.put`` (the card(s) from the hand put on the
deck), ``choices.milled`` (the top cards of a deck put into a discard pile), ``choices.detached`` (resource ids).  The engine checks each against what it knows (the card
fits the text; it is in the zone when the judge recorded the whole zone) and records it in the log
(``CardsRevealed``, ``CardsMoved``) either way.  Each handler registers into ``scripted.RUN``.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules import at_random as AR
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules.context import SpoilsContext, as_list
from adjudicator.spoils.rules.references import PRONOUNS, amount, chosen, how_many, same_type
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.rules.zone_reads import HIDDEN, checked, fits_with, owner_of, zone_size

CARD_TYPES = ("character", "item", "location", "tactic", "resource")
TO_DECK = {"deck_top": "deck_top", "the_top_of_deck": "deck_top", "deck_bottom": "deck_bottom",
           "bottom": "deck_bottom", "hand": "hand", "discard": "discard"}
"""Where a "put" sends cards out of play (``CardsMoved.to``)."""


def names(value: Any) -> list[str]:
    """A choice naming one card or several."""
    return [str(v) for v in as_list(value) if v not in (None, "")]


def hold(env: Env, found: list[str], player: str, zone: str) -> None:
    """The cards out of play the next sentences call "it"/"them"."""
    env.found, env.searched, env.zone = found, player, zone


# --------------------------------------------------------------------------------- costs

@handles(OP["reduce_next_cost"])
def _reduce_next_cost(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """406.5a: a reduction waiting for the next numeric cost its controller pays this turn
    (``consequences.pay`` uses it up)."""
    n = amount(ctx, op.reduce_next_cost, env)
    ctx.emit(E.EffectStarted(effect={"reduce_next_cost": n, "of": op.of}, source=env.source,
                             controller=env.controller, until="turn"))
    ctx.note("spoils.406.5a", f"{env.source}: the next numeric cost {env.controller} pays this turn is reduced by {n}")


@handles(OP["detach"])
def _detach(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """Resources attached to pay (309.1) detached again; ``choices.detached`` names them (by
    default as many as the text allows, in order)."""
    res = ctx.work.players[env.controller].resources
    attached = [rid for rid, r in res.items() if r.attached]
    n = len(attached) if op.detach == "all" else amount(ctx, op.detach, env) if op.detach != "it" else 0
    said = [r for r in names(env.choices.get("detached")) if r in attached]
    ids = (said if "detached" in env.choices else attached)[:n]
    if op.detach == "it":
        ids = [r for r in env.it if r in attached]
    if ids:
        ctx.emit(E.ResourcesDetached(player=env.controller, resources=ids, source=env.source))
    ctx.note("spoils.309.1", f"{env.source}: {env.controller} detaches {len(ids)} resource(s) from the faction "
                             f"({', '.join(ids) or 'none attached'})")


@handles(OP["adjust_amount"])
def _adjust_amount(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If damage is inflicted to the character this turn, reduce the amount by 1." (an ability's
    effect): a damage modifier of the picked card until the end of the turn (408.2)."""
    by = S.TO_ZERO if op.to else op.adjust_amount
    for cid in [c for c in env.it if c in ctx.work.cards]:
        ctx.emit(E.EffectStarted(effect={"modify": {"parameter": "damage", "by": by}, "applies_to": {"id": cid}},
                                 source=env.source, controller=env.controller, until="turn"))
        ctx.note("spoils.408.2", f"{env.source}: damage to {ctx.work.cards[cid].name} this turn "
                                 f"{'is reduced to 0' if op.to else f'changes by {by:+d}'}")


# --------------------------------------------------------------------------------- hidden information


# --------------------------------------------------------------------------------- moving cards

def _put(ctx: SpoilsContext, op: Any, env: Env) -> None:
    to = TO_DECK.get(op.to)
    ref = op.put
    if to is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is the judge's to apply")
        return
    if isinstance(ref, Ph.Cards) and ref.zone == "hand":
        _from_hand(ctx, op, env, to)
    elif isinstance(ref, Ph.Cards) and ref.quantity == "the_top" and ref.zone == "deck":
        player = owner_of(ctx, ref.zone_owner, env)
        deck = ctx.work.players[player].deck
        n = min(ref.count if isinstance(ref.count, int) else 1, 10**6 if deck is None else deck)  # "the top 2 cards"
        top = env.found[:n] if env.searched == player and env.zone == "deck" else \
            _milled(ctx, env, player, n, to) or _taken(ctx, env, player, n, to)
        _move(ctx, env, player, "deck", to, top, n, "spoils.306.1")
    elif isinstance(ref, Ph.Cards) and "random" in ref.adjectives and ref.zone in AR.OUT_OF_PLAY:
        AR.cards_drawn(ctx, ref, env)  # "put a random card from your discard pile into your hand"
        _move_found(ctx, op, env, to)
    elif env.found and (ref in PRONOUNS or isinstance(ref, Ph.Cards)):
        _move_found(ctx, op, env, to)
    else:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\": no card to move (402.5)")


def _move_found(ctx: SpoilsContext, op: Any, env: Env, to: str) -> None:
    player = env.searched or env.controller
    if env.zone is None and to in ("hand", "discard"):  # found by a search (312.1)
        ctx.emit(E.CardsSearched(player=player, cards=env.found, to=to, revealed=env.revealed, source=env.source))
    else:
        zone = env.zone or "deck"
        _move(ctx, env, player, zone, to, env.found, len(env.found), "spoils.312.1" if env.zone is None else HIDDEN)
    env.found = []


def _from_hand(ctx: SpoilsContext, op: Any, env: Env, to: str) -> None:
    """"Put a card from your hand on the bottom of your deck": ``choices.put`` names it."""
    player = owner_of(ctx, op.put.zone_owner, env)
    size = ctx.work.players[player].hand
    n = min(size, op.put.count if isinstance(op.put.count, int) else 1)
    env.did = n > 0
    if not n:
        ctx.note("spoils.402.5", f"{env.source}: {player} has no card in hand to put on the deck")
        return
    said = names(env.choices.get("put"))[:n]
    found = checked(ctx, env, said, player, "hand", op.put, "put on the deck")
    _move(ctx, env, player, "hand", to, found, n, HIDDEN)


MILLED = "milled"
"""The choices key naming the top cards of a deck put into a discard pile (hidden until they land there, a
public zone: the action records them, spoils.engine.hidden-choice; unnamed, they are only counted)."""


def _taken(ctx: SpoilsContext, env: Env, player: str, n: int, to: str) -> list[str]:
    """"Put the top Y cards of your deck into your hand": the cards ``choices.drawn`` names (as a draw names
    them), checked against the deck when the judge knows all of it: as many as are taken (unnamed: counted)."""
    said = names(env.choices.get("drawn")) if to == "hand" else []
    if not said:
        return []
    found = checked(ctx, env, said, player, "deck", None, "taken into the hand")
    ctx.require(len(found) == len(said) == n, HIDDEN, f"{env.source}: the top {n} card(s) of {player}'s deck go to "
                f"their hand: name them all (choices.drawn; {', '.join(said)} named)", "", blocking=True)
    return found


def _milled(ctx: SpoilsContext, env: Env, player: str, n: int, to: str) -> list[str]:
    """"Put the top 2 cards of your opponent's deck into their discard pile": the cards ``choices.milled``
    names, checked against the deck when the judge knows all of it, go to the pile by name (403.5)."""
    if to != "discard" or MILLED not in env.choices:
        return []
    said = names(env.choices.get(MILLED))
    found = checked(ctx, env, said, player, "deck", None, "put into the discard pile")
    ctx.require(len(found) == len(said) == n, HIDDEN, f"{env.source}: the top {n} card(s) of {player}'s deck go to "
                f"the discard pile: name them all (choices.{MILLED}; {', '.join(said) or 'none'} named, "
                f"{len(found)} of them can be in that deck)", "", blocking=True)
    return found


def _move(ctx: SpoilsContext, env: Env, player: str, zone: str, to: str, cards: list[str], count: int,
          rule: str) -> None:
    if count <= 0:
        return
    ctx.emit(E.CardsMoved(player=player, count=count, cards=cards, from_zone=zone, to=to, source=env.source, rule=rule))


def picked_out_of_play(ctx: SpoilsContext, ref: Any, env: Env) -> list[str]:
    """"The character", "that character", "the other cards": the names the last pick took out of
    play (in a discard pile, by a cost); [] when that pick named cards in play or factions."""
    if not (isinstance(ref, Ph.Cards) and ref.quantity in ("the", "that") and ref.zone is None):
        return []
    group = next((g for g in reversed(env.picks) if g), [])
    return [] if any(c in ctx.work.cards or c.startswith("faction:") for c in group) else list(group)


def discard_holding(ctx: SpoilsContext, names: list[str], env: Env) -> str:
    """The player whose discard pile holds the cards named (an opponent's first), else the controller."""
    for p in [*ctx.players_ref("opponent", env.controller), env.controller]:
        left = list(ctx.work.players[p].discard)
        if all(n in left and not left.remove(n) for n in names):
            return p
    return env.controller


def _shuffle_into_deck(ctx: SpoilsContext, op: O.ShuffleIntoDeck, env: Env) -> None:
    """"Pick X other cards in your discard pile. EFFECT: Shuffle the other cards into your deck." (313.2):
    the cards picked in the discard pile go into the deck, which is shuffled (313.1); those no longer
    there stay out of it (402.5).  Cards in play leave play as ``scripted`` makes them."""
    ref = op.shuffle_into_deck
    group = picked_out_of_play(ctx, ref, env)
    if not group:
        _SCRIPTED._leave(ctx, op, env)
        return
    player = env.controller if op.into_yours else env.searched or env.controller
    left = list(ctx.work.players[player].discard)
    there = [n for n in group if n in left and not left.remove(n)]
    _move(ctx, env, player, "discard", "deck_bottom", there, len(there), "spoils.313.2")
    shuffled(ctx, f"{env.source}: {', '.join(there) or 'no card'} from {player}'s discard pile shuffled into the deck"
             + (f"; {', '.join(n for n in group if n not in there)} no longer there (402.5)" if len(there) < len(group)
                else ""), there)


def shuffled(ctx: SpoilsContext, said: str, added: list[str]) -> None:
    """313.1: a deck cards went into is shuffled; 313.2: with no card added, it is not shuffled."""
    if added:
        ctx.note("spoils.313.1", said)
    else:
        ctx.note("spoils.313.2", f"{said}: no card was added, so the deck is not shuffled")


def _of_kind(ctx: SpoilsContext, what: Any, env: Env) -> list[str]:
    """The cards found or revealed that are what the text puts into play ("all revealed characters and
    items"); those leave the cards looked at, the others stay "the remaining cards"."""
    cards = [n for n in env.found if not isinstance(what, Ph.Cards)
             or (spec := ctx.lookup(n)) is not None and fits_with(spec, what)]
    looked = list(getattr(env, "looked", None) or [])
    if looked:
        gone = [name for name in cards if name in looked]  # (a card chosen before left them already)
        for name in gone:
            looked.remove(name)
        env.looked, env.looked_n = looked, max(0, getattr(env, "looked_n", len(looked)) - len(gone))
    return cards


def _put_into_play(ctx: SpoilsContext, op: O.PutIntoPlay, env: Env) -> None:
    """402.8: cards put into play from a discard pile, a deck or a hand (named as found, picked or
    chosen), under the player the text says; "put this card into play" from its owner's discard pile."""
    what = op.put_into_play
    if what in ("self", "itself") or (what == "it" and not env.found and env.card not in ctx.work.cards):
        cards, player, zone = [env.source], _self_owner(ctx, env), "discard"
    elif env.found and (what in PRONOUNS or isinstance(what, Ph.Cards)):
        cards, player, zone = _of_kind(ctx, what, env), env.searched or env.controller, env.zone or "deck"
        if env.zone is None:
            ctx.note("spoils.312.1", f"{env.source}: {player}'s deck is shuffled after the search")
    elif isinstance(what, Ph.Cards) and what.discarded_this_way:  # "Put any items discarded this way into play"
        player = next((p for p, _ in env.discarded), env.controller)
        fits = what.model_copy(update={"discarded_this_way": False})
        cards = [n for n in checked(ctx, env, [n for p, n in env.discarded if p == player], player, "discard", fits,
                                    "put into play") if n in ctx.work.players[player].discard]
        zone = "discard"
    elif isinstance(what, Ph.Cards) and what.zone in ("discard", "hand"):
        # "Put up to 4 non-tactic cards in your opponent's discard pile into play": named in targets (310.1)
        cards = chosen(ctx, what, env)
        player, zone = env.searched or owner_of(ctx, what.zone_owner, env), what.zone
    else:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\": no card out of play to put (402.5)")
        return
    under = {"owner": player, "opponent": next(iter(ctx.players_ref("opponent", env.controller)), env.controller)}.get(
        op.under or "you", env.controller)
    entered: list[str] = []
    resources: list[str] = []
    for name in cards:
        spec = ctx.lookup(name)
        if spec is None or (zone == "discard" and name not in ctx.work.players[player].discard):
            ctx.note("spoils.402.5", f"{env.source}: {name} is no longer in {player}'s {zone}: it stays there")
            continue
        if op.as_resource and zone == "hand":
            C.face_down_resource(ctx, under, name, "hand", env.source)
            continue
        _move(ctx, env, player, zone, "play", [name], 1, "spoils.402.8")
        if op.as_resource:
            C.face_down_resource(ctx, under, name, "moved", env.source)
            continue
        if spec.type == "resource":  # a resource card put into play is a resource of its controller's (605)
            resources.append(ctx.new_id("r"))
            ctx.emit(E.ResourcePlayed(player=under, resource_id=resources[-1], name=name, face_up=True,
                                      icons=spec.provides or "", rule="spoils.402.8", from_zone="moved"))
            continue
        cid = ctx.new_id("c")
        C.enter_play(ctx, cid, spec, under, player, how="put_into_play", rule="spoils.402.8",
                     attach_to=_host(ctx, spec, env))
        if cid in ctx.work.cards:
            entered.append(cid)
    _join_battle(ctx, op, entered)
    if entered or resources:  # (a card put into play by itself leaves the revealed ones to what follows)
        env.it, env.found = entered + resources, env.found if what in ("self", "itself") else []
        if op.depleted and entered:
            ctx.emit(E.CardsDepleted(cards=entered, rule="spoils.303.1"))


def _host(ctx: SpoilsContext, spec: Any, env: Env) -> str | None:
    """507.2b: an attachment put into play by a text naming no target: the card it attaches to is chosen
    as it enters play (``choices.attach_to``, else the next of the action's targets); a card that is not
    of the type it attaches to is refused.  None chosen: 507.2c (``consequences.enter_play``)."""
    if not spec.attach_to:
        return None
    said = env.choices.get("attach_to") or (env.queue.pop(0) if env.queue else None)
    if said is None:
        return None
    host = ctx.work.cards.get(str(said))
    ctx.require(host is not None and host.type == spec.attach_to.lower(), "spoils.507.2b",
                f"{spec.name} attaches to a {spec.attach_to.lower()} in play: {said!r} is not one", "", blocking=True)
    ctx.note("spoils.507.2b", f"{spec.name} enters play attached to {host.name if host else said}")
    return str(said)


def _self_owner(ctx: SpoilsContext, env: Env) -> str:
    """Who owns the card whose trigger runs once it has left play (its discard pile holds it)."""
    for p in ctx.work.seating:
        if env.source in ctx.work.players[p].discard:
            return p
    return env.controller


def _join_battle(ctx: SpoilsContext, op: O.PutIntoPlay, entered: list[str]) -> None:
    b = ctx.work.battle
    if b is None or not (op.as_attacker or op.as_blocker):
        return
    for cid in entered:
        ctx.emit(E.AddedToBattle(card_id=cid, party="attacking" if op.as_attacker else "blocking",
                                 rule="spoils.608.1c"))


# --------------------------------------------------------------------------------- conditions

def _search(ctx: SpoilsContext, op: OP["search"], env: Env) -> None:
    """312: the cards found are the ones the action names (``choices.found``), checked against what
    the text looks for and, when the judge knows the whole deck, against its cards."""
    s = ctx.work
    owner = env.controller if op.deck == "you" else next(iter(ctx.players_ref("opponent", env.controller)), env.controller)
    said = env.choices.get("found")
    names = [said] if isinstance(said, str) else [str(n) for n in said or []]
    deck = s.players[owner]
    whole = deck.deck is not None and len(deck.deck_cards) >= deck.deck
    left = list(deck.deck_cards)
    found: list[str] = []
    want = same_type(ctx, op.search, env)  # "a card of the same type as the removed card"
    for name in names[:how_many(op.search, env)[1]]:
        spec = ctx.lookup(name)
        if spec is None:  # a deck set up hidden holds only the cards the game's pool knows
            ctx.note("spoils.engine.script-judge", f"{env.source}: {name} is not a card of this game's pool (name "
                                                   f"it in {owner}'s deck or the setup's card_pool): it is not taken")
            continue
        if not fits_with(spec, op.search, env.x) or (whole and name not in left) or (
                want is not None and spec.type != want):
            ctx.note("spoils.engine.script-judge", f"{env.source}: {name} is not {op.search.words()} in "
                                                   f"{owner}'s deck: it is not taken")
            continue
        if whole:
            left.remove(name)
        found.append(name)
    revealed = op.and_reveal or op.then == "reveal_and_hand"
    env.found, env.searched, env.revealed, env.zone = found, owner, revealed, None
    ctx.note("spoils.312.1", f"{env.source}: {owner} searches the deck for {op.search.words()}, finds "
                             f"{', '.join(found) or 'nothing'}{' (revealed)' if revealed and found else ''}; "
                             f"the deck is shuffled")
    if op.then == "reveal_and_hand" and found:  # "..., reveal it, and put it into your hand" (312.1)
        _move_found(ctx, op, env, "hand")


__all__ = ["holds", "names", "CARD_TYPES"]
