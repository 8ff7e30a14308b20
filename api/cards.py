"""/cards and /decks: effective card text (most recent edition, as of a date) and deck validation.

The card catalog a server answers from is the packaged seed cards plus every card file imported
with ``adjudicator cards import`` (kept in ADJUDICATOR_CARDS_DIR, default ``cards`` in the per-user data directory).

Every worker sees an import without a restart: an import writes a new catalog version file
(``.catalog-version``, replaced atomically) after the card files, and each worker compares, on every
request that reads the catalog, the version it loaded with the directory's (a stat of the directory
and of that file, a few microseconds) and reads the catalog again when they differ.
"""
from __future__ import annotations

import logging
import os
import shutil
import tempfile
import threading
import uuid
from datetime import date
from pathlib import Path
from typing import Any, Callable, Iterable

from flask import Blueprint, Flask, current_app, request, url_for
from marshmallow import fields, validate

from events.service.limits import MAX_POSITION

from api.errors import Problem, rule_ref
from api.pages import next_link
from api.schemas import GAMES, Strict
from rulings.cards import AmbiguousCard, CardCatalog, CardDataError, CardNotFound
from rulings.decks import DeckError, DeckList, validate_deck
from rulings.importers import build_catalog, load_o8d, parse_deck
from rulings.importers.octgn import MAX_DECK_CARDS, MAX_QUANTITY
from rulings.importers.text_decks import parse_text_deck
from rulings.name_search import autocomplete, exact_name, fuzzy_name
from rulings.engine_coverage import enforced_by
from rulings.imported_scripts import convert_and_store, load_imported
from rulings.scripts import LEVELS, Coverage, ScriptError, automation, catalog_coverage

bp = Blueprint("cards", __name__)
_lock = threading.Lock()
CARD_SUFFIXES = (".xml", ".yaml", ".yml", ".json")
VERSION_FILE = ".catalog-version"  # rewritten by every import; workers reload when it changes


def cards_dir(config: dict[str, Any] | None = None) -> Path:
    configured = (config or {}).get("CARDS_DIR") or os.environ.get("ADJUDICATOR_CARDS_DIR")
    if configured:
        return Path(configured)
    from events.service.store import data_dir

    return data_dir() / "cards"


def _split(files: Iterable[Path]) -> tuple[list[Path], list[Path]]:
    sets, card_files = [], []
    for f in files:
        (sets if f.suffix.lower() == ".xml" else card_files).append(f)
    return sets, card_files


def load_card_catalog(directory: Path, extra: Iterable[Path] = (),
                      progress: Callable[[int, int], None] | None = None) -> tuple[CardCatalog, list]:
    """Seed cards + every card file in ``directory`` + ``extra``.  Raises CardDataError."""
    from rulings.importers import SEED_FILES

    present = sorted(p for p in directory.glob("*") if p.suffix.lower() in CARD_SUFFIXES) if directory.is_dir() else []
    names = {p.name for p in extra}
    files = [p for p in present if p.name not in names] + list(extra)
    sets, card_files = _split(files)
    catalog, reports = build_catalog(sets, [*SEED_FILES, *card_files], progress=progress)
    try:
        catalog.scripts = load_imported(directory)
    except ScriptError as exc:
        raise CardDataError(exc.path, None, f"converted scripts: {exc}") from None
    return catalog, reports


def import_card_files(paths: list[Path], directory: Path,
                      progress: Callable[[int, int], None] | None = None) -> tuple[CardCatalog, list]:
    """Validates the whole catalog with the new files first; only then copies them in.

    Raises CardDataError naming the file, line and problem; the stored catalog is then unchanged.
    """
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise CardDataError(missing[0], None, "no such file")
    bad = [p for p in paths if p.suffix.lower() not in CARD_SUFFIXES]
    if bad:
        raise CardDataError(bad[0], None, f"unsupported card file type {bad[0].suffix!r} (expected OCTGN .xml, .yaml or .json)")
    catalog, reports = load_card_catalog(directory, paths, progress)
    directory.mkdir(parents=True, exist_ok=True)
    for p in paths:
        tmp = directory / f".{p.name}.tmp"
        shutil.copyfile(p, tmp)
        os.replace(tmp, directory / p.name)
    convert_and_store(catalog, directory)  # scripts for the cards the packaged ones lack (rulings.imported_scripts)
    mark_imported(directory)
    return catalog, reports


def imported_names(catalog: CardCatalog, paths: Iterable[Path], game: str) -> list[str]:
    """The card names of ``game`` the files ``paths`` brought (by the file each printing was read from)."""
    files = {Path(p).name for p in paths}
    return sorted({p.name for p in catalog.all_printings(game) if Path(p.source or "").name in files})


def mark_imported(directory: Path) -> None:
    """A new catalog version for ``directory``: a fresh token in VERSION_FILE, replaced atomically."""
    tmp = directory / f"{VERSION_FILE}.{uuid.uuid4().hex}.tmp"
    tmp.write_text(f"{uuid.uuid4().hex}\n", encoding="ascii")
    os.replace(tmp, directory / VERSION_FILE)


