"""The Spoils actions: imperative dicts ``{"type": ..., "player": ..., ...}`` parsed with pydantic.

Cards are named (``"Shrouded Demon"``, looked up in the game's ``card_pool``) or described inline
(``{"name": ..., "type": "character", "cost": 3, "threshold": "O", "strength": 2, ...}``).  Draws
may be anonymous (``count``) or named (``cards``).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from adjudicator import parsing
from adjudicator.spoils.model.state import effect_list


def _listify_or_none(value: Any) -> list[dict[str, Any]] | None:
    return None if value is None else effect_list(value)


# An effect or a list of effects, kept as a list (None when absent).
OptionalEffects = Annotated[list[dict[str, Any]] | None, BeforeValidator(_listify_or_none)]


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")

    player: str
    choices: dict[str, Any] = Field(default_factory=dict)
    """The choices a card's script asks of the player during this action: ``may`` (true/false for
    "you may"), ``x``, ``coin`` ("win"/"lose", as flipped at the table), ``drawn``/``discarded``
    (card names), ``resource`` (the resource played); ``free_plays`` (the cards an effect plays as it
    resolves: names, or ``{"card", "attach_to", "targets", "choices"}``), ``named`` (a card or subtype
    named), ``chosen``, ``bottom``/``order`` (cards looked at put back) and ``duplicate`` (a copy's
    own ``targets``/``choices``): ``adjudicator.spoils.ops.zones``."""


Targets = list[Union[str, list[str]]]
"""The cards chosen for a script's picks and other choices, in the order its costs name them (one
card id, or a list for "pick 2 or fewer characters")."""


CardRef = Union[str, dict[str, Any]]


class ResourceChoice(BaseModel):
    """The card played as a resource: face down (any card, one Volition) or face up (a real
    resource card, its icons)."""

    model_config = ConfigDict(extra="forbid")

    card: CardRef | None = None
    face_up: bool = False
    icons: str | None = None
    id: str | None = None


class ChooseFirstPlayer(Act):
    type: Literal["choose_first_player"]
    first_player: str


class Mulligan(Act):
    type: Literal["mulligan"]
    count: int | None = Field(default=None, ge=0)
    cards: list[str] = Field(default_factory=list)
    drawn: list[str] = Field(default_factory=list)


class Develop(Act):
    type: Literal["develop"]
    choice: Literal["draw", "resource"]
    cards: list[str] = Field(default_factory=list)
    resource: ResourceChoice | None = None


class Draw(Act):
    type: Literal["draw"]
    count: int = Field(default=1, ge=1)
    cards: list[str] = Field(default_factory=list)


class PlayResource(Act):
    type: Literal["play_resource"]
    card: CardRef | None = None
    face_up: bool = False
    icons: str | None = None
    id: str | None = None


class PlayCard(Act):
    type: Literal["play_card", "play_tactic"]
    card: CardRef
    id: str | None = None
    effect: OptionalEffects = None
    attach_to: str | None = None
    extra_cost: int = Field(default=0, ge=0)
    free: bool = False
    targets: Targets = Field(default_factory=list)


class UseAbility(Act):
    type: Literal["use_ability"]
    card: str
    ability: str
    effect: OptionalEffects = None
    targets: Targets = Field(default_factory=list)


class FactionAbility(Act):
    type: Literal["faction_ability"]
    ability: str
    cards: list[str] = Field(default_factory=list)
    resource: ResourceChoice | None = None
    effect: OptionalEffects = None
    targets: Targets = Field(default_factory=list)


class Respond(Act):
    """A response (607.2): a tactic (``card``), an ability (``ability`` of ``source``) or a
    faction ability (``faction_ability``)."""

    type: Literal["respond"]
    card: CardRef | None = None
    id: str | None = None
    ability: str | None = None
    source: str | None = None
    faction_ability: str | None = None
    effect: OptionalEffects = None
    cards: list[str] = Field(default_factory=list)
    resource: ResourceChoice | None = None
    extra_cost: int = Field(default=0, ge=0)
    targets: Targets = Field(default_factory=list)


class Pass(Act):
    type: Literal["pass"]


class EndTurn(Act):
    type: Literal["end_turn"]


class Attack(Act):
    type: Literal["attack"]
    attackers: list[str] = Field(min_length=1)
    target: str | None = None


class Block(Act):
    type: Literal["block"]
    blockers: list[str] = Field(default_factory=list)


class Assignment(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    source: str = Field(alias="from")
    to: str
    amount: int = Field(ge=0)


class AssignDamage(Act):
    type: Literal["assign_damage"]
    assignments: list[Assignment] = Field(default_factory=list)


class Choose(Act):
    type: Literal["choose"]
    choice: str


class ResolveTrigger(Act):
    type: Literal["resolve_trigger"]
    card: str | None = None
    name: str
    effect: list[dict[str, Any]] = Field(default_factory=list)

    @field_validator("effect", mode="before")
    @classmethod
    def _eff(cls, v: Any) -> Any:
        return effect_list(v)


class Concede(Act):
    type: Literal["concede"]


AnyAction = Annotated[
    Union[ChooseFirstPlayer, Mulligan, Develop, Draw, PlayResource, PlayCard, UseAbility, FactionAbility,
          Respond, Pass, EndTurn, Attack, Block, AssignDamage, Choose, ResolveTrigger, Concede],
    Field(discriminator="type"),
]
_ADAPTER = TypeAdapter(AnyAction)

ACTION_TYPES = ("choose_first_player", "mulligan", "develop", "draw", "play_resource", "play_card",
                "play_tactic", "use_ability", "faction_ability", "respond", "pass", "end_turn", "attack",
                "block", "assign_damage", "choose", "resolve_trigger", "concede")


def pydantic_errors(exc: ValidationError, prefix: str = "") -> list[dict[str, str]]:
    return parsing.field_errors(exc, ACTION_TYPES, prefix)


def parse(raw: Any) -> Any:
    """The action model for ``raw``.  Raises InvalidAction with ``{"field", "message"}`` errors."""
    return parsing.parse_action(_ADAPTER, ACTION_TYPES, raw, "Spoils")
