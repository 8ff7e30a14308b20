"""Deck lists and deck-construction checks, each finding citing its rule.

A :class:`DeckList` is a game, a format and entries (name, count, section); importers build it
from OCTGN ``.o8d`` files (:func:`rulings.importers.load_o8d`) or from the JSON deck-list format
(:func:`rulings.importers.load_deck_json`, documented there and in ``rulings/data/README.md``).

:func:`validate_deck` never raises on a bad deck: every problem is a :class:`Finding` with the
rule id, a severity, a message and the cards concerned, so a starter deck that is short of the
constructed minimum is reported, not refused.

- The Spoils (CR 103): constructed ``spoils.103.1a`` one Faction, ``spoils.103.1b`` at least 75
  cards besides it, ``spoils.103.1c`` at most 4 cards of a name (staple resources, the "staple"
  supertype and cards saying otherwise are exempt); limited ``spoils.103.2a`` one Faction,
  ``spoils.103.2b`` at least 45 cards, no copy limit (``spoils.103.2c``).  Cards with the same name
  are the same card (``spoils.201.1b``), whatever their printing.
- Buffy (rules summary, deck requirements): ``buffy.deck.essence``, ``buffy.deck.alignment``,
  ``buffy.deck.minimum-size``, ``buffy.deck.copies``, ``buffy.deck.actions-half``,
  ``buffy.deck.characters-half``, ``buffy.deck.locations``, ``buffy.deck.challenges``.
- Cards missing from the catalog: ``spoils.deck.unknown-card`` / ``buffy.deck.unknown-card``
  warnings (what could be checked without them still is).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from rulings.cards import CardCatalog, Printing, name_key

ERROR = "error"
WARNING = "warning"
FORMATS = {"spoils": ("constructed", "limited"), "buffy": ("constructed",)}


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


def validate_deck(game: str, deck: DeckList, catalog: CardCatalog) -> list[Finding]:
    """Checks a deck against its game's deck-construction rules; an empty list means legal.

    Raises DeckError when the game has no deck rules (WoW Miniatures), the deck belongs to
    another game, or the format is not one of the game's (spoils: constructed, limited;
    buffy: constructed).
    """
    if game not in FORMATS:
        raise DeckError(
            f"no deck-construction rules for {game!r}"
            + (" (WoW Miniatures action bars are checked in play, wowmini.300.2)" if game == "wowmini" else "")
        )
    if deck.game != game:
        raise DeckError(f"the deck is a {deck.game!r} deck, not a {game!r} deck")
    if deck.format not in FORMATS[game]:
        raise DeckError(f"unknown {game} format {deck.format!r} (expected {', '.join(FORMATS[game])})")
    if game == "spoils":
        return _validate_spoils(deck, catalog)
    return _validate_buffy(deck, catalog)


# --------------------------------------------------------------------------------------------
# The Spoils

_SPOILS_RULES = {
    "constructed": {"faction": "spoils.103.1a", "size": "spoils.103.1b", "minimum": 75, "copies": "spoils.103.1c"},
    "limited": {"faction": "spoils.103.2a", "size": "spoils.103.2b", "minimum": 45, "copies": None},
}
_COPY_LIMIT = 4
_SAYS_UNLIMITED = re.compile(
    r"as many copies of this card|any number of (copies of this card|cards named)", re.IGNORECASE
)


def _validate_spoils(deck: DeckList, catalog: CardCatalog) -> list[Finding]:
    rules = _SPOILS_RULES[deck.format]
    findings: list[Finding] = []
    cards: list[tuple[DeckEntry, Printing | None]] = [(e, _spoils_printing(e, catalog)) for e in deck.entries]

    factions = [(e, p) for e, p in cards if p is not None and _is(p, "faction")]
    faction_count = sum(e.count for e, _ in factions)
    if faction_count != 1:
        findings.append(
            Finding(
                rules["faction"],
                ERROR,
                f"the deck has {faction_count} Faction cards; a {deck.format} deck uses exactly one",
                tuple(sorted({p.name for _, p in factions if p})),
            )
        )

    size = deck.total() - faction_count
    minimum = rules["minimum"]
    if size < minimum:
        findings.append(
            Finding(
                rules["size"],
                ERROR,
                f"the deck has {size} cards besides its Faction card; a {deck.format} deck needs at "
                f"least {minimum} ({minimum - size} short)",
            )
        )

    if rules["copies"]:
        counts: Counter[str] = Counter()
        names: dict[str, str] = {}
        for entry, printing in cards:
            if printing is not None and (_is(printing, "faction") or _copy_exempt(printing)):
                continue
            key = name_key(printing.name if printing else entry.name)
            counts[key] += entry.count
            names[key] = printing.name if printing else entry.name
        for key, count in sorted(counts.items()):
            if count > _COPY_LIMIT:
                findings.append(
                    Finding(
                        rules["copies"],
                        ERROR,
                        f"{count} copies of {names[key]}: at most {_COPY_LIMIT} cards of a name "
                        "(cards with the same name are the same card, spoils.201.1b)",
                        (names[key],),
                    )
                )

    unknown = sorted({e.name for e, p in cards if p is None})
    if unknown:
        findings.append(
            Finding(
                "spoils.deck.unknown-card",
                WARNING,
                f"{len(unknown)} card(s) are not in the card catalog: counted towards the deck size, "
                "but their type and copy-limit exemptions could not be checked",
                tuple(unknown),
            )
        )
    return findings


def _spoils_printing(entry: DeckEntry, catalog: CardCatalog) -> Printing | None:
    """The printing the card is played as: its most recent version (spoils.105.1)."""
    printings = catalog.printings("spoils", entry.name)
    if not printings and entry.card_id:
        by_id = catalog.by_id("spoils", entry.card_id)
        printings = catalog.printings("spoils", by_id.name) if by_id else []
    return printings[-1] if printings else None


def _copy_exempt(printing: Printing) -> bool:
    type_line = f"{printing.card_type or ''} {printing.fields.get('subtype') or ''}"
    return "staple" in type_line.casefold() or bool(_SAYS_UNLIMITED.search(printing.text))


# --------------------------------------------------------------------------------------------
# Buffy

_BUFFY_SECTIONS = {
    "essence": "essence",
    "resource": "resource",
    "resources": "resource",
    "resource deck": "resource",
    "resource pile": "resource",
    "main": "resource",
    "deck": "resource",
    "location": "locations",
    "locations": "locations",
    "challenge": "challenges",
    "challenges": "challenges",
}
_BUFFY_MINIMUM = 40
_BUFFY_COPIES = 3
_BUFFY_LOCATIONS = 8
_BUFFY_CHALLENGES = 7
_SIDES = {"good": "good", "hero": "good", "companion": "good", "evil": "evil", "villain": "evil", "minion": "evil"}


@dataclass(frozen=True)
class _BuffyCard:
    entry: DeckEntry
    section: str
    printings: tuple[Printing, ...]

    @property
    def known(self) -> bool:
        return bool(self.printings)

    @property
    def card_type(self) -> str | None:
        types = {(p.card_type or "").casefold() for p in self.printings if p.card_type}
        return types.pop() if len(types) == 1 else None

    @property
    def side(self) -> str | None:
        for printing in reversed(self.printings):
            for key in ("alignment", "role"):
                side = _SIDES.get(str(printing.fields.get(key) or "").casefold())
                if side:
                    return side
        return None

    @property
    def label(self) -> str:
        return self.entry.name + (f" (level {self.entry.level})" if self.entry.level is not None else "")


def _validate_buffy(deck: DeckList, catalog: CardCatalog) -> list[Finding]:
    findings: list[Finding] = []
    cards: list[_BuffyCard] = []
    for entry in deck.entries:
        section = _BUFFY_SECTIONS.get(name_key(entry.section))
        if section is None:
            raise DeckError(
                f"unknown Buffy deck section {entry.section!r} (expected essence, resource, locations, challenges)"
            )
        printings = catalog.printings("buffy", entry.name)
        if entry.level is not None:
            printings = [p for p in printings if p.level == entry.level] or printings
        cards.append(_BuffyCard(entry, section, tuple(printings)))

    def in_section(name: str) -> list[_BuffyCard]:
        return [c for c in cards if c.section == name]

    essence, resource = in_section("essence"), in_section("resource")
    locations, challenges = in_section("locations"), in_section("challenges")

    essence_count = sum(c.entry.count for c in essence)
    if essence_count != 1:
        findings.append(
            Finding(
                "buffy.deck.essence",
                ERROR,
                f"the deck has {essence_count} essence cards; it needs exactly one, for its main character",
                tuple(c.label for c in essence),
            )
        )

    findings.extend(_buffy_alignment(essence, resource))

    size = sum(c.entry.count for c in resource)
    if size < _BUFFY_MINIMUM:
        findings.append(
            Finding(
                "buffy.deck.minimum-size",
                ERROR,
                f"the resource deck has {size} cards; it needs at least {_BUFFY_MINIMUM}, the essence "
                f"not counted ({_BUFFY_MINIMUM - size} short)",
            )
        )

    copies: Counter[tuple[str, int | None]] = Counter()
    labels: dict[tuple[str, int | None], str] = {}
    for card in resource:
        if card.card_type == "location":
            continue
        key = (name_key(card.entry.name), card.entry.level if card.card_type == "character" else None)
        copies[key] += card.entry.count
        labels[key] = card.label if card.card_type == "character" else card.entry.name
    for key, count in sorted(copies.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0)):
        if count > _BUFFY_COPIES:
            findings.append(
                Finding(
                    "buffy.deck.copies",
                    ERROR,
                    f"{count} copies of {labels[key]}: at most {_BUFFY_COPIES} of a card (only locations may exceed it)",
                    (labels[key],),
                )
            )

    for kind, rule in (("action", "buffy.deck.actions-half"), ("character", "buffy.deck.characters-half")):
        of_kind = [c for c in resource if c.card_type == kind]
        count = sum(c.entry.count for c in of_kind)
        if size and count * 2 > size:
            findings.append(
                Finding(
                    rule,
                    ERROR,
                    f"{count} of the {size} resource cards are {kind}s; at most half may be",
                    tuple(sorted({c.label for c in of_kind})),
                )
            )

    findings.extend(_buffy_locations(resource, locations))
    findings.extend(_buffy_challenges(resource, challenges))

    unknown = sorted({c.label for c in cards if not c.known})
    if unknown:
        findings.append(
            Finding(
                "buffy.deck.unknown-card",
                WARNING,
                f"{len(unknown)} card(s) are not in the card catalog: counted, but their type and side "
                "could not be checked",
                tuple(unknown),
            )
        )
    untyped = sorted({c.label for c in cards if c.known and c.card_type is None})
    if untyped:
        findings.append(
            Finding(
                "buffy.deck.unknown-card",
                WARNING,
                "the card catalog does not record the type of these cards, so the half-deck limits "
                "and the section checks could not include them",
                tuple(untyped),
            )
        )
    return findings


def _buffy_alignment(essence: list[_BuffyCard], resource: list[_BuffyCard]) -> Iterable[Finding]:
    characters = [c for c in resource if c.card_type == "character"]
    essence_side = next((c.side for c in essence if c.side), None)
    by_side: dict[str, list[str]] = {}
    for card in characters:
        if card.side:
            by_side.setdefault(card.side, []).append(card.label)
    if essence_side:
        wrong = sorted({label for side, labels in by_side.items() if side != essence_side for label in labels})
        if wrong:
            names = ", ".join(c.label for c in essence if c.side)
            yield Finding(
                "buffy.deck.alignment",
                ERROR,
                f"the main character ({names}) is on the {essence_side} side, these characters are not: "
                "a deck is heroes and companions, or villains and minions",
                tuple(wrong),
            )
    elif len(by_side) > 1:
        yield Finding(
            "buffy.deck.alignment",
            ERROR,
            "the deck mixes good characters (" + ", ".join(sorted(set(by_side["good"])))
            + ") and evil ones (" + ", ".join(sorted(set(by_side["evil"])))
            + "): a deck is heroes and companions, or villains and minions",
            tuple(sorted({label for labels in by_side.values() for label in labels})),
        )
    unsided = sorted({c.label for c in characters + essence if c.known and not c.side})
    if unsided:
        yield Finding(
            "buffy.deck.alignment",
            WARNING,
            "the card catalog does not say whether these characters are good or evil; alignment "
            "not checked for them",
            tuple(unsided),
        )


def _buffy_locations(resource: list[_BuffyCard], locations: list[_BuffyCard]) -> Iterable[Finding]:
    misplaced = sorted({c.label for c in resource if c.card_type == "location"})
    if misplaced:
        yield Finding(
            "buffy.deck.locations",
            ERROR,
            "location cards are kept apart from the resource deck",
            tuple(misplaced),
        )
    not_locations = sorted({c.label for c in locations if c.card_type not in (None, "location")})
    if not_locations:
        yield Finding("buffy.deck.locations", ERROR, "only location cards go with the locations", tuple(not_locations))
    count = sum(c.entry.count for c in locations)
    if count > _BUFFY_LOCATIONS:
        yield Finding(
            "buffy.deck.locations",
            ERROR,
            f"{count} location cards; at most {_BUFFY_LOCATIONS} are allowed",
            tuple(sorted({c.label for c in locations})),
        )


def _buffy_challenges(resource: list[_BuffyCard], challenges: list[_BuffyCard]) -> Iterable[Finding]:
    misplaced = sorted({c.label for c in resource if c.card_type == "challenge"})
    if misplaced:
        yield Finding(
            "buffy.deck.challenges",
            ERROR,
            "challenges form their own pile, not part of the resource deck",
            tuple(misplaced),
        )
    not_challenges = sorted({c.label for c in challenges if c.card_type not in (None, "challenge")})
    if not_challenges:
        yield Finding("buffy.deck.challenges", ERROR, "only challenge cards go in the challenge pile", tuple(not_challenges))
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    for card in challenges:
        counts[name_key(card.entry.name)] += card.entry.count
        names[name_key(card.entry.name)] = card.entry.name
    doubled = sorted(names[k] for k, n in counts.items() if n > 1)
    if doubled:
        yield Finding(
            "buffy.deck.challenges",
            ERROR,
            "the challenge pile may not hold two copies of a challenge",
            tuple(doubled),
        )
    total = sum(counts.values())
    if total != _BUFFY_CHALLENGES:
        yield Finding(
            "buffy.deck.challenges",
            ERROR,
            f"the challenge pile has {total} cards; a deck has exactly {_BUFFY_CHALLENGES} different challenges",
        )


def _is(printing: Printing, card_type: str) -> bool:
    return (printing.card_type or "").casefold() == card_type
