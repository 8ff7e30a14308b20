"""Base class and registry of domain events.

Every event type is a frozen pydantic model named in the past tense, registered under its game and
class name.  ``version`` is the schema version; a class that changes shape bumps it and provides
``upcast_v{n}_v{n+1}(data)`` class methods so old logs still load (the eventsourcing library's
convention).
"""
from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict


class DomainEvent(BaseModel):
    """A fact recorded in a game's log.

    ``is_action`` marks the event that records a player's own action (as opposed to the
    consequences the rules derive from it); the pass-consecutively window resets on those.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: ClassVar[str] = ""
    version: ClassVar[int] = 1
    is_action: ClassVar[bool] = False

    @classmethod
    def type_name(cls) -> str:
        return cls.__name__

    def payload(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


COMMON = "*"
"""Events every game shares (creation, judge rulings) register under this name."""


class UnknownEventType(KeyError):
    """A stored event names a type this code does not know."""


class EventRegistry:
    def __init__(self) -> None:
        self._by_game: dict[str, dict[str, type[DomainEvent]]] = {}

    def register(self, game: str):
        def decorate(cls: type[DomainEvent]) -> type[DomainEvent]:
            cls.game = game
            types = self._by_game.setdefault(game, {})
            if cls.__name__ in types and types[cls.__name__] is not cls:
                raise ValueError(f"event type {game}.{cls.__name__} registered twice")
            types[cls.__name__] = cls
            return cls

        return decorate

    def resolve(self, game: str, type_name: str) -> type[DomainEvent]:
        for key in (game, COMMON):
            cls = self._by_game.get(key, {}).get(type_name)
            if cls is not None:
                return cls
        raise UnknownEventType(f"{game}.{type_name}")

    def load(self, game: str, type_name: str, data: dict[str, Any], version: int = 1) -> DomainEvent:
        """Rebuilds an event from stored data, upcasting old schema versions.

        Raises UnknownEventType, or pydantic.ValidationError when the data does not fit.
        """
        cls = self.resolve(game, type_name)
        data = dict(data)
        while version < cls.version:
            getattr(cls, f"upcast_v{version}_v{version + 1}")(data)
            version += 1
        return cls.model_validate(data)

    def types(self, game: str) -> dict[str, type[DomainEvent]]:
        return {**self._by_game.get(COMMON, {}), **self._by_game.get(game, {})}


registry = EventRegistry()
