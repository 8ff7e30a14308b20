"""The ``adjudicator`` console script: serve, replay, audit, export and import game logs."""
from __future__ import annotations

import json
import os
import sys
from uuid import UUID

import click


@click.group()
@click.option("--database-url", envvar="ADJUDICATOR_DATABASE_URL", default=None,
              help="sqlite:///FILE (default var/adjudicator.sqlite), postgresql://..., or memory://")
@click.pass_context
def main(ctx: click.Context, database_url: str | None) -> None:
    """Rules adjudication service for Buffy the Vampire Slayer CCG, The Spoils and WoW Miniatures."""
    ctx.obj = {"database_url": database_url}
    if database_url:
        os.environ["ADJUDICATOR_DATABASE_URL"] = database_url


def _service(ctx: click.Context):
    from events.application import GameService

    return GameService(ctx.obj["database_url"])


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=int(os.environ.get("ADJUDICATOR_WORKERS", 2)), show_default=True, type=int,
              help="gunicorn worker processes; each builds its own app and store connection")
@click.option("--threads", default=4, show_default=True, type=int)
@click.option("--dev", is_flag=True, help="Flask's development server instead of gunicorn")
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, workers: int, threads: int, dev: bool) -> None:
    """Serve the HTTP API (gunicorn with several workers)."""
    from events.store import describe

    click.echo(f"adjudicator: serving on http://{host}:{port} with {describe(ctx.obj['database_url'])}", err=True)
    if dev:
        from api import create_app

        create_app().run(host=host, port=port, threaded=True)
        return
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def load_config(self) -> None:
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("threads", threads)
            self.cfg.set("worker_class", "gthread" if threads > 1 else "sync")
            self.cfg.set("accesslog", None)  # the app writes one JSON line per request (api/requestlog.py)
            self.cfg.set("timeout", 120)
            self.cfg.set("graceful_timeout", 5)

        def load(self):
            # Runs in each worker after the fork: its own app, store connection and key store.
            from api import create_app
            from rulings.catalog import catalog

            app = create_app()
            catalog()  # parsed before the worker takes requests, not during the first one
            return app

    Server().run()


@main.command()
@click.argument("game_id")
@click.option("--at", type=int, default=None, help="position (default: latest)")
@click.pass_context
def replay(ctx: click.Context, game_id: str, at: int | None) -> None:
    """Print the state of GAME_ID at a position, as JSON."""
    from adjudicator import engine_for

    log = _service(ctx).state_at(UUID(game_id), at)
    doc = engine_for(log.game).to_document(log.state)
    doc["position"] = log.version
    click.echo(json.dumps(doc, indent=2))


@main.command()
@click.argument("game_id")
@click.pass_context
def audit(ctx: click.Context, game_id: str) -> None:
    """Re-decide every action of GAME_ID and check its hash chain; exit 1 when not valid."""
    from events.application import GameNotFound

    try:
        report = _service(ctx).audit(UUID(game_id))  # row by row: a tampered log is reported, not a crash
    except GameNotFound as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    click.echo(json.dumps(report, indent=2))
    sys.exit(0 if report["valid"] else 1)


@main.command("export")
@click.argument("game_id")
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-", show_default=True)
@click.pass_context
def export_game(ctx: click.Context, game_id: str, output) -> None:
    """Write GAME_ID's log as JSON Lines (one stored event per line, with its hashes)."""
    from events.export import export_lines

    rows = _service(ctx).raw_events(UUID(game_id))
    if not rows:
        click.echo(f"error: no game {game_id}", err=True)
        sys.exit(1)
    for line in export_lines(rows):
        output.write(line)


@main.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.pass_context
def import_game(ctx: click.Context, file: str) -> None:
    """Rebuild a game from an exported JSON Lines FILE, auditing it on the way in (a broken chain
    is refused, naming the position); exit 1 when refused."""
    from events.export import GameExists, ImportRefused, import_game as store_game, parse_lines

    try:
        with open(file, "rb") as fh, click.progressbar(length=os.path.getsize(file), label="reading events",
                                                       file=sys.stderr) as bar:
            parsed = parse_lines(fh, progress=bar.update)
        click.echo(f"auditing {len(parsed.events)} events of game {parsed.game_id}", err=True)
        report = store_game(_service(ctx), parsed)
    except (ImportRefused, GameExists) as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    findings = [f for f in report["violations"] if f["kind"] != "violation" or not f.get("recorded")]
    click.echo(f"imported game {parsed.game_id}: {len(parsed.events)} events, head {report['chain']['head']}"
               + (f", {len(findings)} rule finding(s): see `adjudicator audit {parsed.game_id}`" if findings else ""))


@main.group()
def keys() -> None:
    """API keys (used when ADJUDICATOR_AUTH=required), stored hashed beside the event store."""


