"""The ``adjudicator`` console script: serve, replay, audit, export and import game logs.

Every error is one line on stderr (``error: ...``) and an exit code from ``EXIT_CODES``; never a
traceback.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn
from uuid import UUID

import click

EXIT_CODES = """\b
Exit codes:
  0  done (for audit and decks validate: the log or deck is valid)
  1  the request was refused or its answer is negative: no such game, position or card, an
     invalid log or deck, a file that cannot be imported, a store that cannot be opened
  2  usage: an unknown command or option, a missing or malformed argument"""


class Refused(click.ClickException):
    """A refused request: one line on stderr, exit code 1."""

    exit_code = 1


def refuse(message: str) -> NoReturn:
    """Stop the command with ``error: message`` on stderr and exit code 1.  Raises Refused."""
    raise Refused(message)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


class AdjudicatorGroup(click.Group):
    """The root group: turns every failure into one ``error:`` line and a documented exit code."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        try:
            return super().main(args, prog_name or "adjudicator", complete_var, standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
            click.echo(f"error: {_one_line(exc.format_message())}{hint}", err=True)
            sys.exit(2)
        except click.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(1)
        except click.ClickException as exc:
            click.echo(f"error: {_one_line(exc.format_message())}", err=True)
            sys.exit(exc.exit_code if exc.exit_code in (1, 2) else 1)
        except KeyboardInterrupt:
            click.echo("error: interrupted", err=True)
            sys.exit(1)
        except Exception as exc:  # noqa: BLE001 - the promise is one line, never a traceback
            click.echo(f"error: {_refusal(exc)}", err=True)
            sys.exit(1)


def _refusal(exc: Exception) -> str:
    """One line naming what went wrong, for the errors the layers below raise."""
    from events.service.application import GameNotFound, PositionOutOfRange
    from events.service.store import StoreConfigError

    if isinstance(exc, (GameNotFound, PositionOutOfRange, StoreConfigError)):
        return _one_line(str(exc))
    return _one_line(f"{type(exc).__name__}: {exc}")


def _game_id(raw: str) -> UUID:
    try:
        return UUID(raw)
    except ValueError:
        refuse(f"no game {raw}: a game id is a UUID such as 1b4e28ba-2fa1-11d2-883f-0016d3cca427")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ccg-adjudicator")
    except PackageNotFoundError:
        return "unknown (not installed)"


@click.group(cls=AdjudicatorGroup, epilog=EXIT_CODES)
@click.version_option(version=_version(), prog_name="adjudicator", message="%(prog)s %(version)s")
@click.option("--database-url", envvar="ADJUDICATOR_DATABASE_URL", default=None,
              help="sqlite:///FILE (default: adjudicator.sqlite in $ADJUDICATOR_HOME, else "
                   "$XDG_DATA_HOME/adjudicator, else ~/.local/share/adjudicator), postgresql://..., or memory://")
@click.pass_context
def main(ctx: click.Context, database_url: str | None) -> None:
    """Rules adjudication service for Buffy the Vampire Slayer CCG, The Spoils and WoW Miniatures."""
    ctx.obj = {"database_url": database_url}
    if database_url:
        os.environ["ADJUDICATOR_DATABASE_URL"] = database_url


def announce_new_store(database_url: str | None) -> None:
    """Say on stderr where a new default SQLite store is being created (the default does not
    depend on the working directory, but a user should still see where their games go)."""
    if database_url:
        return
    from events.service.store import default_sqlite

    path = default_sqlite()
    if not path.exists():
        click.echo(f"adjudicator: creating a new store at {path}", err=True)


def _service(ctx: click.Context):
    from events.service.application import GameService

    url = ctx.find_root().obj["database_url"]
    announce_new_store(url)
    return GameService(url)


def _preload() -> None:
    """Imports the app, the engines and the rule catalog in the master, before the fork: each
    worker then only builds its app and store connection (eight workers importing everything at
    once on a small machine took seconds each).  Nothing here opens a connection or a thread."""
    import api  # noqa: F401
    from events.service import warm_up

    warm_up()


def _ready_store(url: str | None) -> None:
    """Exits at once with one line when the store cannot be reached; creates the event and key
    tables in this process, before the workers start (they would race on a fresh schema)."""
    from api.auth import key_store_for
    from events.service.health import StoreUnavailable, one_line, prepare_store

    try:
        prepare_store(url)
        keys = key_store_for(url)
        getattr(keys, "_ensure", lambda: None)()
        keys.close()
        # The tables exist now: the workers (forked after this) do not issue DDL at all.
        os.environ.setdefault("CREATE_TABLE", "n")
        # The tables exist now: the workers (forked after this) do not issue DDL at all.
        os.environ.setdefault("CREATE_TABLE", "n")
    except StoreUnavailable as exc:
        click.echo(f"adjudicator: cannot start: {exc}", err=True)
        sys.exit(2)
    except Exception as exc:  # noqa: BLE001 - the key tables: one line, not a traceback
        click.echo(f"adjudicator: cannot start: {one_line(exc)}", err=True)
        sys.exit(2)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=int(os.environ.get("ADJUDICATOR_WORKERS", 2)), show_default=True, type=int,
              help="gunicorn worker processes; each builds its own app and store connection")
