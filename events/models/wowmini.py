"""World of Warcraft Miniatures domain events (action bar cards, comprehensive rules chapter 3).

Action events (``is_action``) record what a player did; the others are the consequences the rules
derive from it (a replaced buff removed, a pet removed with its master, the next turn starting),
appended in the same batch so a log reads on its own.  Squares are ``[x, y]``.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from events.models.base import DomainEvent, registry

wowmini = registry.register("wowmini")

Square = tuple[int, int]


class Action(DomainEvent):
    is_action = True
    player: str


# --- actions -------------------------------------------------------------------------------

@wowmini
class CardPlayed(Action):
    """A card's core ability played: its tick cost paid (300.4) and the card exhausted (300.5),
    or set aside for a form (302.2).  ``creates`` names the pieces it brings into play."""

    character: str
    card: str
    kind: str
    category: Literal["action", "instant", "react"]
    cost: int
    clock: int
    exhausted: bool = True
    targets: list[str] = Field(default_factory=list)
    square: Square | None = None
    creates: list[str] = Field(default_factory=list)
    trigger: str | None = None


@wowmini
class AbilityUsed(Action):
    """A paid ability that is not a card: a character's printed attack or ability, or one a form
    grants (302.3)."""

    character: str
    ability: str
    category: Literal["action", "instant", "react"]
    cost: int
    clock: int
    targets: list[str] = Field(default_factory=list)
    damage: int | None = None


@wowmini
class FormLeft(Action):
    """The character leaves its form as an instant; the card returns face up and ready (302.4)."""

    character: str
    form: str


@wowmini
class TurnEnded(Action):
    character: str
    wait: int = 0
    clock: int


@wowmini
class CharacterMoved(Action):
    character: str
    from_square: Square | None
    to: Square
    path: list[Square] = Field(default_factory=list)
    teleport: bool = False


@wowmini
class DamageRecorded(Action):
    """An effect dealing damage, as the judge states it; ``DamageTaken`` events follow for what
    the rules let it touch, ``excluded`` names what they did not (303.2, 303.3)."""

    amount: int
    targets: list[str] = Field(default_factory=list)
    source: str | None = None
    ability: str | None = None
    area: bool = False
    all_characters: bool = False
    excluded: list[str] = Field(default_factory=list)


@wowmini
class HealingRecorded(Action):
    target: str
    amount: int
    source: str | None = None


@wowmini
class DestructionRecorded(Action):
    target: str
    source: str | None = None


@wowmini
class CharacterRespawned(Action):
    character: str
    square: Square


@wowmini
class CardReadied(Action):
    character: str
    card: str


@wowmini
class CardRevealed(Action):
    character: str
    card: str


@wowmini
class CardCancelled(Action):
    character: str
    card: str


@wowmini
class TimeAdvanced(Action):
    ticks: int
    time: int


# --- consequences --------------------------------------------------------------------------

@wowmini
class BuffAttached(DomainEvent):
    """A copy of a buff or debuff card attached to its target (301.2)."""

    target: str
    buff: dict[str, Any]


@wowmini
class BuffRemoved(DomainEvent):
    """A buff leaves its character, with the counters it added (301.2e)."""

    target: str
    buff_id: str
    name: str
    reason: Literal["replaced", "destroyed", "cancelled", "removed"]
    rule: str
    counters: dict[str, int] = Field(default_factory=dict)


@wowmini
class BuffExpired(DomainEvent):
    """The buff's duration ran out at ``time`` (301.2c)."""

    target: str
    buff_id: str
    name: str
    time: int
    counters: dict[str, int] = Field(default_factory=dict)


@wowmini
class FormEntered(DomainEvent):
    """The form card leaves the bar and is set aside (302.2) while the character is in the form."""

    character: str
    form: str


@wowmini
class FormReturned(DomainEvent):
    """A form ends without a leave action (a change of form, or the character's destruction):
    the card goes back to the bar face up and ready (302.4)."""

    character: str
    form: str
    reason: Literal["changed", "destroyed"]
    rule: str


@wowmini
class TotemSummoned(DomainEvent):
    totem: str
    name: str
    owner: str
    summoner: str
    square: Square
    health: int


@wowmini
class TotemDestroyed(DomainEvent):
    totem: str
    rule: str


@wowmini
class TotemRemoved(DomainEvent):
    totem: str
    reason: Literal["cancelled"]


@wowmini
class PetSummoned(DomainEvent):
    """A pet, a character of its own, on the square its master chose (304.1), its clock set to
    the master's after paying (304.2)."""

    pet: str
    master: str
    owner: str
    name: str
    square: Square
    clock: int
    health: int
    attack: dict[str, Any] = Field(default_factory=dict)
    character_class: str = "Pet"
    race: str = "Beast"
    faction: str = ""


@wowmini
class PetRemoved(DomainEvent):
    pet: str
    reason: Literal["replaced", "master_destroyed", "cancelled"]
    rule: str
    buffs: list[str] = Field(default_factory=list)


@wowmini
class DamageTaken(DomainEvent):
    """Damage marked on a character or totem; ``attributed_to`` is the player credited with it
    (none for damage from a buff, 301.2a)."""

    target: str
    amount: int
    total: int
    source: str | None = None
    attributed_to: str | None = None


@wowmini
class DamageHealed(DomainEvent):
    target: str
    amount: int
    total: int


@wowmini
class CharacterDestroyed(DomainEvent):
    character: str
    rule: str
    by: str | None = None


@wowmini
class VictoryPointsScored(DomainEvent):
    player: str
    points: int
    total: int
    reason: str
    rule: str


@wowmini
class TurnStarted(DomainEvent):
    """The character with the lowest clock takes its turn; the timeline moves to ``time``."""

    character: str
    time: int
    rule: str


@wowmini
class GameWon(DomainEvent):
    player: str | None
    by: str
    rule: str
