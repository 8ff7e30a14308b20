"""What a card's text reads of this turn's history (``SpoilsState.played_this_turn``: each player's
plays this turn, projected from the ``CardPlayed`` and ``ResourcePlayed`` events, so an old log replays
the same): "play this only if you have played at least 2 other non-resource cards this turn", "use
this only if no tokens are on this card and only if your opponent played a character this turn" (401.3a,
checked as the cost is paid), "if your opponent plays a character" (503.1), "the first resource each
opponent plays each turn enters play attached to that opponent's faction", "the numeric cost of the
last tactic played this turn" (``counts``).
"""
from __future__ import annotations

from typing import Any, Callable

from adjudicator.effects import abilities as A
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.rules.trigger_matchers import MATCH, Happening
from events.models import spoils as E
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import delayed as _DELAYED  # the handler(s) this module's handlers extend
from adjudicator.spoils.rules.history import played


def _opponents_played(s: SpoilsState, me: str, kind: str) -> bool:
    return any(kind in played(s, p) for p in s.seating if p != me)


RESTRICTIONS: dict[str, Callable[[SpoilsState, Env, Any], bool]] = {
    # "... at least 2 other non-resource cards this turn": the card being paid for is not played yet.
    "played_other_nonresource": lambda s, env, n: sum(t != "resource" for t in played(s, env.controller)) >= (n or 0),
    "no_tokens_opponent_played_character": lambda s, env, n: (env.card in s.cards and s.cards[env.card].tokens == 0)
    and _opponents_played(s, env.controller, "character"),
    "not_in_battle_self": lambda s, env, n: s.battle is None or env.card not in s.battle.attackers + s.battle.blockers,
}
"""The restrictions (``only``) that read this turn's plays, and "use this only while this card is not in a
battle" (RETIRE's); ``scripted_costs.enforced`` lists them."""


@handles(A.OnlyWhen)
def _only(ctx: SpoilsContext, op: A.OnlyWhen, env: Env) -> None:
    check = RESTRICTIONS.get(op.only)
    if check is None:
        _DELAYED._only_n_times(ctx, op, env)
        return
    mine = ", ".join(played(ctx.work, env.controller)) or "nothing"
    said = "" if op.only == "not_in_battle_self" else f" ({env.controller} has played this turn: {mine})"
    ctx.require(check(ctx.work, env, op.n), "spoils.401.3a", f"{env.source}: {op.words()}{said}",
                f"{env.source}: {op.words()}")


def _opponent_plays(kind: str) -> Callable[[Happening, str, Any], "list[str] | None"]:
    """"If your opponent plays a character": the card just played (the last of its player's plays)."""
    def match(h: Happening, cid: str, card: Any) -> list[str] | None:
        if h.when != "card_played" or h.player is None or h.player == card.controller:
            return None
        return [] if played(h.ctx.work, h.player)[-1:] == [kind] else None
    return match


MATCH["opponent_plays_character"] = _opponent_plays("character")


# --------------------------------------------------------------------------------- "it cannot be used again this turn"

USED_AGAIN = "cannot_use_again"
"""The key of a lasting effect (``EffectStarted``, until the turn ends) naming an ability of a card in play
that cannot be used again: ``{USED_AGAIN: ability name, "card": card id}``."""


@handles(OP["cannot"])
def _cannot_use_again(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Terminate the ability. It cannot be used again this turn.": the ability this effect terminated."""
    if op.cannot != ["be_used_again"] or op.who != "it":
        _SCRIPTED._cannot(ctx, op, env)
        return
    stopped = {e.pending_id for e in ctx.events if isinstance(e, E.PlayTerminated)}
    for play in ctx.state.pending:
        if play.id in stopped and play.kind == "ability" and play.card_id:
            ctx.emit(E.EffectStarted(effect={USED_AGAIN: play.name, "card": play.card_id}, source=env.source,
                                     controller=env.controller, until="turn"))
            ctx.note("spoils.402.7", f"{env.source}: {play.name} cannot be used again this turn")


def used_again(ctx: SpoilsContext, card_id: str, ability: str) -> bool:
    """Whether an effect says this ability of the card cannot be used again this turn (a violation, 402.7)."""
    by = next((x.source for x in ctx.work.effects if x.effect.get(USED_AGAIN, "").lower() == ability.lower()
               and x.effect.get("card") == card_id), None)
    if by is not None:
        ctx.violate("spoils.402.7", f"{by}: {ability} cannot be used again this turn", blocking=True)
    return by is not None
