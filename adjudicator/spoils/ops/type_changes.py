"""More handlers of the round-4 new texts (``scripted_location_marks`` imports this module and asks its
``judge``): unresolved cards terminated, a card's type changed to or from character, token menus."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.effects.characteristics import CharacterType
from adjudicator.effects.choices import ChooseOfEachType
from adjudicator.effects.tokens import SpendTokens
from adjudicator.spoils.ops import hands as _HANDS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops.interpreter import RUN, handles, handles_can
from adjudicator.spoils.ops.picks_and_repeats import judge as judge_3
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import effect_documents as FX
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:

    if (answer := judge_3(node, searches, chooses_x)) is not None:
        return answer
    if isinstance(node, OP["can"]) and node.can == "unresolved_terminated":
        return False  # _terminate_unresolved: every card waiting for responses (314.1)
    if isinstance(node, CharacterType):
        return False  # _character_type: a lasting change of the card's type and statistics (projection)
    if isinstance(node, OP["if_it_is"]) and node.subject == "self" and node.leading:
        return False  # scripted_statics._if_it_is: the card itself, in play
    if isinstance(node, ChooseOfEachType):  # kept_by_type: among cards in play or in a hand, else the judge's
        return node.choose_of_each_type.zone not in (None, "play", "hand")
    if isinstance(node, SpendTokens):
        return False  # _spend_tokens: the tokens the action removes (choices.tokens_removed) pay for its lines
    return None




@handles_can("unresolved_terminated")
def _terminate_unresolved(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"All unresolved cards are terminated." (314.1): every card played and still waiting for responses,
    the most recent first, goes to its owner's discard pile (abilities are not cards: they stay)."""
    waiting = [p.id for p in reversed(ctx.work.pending) if p.kind == "card"]
    if not waiting:
        ctx.note("spoils.402.5", f"{env.source}: no card waits for responses: nothing is terminated")
    for pid in waiting:
        C.terminate(ctx, pid, env.source)


