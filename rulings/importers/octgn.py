"""The Spoils card data in OCTGN format: ``set.xml`` files and ``.o8d`` deck files.

A ``set.xml`` holds ``<set name=...>`` with ``<card id=... name=...>`` elements whose
``<property name=... value=...>`` rows carry Card Number, Rarity, Trade, Type, Subtype, Threshold,
Cost, Strength, Life, Speed, Structure, Card Text and Flavor.  Each card becomes a
:class:`~rulings.cards.Printing` of its set; the set's release order comes from
``rulings/data/editions.yaml`` (a set missing there is placed after the known ones, with a warning).

Texts are cleaned on the way in (:func:`rulings.cards.clean_text`): line endings unified, mojibake
repaired.  The characters an old encoding destroyed cannot always be restored, which is why
reprints are compared with :func:`rulings.cards.same_text` and an encoding difference is never
reported as an errata.

An ``.o8d`` deck holds ``<section name=...>`` elements ("Game Deck", "Faction") of
``<card qty=... id=...>Name</card>``; ids are resolved against the imported sets.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Iterable

from rulings.cards import CardCatalog, CardDataError, Printing, clean_text, name_key, repair_mojibake
from rulings.decks import DeckEntry, DeckList
from rulings.editions import Editions
from rulings.importers.base import ImportReport, Progress, parse_xml

GAME = "spoils"
OCTGN_GAME_ID = "844d5fe3-bdb5-4ad2-ba83-88c2c2db6d88"
_KNOWN_PROPERTIES = {
    "Card Number": "card_number",
    "Rarity": "rarity",
    "Trade": "trade",
    "Subtype": "subtype",
    "Threshold": "threshold",
    "Strength": "strength",
    "Life": "life",
    "Speed": "speed",
    "Structure": "structure",
    "Flavor": "flavor",
}


def load_octgn_set(
    path: str | Path,
    editions: Editions,
    *,
    progress: Progress | None = None,
    warnings: list[str] | None = None,
    unknown_order: int | None = None,
) -> list[Printing]:
    """Reads one OCTGN ``set.xml`` into printings, touching no catalog.

    ``unknown_order`` is the release order given to a set missing from ``editions`` (default:
    after every known edition), and a warning is appended to ``warnings``.  ``progress`` is
    called with (cards read, cards in the file).

    Raises CardDataError naming the file, the line and the problem: malformed XML, not a set of
    The Spoils, a card without id or name, a property without name, a card id used twice.
    """
    path = Path(path)
    warnings = warnings if warnings is not None else []
    root, lines, set_name = _set_root(path, warnings)
    edition = _edition(path, set_name, editions, warnings, unknown_order)
    cards = list(root.iter("card"))
    if not cards:
        raise CardDataError(path, lines.get(root), "the set has no <card> elements")
    printings: list[Printing] = []
    seen: dict[str, int] = {}
    for index, card in enumerate(cards, start=1):
        card_id, name = _identity(card, index, path, lines.get(card), seen)
        printings.append(_printing(card, card_id, name, path, lines, edition))
        if progress:
            progress(index, len(cards))
    return printings


def _set_root(path: Path, warnings: list[str]) -> tuple[ET.Element, dict[ET.Element, int], str]:
    """The <set> element, the line of each element, and the set's name."""
    root, lines = parse_xml(path, warnings)
    if root.tag != "set":
        raise CardDataError(path, lines.get(root), f"expected a <set> root element, found <{root.tag}>")
    set_name = (root.get("name") or "").strip()
    if not set_name:
        raise CardDataError(path, lines.get(root), "the <set> element has no name attribute")
    game_id = root.get("gameId")
    if game_id and game_id.lower() != OCTGN_GAME_ID:
        raise CardDataError(path, lines.get(root), f"gameId {game_id} is not The Spoils ({OCTGN_GAME_ID})")
    return root, lines, set_name


