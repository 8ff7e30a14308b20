"""Delayed effects an effect sets up (round 4, statics): "At the start of your next turn, if this card
is in play, put the removed character into play under your control.", "At the end of the turn, ...".

The effect is kept as a lasting effect (``EffectStarted``: ``{"delayed": when, "trigger": ...}``) that
ends with the turn it waits for; ``delayed_triggers`` (asked by ``settling.fire``) turns it into a
trigger of the card that set it up when that moment comes (503.1), run with what the effect knew (its
picks, X, the cards it removed from the game)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import (
    revealed_and_reduced as _REVEALED_AND_REDUCED,  # the handler(s) this module's handlers extend
)
from adjudicator.spoils.ops import statics as _STATICS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.rules.card_conditions import PAID
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.continuous import STATES
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E

if TYPE_CHECKING:
    from adjudicator.spoils.rules.context import SpoilsContext
    from adjudicator.spoils.rules.environment import Env

FIRES = {"start_of_your_next_turn": "start_of_turn", "end_of_turn": "end_of_turn", "start_of_your_turn": "start_of_turn"}
"""The moment (``settling.fire``'s ``when``) each delayed effect waits for."""
YOURS = ("start_of_your_next_turn", "start_of_your_turn")
"""The moments of the controller's own next turn (602.1)."""


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, OP["later"]):
        return node.later not in FIRES  # _later, delayed_triggers
    if isinstance(node, A.OnlyWhen) and node.only == "times_each_turn":
        return False  # _only_n_times
    if isinstance(node, Ph.During) and node.during == "in_play":
        return False  # "if (while) this card is in play" (scripted_cards.PAID, continuous.STATES)
    return None


@handles(OP["later"])
def _later(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """Sets up the delayed effect: until the start of its controller's next turn, or this turn's end."""
    removed = [e.name for e in ctx.events if isinstance(e, E.CardLeftPlay) and e.to == "removed"]
    owner = next((ctx.state.cards[e.card_id].owner for e in ctx.events if isinstance(e, E.CardLeftPlay)
                  and e.to == "removed" and e.card_id in ctx.state.cards), env.controller)
    doc = env.doc(list(op.do))
    if removed:  # "the removed character": the cards this effect removed from the game (403.6a)
        doc["script"]["found"] = {"cards": removed, "player": owner, "zone": "removed"}
    mine = op.later in YOURS
    ctx.emit(E.EffectStarted(effect={"delayed": FIRES[op.later], "player": env.controller if mine else None,
                                     "card_id": env.card, "name": f"{env.source}: {op.words()}", "effect": [doc]},
                             source=env.source, controller=env.controller,
                             until=f"start_of:{env.controller}" if mine else "turn"))
    ctx.note("spoils.503.1", f"{env.source}: {op.words()}")


def _back_from_removed(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"Put the removed character into play under your control." (402.8): the cards the effect removed
    from the game, if they are still there."""
    if env.zone == "removed" and env.found:
        kept = list(ctx.work.players[env.searched or env.controller].removed)
        env.found = [n for n in env.found if n in kept and not kept.remove(n)]
        if not env.found:
            ctx.note("spoils.402.5", f"{env.source}: the removed card is no longer out of the game")
            return
    _REVEALED_AND_REDUCED._back_into_play(ctx, op, env)


def _register() -> None:
    PAID.setdefault("in_play", lambda ctx, env: env.card in ctx.work.cards)  # "if this card is in play" (a script)
    STATES.setdefault("in_play", lambda s, cid, me, n: cid in s.cards)  # "while this card is in play" (a static)


_register()


# --------------------------------------------------------------------------------- uses each turn

USED = "used_this_turn"
"""The key of the record of one use of a limited ability this turn (``EffectStarted``, ended with the turn)."""


def _only_n_times(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"Use this only 5 times each turn." (401.3a): the uses of this ability of this card this turn, each
    recorded as it is paid for."""
    if op.only != "times_each_turn":
        _STATICS._only_if_you_own(ctx, op, env)
        return
    ability = _ability_of(ctx, op, env)
    used = sum(1 for x in ctx.work.effects if x.effect.get(USED) == ability and x.effect.get("card") == env.card)
    if not ctx.require(used < (op.n or 0), "spoils.401.3a", f"{env.source}: {op.words()} (used {used} times this turn)",
                       f"{env.source}: {ability} used {used + 1} of {op.n} times this turn", blocking=True):
        return
    ctx.emit(E.EffectStarted(effect={USED: ability, "card": env.card}, source=env.source, controller=env.controller,
                             until="turn"))


def _ability_of(ctx: "SpoilsContext", op: Any, env: "Env") -> str:
    """The name of the ability whose cost says ``op`` (its card's script)."""
    card = ctx.work.cards.get(env.card or "")
    script = S.script_of(card) if card is not None and card.script else None
    for ability in (script.abilities if script else []):
        if isinstance(ability, A.Activated) and any(x is op or x == op for x in ability.cost or []):
            return ability.ability
    return env.source


