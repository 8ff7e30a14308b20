"""The Spoils' deck-construction rules (CR 103): constructed ``spoils.103.1a`` one Faction,
``spoils.103.1b`` at least 75 cards besides it, ``spoils.103.1c`` at most 4 cards of a name (staple
resources, the "staple" supertype and cards saying otherwise are exempt); limited ``spoils.103.2a``
one Faction, ``spoils.103.2b`` at least 45 cards, no copy limit (``spoils.103.2c``).  Cards with the
same name are the same card (``spoils.201.1b``), whatever their printing."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from rulings.cards import CardCatalog, Printing, name_key
from rulings.decks.model import ERROR, WARNING, DeckEntry, DeckList, Finding, is_type

_SPOILS_RULES = {
    "constructed": {"faction": "spoils.103.1a", "size": "spoils.103.1b", "minimum": 75, "copies": "spoils.103.1c"},
    "limited": {"faction": "spoils.103.2a", "size": "spoils.103.2b", "minimum": 45, "copies": None},
}
_COPY_LIMIT = 4
_SAYS_UNLIMITED = re.compile(
    r"as many copies of this card|any number of (copies of this card|cards named)", re.IGNORECASE
)

Cards = list[tuple[DeckEntry, Printing | None]]


def validate_spoils(deck: DeckList, catalog: CardCatalog) -> list[Finding]:
    rules = _SPOILS_RULES[deck.format]
    findings: list[Finding] = []
    cards: Cards = [(e, _spoils_printing(e, catalog)) for e in deck.entries]

    factions = [(e, p) for e, p in cards if p is not None and is_type(p, "faction")]
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
        findings.extend(_copies(cards, rules["copies"]))
    findings.extend(_unknown(cards))
    return findings


def _copies(cards: Cards, rule: str) -> Iterable[Finding]:
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    for entry, printing in cards:
        if printing is not None and (is_type(printing, "faction") or _copy_exempt(printing)):
            continue
        key = name_key(printing.name if printing else entry.name)
        counts[key] += entry.count
        names[key] = printing.name if printing else entry.name
    for key, count in sorted(counts.items()):
        if count > _COPY_LIMIT:
            yield Finding(
                rule,
                ERROR,
                f"{count} copies of {names[key]}: at most {_COPY_LIMIT} cards of a name "
                "(cards with the same name are the same card, spoils.201.1b)",
                (names[key],),
            )


def _unknown(cards: Cards) -> Iterable[Finding]:
    unknown = sorted({e.name for e, p in cards if p is None})
    if unknown:
        yield Finding(
            "spoils.deck.unknown-card",
            WARNING,
            f"{len(unknown)} card(s) are not in the card catalog: counted towards the deck size, "
            "but their type and copy-limit exemptions could not be checked",
            tuple(unknown),
        )


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
