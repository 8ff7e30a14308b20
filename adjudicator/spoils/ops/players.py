"""Scripted operations about the players: "both players ..." (each player does it, as that player),
"your opponent picks ... if they can. If they do, ..." / "if they don't, ...", and a change the
controller chooses among ("the character gains 1 speed or loses 1 life").

The opponent's pick, like every choice, travels in the action (``choices.targets``, in order after
the controller's own picks): the engine checks it fits what the text lets them pick (310.1).
"""
from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from adjudicator.effects import dump, parse_effects
from adjudicator.effects import flow as F
from adjudicator.effects import operations as O
from adjudicator.effects import texts as TX
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules import asked as ASKED
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.evolve.projection import opponents
from adjudicator.spoils.ops.interpreter import Env, amount, chosen, do_all, handles, lasts, targets
from events.models import spoils as E

THEIR = {"controller": ("they", "you"), "owner": ("they", "you"), "zone_owner": ("their", "you"),
         "whose": ("their", "your"), "deck": ("their", "you")}
"""The words of a "both players" text that name each player's own cards, as said to that player."""
PUT_WHOSE = ("their", "you")
""""... into their discard pile" (a ``put``'s ``whose``): that player's own."""


def _as_theirs(doc: Any) -> Any:
    """A dumped operation with "they"/"their" said as "you"/"your" (the player doing it)."""
    if isinstance(doc, list):
        return [_as_theirs(d) for d in doc]
    if not isinstance(doc, dict):
        return doc
    out = {}
    for key, value in doc.items():
        said = THEIR.get(key)
        if said is not None and value == said[0]:
            value = PUT_WHOSE[1] if key == "whose" and "put" in doc else said[1]
        out[key] = _as_theirs(value)
    return out


def _each_player(ctx: SpoilsContext, env: Env, who: str = "both") -> list[str]:
    """Both players (each player), the active player first, then the others in seating (clockwise) order,
    whoever controls the effect (402.2); "each opponent": the controller's opponents, in that order."""
    seats = list(ctx.work.seating) or [env.controller, *opponents(ctx.work, env.controller)]
    first = seats.index(ctx.work.active_player) if ctx.work.active_player in seats else 0
    ordered = seats[first:] + seats[:first]
    return [p for p in ordered if p != env.controller] if who == "each_opponent" else ordered


@handles(F.BothPlayers)
def _both_players(ctx: SpoilsContext, op: F.BothPlayers, env: Env) -> None:
    """"Both players draw a card", "both players may ...", "each opponent reveals ...": each player named
    does what the operations say, as that player ("a character they control" is one each controls); a "may" is each one's choice
    (``choices.may`` for the controller, ``choices.their_may`` for the opponent, yes by default)."""
    ops = parse_effects(_as_theirs(dump(list(op.both_players))), "spoils", field="both_players")
    for player in _each_player(ctx, env, op.who):
        if ctx.work.winner is not None:
            return
        mine = player == env.controller
        said = env.choices.get("may", True) if mine or not op.optional else \
            ASKED.may(ctx, player, f"may: {op.words()}", env.choices.get("their_may"), f"whether {player} does: {op.words()}")
        if said is None:  # asked of them (spoils.engine.own-choices)
            env.halted = True
            return
        if op.optional and not said:
            ctx.note("spoils.engine.may-choice", f"{env.source}: {player} does not: {op.words()}")
            continue
        sub = replace(env, controller=player, choices=env.choices if mine else _their_choices(env.choices),
                      picks=list(env.picks), it=list(env.it), rest=[], that_player=player)  # "... that player put"
        do_all(ctx, copy.deepcopy(ops), sub)
        env.picks = sub.picks
        if getattr(sub, "kept", None) is not None:  # what each chose (choices.keep): "the remaining ..." are the others
            env.kept = [*(getattr(env, "kept", None) or []), *sub.kept]


