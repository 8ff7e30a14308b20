"""Cards treated "as though they have no rules text" (Inhibit: "Until the start of your next turn, treat
the card as though it has no rules text."; Subversion Matrix: "Treat the attached character as though
it has no rules text."): a blanked card keeps its printed type, statistics and name, but its text says
nothing while it lasts (101.1): no continuous effect, trigger, amount change, ability or printed keyword
of its own.  ``precedence``, ``settling``, ``amounts`` and ``plays`` ask ``blanked``; ``scripted_revealed_and_reduced``
records a blank that lasts for a while (a ``blank`` modifier on the card)."""
from __future__ import annotations

from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.text.position_memo import text_memo

BLANK = "blank"
"""The key of a card modifier (``CardModified.changes``) blanking the card for a while."""


def blanked(state: SpoilsState, card_id: str | None) -> str | None:
    """What treats the card in play as though it has no rules text (None: nothing does); read of the
    text of the table once (``position_memo.text_memo``: a blank is a modifier or an attached card)."""
    memo = text_memo(state)
    key = (BLANK, card_id)
    if key in memo:
        return memo[key]
    card = state.cards.get(card_id or "")
    if card is None:
        return None
    said = next((str(m.get("source") or "an effect") for m in card.modifiers if m.get(BLANK)), None)
    if said is None:
        said = _blanking(state).get(card_id or "")
    memo[key] = said
    return said


def _blanking(state: SpoilsState) -> dict[str, str]:
    """The cards in play that an attached card blanks, each with the first such card's name (read
    once per position)."""
    memo = text_memo(state)
    found = memo.get(BLANK)
    if found is None:
        found = {}
        for other in state.cards.values():
            if other.attached_to is not None and other.script and _blanks_attached(other):
                found.setdefault(other.attached_to, other.name)
        memo[BLANK] = found
    return found


def _blanks_attached(card: object) -> bool:
    script = S.script_of(card)
    return any(isinstance(op, OP["blank"]) and op.until is None and _attached(op.blank)
               for ability in (script.abilities if script else []) if isinstance(ability, A.Static)
               for op in ability.static)


def _attached(ref: object) -> bool:
    return ref == "attached" or (isinstance(ref, Ph.Cards) and "attached" in ref.adjectives)


__all__ = ["BLANK", "blanked"]
