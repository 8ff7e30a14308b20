"""API keys from the terminal: ``adjudicator keys create|list|revoke`` (used when
ADJUDICATOR_AUTH=required), stored hashed beside the event store."""
from __future__ import annotations

import click

from api.terminal.common import database_url, game_id, refuse


@click.group()
def keys() -> None:
    """API keys (used when ADJUDICATOR_AUTH=required), stored hashed beside the event store."""


def _keys(ctx: click.Context):
    from api.auth import MemoryKeyStore, key_store_for

    store = key_store_for(database_url(ctx))
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
        game_id(game)
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