@handles(CharacterType)
def _character_type(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """A card's type changed to or from character for the turn (208.1a, 208.3, 201.7)."""
    {"is": _becomes_character, "gains": _gains_character_type, "loses": _loses_character_type}[op.character_type](
        ctx, op, env)


def _stat_of(card: Any, said: int | str) -> int:
    return (card.cost or 0) if said == "numeric_cost" else int(said)


def _becomes_character(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"This turn, the item is a \"golem\" character with strength and life equal to its numeric cost and 3
    speed." (201.7): the card is that character until the turn ends (602.1b), then what it was."""
    for cid in SC.targets(ctx, op.card, env):
        card = ctx.work.cards[cid]
        strength, life = _stat_of(card, op.strength), _stat_of(card, op.life)
        becomes = {"type": "character", "subtypes": [*card.subtypes, op.subtype] if op.subtype not in card.subtypes
                   else list(card.subtypes), "strength": strength, "life": life, "speed": op.speed}
        ctx.emit(E.CardModified(card_id=cid, changes={"becomes": becomes}, source=env.source, until="turn"))
        ctx.note("spoils.201.7b", f"{env.source}: this turn, {card.name} is a \"{op.subtype}\" character "
                                  f"{strength}/{life}/{op.speed}")


def _gains_character_type(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"This turn, this card gains the \"character\" type and has 3 strength, 3 life, and 3 speed." (201.7)."""
    for cid in SC.targets(ctx, op.card, env):
        card = ctx.work.cards[cid]
        strength, life = _stat_of(card, op.strength), _stat_of(card, op.life)
        becomes = {"type": "character", "strength": strength, "life": life, "speed": op.speed}
        kept = card.type
        changes = {"becomes": becomes} | ({"keeps_type": kept} if kept != "character" else {})  # 208.1a
        ctx.emit(E.CardModified(card_id=cid, changes=changes, source=env.source, until="turn"))
        ctx.note("spoils.201.7b", f"{env.source}: this turn, {card.name} is a character "
                                  f"{strength}/{life}/{op.speed}")


def _loses_character_type(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"It loses the \"character\" type.": the card is again of its printed type, with its printed values."""
    for cid in SC.targets(ctx, op.card, env):
        card = ctx.work.cards[cid]
        printed = ctx.lookup(card.name)
        if printed is None or card.type != "character" or printed.type == "character":
            continue
        becomes = {k: getattr(printed, k) for k in ("type", "strength", "life", "speed")}
        ctx.emit(E.CardModified(card_id=cid, changes={"becomes": becomes}, source=env.source, until="turn"))
        if card.damage:  # 208.3: no longer a character, it loses the damage it took this turn
            ctx.emit(E.DamageRemoved(card_id=cid, amount=card.damage, rule="spoils.208.3"))
        b = ctx.work.battle
        if b is not None and cid in b.attackers + b.blockers:  # 208.4: out of the battle at once
            ctx.emit(E.RemovedFromBattle(card_id=cid, reason="it is no longer a character", rule="spoils.208.4"))
        ctx.note("spoils.201.7b", f"{env.source}: {card.name} is a{'n' if printed.type[0] in 'aeiou' else ''} "
                                  f"{printed.type} again")


# --------------------------------------------------------------------------------- "the remaining ..."

@handles(O.ReturnToHand)
def _remaining_to_hand(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Put all remaining non-resource cards into their owner's hand.": those not kept just before."""
    ref, kept = op.return_to_hand, getattr(env, "kept", None)
    if kept is None or not (isinstance(ref, Ph.Cards) and "remaining" in ref.adjectives):
        _HANDS._resource_to_hand(ctx, op, env)
        return
    plain = ref.model_copy(update={"adjectives": [a for a in ref.adjectives if a != "remaining"]})
    rest = [cid for cid in ctx.work.cards if cid not in kept and S.matches(ctx.work, cid, plain, env.controller, env.card)]
    _HANDS._resource_to_hand(ctx, op.model_copy(update={"return_to_hand": rest}), env)


# --------------------------------------------------------------------------------- a token menu

@handles(SpendTokens)
def _spend_tokens(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"You may remove any number of tokens from cards you control. Use the tokens to generate the following
    effects any number of times: ..." (409.1): the tokens the action removes (``choices.tokens_removed``: card id
    -> how many) pay for the lines it generates (``choices.generate``: their numbers as printed, in order)."""
    s = ctx.work
    removed = {str(k): int(v) for k, v in (env.choices.get("tokens_removed") or {}).items()}
    lines = [int(x) for x in env.choices.get("generate") or []]
    for cid, n in removed.items():
        card = s.cards.get(cid)
        if card is None or card.controller != env.controller or not 0 <= n <= card.tokens:
            ctx.violate("spoils.402.1", f"{env.source}: {cid} is not a card {env.controller} controls with {n} "
                                        f"token(s) on it to remove")
            return
    if any(not 1 <= i <= len(op.spend_tokens) for i in lines):
        ctx.violate("spoils.402.1", f"{env.source}: the effects are numbered 1 to {len(op.spend_tokens)} as printed")
        return
    cost, paid = sum(op.spend_tokens[i - 1].tokens for i in lines), sum(removed.values())
    if cost > paid:
        ctx.violate("spoils.402.1", f"{env.source}: the effects chosen cost {cost} token(s), {paid} removed")
        return
    for cid, n in removed.items():
        if n:
            RUN[O.Tokens](ctx, O.Tokens.model_validate({"tokens": -n, "card": cid}), env)
    ctx.note("spoils.409.1", f"{env.source}: {env.controller} removes {paid} token(s) and generates "
                             + (", ".join(op.spend_tokens[i - 1].words() for i in lines) or "nothing"))
    for i in lines:
        SC.do_all(ctx, list(op.spend_tokens[i - 1].effects), env)


