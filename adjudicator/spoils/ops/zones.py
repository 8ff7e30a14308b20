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
card the text describes (its type, "numeric cost X or less"), in the zone it is played from: as the
card with that text is played or its ability used (``precheck``: a wrong choice refuses that action),
and again as the effect resolves, where the play is first made on a copy of the position.  A card the
resolving action names that cannot be played refuses that action; one named earlier that can no longer
be played (its threshold lost, ...) is not played, the trace says why (402.5: the rest still happens).  A "reveal a face-down ... you control"
cost takes the resource id from the action's ``targets`` (its name from the resource, or
``choices.revealed`` when the position does not record it).
"""
from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from adjudicator.core import InvalidAction
from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model import actions as AC
from adjudicator.spoils.model.state import CardSpec
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.ops import cards_out_of_play as _CARDS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import conditions as _CONDITIONS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import hidden_cards as _HIDDEN_CARDS
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops.interpreter import RUN, do_all, handles
from adjudicator.spoils.ops.kept_by_type import precheck_kept
from adjudicator.spoils.ops.looking import precheck_looked
from adjudicator.spoils.rules import references as _REFERENCES
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.rules.context import HANDLERS, SpoilsContext, as_list
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import PRONOUNS, _stat, how_many
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import OP
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
        high = how_many(ref, env)[1] if isinstance(ref, Ph.Cards) else 1
        wanted = said[:high]
        if len(said) > high:
            ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: the text plays {high} card(s); "
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
        _not_played(ctx, env, problem[0], f"{env.source}: {name} is not played: {problem[1]}")
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
            _not_played(ctx, env, rule, f"{env.source}: {name} cannot be played now, so it is not (402.5): {message}")
        return False
    ctx.note("spoils.604.2", f"{env.source}: {env.controller} plays {name} from {_zone_words(zone, player)}"
                             + (" for free: its numeric cost is 0, its threshold and extra costs still apply "
                                "(308.1, 308.1a)" if op.free else ", paying its costs (604.1d)"))
    ctx.emit(*first)
    HANDLERS.of(action)(ctx, action, during=env.source, zone=where)  # plays.decide_play_card
    return True


def _not_played(ctx: SpoilsContext, env: Env, rule: str, message: str) -> None:
    """A card the action names that cannot be played: the action resolving the effect is refused when
    it is the one naming it (its player may name another); named as the card was played or used (the
    announcement checked what it could, ``precheck``), the card is simply not played (402.5)."""
    key = next((k for k in PLAYS if k in env.choices), None)
    if key is not None and key in ctx.choices and ctx.choices[key] == env.choices[key]:
        ctx.violate(rule, message)
    else:
        ctx.note(rule, message)


def precheck(ctx: SpoilsContext, ops: list[Any], env: Env) -> None:
    """As a card is played or an ability used: the cards its action names to be played by its effect
    (``choices.free_plays``) are cards the text lets it play (non-resource, of the kind and numeric cost
    it says, in the hand): a violation of the rule otherwise (401.2: the player's choice); a split of
    its damage (``selection.precheck_divided``); the cards it keeps of each type (``kept_by_type``)."""
    _REFERENCES.precheck_divided(ctx, ops, env)
    precheck_looked(ctx, ops, env)
    precheck_kept(ctx, ops, env)
    precheck_plays(ctx, ops, env)


def precheck_entering(ctx: SpoilsContext, script: Any, env: Env) -> None:
    """As a permanent is played: the cards its own "when this card enters play" text will play, named by the
    action that plays it (``choices.free_plays``: its trigger reads that action's choices, 503.1), are checked
    as a tactic's effect's are (``precheck_plays``): a card of a kind the text excludes refuses the play."""
    ops = [op for a in (script.abilities if script is not None else []) if isinstance(a, A.Trigger)
           and a.when == "enters_play" for op in (a.effect if isinstance(a.effect, list) else [a.effect])]
    if ops:
        precheck_plays(ctx, ops, env)


def precheck_plays(ctx: SpoilsContext, ops: list[Any], env: Env) -> None:
    """The cards an effect will play, as the action names them (``choices.free_plays``): of the kind and
    numeric cost the text says, in the zone it plays from, no more than it plays (604.2, 604.1a)."""
    said = entries(env)
    nodes = [n for n in S.walk(ops) if isinstance(n, OP["play_card"])]
    if not said or not nodes:
        return
    op = nodes[0]
    if _held(op.play_card, env) is not None:
        return
    ref = op.play_card
    high = how_many(ref, env)[1] if isinstance(ref, Ph.Cards) else 1
    if len(said) > high:
        ctx.violate("spoils.604.2", f"{env.source}: {len(said)} cards named to be played (choices.free_plays): "
                                    f"the text plays {op.play_card.words() if isinstance(ref, Ph.Cards) else ref}")
    zone = (ref.zone or "hand") if isinstance(ref, Ph.Cards) else "hand"
    bound_later = isinstance(ref, Ph.Cards) and "X" in (ref.with_ or "") and env.x is None
    for entry in said[:high]:
        name = str(entry["card"])
        spec = ctx.lookup(name)
        check = op if not bound_later else op.model_copy(update={"play_card": ref.model_copy(update={"with_": None})})
        problem = _why_not(ctx, check, env, spec, name, zone, env.controller, False)
        if problem:
            ctx.violate(problem[0], f"{env.source}: {name} cannot be the card it plays: {problem[1]}")


def _why_not(ctx: SpoilsContext, op: Any, env: Env, spec: CardSpec | None, name: str, zone: str, player: str,
             held: bool) -> tuple[str, str] | None:
    """Why the named card cannot be the one the text plays (None: it can)."""
    if spec is None:
        return _ZONE_READS.HIDDEN, "not a card of the game's pool"
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
    try:
        return AC.PlayCard(type="play_card", player=env.controller, card=name, free=free,
                          id=entry.get("id"), attach_to=entry.get("attach_to"),
                          targets=list(entry.get("targets") or []), choices=dict(entry.get("choices") or {}))
    except ValidationError as exc:  # a malformed entry
        raise InvalidAction(f"choices.free_plays: {name}: {exc}", [{"field": "choices.free_plays",
                                                                     "message": str(exc)}]) from None


def _trial(ctx: SpoilsContext, action: Any, source: str, zone: str, first: list[Any]) -> list[tuple[str, str]]:
    """The play made on a copy of the position (after the events ``first``): the rules it would
    break (none: it is legal)."""
    trial = SpoilsContext(ctx.work, ctx.hooks)
    trial.choices = ctx.choices
    trial.emit(*first)
    try:
        HANDLERS.of(action)(trial, action, during=source, zone=zone)  # plays.decide_play_card
    except InvalidAction as exc:
        return [("spoils.604.1e", str(exc))]
    return [(v.rule, v.message) for v in trial.violations]


def _zone_words(zone: str, player: str) -> str:
    return {"hand": f"{player}'s hand", "deck": f"{player}'s deck", "discard": f"{player}'s discard pile",
            "resource": f"{player}'s face-down resources"}.get(zone, zone)


# --------------------------------------------------------------------------------- revealing


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
    if ref == "self" and getattr(env, "resource", None):  # a face-down resource using its own ability
        ctx.emit(E.CardsRevealed(player=env.controller, cards=[env.source], zone="resource", source=env.source,
                                 rule="spoils.401.3"))
        return
    _HIDDEN_CARDS._reveal(ctx, op, env)
    if isinstance(ref, Ph.Cards) and ref.zone == "deck":
        remember(ctx, ref, env)


def _reveal_found(ctx: SpoilsContext, env: Env) -> None:
    """"Search your deck for ... and reveal them.": the cards found are shown to both players (312.1, or the rule
    they were set aside by: ``Env.found_by``)."""
    env.revealed = True
    player = env.searched or env.controller
    ctx.emit(E.CardsRevealed(player=player, cards=list(env.found), zone=env.zone if env.zone in ("hand", "discard")
                             else "deck", source=env.source, rule=env.found_by or "spoils.312.1"))


def _reveal_face_down(ctx: SpoilsContext, ref: Ph.Cards, env: Env) -> None:
    p = env.controller
    rid = str((as_list(env.queue.pop(0)) or [""])[0]) if env.queue else ""
    res = ctx.work.players[p].resources.get(rid)
    kind = ref.model_copy(update={"adjectives": [a for a in ref.adjectives if a != "face-down"], "controller": None})
    if kind.cards in ("resource", "resource card"):  # any face-down card in play is a resource (411.1)
        kind = kind.model_copy(update={"cards": "card"})
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


def _letter_now(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """X or Y now (406.3, 502.2), the lower of the number read and ``lower_of`` when the text bounds
    it; then the operations that read it."""
    read = _stat(ctx, op.x_where, env)
    if op.lower_of is None:
        env.y = read
        ctx.note("spoils.406.3", f"{env.source}: Y is {op.x_where.words()}: {env.y}")
    else:
        value = min(op.lower_of, read)
        setattr(env, op.name.lower(), value)
        ctx.note("spoils.406.3", f"{env.source}: {op.name} is either {op.lower_of} or {op.x_where.words()} ({read}), "
                                 f"whichever is lower: {value}")
    do_all(ctx, list(op.then), env)


@handles(OP["x_where"])
def _x_where(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"..., where X is half the numeric cost of the discarded card, rounded up.": the card this effect
    discarded (out of play: its printed cost, 406.1); other numbers as ``scripted_conditions`` reads them.
    "..., where Y is ..." and "where X is either 5 or ..., whichever is lower": ``_letter_now``."""
    st = op.x_where
    if not op.plain_x():
        _letter_now(ctx, op, env)
        return
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


# --------------------------------------------------------------------------------- restrictions


def _only(ctx: SpoilsContext, op: A.OnlyWhen, env: Env) -> None:
    """"Play this only if a tactic has been played this turn.", "Use this only while this card is a
    face-down resource." (401.3a); the others as before."""
    if op.only == "face_down_resource":
        rid = getattr(env, "resource", None)
        res = ctx.work.players[env.controller].resources.get(rid or "")
        ctx.require(res is not None and not res.face_up, "spoils.401.3a", f"{env.source}: {op.words()}",
                    f"{env.source} is a face-down resource of {env.controller} ({rid})")
        return
    if op.only != "tactic_played_this_turn":
        _CONDITIONS._only(ctx, op, env)
        return
    ctx.require(bool(ctx.work.tactics_played), "spoils.401.3a", f"{env.source}: {op.words()} (none has been)",
                f"{env.source}: a tactic has been played this turn ({ctx.work.tactics_played[-1].name if ctx.work.tactics_played else ''})")


# --------------------------------------------------------------------------------- the cards looked at

def remember(ctx: SpoilsContext, ref: Ph.Cards, env: Env) -> None:
    size = _ZONE_READS.zone_size(ctx, env.searched or env.controller, "deck")
    n = ref.count if isinstance(ref.count, int) else (env.x or 0) if ref.count == "X" else 1
    env.looked, env.looked_n = list(env.found), min(n, size) if size is not None else n


# --------------------------------------------------------------------------------- face-down resources' abilities


__all__ = ["PLAYS", "decide_resource_ability", "entries", "fits", "picked_resources", "remember", "resource_owner"]
