"""Static and counted effects, continued (round 4, statics): cards that must be picked and know
they were ("Anything that can pick this card must pick it.", "If this card is picked, ...").

``judge`` answers for this module's nodes (asked by ``scripted_statics.judge``); the handlers are
registered into ``scripted.RUN`` with ``@handles`` as ``scripted_statics`` imports this module."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import zones as _ZONES  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import counts
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import selection as SEL
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules.context import as_list
from adjudicator.spoils.rules.references import how_many
from adjudicator.spoils.rules.trigger_matchers import MATCH
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.ops import resources_picked as _RESOURCES_PICKED

if TYPE_CHECKING:
    from adjudicator.spoils.rules.context import SpoilsContext
    from adjudicator.spoils.rules.environment import Env


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, OP["can"]) and node.can == "must_be_picked":
        return False  # _must_pick_then_fire (every "pick" of a card in play)
    if isinstance(node, OP["can"]) and node.can == "face_down_tactics_flip_up":
        return False  # granted_flip_up (asked by plays.flipped_resource)
    if isinstance(node, A.Trigger) and node.when == "picked":
        return False  # _must_pick_then_fire fires it (triggers_players.MATCH)
    return None


# --------------------------------------------------------------------------------- must be picked

def _must_be_picked(ctx: "SpoilsContext", op: Any, env: "Env") -> list[str]:
    """The cards in play that say "Anything that can pick this card must pick it." and that this pick
    could pick (of its kind, within its bound, not refused to this player, 310.1)."""
    s = ctx.work
    ref = op.pick
    if not isinstance(ref, Ph.Cards) or ref.zone not in (None, "play") or ref.being_played:
        return []
    return [cid for cid, card in s.cards.items() if card.script and M.can(S.script_of(card), "must_be_picked")
            and S.matches(s, cid, ref, env.controller, env.card) and counts.within(s, cid, ref.with_, env.x)
            and not SEL.unpickable(ctx, cid, env)]


HOST = "attached_host"
"""The card the source was attached to as its costs were paid (``choices``; its effect reads it once the
source left play: "Destroy this card. EFFECT: Put the "gear" card into play ... attached to the character")."""


def _must_pick_then_fire(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"Anything that can pick this card must pick it." (101.1 over 310.1): a pick that could pick such a
    card names it; then "if this card is picked" fires for each card picked (503.1)."""
    said = [str(x) for x in as_list(env.queue[0])] if env.queue else []
    musts = _must_be_picked(ctx, op, env) if said else []
    missing = [cid for cid in musts if cid not in said]
    if missing and len(musts) - len(missing) >= how_many(op.pick, env)[1]:  # no room left for the others
        ctx.note("spoils.faq.mutual-must-pick", f"{env.source} picks {len(musts) - len(missing)} of the cards that "
                                                f"must be picked, as many as it can: the others are ignored (505.2b)")
    elif missing:
        ctx.violate("spoils.101.1", f"{ctx.work.cards[missing[0]].name} says \"anything that can pick this card must "
                                    f"pick it\": {env.source} picks it (310.1)", blocking=True)
        return
    card = ctx.work.cards.get(env.card or "")
    if not env.resolving and card is not None and card.attached_to:  # "... attached to the character" after it left
        env.choices.setdefault(HOST, card.attached_to)
    before = len(env.picks)
    _RESOURCES_PICKED._pick(ctx, op, env)
    if ctx.blocked or len(env.picks) == before:
        return

    for cid in env.picks[-1]:
        if cid in ctx.work.cards:
            _TRIGGERS_PLAYERS.fire(ctx, "picked", card_id=cid, bind=[cid])


def _picked(h: Any, cid: str, card: Any) -> list[str] | None:
    """"If this card is picked" (310.1): the happening is this card's pick."""
    return [cid] if h.when == "picked" and h.card_id == cid else None


# --------------------------------------------------------------------------------- FLIP UP granted

def granted_flip_up(state: Any, player: str, spec: Any) -> A.Keyword | None:
    """"All your face-down tactics gain FLIP UP with numeric cost and threshold equal to their regular
    numeric cost and threshold." (507.4): the FLIP UP a card ``player`` controls gives a tactic of theirs."""
    if spec.type != "tactic" or not any(
            card.controller == player and card.script and M.can(S.script_of(card), "face_down_tactics_flip_up")
            and not blanked(state, cid) for cid, card in state.cards.items()):
        return None
    return A.Keyword(keyword="flip_up", cost=spec.cost or 0, threshold=spec.threshold or None)


# --------------------------------------------------------------------------------- a gear put into play attached

def put_attached(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"Put the "gear" card into play under your control attached to the character." (402.8, 507.2): the
    card picked in a discard pile, onto the character the source was attached to (if both are still there);
    asked by the owner of ``put_into_play`` (``picks_and_repeats``) for one ``attached_to`` another card."""
    from events.models import spoils as E

    s = ctx.work
    owner = env.searched or env.controller
    held = s.cards.get(env.card or "")
    host = held.attached_to if held is not None and held.attached_to else env.choices.get(HOST)
    if host not in s.cards or s.cards[host].type != "character":
        ctx.note("spoils.402.5", f"{env.source}: the character is no longer in play: nothing is attached to it")
        return
    left = list(s.players[owner].discard)
    for name in [n for n in env.found if n in left and not left.remove(n)]:
        spec = ctx.lookup(name)
        if spec is None or (isinstance(op.put_into_play, Ph.Cards) and not S.spec_fits(spec, op.put_into_play)):
            continue
        ctx.emit(E.CardsMoved(player=owner, count=1, cards=[name], from_zone="discard", to="play", source=env.source,
                              rule="spoils.402.8"))
        C.enter_play(ctx, ctx.new_id("c"), spec, env.controller, owner, how="put_into_play", rule="spoils.402.8",
                     attach_to=host)


def _register() -> None:

    MATCH.setdefault("picked", _picked)


_register()


