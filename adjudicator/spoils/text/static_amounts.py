"""The numbers a static ability reads off the position for its X ("..., where X is this card's speed minus the
highest speed among characters in the opposing party", 502.2), and its changes made with that X.

``amount`` answers what it reads in full and None for anything else (the ability then changes nothing: never
a guess): a statistic of the card itself ("this card's speed", "its strength"), the highest or lowest
statistic among the cards in play a selector names, a number or such a statistic subtracted, floored at 0
(410.4).  ``continuous`` passes its reader of a card's statistics in (``read``), so this module reads nothing
of the precedence it feeds.  ``unread_xs`` says, of the text alone, what of a static ability's X it does not read:
the coverage judge shows those not covered (fail closed).
"""
from __future__ import annotations

from typing import Any, Callable

from adjudicator.effects import CardScript, Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.text import selector_reads as SR
from adjudicator.spoils.text.scripts import OP, matches, walk
from adjudicator.spoils.text.static_docs import PER_CARD

Read = Callable[[SpoilsState, str, str], "tuple[int | None, Any]"]
"""A card's statistic as precedence weighs it (``continuous.stat``)."""

STATS = ("strength", "life", "speed")
ITSELF = ("self", "it", "itself")


def amount(state: SpoilsState, stat: Ph.Stat, card_id: str, controller: str, read: Read) -> int | None:
    """X as the static ability of the card in play ``card_id`` reads it now (None: not a number read here)."""
    if stat.twice or stat.half or stat.icon is not None:
        return None
    n = _base(state, stat, card_id, controller, read)
    if n is None or stat.minus is None:
        return None if n is None else max(n, 0)
    less = stat.minus if isinstance(stat.minus, int) else amount(state, stat.minus, card_id, controller, read)
    return None if less is None else max(n - less, 0)


def read_here(stat: Ph.Stat) -> bool:
    """Whether ``amount`` reads ``stat`` (said of the text alone, as the coverage judge asks): what it answers
    None for, whatever the position ("twice", "half", an icon, a figure not among ``STATS``, a card referred to
    rather than itself or a selector read in full), makes a static "where X is ..." not covered."""
    if stat.twice or stat.half or stat.icon is not None or stat.stat not in STATS:
        return False
    base = stat.of in ITSELF if stat.among is None else isinstance(stat.of, Ph.Cards) and among_read(stat.of)
    return base and (stat.minus is None or isinstance(stat.minus, int) or read_here(stat.minus))


def _base(state: SpoilsState, stat: Ph.Stat, card_id: str, controller: str, read: Read) -> int | None:
    if stat.stat not in STATS:
        return None
    if stat.among is None:
        return (read(state, card_id, stat.stat)[0] or 0) if stat.of in ITSELF else None
    if not isinstance(stat.of, Ph.Cards) or not among_read(stat.of):
        return None
    values = [read(state, cid, stat.stat)[0] or 0 for cid in state.cards
              if matches(state, cid, stat.of, controller, card_id)]
    if not values:
        return None  # no card to compare: no number (a "while" before it says when there is one)
    return max(values) if stat.among == "highest" else min(values)


def among_read(cards: Ph.Cards) -> bool:
    """Whether the cards in play a selector names are all read by ``scripts.matches`` (no bound "with ...", no
    zone out of play, no resource kept apart, no qualifier the selectors leave unread, no card referred to)."""
    kinds = cards.cards if isinstance(cards.cards, list) else [cards.cards]
    return cards.with_ is None and cards.zone in (None, "play", "battle") and "resource" not in kinds and \
        cards.quantity not in SR.REFERRING_QUANTITIES and not SR.unread(cards) and \
        not set(cards.adjectives) & SR.REFERRING


def with_x(op: Node, x: int) -> Node:
    """``op`` with the X it changes statistics by made ``x`` ("gains X strength"); another operation as it is."""
    if not (isinstance(op, O.Modify) and isinstance(op.modify, O.CardChanges)):
        return op
    signs = {"X": 1, "-X": -1}
    update = {name: signs[v] * x for name, v in op.modify.changes() if v in signs}
    return op.model_copy(update={"modify": op.modify.model_copy(update=update)}) if update else op


def held_by_statics(script: CardScript) -> set[int]:
    """The ids of the nodes a static ability of ``script`` holds (read as continuous effects, 402.6, by
    ``continuous``, ``battle_says`` and the other readers of cards in play); any other node is run."""
    return {id(n) for ability in script.abilities for static in walk(ability) if isinstance(static, A.Static)
            for n in walk(static)}


def unread_xs(script: CardScript, held: set[int]) -> set[int]:
    """The ids of the nodes of static abilities (``held``) whose X nothing reads, so that they change nothing
    (502.2) and the coverage judge shows them not covered: a "where X is ..." whose X ``amount`` does not read
    (``static_docs`` reads a figure of each card, ``PER_CARD``), an "X is ..." (no static reader sets X), and a
    change by X no "where X is ..." gives its X (``with_x``)."""
    given = {id(n) for xw in walk(script.abilities) if isinstance(xw, OP["x_where"]) and id(xw) in held
             for n in walk(xw.then)}
    out: set[int] = set()
    for node in walk(script.abilities):
        if id(node) not in held:
            continue
        if isinstance(node, OP["x_where"]) and node.x_where.stat not in PER_CARD:
            unread = not (node.plain_x() and read_here(node.x_where))
        else:
            unread = isinstance(node, OP["x_is"]) or (
                isinstance(node, O.Modify) and isinstance(node.modify, O.CardChanges) and id(node) not in given
                and any(not isinstance(by, int) for _, by in node.modify.changes()))
        if unread:
            out.add(id(node))
    return out
