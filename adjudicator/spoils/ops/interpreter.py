"""Scripted cards in play: one handler per operation of the typed effect language
(``adjudicator.effects``), the costs of a scripted play or ability (targets picked and checked,
numbers paid, cards depleted, destroyed or discarded), and the choices a player makes ("you may",
X, a coin flip, the cards drawn or discarded), which the action carries and the engine records.

A scripted play's effect travels in the pending play as one engine document,
``{"script": {"card", "ops", "picks", "x", "choices"}}``: the typed operations (as dumped), the
targets picked when its costs were paid, X, and the choices the action gave, so the play resolves
later (after the opponent's responses) exactly as it was paid for, and a replayed log does the same.
An operation without a handler is noted for the judge (``spoils.engine.script-judge``).
"""
from __future__ import annotations

import random
from typing import Any, Callable

from adjudicator.core import InvalidAction
from adjudicator.effects import EffectError, Node, parse_effects
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules import at_random as AR
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import effect_documents as FX
from adjudicator.spoils.rules import remaining as RM
from adjudicator.spoils.rules import selection as SEL
from adjudicator.spoils.rules import tokens_said as TS
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules.context import SpoilsContext, as_list
from adjudicator.spoils.text.subjects import Subject
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.rules.references import CHOOSING, FACTION_WORDS, PRONOUNS, UNTIL, amount, chosen, how_many, lasts, last_known, targets, _stat, that_players
from adjudicator.spoils.rules.environment import Env
from events.models import spoils as E
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import conditions_read as _CONDITIONS_READ
from adjudicator.spoils.rules.replacements import PAYING
from adjudicator.spoils.rules.references import damage_aim
from adjudicator.spoils.rules import damage as _DAMAGE
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules import card_conditions as _CARD_CONDITIONS

def run(ctx: SpoilsContext, doc: dict[str, Any], controller: str, source: str, card: str | None) -> None:
    """Runs a ``{"script": ...}`` document (402.5: as much as possible).  Raises InvalidAction
    for operations the effect language refuses."""
    spec = doc["script"]
    try:
        ops = parse_effects(spec.get("ops") or [], "spoils", field="effect.script.ops")
    except EffectError as exc:
        raise InvalidAction(str(exc), exc.errors) from None
    picks = [list(g) for g in spec.get("picks") or []]
    controller = str(spec.get("as") or controller)  # an effect that happens as if another player used it
    env = Env(controller, str(spec.get("card") or source), card, picks=picks, x=spec.get("x"), y=spec.get("y"),
              choices={**ctx.choices, **(spec.get("choices") or {})}, it=picks[-1] if picks else [],
              resolving=True)
    env.queue = list(as_list(env.choices.get("targets")))  # picks made as it resolves (a trigger's "pick")
    found = spec.get("found") or {}
    env.found, env.searched, env.zone = list(found.get("cards") or []), found.get("player"), found.get("zone")
    env.cost_picks = [list(g) for g in spec.get("cost_picks") or []]
    env.that_player = spec.get("that_player")  # the player the trigger's event happened to (503.1)
    if env.card is None or env.card not in ctx.work.cards:
        env.card = card
    do_all(ctx, ops, env)


def do_all(ctx: SpoilsContext, ops: list[Node], env: Env) -> None:
    for i, op in enumerate(ops):
        if ctx.work.winner is not None or env.halted:
            return
        env.rest = list(ops[i + 1:])
        handler = RUN.get(type(op))
        if handler is None:
            ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is not enforced by the engine: "
                                                   f"the judge resolves it (resolve_trigger or a ruling)")
            continue
        where = getattr(op, "where", None)
        drawn = isinstance(where, Ph.Stat) and where.stat == "cards_drawn" and env.x is not None
        if isinstance(where, Ph.Stat) and not drawn:  # "..., where X is <a number read off the game>" (502.2)
            env.x = _stat(ctx, where, env)  # (the number of cards drawn: what the draw that set it off drew)
        handler(ctx, op, env)


# --------------------------------------------------------------------------------- handlers