def catalog_version(directory: Path) -> tuple[Any, ...]:
    """What a worker compares per request: the directory's modification time (a file added, removed
    or replaced in it) and the version file's identity (an import).  Two stats, no read."""
    out: list[Any] = []
    for path in (directory, directory / VERSION_FILE):
        try:
            st = path.stat()
            out.append((st.st_mtime_ns, st.st_ino, st.st_size))
        except OSError:
            out.append(None)
    return tuple(out)


def card_catalog() -> CardCatalog:
    """The catalog of this app, read again when the cards directory's version changed since it
    was loaded (an import by ``adjudicator cards import``, by this worker or any other).  A catalog
    set in ``app.extensions["cards"]`` by its embedder is kept as given.  Raises CardDataError when
    there is no catalog yet and the directory cannot be read; a failed re-read keeps the old one."""
    app = current_app
    directory = cards_dir(app.config)
    version = catalog_version(directory)
    cached = app.extensions.get("cards")
    if cached is not None and app.extensions.get("cards_version", version) == version:
        return cached
    with _lock:
        cached = app.extensions.get("cards")
        if cached is None or app.extensions.get("cards_version", version) != version:
            try:
                cached, _ = load_card_catalog(directory)
            except CardDataError:
                if cached is None:
                    raise
                logging.getLogger("adjudicator.cards").exception("the card catalog in %s cannot be read again; "
                                                                 "still answering from the one loaded before", directory)
            app.extensions["cards"] = cached
            app.extensions["cards_version"] = version
    return cached


class CardArgs(Strict):
    as_of = fields.Date(load_default=None)
    level = fields.Integer(load_default=None, strict=False, validate=validate.Range(min=0, max=100))
    edition = fields.String(load_default=None)


class CardListArgs(Strict):
    q = fields.String(load_default=None)
    automation = fields.String(load_default=None, validate=validate.OneOf(LEVELS))
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_POSITION), strict=False)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000), strict=False)


class DeckArgs(Strict):
    format = fields.String(load_default=None, validate=validate.OneOf(("constructed", "limited")))
    allow_unknown = fields.Boolean(load_default=True)


def _game(game: str) -> str:
    if game not in GAMES:
        raise Problem(404, "not-found", "No such game", f"unknown game {game!r} (expected {', '.join(GAMES)})")
    return game


def _card_doc(card) -> dict[str, Any]:
    doc = card.to_dict()
    doc["rule"] = rule_ref(card.rule_id)
    doc["rules"] = [rule_ref(r) for r in doc["rules"]]
    auto = automation(card.game, card.name, card.text, imported=card_catalog().scripts.get(card.game))
    doc["script"] = auto.script.dump() if auto.script is not None else None
    doc["script_source"] = auto.source  # "packaged", "converted at import" or None (rulings.scripts.script_for)
    doc["automation"] = auto.to_dict()
    doc["enforced_by"] = enforced_by(card.game, auto.script)
    return doc


def _coverage(catalog: CardCatalog, game: str) -> Coverage:
    """The automation level of every card of ``game``, computed once per loaded catalog."""
    with _lock:
        cache = current_app.extensions.setdefault("card_coverage", {})
        key = (id(catalog), game)
        if key not in cache:
            cache[key] = catalog_coverage(catalog, game)
        return cache[key]


@bp.get("/cards/<game>")
def list_cards(game: str):
    args = CardListArgs().load(request.args)
    catalog = card_catalog()
    names = catalog.names(_game(game))
    if args["automation"]:
        report = _coverage(catalog, game)
        names = [n for n in names if n in report.cards and report.cards[n].level == args["automation"]]
    if args["q"]:
        q = args["q"].lower()
        names = [n for n in names if q in n.lower()]
    page = names[args["after"]: args["after"] + args["limit"]]
    end = args["after"] + len(page)
    nxt = url_for("cards.list_cards", game=game, q=args["q"], automation=args["automation"], after=end,
                  limit=args["limit"]) if end < len(names) else None
    doc = {"game": game, "names": page, "total": len(names), "next": nxt}
    if args["automation"]:
        doc.update(automation=args["automation"], count=len(names))
    return next_link(doc)


class NamedArgs(CardArgs):
    fuzzy = fields.String(load_default=None, validate=validate.Length(min=1, max=200))
    exact = fields.String(load_default=None, validate=validate.Length(min=1, max=200))


class AutocompleteArgs(Strict):
    q = fields.String(required=True, validate=validate.Length(max=200))


