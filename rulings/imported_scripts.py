"""Scripts converted when card sets are imported: every Spoils card the packaged scripts
(``rulings/data/scripts/spoils.yaml``, the reviewed baseline) lack, or wrote from another text (its
``text_sha`` differs from the hash of the text in force), is converted from its printed text by
``rulings.convert_spoils`` and kept beside the imported card files, in ``scripts/spoils.yaml`` of the
cards directory, in the packaged file's format.  The catalog loaded from that directory carries them
(``CardCatalog.scripts``), and a game plays them like any other (``rulings.scripts.script_for``).
"""
from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import yaml

from adjudicator.effects import text_sha
from rulings.convert_spoils.card_scripts import script_for as converted_script
from rulings.scripts import GAMES, ScriptFile, load_script_file, script_of

FOLDER = "scripts"
"""The sub-folder of the cards directory that holds the converted scripts (one file per game)."""
CONVERTED_GAMES = ("spoils",)
"""The games the converter reads (The Spoils' templated texts)."""
SOURCE = ("converted at import by rulings.convert_spoils from each card's text in force; the cards "
          "the packaged scripts lack or wrote from another text")


def imported_path(directory: Path, game: str) -> Path:
    return Path(directory) / FOLDER / f"{game}.yaml"


def load_imported(directory: Path) -> dict[str, ScriptFile]:
    """The converted scripts kept in the cards directory, by game (empty without any).  Raises
    ``rulings.scripts.ScriptError`` naming the file, card and field of a broken one."""
    out: dict[str, ScriptFile] = {}
    for game in GAMES:
        path = imported_path(directory, game)
        if path.is_file():
            out[game] = load_script_file(path)
    return out


def needs_conversion(game: str, name: str, text: str | None) -> bool:
    """A card without a packaged script, or whose packaged script was written from another text."""
    packaged = script_of(game, name)
    return packaged is None or packaged.text_sha != text_sha(text)


def convert_catalog(catalog: Any, game: str = "spoils") -> dict[str, dict[str, Any]]:
    """A script document for every card of ``game`` in ``catalog`` that needs one (its text in
    force today), by name: the abilities the converter reads, the rest in ``not_covered``."""
    out: dict[str, dict[str, Any]] = {}
    for name in catalog.names(game):
        card = catalog.effective(game, name)
        if needs_conversion(game, card.name, card.text):
            out[card.name] = converted_script(card.printing.card_type, card.text, card.name)
    return out


def write_imported(directory: Path, game: str, docs: dict[str, dict[str, Any]]) -> Path:
    """Writes the converted scripts of ``game`` (replacing the file atomically) and returns its path;
    the file is read back through the loader, so a script the language refuses stops here."""
    path = imported_path(directory, game)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    body = {"game": game, "source": SOURCE, "cards": docs}
    tmp.write_text(yaml.safe_dump(body, sort_keys=True, allow_unicode=True), encoding="utf-8")
    try:
        load_script_file(tmp)
    except Exception:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, path)
    return path


def convert_and_store(catalog: Any, directory: Path) -> dict[str, ScriptFile]:
    """Converts the cards of ``catalog`` that need a script, stores them in ``directory`` and sets
    them on the catalog (``CardCatalog.scripts``); returns them by game."""
    for game in CONVERTED_GAMES:
        write_imported(directory, game, convert_catalog(catalog, game))
    catalog.scripts = load_imported(directory)
    return catalog.scripts
