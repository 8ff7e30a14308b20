"""The continuous effects of a script that read nothing of the position, worked out once (issue 26).

A card's static abilities become the effect documents precedence reads (``continuous._static``).  Most
read only the script itself and the card's id, controller and type ("This character gets +1 strength",
"Characters you control gain Covert"); some read the position ("while you control ...", "for each
...", a card named, the icons a threshold asks).  ``unchanging`` tells the first kind from the script
alone, and ``kept_effects`` keeps their documents by the script document's identity (never changed in
place), so a table re-derived after every event reads them instead of re-walking every card's script.
"""
from __future__ import annotations

from typing import Any, Callable

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.effects.permissions import Able
from adjudicator.spoils.text.able_read import pure as able_pure
from adjudicator.spoils.text.scripts import CAN_RULES, COSTS_OF, OP, REDUCED_TO_ZERO, selector
from adjudicator.spoils.text.static_docs import counted_docs

_KEPT: dict[tuple[Any, ...], tuple[Any, list[dict[str, Any]]]] = {}
"""The continuous effects of the scripts whose statics read nothing of the position (``unchanging``),
by the script document's identity (never changed in place), the card in play, its controller, its
type and whether it is gear: a table re-derived after every event reads them instead of re-walking
every card's script (issue 26)."""


def kept_effects(card: Any, key: tuple[Any, ...], work_out: Callable[[], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The documents of the ``unchanging`` script of ``card`` for ``key`` (its id, controller, type and
    whether it is gear), worked out once."""
    full = (id(card.script), *key)
    found = _KEPT.get(full)
    if found is None or found[0] is not card.script:
        if len(_KEPT) >= 50_000:
            _KEPT.clear()
        found = _KEPT[full] = (card.script, work_out())
    return list(found[1])


_PURE: dict[int, tuple[Any, bool]] = {}


def unchanging(script: Any) -> bool:
    """Whether the continuous effects of ``script`` are the same at every position for a card in play
    (given its controller and type): no threshold ability (the icons held), and each static operation
    one ``_static`` turns into documents without reading the position (no "while", no count, no card
    named, no kinds of cards looked up on the table)."""
    found = _PURE.get(id(script))
    if found is None or found[0] is not script:
        pure = not any(isinstance(ab, A.Threshold) for ab in script.abilities) and all(
            _pure(op) for ab in script.abilities if isinstance(ab, A.Static) for op in ab.static)
        if len(_PURE) >= 50_000:
            _PURE.clear()
        found = _PURE[id(script)] = (script, pure)
    return found[1]


def _pure(op: Node) -> bool:
    """Whether ``_static`` reads nothing but ``op`` (and the card's id and controller) for it."""
    if counted_docs(op) is not None:
        return True
    if isinstance(op, OP["and"]):
        return all(_pure(sub) for sub in op.and_)
    if isinstance(op, O.Modify) and isinstance(op.modify, O.CardChanges) and op.condition is None:
        sel = selector(op.modify.card or op.card or "self")  # as ``_static`` reads it: "for each token
        per = sel != "self" and isinstance(op.for_each, Ph.ForEach) and \
            getattr(op.for_each.for_each, "tokens_on", None) in ("it", "them")  # on them" is counted per card
        return op.for_each is None or per
    if isinstance(op, (O.Gain, O.Lose)):
        return isinstance(getattr(op, op.HEAD), (str, list))
    if isinstance(op, OP["cannot"]):
        return not (op.cannot == ["be_played"] and isinstance(op.who, Ph.Cards) and "named" in op.who.adjectives)
    if isinstance(op, OP["can"]):
        return op.can in CAN_RULES or op.can == "its_unblockable"
    if isinstance(op, OP["reduce_cost"]):
        return op.of in COSTS_OF
    if isinstance(op, Able):  # able_read.static_docs: the composition and its subject's selector, nothing else
        return able_pure(op)  # (not the cards a trade or an owner selects: looked up at the position)
    if isinstance(op, OP["reduce_all_damage"]):
        return op.reduce_all_damage in REDUCED_TO_ZERO and op.to == 0
    return False


__all__ = ["kept_effects", "unchanging"]
