"""Events every game shares: the creation of a game and judge rulings."""
from __future__ import annotations

from typing import Any

from pydantic import Field

from events.models.base import COMMON, DomainEvent, registry


@registry.register(COMMON)
class GameCreated(DomainEvent):
    """Position 1 of every log: the players and the whole starting position.

    The position is stored in full (defaults already filled in), so a log replays the same way
    even if the defaults of a later version change.
    """

    game_name: str
    players: list[dict[str, Any]]
    first_player: str | None = None
    state: dict[str, Any]


@registry.register(COMMON)
class RulingRecorded(DomainEvent):
    """A judge's ruling: an override of a rule for a card the engine has no effect for."""

    is_action = True

    judge: str
    ruling_id: str
    rule: str
    card: str | None = None
    effect: dict[str, Any]
    reason: str
    cites: list[str] = Field(default_factory=list)
    from_position: int | None = None
    until_position: int | None = None


@registry.register(COMMON)
class GameBackedUp(DomainEvent):
    """A judge's backup: from this position on, the game goes on from the state it had at
    position ``to``, as at a real table where a judge who finds an error a few actions back puts
    the game back to the position before it.

    Nothing is deleted: the events after ``to`` stay in the log (backed over) and positions keep
    counting up.  The service projects it the same way for every game (the state at ``to``), so
    no engine knows this event.
    """

    to: int
    reason: str
    by: str | None = None
