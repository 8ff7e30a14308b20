"""Scripted cards moving cards between a deck, a hand and play (with ``scripted_zones``, which plays
cards by an effect and picks resources): the cards looked at or revealed on top of a deck, a card
chosen among them (``choices.chosen``), "the remaining cards" and "any number of those cards" put back
on top of or under the deck (``choices.bottom``, ``choices.order``), a card the opponent puts from
their hand, cards put into play attached to this card or as face-down resources, a card named
(``choices.named``), X picked (``choices.x``), and tactics duplicated (307: ``choices.duplicate``).
Each handler registers into ``scripted.RUN``, wrapping the one it extends.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.state import CardSpec
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.ops import cards_out_of_play as _CARDS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import conditions as _CONDITIONS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.ops.zones import fits, remember
from adjudicator.spoils.ops.resources_picked import picked_resources, return_resources
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import _stat, how_many
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.text.subjects import Subject
from events.models import spoils as E
from adjudicator.spoils.ops import hidden_cards as _HIDDEN_CARDS


def _put_cards(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Put the resource into your hand." (a resource picked); "put the remaining cards on the bottom
    of your deck in any order", "you may put any number of those cards on the bottom" (the cards looked
    at or revealed); "your opponent puts a card with the chosen name on the bottom of their deck";
    the other puts as ``scripted_cards`` does them."""
    ref = op.put
    ids = picked_resources(ctx, ref, env) if op.to == "hand" else []
    if ids:
        return_resources(ctx, ids, env)
    elif isinstance(ref, Ph.Cards) and ("remaining" in ref.adjectives or "those" in ref.adjectives):
        _put_looked(ctx, op, env, "remaining" in ref.adjectives)
    elif isinstance(ref, Ph.Cards) and ref.with_ == "the chosen name":
        _put_named(ctx, op, env)
    else:
        _CARDS._put(ctx, op, env)


def _put_looked(ctx: SpoilsContext, op: Any, env: Env, remaining: bool) -> None:
    """The cards looked at (or revealed) on top of a deck that are left, or those the action names
    (``choices.bottom``), put back on top of or under that deck in the order ``choices.order`` gives
    (top first); what is known of them is checked (they were looked at)."""
    looked = list(getattr(env, "looked", []) or [])
    left = getattr(env, "looked_n", len(looked))
    if remaining:
        cards, count = list(looked), left  # (a copy: the loop below takes them out of looked)
    else:
        said = SCC.names(env.choices.get("bottom"))
        cards = [n for n in said if n in looked or not looked]
        for bad in [n for n in said if n not in cards]:
            ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: {bad} was not looked at: it stays")
        count = len(cards)
    order = SCC.names(env.choices.get("order")) if remaining else []
    if order and sorted(order) == sorted(cards):
        cards = order
    elif order:
        ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: the order given (choices.order) is not the cards left: they go in the "
                             f"order the player chose at the table")
    for name in cards:
        if name in looked:
            looked.remove(name)
    env.looked, env.looked_n = looked, max(0, left - count)
    player = env.searched or env.controller
    if count > 0:
        ctx.emit(E.CardsMoved(player=player, count=count, cards=cards, from_zone="deck",
                              to=SCC.TO_DECK.get(op.to, "deck_bottom"), source=env.source, rule=_ZONE_READS.HIDDEN))