Handler = Callable[[SpoilsContext, Any, Env], None]
RUN: dict[type[Node], Handler] = {}
"""Operation class of the effect language -> the function applying it (one per operation)."""


def handles(*classes: type[Node]) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for cls in classes:
            owner = RUN.setdefault(cls, fn)
            if owner is not fn:
                raise RuntimeError(f"{cls.__name__} has one owner, {owner.__module__}.{owner.__qualname__}: "
                                   f"{fn.__module__}.{fn.__qualname__} cannot handle it too (extend the owner)")
        return fn
    return register


CAN: dict[str, Handler] = {}
"""The handlers of "can" operations by their ``can`` (each family registers its own with
``handles_can``); the others go to the engine's general one (``scripted_mechanics``)."""


def handles_can(*names: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for name in names:
            owner = CAN.setdefault(name, fn)
            if owner is not fn:
                raise RuntimeError(f"'can {name}' has one owner, {owner.__module__}.{owner.__qualname__}")
        return fn
    return register


def _players(ctx: SpoilsContext, ref: Any, env: Env, default: str = "you") -> list[str]:
    if ref == "it":  # "pick a faction. If you do, it gains 2 influence": the player of the faction picked
        return [c.split(":", 1)[1] for c in env.it if isinstance(c, str) and c.startswith("faction:")
                and c.split(":", 1)[1] in ctx.work.seating]
    named = that_players(ctx, ref, env)  # "that player('s opponent)": the player named before (503.1, 310.1)
    return named if named is not None else ctx.players_ref(ref or default, env.controller)


def _draw(ctx: SpoilsContext, op: O.Draw, env: Env) -> None:
    spec = op.draw if isinstance(op.draw, O.CountSpec) else None
    for p in _players(ctx, (spec.player if spec else None) or op.player, env):
        named = list(env.choices.get("drawn", [])) if p == env.controller else []
        C.draw(ctx, p, amount(ctx, op.draw, env), named, "spoils.306.1")


def _discard(ctx: SpoilsContext, op: O.Discard, env: Env) -> None:
    spec = op.discard if isinstance(op.discard, O.CountSpec) else None
    for p in _players(ctx, (spec.player if spec else None) or op.player, env):
        hand = ctx.work.players[p].hand
        n = hand if op.discard == "hand" else min(hand, _discard_count(ctx, op, env))
        named = [str(c) for c in as_list(env.choices.get("discarded"))][:n]
        if op.that and env.zone == "hand" and env.searched == p:  # the card(s) chosen in that hand
            n, named = len(env.found), list(env.found)
        elif RM.is_remaining(op.what) and env.zone == "hand" and env.searched == p and getattr(env, "kept", None) is not None:
            named = RM.not_kept(ctx, env.found, env.kept, op.what)  # that hand's cards of the kind not chosen (402.5b)
            n = len(named)
        elif RM.is_remaining(op.what):  # no choice before in that hand: what remains is not known (fail closed)
            ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\": no choice in {p}'s hand before it: "
                                                   f"the judge resolves it")
            continue
        elif op.at_random:  # drawn by the game's seeded source, never the caster's pick (spoils.engine.at-random)
            AR.refuse_pick(ctx, env, "choices.discarded", named, f"the card {p} discards")
            named = AR.from_zone(ctx, env, p, "hand", None, n, f"{p} discards {n}") or []
        if n:
            ctx.emit(E.CardsDiscarded(player=p, count=n, cards=named, rule="spoils.305.1"))
            env.discarded += [(p, c) for c in named]


def _discard_count(ctx: SpoilsContext, op: O.Discard, env: Env) -> int:
    what = getattr(op, "what", None)
    if isinstance(what, Ph.Cards):
        q = what.quantity if isinstance(what.quantity, int) else what.count
        return q if isinstance(q, int) else (env.x or 0) if q == "X" else 1
    return amount(ctx, op.discard, env)


def _damage(ctx: SpoilsContext, op: O.Damage, env: Env) -> None:
    n, aimed = damage_aim(ctx, op, env)
    shares = SEL.divided(ctx, op, n, aimed, env) if op.divided else {t: n for t in aimed}
    for target, share in shares.items():
        _DAMAGE.deal_damage(ctx, target, share, [env.card or env.source], battle=False)


