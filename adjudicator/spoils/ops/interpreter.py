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
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import effect_documents as FX
from adjudicator.spoils.rules import selection as SEL
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules.context import SpoilsContext, as_list
from adjudicator.spoils.text.subjects import Subject
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.rules.references import CHOOSING, FACTION_WORDS, PRONOUNS, UNTIL, amount, chosen, how_many, lasts, last_known, targets, _stat
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
    return ctx.players_ref(ref or default, env.controller)


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
    to = ctx.players_ref(op.player, env.controller)[0] if op.player else env.controller
    taken = targets(ctx, op.gain_control, env)
    for cid in taken:
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
    # "Put up to 2 tokens divided however you want on the cards": the split the action gives (402.1)
    shares = SEL.divided(ctx, op, op.tokens, aimed, env, "tokens") if op.divided and isinstance(op.tokens, int) else None
    for cid in aimed if shares is None else list(shares):
        card = ctx.work.cards[cid]
        n = shares[cid] if shares is not None else -card.tokens if op.tokens == "-all" else amount(
            ctx, op.tokens.lstrip("-"), env) * (-1 if op.tokens == "-X" else 1) if isinstance(op.tokens, str) else op.tokens
        now = max(0, card.tokens + n)
        ctx.emit(E.TokensChanged(card_id=cid, delta=now - card.tokens, tokens=now))


@handles(O.CreateToken, O.Heal)
def _engine_op(ctx: SpoilsContext, op: Node, env: Env) -> None:
    """Operations the engine's own effect documents already say the same way."""
    doc = op.dump()
    if isinstance(op, O.PlayResource):
        doc = {"play_resource": env.choices.get("resource") or {}}
    if isinstance(op, O.Heal):
        doc["card"] = (targets(ctx, op.card, env) or [None])[0]
    FX.apply_effect(ctx, [doc], env.controller, env.source, env.card)


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


def _may(ctx: SpoilsContext, op: OP["may"], env: Env) -> None:
    choice = env.choices.get("may", True)
    env.did = bool(choice)
    ctx.note("spoils.engine.may-choice", f"{env.controller} {'does' if env.did else 'does not'}: "
                                         f"{op.words()} ({'as the action says' if 'may' in env.choices else 'by default'})")
    if env.did:
        do_all(ctx, list(op.may), env)


