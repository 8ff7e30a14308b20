"""The game list (``adjudicator games``) and game creation (``adjudicator games create``)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import click

from api.terminal.common import database_url, echo_json, refuse, service

GAME_CHOICES = ["buffy", "spoils", "wowmini"]


def listed(svc: Any, limit: int = 1000) -> list[dict[str, Any]]:
    """The games in the store, each with its players (without their decks), position, status and
    winner."""
    from api.roster import list_item

    games, _ = svc.list_games(limit=limit)
    return [list_item(svc, g) for g in games]


@click.group("games", invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="print the list as JSON")
@click.pass_context
def games(ctx: click.Context, as_json: bool) -> None:
    """List the games in the store (id, game, players, position, status, winner); `games create`
    starts one."""
    if ctx.invoked_subcommand is not None:
        return
    items = listed(service(ctx))
    if as_json:
        echo_json({"games": items})
        return
    if not items:
        from events.service.store import describe

        click.echo(f"no games in the {describe(database_url(ctx))}", err=True)
    for g in items:
        players = ",".join(p.get("id", "?") for p in g["players"])
        winner = g["winner"]
        won = (winner.get("player") if isinstance(winner, dict) else winner) if winner else "-"
        click.echo(f"{g['id']}  {g['game']:8}  {players}  position {g['position']}  {g['status']}  "
                   f"winner {won}  {g['created_at']}")


def _player_file(value: str) -> tuple[str, Path]:
    pid, sep, path = value.partition("=")
    if not sep or not pid or not path:
        raise click.UsageError(f"--deck expects PLAYER=FILE, got {value!r}")
    return pid, Path(path)


def _deck_argument(pid: str, path: Path) -> Any:
    """The deck as the service takes it: an .o8d file's or a plain-text list's text, or a JSON deck
    list's entries."""
    if not path.is_file():
        refuse(f"{path}: no such deck file (player {pid})")
    text = path.read_text(encoding="utf-8-sig")
    if path.suffix.lower() != ".json":
        return text
    try:
        data = json.loads(text)
    except ValueError as exc:
        refuse(f"{path}: not valid JSON ({exc}) (player {pid})")
    if isinstance(data, list):
        return data
    if not isinstance(data, dict):
        refuse(f"{path}: not a deck list (player {pid})")
    faction = data.get("faction")
    entries = [{"name": faction, "section": "Faction"}] if isinstance(faction, str) else []
    return entries + list(data.get("cards") or [])


def _named(message: str, files: list[tuple[str, Path]]) -> str:
    """The service's ``players.N.deck`` replaced by the file and the player it came from."""
    def name(match: re.Match[str]) -> str:
        index = int(match.group(1))
        if index >= len(files):
            return match.group(0)
        pid, path = files[index]
        return f"{path} (player {pid})"

    return re.sub(r"players\.(\d+)\.deck", name, message)


def _setup_file(path: str | None) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except (OSError, ValueError) as exc:
        refuse(f"{path}: cannot read the setup ({exc})")
    if not isinstance(data, dict):
        refuse(f"{path}: the setup must be a JSON object")
    return data


@games.command("create")
@click.option("--game", "game", required=True, type=click.Choice(GAME_CHOICES))
@click.option("--deck", "decks", multiple=True, metavar="PLAYER=FILE",
              help="a player and their deck (The Spoils): an OCTGN .o8d file, a plain-text list (.txt, "
                   "'2 Card Name' lines) or a JSON deck list (repeatable, in seating order)")
@click.option("--player", "players", multiple=True, metavar="PLAYER",
              help="a player without a deck (repeatable, in seating order)")
@click.option("--format", "fmt", type=click.Choice(["constructed", "limited"]), default=None,
              help="The Spoils: the format the decks are built for (setup.format; default constructed)")
@click.option("--setup", "setup_file", type=click.Path(dir_okay=False), default=None,
              help="a JSON file with the position to start from (the game's setup document)")
@click.option("--as-of", "as_of", default=None, metavar="YYYY-MM-DD",
              help="the day whose printings are in force for the whole game (default: today; spoils.105.1)")
@click.option("--first-player", default=None, help="who plays first (default: chosen at random by the rules)")
@click.option("--allow-unknown", is_flag=True, help="keep cards the catalog lacks as text-only cards")
@click.option("--json", "as_json", is_flag=True, help="print the created game as JSON")
@click.option("-q", "--quiet", is_flag=True, help="print the game's id only (for GAME=$(...) in scripts)")
@click.pass_context
def games_create(ctx: click.Context, game: str, decks: tuple[str, ...], players: tuple[str, ...], fmt: str | None,
                 setup_file: str | None, as_of: str | None, first_player: str | None, allow_unknown: bool,
                 as_json: bool, quiet: bool) -> None:
    """Create a game from the players' decks or names; prints its id and position.  Exit 1 when
    refused."""
    from adjudicator.core import InvalidSetup
    from api.cards import cards_dir, load_card_catalog
    from api.roster import too_few_players
    from events.service.decks import prepare_creation

    files = [_player_file(d) for d in decks]
    seats = [{"id": pid, "deck": _deck_argument(pid, path)} for pid, path in files] + [{"id": p} for p in players]
    setup = _setup_file(setup_file)
    if fmt:
        setup = {**(setup or {}), "format": fmt}
    short = too_few_players(game, seats)
    if short:
        refuse(short)
    try:
        catalog = load_card_catalog(cards_dir())[0] if game == "spoils" else None
        seats, setup = prepare_creation(game, seats, setup, catalog, as_of, allow_unknown)
        log = service(ctx).create_game(game, seats, first_player, setup)
    except InvalidSetup as exc:
        refuse(_named(str(exc), files))
    if quiet:
        click.echo(str(log.id))
        return
    if as_json:
        echo_json({"id": str(log.id), "game": game, "position": log.version,
                   "format": getattr(log.state, "format", None),
                   "deck_problems": {p.get("id"): p["deck_problems"] for p in log.players if p.get("deck_problems")}})
        return
    fmt_note = f"  {log.state.format}" if getattr(log.state, "format", None) else ""
    click.echo(f"{log.id}  {game}  position {log.version}{fmt_note}")
    for player in log.players:
        for problem in player.get("deck_problems") or []:
            click.echo(f"  {player.get('id')}'s deck: {problem.get('rule')} {problem.get('message')}")
