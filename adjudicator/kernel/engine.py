"""What every engine does the same way: seating checks at creation, a state validated from a
document with errors that name the field, evolve by copy, status, and handlers found by the
action's class."""
from __future__ import annotations

from typing import Any, Callable, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from adjudicator.core import InvalidSetup
from adjudicator.kernel.context import Context, copy_state
from adjudicator.parsing import field_errors
from events.models.base import DomainEvent

F = TypeVar("F", bound=Callable[..., Any])
S = TypeVar("S", bound=BaseModel)
C = TypeVar("C", bound=Context)


class Handlers:
    """A table from an action's class to the engine method that decides it::

        HANDLERS = Handlers()

        @HANDLERS.on(A.StartFight)
        def _start_fight(self, ctx, action): ...

    ``HANDLERS.of(action)`` is that method; a reader goes from the action class to it by name.
    """

    def __init__(self) -> None:
        self._table: dict[type, Callable[..., Any]] = {}

    def on(self, *action_classes: type) -> Callable[[F], F]:
        def register(fn: F) -> F:
            for cls in action_classes:
                if cls in self._table:
                    raise TypeError(f"{cls.__name__} already has a handler")
                self._table[cls] = fn
            return fn
        return register

    def of(self, action: Any) -> Callable[..., Any]:
        """The handler of ``action``'s class.  Raises KeyError naming the class when none is registered."""
        try:
            return self._table[type(action)]
        except KeyError:
            raise KeyError(f"no handler for {type(action).__name__}") from None

    def classes(self) -> list[type]:
        return list(self._table)


def player_ids(players: Any) -> list[str]:
    """The ids of the players of a new game.  Raises InvalidSetup when a player has no id or two
    share one."""
    if not isinstance(players, list) or not players:
        raise InvalidSetup("a game needs players", [{"field": "players", "message": "at least one player"}])
    ids = [str(p.get("id")) for p in players if isinstance(p, dict) and p.get("id")]
    if len(ids) != len(players) or len(set(ids)) != len(ids):
        raise InvalidSetup("every player needs an id of their own",
                           [{"field": "players", "message": "each player needs a distinct id"}])
    return ids


def check_seating(doc: dict[str, Any], ids: list[str], first_player: str | None) -> None:
    """``setup.seating`` (defaulting to the players' order) names exactly the players, and the first
    player is one of them.  Raises InvalidSetup."""
    doc.setdefault("seating", list(ids))
    seating = doc["seating"]
    if not isinstance(seating, list) or sorted(map(str, seating)) != sorted(ids):
        raise InvalidSetup("setup.seating must name exactly the players",
                           [{"field": "setup.seating", "message": "differs from players"}])
    if first_player is not None and first_player not in ids:
        raise InvalidSetup(f"first_player {first_player!r} is not a player",
                           [{"field": "first_player", "message": "not a player"}])


def working_on(ctx: C, work: Any | None) -> C:
    """``ctx`` applying its events to ``work``, a copy of its state that the caller gives up (the
    service's append: that copy then is the state after the action), instead of a copy of its own
    made on first use.  ``ctx.state`` stays the position decided at, untouched either way."""
    if work is not None:
        ctx._work = work
    return ctx


class GameEngine(Generic[S]):
    """The shared half of an engine (``adjudicator.core.Engine``); a game supplies its state model,
    its title, ``apply`` and its handlers."""

    game: ClassVar[str]
    title: ClassVar[str]
    State: ClassVar[type[BaseModel]]

    def state_from(self, doc: dict[str, Any]) -> S:
        """The state a setup document describes.  Raises InvalidSetup naming every field that does
        not fit (``setup.<path>``)."""
        try:
            return self.State.model_validate(doc)  # type: ignore[return-value]
        except ValidationError as exc:
            errors = field_errors(exc, prefix="setup.")
        except ValueError as exc:  # a model validator's own ValueError
            errors = [{"field": "setup", "message": str(exc)}]
        raise InvalidSetup(f"setup does not describe a {self.title} position: "
                           + "; ".join(f"{e['field']}: {e['message']}" for e in errors), errors)

    def evolve(self, state: S | None, event: DomainEvent) -> S:
        """The state after ``event``; the given state is left untouched."""
        return self.apply(copy_state(state) if state is not None else None, event)

    def apply(self, state: S | None, event: DomainEvent) -> S:  # pragma: no cover - each game's own
        raise NotImplementedError

    def status(self, state: S) -> tuple[str, Any]:
        """("in_progress" | "finished", the winner document or None)."""
        winner = getattr(state, "winner", None)
        if winner is not None:
            return "finished", winner.model_dump(mode="json")
        return "in_progress", None
