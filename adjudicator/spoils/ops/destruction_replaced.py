"""Round 4, damage (continued): destructions replaced (control taken, a token put), a play sent back to
the hand it came from, a lost coin flip reflipped; ``scripted_zones_replaced`` holds the zones and damage forbidden.

- "If a character is destroyed during a turn when this card damaged it, take control of that character
  instead. Reduce the amount of damage inflicted to it this turn to 0. It gains the "sarcophyle"
  subtype." (Vander Malagut): the trigger is read as a replacement of that character's destruction
  (``scripted_replace_instead.OTHER_WHEN``: a character this card damaged this turn, 506.1); the whole
  effect runs in place of the destruction, "that character" being the one saved.
- "Take control of ... instead" (``Instead`` of ``GainControl``): ``scripted_replace_instead._instead``
  runs it in the destruction's place (``ControlChanged``, 101.1).
- "It gains the "sarcophyle" subtype." (``GainSubtype``): a ``CardModified`` the projection reads
  into the card's subtypes while it stays in play.
- "Terminate the card, but put it into its owner's hand instead of their discard pile. Its owner puts a
  card from their hand on the top of their deck." (Voidal Interference): the play answered stops
  (314.1) and the card goes back to the hand it was played from (506.1); then its owner puts a card of
  their choice from their hand on top of their deck (the one ``choices.put`` names when it is known to
  be there, else one unnamed: the owner's hidden choice).
- "If you lose a coin flip, you may shuffle this card into your deck. If you do, reflip that coin and
  draw a card instead." (Two-Headed Coin): right after a flip its controller loses, the card's effect
  runs (``choices.coin_shuffle``: whether they shuffle it, yes by default; ``choices.reflip``: "win" or
  "lose" as reflipped at the table, else flipped by the service); the reflip's outcome stands for the
  flip (506.1), each such card once per flip (506.5).
"""
from __future__ import annotations

import random
from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects.characteristics import GainSubtype
from adjudicator.effects.coins import ReflipCoin
from adjudicator.effects.hands import OwnerPutsOnTop
from adjudicator.effects.plays import TerminateToHand
from adjudicator.effects.replacements import Instead
from adjudicator.spoils.ops import flow as _FLOW
from adjudicator.spoils.ops import instead as _REPLACE_INSTEAD  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops.cards_out_of_play import names
from adjudicator.spoils.ops.interpreter import do_all, handles
from adjudicator.spoils.ops.play_mechanics import _plays
from adjudicator.spoils.ops.zones_replaced import judge as more
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.damage import DAMAGED_BY
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.forbidden import DESTROYING_PLAYER, _known
from adjudicator.spoils.rules.references import targets
from adjudicator.spoils.rules.zone_reads import HIDDEN
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.text.trigger_read import OTHER_WHEN
from events.models import spoils as E


def _damaged_by_source(ctx: SpoilsContext, src_id: str, card_id: str) -> bool:
    """"A character is destroyed during a turn when this card damaged it" (damage this turn, 408.4a)."""
    s = ctx.work
    card = s.cards.get(card_id)
    return card is not None and card.type == "character" and src_id != card_id \
        and src_id in s.damaged_this_turn.get(card_id, [])


OTHER_WHEN["destroyed_after_damage_by_self"] = _damaged_by_source


def _controller_of(ctx: SpoilsContext, source: str) -> str | None:
    """Who controls a source of damage: a card (as last known), else the play of that name resolving."""
    card = _known(ctx, source)
    if card is not None:
        return card.controller
    plays = [*ctx.work.pending, *ctx.state.pending]
    return next((p.player for p in reversed(plays) if p.card is not None and p.card.name == source), None)


def _by_opponent(ctx: SpoilsContext, src_id: str, card_id: str) -> bool:
    """"If this card would be destroyed by an opposing card or effect": a "destroy" its controller's
    opponent's effect runs, else the last damage inflicted to it (408.8) from an opposing source."""
    card = ctx.work.cards.get(card_id)
    if card is None or src_id != card_id:
        return False
    if ctx.__dict__.get(DESTROYING_PLAYER):
        return ctx.__dict__[DESTROYING_PLAYER] != card.controller
    sources = ctx.__dict__.get(DAMAGED_BY, {}).get(card_id) or ctx.work.damaged_this_turn.get(card_id, [])[-1:]
    return any(who is not None and who != card.controller for who in (_controller_of(ctx, x) for x in sources))


OTHER_WHEN["would_be_destroyed_by_opponent"] = _by_opponent


@handles(GainSubtype)
def _gain_subtype(ctx: SpoilsContext, op: GainSubtype, env: Env) -> None:
    for cid in targets(ctx, op.card, env):
        if op.gain_subtype not in [t.lower() for t in ctx.work.cards[cid].subtypes]:
            ctx.emit(E.CardModified(card_id=cid, changes={"gain_subtype": op.gain_subtype}, source=env.source))
        ctx.note("spoils.101.1", f"{env.source}: {ctx.work.cards[cid].name} gains the \"{op.gain_subtype}\" subtype")


@handles(TerminateToHand)
def _terminate_to_hand(ctx: SpoilsContext, op: TerminateToHand, env: Env) -> None:

    for pid in _plays(ctx, op.terminate_to_hand, env):
        s = ctx.work
        top = (s.pending[-1] if s.pending else None) if pid == "previous" else next(
            (p for p in s.pending if p.id == pid), None)
        if top is None:
            continue
        ctx.emit(E.PlayTerminated(pending_id=top.id, reason=f"terminated by {env.source}", rule="spoils.314.1"))
        env.searched = top.player
        if top.kind == "card" and top.card is not None:
            ctx.note("spoils.506.1", f"{env.source}: {top.card.name} goes to {top.player}'s hand instead of the "
                                     f"discard pile")
            ctx.emit(E.CardsMoved(player=top.player, count=1, cards=[top.card.name], from_zone="being_played",
                                  to="hand", source=env.source, rule="spoils.314.1"))


