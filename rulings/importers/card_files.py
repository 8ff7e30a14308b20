"""A simple card-data format, in YAML or JSON, for Buffy, WoW Miniatures (or any game).

One file per game or per set::

    game: buffy                      # buffy | spoils | wowmini
    source: where the data comes from (free text, kept with every card)
    edition: Rules documents (set not named)   # default edition of the cards below
    editions:                        # optional: editions this file introduces, same fields as
      - name: Class of '99           #   rulings/data/editions.yaml (name, order, released,
        order: 1                     #   released_by, released_after, aliases, notes)
        released: 2001
    cards:
      - name: Buffy Summers          # required
        edition: Class of '99        # optional when the file gives a default
        type: Character              # Character, Essence, Action, Item, Skill, Location,
                                     #   Challenge... (null when unknown)
        level: 1                     # character level, null otherwise
        cost: null
        text: HUMAN. ...             # the rules text, in the project's own words
        alignment: good              # every other key is kept in the printing's fields
        traits: [HUMAN]

Every key besides ``name``, ``edition``, ``type``, ``level``, ``cost``, ``text`` and ``id`` is kept
in :attr:`rulings.cards.Printing.fields`; the conventional ones are documented in
``rulings/data/README.md`` (alignment, role, traits, talents, boosts, requirements, goals, destiny...).
A value the sources do not give is ``null``, never guessed.

Loading validates the whole file before anything reaches the catalog.
"""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any, Iterable

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rulings.cards import GAMES, CardCatalog, CardDataError, Printing, clean_text
from rulings.editions import Edition, Editions, parse_release, release_bounds
from rulings.importers.base import ImportReport, Progress, pydantic_problem, read_text

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
SEED_FILES = (DATA_DIR / "buffy_cards.yaml", DATA_DIR / "wowmini_cards.yaml")
_LINE = "__line__"


class _CardRecord(BaseModel):
    model_config = ConfigDict(extra="allow")

    name: str = Field(min_length=1)
    edition: str | None = None
    type: str | None = None
    level: int | None = None
    cost: str | int | None = None
    text: str | None = None
    id: str | None = None

    @field_validator("name")
    @classmethod
    def _name_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the name is blank")
        return " ".join(value.split())


class _EditionRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    order: int
    released: date | str | int | None = None
    released_by: date | str | int | None = None
    released_after: date | str | int | None = None
    aliases: list[str] = Field(default_factory=list)
    source: str | None = None
    notes: str | None = None


class _CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    source: str | None = None
    edition: str | None = None
    editions: list[dict[str, Any]] = Field(default_factory=list)
    cards: list[dict[str, Any]]
    notes: str | None = None