def _influence(ctx: SpoilsContext, op: O.LoseInfluence | O.GainInfluence, env: Env) -> None:
    value = getattr(op, op.HEAD)
    spec = value if isinstance(value, O.AmountSpec) else None
    default = "opponent" if isinstance(op, O.LoseInfluence) else "you"
    n = amount(ctx, value, env)
    for p in _players(ctx, (spec.player if spec else None) or op.player, env, default):
        if isinstance(op, O.LoseInfluence):
            _DAMAGE.lose_influence(ctx, p, n, "effect", "spoils.408.3b")
        elif n > 0:
            influence = ctx.work.players[p].faction.influence + n
            ctx.emit(E.InfluenceGained(player=p, amount=n, influence=influence, rule="spoils.202.3"))


def _destroy(ctx: SpoilsContext, op: O.Destroy, env: Env) -> None:
    done = [C.destroy(ctx, cid, f"destroyed by {env.source}", "spoils.304.1") for cid in targets(ctx, op.destroy, env)]
    env.did = any(done)  # "Destroy the character if you can. If you do, ..." (402.5b)


@handles(O.PutInDiscard)
def _leave(ctx: SpoilsContext, op: Any, env: Env) -> None:
    how, reason, rule = FX.LEAVE_WAYS[op.HEAD]
    for cid in targets(ctx, op.target(), env):
        C.leave_play(ctx, cid, how, reason.format(env.source), rule)


def _deplete(ctx: SpoilsContext, op: O.Deplete | O.Restore, env: Env) -> None:
    deplete = isinstance(op, O.Deplete)
    cards = [c for c in targets(ctx, op.target(), env) if ctx.work.cards[c].depleted != deplete]  # 303.2
    if cards:
        ctx.emit(E.CardsDepleted(cards=cards, rule="spoils.303.1") if deplete else E.CardsRestoredByEffect(cards=cards))


def _modify(ctx: SpoilsContext, op: O.Modify, env: Env) -> None:
    until = lasts(op, env)
    if isinstance(op.modify, O.Parameter):
        by = amount(ctx, op.modify.by, env)
        ctx.emit(E.EffectStarted(effect={"modify": {"parameter": op.modify.parameter, "by": by},
                                         "applies_to": S.selector(op.applies_to) or "self"},
                                 source=env.source, controller=env.controller, until=until))
        return
    times = _CONDITIONS_READ.count(ctx.work, op.for_each, env.card, env.controller) if op.for_each else 1
    changes = {stat: amount(ctx, v if not isinstance(v, str) or not v.startswith("-") else v[1:], env)
               * (-1 if isinstance(v, str) and v.startswith("-") else 1) * times for stat, v in op.modify.changes()}
    changes.update(op.keyword or {})  # "... gains 1 strength and Covert"
    for cid in targets(ctx, op.modify.card or op.card, env):
        ctx.emit(E.CardModified(card_id=cid, changes=changes, source=env.source, until=until))


@handles(O.Gain, O.Lose)
def _keyword(ctx: SpoilsContext, op: O.Gain | O.Lose, env: Env) -> None:
    until = lasts(op, env)
    if op.card is None and op.applies_to is not None:
        sel = S.selector(op.applies_to)
        if sel is not None:
            ctx.emit(E.EffectStarted(effect={op.HEAD: getattr(op, op.HEAD), "applies_to": sel}, source=env.source,
                                     controller=env.controller, until=until))
        return
    for cid in targets(ctx, op.card, env):
        ctx.emit(E.CardModified(card_id=cid, changes={op.HEAD: getattr(op, op.HEAD)}, source=env.source, until=until))


