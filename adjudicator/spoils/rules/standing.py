"""What cards in play make happen with no player's decision: a card unique as another, a standing "if ...,
destroy this card", the triggers a delayed effect or a granted ability adds."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text.position_memo import memo as position_memo
from adjudicator.spoils.text.scripts import OP


def _conditions(card: Any) -> list[Any]:
    """The conditions of the card's static "if ..., destroy this card." instructions."""
    script = S.script_of(card) if card.script else None
    out = []
    for ability in script.abilities if script is not None else []:
        for op in getattr(ability, "static", None) or []:
            if isinstance(op, OP["if"]) and len(op.then) == 1 and getattr(op.then[0], "destroy", None) == "self":
                out.append(op.if_)
    return out


def static_destroys(ctx: SpoilsContext) -> bool:
    """Destroys the first card whose condition holds (True: one was, settle again)."""
    s = ctx.work
    for cid, card in list(s.cards.items()):
        if cid in ctx.spared or P.blanked(s, cid):
            continue
        for cond in _conditions(card):
            if _CONTINUOUS.holds(s, cond, cid, card.controller) is True:
                ctx.note("spoils.101.1", f"{card.name}: {cond.words()}: yes, it is destroyed (its text, 304.1)")
                if C.destroy(ctx, cid, f"its own text: if {cond.words()}", "spoils.304.1"):
                    return True
    return False


def unique_as(state: Any, card: Any) -> str | None:
    """The "Unique X" of a card in play (507.5): printed, or "All non-resource cards gain the rules text
    "Unique X", where X is the card's name." while a card in play says so."""
    if card.unique:
        return card.unique
    if card.type == "resource" or not _everything_unique(state):
        return None
    return card.name


def _everything_unique(state: Any) -> bool:
    """Whether a card in play says "All non-resource cards gain the rules text "Unique X"..." (read
    once per position)."""
    memo = position_memo(state)
    if "everything_unique" not in memo:
        memo["everything_unique"] = any(other.script and _says(other, "everything_unique") and not _blank(state, cid)
                                        for cid, other in state.cards.items())
    return bool(memo["everything_unique"])


def _says(card: Any, what: str) -> bool:

    return M.can(S.script_of(card), what)


def _blank(state: Any, cid: str) -> Any:

    return blanked(state, cid)
