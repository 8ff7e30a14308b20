"""Round 4, damage (continued from ``scripted_destruction_replaced``): cards headed for a discard pile or a hand
sent elsewhere instead, and damage some characters cannot inflict.

- "If a character is put into your discard pile, remove it from the game instead." (Resurrection
  Emporium): from play, ``consequences._replacement`` (``scripted_damage.WAYS_REPLACED``); out of play
  (a discard from the hand, a card from the deck, a character terminated as it is played), each named
  card of that kind is taken on to the removed-from-game pile as it reaches the discard pile
  (``context.ON_EMIT``), except for an extra cost being paid (506.2).
- "This turn, if a card is put into a player's hand, put it into their discard pile instead." (Quotidian
  Misfire): a lasting effect; a draw puts the cards from the top of the deck into the discard pile
  (``consequences.draw`` asks ``draws_discarded``: no card is drawn), and every other move into a hand
  (cards out of play, a card leaving play, a resource returned) is emitted as the same move into that
  player's discard pile (``context.REPLACE_EMIT``), but for an extra cost being paid (506.2).
- "Characters with Cover cannot inflict damage to this card." (Top-Secret Subterranean Goofarium; read as
  Covert, the keyword of 507.3, as "destoy" reads destroy): battle damage such a character assigned to the
  card is not inflicted (``battle.apply_battle_damage`` asks ``damage_allowed``), nor other damage from it
  (``amounts.TO_ZERO_BY``: none is inflicted, 402.7, 408.1).
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.spoils.ops.interpreter import handles_can
from adjudicator.spoils.rules import amounts as AM
from adjudicator.spoils.rules.context import ON_EMIT, REPLACE_EMIT, SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.forbidden import COVER, _shielded_from
from adjudicator.spoils.rules.replacements import MISFIRE, PAYING, _misfire
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E

# --------------------------------------------------------------------------------- discard piles replaced

def _removers(ctx: SpoilsContext, player: str, name: str) -> str | None:
    """The card in play ``player`` controls whose "if a <kind> is put into your discard pile, remove it from
    the game instead" fits the card named ``name`` (None: none)."""
    spec = ctx.lookup(name)
    if spec is None:
        return None
    for cid, card in ctx.work.cards.items():
        if card.controller != player or not card.script or blanked(ctx.work, cid):
            continue
        for doc in S.replacement_docs(card):
            sel = doc.get("applies_to")
            if doc.get("instead_of") == "your_discard" and doc.get("do") == "removed" and isinstance(sel, dict) \
                    and sel.get("type") in (None, spec.type) and (not sel.get("subtype")
                                                                  or str(sel["subtype"]).lower() in spec.subtypes):
                return card.name
    return None


def _to_discard(player: str, cards: list[str]) -> Any:
    def hook(ctx: SpoilsContext, event: Any) -> Any:

        if ctx.__dict__.get(PAYING) or player not in ctx.work.seating:
            return None  # 506.2: not a card an extra cost moves
        found = [(n, src) for n in cards if (src := _removers(ctx, player, n)) is not None]
        if not found:
            return None

        def then() -> None:
            for name, src in found:
                ctx.note("spoils.506.1", f"{src}: {name} is removed from the game instead of going to {player}'s "
                                         f"discard pile")
                ctx.emit(E.CardsMoved(player=player, count=1, cards=[name], from_zone="discard", to="removed",
                                      source=src, rule="spoils.506.1"))
        return then
    return hook


def _chained(kind: type, read: Any) -> None:
    before = ON_EMIT.get(kind)

    def hook(ctx: SpoilsContext, event: Any) -> Any:
        first = before(ctx, event) if before is not None else None
        said = read(event)
        mine = _to_discard(*said)(ctx, event) if said is not None else None
        if first is None or mine is None:
            return first or mine
        return lambda: (first(), mine())
    ON_EMIT[kind] = hook


_chained(E.CardsDiscarded, lambda e: (e.player, list(e.cards)))
_chained(E.CardPutInDiscard, lambda e: (e.player, [e.name]))
_chained(E.CardsMoved, lambda e: (e.player, list(e.cards)) if e.to == "discard" else None)


# --------------------------------------------------------------------------------- damage forbidden


def _covert_to_zero(ctx: SpoilsContext, h: Any) -> list[str]:
    if h.kind != "damage" or not h.sources:
        return []
    names = [_shielded_from(ctx, x, h.target) for x in h.sources]
    return [names[0]] if all(names) else []


AM.to_zero_by(_covert_to_zero)


# --------------------------------------------------------------------------------- hands replaced


@handles_can(MISFIRE)
def _hand_to_discard(ctx: SpoilsContext, op: Any, env: Env) -> None:
    ctx.emit(E.EffectStarted(effect={MISFIRE: True}, source=env.source, controller=env.controller, until="turn"))
    ctx.note("spoils.506.1", f"{env.source}: this turn, a card put into a player's hand goes to their discard "
                             f"pile instead")


def _to_hand_replaced(ctx: SpoilsContext, event: Any) -> Any:
    to_hand = (isinstance(event, E.CardsMoved) and event.to == "hand") or (
        isinstance(event, E.CardLeftPlay) and event.to == "hand") or isinstance(event, E.ResourceReturned)
    source = _misfire(ctx) if to_hand else None
    if source is None:
        return event
    ctx.note("spoils.506.1", f"{source}: put into a discard pile instead of a hand")
    if isinstance(event, E.ResourceReturned):
        return E.ResourceDestroyed(player=event.player, resource_id=event.resource_id, name=event.name, source=source,
                                   rule="spoils.506.1")
    return event.model_copy(update={"to": "discard", "rule": "spoils.506.1"})


REPLACE_EMIT.append(_to_hand_replaced)


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, OP["can"]) and node.can == COVER:
        return False  # damage_allowed (battle.apply_battle_damage), _covert_to_zero (amounts.TO_ZERO_BY)
    if isinstance(node, OP["can"]) and node.can == MISFIRE:
        return False  # _hand_to_discard, draws_discarded, _to_hand_replaced
    return None