@click.option("--threads", default=4, show_default=True, type=int)
@click.option("--dev", is_flag=True, help="Flask's development server instead of gunicorn")
@click.option("--stream-port", type=int, default=None,
              help="also serve the live streams (/games/*/stream) here, with gevent workers (api/stream/server.py)")
@click.option("--stream-workers", default=1, show_default=True, type=int)
@click.option("--stream-cap", default=1000, show_default=True, type=int, help="streams per streaming worker")
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, workers: int, threads: int, dev: bool,
          stream_port: int | None = None, stream_workers: int = 1, stream_cap: int = 1000) -> None:
    """Serve the HTTP API (gunicorn with several workers)."""
    import logging

    from api.requestlog import log_level
    from events.service.store import describe

    _ready_store(ctx.obj["database_url"])  # before any worker: reachable, tables created once

    announce_new_store(ctx.obj["database_url"])
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
            # One JSON format for every line (api/requestlog.py): the app writes one line per request;
            # gunicorn's own access lines only when asked for.
            self.cfg.set("logger_class", "api.requestlog.GunicornLogger")
            self.cfg.set("loglevel", logging.getLevelName(log_level()).lower())
            self.cfg.set("accesslog", "-" if os.environ.get("ADJUDICATOR_ACCESS_LOG", "") in ("1", "true") else None)
            self.cfg.set("timeout", 120)
            self.cfg.set("graceful_timeout", 5)

        def load(self):
            # Runs in each worker after the fork: its own app, store connection and key store.
            from api import create_app
            from rulings.catalog import catalog

            app = create_app()
            catalog()  # parsed before the worker takes requests, not during the first one
            click.echo(f"adjudicator: worker {os.getpid()} ready", err=True)
            return app

    _preload()
    from api.stream import server as streaming

    streams = streaming.start_beside(host, stream_port, stream_workers, threads, stream_cap)
    try:
        Server().run()
    finally:
        streaming.stop(streams)


@main.command()
@click.argument("game_id")
@click.option("--at", type=int, default=None, help="position (default: latest)")
@click.pass_context
def replay(ctx: click.Context, game_id: str, at: int | None) -> None:
    """Print the state of GAME_ID at a position, as JSON."""
    svc = _service(ctx)
    log = svc.state_at(_game_id(game_id), at)
    doc = svc.document(log.game, log.state)
    click.echo(json.dumps(doc, indent=2))


@main.command()
@click.argument("game_id")
@click.pass_context
def audit(ctx: click.Context, game_id: str) -> None:
    """Re-decide every action of GAME_ID and check its hash chain; exit 1 when not valid."""
    report = _service(ctx).audit(_game_id(game_id))  # row by row: a tampered log is reported, not a crash
    click.echo(json.dumps(report, indent=2))
    sys.exit(0 if report["valid"] else 1)


@main.command("export")
@click.argument("game_id")
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-", show_default=True)
@click.pass_context
def export_game(ctx: click.Context, game_id: str, output) -> None:
    """Write GAME_ID's log as JSON Lines (one stored event per line, with its hashes)."""
    from events.service.export import export_lines

    rows = _service(ctx).raw_events(_game_id(game_id))
    if not rows:
        refuse(f"no game {game_id}")
    for line in export_lines(rows):
        output.write(line)


