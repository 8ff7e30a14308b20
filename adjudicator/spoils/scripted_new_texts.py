"""Handlers for nodes the effect language gained in round 4 for texts no script could say before (round 4, new texts).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``, and ``static_docs`` gives the
continuous effects of this family's static nodes (``scripts._static`` asks it first)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import extras_2 as X2
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.state import SpoilsState

TRADES = ("gearsmith", "rogue", "arcanist", "warlord", "banker")


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, X2.ModifyKinds):
        return False  # static_docs: one change per card of either kind (precedence.stat)
    return None


def of_kind(state: SpoilsState, card_id: str, cards: Ph.Cards, controller: str, source: str | None,
            whose: Ph.Cards | None = None) -> bool:
    """Whether the card in play ``card_id`` is of the kind ``cards`` says, its trade adjective
    ("Arcanist characters") read against the card's trade; ``whose`` lends its owner words."""
    from adjudicator.spoils.scripts import matches

    if whose is not None and cards.whose is None and cards.controller is None:
        cards = cards.model_copy(update={"whose": whose.whose, "controller": whose.controller})
    trades = [a for a in cards.adjectives if a in TRADES]
    plain = cards.model_copy(update={"adjectives": [a for a in cards.adjectives if a not in TRADES]})
    card = state.cards.get(card_id)
    if card is None or not matches(state, card_id, plain, controller, source):
        return False
    return all((card.trade or "").lower() == t for t in trades)


def static_docs(state: SpoilsState, op: Node, card_id: str, controller: str) -> list[dict[str, Any]] | None:
    """The continuous effects of ``op`` for the card ``card_id`` in play (None: not of this family)."""
    if isinstance(op, X2.ModifyKinds):
        first = op.modify_kinds[0]
        hit = [cid for cid in state.cards
               if any(of_kind(state, cid, kind, controller, card_id, first) for kind in op.modify_kinds)]
        return [{"modify": {"parameter": stat, "by": by}, "applies_to": {"id": cid}}
                for cid in hit for stat, by in op.changes.changes() if isinstance(by, int)]
    return None
