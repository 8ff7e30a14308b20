"""Handlers of the effect language's play-mechanic operations, registered into
``adjudicator.spoils.ops.interpreter.RUN``: tokens a card enters play with (409.1), attaching a card in
play to another (507.2: HANDOFF, "attach this card to the character"), flipping a card face down
(411.4), the "use (play) this only ..." restrictions about responses and the discard pile,
which extend the scripted ``only`` handler, plays terminated (314.1) and tactics put into play as
face-down resources instead of into the discard pile (411.1)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E
from adjudicator.spoils.ops import zones as _ZONES  # the handler(s) this module's handlers extend



@SC.handles(OP["enters_with_tokens"])
def _enters_with_tokens(ctx: SpoilsContext, op: OP["enters_with_tokens"], env: SC.Env) -> None:
    n = SC.amount(ctx, op.enters_with_tokens, env)
    if n <= 0:
        return
    for cid in SC.targets(ctx, "self", env):
        card = ctx.work.cards[cid]
        ctx.note("spoils.409.1", f"{card.name} enters play with {n} token(s) on it")
        ctx.emit(E.TokensChanged(card_id=cid, delta=n, tokens=card.tokens + n))


def _attach(ctx: SpoilsContext, op: OP["attach"], env: SC.Env) -> None:
    s = ctx.work
    spent = [r for r in env.it if r in s.players[env.controller].resources] if op.to == "your_faction" else []
    if spent:  # "Put it into play. Attach it to your faction.": the resource is spent as it enters (203.3a, 309.1)
        ctx.emit(E.ResourcesAttached(player=env.controller, resources=spent, amount=0))
        ctx.note("spoils.309.1", f"{env.source}: the resource it put into play is attached to {env.controller}'s faction")
        return
    hosts = SC.targets(ctx, op.to, env)
    for cid in SC.targets(ctx, op.attach, env):
        card = s.cards[cid]
        host = next((h for h in hosts if h in s.cards and h != cid), None)
        kind = (card.attach_to or "character").lower()
        if host is None or s.cards[host].type != kind:
            ctx.note("spoils.402.5", f"{env.source}: no {kind} in play to attach {card.name} to: it stays where it is")
            continue
        ctx.note("spoils.507.2", f"{card.name} attaches to {s.cards[host].name}")
        ctx.emit(E.AttachmentMoved(card_id=cid, to=host, source=env.source, rule="spoils.507.2"))


@SC.handles(OP["flip"])
def _flip(ctx: SpoilsContext, op: OP["flip"], env: SC.Env) -> None:
    if op.face != "down" or op.under != "owner":
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is the judge's to apply")
        return
    for cid in SC.targets(ctx, op.flip, env):
        name = ctx.work.cards[cid].name
        C.leave_play(ctx, cid, "flip_face_down", f"{name} is flipped face down by {env.source}", "spoils.411.4")


def _only(ctx: SpoilsContext, op: A.OnlyWhen, env: SC.Env) -> None:
    """The responses a play may answer (607.1) and the discard pile an ability is used from; the
    other restrictions as the scripted handler checks them."""
    s = ctx.work
    if op.only in M.RESPONSE_TO:
        top = M.responding_to(s, env.controller)
        ok = top is not None and M.RESPONSE_TO[op.only](s, top)
        answers = "nothing" if top is None else f"{top.player}'s {top.name}"
        ctx.require(ok, "spoils.401.3a", f"{env.source}: {op.words()} (it would answer {answers})",
                    f"{env.source} answers {answers}: {op.words()}")
        return
    if op.only in M.FROM_DISCARD:
        here = env.card is None and env.source in s.players[env.controller].discard
        ctx.require(here, "spoils.faq.recur-is-ability", f"{env.source}: {op.words()}",
                    f"{env.source} is in {env.controller}'s discard pile")
        return
    _ZONES._only(ctx, op, env)



@SC.handles(O.Terminate)
def _terminate(ctx: SpoilsContext, op: O.Terminate, env: SC.Env) -> None:
    """314.1: "terminate the character" (the play this one answered), "terminate it" (the play that
    set off the trigger), "terminate the ability"."""
    instead = any(isinstance(later, OP["resolve_as_resource"]) and later.what == "that tactic" for later in env.rest)
    for pid in _plays(ctx, op.terminate, env):
        C.terminate(ctx, pid, env.source, as_resource=instead)


@SC.handles(OP["resolve_as_resource"])
def _resolve_as_resource(ctx: SpoilsContext, op: Any, env: SC.Env) -> None:
    """"Put this card into play under its owner's control as a face-down resource instead of into
    their discard pile" (411.1): the tactic resolving (``settling.resolve_top`` then leaves it out of
    the discard pile); "that tactic": the terminate before it did it."""
    if op.what == "self" and env.card is None and env.resolving:
        C.face_down_resource(ctx, env.controller, env.source, "being_played", env.source)


def _plays(ctx: SpoilsContext, ref: Any, env: SC.Env) -> list[str]:
    """The plays waiting for responses a reference names: one bound to the script (the play that
    set off the trigger), else the most recent one of the kind it says."""
    waiting = {p.id: p for p in ctx.work.pending}
    if ref == "previous":
        return ["previous"]
    bound = [c for group in env.picks for c in group if c in waiting]
    if ref in SC.PRONOUNS or bound:
        return bound[-1:]
    kinds = S._kinds(ref) if isinstance(ref, Ph.Cards) else []
    for play in reversed(ctx.work.pending):
        if play.card is not None and any(k in ("card", play.card.type) for k in kinds):
            return [play.id]
    ctx.note("spoils.402.5", f"{env.source}: no {ref.words() if isinstance(ref, Node) else ref} waiting for "
                             f"responses to terminate")
    return []


@SC.handles(OP["can"])
def _can(ctx: SpoilsContext, op: Any, env: SC.Env) -> None:
    """A "can" operation: the handler its family registered for it (``scripted.CAN``), else the general one."""
    (SC.CAN.get(op.can) or general_can)(ctx, op, env)


def general_can(ctx: SpoilsContext, op: Any, env: SC.Env) -> None:
    """"If you played this card using FLIP UP, put this card into its owner's hand instead of their
    discard pile": the tactic resolving goes to the hand (``settling.resolve_top`` leaves it out of the
    discard pile); the other "can"s are continuous (``scripts.static_effects``)."""
    if op.can == "resolve_to_hand" and env.card is None and env.resolving:
        ctx.emit(E.CardsMoved(player=env.controller, count=1, cards=[env.source], from_zone="being_played", to="hand",
                              source=env.source, rule="spoils.101.1"))
        return
    ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is the judge's to apply")


@SC.handles(OP["party_size"])
def _party_size(ctx: SpoilsContext, op: Any, env: SC.Env) -> None:
    """"It must have only 1 member.": checked as the party is formed (``attacks.party_limits``)."""


@SC.handles(OP["tie_break"])
def _tie_break(ctx: SpoilsContext, op: Any, env: SC.Env) -> None:
    """"If there is a tie, you decide which character ...": decided as the card was chosen (``_extreme``)."""


__all__: list[str] = []
