"""The Buffy action vocabulary (imperative; the design's v1 names)."""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from adjudicator.buffy.state import Talent
from adjudicator import parsing
from adjudicator.core import InvalidAction


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str


class Pass(_Action):
    type: Literal["pass"]


class ChallengeCard(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    goals: dict[Talent, int] = Field(default_factory=dict)
    destiny: int = 0
    alignment: Literal["good", "evil"] | None = None
    required_traits: list[str] = Field(default_factory=list)
    location_specific: str | None = None


class PlaceChallenge(_Action):
    type: Literal["place_challenge"]
    challenge: ChallengeCard | None = None
    at: str | None = None
    id: str | None = None
    unplayable: bool = False


class Draw(_Action):
    type: Literal["draw"]
    count: int = Field(ge=0, le=60)
    cards: list[str] = Field(default_factory=list)


class Discard(_Action):
    type: Literal["discard"]
    count: int | None = Field(default=None, ge=0, le=60)
    cards: list[str] = Field(default_factory=list)


class Move(_Action):
    type: Literal["move"]
    character: str
    to: str


class CharacterCard(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    main: bool = False
    level: int = 1
    kind: Literal["hero", "villain", "companion", "minion"] | None = None
    alignment: Literal["good", "evil"] | None = None
    talents: dict[Talent, int] = Field(default_factory=dict)
    traits: list[str] = Field(default_factory=list)
    effects: list[dict[str, Any]] = Field(default_factory=list)


class PlayCharacter(_Action):
    type: Literal["play_character"]
    character: CharacterCard
    at: str
    id: str | None = None


class Ascend(_Action):
    type: Literal["ascend"]
    character: str
    level: int | None = None
    destiny_requirement: int = 0
    talents: dict[Talent, int] | None = None
    card: str | None = None
    traits: list[str] | None = None
    effects: list[dict[str, Any]] | None = None


class AttachmentCard(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    talents: dict[Talent, int] = Field(default_factory=dict)
    traits: list[str] = Field(default_factory=list)
    effects: list[dict[str, Any]] = Field(default_factory=list)
    requirement: dict[Talent, int] = Field(default_factory=dict)
    trait_requirements: list[str] = Field(default_factory=list)


class AttachSkill(_Action):
    type: Literal["attach_skill"]
    character: str
    skill: AttachmentCard


class AttachItem(_Action):
    type: Literal["attach_item"]
    character: str
    item: AttachmentCard
    replaces: str | None = None


class TradeItem(_Action):
    type: Literal["trade_item"]
    item: str
    from_character: str = Field(alias="from")
    to_character: str = Field(alias="to")
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ResurrectMain(_Action):
    type: Literal["resurrect_main"]
    character: str


class StartFight(_Action):
    type: Literal["start_fight"]
    attacker: str
    defender: str


class StuntDouble(_Action):
    type: Literal["stunt_double"]
    character: str


class BoostCard(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    kind: Literal["action", "item", "skill", "episode"]
    icons: dict[Talent, int] = Field(default_factory=dict)


class Boost(_Action):
    type: Literal["boost"]
    talent: Talent
    card: BoostCard


class FaceChallenge(_Action):
    type: Literal["face_challenge"]
    challenge: str
    characters: list[str] = Field(min_length=1)
    defender: str | None = None  # the opponent defending when you face your own challenge


class PlayEffect(_Action):
    """A card used for its effect: from hand (it goes to the discard pile) or, ``source: "play"``,
    the power of a card in play (a character, an attachment, a location).  ``effect`` is the
    structured effect (see ``adjudicator.buffy.effects``)."""

    type: Literal["play_effect"]
    card: str
    effect: dict[str, Any] = Field(default_factory=dict)
    source: Literal["hand", "play"] = "hand"


Action = Annotated[
    Union[
        Pass, PlaceChallenge, Draw, Discard, Move, PlayCharacter, Ascend, AttachSkill, AttachItem,
        TradeItem, ResurrectMain, StartFight, StuntDouble, Boost, FaceChallenge, PlayEffect,
    ],
    Field(discriminator="type"),
]
ACTION_TYPES = [
    "pass", "place_challenge", "draw", "discard", "move", "play_character", "ascend",
    "attach_skill", "attach_item", "trade_item", "resurrect_main", "start_fight", "stunt_double",
    "boost", "face_challenge", "play_effect",
]
_adapter: TypeAdapter[Any] = TypeAdapter(Action)


def pydantic_errors(exc: ValidationError, prefix: str = "") -> list[dict[str, str]]:
    return parsing.field_errors(exc, ACTION_TYPES, prefix)


def parse_action(raw: Any) -> Any:
    """Raises InvalidAction naming the fields that do not fit."""
    return parsing.parse_action(_adapter, ACTION_TYPES, raw, "Buffy")