@handles(OP["if_you_do_and"])
def _if_you_do_and(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If you do and it is a staple resource, ...": the "you may" was taken and the condition holds."""
    verdict = _CARD_CONDITIONS.holds(ctx, op.if_you_do_and, env) if env.did else False
    if verdict is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: whether {op.if_you_do_and.words()} is the judge's call")
        return
    ctx.note("spoils.504.1", f"{env.source}: {op.words()[:60]}...: {'yes' if verdict else 'no'}")
    if verdict:
        do_all(ctx, list(op.then), env)


BRANCHES: dict[type[Node], Callable[[Env], bool]] = {
    OP["if_you_do"]: lambda env: env.did, OP["if_you_win"]: lambda env: env.last_if, OP["otherwise"]: lambda env: not env.last_if,
    OP["if_you_dont"]: lambda env: not env.did}  # "If you don't, ...": the "you may" before it was not taken
"""The clauses that follow a "you may", a coin flip or an "if": whether each is taken."""


@handles(*BRANCHES)
def _branch(ctx: SpoilsContext, op: Any, env: Env) -> None:
    if isinstance(op, OP["if_you_do"]):  # "If you do, ... Otherwise, ...": the otherwise is "if you did not"
        env.last_if = env.did
    if BRANCHES[type(op)](env):
        do_all(ctx, list(getattr(op, op.HEAD)), env)


def _condition(ctx: SpoilsContext, op: Any, env: Env) -> bool | None:
    return condition(ctx, op.if_, env)


def condition(ctx: SpoilsContext, cond: Any, env: Env) -> bool | None:
    """A condition as a running script reads it: a state about what it picked ("the character is
    Covert"), else about its card; X as the script set it."""
    card = (env.it or [env.card])[0] if isinstance(cond, Ph.During) else env.card
    verdict = _CARD_CONDITIONS.holds(ctx, cond, env)
    return _CONTINUOUS.holds(ctx.work, cond, card, env.controller, env.x) if verdict is None else verdict


def _if(ctx: SpoilsContext, op: OP["if"], env: Env) -> None:
    verdict = _condition(ctx, op, env)
    if verdict is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: whether {op.if_.words()} is the judge's call")
        return
    env.last_if = verdict
    ctx.note("spoils.504.1", f"{env.source}: {op.if_.words()}: {'yes' if verdict else 'no'}")
    if verdict:
        do_all(ctx, list(op.then), env)


def _x_is(ctx: SpoilsContext, op: OP["x_is"], env: Env) -> None:
    value = (op.x_is if isinstance(op.x_is, int) else _stat(ctx, op.x_is, env)) * (2 if op.twice else 1)
    if op.name == "Y":
        env.y = value
    else:
        env.x = value
    ctx.note("spoils.406.3", f"{env.source}: {op.name} is {value}")


@handles(OP["and"])
def _and(ctx: SpoilsContext, op: Any, env: Env) -> None:
    do_all(ctx, list(op.and_), env)


@handles(OP["choose_x"])
def _choose_x(ctx: SpoilsContext, op: OP["choose_x"], env: Env) -> None:
    x = env.choices.get("x")
    if not ctx.require(isinstance(x, int) and x >= 0, "spoils.401.3", f"{env.source}: choose a number for X "
                       "(choices.x, a whole number)", f"{env.controller} chooses X = {x}", blocking=True):
        x = 0
    low = op.greater_than  # "a number for X that is greater than 0", "... 3 or less", "... the number of [E] you control"
    high = op.at_most if isinstance(op.at_most, int) or op.at_most is None else _stat(ctx, op.at_most, env)
    bound = op.words().removeprefix("Choose a number for X ").removeprefix("that is ").rstrip(".")
    ctx.require((low is None or x > low) and (high is None or x <= high), "spoils.401.3",
                f"{env.source}: X = {x} is not {bound}", "", blocking=True)
    env.x = x


def _flip_coin(ctx: SpoilsContext, op: OP["flip_coin"], env: Env) -> None:
    said = env.choices.get("coin")
    if said in ("win", "lose"):
        env.last_if = said == "win"
        how = "as recorded at the table"
    else:
        env.last_if = random.Random(f"{ctx.work.position}:{env.source}:{env.controller}").random() < 0.5
        how = "flipped by the service (seeded by the position)"
    ctx.note("spoils.engine.coin-flip", f"{env.source}: {env.controller} {'wins' if env.last_if else 'loses'} "
                                        f"the coin flip ({how})")
    env.choices["coin"] = "win" if env.last_if else "lose"
    _TRIGGERS_PLAYERS.fire(ctx, "coin_flipped", player=env.controller)  # "if a coin is flipped" (triggers_players)


def _pick(ctx: SpoilsContext, op: A.Pick, env: Env) -> None:
    """"(You may) pick ...": the next of the action's targets; an optional pick made or not is what a
    following "if you do" reads."""
    if op.optional and not env.queue:
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

COST_NOW = (A.Pick, A.Pay, A.OnlyWhen, OP["x_is"], OP["choose_x"], OP["flip_coin"], OP["if_you_win"], OP["otherwise"],
            OP["x_if"], OP["reveal"], OP["pick_x"],  # reveal, pick_x: scripted_zones (the card, X fixed now)
            OP["or"])  # scripted_costs_or: the option chosen, then paid as the rest of the cost
"""Cost instructions settled when the play is announced; the others (deplete, destroy, discard...)
are done once it is (401.3, in order)."""


COST_PICKS: list[Callable[[SpoilsContext, Node, Env], bool]] = []
COST_PICK_ORDER = (
    "hands._cost_pick", "split_cards._cost_x_so_far", "discards_undone._x_if_it_is",
    "deck_top_removed._cost_removal", "location_marks._cost_if_you_do_pick",
    "location_marks._cost_or_shared", "picks_and_repeats._answering_a_pick",
    "picks_and_repeats._pick_instead", "costs_discard._cost_discard")
"""The order ``prepare`` asks the cost picks in (the first that takes an instruction settles it),
declared here so that it never depends on which module is imported first."""


def _short(fn: Callable[..., Any]) -> str:
    return f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}"


def cost_pick(fn: Callable[[SpoilsContext, Node, Env], bool]) -> Callable[[SpoilsContext, Node, Env], bool]:
    """Declares a cost pick; it takes its place in ``COST_PICK_ORDER``, whatever the import order."""
    if _short(fn) not in COST_PICK_ORDER:
        raise RuntimeError(f"{_short(fn)} is not in scripted.COST_PICK_ORDER: say there where it is asked")
    if fn not in COST_PICKS:
        COST_PICKS.append(fn)
        COST_PICKS.sort(key=lambda f: COST_PICK_ORDER.index(_short(f)))
    return fn
"""Cost instructions a family fixes itself as the play is announced (True: done, deferred or refused),
e.g. "destroy a resource you control" (``scripted_hands``)."""