@bp.get("/cards/<game>/named")
def named_card(game: str):
    """Scryfall's ``/cards/named``: ``exact`` (case aside) or ``fuzzy`` (partial words, missing
    letters); 404 when nothing fits, 404 with ``ambiguous`` and ``candidates`` when several fit alike."""
    args = NamedArgs().load(request.args)
    if (args["fuzzy"] is None) == (args["exact"] is None):
        raise Problem(422, "invalid-request", "Give fuzzy or exact",
                      "send exactly one of ?fuzzy=NAME (partial words and misspellings allowed) or ?exact=NAME",
                      errors=[{"field": "fuzzy", "message": "exactly one of fuzzy and exact"}])
    names = card_catalog().names(_game(game))
    if args["exact"] is not None:
        found = exact_name(names, args["exact"])
        if found is None:
            raise Problem(404, "not-found", "No such card", f"no {game} card is named exactly {args['exact']!r}")
        return _card_answer(game, found, args)
    match = fuzzy_name(names, args["fuzzy"])
    if match.ambiguous:
        raise Problem(404, "not-found", "Ambiguous card name",
                      f"{len(match.candidates)} {game} cards match {args['fuzzy']!r} equally well "
                      f"({', '.join(match.candidates[:10])}); add more words to choose one",
                      ambiguous=True, candidates=list(match.candidates))
    if match.name is None:
        raise Problem(404, "not-found", "No such card", f"no {game} card name is close to {args['fuzzy']!r}",
                      ambiguous=False, candidates=[])
    return _card_answer(game, match.name, args)


@bp.get("/cards/<game>/autocomplete")
def autocomplete_names(game: str):
    """Scryfall's ``/cards/autocomplete``: up to 20 names, those starting with ``q`` first, then
    those containing it (none below 2 characters)."""
    args = AutocompleteArgs().load(request.args)
    found = autocomplete(card_catalog().names(_game(game)), args["q"])
    return {"object": "catalog", "game": game, "q": args["q"], "total_values": len(found), "data": found}


@bp.get("/cards/<game>/<path:name>")
def get_card(game: str, name: str):
    return _card_answer(game, name, CardArgs().load(request.args))


def _card_answer(game: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    catalog = card_catalog()
    try:
        card = catalog.effective(_game(game), name, args["as_of"], level=args["level"], edition=args["edition"])
    except CardNotFound as exc:
        raise Problem(404, "not-found", "No such card", str(exc)) from None
    except AmbiguousCard as exc:
        return {"game": game, "name": name, "ambiguous": True, "detail": str(exc),
                "cards": [_card_doc(c) for c in exc.cards]}
    doc = _card_doc(card)
    doc["ambiguous"] = False
    doc["cards"] = [_card_doc(card)]
    return doc


@bp.post("/decks/<game>/validate")
def validate(game: str):
    args = DeckArgs().load(request.args)
    game = _game(game)
    catalog = card_catalog()
    raw = request.get_data(cache=True)
    try:
        if request.mimetype in ("application/xml", "text/xml"):
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "deck.o8d"
                path.write_bytes(raw)
                deck = load_o8d(path, catalog, format=args["format"] or "constructed",
                                allow_unknown=args["allow_unknown"])
        elif request.mimetype == "text/plain":
            text = raw.decode("utf-8-sig", errors="strict")
            deck = parse_text_deck(text, "request body", game=game, format=args["format"] or "constructed",
                                   catalog=catalog)
        elif request.is_json:
            from api.body import parse_json

            data = parse_json(raw or b"null")  # the parser and limits of every body
            if isinstance(data, dict) and args["format"]:
                data = {**data, "format": args["format"]}
            deck = _bounded(parse_deck(data, "request body"))
        else:
            raise Problem(415, "unsupported-media-type", "Expected a deck",
                          "send an OCTGN .o8d deck as application/xml, a plain-text list ('2 Card Name' lines) "
                          "as text/plain or a JSON deck list as application/json")
        findings = validate_deck(game, deck, catalog)
    except UnicodeDecodeError:
        raise Problem(422, "invalid-deck", "The deck cannot be read", "request body: not UTF-8 text") from None
    except CardDataError as exc:
        where = f"line {exc.line}: " if getattr(exc, "line", None) else ""
        problem = getattr(exc, "problem", str(exc))
        raise Problem(422, "invalid-deck", "The deck cannot be read", f"request body, {where}{problem}",
                      line=getattr(exc, "line", None)) from None
    except DeckError as exc:
        raise Problem(422, "invalid-deck", "The deck does not fit this game", str(exc)) from None
    errors = [f for f in findings if f.severity == "error"]
    return {
        "game": game,
        "format": deck.format,
        "valid": not errors,
        "cards": deck.total(),
        "findings": [{**f.to_dict(), "rule": rule_ref(f.rule_id)} for f in findings],
    }


def _bounded(deck: DeckList) -> DeckList:
    """A JSON deck within the bounds of an ``.o8d`` file's (rulings.importers.octgn): each entry 1 to
    MAX_QUANTITY copies, MAX_DECK_CARDS cards in all.  Raises Problem 422."""
    total = 0
    for n, entry in enumerate(deck.entries):
        total += entry.count
        if not 1 <= entry.count <= MAX_QUANTITY:
            raise Problem(422, "invalid-deck", "The deck cannot be read", f"request body, entry {n} ({entry.name!r}): "
                          f"count {entry.count}, expected a whole number from 1 to {MAX_QUANTITY}")
        if total > MAX_DECK_CARDS:
            raise Problem(422, "invalid-deck", "The deck cannot be read", f"request body, entry {n} ({entry.name!r}): "
                          f"the deck has more than {MAX_DECK_CARDS} cards: a deck holds at most {MAX_DECK_CARDS}")
    return deck


def register(app: Flask) -> None:
    app.register_blueprint(bp)
