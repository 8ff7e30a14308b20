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
from adjudicator.effects import phrases as Ph
from adjudicator.spoils import mechanics as M
from adjudicator.spoils import scripts as S
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.references import Env
from adjudicator.spoils.scripted import RUN, handles
from adjudicator.spoils.scripts import OP
from adjudicator.spoils.state import SpoilsState
from adjudicator.spoils.triggers_players import MATCH, Happening
from events.models import spoils as E
from adjudicator.spoils import scripted as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils import scripted_delayed as _DELAYED  # the handler(s) this module's handlers extend


def played(s: SpoilsState, player: str) -> list[str]:
    """The types of what ``player`` played this turn, in order ("resource" for a resource, 605)."""
    return list(s.played_this_turn.get(player, []))


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


def first_resource(ctx: SpoilsContext, player: str, resource_id: str) -> None:
    """"The first resource each opponent plays each turn enters play attached to that opponent's
    faction." (a card an opponent of ``player`` controls): the resource just played is attached."""
    s = ctx.work
    if played(s, player).count("resource") != 1 or resource_id not in s.players[player].resources:
        return
    for card in s.cards.values():
        if card.controller != player and card.script and any(
                isinstance(op, OP["can"]) and op.can == "opponents_first_resource_attached"
                for op in M.top_statics(S.script_of(card))):
            ctx.note("spoils.101.1", f"{card.name}: the first resource {player} plays this turn enters play "
                                     f"attached to {player}'s faction")
            ctx.emit(E.ResourcesAttached(player=player, resources=[resource_id], amount=1))
            return


def keep_picks(ctx: SpoilsContext, card_id: str, spec: Any, picks: list[list[str]]) -> None:
    """A card whose continuous text reads what its play picked ("while the picked location is in play")
    keeps those cards as it enters play (a ``CardModified`` with ``picked``)."""
    script = S.script_of(spec) if spec.script else None
    reads = any(isinstance(n, Ph.During) and n.during.startswith("picked_") for n in S.walk(
        [op for a in (script.abilities if script else []) if isinstance(a, A.Static) for op in a.static]))
    ids = [c for group in picks for c in group]
    if reads and ids and card_id in ctx.work.cards:
        ctx.emit(E.CardModified(card_id=card_id, changes={"picked": ids}, source=spec.name, until=None))


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
