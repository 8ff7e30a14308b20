"""Importers: card data and deck lists from files, into the card catalog and deck lists.

- The Spoils, OCTGN format: :func:`import_octgn_sets` (``set.xml`` files) and :func:`load_o8d`
  (``.o8d`` decks, ids resolved against the imported sets).
- Any game, the project's YAML/JSON card format: :func:`import_card_files`; the packaged Buffy
  and WoW Miniatures cards: :func:`seed_catalog`.
- Deck lists in JSON: :func:`load_deck_json`, :func:`parse_deck` (an HTTP body), :func:`load_deck`
  (by file extension).

Every importer validates a whole file (or a whole batch of files) before the catalog changes,
and answers a broken file with :class:`~rulings.cards.CardDataError` naming the file, the line
where the parser gives one, and the problem.  Importers of several files take an optional
``progress(done, total)`` callback.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from rulings.cards import CardCatalog, CardDataError
from rulings.importers.base import ImportReport, Progress
from rulings.importers.card_files import SEED_FILES, import_card_files, load_card_file, seed_catalog
from rulings.importers.deck_lists import load_deck, load_deck_json, parse_deck
from rulings.importers.octgn import import_octgn_sets, load_o8d, load_octgn_set

__all__ = [
    "CardDataError",
    "build_catalog",
    "ImportReport",
    "Progress",
    "SEED_FILES",
    "import_card_files",
    "import_octgn_sets",
    "load_card_file",
    "load_deck",
    "load_deck_json",
    "load_o8d",
    "load_octgn_set",
    "parse_deck",
    "seed_catalog",
]


def build_catalog(
    octgn_sets: Iterable[str | Path] = (),
    card_files: Iterable[str | Path] = SEED_FILES,
    *,
    progress: Progress | None = None,
) -> tuple[CardCatalog, list[ImportReport]]:
    """A catalog of the given card files (default: the packaged seed cards) and OCTGN sets.

    ``octgn_sets`` may name ``set.xml`` files or directories of them (e.g.
    ``shared/data/spoils-octgn/sets``).  ``progress`` is called with (files read, files to read)
    over all files.  Raises CardDataError naming the first broken file; nothing is returned then.
    """
    set_files: list[Path] = []
    for entry in (Path(p) for p in octgn_sets):
        set_files.extend(sorted(entry.glob("*.xml")) if entry.is_dir() else [entry])
    yaml_files = [Path(p) for p in card_files]
    total = len(set_files) + len(yaml_files)

    def shifted(offset: int) -> Progress | None:
        if progress is None:
            return None
        return lambda done, _: progress(offset + done, total)

    catalog = CardCatalog()
    reports = import_card_files(yaml_files, catalog, progress=shifted(0)) if yaml_files else []
    if set_files:
        reports.append(import_octgn_sets(set_files, catalog, progress=shifted(len(yaml_files))))
    return catalog, reports
