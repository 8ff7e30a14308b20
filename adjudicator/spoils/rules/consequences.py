"""The building blocks of what follows from an action: drawing, resources and payment, damage and
influence, cards entering and leaving play (with replacements, 506), control changes and termination.

Each works on the decision's scratch state (``SpoilsContext.work``) and emits its events at once."""
from __future__ import annotations

import re
from typing import Any

from adjudicator.spoils.model.state import CardSpec
from adjudicator.spoils.rules import amounts as AM
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.forbidden import control_kept, destruction_forbidden, draw_forbidden
from adjudicator.spoils.rules.history import first_resource, keep_picks, revealed_with_resource
from adjudicator.spoils.rules.replacements import destruction_replaced, draws_discarded, hand_replaced, replaces
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.subjects import Subject
from adjudicator.spoils.rules import replacement_choice as RC
from events.models import spoils as E

FACE_DOWN = ("flip_face_down", "face_down_resource")
"""Replacements that put the card into play face down as a resource instead (411.1)."""


def draw(ctx: SpoilsContext, player: str, count: int, cards: list[str], rule: str) -> None:

    forbidden = draw_forbidden(ctx, player) if count > 0 else None
    if forbidden is not None:
        ctx.note("spoils.402.7", f"{forbidden}: {player} cannot draw cards, and draws none", "forbidden")
        return
    p = ctx.work.players[player]
    count = AM.adjusted(ctx, count, AM.Happening("draw", player=player)) if count > 0 else count
    if p.deck is not None and p.deck < count:
        ctx.note("spoils.102.1a", f"{player}'s deck holds {p.deck} card(s): {player} draws what is left and does not lose")
        count = p.deck
    if count > 0 and draws_discarded(ctx, player, count, cards[:count]):
        return
    if count > 0:
        ctx.emit(E.CardsDrawn(player=player, count=count, cards=cards[:count], rule=rule))
        _TRIGGERS_PLAYERS.fire(ctx, "you_draw", player=player, x=count)  # 503.1: X is the number of cards drawn


def play_resource(ctx: SpoilsContext, player: str, spec: dict[str, Any], rule: str) -> None:
    """605: a card from hand as a resource, face up (a real resource card) or face down."""
    p = ctx.work.players[player]
    if p.hand <= 0:
        ctx.note("spoils.402.5", f"{player} has no card in hand to play as a resource")
        return
    card = spec.get("card")
    face_up = bool(spec.get("face_up", False))
    name = card.get("name") if isinstance(card, dict) else card
    icons = spec.get("icons")
    if face_up and icons is None:
        found = ctx.lookup(card) if card else None
        icons = found.resource_icons() if found else ""
    revealed_with_resource(ctx, player)  # 605.1c: "as you play a resource" happens before it enters play
    rid = spec.get("id") or ctx.new_id("r")
    ctx.emit(E.ResourcePlayed(player=player, resource_id=rid, name=name, face_up=face_up,
                               icons=(icons or "") if face_up else "", rule=rule))
    first_resource(ctx, player, rid)  # "the first resource each opponent plays each turn enters play attached"
    _TRIGGERS_PLAYERS.fire(ctx, "resource_entered", player=player, bind=[rid])  # "if your opponent plays a resource" (scripted_revealed_and_reduced)
    if face_up:
        _TRIGGERS_PLAYERS.fire_resource(ctx, player, name)