@handles(OwnerPutsOnTop)
def _owner_puts_on_top(ctx: SpoilsContext, op: OwnerPutsOnTop, env: Env) -> None:
    owner = env.searched
    if owner is None or owner not in ctx.work.seating or ctx.work.players[owner].hand <= 0:
        ctx.note("spoils.402.5", f"{env.source}: no card in the owner's hand to put on top of their deck")
        return
    p = ctx.work.players[owner]
    said = [n for n in names(env.choices.get("put")) if n in p.hand_cards][:1]
    ctx.note(HIDDEN, f"{env.source}: {owner} puts {said[0] if said else 'a card of their choice'} from their hand "
                     f"on top of their deck")
    ctx.emit(E.CardsMoved(player=owner, count=1, cards=said, from_zone="hand", to="deck_top", source=env.source,
                          rule="spoils.402.2"))


# --------------------------------------------------------------------------------- coin flips lost

LOST_FLIP = "you_lose_coin_flip"
COIN = "coin_replacing"
"""The context key of the coin flips being replaced (frames: the card replacing, the reflip's outcome)."""


def _losing(ctx: SpoilsContext, player: str, used: set[str]) -> tuple[str, A.Trigger] | None:

    for cid, card in ctx.work.cards.items():
        if cid in used or card.controller != player or not card.script or blanked(ctx.work, cid):
            continue
        script = S.script_of(card)
        found = next((a for a in (script.abilities if script else []) if isinstance(a, A.Trigger)
                      and a.when == LOST_FLIP), None)
        if found is not None:
            return cid, found
    return None


@handles(OP["flip_coin"])
def _flip_or_reflip(ctx: SpoilsContext, op: Any, env: Env) -> None:
    _FLOW._flip_coin(ctx, op, env)
    used: set[str] = set()
    while not env.last_if:
        found = _losing(ctx, env.controller, used)
        if found is None:
            return
        cid, trigger = found
        used.add(cid)
        card = ctx.work.cards[cid]
        frame: dict[str, Any] = {"source": cid, "won": None}
        ctx.__dict__.setdefault(COIN, []).append(frame)
        choices = {**env.choices, "may": env.choices.get("coin_shuffle", True), "coin": env.choices.get("reflip")}
        try:
            do_all(ctx, list(trigger.effect), Env(card.controller, card.name, cid, choices=choices, resolving=True))
        finally:
            ctx.__dict__[COIN].pop()
        if frame["won"] is not None:
            env.last_if = bool(frame["won"])
            env.choices["coin"] = "win" if env.last_if else "lose"


def _coin_frame(ctx: SpoilsContext, env: Env) -> dict[str, Any] | None:
    return next((f for f in reversed(ctx.__dict__.get(COIN, [])) if f["source"] == env.card), None)


@handles(ReflipCoin)
def _reflip(ctx: SpoilsContext, op: ReflipCoin, env: Env) -> None:
    frame = _coin_frame(ctx, env)
    if frame is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: no coin flip lost now to reflip")
        return
    said = env.choices.get("coin")
    won = said == "win" if said in ("win", "lose") else \
        random.Random(f"{ctx.work.position}:{env.source}:{env.controller}:reflip").random() < 0.5
    frame["won"] = won
    ctx.note("spoils.engine.coin-flip", f"{env.source}: the coin is reflipped: {env.controller} "
                                        f"{'wins' if won else 'loses'} ({'as recorded at the table' if said else 'flipped by the service'})")


@handles(Instead)
def _instead_of_losing(ctx: SpoilsContext, op: Instead, env: Env) -> None:
    """"... and draw a card instead" (of having lost the flip): inside a coin frame, done as said."""
    if _coin_frame(ctx, env) is None:
        _REPLACE_INSTEAD._instead(ctx, op, env)
        return
    ctx.note("spoils.506.1", f"{env.source}: instead of the lost flip: {' '.join(o.words() for o in op.instead)}")
    do_all(ctx, list(op.instead), env)


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, A.Trigger) and node.when == "would_be_destroyed_by_opponent":
        return False  # _by_opponent (scripted_replace_instead.OTHER_WHEN)
    if isinstance(node, Instead) and node.instead and all(isinstance(o, O.Tokens) and o.card == "it"
                                                          for o in node.instead):
        return False  # scripted_replace_instead._instead, scripted._tokens
    if more(node, searches, chooses_x) is not None:
        return more(node, searches, chooses_x)
    if isinstance(node, A.Trigger) and node.when == LOST_FLIP:
        return False  # _flip_or_reflip
    if isinstance(node, ReflipCoin):
        return False  # _reflip
    if isinstance(node, Instead) and node.instead and all(isinstance(o, O.Draw) for o in node.instead):
        return False  # _instead_of_losing (only Two-Headed Coin says it)
    if isinstance(node, (TerminateToHand, OwnerPutsOnTop)):
        return False  # _terminate_to_hand, _owner_puts_on_top
    if isinstance(node, GainSubtype):
        return False  # _gain_subtype
    if isinstance(node, Instead) and node.instead and all(isinstance(o, O.GainControl) for o in node.instead):
        return False  # scripted_replace_instead._instead, scripted.GainControl
    return None


