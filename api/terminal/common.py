"""What every command of the console script shares: one ``error:`` line and a documented exit code
for every failure (never a traceback), the whole help when a group is run bare, ``-h``, the game
ids, and the store the commands read and write."""
from __future__ import annotations

import json
import sys
from typing import Any, NoReturn
from uuid import UUID

import click

EXIT_CODES = """\b
Exit codes:
  0  done (for audit and decks validate: the log or deck is valid; for check: the action is legal)
  1  the request was refused or its answer is negative: no such game, position or card, an
     illegal or malformed action, an invalid log or deck, a file that cannot be imported, a
     store that cannot be opened
  2  usage: an unknown command or option, a missing or malformed argument"""

# -h beside --help on every command (a context setting its subcommands inherit).
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class Refused(click.ClickException):
    """A refused request: one line on stderr, exit code 1."""

    exit_code = 1


def refuse(message: str) -> NoReturn:
    """Stop the command with ``error: message`` on stderr and exit code 1.  Raises Refused."""
    raise Refused(message)


def one_line(text: Any) -> str:
    return " ".join(str(text).split())


class AdjudicatorGroup(click.Group):
    """The root group: a group run bare prints its whole help; every failure is one ``error:``
    line and a documented exit code."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        try:
            return super().main(args, prog_name or "adjudicator", complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else exc.format_message())
            sys.exit(0)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
            click.echo(f"error: {one_line(exc.format_message())}{hint}", err=True)
            sys.exit(2)
        except click.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(1)
        except click.ClickException as exc:
            click.echo(f"error: {one_line(exc.format_message())}", err=True)
            sys.exit(exc.exit_code if exc.exit_code in (1, 2) else 1)
        except KeyboardInterrupt:
            click.echo("error: interrupted", err=True)
            sys.exit(1)
        except Exception as exc:  # noqa: BLE001 - the promise is one line, never a traceback
            click.echo(f"error: {refusal(exc)}", err=True)
            sys.exit(1)


def refusal(exc: Exception) -> str:
    """One line naming what went wrong, for the errors the layers below raise."""
    from adjudicator.core import GameOver, InvalidAction
    from events.service.application import GameNotFound, IllegalAction, PositionOutOfRange, StalePosition
    from events.service.store import StoreConfigError

    if isinstance(exc, IllegalAction):
        found = "; ".join(f"{v.rule}: {v.message}" for v in exc.decision.violations)
        return one_line(f"illegal at position {exc.position}: {found}")
    if isinstance(exc, InvalidAction):
        fields = "; ".join(f"{e.get('field')}: {e.get('message')}" for e in exc.errors if isinstance(e, dict))
        return one_line(f"{exc}" + (f" ({fields})" if fields and fields not in str(exc) else ""))
    if isinstance(exc, StalePosition):
        return one_line(f"the game has moved on: you expected position {exc.expected}, it is at {exc.current}")
    if isinstance(exc, (GameNotFound, PositionOutOfRange, StoreConfigError, GameOver)):
        return one_line(str(exc))
    return one_line(f"{type(exc).__name__}: {exc}")


def game_id(raw: str) -> UUID:
    try:
        return UUID(raw)
    except ValueError:
        refuse(f"no game {raw}: a game id is a UUID such as 1b4e28ba-2fa1-11d2-883f-0016d3cca427")


def announce_new_store(database_url: str | None) -> None:
    """Say on stderr where a new default SQLite store is being created (the default does not
    depend on the working directory, but a user should still see where their games go)."""
    if database_url:
        return
    from events.service.store import default_sqlite

    path = default_sqlite()
    if not path.exists():
        click.echo(f"adjudicator: creating a new store at {path}", err=True)


def service(ctx: click.Context):
    from events.service.application import GameService

    url = ctx.find_root().obj["database_url"]
    announce_new_store(url)
    return GameService(url)


def database_url(ctx: click.Context) -> str | None:
    return ctx.find_root().obj["database_url"]


def echo_json(doc: Any) -> None:
    click.echo(json.dumps(doc, indent=2, ensure_ascii=False, default=str))
