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
            self.cfg.set("accesslog", "-")
            self.cfg.set("timeout", 120)
            self.cfg.set("graceful_timeout", 5)

        def load(self):
            from api import create_app

            return create_app()

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
    from events.audit import audit_log

    svc = _service(ctx)
    gid = UUID(game_id)
    svc.game(gid)
    report = audit_log(gid, svc.all_events(gid))
    click.echo(json.dumps(report, indent=2))
    sys.exit(0 if report["valid"] else 1)


@main.command("games")
@click.pass_context
def list_games(ctx: click.Context) -> None:
    """List the games in the store."""
    games, _ = _service(ctx).list_games(limit=1000)
    for g in games:
        click.echo(f"{g['id']}  {g['game']:8}  {','.join(p.get('id', '?') for p in g['players'])}  {g['created_at']}")


if __name__ == "__main__":
    main()
