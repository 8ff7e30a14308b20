"""What every engine speaks: actions in, decisions out, with the rules that decided them."""
from __future__ import annotations

from typing import Any, Protocol, Sequence

from pydantic import BaseModel, ConfigDict, Field

from events.models.base import DomainEvent


class InvalidAction(ValueError):
    """The action cannot be parsed (unknown type, missing or malformed fields).

    ``errors`` lists ``{"field", "message"}`` items.
    """

    def __init__(self, message: str, errors: Sequence[dict[str, Any]] = ()):
        super().__init__(message)
        self.errors = list(errors)


class InvalidSetup(InvalidAction):
    """A game cannot be created from the given players and setup."""


class GameOver(Exception):
    """The game has a winner (or ended in a draw); no action may be appended."""


class Overrider(BaseModel):
    """The card in play or the judge ruling that changed what a rule says."""

    model_config = ConfigDict(frozen=True)

    kind: str  # "card" | "ruling"
    name: str
    effect: str = ""
    ruling_id: str | None = None


class TraceEntry(BaseModel):
    """One rule consulted while answering: what it said, and who overrode it if anyone did."""

    model_config = ConfigDict(frozen=True)

    rule: str
    outcome: str  # "allowed" | "forbidden" | "applied" | "overridden" | "required"
    detail: str = ""
    overridden_by: Overrider | None = None


class Violation(BaseModel):
    model_config = ConfigDict(frozen=True)

    rule: str
    message: str


class Decision(BaseModel):
    """What the rules make of an action at a position.

    ``events`` is what appending the action records (the action's own event first, then the
    consequences).  When ``violations`` is not empty the action is illegal; ``events`` is then what
    the action would do if a judge records it anyway (empty when it cannot be applied at all).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    events: list[DomainEvent] = Field(default_factory=list)
    violations: list[Violation] = Field(default_factory=list)
    because: list[TraceEntry] = Field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.violations


class LegalAction(BaseModel):
    """An action a player may take, as a template: fields left out are the player's to choose."""

    action: dict[str, Any]
    rules: list[str]
    description: str = ""
    # Where the concrete actions would be too many to list (every attacker with every defender):
    # the values each field left out may take, each checked on its own ("choose one of each").
    domains: dict[str, list[Any]] | None = None
    # The choices the action's card text asks of the player, each with where it goes in the action
    # and the values it may take (The Spoils: ``adjudicator.spoils.decide.choice_specs``).
    needs: list[dict[str, Any]] | None = None


class Engine(Protocol):
    """The contract of a game's rules engine.  Every method is pure."""

    game: str

    def create(self, players: list[dict[str, Any]], first_player: str | None,
               setup: dict[str, Any] | None) -> list[DomainEvent]:
        """The creation event(s) of a new game.  Raises InvalidSetup."""

    def evolve(self, state: Any, event: DomainEvent) -> Any:
        """The state after ``event``.  Never re-checks rules; ``state`` is None before creation."""

    def apply(self, state: Any, event: DomainEvent) -> Any:
        """Like evolve, but may mutate ``state`` in place (for replays that own the state)."""

    def decide(self, state: Any, action: dict[str, Any]) -> Decision:
        """Checks ``action`` against the rules at ``state``.  Raises InvalidAction, GameOver."""

    def legal_actions(self, state: Any, player: str) -> list[LegalAction]:
        """The actions ``player`` may take at ``state``."""

    def to_document(self, state: Any) -> dict[str, Any]:
        """The state as a JSON document (the shape ``create`` accepts as ``setup``)."""

    def status(self, state: Any) -> tuple[str, Any]:
        """("in_progress" | "finished", winner document or None)."""