def natural(card_id: str) -> tuple[Any, ...]:
    """Ids in the order a person reads them (``r2`` before ``r10``), the same on every replay."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", card_id))


def pay(ctx: SpoilsContext, player: str, amount: int, chosen: list[str] | None = None, spent: list[str] = ()) -> None:
    """309.1: attach that many unattached resources to the faction, less the waiting reductions of
    "the next numeric cost you pay this turn" that fit what is paid for (406.5a), used up by it;
    ``spent``: the resources the extra costs take, which cannot pay (406.3a)."""
    if amount <= 0:
        return
    amount = _next_cost(ctx, player, amount)
    free = sorted((rid for rid, r in ctx.work.players[player].resources.items() if not r.attached and rid not in spent),
                  key=natural)
    ctx.require(amount <= len(free), "spoils.309.1", f"{player} must pay {amount} and has {len(free)} unattached "
                f"resource(s)", "")
    ids = (chosen or free)[:amount]
    if amount > 0:
        ctx.emit(E.ResourcesAttached(player=player, resources=ids, amount=amount))


NEXT_COST_FITS = {"cost": lambda kind, type_: True, "card": lambda kind, type_: kind == "card",
                  "item_or_ability": lambda kind, type_: type_ == "item"}
"""Which numeric costs a "next cost" reduction takes: any, a card's being played, an item's or an
item's ability's."""


def _next_cost(ctx: SpoilsContext, player: str, amount: int) -> int:
    s = ctx.work
    top = s.pending[-1] if s.pending and s.pending[-1].player == player else None
    kind = top.kind if top is not None else "effect"
    type_ = (top.card.type if top.card is not None else None) if top is not None and kind == "card" else \
        s.cards[top.card_id].type if top is not None and top.card_id in s.cards else None
    for x in [x for x in s.effects if "reduce_next_cost" in x.effect and x.controller == player]:
        if not NEXT_COST_FITS.get(str(x.effect.get("of", "cost")), NEXT_COST_FITS["cost"])(kind, type_):
            continue
        by = int(x.effect["reduce_next_cost"])
        ctx.emit(E.NextCostReduced(player=player, by=by, source=x.source))
        ctx.note("spoils.406.5a", f"{x.source}: {player}'s numeric cost {amount} is reduced by {by}"
                                  f"{' (never below 0, 406.6)' if by > amount else ''}")
        amount = max(0, amount - by)
    return amount


def enter_play(ctx: SpoilsContext, card_id: str, spec: CardSpec, controller: str, owner: str, *, how: str, rule: str,
               attach_to: str | None = None, paid: dict[str, Any] | None = None) -> None:
    """A card enters play; ``paid``: what its play's costs fixed, for its own enters-play triggers."""
    s = ctx.work
    if spec.attach_to:
        target = s.cards.get(attach_to) if attach_to else None
        if target is None or target.type != spec.attach_to.lower():
            ctx.note("spoils.507.2c", f"{spec.name} has no {spec.attach_to} to attach to: it goes to the discard pile")
            if how != "token":
                ctx.emit(E.CardPutInDiscard(player=owner, name=spec.name, rule="spoils.507.2c"))
            return
    data = spec.model_dump(mode="json", exclude_defaults=True)
    controller = _TRIGGERS_PLAYERS.entering_controller(ctx, spec, controller, card_id)  # "enters play under your opponent's control"
    ctx.emit(E.CardEnteredPlay(player=controller, owner=owner, card_id=card_id, card=data,
                                attached_to=attach_to if spec.attach_to else None, how=how, rule=rule))
    _TRIGGERS_PLAYERS.entered(ctx, card_id, spec)  # "this card enters play depleted"
    if paid and paid.get("picks"):  # "while the picked location is in play" (its play's picks, kept on it)
        keep_picks(ctx, card_id, spec, paid["picks"])
    _TRIGGERS_PLAYERS.fire(ctx, "enters_play", card_id=card_id, paid=paid)
    _TRIGGERS_PLAYERS.provider_entered(ctx, controller, spec.provides)


def terminate(ctx: SpoilsContext, ref: str, source: str, as_resource: bool = False) -> None:
    """314.1: a play waiting for responses (``ref``: its pending id, or "previous": the one this
    effect answered) stops before it resolves; a card goes to its owner's discard pile, or into play
    as their face-down resource when the effect says so instead (411.1)."""
    s = ctx.work
    top = (s.pending[-1] if s.pending else None) if ref == "previous" else next(
        (p for p in s.pending if p.id == ref), None)
    if top is None:
        ctx.note("spoils.402.5", f"{source}: no play waiting for responses to terminate")
        return
    ctx.emit(E.PlayTerminated(pending_id=top.id, reason=f"terminated by {source}", rule="spoils.314.1"))
    if top.kind == "card" and top.card is not None and as_resource:
        face_down_resource(ctx, top.player, top.card.name, "being_played", source)
    elif top.kind == "card" and top.card is not None:
        ctx.emit(E.CardPutInDiscard(player=top.player, name=top.card.name, rule="spoils.314.1"))


def face_down_resource(ctx: SpoilsContext, player: str, name: str, from_zone: str, source: str) -> None:
    """411.1: a card put into play under ``player``'s control as a face-down resource by an effect
    (it provides one Volition; its controller may look at it, 411.2)."""
    ctx.note("spoils.411.1", f"{source}: {name} enters play under {player}'s control as a face-down resource")
    ctx.emit(E.ResourcePlayed(player=player, resource_id=ctx.new_id("r"), name=name, face_up=False, icons="",
                              rule="spoils.411.1", from_zone=from_zone))


def change_control(ctx: SpoilsContext, card_id: str, to: str) -> None:
    s = ctx.work
    card = s.cards[card_id]
    if card.controller == to:
        return
    if control_kept(ctx, card_id):
        return
    ctx.emit(E.ControlChanged(card_id=card_id, from_player=card.controller, to_player=to))
    b = s.battle
    if b is not None and card_id in b.attackers + b.blockers:
        ctx.emit(E.RemovedFromBattle(card_id=card_id, reason="its controller changed", rule="spoils.407.4"))
    if b is not None and b.target.get("card") == card_id:
        ctx.emit(E.RemovedFromBattle(card_id=card_id, reason="the attacked location changed controller",
                                      rule="spoils.407.5"))


