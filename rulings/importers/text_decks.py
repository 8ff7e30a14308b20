"""Plain-text deck lists, as OCTGN's and Cockatrice's text exports write them, for every game::

    // The Tournament Faction, Gearsmith
    Faction:
    1 The Tournament Faction

    Game Deck:
    30 Elitism
    4x Micromajig Maker

- A card line is a quantity and a name (``2 Card``, ``2x Card``, ``2 x Card``); the quantity is a
  whole number from 1 to :data:`MAX_COUNT`, the bound of a JSON deck entry and of an ``.o8d``
  card, and a deck holds at most ``MAX_DECK_CARDS`` cards, checked while it is read.
- A line without a quantity is a section header (``Faction``, ``Game Deck:``, ``// Creatures`` is a
  comment); ``#`` and ``//`` start comments; blank lines are ignored.  A sideboard line (``SB: 2
  Card``, Cockatrice) is refused: none of the three games plays with a sideboard.  Cards before any header go to the game's main section (The Spoils: ``Game Deck``,
  except a Faction card, which the catalog, when given, puts in ``Faction``).
- Names are matched against the card catalog when the deck is validated, not when it is read.
"""
from __future__ import annotations

import re
from pathlib import Path

from rulings.cards import CardCatalog, CardDataError, name_key
from rulings.decks import DeckEntry, DeckList
from rulings.importers.octgn import MAX_DECK_CARDS, MAX_QUANTITY

MAX_COUNT = MAX_QUANTITY  # the bound of a JSON deck entry and of an .o8d card's qty
MAIN_SECTION = {"spoils": "Game Deck", "buffy": "resource", "wowmini": "cards"}
_ALIASES = {
    "spoils": {"faction": "Faction", "factions": "Faction", "game deck": "Game Deck", "deck": "Game Deck",
               "main": "Game Deck", "main deck": "Game Deck", "mainboard": "Game Deck"},
    "buffy": {"essence": "essence", "resource": "resource", "resources": "resource", "locations": "locations",
              "location": "locations", "challenges": "challenges", "challenge": "challenges"},
}
_CARD = re.compile(r"^(?P<count>\d{1,4})(?:\s*[xX]\s+|[xX]\s*|\s+)(?P<name>\S.*)$")
_NUMBER_FIRST = re.compile(r"^-?\d")
_TOO_LONG = re.compile(r"^\d{5,}")


def looks_like_text_list(text: str) -> bool:
    """Whether a deck given as text is a plain list rather than an XML ``.o8d`` file."""
    return not text.lstrip("\ufeff \t\r\n").startswith("<")


def _header(line: str, game: str) -> str:
    name = line.rstrip(":").strip()
    return _ALIASES.get(game, {}).get(name.casefold(), name)


def _count(raw: str, source: str, line: int, name: str) -> int:
    count = int(raw)
    if not 1 <= count <= MAX_COUNT:
        raise CardDataError(source, line, f"card {name!r} has quantity {count}, expected a whole number from 1 "
                                          f"to {MAX_COUNT}")
    return count


def _main_section(game: str, name: str, catalog: CardCatalog | None) -> str:
    if game == "spoils" and catalog is not None:
        printings = catalog.printings(game, name)
        if printings and name_key(printings[-1].card_type or "") == name_key("Faction"):
            return "Faction"
    return MAIN_SECTION.get(game, "cards")


def parse_text_deck(text: str, source: str = "<text>", *, game: str = "spoils", format: str = "constructed",
                    catalog: CardCatalog | None = None, name: str = "") -> DeckList:
    """The deck list a plain-text export describes.  Raises CardDataError naming ``source``, the
    line and the problem: a quantity outside 1..MAX_COUNT, a quantity without a name, no cards."""
    entries: list[DeckEntry] = []
    section: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith(("#", "//")):
            continue
        if line[:3].casefold() == "sb:":
            raise CardDataError(source, number, f"a sideboard line ({line!r}): a {game} deck has no sideboard")
        if _TOO_LONG.match(line):
            raise CardDataError(source, number, f"a quantity of more than 4 digits, expected a whole number from 1 "
                                                f"to {MAX_COUNT}")
        match = _CARD.match(line)
        if match is None:
            if _NUMBER_FIRST.match(line):
                raise CardDataError(source, number, f"expected a quantity and a card name, got {line!r}")
            section = _header(line, game)
            continue
        card = " ".join(match.group("name").split())
        count = _count(match.group("count"), source, number, card)
        where = section or _main_section(game, card, catalog)
        entries.append(DeckEntry(name=card, count=count, section=where, line=number))
        if sum(e.count for e in entries) > MAX_DECK_CARDS:
            raise CardDataError(source, number, f"the deck has more than {MAX_DECK_CARDS} cards (at card {card!r}): "
                                                f"a deck holds at most {MAX_DECK_CARDS}")
    if not entries:
        raise CardDataError(source, None, "the deck lists no cards (expected lines such as '2 Card Name')")
    return DeckList(game=game, format=format, name=name, source=source, entries=tuple(entries))


def load_text_deck(path: str | Path, *, game: str = "spoils", format: str | None = None,
                   catalog: CardCatalog | None = None) -> DeckList:
    """Reads a plain-text deck list file.  Raises CardDataError naming the file, the line and the problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(path, None, f"cannot read the deck list ({exc})") from exc
    return parse_text_deck(text, str(path), game=game, format=format or "constructed", catalog=catalog,
                           name=path.stem)
