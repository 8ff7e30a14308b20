"""Whether a card in play is of the kind a script's noun phrase says ("Arcanist characters", "your
opponent's items"), its trade adjective read against the card's trade (``continuous.marks_docs`` and
the cards a "while" or a modification looks for)."""
from __future__ import annotations

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.text.scripts import matches
from adjudicator.spoils.text.selector_reads import TRADES


def of_kind(state: SpoilsState, card_id: str, cards: Ph.Cards, controller: str, source: str | None,
            whose: Ph.Cards | None = None) -> bool:
    """Whether the card in play ``card_id`` is of the kind ``cards`` says, its trade adjective
    ("Arcanist characters") read against the card's trade; ``whose`` lends its owner words."""
    return is_kind(state, card_id, read_kind(cards, whose), controller, source)


def read_kind(cards: Ph.Cards, whose: Ph.Cards | None = None) -> tuple[Ph.Cards, list[str]]:
    """``cards`` as ``matches`` reads it (its owner words lent by ``whose``, its trade adjectives
    apart) and the trades it names: worked out once for every card it is compared with."""
    if whose is not None and cards.whose is None and cards.controller is None:
        cards = cards.model_copy(update={"whose": whose.whose, "controller": whose.controller})
    trades = [a for a in cards.adjectives if a in TRADES]
    plain = cards.model_copy(update={"adjectives": [a for a in cards.adjectives if a not in TRADES]})
    return plain, trades


def is_kind(state: SpoilsState, card_id: str, kind: tuple[Ph.Cards, list[str]], controller: str,
             source: str | None) -> bool:
    plain, trades = kind
    card = state.cards.get(card_id)
    if card is None or not matches(state, card_id, plain, controller, source):
        return False
    return all((card.trade or "").lower() == t for t in trades)


__all__ = ["is_kind", "of_kind", "read_kind"]
