"""A card's types (208.1): its type and, while it is a character, the type it had when it gained the
character type, which it keeps (208.1a); read by the selectors, the damage rules, attachments' hosts
(507.2e) and the state document."""
from __future__ import annotations

from typing import Any


def types_of(card: Any) -> list[str]:
    kept = [str(m["keeps_type"]) for m in card.modifiers if m.get("keeps_type")] if card.type == "character" else []
    return list(dict.fromkeys([card.type, *kept]))
