"""Buffy's deck requirements (the rules summary): ``buffy.deck.essence``, ``buffy.deck.alignment``,
``buffy.deck.minimum-size``, ``buffy.deck.copies``, ``buffy.deck.actions-half``,
``buffy.deck.characters-half``, ``buffy.deck.locations``, ``buffy.deck.challenges``, and
``buffy.deck.unknown-card`` warnings for what the catalog cannot tell."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rulings.cards import CardCatalog, Printing, name_key
from rulings.decks.model import ERROR, WARNING, DeckEntry, DeckError, DeckList, Finding

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


def validate_buffy(deck: DeckList, catalog: CardCatalog) -> list[Finding]:
    cards = _buffy_cards(deck, catalog)

    def in_section(name: str) -> list[_BuffyCard]:
        return [c for c in cards if c.section == name]

    essence, resource = in_section("essence"), in_section("resource")
    locations, challenges = in_section("locations"), in_section("challenges")
    findings: list[Finding] = []
    findings.extend(_buffy_essence(essence))
    findings.extend(_buffy_alignment(essence, resource))
    findings.extend(_buffy_size(resource))
    findings.extend(_buffy_copies(resource))
    findings.extend(_buffy_halves(resource))
    findings.extend(_buffy_locations(resource, locations))
    findings.extend(_buffy_challenges(resource, challenges))
    findings.extend(_buffy_unknown(cards))
    return findings


def _buffy_cards(deck: DeckList, catalog: CardCatalog) -> list[_BuffyCard]:
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
    return cards


def _buffy_essence(essence: list[_BuffyCard]) -> Iterable[Finding]:
    essence_count = sum(c.entry.count for c in essence)
    if essence_count != 1:
        yield Finding(
            "buffy.deck.essence",
            ERROR,
            f"the deck has {essence_count} essence cards; it needs exactly one, for its main character",
            tuple(c.label for c in essence),
        )


def _buffy_size(resource: list[_BuffyCard]) -> Iterable[Finding]:
    size = sum(c.entry.count for c in resource)
    if size < _BUFFY_MINIMUM:
        yield Finding(
            "buffy.deck.minimum-size",
            ERROR,
            f"the resource deck has {size} cards; it needs at least {_BUFFY_MINIMUM}, the essence "
            f"not counted ({_BUFFY_MINIMUM - size} short)",
        )


def _buffy_copies(resource: list[_BuffyCard]) -> Iterable[Finding]:
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
            yield Finding(
                "buffy.deck.copies",
                ERROR,
                f"{count} copies of {labels[key]}: at most {_BUFFY_COPIES} of a card (only locations may exceed it)",
                (labels[key],),
            )


def _buffy_halves(resource: list[_BuffyCard]) -> Iterable[Finding]:
    size = sum(c.entry.count for c in resource)
    for kind, rule in (("action", "buffy.deck.actions-half"), ("character", "buffy.deck.characters-half")):
        of_kind = [c for c in resource if c.card_type == kind]
        count = sum(c.entry.count for c in of_kind)
        if size and count * 2 > size:
            yield Finding(
                rule,
                ERROR,
                f"{count} of the {size} resource cards are {kind}s; at most half may be",
                tuple(sorted({c.label for c in of_kind})),
            )


def _buffy_unknown(cards: list[_BuffyCard]) -> Iterable[Finding]:
    unknown = sorted({c.label for c in cards if not c.known})
    if unknown:
        yield Finding(
            "buffy.deck.unknown-card",
            WARNING,
            f"{len(unknown)} card(s) are not in the card catalog: counted, but their type and side "
            "could not be checked",
            tuple(unknown),
        )
    untyped = sorted({c.label for c in cards if c.known and c.card_type is None})
    if untyped:
        yield Finding(
            "buffy.deck.unknown-card",
            WARNING,
            "the card catalog does not record the type of these cards, so the half-deck limits "
            "and the section checks could not include them",
            tuple(untyped),
        )


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
