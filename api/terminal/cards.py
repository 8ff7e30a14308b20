"""The card catalog and deck lists from the terminal: ``adjudicator cards import|show|coverage``
and ``adjudicator decks validate``."""
from __future__ import annotations

import json
import sys

import click

from api.terminal.common import refuse


@click.group()
def cards() -> None:
    """The card catalog: import card files, show a card's effective text."""


@cards.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True, path_type=str))
@click.option("--cards-dir", envvar="ADJUDICATOR_CARDS_DIR", default=None, help="where imported files are kept (default: cards/ in the per-user data directory)")
def cards_import(files: tuple[str, ...], cards_dir: str | None) -> None:
    """Import OCTGN set.xml files (The Spoils) or YAML/JSON card files; a folder means its files.

    The whole catalog is rebuilt with the new files first; a broken file stops the import with its
    file, line and problem, and the catalog stays as it was.
    """
    from pathlib import Path

    from api.cards import CARD_SUFFIXES, cards_dir as default_dir, import_card_files
    from rulings.cards import CardDataError

    paths: list[Path] = []
    for f in files:
        p = Path(f)
        paths.extend(sorted(x for x in p.iterdir() if x.suffix.lower() in CARD_SUFFIXES) if p.is_dir() else [p])
    target = Path(cards_dir) if cards_dir else default_dir()
    with click.progressbar(length=len(paths) + 2, label="importing card files", file=sys.stderr) as bar:
        last = [0]

        def progress(done: int, total: int) -> None:
            bar.length = total
            bar.update(done - last[0])
            last[0] = done

        try:
            catalog, reports = import_card_files(paths, target, progress)
        except CardDataError as exc:
            click.echo("", err=True)  # ends the progress bar's line
            refuse(str(exc))
    for report in reports:
        d = report.to_dict()
        click.echo(f"{d['game']}: {len(d['files'])} file(s), {d['printings_read']} printings, "
                   f"{d['distinct_cards']} distinct cards, {d['reprinted_cards']} reprinted, "
                   f"{len(d['text_changes'])} with changed text (errata), "
                   f"{len(d['encoding_only_differences'])} differing by encoding only")
    click.echo(f"{len(catalog)} printings in the catalog at {target}")
    _imported_coverage(catalog, paths)


def _imported_coverage(catalog, paths) -> None:
    """The coverage of the Spoils cards this import brought: each card the packaged scripts lack (or
    wrote from another text) got a script converted from its text (``rulings.imported_scripts``)."""
    from api.cards import imported_names
    from rulings.scripts import CONVERTED, LEVELS, catalog_texts, coverage

    names = imported_names(catalog, paths, "spoils")
    if not names:
        return
    scripts = catalog.scripts.get("spoils")
    texts = {n: t for n, t in catalog_texts(catalog, "spoils").items() if n in set(names)}
    report = coverage("spoils", texts, imported=scripts)
    converted = sum(1 for a in report.cards.values() if a.source == CONVERTED)
    click.echo(f"spoils: {len(texts)} imported cards, {converted} with a script converted at import "
               f"(kept in {scripts.path if scripts is not None else 'no file'}); coverage: "
               + ", ".join(f"{report.counts[level]} {level}" for level in LEVELS))


@cards.command("show")
@click.argument("game")
@click.argument("name")
@click.option("--as-of", default=None, help="YYYY-MM-DD: the text in force at a tournament that day")
def cards_show(game: str, name: str, as_of: str | None) -> None:
    """Print a card's effective text and the rule that decided it."""
    from datetime import date

    from api.cards import cards_dir, load_card_catalog
    from rulings.cards import AmbiguousCard, CardNotFound

    try:
        day = date.fromisoformat(as_of) if as_of else None
    except ValueError:
        raise click.BadParameter(f"{as_of!r} is not a date YYYY-MM-DD", param_hint="--as-of") from None
    catalog, _ = load_card_catalog(cards_dir())
    try:
        card = catalog.effective(game, name, day)
        click.echo(json.dumps(card.to_dict(), indent=2, default=str))
    except AmbiguousCard as exc:
        click.echo(json.dumps([c.to_dict() for c in exc.cards], indent=2, default=str))
    except CardNotFound as exc:
        refuse(f"{exc} in the catalog")


@cards.command("coverage")
@click.argument("game", type=click.Choice(["buffy", "spoils", "wowmini"]))
@click.option("--level", type=click.Choice(["full", "partial", "none"]), default=None,
              help="list only the cards at this automation level (default: every card that is not full)")
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON")
@click.option("--scripts", "scripts_only", is_flag=True,
              help="the scripts' round trip alone (what the language says back), whatever the engine enforces")
def cards_coverage(game: str, level: str | None, as_json: bool, scripts_only: bool) -> None:
    """How many of a game's cards have a script that renders back to their printed text (full),
    part of it (partial) or none, and what each card that is not full leaves uncovered."""
    from api.cards import cards_dir, load_card_catalog
    from rulings.scripts import catalog_coverage, coverage_report

    catalog, _ = load_card_catalog(cards_dir())
    report = catalog_coverage(catalog, game, engine=not scripts_only)
    if as_json:
        cards = {n: a.to_dict() for n, a in report.cards.items() if (a.level == level if level else a.level != "full")}
        click.echo(json.dumps({"game": game, "total": report.total, "counts": report.counts, "cards": cards}, indent=2))
        return
    lines = coverage_report(report)
    if report.total == 0:  # nothing imported yet: "0 cards" alone reads as if the engine covered nothing
        click.echo(f"adjudicator: no {game} cards in the catalog ({cards_dir()}): import them first, e.g. "
                   f"adjudicator cards import ../shared/data/spoils-octgn/sets", err=True)
    if level:
        lines = lines[:1] + [f"- {n} [{a.level}]" + "".join(f"\n    not covered: {t}" for t in a.not_covered)
                             for n, a in report.cards.items() if a.level == level]
    click.echo("\n".join(lines))


@click.group()
def decks() -> None:
    """Deck lists: validate against the game's deck-construction rules."""


@decks.command("validate")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--game", type=click.Choice(["spoils", "buffy"]), default=None,
              help="default: from the file (a plain-text list: spoils)")
@click.option("--format", "fmt", type=click.Choice(["constructed", "limited"]), default=None)
def decks_validate(file: str, game: str | None, fmt: str | None) -> None:
    """Validate an OCTGN .o8d deck, a plain-text list ('2 Card Name' lines, .txt) or a JSON deck
    list; exit 1 when it breaks a rule.  Cards the catalog lacks are named."""
    from api.cards import cards_dir, load_card_catalog
    from rulings.cards import CardDataError
    from rulings.decks import DeckError, validate_deck
    from rulings.importers import load_deck

    catalog, _ = load_card_catalog(cards_dir())
    try:
        deck = load_deck(file, catalog, format=fmt, allow_unknown=True, game=game or "spoils")
        findings = validate_deck(game or deck.game, deck, catalog)
    except (CardDataError, DeckError) as exc:
        refuse(str(exc))
    for f in findings:
        named = f": {', '.join(f.cards)}" if f.cards and not all(c in f.message for c in f.cards) else ""
        click.echo(f"{f.severity:7} {f.rule_id:22} {f.message}{named}")
    errors = [f for f in findings if f.severity == "error"]
    click.echo(f"{deck.total()} cards: {'valid' if not errors else f'{len(errors)} error(s)'}")
    sys.exit(1 if errors else 0)
