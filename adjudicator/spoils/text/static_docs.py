"""The continuous effects some static texts say in their own words, as the lasting documents precedence
reads: zones revealed at all times, statistics counted per card, other costs a text reduces."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import operations as O
from adjudicator.spoils.text.scripts import (
    OP,
    selector,
)

REVEALED = {"top_card_revealed": ("deck_top", "you"), "opponent_hand_revealed": ("hand", "opponent")}
"""A card's text opening a hidden zone to both players (403.1a, 403.2a; the golden rule, 101.1): the zone
and whose ("The top card of your deck is revealed at all times.", "Your opponent's hand is ...")."""


def revealed_docs(op: Node) -> list[dict[str, Any]] | None:
    """The continuous effect of "... is revealed at all times" (None: not one of this family's)."""
    if isinstance(op, OP["can"]) and op.can in REVEALED:
        zone, whose = REVEALED[op.can]
        return [{"reveal": zone, "applies_to": whose}]
    return None


PER_CARD = {"their_printed_life": ("printed", "life")}
"""Amounts a continuous effect reads off each card it modifies ("X, where X is their printed life
minus 2"), as the ``per`` of the modifier ``precedence`` weighs for that card."""


OTHER_COSTS = {"faction_abilities": "faction_ability_cost"}
"""Continuous cost reductions of other than cards played: the parameter ``precedence`` weighs for them."""


def counted_docs(op: Node) -> list[dict[str, Any]] | None:
    """The effect documents of a continuous effect of this family (None: not one of them)."""
    if isinstance(op, OP["x_where"]) and op.plain_x() and op.x_where.stat in PER_CARD:
        return _per_card(op)
    if isinstance(op, OP["reduce_cost"]) and op.of in OTHER_COSTS:  # "... of your faction's abilities by 1, to a minimum of 1"
        return [{"modify": {"parameter": OTHER_COSTS[op.of], "by": -op.reduce_cost, "minimum": op.minimum},
                 "applies_to": "you"}]
    return None


def _per_card(op: Any) -> list[dict[str, Any]] | None:
    """"All characters lose X life, where X is their printed life minus 2" (502.2, 410.4): each card
    modified loses its own printed value less the figure."""
    minus = op.x_where.minus
    if not isinstance(minus, (int, type(None))) or len(op.then) != 1 or not isinstance(op.then[0], O.Modify):
        return None
    mod = op.then[0]
    if not isinstance(mod.modify, O.CardChanges) or mod.condition is not None:
        return None
    sel = selector(mod.modify.card or mod.card)
    changes = mod.modify.changes()
    if sel is None or not changes or any(v not in ("X", "-X") for _, v in changes):
        return None
    per, of = PER_CARD[op.x_where.stat]
    return [{"modify": {"parameter": stat, "by": -1 if v == "-X" else 1, "per": per, "of": of, "minus": minus or 0},
             "applies_to": sel} for stat, v in changes]