def _their_choices(choices: dict[str, Any]) -> dict[str, Any]:
    """What the opponent chose for their part of the effect: ``choices.their`` (drawn, discarded, put,
    found...), the picks still shared through ``targets``."""
    theirs = dict(choices.get("their") or {})
    return {"targets": choices.get("targets"), **theirs}


# --------------------------------------------------------------------------------- "your opponent picks"

@handles(TX.TheyPick)
def _they_pick(ctx: SpoilsContext, op: TX.TheyPick, env: Env) -> None:
    """"Your opponent picks <cards> [if they can]": the opponent's pick, next in the action's targets,
    checked against the text from their side ("a character they control and own"); "if they can": they
    must when a card fits, and nothing happens when none does (402.5)."""
    s = ctx.work
    them = next(iter(opponents(s, env.controller)), None)
    if them is None:
        env.did = False
        return
    ref = op.they_pick.model_copy(update={"controller": "you" if op.they_pick.controller == "they" else
                                          op.they_pick.controller, "owner": None})
    owned = (lambda cid: s.cards[cid].owner == them) if op.they_pick.owner == "they" else (lambda cid: True)
    can = [cid for cid in s.cards if S.matches(s, cid, ref, them) and owned(cid)]
    low = 0 if ref.quantity in ("any_number", "up_to", "or_fewer") else 1
    if not env.queue and low and ref.count in (None, 1):  # asked of them as it resolves (spoils.engine.own-choices)
        said = ASKED.answer(ctx, them, f"pick: {ref.words()}", can, f"{them} picks {ref.words()} for {env.source}")
        if ASKED.asking(ctx) is not None:
            env.did, env.halted = False, True
            return
        env.queue = [said] if said is not None else []
    theirs = replace(env, controller=them, card=None, picks=[], it=[])
    if not can and op.if_they_can:
        ctx.note("spoils.402.5", f"{env.source}: {them} has nothing to pick ({ref.words()}): they do not")
        env.did = False
        return
    if not ctx.require(bool(env.queue) or low == 0, "spoils.310.1",
                       f"{env.source}: {them} picks {ref.words()} (their pick goes in targets)", "", blocking=True):
        env.did = False
        return
    picked = chosen(ctx, ref, theirs) if env.queue else []
    if not ctx.require(all(owned(cid) for cid in picked), "spoils.310.1",
                       f"{env.source}: {them} picks a card they own ({', '.join(picked)})", "", blocking=True):
        picked = []
    env.queue = theirs.queue
    env.picks.append(picked)
    env.it = picked
    env.did = bool(picked)
    ctx.note("spoils.310.1", f"{env.source}: {them} picks {', '.join(s.cards[c].name for c in picked) or 'nothing'}")


@handles(F.IfThey)
def _if_they(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If they do, ..." / "If they don't, ...": after the opponent's pick or "your opponent may"."""
    if env.did == (op.if_they == "do"):
        do_all(ctx, list(op.then), env)


# --------------------------------------------------------------------------------- "gains X or Y"

@handles(O.ModifyEither)
def _modify_either(ctx: SpoilsContext, op: O.ModifyEither, env: Env) -> None:
    """"The character gains 1 speed or loses 1 life": the option the controller chose (``choices.option``,
    1 for the first as printed), with what comes with either ("... and gains 1 speed")."""
    said, n = env.choices.get("option"), len(op.modify_either)
    if not ctx.require(isinstance(said, int) and 1 <= said <= n, "spoils.401.3",
                       f"{env.source}: choose one of {op.words()} (choices.option, 1 to {n}; {said!r} given)",
                       f"{env.source}: option {said}", blocking=True):
        return
    option = op.modify_either[said - 1]
    changes = {stat: amount(ctx, v, env) for stat, v in option.changes()}
    for stat, v in (op.also.changes() if op.also is not None else []):
        changes[stat] = changes.get(stat, 0) + amount(ctx, v, env)
    until = lasts(op, env)
    for cid in targets(ctx, op.card, env):
        ctx.emit(E.CardModified(card_id=cid, changes=changes, source=env.source, until=until))


__all__: list[str] = []
