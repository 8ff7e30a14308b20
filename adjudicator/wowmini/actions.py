"""The WoW Miniatures action vocabulary (imperative): what a judge puts to the service.

Every action has ``type`` and ``player``.  Pieces are named by id: a character (pets included), a
totem, or, as a damage source, a buff copy.  Squares are ``[x, y]``.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from adjudicator import parsing
from adjudicator.core import InvalidAction
from adjudicator.wowmini.state import Square


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str


class PlayCard(_Action):
    """Play the core ability of a card in ``character``'s action bar."""

    type: Literal["play_card"]
    character: str
    card: str
    targets: list[str] = Field(default_factory=list)
    square: Square | None = None
    trigger: str | None = None


class UseAbility(_Action):
    """Use a paid ability that is not a card: printed on the character or granted by its form."""

    type: Literal["use_ability"]
    character: str
    ability: str
    targets: list[str] = Field(default_factory=list)


class AttackWith(_Action):
    """Attack one target with the character's own attack, or with a named damaging ability."""

    type: Literal["attack"]
    character: str
    target: str
    ability: str | None = None


class LeaveForm(_Action):
    type: Literal["leave_form"]
    character: str


class Pass(_Action):
    """End the acting character's turn (``end_turn`` is the same action); ``wait`` adds ticks."""

    type: Literal["pass", "end_turn"]
    wait: int = Field(0, ge=0, le=1000)


class Area(BaseModel):
    model_config = ConfigDict(extra="forbid")
    center: Square
    radius: int = Field(1, ge=0, le=100)


class Damage(_Action):
    """Damage dealt by an effect.  ``area`` marks an area-of-effect ability (``true`` with named
    targets, or ``{"center", "radius"}``); ``all_characters`` an ability saying "all characters"."""

    type: Literal["damage"]
    amount: int = Field(ge=0, le=10_000)
    target: str | None = None
    targets: list[str] = Field(default_factory=list)
    source: str | None = None
    ability: str | None = None
    area: bool | Area = False
    all_characters: bool = False

    @model_validator(mode="after")
    def _some_target(self) -> "Damage":
        if self.target is not None:
            self.targets = [self.target, *[t for t in self.targets if t != self.target]]
            self.target = None
        if not self.targets and not self.all_characters and not isinstance(self.area, Area):
            raise ValueError("name a target, targets, an area {center, radius} or all_characters")
        return self


class Heal(_Action):
    type: Literal["heal"]
    target: str
    amount: int = Field(ge=1, le=10_000)
    source: str | None = None


class Destroy(_Action):
    """The target (character or totem) is destroyed by an effect; ``character`` is accepted too."""

    type: Literal["destroy"]
    target: str
    source: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _character_alias(cls, data: Any) -> Any:
        if isinstance(data, dict) and "character" in data and "target" not in data:
            data = dict(data)
            data["target"] = data.pop("character")
        return data


class Move(_Action):
    type: Literal["move"]
    character: str
    to: Square
    path: list[Square] = Field(default_factory=list)
    teleport: bool = False


class Respawn(_Action):
    type: Literal["respawn"]
    character: str
    square: Square | None = None


class ReadyCard(_Action):
    type: Literal["ready_card"]
    character: str
    card: str


class RevealCard(_Action):
    type: Literal["reveal_card"]
    character: str
    card: str


class Cancel(_Action):
    """Cancel the card just played (the judge records the effect that cancels it)."""

    type: Literal["cancel"]
    character: str
    card: str


class AdvanceTime(_Action):
    type: Literal["advance_time"]
    ticks: int = Field(ge=1, le=10_000)


WowAction = Annotated[
    Union[PlayCard, UseAbility, AttackWith, LeaveForm, Pass, Damage, Heal, Destroy, Move, Respawn,
          ReadyCard, RevealCard, Cancel, AdvanceTime],
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(WowAction)
ACTION_TYPES = ("play_card", "use_ability", "attack", "leave_form", "pass", "end_turn", "damage", "heal",
                "destroy", "move", "respawn", "ready_card", "reveal_card", "cancel", "advance_time")


def pydantic_errors(exc: ValidationError, prefix: str = "") -> list[dict[str, str]]:
    return parsing.field_errors(exc, ACTION_TYPES, prefix)


def parse_action(raw: Any) -> Any:
    """The action model for ``raw``.  Raises InvalidAction with field errors."""
    return parsing.parse_action(_ADAPTER, ACTION_TYPES, raw, "WoW Minis")