def destroy(ctx: SpoilsContext, card_id: str, reason: str, rule: str) -> bool:
    """304.1, unless something says it cannot be destroyed (402.7a: "cannot" wins)."""
    s = ctx.work
    if card_id not in s.cards or destruction_forbidden(ctx, card_id):
        return False
    verdict = P.verdict(s, "spoils.304.1", allowed_by_rules=True, subject=Subject.card(s, card_id),
                        detail=f"destroy {s.cards[card_id].name}")
    if not verdict.allowed:
        ctx.because.extend(verdict.trace)
        ctx.note("spoils.402.7a", f"{s.cards[card_id].name} cannot be destroyed: the destruction is ignored",
                 who=verdict.overridden_by)
        ctx.spared.add(card_id)
        return False
    if RC.asks(ctx, card_id, reason, rule):  # several replacements could apply: it waits for 506.4's choice
        return False
    chosen = RC.picked(ctx, card_id)
    if card_id not in ctx.cost_cards and (chosen is None or chosen in RC.scripted_sources(ctx, card_id)) \
            and destruction_replaced(ctx, card_id, only=chosen):  # none for an extra cost (506.2)
        return False
    return leave_play(ctx, card_id, "destroy", reason, rule, applied=RC.ignored(ctx, card_id))


def leave_play(ctx: SpoilsContext, card_id: str, how: str, reason: str, rule: str,
               applied: set[tuple[str, int]] | None = None) -> bool:
    """A card leaves play: replacements first (506; each applies once, 506.5), then the card,
    then its attachments the same way (301.4, 301.4b) and its triggers (503.1)."""
    s = ctx.work
    card = s.cards.get(card_id)
    if card is None:
        return False
    applied = set() if applied is None else applied
    replaced = False
    if how == "hand" and card_id not in ctx.cost_cards and hand_replaced(ctx, card_id):
        return card_id not in s.cards
    if card_id in ctx.cost_cards:
        ctx.note("spoils.506.2", f"{card.name} leaves play to pay an extra cost: no replacement applies to it")
    ignored = (RC.ignored(ctx, card_id) or set()) if how == "destroy" else set()
    while card_id not in ctx.cost_cards:
        found = _replacement(ctx, card_id, how, applied)
        if found is None:
            break
        src_id, index, repl = found
        applied.add((src_id, index))
        applied -= ignored - {(src_id, index)}  # ignored for this event only: a copy may replace a later one (506.5)
        ignored = set()
        done = str(repl.get("do", "prevent"))
        ctx.emit(E.ReplacementApplied(card_id=card_id, source=s.cards[src_id].name if src_id in s.cards else src_id,
                                       instead_of=how, done=done))
        ctx.note("spoils.506.5" if replaced else "spoils.506.1",
                 f"{card.name}: '{how}' is replaced by '{done}' ({s.cards[src_id].name if src_id in s.cards else src_id})")
        if how == "destroy":
            ctx.note("spoils.506.6", f"the replaced destruction resets {card.name}'s damage to 0")
        replaced = True
        how = done
        if how == "prevent":
            ctx.spared.add(card_id)
            return False
    attached = [cid for cid, c in s.cards.items() if c.attached_to == card_id]
    snapshot = card.model_copy(deep=True)
    gear = {cid: s.cards[cid].model_copy(deep=True) for cid in attached}  # "if the attached character leaves play"
    _TRIGGERS_PLAYERS.remember(ctx, card_id)
    if how == "destroy":
        ctx.emit(E.CardDestroyed(card_id=card_id, name=card.name, reason=reason, rule=rule))
    elif how in FACE_DOWN:
        ctx.note("spoils.411.1", f"{card.name} is flipped face down: a resource of {card.owner} providing one Volition")
        ctx.emit(E.CardLeftPlay(card_id=card_id, name=card.name, to="resource", reason=reason, rule="spoils.411.1"))
    else:
        ctx.emit(E.CardLeftPlay(card_id=card_id, name=card.name, to=how, reason=reason, rule=rule))
    for cid in attached:
        leave_play(ctx, cid, how, f"attached to {card.name}, which left play", "spoils.301.4", applied)
    _TRIGGERS_PLAYERS.fire(ctx, "leaves_play", card_id=card_id, extra={**gear, card_id: snapshot})
    if how == "destroy":
        _TRIGGERS_PLAYERS.fire(ctx, "destroyed", card_id=card_id, extra={card_id: snapshot})
    if how in ("destroy", "discard") and not card.token:  # "if this card is put into your discard pile from play"
        _TRIGGERS_PLAYERS.fire(ctx, "put_in_discard_from_play", card_id=card_id, extra={card_id: snapshot})
    return True


def _replacement(ctx: SpoilsContext, card_id: str, how: str, applied: set[tuple[str, int]]) -> tuple[str, int, dict] | None:
    """The replacement that applies: the card's own first, then the others in play in the order they
    entered (spoils.engine.replacement-order), once a destruction's chooser picked among several (506.4)."""
    found = RC.data_replacements(ctx, card_id, how, applied)
    return found[0] if found else None
