"""Choices said in one sentence ("Pay 1 or destroy a Micromajig token you control.", "discard a card or
destroy this card") and the trigger a card's play sets up ("You may play this card whenever you could
play a tactic. If you do, when this card enters play ...").

The option taken is the one the action names (``choices.option``, 1 for the first as printed); without
one, the first the player can do.  In a cost, the option is paid like the rest of the cost (401.3: one
that cannot be done makes the cost unpayable, 401.2); as an effect resolves, an option that cannot be
done leaves the other (402.5: do what can be done).
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.ops.hands import resources_of
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import amount, how_many
from adjudicator.spoils.rules.trigger_matchers import MATCH, Happening
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.text.trigger_read import PLAYED_AS_TACTIC
from events.models import spoils as E


def possible(ctx: SpoilsContext, op: Node, env: Env) -> bool:
    """Whether the player can do ``op`` now (a payment, tokens removed from a card, a discard, a card
    to destroy or pick); True for what the engine does not weigh."""
    s = ctx.work
    if isinstance(op, A.Pay):
        return ctx.unattached(env.controller) >= env.pay + amount(ctx, op.pay, env)
    if isinstance(op, O.Tokens) and isinstance(op.tokens, int) and op.tokens < 0:
        card = s.cards.get(env.card or "") if op.card in (None, "self") else None
        return card is not None and card.tokens >= -op.tokens
    if isinstance(op, O.Discard) and isinstance(op.discard, int) and op.what is None:
        return s.players[env.controller].hand >= op.discard
    ref = getattr(op, op.HEAD, None)
    if named_resources(ctx, op, env) is not None:
        return bool(named_resources(ctx, op, env))
    if resources_of(ctx, op, env) is not None:
        return bool(resources_of(ctx, op, env))
    if isinstance(op, (O.Destroy, A.Pick)) and isinstance(ref, Ph.Cards) and ref.zone in (None, "play"):
        fits = sum(1 for cid in s.cards if S.matches(s, cid, ref, env.controller, env.card))
        return fits >= how_many(ref, env)[0]
    return True


@handles(OP["or"])
def _or(ctx: SpoilsContext, op: Any, env: Env) -> None:
    options = list(op.or_)
    said = env.choices.get("option")
    can = [i for i, option in enumerate(options, start=1) if possible(ctx, option, env)]
    if isinstance(said, int) and 1 <= said <= len(options):
        chosen, how = said, "as the action says"
    else:
        chosen, how = (can or [1])[0], "the first the player can do (choices.option names another)"
    if chosen not in can:
        words = options[chosen - 1].words().rstrip(".")
        if not env.resolving:
            ctx.violate("spoils.401.2", f"{env.source}: {env.controller} cannot {words[:1].lower() + words[1:]}: that "
                                        f"option of \"{op.words()}\" cannot be paid", blocking=True)
            return
        ctx.note("spoils.402.5", f"{env.source}: {env.controller} cannot {words[:1].lower() + words[1:]}")
        chosen, how = (can or [chosen])[0], "the other option, the one that can be done"
    option = options[chosen - 1]
    if env.resolving and named_resources(ctx, option, env):
        _destroy_resource(ctx, option, env)
        return
    ctx.note("spoils.401.3" if not env.resolving else "spoils.402.5",
             f"{env.source}: {env.controller} chooses: {option.words()} ({how})")
    if env.resolving:
        SC.do_all(ctx, [option], env)
    else:
        _PAYING.prepare(ctx, [option], env)


def named_resources(ctx: SpoilsContext, op: Node, env: Env) -> list[str] | None:
    """"Destroy a card named "Deception" you control": a staple resource is a card the player controls
    (203.5; the engine keeps resources apart from the cards in play), so the resources of that name
    (None: not such an instruction, or a card in play has the name)."""
    ref = op.destroy if isinstance(op, O.Destroy) else None
    if not (isinstance(ref, Ph.Cards) and ref.named and ref.controller == "you" and ref.cards == "card"):
        return None
    if any(S.matches(ctx.work, cid, ref, env.controller, env.card) for cid in ctx.work.cards):
        return None
    name = S.bare_name(ref.named)
    return [rid for rid, r in ctx.work.players[env.controller].resources.items() if (r.name or "").lower() == name]


def _destroy_resource(ctx: SpoilsContext, op: Node, env: Env) -> None:
    """The resource the action names (``targets``), else the first of that name: to the discard pile (304.1)."""
    found = named_resources(ctx, op, env) or []
    said = str(env.queue.pop(0)) if env.queue else None
    rid = said if said in found else found[0]
    name = ctx.work.players[env.controller].resources[rid].name
    ctx.emit(E.ResourceDestroyed(player=env.controller, resource_id=rid, name=name, source=env.source))
    ctx.note("spoils.304.1", f"{env.source}: {env.controller} destroys the resource {rid} ({name})")


# --------------------------------------------------------------------------------- "if you do, when this card enters play"


def _played_as_tactic(h: Happening, cid: str, card: Any) -> list[str] | None:
    """The card entering play was played at a moment only a tactic may be: in answer to a play
    (607.1) or during a battle (608.1c), as the play waiting for responses recorded it."""
    if h.when != "enters_play" or h.card_id != cid:
        return None
    before = h.ctx.state
    play = next((p for p in before.pending if p.card_id == cid and p.kind == "card"), None)
    return [] if play is not None and (play.response_to is not None or before.battle is not None) else None


MATCH[PLAYED_AS_TACTIC] = _played_as_tactic
