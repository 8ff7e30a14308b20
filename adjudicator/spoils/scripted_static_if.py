"""A card's standing instruction "If <a state of the game>, destroy this card." (Hulking Vigilante: "If you
control any other characters you own, destroy this card."): not a trigger (no event sets it off) but a
condition the card checks at all times, like lethal damage (408.4): whenever the position settles and
the condition holds, the card is destroyed (304.1), unless something says it cannot be (402.7a)."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils import consequences as C
from adjudicator.spoils import precedence as P
from adjudicator.spoils import scripts as S
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.scripts import OP
from adjudicator.spoils import continuous as _CONTINUOUS


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
