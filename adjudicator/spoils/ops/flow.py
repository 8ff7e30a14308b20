"""The handlers of a script's flow: "you may" and what follows it ("if you do", "if you don't"), "if",
"and", X set or chosen, and a coin flipped (its "if you win" and "otherwise")."""
from __future__ import annotations

import random
from typing import Any, Callable

from adjudicator.effects import Node
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops.interpreter import do_all, handles  
from adjudicator.spoils.rules import card_conditions as _CARD_CONDITIONS
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import (
    _stat,
)
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text.scripts import OP


def _may(ctx: SpoilsContext, op: OP["may"], env: Env) -> None:
    choice = env.choices.get("may", True)
    env.did = bool(choice)
    ctx.note("spoils.engine.may-choice", f"{env.controller} {'does' if env.did else 'does not'}: "
                                         f"{op.words()} ({'as the action says' if 'may' in env.choices else 'by default'})")
    if env.did:
        do_all(ctx, list(op.may), env)


def _if_you_do_and(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If you do and it is a staple resource, ...": the "you may" was taken and the condition holds."""
    verdict = _CARD_CONDITIONS.holds(ctx, op.also_if, env) if env.did else False
    if verdict is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: whether {op.also_if.words()} is the judge's call")
        return
    ctx.note("spoils.504.1", f"{env.source}: {op.words()[:60]}...: {'yes' if verdict else 'no'}")
    if verdict:
        do_all(ctx, list(op.if_you_do), env)


BRANCHES: dict[type[Node], Callable[[Env], bool]] = {
    OP["if_you_do"]: lambda env: env.did, OP["otherwise"]: lambda env: not env.last_if,
    OP["if_you_dont"]: lambda env: not env.did}  # "If you don't, ...": the "you may" before it was not taken
"""The clauses that follow a "you may", a coin flip or an "if": whether each is taken."""


@handles(*BRANCHES)
def _branch(ctx: SpoilsContext, op: Any, env: Env) -> None:
    if isinstance(op, OP["if_you_do"]) and op.also_if is not None:  # "If you do and <condition>, ..."
        _if_you_do_and(ctx, op, env)
        return
    if isinstance(op, OP["if_you_do"]):  # "If you do, ... Otherwise, ...": the otherwise is "if you did not"
        env.last_if = env.did
    if BRANCHES[type(op)](env):
        do_all(ctx, list(getattr(op, op.HEAD)), env)


@handles(OP["if_you"])
def _coin_outcome(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If you win, ..." / "If you lose, ...": the last coin flip's outcome (``env.last_if``)."""
    if bool(env.last_if) == (op.if_you == "win"):
        do_all(ctx, list(op.then), env)


def _condition(ctx: SpoilsContext, op: Any, env: Env) -> bool | None:
    return condition(ctx, op.if_, env)


def condition(ctx: SpoilsContext, cond: Any, env: Env) -> bool | None:
    """A condition as a running script reads it, of the card its text names (504.1): a state said of "this card"
    ("if this card is depleted") about its card, one said of "it" or of what it picked ("the character is
    Covert") about that card; any other about its card; X as the script set it."""
    if isinstance(cond, Ph.AllOf):  # every part as the running script reads it (None: one it does not judge)
        verdicts = [condition(ctx, part, env) for part in cond.all_of]
        return None if None in verdicts else all(verdicts)
    card = (env.it or [env.card])[0] if isinstance(cond, Ph.During) and not _of_this_card(cond) else env.card
    verdict = _CARD_CONDITIONS.holds(ctx, cond, env)
    return _CONTINUOUS.holds(ctx.work, cond, card, env.controller, env.x) if verdict is None else verdict


def _of_this_card(cond: Ph.During) -> bool:
    """Whether a state is said of "this card" (its words name the card, the subject is not "it")."""
    return cond.subject == "self" and "{self}" in Ph.STATE_WORDS[cond.during]


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
    """The parts of one sentence, in order: a duration said once for them ("This turn, A and B") lasts for each,
    and when the sentence's subject is this card, "it" in a later part is this card ("this card gains 2 speed and
    while it is the only member of an attacking party, ..."), not a card its cost picked."""
    if env.card is not None and _names_itself(op.and_[0]):
        env.it = [env.card]
    do_all(ctx, [with_duration(part, op.until) for part in op.and_], env)


def _names_itself(op: Node) -> bool:
    """Whether the card ``op`` changes is "this card" (its subject)."""
    changes = getattr(op, "modify", None)
    return "self" in (getattr(op, "card", None), getattr(changes, "card", None))


def with_duration(op: Node, until: str | None) -> Node:
    """``op`` lasting ``until`` when it takes a duration and says none of its own."""
    if until is None or "until" not in type(op).model_fields or op.until is not None:
        return op
    return op.model_copy(update={"until": until})


@handles(OP["choose_x"])
def _choose_x(ctx: SpoilsContext, op: OP["choose_x"], env: Env) -> None:
    """X chosen (``choices.x``): by the controller, or by "that player" a trigger at the start of each player's
    turn names, the player whose turn starts; a whole number, 0 included (410.2, 410.2a), checked as it is made."""
    x = env.choices.get("x")
    chooser = (env.that_player or ctx.work.active_player or env.controller) if op.who == "that_player" else env.controller
    rule = "spoils.410.2" if op.who == "that_player" else "spoils.401.3"
    if not ctx.require(isinstance(x, int) and not isinstance(x, bool) and x >= 0, rule, f"{env.source}: {chooser} "
                       "chooses a number for X (choices.x, a whole number)", f"{chooser} chooses X = {x}", blocking=True):
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