def _edition(
    path: Path, set_name: str, editions: Editions, warnings: list[str], unknown_order: int | None
) -> tuple[str, int, str | None]:
    """The set's edition name, release order and release label (a set missing from ``editions``
    goes after the known ones, with a warning)."""
    edition = editions.get(GAME, set_name) or editions.get(GAME, path.stem)
    if edition is not None:
        return edition.name, edition.order, edition.release_label
    known = [e.order for e in editions.of_game(GAME)]
    order = unknown_order if unknown_order is not None else max(known, default=0) + 1
    warnings.append(
        f"{path}: set {set_name!r} is not in rulings/data/editions.yaml; placed after the known "
        f"sets (order {order}), release date unknown"
    )
    return set_name, order, None


def _identity(card: ET.Element, index: int, path: Path, line: int | None, seen: dict[str, int]) -> tuple[str, str]:
    """The card's id and name, refused when missing or when the id was already used in the file."""
    card_id = (card.get("id") or "").strip()
    name = " ".join(repair_mojibake(card.get("name") or "").split())
    if not card_id:
        raise CardDataError(path, line, f"card {name or index!r} has no id attribute")
    if not name:
        raise CardDataError(path, line, f"card {card_id} has no name attribute")
    if card_id in seen:
        raise CardDataError(path, line, f"card id {card_id} is used twice (first on line {seen[card_id]})")
    seen[card_id] = line or 0
    return card_id, name


def _printing(
    card: ET.Element, card_id: str, name: str, path: Path, lines: dict[ET.Element, int],
    edition: tuple[str, int, str | None],
) -> Printing:
    edition_name, order, released = edition
    props = _properties(card, path, lines)
    fields = {key: props.get(prop) for prop, key in _KNOWN_PROPERTIES.items()}
    fields.update(
        {_snake(prop): value for prop, value in props.items() if prop not in _KNOWN_PROPERTIES
         and prop not in ("Type", "Cost", "Card Text")}
    )
    return Printing(
        game=GAME,
        name=name,
        edition=edition_name,
        edition_order=order,
        text=clean_text(props.get("Card Text")),
        card_type=props.get("Type"),
        cost=props.get("Cost"),
        released=released,
        card_id=card_id,
        source=str(path),
        fields=fields,
    )


def import_octgn_sets(
    paths: Iterable[str | Path], catalog: CardCatalog, *, progress: Progress | None = None
) -> ImportReport:
    """Imports OCTGN ``set.xml`` files into ``catalog``, all of them or none.

    Every file is read and checked before the catalog is touched, so a broken file leaves the
    catalog as it was.  ``progress`` is called with (files read, files to read).  The report gives
    the number of distinct cards and reprinted cards of The Spoils after the import, and the
    reprints whose rules really changed (encoding differences listed apart).

    Raises CardDataError naming the broken file, the line and the problem.
    """
    files = [Path(p) for p in paths]
    warnings: list[str] = []
    printings: list[Printing] = []
    editions = catalog.editions
    next_unknown = max((e.order for e in editions.of_game(GAME)), default=0) + 1
    for index, path in enumerate(files, start=1):
        read = load_octgn_set(path, editions, warnings=warnings, unknown_order=next_unknown)
        if editions.get(GAME, read[0].edition) is None:
            next_unknown += 1  # each unlisted set after the previous one, in the order given
        printings.extend(read)
        if progress:
            progress(index, len(files))
    catalog.add_all(printings)
    return ImportReport(
        game=GAME,
        files=tuple(str(p) for p in files),
        printings_read=len(printings),
        reprints=catalog.reprint_report(GAME),
        warnings=tuple(warnings),
    )


MAX_QUANTITY = 1000  # copies of one card in a deck: the bound of a JSON deck entry (events.service.decks)
MAX_DECK_CARDS = 1000  # cards in one deck, whatever its form: read before anything is built from it