def _keys(ctx: click.Context):
    from api.auth import MemoryKeyStore, key_store_for

    store = key_store_for(ctx.find_root().obj["database_url"])
    if isinstance(store, MemoryKeyStore):
        click.echo("warning: memory:// keeps keys in this process only", err=True)
    return store


@keys.command("create")
@click.option("--role", type=click.Choice(["admin", "judge", "recorder", "reader"]), required=True)
@click.option("--game", "games", multiple=True, help="a game a recorder key may append to (repeatable)")
@click.option("--label", default=None, help="who or what holds the key")
@click.pass_context
def keys_create(ctx: click.Context, role: str, games: tuple[str, ...], label: str | None) -> None:
    """Create a key; the key itself is printed once, on stdout."""
    for game in games:
        UUID(game)
    key, token = _keys(ctx).create(role, list(games), label)
    click.echo(f"created {key.role} key {key.id}" + (f" for {', '.join(key.games)}" if key.games else ""), err=True)
    click.echo(token)


@keys.command("list")
@click.pass_context
def keys_list(ctx: click.Context) -> None:
    """List keys (never their secrets)."""
    for k in _keys(ctx).list():
        state = f"revoked {k.revoked_at}" if k.revoked_at else "active"
        click.echo(f"{k.id}  {k.role:8}  {state:28}  {k.label or '-'}  {','.join(k.games) or '-'}")


@keys.command("revoke")
@click.argument("key_id")
@click.pass_context
def keys_revoke(ctx: click.Context, key_id: str) -> None:
    """Revoke a key; requests with it are 401 from then on."""
    key = _keys(ctx).revoke(key_id)
    if key is None:
        click.echo(f"error: no key {key_id}", err=True)
        sys.exit(1)
    click.echo(f"revoked {key.id} at {key.revoked_at}")


@main.command("games")
@click.pass_context
def list_games(ctx: click.Context) -> None:
    """List the games in the store."""
    games, _ = _service(ctx).list_games(limit=1000)
    for g in games:
        click.echo(f"{g['id']}  {g['game']:8}  {','.join(p.get('id', '?') for p in g['players'])}  {g['created_at']}")


@main.group()
def cards() -> None:
    """The card catalog: import card files, show a card's effective text."""


@cards.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True, path_type=str))
@click.option("--cards-dir", envvar="ADJUDICATOR_CARDS_DIR", default=None, help="where imported files are kept (default var/cards)")
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
            click.echo(f"\nerror: {exc}", err=True)
            sys.exit(2)
    for report in reports:
        d = report.to_dict()
        click.echo(f"{d['game']}: {len(d['files'])} file(s), {d['printings_read']} printings, "
                   f"{d['distinct_cards']} distinct cards, {d['reprinted_cards']} reprinted, "
                   f"{len(d['text_changes'])} with changed text (errata), "
                   f"{len(d['encoding_only_differences'])} differing by encoding only")
    click.echo(f"{len(catalog)} printings in the catalog at {target}")


@cards.command("show")
@click.argument("game")
@click.argument("name")
@click.option("--as-of", default=None, help="YYYY-MM-DD: the text in force at a tournament that day")
def cards_show(game: str, name: str, as_of: str | None) -> None:
    """Print a card's effective text and the rule that decided it."""
    from datetime import date

    from api.cards import cards_dir, load_card_catalog
    from rulings.cards import AmbiguousCard

    catalog, _ = load_card_catalog(cards_dir())
    try:
        card = catalog.effective(game, name, date.fromisoformat(as_of) if as_of else None)
        click.echo(json.dumps(card.to_dict(), indent=2, default=str))
    except AmbiguousCard as exc:
        click.echo(json.dumps([c.to_dict() for c in exc.cards], indent=2, default=str))


@main.group()
def decks() -> None:
    """Deck lists: validate against the game's deck-construction rules."""


@decks.command("validate")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--game", type=click.Choice(["spoils", "buffy"]), default=None, help="default: from the file")
@click.option("--format", "fmt", type=click.Choice(["constructed", "limited"]), default=None)
def decks_validate(file: str, game: str | None, fmt: str | None) -> None:
    """Validate an OCTGN .o8d deck or a JSON deck list; exit 1 when it breaks a rule."""
    from api.cards import cards_dir, load_card_catalog
    from rulings.cards import CardDataError
    from rulings.decks import DeckError, validate_deck
    from rulings.importers import load_deck

    catalog, _ = load_card_catalog(cards_dir())
    try:
        deck = load_deck(file, catalog, format=fmt, allow_unknown=True)
        findings = validate_deck(game or deck.game, deck, catalog)
    except (CardDataError, DeckError) as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    for f in findings:
        click.echo(f"{f.severity:7} {f.rule_id:22} {f.message}")
    errors = [f for f in findings if f.severity == "error"]
    click.echo(f"{deck.total()} cards: {'valid' if not errors else f'{len(errors)} error(s)'}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
