""""If you draw any number of cards, your faction gains X influence, where X is the number of cards drawn."
(Gold Summit): a trigger of its controller's draws (``consequences.draw`` fires ``you_draw`` with the
number drawn, 306.1, 503.1).  A card whose "if you draw any number of cards" changes the number drawn
("increase the amount by 1") is not a trigger but an adjustment (``amounts``): it does not fire."""
from __future__ import annotations

from typing import Any

from adjudicator.effects.texts import AdjustAmount
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules.trigger_matchers import MATCH, Happening


def _adjusts(card: Any) -> bool:
    script = S.script_of(card) if getattr(card, "script", None) else None
    return any(getattr(a, "when", None) == "you_draw" and any(isinstance(op, AdjustAmount) for op in S.walk([a]))
               for a in (script.abilities if script is not None else []))


def _you_draw(h: Happening, cid: str, card: Any) -> list[str] | None:
    return [] if h.when == "you_draw" and h.player == card.controller and not _adjusts(card) else None


MATCH["you_draw"] = _you_draw
