"""Printings and answers: one card as printed in one edition (:class:`Printing`), the answer to
"what does this card say" (:class:`EffectiveCard`), and figures on a game's reprints."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from rulings.card_text import name_key, same_text

GAMES = ("buffy", "spoils", "wowmini")
# Card types whose printings stay distinct cards instead of reading as the most recent edition.
DISTINCT_PRINTING_TYPES: dict[str, frozenset[str]] = {"buffy": frozenset({"character", "essence"})}
# Fields besides text, type and cost whose change between printings is a rules change (an errata);
# rarity, flavour and collector numbers are not.
RULES_FIELDS: dict[str, tuple[str, ...]] = {
    "spoils": ("subtype", "threshold", "strength", "life", "speed", "structure"),
    "buffy": (
        "alignment", "role", "traits", "talents", "boosts", "requirements", "trait_requirements",
        "destiny", "destiny_requirement", "goals", "unique",
    ),
    "wowmini": ("category", "kind", "restriction", "tics"),
}



@dataclass(frozen=True)
class Printing:
    """One card as printed in one edition.

    ``fields`` holds everything else the source gives (stats, threshold, talents, rarity...);
    treat it as read-only.  ``released`` is the edition's release date at the precision known
    (``2006-11``, ``2012``), or None.
    """

    game: str
    name: str
    edition: str
    edition_order: int
    text: str = ""
    card_type: str | None = None
    cost: str | None = None
    level: int | None = None
    released: str | None = None
    card_id: str | None = None
    source: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def identity(self) -> tuple[Any, ...]:
        """What makes two printings the same record (a re-import replaces, never duplicates)."""
        if self.card_id:
            return (self.game, "id", self.card_id)
        return (self.game, name_key(self.name), name_key(self.edition), self.level, folded(self.card_type))

    @property
    def is_distinct_card(self) -> bool:
        """True when this printing is a card of its own, outside the most-recent-edition rule."""
        return folded(self.card_type) in DISTINCT_PRINTING_TYPES.get(self.game, frozenset())

    def label(self) -> str:
        parts = [self.card_type or "card"]
        if self.level is not None:
            parts.append(f"level {self.level}")
        parts.append(self.edition)
        return f"{self.name} ({', '.join(parts)})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "edition": self.edition,
            "edition_order": self.edition_order,
            "released": self.released,
            "type": self.card_type,
            "cost": self.cost,
            "level": self.level,
            "text": self.text,
            "fields": dict(self.fields),
            "card_id": self.card_id,
            "source": self.source,
        }


@dataclass(frozen=True)
class EffectiveCard:
    """The answer to "what does this card say": the text in force, the printing it comes from,
    the rule that decided it (first of ``rules``) and every printing of the card.

    ``text_rendered_from`` is set when the deciding printing's characters were damaged by an old
    encoding and an older printing with the same text, better preserved, supplies the characters.
    ``differs_from`` lists printings whose text really differs (errata).  ``uncertain`` is set when
    a release date is not known well enough to be sure which printing was in force on ``as_of``.
    """

    game: str
    name: str
    text: str
    printing: Printing
    rule_id: str
    reason: str
    printings: tuple[Printing, ...]
    rules: tuple[str, ...] = ()
    as_of: date | None = None
    text_rendered_from: Printing | None = None
    differs_from: tuple[Printing, ...] = ()
    uncertain: bool = False
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "text": self.text,
            "printing": self.printing.to_dict(),
            "rule": self.rule_id,
            "rules": list(self.rules or (self.rule_id,)),
            "reason": self.reason,
            "as_of": self.as_of.isoformat() if self.as_of else None,
            "text_rendered_from": self.text_rendered_from.edition if self.text_rendered_from else None,
            "differs_from": [p.edition for p in self.differs_from],
            "uncertain": self.uncertain,
            "notes": list(self.notes),
            "printings": [p.to_dict() for p in self.printings],
        }


@dataclass(frozen=True)
class TextChange:
    """A reprint whose rules really changed (text, type, cost or a rules field)."""

    name: str
    before: Printing
    after: Printing
    changed: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "before": self.before.edition,
            "after": self.after.edition,
            "changed": list(self.changed),
            "text_before": self.before.text,
            "text_after": self.after.text,
        }


@dataclass(frozen=True)
class ReprintReport:
    """Figures on one game's printings: how many cards, which are reprinted, which changed."""

    game: str
    printings: int
    distinct_cards: int
    reprinted_cards: tuple[str, ...]
    text_changes: tuple[TextChange, ...]
    encoding_only: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "printings": self.printings,
            "distinct_cards": self.distinct_cards,
            "reprinted_cards": len(self.reprinted_cards),
            "text_changes": [c.to_dict() for c in self.text_changes],
            "encoding_only_differences": list(self.encoding_only),
        }


def rules_differences(before: Printing, after: Printing) -> tuple[str, ...]:
    """Which rules-relevant parts differ between two printings ("text", "cost", a field...),
    ignoring encoding differences, letter case of types and empty-versus-missing values."""
    changed = []
    if not same_text(before.text, after.text):
        changed.append("text")
    if _norm(before.card_type) != _norm(after.card_type):
        changed.append("type")
    if _norm(before.cost) != _norm(after.cost):
        changed.append("cost")
    for name in RULES_FIELDS.get(before.game, ()):
        if _norm(before.fields.get(name)) != _norm(after.fields.get(name)):
            changed.append(name)
    return tuple(changed)


def _norm(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, str):
        value = " ".join(value.split()).casefold()
        return value or None
    if isinstance(value, (list, tuple)):
        return tuple(_norm(v) for v in value) or None
    if isinstance(value, Mapping):
        return tuple(sorted((k, _norm(v)) for k, v in value.items())) or None
    return value


def folded(value: str | None) -> str:
    return (value or "").casefold()
