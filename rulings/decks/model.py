"""A deck list (a game, a format and entries: name, count, section) and what checking it finds
(:class:`Finding`: the rule, how bad, what is wrong, which cards)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulings.cards import Printing, name_key

ERROR = "error"
WARNING = "warning"


class DeckError(ValueError):
    """The deck cannot be validated at all: unknown game or format, or a game without deck rules."""


@dataclass(frozen=True)
class DeckEntry:
    """``count`` copies of a card in a section; ``card_id`` and ``line`` say where it came from."""

    name: str
    count: int
    section: str
    card_id: str | None = None
    level: int | None = None
    line: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "count": self.count}
        if self.level is not None:
            data["level"] = self.level
        if self.card_id:
            data["id"] = self.card_id
        return data


@dataclass(frozen=True)
class DeckList:
    game: str
    format: str = "constructed"
    name: str = ""
    source: str = ""
    entries: tuple[DeckEntry, ...] = ()

    def sections(self) -> dict[str, list[DeckEntry]]:
        """Entries by section, in the order the sections first appear."""
        found: dict[str, list[DeckEntry]] = {}
        for entry in self.entries:
            found.setdefault(entry.section, []).append(entry)
        return found

    def section(self, name: str) -> list[DeckEntry]:
        return [e for e in self.entries if name_key(e.section) == name_key(name)]

    def total(self) -> int:
        return sum(e.count for e in self.entries)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "format": self.format,
            "name": self.name,
            "source": self.source,
            "sections": {s: [e.to_dict() for e in es] for s, es in self.sections().items()},
        }


@dataclass(frozen=True)
class Finding:
    """One deck-construction problem: the rule, how bad, what is wrong, which cards."""

    rule_id: str
    severity: str
    message: str
    cards: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule_id": self.rule_id,
            "severity": self.severity,
            "message": self.message,
            "cards": list(self.cards),
        }



def is_type(printing: Printing, card_type: str) -> bool:
    return (printing.card_type or "").casefold() == card_type
