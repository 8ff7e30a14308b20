"""Scripted cards that play cards as their effect resolves ("You may play an item for free.", "Play up
to 4 non-tactic cards for free.", "You may play the card." of a card picked in a discard pile, revealed
on top of a deck, found by a search or revealed among the face-down resources), and the face-down
resources a cost reveals ("COST: Reveal a face-down item you control.").

A card played by an effect is played by the steps of 604.1 (604.2), only the effect says when: it is
chosen, its threshold must be met (604.1b, 308.1a), its extra costs satisfied, and it waits for the
opponent's responses before it resolves; "for free" makes its numeric cost 0 (308.1).  Only a
non-resource card is played this way (604.2, 605.2).

Which cards are played is the player's choice, carried by the action's choices:
``choices.free_plays`` (also read as ``choices.plays``): a list, each entry a card name or a document
``{"card": name, "attach_to": id, "targets": [...], "choices": {...}, "id": ...}`` for the played
card's own choices (its ATTACH target, the picks of its extra costs).  A text that plays a card it
already holds ("the item", "it", "that card") plays that card when the "you may" is taken (an entry
may still give its own choices).  Each card is checked as the effect resolves: known to the pool, a
card the text describes (its type, "numeric cost X or less"), in the zone it is played from, then
played on a copy of the position first; a card that cannot be played then is not played, and the
trace says why (402.5: the rest of the effect still happens).  A "reveal a face-down ... you control"
cost takes the resource id from the action's ``targets`` (its name from the resource, or
``choices.revealed`` when the position does not record it).
"""
from __future__ import annotations

import re
from typing import Any

from adjudicator.core import InvalidAction
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils import consequences as C
from adjudicator.spoils import scripted_cards as SCC
from adjudicator.spoils import scripts as S
from adjudicator.spoils.context import SpoilsContext, as_list
from adjudicator.spoils.references import PRONOUNS, Env, _stat, how_many
from adjudicator.spoils.scripted import BRANCHES, RUN, do_all, handles
from adjudicator.spoils.scripts import OP
from adjudicator.spoils.state import CardSpec
from events.models import spoils as E

PLAYS = ("free_plays", "plays")
"""The choices keys naming the cards an effect plays (the first one given is read)."""
REVEALED_RESOURCE = "revealed_resource"
"""Where a play's cost records the face-down resource it revealed (its id), for the effect to play it."""
BOUND = re.compile(r"numeric cost (\d+|X) or (less|more)")


def entries(env: Env) -> list[dict[str, Any]]:
    """The cards the action says the effect plays, as documents ``{"card": name, ...}``."""
    said = next((env.choices[k] for k in PLAYS if k in env.choices), None)
    out: list[dict[str, Any]] = []
    for value in as_list(said):
        if isinstance(value, dict) and value.get("card"):
            out.append(dict(value))
        elif isinstance(value, str) and value:
            out.append({"card": value})
    return out


def fits(spec: CardSpec, ref: Any, env: Env) -> bool:
    """Whether a card out of play is one the text describes: its kind ("character card" is a
    character), subtype and name, and a printed bound "with numeric cost X or less"."""
    if not isinstance(ref, Ph.Cards):
        return True
    kinds = [k[:-5] if k.endswith(" card") and k not in ("non-tactic card", "non-resource card") else k
             for k in S._kinds(ref)]
    if not S.spec_fits(spec, ref.model_copy(update={"cards": kinds if len(kinds) > 1 else kinds[0]})):
        return False
    m = BOUND.fullmatch(ref.with_ or "")
    if m is None:
        return True
    n = (env.x or 0) if m.group(1) == "X" else int(m.group(1))
    return (spec.cost or 0) <= n if m.group(2) == "less" else (spec.cost or 0) >= n


# --------------------------------------------------------------------------------- playing cards

