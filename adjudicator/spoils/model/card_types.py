"""A card's types (208.1): its type and, while it is a character, the type it had when it gained the
character type, which it keeps (208.1a); read by the selectors, the damage rules, attachments' hosts
(507.2e) and the state document."""
from __future__ import annotations

from typing import Any


def types_of(card: Any) -> list[str]:
    kept = [str(m["keeps_type"]) for m in card.modifiers if m.get("keeps_type")] if card.type == "character" else []
    return list(dict.fromkeys([card.type, *kept]))


def gained_as_character_lost(modifiers: list[dict[str, Any]]) -> list[int]:
    """508.3: the places, in a card's ``modifiers``, of the keywords it gained while it was a character
    and that went when it stopped being one (a later change of type away from character)."""
    changes = [m["becomes"] for m in modifiers if isinstance(m.get("becomes"), dict)]
    if not changes:
        return []
    first = next((m["was"] for m in modifiers if isinstance(m.get("becomes"), dict) and m.get("was")), {})
    typ, since, lost = first.get("type"), [], []
    for i, m in enumerate(modifiers):
        becomes = m.get("becomes")
        if isinstance(becomes, dict) and becomes.get("type"):
            if typ == "character" and becomes["type"] != "character":
                lost, since = lost + since, []
            typ = becomes["type"]
        elif m.get("gain") and typ == "character":
            since.append(i)
    return lost