@main.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.pass_context
def import_game(ctx: click.Context, file: str) -> None:
    """Rebuild a game from an exported JSON Lines FILE, auditing it on the way in (a broken chain
    is refused, naming the position); exit 1 when refused."""
    from events.service.export import GameExists, ImportRefused, import_game as store_game, parse_lines

    try:
        with open(file, "rb") as fh, click.progressbar(length=os.path.getsize(file), label="reading events",
                                                       file=sys.stderr) as bar:
            parsed = parse_lines(fh, progress=bar.update)
        click.echo(f"auditing {len(parsed.events)} events of game {parsed.game_id}", err=True)
        report = store_game(_service(ctx), parsed)
    except (ImportRefused, GameExists) as exc:
        refuse(str(exc))
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
        _game_id(game)
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
        refuse(f"no key {key_id}")
    click.echo(f"revoked {key.id} at {key.revoked_at}")


@main.group("games", invoke_without_command=True)
@click.pass_context
def list_games(ctx: click.Context) -> None:
    """List the games in the store; `games create` starts one."""
    if ctx.invoked_subcommand is not None:
        return
    games, _ = _service(ctx).list_games(limit=1000)
    if not games:
        from events.service.store import describe

        click.echo(f"no games in the {describe(ctx.obj['database_url'])}", err=True)
    for g in games:
        click.echo(f"{g['id']}  {g['game']:8}  {','.join(p.get('id', '?') for p in g['players'])}  {g['created_at']}")


@list_games.command("create")
@click.option("--game", "game", required=True, type=click.Choice(["spoils"]),
              help="the game (decks are read for The Spoils)")
@click.option("--deck", "decks", multiple=True, required=True, metavar="PLAYER=FILE",
              help="a player and their deck: an OCTGN .o8d file or a JSON deck list (repeatable, in seating order)")
@click.option("--as-of", "as_of", default=None, metavar="YYYY-MM-DD",
              help="the day whose printings are in force for the whole game (default: today; spoils.105.1)")
@click.option("--first-player", default=None, help="who plays first (default: chosen at random by the rules)")
@click.option("--allow-unknown", is_flag=True, help="keep cards the catalog lacks as text-only cards")
@click.pass_context
def games_create(ctx: click.Context, game: str, decks: tuple[str, ...], as_of: str | None,
                 first_player: str | None, allow_unknown: bool) -> None:
    """Create a game from the players' decks; prints its id and position.  Exit 1 when refused."""
    from api.cards import cards_dir, load_card_catalog
    from events.service.decks import prepare_creation

    players = [{"id": pid, "deck": _deck_argument(pid, path)} for pid, path in map(_player_file, decks)]
    catalog, _ = load_card_catalog(cards_dir())
    players, setup = prepare_creation(game, players, None, catalog, as_of, allow_unknown)
    log = _service(ctx).create_game(game, players, first_player, setup)
    click.echo(f"{log.id}  {game}  position {log.version}")


def _player_file(value: str) -> tuple[str, Path]:
    pid, sep, path = value.partition("=")
    if not sep or not pid or not path:
        raise click.UsageError(f"--deck expects PLAYER=FILE, got {value!r}")
    return pid, Path(path)


def _deck_argument(pid: str, path: Path) -> Any:
    """The deck as the service takes it: an .o8d file's text, or a JSON deck list's entries."""
    if not path.is_file():
        refuse(f"{path}: no such deck file (player {pid})")
    text = path.read_text(encoding="utf-8-sig")
    if path.suffix.lower() != ".json":
        return text
    try:
        data = json.loads(text)
    except ValueError as exc:
        refuse(f"{path}: not valid JSON ({exc})")
    if isinstance(data, list):
        return data
    faction = data.get("faction") if isinstance(data, dict) else None
    entries = [{"name": faction, "section": "Faction"}] if isinstance(faction, str) else []
    return entries + list(data.get("cards") or []) if isinstance(data, dict) else refuse(f"{path}: not a deck list")


@main.group()
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
    if level:
        lines = lines[:1] + [f"- {n} [{a.level}]" + "".join(f"\n    not covered: {t}" for t in a.not_covered)
                             for n, a in report.cards.items() if a.level == level]
    click.echo("\n".join(lines))


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
        refuse(str(exc))
    for f in findings:
        click.echo(f"{f.severity:7} {f.rule_id:22} {f.message}")
    errors = [f for f in findings if f.severity == "error"]
    click.echo(f"{deck.total()} cards: {'valid' if not errors else f'{len(errors)} error(s)'}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
