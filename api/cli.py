"""The ``adjudicator`` console script: serve; play a game (act, check, legal, state); create and
list games; replay, audit, export and import game logs; keys, cards and decks.

Every error is one line on stderr (``error: ...``) and an exit code from ``EXIT_CODES``; never a
traceback.  A group run bare prints its whole help; ``-h`` is ``--help``.  The commands live by
concept in ``api.terminal``.
"""
from __future__ import annotations

import json
import os
import sys

import click

from api.terminal import cards as card_commands
from api.terminal import keys as key_commands
from api.terminal import listing, play
from api.terminal import rules as rule_commands
from api.terminal.common import (CONTEXT, EXIT_CODES, AdjudicatorGroup, Refused, announce_new_store, game_id,
                                 refuse, service)

__all__ = ["main", "Refused", "refuse", "announce_new_store"]


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ccg-adjudicator")
    except PackageNotFoundError:
        return "unknown (not installed)"


@click.group(cls=AdjudicatorGroup, epilog=EXIT_CODES, context_settings=CONTEXT)
@click.version_option(version=_version(), prog_name="adjudicator", message="%(prog)s %(version)s")
@click.option("--database-url", envvar="ADJUDICATOR_DATABASE_URL", default=None,
              help="sqlite:///FILE (default: adjudicator.sqlite in $ADJUDICATOR_HOME, else "
                   "$XDG_DATA_HOME/adjudicator, else ~/.local/share/adjudicator), postgresql://..., or memory://")
@click.pass_context
def main(ctx: click.Context, database_url: str | None) -> None:
    """Rules adjudication service for Buffy the Vampire Slayer CCG, The Spoils and WoW Miniatures.

    \b
    Play from the terminal:
      adjudicator games create --game spoils --deck alice=A.o8d --deck bob=B.txt
      adjudicator legal GAME_ID alice
      adjudicator act GAME_ID alice play_card card="Micromajig Maker"
      adjudicator check GAME_ID bob pass
      adjudicator state GAME_ID --at 5
    """
    ctx.obj = {"database_url": database_url}
    if database_url:
        os.environ["ADJUDICATOR_DATABASE_URL"] = database_url


def _preload() -> None:
    """Imports the app, the engines and the rule catalog in the master, before the fork: each
    worker then only builds its app and store connection (eight workers importing everything at
    once on a small machine took seconds each).  Nothing here opens a connection or a thread."""
    from api import optional_modules
    from events.service import warm_up

    optional_modules()  # create_app's route modules: each worker then imports nothing
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

    from api import server_limits

    for taken in (p for p in (port, stream_port) if p is not None and server_limits.port_in_use(host, p)):
        raise click.ClickException(f"port {taken} on {host} is in use (another server?): stop it, or serve on "
                                   f"another with --port/--stream-port")
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
            server_limits.configure(self.cfg)  # request line and header limits, refused as problem+json

        def load(self):
            # Runs in each worker after the fork: its own app, store connection and key store.
            from api import create_app
            from rulings.catalog import catalog

            app = create_app()
            catalog()  # parsed before the worker takes requests, not during the first one
            click.echo(f"adjudicator: worker {os.getpid()} ready", err=True)
            return app

    _preload()
    server_limits.install()
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
    """Print the state of GAME_ID at a position, as JSON (`state` prints it for people)."""
    svc = service(ctx)
    log = svc.state_at(_game(game_id), at)
    doc = svc.document(log.game, log.state)
    click.echo(json.dumps(doc, indent=2))


def _game(raw: str):
    return game_id(raw)


@main.command()
@click.argument("game_id")
@click.pass_context
def audit(ctx: click.Context, game_id: str) -> None:
    """Re-decide every action of GAME_ID and check its hash chain; exit 1 when not valid."""
    report = service(ctx).audit(_game(game_id))  # row by row: a tampered log is reported, not a crash
    click.echo(json.dumps(report, indent=2))
    sys.exit(0 if report["valid"] else 1)


@main.command("export")
@click.argument("game_id")
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["jsonl", "text"]), default="jsonl", show_default=True,
              help="jsonl: every stored event with its hashes (what import reads); text: the game's record "
                   "for people, one line per event, like a PGN move list")
@click.pass_context
def export_game(ctx: click.Context, game_id: str, output, fmt: str) -> None:
    """Write GAME_ID's log as JSON Lines (one stored event per line, with its hashes) or as a
    readable record."""
    from events.service.export import export_lines
    from events.service.game_record import record_lines

    svc = service(ctx)
    rows = svc.raw_events(_game(game_id))
    if not rows:
        refuse(f"no game {game_id}")
    if fmt == "text":
        status, winner = svc.status(svc.game(_game(game_id)))
        lines = record_lines(rows, status, winner)
    else:
        lines = export_lines(rows)
    for line in lines:
        output.write(line)


@main.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--keep-flagged", "judge", default=None, metavar="JUDGE",
              help="keep a log with audit findings, flagged by JUDGE's audit.flagged ruling")
@click.pass_context
def import_game(ctx: click.Context, file: str, judge: str | None = None) -> None:
    """Rebuild a game from an exported JSON Lines FILE, auditing it on the way in (a broken chain,
    or audit findings unless --keep-flagged, is refused, naming the position); exit 1 when refused."""
    from events.service.export import GameExists, ImportRefused, import_game as store_game, parse_lines

    try:
        with open(file, "rb") as fh, click.progressbar(length=os.path.getsize(file), label="reading events",
                                                       file=sys.stderr) as bar:
            parsed = parse_lines(fh, progress=bar.update)
        click.echo(f"auditing {len(parsed.events)} events of game {parsed.game_id}", err=True)
        report = store_game(service(ctx), parsed, flagged_by=judge)
    except (ImportRefused, GameExists) as exc:
        refuse(str(exc))
    findings = [f for f in report["violations"] if f["kind"] != "violation" or not f.get("recorded")]
    click.echo(f"imported game {parsed.game_id}: {len(parsed.events)} events, head {report['chain']['head']}"
               + (f", {len(findings)} rule finding(s): see `adjudicator audit {parsed.game_id}`" if findings else "")
               + (f", kept flagged by {judge} at position {report['flagged'][-1]['position']}"
                  if report.get("flagged") else ""))


for command in (*play.COMMANDS, listing.games, key_commands.keys, card_commands.cards, card_commands.decks,
                rule_commands.rules):
    main.add_command(command)


if __name__ == "__main__":
    main()