@handles(O.GainControl)
def _gain_control(ctx: SpoilsContext, op: O.GainControl, env: Env) -> None:
    to = next(iter(_players(ctx, op.player, env)), None) if op.player else env.controller
    if to is None:
        return
    taken = targets(ctx, op.gain_control, env)
    until = lasts(op, env)
    for cid in taken:
        card = ctx.work.cards.get(cid)
        if until is not None and card is not None and card.controller != to:  # "this turn, take control" (407.3)
            ctx.emit(E.CardModified(card_id=cid, changes={"becomes": {"controller": card.controller}},
                                    source=env.source, until=until))  # the controller it comes back to
        C.change_control(ctx, cid, to)
    if isinstance(op.gain_control, Ph.Cards) and taken:  # "Take control of the "gear" card. Attach it to ..."
        env.it = taken


@handles(O.RemoveFromBattle)
def _remove_from_battle(ctx: SpoilsContext, op: O.RemoveFromBattle, env: Env) -> None:
    b = ctx.work.battle
    for cid in targets(ctx, op.remove_from_battle, env):
        if b is not None and cid in b.attackers + b.blockers:
            ctx.emit(E.RemovedFromBattle(card_id=cid, reason=f"removed by {env.source}", rule="spoils.302.15"))


def _tokens(ctx: SpoilsContext, op: O.Tokens, env: Env) -> None:
    aimed = targets(ctx, op.card or "self", env)
    if op.either:  # "add or remove a token from this card": as the player says
        n = TS.add_or_remove(ctx, op, env, aimed)
        if n is None:
            return
        op = op.model_copy(update={"tokens": n, "either": False})
    # "Put up to 2 tokens divided however you want on the cards": the split the action gives (402.1)
    shares = SEL.divided(ctx, op, op.tokens, aimed, env, "tokens") if op.divided and isinstance(op.tokens, int) else None
    for cid in aimed if shares is None else list(shares):
        card = ctx.work.cards[cid]
        if op.tokens == "double":  # "Double the number of tokens on the card." (409.1): as many again
            ctx.note("spoils.409.1", f"{env.source}: the tokens on {card.name} are doubled: {card.tokens} to "
                                     f"{2 * card.tokens}")
            if card.tokens:
                ctx.emit(E.TokensChanged(card_id=cid, delta=card.tokens, tokens=2 * card.tokens))
            continue
        n = shares[cid] if shares is not None else -card.tokens if op.tokens == "-all" else amount(
            ctx, op.tokens.lstrip("-"), env) * (-1 if op.tokens == "-X" else 1) if isinstance(op.tokens, str) else op.tokens
        now = max(0, card.tokens + n)
        ctx.emit(E.TokensChanged(card_id=cid, delta=now - card.tokens, tokens=now))


@handles(O.CreateToken, O.Heal)
def _engine_op(ctx: SpoilsContext, op: Node, env: Env) -> None:
    """Operations the engine's own effect documents already say the same way."""
    if isinstance(op, O.CreateToken) and op.who == "each_opponent":
        _each_opponent_may_create(ctx, op, env)
        return
    doc = op.dump()
    if isinstance(op, O.PlayResource):
        doc = {"play_resource": env.choices.get("resource") or {}}
    if isinstance(op, O.Heal):
        doc["card"] = (targets(ctx, op.card, env) or [None])[0]
    FX.apply_effect(ctx, [doc], env.controller, env.source, env.card)