def _put_named(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Your opponent puts a card with the chosen name on the bottom of their deck if they can.": a
    card of that name from their hand (the hand known, or the action saying it, ``choices.put``);
    ``env.did`` says whether they did (for "If they do, ...")."""
    player = _ZONE_READS.owner_of(ctx, "opponent" if op.by == "opponent" else "you", env)
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
        _CONDITIONS._put_into_play(ctx, op.model_copy(update={"put_into_play": "them"}), env)
        env.found = others
        return
    _CONDITIONS._put_into_play(ctx, op, env)


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
    spec = _tactic_to_copy(ctx, op, env)
    said = env.choices.get(DUPLICATE) if isinstance(env.choices.get(DUPLICATE), dict) else {}
    script = _copy_text(ctx, spec, dict(said.get("choices") or {}), env) if spec is not None else None
    text = M.tactic_play(script) if script is not None else None
    if spec is None or text is None:
        ctx.note("spoils.402.5", f"{env.source}: no tactic to duplicate ({op.words()})")
        return
    copy = Env(env.controller, spec.name, None, choices=dict(said.get("choices") or {}),
               queue=list(said.get("targets") or []))
    cost = [c for c in text.cost or [] if not isinstance(c, A.Pay)]  # its numeric cost is 0 (307.1)
    if any(c.verb == "forbid" for c in P.claims(ctx.work, S.PLAYED, Subject.being_played(spec, env.controller))):
        ctx.note("spoils.307.3", f"{env.source}: {env.controller} cannot play tactics now: the copy of {spec.name} fails")
        return
    trial = SpoilsContext(ctx.work, ctx.hooks)
    trial.choices = ctx.choices
    _PAYING.prepare(trial, cost, Env(env.controller, spec.name, None, choices=dict(copy.choices), queue=list(copy.queue)))
    if trial.violations:
        ctx.note("spoils.307.1", f"{env.source}: the copy of {spec.name} cannot satisfy its extra costs, so it fails "
                                 f"and ends: {'; '.join(v.message for v in trial.violations)}")
        return
    ctx.note("spoils.307.1", f"{env.source}: a copy of {spec.name} resolves for {env.controller} (cost 0, no threshold)")
    _PAYING.prepare(ctx, cost, copy)
    _PAYING.perform(ctx, copy)
    copy.resolving = True
    SC.do_all(ctx, list(text.play), copy)


def _copy_text(ctx: SpoilsContext, spec: CardSpec, choices: dict[str, Any], env: Env) -> Any:
    """The copy's rules text: a tactic that is "one of the following as this card's rules text" is
    copied with the option chosen for the copy (``choices.duplicate.choices.option``), which may differ
    from the card's own (307.2); with no option named, the copy has no text to follow."""
    script = S.script_of(spec)
    choice = M.text_choice(script)
    if choice is None:
        return script
    said = choices.get("option")
    if not isinstance(said, int) or not 1 <= said <= len(choice.options):
        ctx.note("spoils.307.2", f"{env.source}: the copy of {spec.name} names none of its {len(choice.options)} "
                                 f"options (choices.duplicate.choices.option): it has no rules text to follow")
        return None
    ctx.note("spoils.307.2", f"{env.source}: OPTION {said} is the rules text of the copy of {spec.name}")
    return M.with_option(script, choice, said)


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
            ctx.note(_ZONE_READS.HIDDEN, message)
        else:  # a cost: it cannot be paid without a name (401.2)
            ctx.violate("spoils.401.2", message, blocking=True)
        return
    key = "named_subtype" if op.kind == "card subtype" else "named"
    value = said.lower() if key == "named_subtype" else (spec.name if spec is not None else said)
    env.choices["named"] = value
    if env.card is not None and env.card in ctx.work.cards:
        ctx.emit(E.CardModified(card_id=env.card, changes={key: value}, source=env.source, until=None))
    ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: {env.controller} names {value}")


# --------------------------------------------------------------------------------- looking and choosing



@handles(OP["look_at"])
def _look(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """As ``scripted_cards`` does it; the cards looked at on top of a deck are remembered for a
    "choose ... among them" and "the remaining cards" after it."""
    if op.look_at == "opponent_hand_deck_top_resources":
        _look_at_all(ctx, env)
        return
    _HIDDEN_CARDS._look_at(ctx, op, env)
    if isinstance(op.look_at, Ph.Cards) and op.look_at.zone == "deck":
        remember(ctx, op.look_at, env)


def _look_at_all(ctx: SpoilsContext, env: Env) -> None:
    """"Look at your opponent's hand, the top card of their deck, and their face-down resources.": what
    the controller saw, as far as it is known (the hand: ``choices.looked`` or the recorded hand; the
    top card: ``choices.revealed`` or the recorded deck top; the face-down resources' names)."""
    opp = _ZONE_READS.owner_of(ctx, "opponent", env)
    p = ctx.work.players[opp]
    hand = SCC.names(env.choices.get("looked")) or list(p.hand_cards)
    top = SCC.names(env.choices.get("revealed"))[:1] or list(p.deck_cards[:1])
    down = [r.name for r in p.resources.values() if not r.face_up and r.name]
    for zone, cards in (("hand", hand), ("deck", top), ("resource", down)):
        ctx.emit(E.CardsRevealed(player=opp, cards=cards, zone=zone, seen_by="you", source=env.source))
    ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: {env.controller} looks at {opp}'s hand ({', '.join(hand) or 'unnamed'}), "
                         f"the top card of their deck ({', '.join(top) or 'unnamed'}) and their face-down "
                         f"resources ({', '.join(down) or 'unnamed'})")


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
            ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: {name} is not {ref.words()} among the cards: it is not chosen")
            continue
        chosen.append(name)
        if name in among:
            among.remove(name)
    env.looked, env.looked_n = among, max(0, getattr(env, "looked_n", len(among) + len(chosen)) - len(chosen))
    env.found, env.did = chosen, bool(chosen)
    if chosen and op.and_reveal:
        ctx.emit(E.CardsRevealed(player=env.searched or env.controller, cards=chosen, zone="deck", source=env.source))
    ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: {env.controller} chooses {', '.join(chosen) or 'nothing'}")


# --------------------------------------------------------------------------------- searching



def _search_named(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """A search as ``scripted_cards`` makes it, then the names the text asks of the cards found: "with
    different names" (a second card of a name is not taken), "with a different name than this card"."""
    _CARDS._search(ctx, op, env)
    said = op.search.with_
    if said not in ("different names", "a different name than this card"):
        return
    kept: list[str] = []
    for name in env.found:
        if name in kept or (said != "different names" and name == env.source):
            ctx.note("spoils.312.2", f"{env.source}: {name} is not a card {op.search.words()}: it is not taken")
            continue
        kept.append(name)
    env.found = kept


__all__: list[str] = []