class _LineLoader(yaml.SafeLoader):
    """Records on each mapping the line it starts on, for error messages."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        mapping = super().construct_mapping(node, deep=deep)
        mapping[_LINE] = node.start_mark.line + 1
        return mapping


def load_card_file(path: str | Path, editions: Editions) -> tuple[list[Printing], list[Edition]]:
    """Reads one YAML or JSON card file into printings and the editions it declares.

    Raises CardDataError naming the file, the line when known, and the problem: bad YAML or
    JSON, a missing or wrong field, an unknown game or edition, a card listed twice.
    """
    path = Path(path)
    raw = _read(path)
    top_line = raw.pop(_LINE, None) if isinstance(raw, dict) else None
    try:
        parsed = _CardFile.model_validate(raw)
    except ValidationError as exc:
        raise CardDataError(path, top_line, pydantic_problem(exc)) from exc
    if parsed.game not in GAMES:
        raise CardDataError(path, top_line, f"unknown game {parsed.game!r} (expected one of {', '.join(GAMES)})")
    game = parsed.game
    declared, known = _declared_editions(parsed, game, path, editions)
    printings: list[Printing] = []
    seen: dict[tuple[Any, ...], int] = {}
    for index, entry in enumerate(parsed.cards, start=1):
        line = entry.pop(_LINE, None) if isinstance(entry, dict) else None
        printing = _printing(entry, index, line, parsed, known, path)
        if printing.identity in seen:
            raise CardDataError(
                path, line, f"{printing.label()} is listed twice (first at line {seen[printing.identity]})"
            )
        seen[printing.identity] = line or 0
        printings.append(printing)
    return printings, declared


def _declared_editions(
    parsed: _CardFile, game: str, path: Path, editions: Editions
) -> tuple[list[Edition], Editions]:
    """The editions the file declares, and every edition known with them."""
    declared: list[Edition] = []
    known = editions.copy()
    for entry in parsed.editions:
        line = entry.pop(_LINE, None)
        try:
            record = _EditionRecord.model_validate(entry)
            released, precision = parse_release(record.released)
            after, _ = parse_release(record.released_after)
            edition = Edition(
                game=game,
                name=record.name,
                order=record.order,
                released=released,
                precision=precision,
                released_by=release_bounds(record.released_by).latest,
                released_after=after,
                aliases=tuple(record.aliases),
                source=record.source or parsed.source or str(path),
                notes=record.notes or "",
            )
            known.add(edition)
        except ValidationError as exc:
            raise CardDataError(path, line, f"edition: {pydantic_problem(exc)}") from exc
        except ValueError as exc:
            raise CardDataError(path, line, f"edition {entry.get('name')!r}: {exc}") from exc
        declared.append(edition)
    return declared, known


def _printing(entry: Any, index: int, line: int | None, parsed: _CardFile, known: Editions, path: Path) -> Printing:
    """One card entry as a printing of one of the ``known`` editions."""
    game = parsed.game
    try:
        record = _CardRecord.model_validate(entry)
    except ValidationError as exc:
        raise CardDataError(path, line, f"card {index}: {pydantic_problem(exc)}") from exc
    edition_name = record.edition or parsed.edition
    if not edition_name:
        raise CardDataError(path, line, f"card {record.name!r} has no edition and the file gives no default")
    edition = known.get(game, edition_name)
    if edition is None:
        raise CardDataError(
            path,
            line,
            f"card {record.name!r}: unknown {game} edition {edition_name!r}; declare it in the "
            "file's editions list or in rulings/data/editions.yaml",
        )
    fields = {k: _strip_lines(v) for k, v in (record.model_extra or {}).items()}
    return Printing(
        game=game,
        name=record.name,
        edition=edition.name,
        edition_order=edition.order,
        text=clean_text(record.text),
        card_type=record.type,
        cost=None if record.cost is None else str(record.cost),
        level=record.level,
        released=edition.release_label,
        card_id=record.id,
        source=str(path),
        fields=fields,
    )


def import_card_files(
    paths: Iterable[str | Path], catalog: CardCatalog, *, progress: Progress | None = None
) -> list[ImportReport]:
    """Imports card files into ``catalog``, all of them or none (one report per game touched).

    ``progress`` is called with (files read, files to read).
    Raises CardDataError naming the broken file, the line and the problem; the catalog is then
    unchanged.
    """
    files = [Path(p) for p in paths]
    editions = catalog.editions.copy()
    printings: list[Printing] = []
    by_game: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for index, path in enumerate(files, start=1):
        read, declared = load_card_file(path, editions)
        for edition in declared:
            try:
                editions.add(edition)
            except ValueError as exc:
                raise CardDataError(path, None, str(exc)) from exc
        printings.extend(read)
        for printing in read[:1]:
            by_game.setdefault(printing.game, []).append(str(path))
        for printing in read:
            counts[printing.game] = counts.get(printing.game, 0) + 1
        if progress:
            progress(index, len(files))
    catalog.add_all(printings, editions=editions)
    return [
        ImportReport(game=game, files=tuple(names), printings_read=counts[game], reprints=catalog.reprint_report(game))
        for game, names in by_game.items()
    ]


def seed_catalog(*, progress: Progress | None = None) -> CardCatalog:
    """A catalog holding the packaged card data (Buffy and WoW Miniatures seed cards).

    The Spoils cards are imported from OCTGN files (:func:`rulings.importers.import_octgn_sets`).
    Raises CardDataError when the packaged data is broken.
    """
    catalog = CardCatalog()
    import_card_files(SEED_FILES, catalog, progress=progress)
    return catalog


def _read(path: Path) -> Any:
    text = read_text(path)
    if path.suffix.casefold() == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise CardDataError(path, exc.lineno, f"not valid JSON: {exc.msg} (column {exc.colno})") from exc
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = " ".join(str(getattr(exc, "problem", None) or exc).split())
        raise CardDataError(path, mark.line + 1 if mark else None, f"not valid YAML: {problem}") from exc


def _strip_lines(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_lines(v) for k, v in value.items() if k != _LINE}
    if isinstance(value, list):
        return [_strip_lines(v) for v in value]
    return value