@handles(OP["play_card"])
def _play_card(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"(You may) play ... (for free)": each card the text holds or the action names, played now
    (604.2); ``env.did`` says whether one was (for "If you don't, ...")."""
    ref = op.play_card
    said = entries(env)
    held = _held(ref, env)
    if held is not None:
        zone, player = held
        wanted = [{**(said[0] if said else {}), "card": name} for name in env.found[:1]]
    else:
        zone, player = (ref.zone or "hand") if isinstance(ref, Ph.Cards) else "hand", env.controller
        low, high = how_many(ref, env) if isinstance(ref, Ph.Cards) else (1, 1)
        wanted = said[:high]
        if len(said) > high:
            ctx.note(SCC.HIDDEN, f"{env.source}: the text plays {high} card(s); "
                                 f"{', '.join(e['card'] for e in said[high:])} are not played")
    if not wanted:
        ctx.note("spoils.402.5", f"{env.source}: no card is played ({op.words()}; name them in choices.free_plays)")
    played = [e["card"] for e in wanted if _play_one(ctx, op, env, e, zone, player, held is not None)]
    env.did = bool(played)
    if played and held is not None:
        env.found = []


def _held(ref: Any, env: Env) -> tuple[str, str] | None:
    """The zone and owner of the card the text already holds ("it", "the item", "that card"); None
    when the text lets the player choose one."""
    holds = ref in PRONOUNS or (isinstance(ref, Ph.Cards) and ref.quantity in ("the", "that"))
    if not holds:
        return None
    return env.zone or "deck", env.searched or env.controller


def _play_one(ctx: SpoilsContext, op: Any, env: Env, entry: dict[str, Any], zone: str, player: str,
              held: bool) -> bool:
    name = str(entry["card"])
    spec = ctx.lookup(name)
    problem = _why_not(ctx, op, env, spec, name, zone, player, held)
    if problem:
        ctx.note(problem[0], f"{env.source}: {name} is not played: {problem[1]}")
        return False
    action = _action(env, entry, name, op.free)
    # A face-down resource revealed is turned face up and played as from its controller's hand: it no
    # longer pays (604.1c before 604.1d; as FLIP UP does, 507.4a).
    first = [E.CardFlippedUp(player=player, resource_id=str(env.choices.get(REVEALED_RESOURCE)), name=name,
                             rule="spoils.604.2")] if zone == "resource" else []
    where = "hand" if zone == "resource" else zone
    violations = _trial(ctx, action, env.source, where, first)
    if violations:
        for rule, message in violations:
            ctx.note(rule, f"{env.source}: {name} cannot be played now, so it is not (402.5): {message}")
        return False
    from adjudicator.spoils import plays as PL  # (plays imports scripted, which imports this module)

    ctx.note("spoils.604.2", f"{env.source}: {env.controller} plays {name} from {_zone_words(zone, player)}"
                             + (" for free: its numeric cost is 0, its threshold and extra costs still apply "
                                "(308.1, 308.1a)" if op.free else ", paying its costs (604.1d)"))
    ctx.emit(*first)
    PL.decide_play_card(ctx, action, during=env.source, zone=where)
    return True


def _why_not(ctx: SpoilsContext, op: Any, env: Env, spec: CardSpec | None, name: str, zone: str, player: str,
             held: bool) -> tuple[str, str] | None:
    """Why the named card cannot be the one the text plays (None: it can)."""
    if spec is None:
        return SCC.HIDDEN, "not a card of the game's pool"
    if spec.type == "resource":
        return "spoils.604.2", "an effect that plays a card plays a non-resource card (605.2)"
    if not fits(spec, op.play_card if isinstance(op.play_card, Ph.Cards) else None, env):
        return "spoils.604.2", f"it is not {op.play_card.words()}"
    if held or zone == "resource":
        return None
    p = ctx.work.players[player]
    if zone == "hand" and (p.hand <= 0 or (len(p.hand_cards) >= p.hand and name not in p.hand_cards)):
        return "spoils.604.1a", f"it is not in {player}'s hand"
    if zone == "discard" and name not in p.discard:
        return "spoils.604.1a", f"it is not in {player}'s discard pile"
    return None


def _action(env: Env, entry: dict[str, Any], name: str, free: bool) -> Any:
    from adjudicator.spoils import actions as A

    try:
        return A.PlayCard(type="play_card", player=env.controller, card=name, free=free,
                          id=entry.get("id"), attach_to=entry.get("attach_to"),
                          targets=list(entry.get("targets") or []), choices=dict(entry.get("choices") or {}))
    except Exception as exc:  # pydantic: a malformed entry
        raise InvalidAction(f"choices.free_plays: {name}: {exc}", [{"field": "choices.free_plays",
                                                                     "message": str(exc)}]) from None


def _trial(ctx: SpoilsContext, action: Any, source: str, zone: str, first: list[Any]) -> list[tuple[str, str]]:
    """The play made on a copy of the position (after the events ``first``): the rules it would
    break (none: it is legal)."""
    from adjudicator.spoils import plays as PL

    trial = SpoilsContext(ctx.work)
    trial.choices = ctx.choices
    trial.emit(*first)
    try:
        PL.decide_play_card(trial, action, during=source, zone=zone)
    except InvalidAction as exc:
        return [("spoils.604.1e", str(exc))]
    return [(v.rule, v.message) for v in trial.violations]


def _zone_words(zone: str, player: str) -> str:
    return {"hand": f"{player}'s hand", "deck": f"{player}'s deck", "discard": f"{player}'s discard pile",
            "resource": f"{player}'s face-down resources"}.get(zone, zone)


BRANCHES[OP["if_you_dont"]] = lambda env: not env.did
RUN[OP["if_you_dont"]] = RUN[OP["if_you_do"]]
"""'If you don't, put it into your hand.': the "you may" before it was not taken (or played nothing)."""


# --------------------------------------------------------------------------------- revealing

_deck_reveal = RUN[OP["reveal"]]


@handles(OP["reveal"])
def _reveal(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Reveal a face-down item you control." (a cost: the resource is the next of the action's
    targets); the other reveals as ``scripted_cards`` does them."""
    ref = op.reveal
    if isinstance(ref, Ph.Cards) and "face-down" in ref.adjectives:
        _reveal_face_down(ctx, ref, env)
        return
    if ref in ("them", "it") and env.found:
        _reveal_found(ctx, env)
        return
    _deck_reveal(ctx, op, env)
    if isinstance(ref, Ph.Cards) and ref.zone == "deck":
        _remember(ctx, ref, env)


def _reveal_found(ctx: SpoilsContext, env: Env) -> None:
    """"Search your deck for ... and reveal them.": the cards found are shown to both players."""
    env.revealed = True
    player = env.searched or env.controller
    ctx.emit(E.CardsRevealed(player=player, cards=list(env.found), zone=env.zone if env.zone in ("hand", "discard")
                             else "deck", source=env.source, rule="spoils.312.1"))


def _reveal_face_down(ctx: SpoilsContext, ref: Ph.Cards, env: Env) -> None:
    p = env.controller
    rid = str((as_list(env.queue.pop(0)) or [""])[0]) if env.queue else ""
    res = ctx.work.players[p].resources.get(rid)
    kind = ref.model_copy(update={"adjectives": [a for a in ref.adjectives if a != "face-down"], "controller": None})
    if not ctx.require(res is not None and not res.face_up, "spoils.401.2",
                       f"{env.source}: reveal {ref.words()} (give the id of a face-down resource {p} controls in "
                       f"targets; {rid or 'none'} given)", blocking=True):
        return
    name = res.name or next(iter(SCC.names(env.choices.get("revealed"))), None)
    spec = ctx.lookup(name) if name else None
    if not ctx.require(spec is not None and fits(spec, kind, env), "spoils.401.2",
                       f"{env.source}: the face-down resource {rid} ({name or 'unnamed: name it in choices.revealed'})"
                       f" is not {kind.words()}", f"{p} reveals the face-down resource {rid}: {name}", blocking=True):
        return
    env.found, env.searched, env.zone = [str(name)], p, "resource"
    env.choices[REVEALED_RESOURCE] = rid
    ctx.emit(E.CardsRevealed(player=p, cards=[str(name)], zone="resource", source=env.source, rule="spoils.401.3"))


_where = RUN.get(OP["x_where"])


@handles(OP["x_where"])
def _x_where(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"..., where X is half the numeric cost of the discarded card, rounded up.": the card this effect
    discarded (out of play: its printed cost, 406.1); other numbers as ``scripted_conditions`` reads them."""
    st = op.x_where
    if not (st.stat == "numeric_cost" and isinstance(st.of, Ph.Cards) and "discarded" in st.of.adjectives):
        if _where is not None:
            _where(ctx, op, env)
            return
        env.x = _stat(ctx, st, env)
    else:
        name = next((e.cards[-1] for e in reversed(ctx.events) if isinstance(e, E.CardsDiscarded) and e.cards), None)
        spec = ctx.lookup(name) if name else None
        n = (spec.cost or 0) if spec is not None else 0
        env.x = (n + 1) // 2 if st.half else n
        ctx.note("spoils.406.1", f"{env.source}: X is {st.words()}: {env.x} ({name or 'no card discarded'})")
    do_all(ctx, list(op.then), env)


# --------------------------------------------------------------------------------- resources picked

_pick_card = RUN[A.Pick]
_to_hand = RUN[O.ReturnToHand]
_put = RUN[OP["put"]]


def resource_owner(ctx: SpoilsContext, rid: str) -> str | None:
    """The player a resource in play belongs to (None: no such resource)."""
    return next((p for p in ctx.work.seating if rid in ctx.work.players[p].resources), None)


@handles(A.Pick)
def _pick(ctx: SpoilsContext, op: A.Pick, env: Env) -> None:
    """"Pick a resource you control. (You can pick face-down resources.)", "you may pick a resource
    attached to your faction": the resource id is the next of the action's targets (310.1); other
    picks as ``scripted`` does them."""
    ref = op.pick
    if not (isinstance(ref, Ph.Cards) and ref.zone in (None, "play") and S._kinds(ref) == ["resource"]):
        _pick_card(ctx, op, env)
        return
    if op.optional and not env.queue:
        env.did = False
        return
    rid = str((as_list(env.queue.pop(0)) or [""])[0]) if env.queue else ""
    owner = resource_owner(ctx, rid)
    whose = S._controlled_by(ref)
    ok = owner is not None and (whose == "any" or (whose == "you") == (owner == env.controller))
    if ref.attached_to_faction:
        ok = ok and owner == env.controller and ctx.work.players[owner].resources[rid].attached
    if not ctx.require(ok, "spoils.310.1", f"{env.source}: pick {ref.words()} (give its resource id in targets; "
                       f"{rid or 'none'} given)", f"{env.source}: {env.controller} picks the resource {rid}",
                       blocking=not op.optional):
        env.did = False
        return
    env.picks.append([rid])
    env.it = [rid]
    env.did = True


def picked_resources(ctx: SpoilsContext, ref: Any, env: Env) -> list[str]:
    """The resources a reference names: "it", "the resource" after a resource was picked."""
    if not (ref in PRONOUNS or (isinstance(ref, Ph.Cards) and S._kinds(ref) == ["resource"]
                                and ref.quantity in ("the", "that"))):
        return []
    group = env.it or (env.picks[-1] if env.picks else [])
    return [r for r in group if resource_owner(ctx, r) is not None]


def _return_resources(ctx: SpoilsContext, ids: list[str], env: Env) -> None:
    for rid in ids:
        owner = resource_owner(ctx, rid)
        res = ctx.work.players[owner].resources[rid]
        ctx.emit(E.ResourceReturned(player=owner, resource_id=rid, name=res.name, owner=owner, source=env.source))
        ctx.note("spoils.402.1", f"{env.source}: the resource {rid} ({res.name or 'face down'}) is put into "
                                 f"{owner}'s hand")


@handles(O.ReturnToHand)
def _return_to_hand(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Put it into its owner's hand." of a resource picked; cards in play as ``scripted`` does it."""
    ids = picked_resources(ctx, op.target(), env)
    if ids:
        _return_resources(ctx, ids, env)
        return
    _to_hand(ctx, op, env)


@handles(OP["put"])
def _put_cards(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Put the resource into your hand." (a resource picked); "put the remaining cards on the bottom
    of your deck in any order", "you may put any number of those cards on the bottom" (the cards looked
    at or revealed); "your opponent puts a card with the chosen name on the bottom of their deck";
    the other puts as ``scripted_cards`` does them."""
    ref = op.put
    ids = picked_resources(ctx, ref, env) if op.to == "hand" else []
    if ids:
        _return_resources(ctx, ids, env)
    elif isinstance(ref, Ph.Cards) and ("remaining" in ref.adjectives or "those" in ref.adjectives):
        _put_looked(ctx, op, env, "remaining" in ref.adjectives)
    elif isinstance(ref, Ph.Cards) and ref.with_ == "the chosen name":
        _put_named(ctx, op, env)
    else:
        _put(ctx, op, env)


def _put_looked(ctx: SpoilsContext, op: Any, env: Env, remaining: bool) -> None:
    """The cards looked at (or revealed) on top of a deck that are left, or those the action names
    (``choices.bottom``), put back on top of or under that deck in the order ``choices.order`` gives
    (top first); what is known of them is checked (they were looked at)."""
    looked = list(getattr(env, "looked", []) or [])
    left = getattr(env, "looked_n", len(looked))
    if remaining:
        cards, count = looked, left
    else:
        said = SCC.names(env.choices.get("bottom"))
        cards = [n for n in said if n in looked or not looked]
        for bad in [n for n in said if n not in cards]:
            ctx.note(SCC.HIDDEN, f"{env.source}: {bad} was not looked at: it stays")
        count = len(cards)
    order = SCC.names(env.choices.get("order")) if remaining else []
    if order and sorted(order) == sorted(cards):
        cards = order
    elif order:
        ctx.note(SCC.HIDDEN, f"{env.source}: the order given (choices.order) is not the cards left: they go in the "
                             f"order the player chose at the table")
    for name in cards:
        if name in looked:
            looked.remove(name)
    env.looked, env.looked_n = looked, max(0, left - count)
    player = env.searched or env.controller
    if count > 0:
        ctx.emit(E.CardsMoved(player=player, count=count, cards=cards, from_zone="deck",
                              to=SCC.TO_DECK.get(op.to, "deck_bottom"), source=env.source, rule=SCC.HIDDEN))


def _put_named(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Your opponent puts a card with the chosen name on the bottom of their deck if they can.": a
    card of that name from their hand (the hand known, or the action saying it, ``choices.put``);
    ``env.did`` says whether they did (for "If they do, ...")."""
    player = SCC.owner_of(ctx, "opponent" if op.by == "opponent" else "you", env)
    named = str(env.choices.get("named") or "")
    p = ctx.work.players[player]
    known = len(p.hand_cards) >= p.hand
    has = named in p.hand_cards if known else named in SCC.names(env.choices.get("put"))
    env.did = bool(named) and has
    if not env.did:
        ctx.note("spoils.402.5", f"{env.source}: {player} has no {named or '(no card named)'} in hand"
                                 + ("" if known else " as far as the action says (choices.put)") + ": nothing is put")
        return
    ctx.emit(E.CardsMoved(player=player, count=1, cards=[named], from_zone="hand", to=SCC.TO_DECK.get(op.to, "deck_bottom"),
                          source=env.source, rule="spoils.402.2"))


# --------------------------------------------------------------------------------- putting into play

_put_into_play = RUN[O.PutIntoPlay]


@handles(O.PutIntoPlay)
def _into_play(ctx: SpoilsContext, op: O.PutIntoPlay, env: Env) -> None:
    """"Put it into play attached to this card." (the card found, 507.2: its target is this card);
    "Put 1 of the characters into play ... as a face-down resource. Put the other character into your
    hand." (the one(s) the action chooses, ``choices.chosen``, among those picked: the others stay
    "the other"); the other puts into play as ``scripted_cards`` does them."""
    what = op.put_into_play
    if op.attached_to_self and env.found:
        _attached_to_self(ctx, op, env)
        return
    if isinstance(what, Ph.Cards) and what.quantity == "of_the" and env.found:
        n = what.count if isinstance(what.count, int) else 1
        said = [c for c in SCC.names(env.choices.get("chosen")) if c in env.found][:n]
        chosen = said or env.found[:n]
        others = list(env.found)
        for name in chosen:
            others.remove(name)
        env.found = chosen
        _put_into_play(ctx, op.model_copy(update={"put_into_play": "them"}), env)
        env.found = others
        return
    _put_into_play(ctx, op, env)


def _attached_to_self(ctx: SpoilsContext, op: O.PutIntoPlay, env: Env) -> None:
    host = ctx.work.cards.get(env.card or "")
    player = env.searched or env.controller
    for name in list(env.found):
        spec = ctx.lookup(name)
        if spec is None or host is None:
            ctx.note("spoils.402.5", f"{env.source}: {name} cannot be put into play attached to it: it is not in play")
            continue
        zone = env.zone or "deck"
        ctx.emit(E.CardsMoved(player=player, count=1, cards=[name], from_zone=zone, to="play", source=env.source,
                              rule="spoils.402.8"))
        cid = ctx.new_id("c")
        C.enter_play(ctx, cid, spec, env.controller, player, how="put_into_play", rule="spoils.507.2b",
                     attach_to=env.card)
        if cid in ctx.work.cards:
            env.it = [cid]
    env.found = []


# --------------------------------------------------------------------------------- duplicating

DUPLICATE = "duplicate"
"""The choices key of a copy's own targets and choices: ``{"targets": [...], "choices": {...}}``."""


@handles(OP["duplicate"])
def _duplicate(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Duplicate the tactic." (307.1): an invisible copy of the tactic waiting for responses resolves
    now for this card's controller: no numeric cost, no threshold, but its extra costs (picks, ...) paid
    anew from ``choices.duplicate``; a copy that cannot pay them, or while its controller cannot play
    tactics (307.3), fails and ends."""
    from adjudicator.spoils import mechanics as M
    from adjudicator.spoils import precedence as P
    from adjudicator.spoils import scripted as SC
    from adjudicator.spoils.precedence import Subject

    spec = _tactic_to_copy(ctx, op, env)
    text = M.tactic_play(S.script_of(spec)) if spec is not None else None
    if spec is None or text is None:
        ctx.note("spoils.402.5", f"{env.source}: no tactic to duplicate ({op.words()})")
        return
    said = env.choices.get(DUPLICATE) if isinstance(env.choices.get(DUPLICATE), dict) else {}
    copy = Env(env.controller, spec.name, None, choices=dict(said.get("choices") or {}),
               queue=list(said.get("targets") or []))
    cost = [c for c in text.cost or [] if not isinstance(c, A.Pay)]  # its numeric cost is 0 (307.1)
    if any(c.verb == "forbid" for c in P.claims(ctx.work, S.PLAYED, Subject.being_played(spec, env.controller))):
        ctx.note("spoils.307.3", f"{env.source}: {env.controller} cannot play tactics now: the copy of {spec.name} fails")
        return
    trial = SpoilsContext(ctx.work)
    trial.choices = ctx.choices
    SC.prepare(trial, cost, Env(env.controller, spec.name, None, choices=dict(copy.choices), queue=list(copy.queue)))
    if trial.violations:
        ctx.note("spoils.307.1", f"{env.source}: the copy of {spec.name} cannot satisfy its extra costs, so it fails "
                                 f"and ends: {'; '.join(v.message for v in trial.violations)}")
        return
    ctx.note("spoils.307.1", f"{env.source}: a copy of {spec.name} resolves for {env.controller} (cost 0, no threshold)")
    SC.prepare(ctx, cost, copy)
    SC.perform(ctx, copy)
    copy.resolving = True
    SC.do_all(ctx, list(text.play), copy)


def _tactic_to_copy(ctx: SpoilsContext, op: Any, env: Env) -> CardSpec | None:
    """"The tactic": the one waiting for responses (this card answered it); "the last tactic played
    this turn": the last one before this card."""
    if op.duplicate != "last_tactic":
        play = next((p for p in reversed(ctx.work.pending) if p.kind == "card" and p.card is not None
                     and p.card.type == "tactic"), None)
        if play is not None:
            return play.card
    played = list(ctx.work.tactics_played)
    if played and played[-1].name == env.source:
        played.pop()
    return played[-1] if played else None


_only_when = RUN[A.OnlyWhen]


@handles(A.OnlyWhen)
def _only(ctx: SpoilsContext, op: A.OnlyWhen, env: Env) -> None:
    """"Play this only if a tactic has been played this turn." (401.3a); the others as before."""
    if op.only != "tactic_played_this_turn":
        _only_when(ctx, op, env)
        return
    ctx.require(bool(ctx.work.tactics_played), "spoils.401.3a", f"{env.source}: {op.words()} (none has been)",
                f"{env.source}: a tactic has been played this turn ({ctx.work.tactics_played[-1].name if ctx.work.tactics_played else ''})")


# --------------------------------------------------------------------------------- numbers

@handles(OP["pick_x"])
def _pick_x(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Pick a number for X, where X is less than or equal to the number of [O] you control." (a cost,
    settled as the play is announced, 401.3): ``choices.x``, checked against the bound now."""
    x = env.choices.get("x")
    bound = _stat(ctx, op.pick_x, env)
    ok = isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= bound
    ctx.require(ok, "spoils.401.2", f"{env.source}: pick a number for X from 0 to {bound} ({op.pick_x.words()}; "
                f"choices.x: {x!r})", f"{env.controller} picks X = {x} (at most {bound})", blocking=True)
    env.x = x if ok else 0


# --------------------------------------------------------------------------------- naming

@handles(OP["name_a_card"])
def _name_a_card(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Name a card." / "Name a non-resource card." / "Name a card subtype.": the action names it
    (``choices.named``); a card in play that names one keeps the name for its continuous text ("The
    named card cannot be played.", a tax on "the named subtype": ``scripts.static_effects``)."""
    said = str(env.choices.get("named") or "").strip()
    spec = ctx.lookup(said) if said and op.kind != "card subtype" else None
    ok = bool(said) and not (op.kind == "non-resource card" and spec is not None and spec.type == "resource")
    if not ok:
        message = f"{env.source}: name a {op.kind} (choices.named; {said or 'nothing'} given)"
        if env.resolving:  # an effect: the judge records the name (402.5)
            ctx.note(SCC.HIDDEN, message)
        else:  # a cost: it cannot be paid without a name (401.2)
            ctx.violate("spoils.401.2", message, blocking=True)
        return
    key = "named_subtype" if op.kind == "card subtype" else "named"
    value = said.lower() if key == "named_subtype" else (spec.name if spec is not None else said)
    env.choices["named"] = value
    if env.card is not None and env.card in ctx.work.cards:
        ctx.emit(E.CardModified(card_id=env.card, changes={key: value}, source=env.source, until=None))
    ctx.note(SCC.HIDDEN, f"{env.source}: {env.controller} names {value}")


# --------------------------------------------------------------------------------- looking and choosing

_look_at = RUN[OP["look_at"]]


@handles(OP["look_at"])
def _look(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """As ``scripted_cards`` does it; the cards looked at on top of a deck are remembered for a
    "choose ... among them" and "the remaining cards" after it."""
    if op.look_at == "opponent_hand_deck_top_resources":
        _look_at_all(ctx, env)
        return
    _look_at(ctx, op, env)
    if isinstance(op.look_at, Ph.Cards) and op.look_at.zone == "deck":
        _remember(ctx, op.look_at, env)


def _look_at_all(ctx: SpoilsContext, env: Env) -> None:
    """"Look at your opponent's hand, the top card of their deck, and their face-down resources.": what
    the controller saw, as far as it is known (the hand: ``choices.looked`` or the recorded hand; the
    top card: ``choices.revealed`` or the recorded deck top; the face-down resources' names)."""
    opp = SCC.owner_of(ctx, "opponent", env)
    p = ctx.work.players[opp]
    hand = SCC.names(env.choices.get("looked")) or list(p.hand_cards)
    top = SCC.names(env.choices.get("revealed"))[:1] or list(p.deck_cards[:1])
    down = [r.name for r in p.resources.values() if not r.face_up and r.name]
    for zone, cards in (("hand", hand), ("deck", top), ("resource", down)):
        ctx.emit(E.CardsRevealed(player=opp, cards=cards, zone=zone, seen_by="you", source=env.source))
    ctx.note(SCC.HIDDEN, f"{env.source}: {env.controller} looks at {opp}'s hand ({', '.join(hand) or 'unnamed'}), "
                         f"the top card of their deck ({', '.join(top) or 'unnamed'}) and their face-down "
                         f"resources ({', '.join(down) or 'unnamed'})")


def _remember(ctx: SpoilsContext, ref: Ph.Cards, env: Env) -> None:
    size = SCC.zone_size(ctx, env.searched or env.controller, "deck")
    n = ref.count if isinstance(ref.count, int) else 1
    env.looked, env.looked_n = list(env.found), min(n, size) if size is not None else n


@handles(OP["choose_card"])
def _choose_card(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Choose a tactic among them and reveal it.", "Choose a revealed character.": among the cards
    looked at or revealed, the one(s) the action names (``choices.chosen``), fitting the text; the
    others stay "the remaining cards"."""
    ref = op.choose_card
    among = list(getattr(env, "looked", env.found) or [])
    kind = ref.model_copy(update={"adjectives": [a for a in ref.adjectives if a not in ("revealed",)]})
    chosen: list[str] = []
    for name in SCC.names(env.choices.get("chosen"))[:how_many(ref, env)[1]]:
        spec = ctx.lookup(name)
        if (among and name not in among) or spec is None or not fits(spec, kind, env):
            ctx.note(SCC.HIDDEN, f"{env.source}: {name} is not {ref.words()} among the cards: it is not chosen")
            continue
        chosen.append(name)
        if name in among:
            among.remove(name)
    env.looked, env.looked_n = among, max(0, getattr(env, "looked_n", len(among) + len(chosen)) - len(chosen))
    env.found, env.did = chosen, bool(chosen)
    if chosen and op.and_reveal:
        ctx.emit(E.CardsRevealed(player=env.searched or env.controller, cards=chosen, zone="deck", source=env.source))
    ctx.note(SCC.HIDDEN, f"{env.source}: {env.controller} chooses {', '.join(chosen) or 'nothing'}")


__all__ = ["entries", "fits", "PLAYS", "picked_resources", "resource_owner"]