def _each_opponent_may_create(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Each opponent may put 3 Micromajig tokens into play under their control." (409.3c): each opponent
    does unless the action says ``choices.opponent_may`` false (their choice, recorded)."""
    for p in ctx.work.seating:
        if p == env.controller or ctx.work.players[p].lost:
            continue
        does = bool(env.choices.get("opponent_may", True))
        ctx.note("spoils.engine.may-choice", f"{p} {'does' if does else 'does not'}: put "
                                             f"{op.count} Micromajig token(s) into play "
                                             f"({'as the action says' if 'opponent_may' in env.choices else 'by default'})")
        if does:
            FX.apply_effect(ctx, [{"create_token": op.create_token, "count": op.count}], p, env.source, env.card)
            ctx.note("spoils.409.3c", f"{env.source}: {op.count} Micromajig token(s) enter play under {p}'s control")


def _cannot(ctx: SpoilsContext, op: OP["cannot"], env: Env) -> None:
    """A "cannot" for a while: a lasting ``forbid`` of the rule that allows the act (402.7)."""
    until = lasts(op, env)
    if op.cannot == ["be_played"] and isinstance(S.selector(op.who), dict):  # "this turn, tactics cannot be played"
        ctx.emit(E.EffectStarted(effect={"forbid": S.PLAYED, "applies_to": S.selector(op.who)}, source=env.source,
                                 controller=env.controller, until=until))
        return
    who = targets(ctx, op.who, env) if not isinstance(op.who, str) or op.who not in ("you", "opponent") else []
    for cid in who:
        for act in op.cannot:
            rule = S.CANNOT_RULES.get(act)
            if rule is None:
                ctx.note("spoils.engine.script-judge", f"{env.source}: \"cannot {act}\" is the judge's to enforce")
                continue
            ctx.emit(E.EffectStarted(effect={"forbid": rule, "applies_to": {"id": cid}}, source=env.source,
                                     controller=env.controller, until=until))


def _pick(ctx: SpoilsContext, op: A.Pick, env: Env) -> None:
    """"(You may) pick ...": the next of the action's targets; an optional pick made or not is what a
    following "if you do" reads."""
    if op.optional and (not env.queue or env.choices.get("may", True) is False):  # declined (choices.may false)
        env.did = False
        return
    if isinstance(getattr(op, "where", None), Ph.Stat):  # "pick a character with X life or less, where X is ..."
        env.x = _where(ctx, op.where, env)  # 406.3: X now
    picked = chosen(ctx, op.pick, env)
    if op.optional:
        env.did = bool(picked)


def _where(ctx: SpoilsContext, stat: Ph.Stat, env: Env) -> int:
    """X as a "where X is ..." says: "the numeric cost of the revealed card" reads the card revealed
    out of play (``choices.revealed``); other statistics as ``references`` reads them."""
    spec = ctx.lookup(env.found[0]) if env.found and env.revealed else None
    if spec is not None and stat.stat == "numeric_cost" and "revealed" in getattr(stat.of, "adjectives", []):
        return spec.cost or 0
    return _stat(ctx, stat, env)


@handles(A.Pay)
def _pay(ctx: SpoilsContext, op: A.Pay, env: Env) -> None:
    if env.resolving:  # "you may pay 1. If you do, ...": paid now, from unattached resources (309.1)
        n = amount(ctx, op.pay, env)
        env.did = ctx.unattached(env.controller) >= n
        if env.did:
            C.pay(ctx, env.controller, n)
        ctx.note("spoils.309.1", f"{env.source}: {env.controller} {'pays' if env.did else 'cannot pay'} {n}")
        return
    if isinstance(op.pay, int):
        env.pay += op.pay
    elif op.pay == "X+X+X":
        env.pay += 3 * (env.x or 0)
    elif op.pay[0].isdigit():
        env.pay += int(op.pay.split("+")[0]) + (env.x or 0)
    else:
        env.pay += amount(ctx, op.pay, env)


def _only(ctx: SpoilsContext, op: A.OnlyWhen, env: Env) -> None:
    s = ctx.work
    b = s.battle
    me = env.controller
    table: dict[str, bool] = {
        "your_turn": s.active_player == me, "opponent_turn": s.active_player != me, "battle": b is not None,
        "attacking": b is not None and b.attacker == me, "being_attacked": b is not None and b.defender == me,
        "opponent_attacking": b is not None and b.attacker != me,
        "no_tokens": env.card in s.cards and s.cards[env.card].tokens == 0,
    }
    if op.only not in table:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is the judge's to check")
        return
    ctx.require(table[op.only], "spoils.401.3a", f"{env.source}: {op.words()}", f"{env.source}: {op.words()}")


# --------------------------------------------------------------------------------- costs


"""Cost instructions a family fixes itself as the play is announced (True: done, deferred or refused),
e.g. "destroy a resource you control" (``scripted_hands``)."""


__all__ = ["Env", "RUN", "run", "prepare", "perform", "env_for", "targets", "chosen", "amount"]