def prepare(ctx: SpoilsContext, cost: list[Node], env: Env, *, depletes_self: bool = False) -> None:
    """Checks a scripted cost (401.2): picks the action's targets, settles X and "pay", checks
    restrictions; the other instructions wait in ``env.deferred`` for ``perform``."""
    for op in cost:
        if ctx.blocked:
            return
        if any(pick(ctx, op, env) for pick in COST_PICKS):
            continue
        if isinstance(op, O.Deplete) and op.deplete == "self" and depletes_self:
            continue
        if isinstance(op, COST_NOW):
            if isinstance(getattr(op, "where", None), Ph.Stat):  # "pay X, where X is ..." (406.3)
                env.x = _stat(ctx, op.where, env)
            RUN[type(op)](ctx, op, env)
            continue
        if isinstance(op, OP["if"]) and _condition(ctx, op, env) is not None:
            # "If you did not play this card using FLIP UP, pay X": known as the costs are paid (401.2)
            if _condition(ctx, op, env):
                prepare(ctx, list(op.then), env)
            continue
        ref = getattr(op, op.HEAD, None)
        if isinstance(op, O._Move):
            # The cards are fixed now ("destroy it" is the card picked just before, 401.3).
            choosing = isinstance(ref, Ph.Cards) and (ref.quantity in CHOOSING or isinstance(ref.quantity, int) or (
                ref.quantity == "bare" and ref.count is not None))  # "X cards in your discard pile", "deplete X characters"
            fixed = chosen(ctx, ref, env, "spoils.401.2") if choosing else targets(ctx, ref, env)
            if isinstance(op, (O.Deplete, O.Restore)) and (choosing or ref == "self"):
                _can_turn(ctx, op, fixed, env)
            env.deferred.append(op.model_copy(update={op.HEAD: fixed}))
            continue
        if isinstance(op, O.Tokens) and isinstance(op.tokens, int) and op.tokens < 0 and op.card in (None, "self"):
            _can_remove_tokens(ctx, op, env)
        env.deferred.append(op)


def _can_remove_tokens(ctx: SpoilsContext, op: O.Tokens, env: Env) -> None:
    """401.3b: "remove 4 tokens from this card" as a cost is paid only while the card has them."""
    card = ctx.work.cards.get(env.card or "")
    have = card.tokens if card is not None else 0
    ctx.require(have >= -op.tokens, "spoils.401.3b", f"{env.source}: this card has {have} token(s): it cannot pay "
                f"the cost \"{op.words()}\" (401.2)", blocking=True)


def _can_turn(ctx: SpoilsContext, op: O.Deplete | O.Restore, cards: list[str], env: Env) -> None:
    """A cost that depletes (restores) a card is paid only with a card that is not already depleted
    (restored): one that is cannot be depleted (restored) again, so the cost cannot be paid (303.2, 401.2)."""
    deplete = isinstance(op, O.Deplete)
    for cid in cards:
        card = ctx.work.cards.get(cid)
        if card is not None and not ctx.require(card.depleted != deplete, "spoils.303.2",
                                                f"{env.source}: {card.name} is already "
                                                f"{'depleted' if deplete else 'restored'}: it cannot pay the cost "
                                                f"\"{op.words()}\" (401.2)", blocking=True):
            return


def perform(ctx: SpoilsContext, env: Env) -> None:
    """The cost instructions that act on the game (deplete, destroy, discard...), in order; the
    cards they move are an extra cost's, which no replacement applies to (506.2)."""
    moved = {c for op in env.deferred if isinstance(op, O._Move) and isinstance(getattr(op, op.HEAD), list)
             for c in getattr(op, op.HEAD) if isinstance(c, str)}
    ctx.cost_cards |= moved
    ctx.__dict__[PAYING] = ctx.__dict__.get(PAYING, 0) + 1  # cards out of play it moves: no replacement either
    try:
        do_all(ctx, env.deferred, env)
    finally:
        ctx.cost_cards -= moved
        ctx.__dict__[PAYING] -= 1
    env.deferred = []


def env_for(ctx: SpoilsContext, player: str, source: str, card: str | None, action: Any) -> Env:
    """A script's environment for an action: its ``targets`` and ``choices``."""
    return Env(player, source, card, choices=dict(getattr(action, "choices", None) or {}),
               queue=list(getattr(action, "targets", None) or []))


def subject_card(ctx: SpoilsContext, card_id: str) -> Subject:
    return Subject.card(ctx.work, card_id)


__all__ = ["Env", "RUN", "run", "prepare", "perform", "env_for", "targets", "chosen", "amount"]