def load_o8d(
    path: str | Path,
    catalog: CardCatalog,
    *,
    format: str = "constructed",
    allow_unknown: bool = False,
    warnings: list[str] | None = None,
) -> DeckList:
    """Reads an OCTGN ``.o8d`` deck of The Spoils into a deck list, resolving card ids.

    A card is found by its OCTGN id, else by the name written in the file (the same name is the
    same card, spoils.201.1b).  A card found by neither is an error, unless ``allow_unknown``:
    then it is kept under the file's name and deck validation reports it.

    Raises CardDataError naming the file, the line and the problem: malformed XML, not a deck of
    The Spoils, a card without id or with a bad quantity, an unknown card.
    """
    path = Path(path)
    warnings = warnings if warnings is not None else []
    root, lines = parse_xml(path, warnings)
    if root.tag != "deck":
        raise CardDataError(path, lines.get(root), f"expected a <deck> root element, found <{root.tag}>")
    game_id = root.get("game")
    if game_id and game_id.lower() != OCTGN_GAME_ID:
        raise CardDataError(path, lines.get(root), f"game {game_id} is not The Spoils ({OCTGN_GAME_ID})")
    entries: list[DeckEntry] = []
    for section in root.iter("section"):
        section_name = (section.get("name") or "").strip()
        if not section_name:
            raise CardDataError(path, lines.get(section), "a <section> has no name attribute")
        for card in section.findall("card"):
            line = lines.get(card)
            card_id = (card.get("id") or "").strip()
            written = " ".join(repair_mojibake(card.text or "").split())
            if not card_id:
                raise CardDataError(path, line, f"card {written!r} has no id attribute")
            qty = _quantity(card.get("qty"), path, line, written or card_id, sum(e.count for e in entries))
            printing = catalog.by_id(GAME, card_id)
            if printing is None and written and catalog.printings(GAME, written):
                printing = catalog.printings(GAME, written)[-1]
                warnings.append(f"{path}, line {line}: card id {card_id} unknown, found {written!r} by name")
            if printing is None:
                if not allow_unknown:
                    raise CardDataError(
                        path, line, f"unknown card id {card_id} ({written or 'no name given'}): not in the imported sets"
                    )
                warnings.append(f"{path}, line {line}: unknown card id {card_id} ({written}) kept unresolved")
                name = written or card_id
            else:
                name = printing.name
                if written and name_key(written) != name_key(printing.name):
                    warnings.append(
                        f"{path}, line {line}: id {card_id} is {printing.name!r} but the file says {written!r}"
                    )
            entries.append(DeckEntry(name=name, count=qty, section=section_name, card_id=card_id, line=line))
    if not entries:
        raise CardDataError(path, lines.get(root), "the deck has no <card> elements")
    return DeckList(game=GAME, format=format, name=path.stem, source=str(path), entries=tuple(entries))


def _quantity(raw: str | None, path: Path, line: int | None, card: str, before: int) -> int:
    """A card's ``qty``: ASCII digits, 1 to MAX_QUANTITY, read only when short enough to be one
    (5,000 digits are refused unread), and the deck's cards so far plus these within MAX_DECK_CARDS.
    Raises CardDataError."""
    qty = (raw or "").strip()
    if not re.fullmatch(r"[0-9]{1,4}", qty) or not 1 <= int(qty) <= MAX_QUANTITY:
        shown = qty if len(qty) <= 24 else f"{qty[:20]}... ({len(qty)} characters)"
        raise CardDataError(path, line, f"card {card!r} has quantity {shown!r}, expected a whole number from 1 "
                                        f"to {MAX_QUANTITY}")
    if before + int(qty) > MAX_DECK_CARDS:
        raise CardDataError(path, line, f"the deck has more than {MAX_DECK_CARDS} cards (at card {card!r}): "
                                        f"a deck holds at most {MAX_DECK_CARDS}")
    return int(qty)


def _properties(card: ET.Element, path: Path, lines: dict[ET.Element, int]) -> dict[str, str | None]:
    props: dict[str, str | None] = {}
    for prop in card.findall("property"):
        prop_name = (prop.get("name") or "").strip()
        if not prop_name:
            raise CardDataError(path, lines.get(prop), f"a property of card {card.get('name')!r} has no name attribute")
        value = prop.get("value")
        if value is None:
            value = prop.text
        value = (value or "").strip()
        props[prop_name] = value or None
    return props


def _snake(label: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", label.casefold()).strip("_")
