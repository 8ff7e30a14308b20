"""Static and counted effects: deck-building exceptions, playing cards from out of the hand, tokens counted or doubled, conditional gains, limits on use (round 4, statics).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.scripts import OP, selector

PER_CARD = {"their_printed_life": ("printed", "life")}
"""Amounts a continuous effect reads off each card it modifies ("X, where X is their printed life
minus 2"), as the ``per`` of the modifier ``precedence`` weighs for that card."""


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, Ph.Stat) and node.stat in PER_CARD:
        return False  # only ever read by static_docs (a continuous "lose X life, where X is ...")
    if isinstance(node, OP["x_where"]) and node.x_where.stat in PER_CARD:
        return static_docs(node) is None
    return None


def static_docs(op: Node) -> list[dict[str, Any]] | None:
    """The effect documents of a continuous effect of this family (None: not one of them)."""
    if isinstance(op, OP["x_where"]) and op.x_where.stat in PER_CARD:
        return _per_card(op)
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
