"""\"The remaining <cards>\": the cards of a kind that a choice made just before did not keep
(Spoils 402.5b), as an operation after that choice names them."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text import scripts as S


def is_remaining(what: Any) -> bool:
    """Whether a noun phrase names "the remaining" cards (what a choice before did not keep)."""
    return isinstance(what, Ph.Cards) and "remaining" in what.adjectives


def not_kept(ctx: SpoilsContext, cards: list[str], kept: list[str], what: Ph.Cards) -> list[str]:
    """"The remaining non-resource cards" of a hand: the names of it of that kind the choice before did not keep."""
    left = list(cards)
    for name in kept:
        if name in left:
            left.remove(name)
    kind = what.model_copy(update={"adjectives": [a for a in what.adjectives if a != "remaining"], "quantity": "a",
                                   "plural": False})
    return [n for n in left if (spec := ctx.lookup(n)) is not None and S.spec_fits(spec, kind)]
