"""The JSON deck-list format (also what an HTTP body carries), for every game.

The Spoils::

    {"game": "spoils", "format": "constructed", "name": "Gearsmith beatdown",
     "faction": "The Tournament Faction",
     "cards": [{"name": "Elitism", "count": 30}, {"name": "Lurching Golem", "count": 4}]}

Buffy::

    {"game": "buffy", "name": "Slayer", "essence": "Buffy Summers",
     "resource":   [{"name": "Crossbow", "count": 3}, {"name": "Buffy Summers", "level": 2}],
     "locations":  [{"name": "The Bronze"}],
     "challenges": [{"name": "Hyenas in the Classroom"}]}

- ``format``: ``constructed`` (default) or ``limited`` (The Spoils only).
- An entry is ``{"name", "count" (default 1), "level" (Buffy characters), "id" (a source id)}``,
  or just a name for one copy.
- Sections: The Spoils ``faction`` (a name or an entry) and ``cards`` (the rest of the deck);
  Buffy ``essence`` (a name or an entry), ``resource``, ``locations``, ``challenges``.  Any game
  may instead give ``"sections": {"<section name>": [entries]}``.

Names are matched against the card catalog when the deck is validated, not when it is read.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulings.cards import GAMES, CardCatalog, CardDataError
from rulings.decks import DeckEntry, DeckList
from rulings.importers.base import pydantic_problem, read_text
from rulings.importers.text_decks import load_text_deck

_SECTION_KEYS = {
    "spoils": {"faction": "Faction", "cards": "Game Deck"},
    "buffy": {"essence": "essence", "resource": "resource", "locations": "locations", "challenges": "challenges"},
    "wowmini": {"cards": "cards"},
}


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1)
    level: int | None = None
    id: str | None = None


_EntryLike = _Entry | str


class _DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    format: str = "constructed"
    name: str = ""
    notes: str | None = None
    faction: _EntryLike | None = None
    essence: _EntryLike | None = None
    cards: list[_EntryLike] = Field(default_factory=list)
    resource: list[_EntryLike] = Field(default_factory=list)
    locations: list[_EntryLike] = Field(default_factory=list)
    challenges: list[_EntryLike] = Field(default_factory=list)
    sections: dict[str, list[_EntryLike]] = Field(default_factory=dict)


def parse_deck(data: Mapping[str, Any], source: str = "<request>") -> DeckList:
    """Reads a deck list already decoded from JSON (e.g. an HTTP body).

    Raises CardDataError naming ``source`` and the problem: unknown game, a section the game does
    not have, an entry without name or with a count below 1, an unknown key.
    """
    if not isinstance(data, Mapping):
        raise CardDataError(source, None, f"expected a JSON object, got {type(data).__name__}")
    try:
        deck = _DeckFile.model_validate(dict(data))
    except ValidationError as exc:
        raise CardDataError(source, None, pydantic_problem(exc)) from exc
    if deck.game not in GAMES:
        raise CardDataError(source, None, f"unknown game {deck.game!r} (expected one of {', '.join(GAMES)})")
    allowed = _SECTION_KEYS[deck.game]
    entries: list[DeckEntry] = []
    for key in ("faction", "essence", "cards", "resource", "locations", "challenges"):
        value = getattr(deck, key)
        if value in (None, []):
            continue
        if key not in allowed:
            raise CardDataError(
                source, None, f"a {deck.game} deck has no {key!r} section (expected {', '.join(allowed)} or sections)"
            )
        for item in value if isinstance(value, list) else [value]:
            entries.append(_entry(item, allowed[key], source))
    for section, items in deck.sections.items():
        entries.extend(_entry(item, section, source) for item in items)
    if not entries:
        raise CardDataError(source, None, "the deck lists no cards")
    return DeckList(game=deck.game, format=deck.format, name=deck.name, source=source, entries=tuple(entries))


def load_deck_json(path: str | Path) -> DeckList:
    """Reads a JSON deck-list file.

    Raises CardDataError naming the file, the line for JSON syntax errors, and the problem.
    """
    path = Path(path)
    try:
        data = json.loads(read_text(path))
    except json.JSONDecodeError as exc:
        raise CardDataError(path, exc.lineno, f"not valid JSON: {exc.msg} (column {exc.colno})") from exc
    deck = parse_deck(data, str(path))
    return deck if deck.name else DeckList(deck.game, deck.format, path.stem, deck.source, deck.entries)


TEXT_SUFFIXES = (".txt", ".dek", ".dec")


def load_deck(
    path: str | Path, catalog: CardCatalog, *, format: str | None = None, allow_unknown: bool = False,
    game: str = "spoils",
) -> DeckList:
    """Reads a deck file by its extension: OCTGN ``.o8d`` (The Spoils), the JSON format, or a
    plain-text list (``.txt``, ``.dek``, ``.dec``: ``2 Card Name`` lines, of ``game``).

    ``format`` overrides the deck's format; ``allow_unknown`` keeps OCTGN cards missing from the
    catalog instead of refusing the file.  Raises CardDataError naming the file and the problem.
    """
    from rulings.importers.octgn import load_o8d

    path = Path(path)
    if path.suffix.casefold() == ".o8d":
        return load_o8d(path, catalog, format=format or "constructed", allow_unknown=allow_unknown)
    if path.suffix.casefold() == ".json":
        deck = load_deck_json(path)
        return deck if format is None else DeckList(deck.game, format, deck.name, deck.source, deck.entries)
    if path.suffix.casefold() in TEXT_SUFFIXES:
        return load_text_deck(path, game=game, format=format, catalog=catalog)
    raise CardDataError(path, None, "unknown deck file type (expected .o8d, .json, or a plain-text list .txt/.dek)")


def _entry(item: _Entry | str, section: str, source: str) -> DeckEntry:
    if isinstance(item, str):
        if not item.strip():
            raise CardDataError(source, None, f"an entry of section {section!r} has an empty name")
        return DeckEntry(name=" ".join(item.split()), count=1, section=section)
    return DeckEntry(name=" ".join(item.name.split()), count=item.count, section=section, card_id=item.id, level=item.level)
