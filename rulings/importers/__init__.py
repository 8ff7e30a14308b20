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

from rulings.cards import CardDataError
from rulings.importers.base import ImportReport, Progress
from rulings.importers.card_files import SEED_FILES, import_card_files, load_card_file, seed_catalog
from rulings.importers.deck_lists import load_deck, load_deck_json, parse_deck
from rulings.importers.octgn import import_octgn_sets, load_o8d, load_octgn_set

__all__ = [
    "CardDataError",
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
