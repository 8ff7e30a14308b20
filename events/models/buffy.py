"""Buffy the Vampire Slayer CCG domain events.

Action events (``is_action``) record what a player did; the others are the consequences the
rules derive from it, appended in the same batch so a log reads on its own.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from events.models.base import DomainEvent, registry

buffy = registry.register("buffy")


class Action(DomainEvent):
    is_action = True
    player: str


# --- actions -------------------------------------------------------------------------------

@buffy
class PlayerPassed(Action):
    pass


@buffy
class ChallengePlaced(Action):
    challenge_id: str
    challenge: dict[str, Any]


@buffy
class ChallengeSentToBottom(Action):
    """The top challenge could not be placed anywhere: it goes to the bottom, none this turn."""

    name: str | None = None


@buffy
class CardsDrawn(Action):
    count: int
    cards: list[str] = Field(default_factory=list)
    recycled: bool = False


@buffy
class CardsDiscarded(Action):
    count: int
    cards: list[str] = Field(default_factory=list)


@buffy
class CharacterMoved(Action):
    character: str
    from_space: str
    to: str


@buffy
class CharacterPlayed(Action):
    character_id: str
    character: dict[str, Any]


@buffy
class CharacterAscended(Action):
    character: str
    level: int
    card: str | None = None
    talents: dict[str, int] | None = None
    traits: list[str] | None = None
    effects: list[dict[str, Any]] | None = None


@buffy
class SkillAttached(Action):
    character: str
    skill: dict[str, Any]


@buffy
class ItemAttached(Action):
    character: str
    item: dict[str, Any]
    replaces: str | None = None


@buffy
class ItemTraded(Action):
    item: str
    from_character: str
    to_character: str


@buffy
class MainCharacterResurrected(Action):
    character: str


@buffy
class FightStarted(Action):
    attacker: str
    defender: str
    defending_player: str
    talent: str = "butt_kicking"  # the resolving talent when the fight starts (cards may change it)


@buffy
class StuntDoubleUsed(Action):
    character: str
    instead_of: str


@buffy
class TalentBoosted(Action):
    talent: str
    card: dict[str, Any]


@buffy
class ChallengeFaced(Action):
    challenge: str
    characters: list[str]
    defending_player: str


@buffy
class EffectPlayed(Action):
    card: str
    effect: dict[str, Any] = Field(default_factory=dict)
    stage: str | None = None
    source: str = "hand"  # "hand": the card goes to the discard pile; "play": a card in play's power


# --- consequences --------------------------------------------------------------------------

@buffy
class StepStarted(DomainEvent):
    step: str
    turn: int
    to_act: str


@buffy
class StageStarted(DomainEvent):
    stage: str
    to_act: str


@buffy
class PhaseEnded(DomainEvent):
    """The fight or challenge is over; the suspended step resumes."""

    kind: str
    resumes: str
    to_act: str


@buffy
class CardsRefreshed(DomainEvent):
    characters: list[str]
    attachments: list[str] = Field(default_factory=list)


@buffy
class CharacterFatigued(DomainEvent):
    character: str
    cause: str
    rule: str
    attachment: str | None = None


@buffy
class FatigueAvoided(DomainEvent):
    """A card in play (the golden rule) stopped a fatigue that the rules would cause."""

    character: str
    cause: str
    by: str


@buffy
class OncePerTurnUsed(DomainEvent):
    """A card's once-per-turn permission was used (the golden rule); it is spent until the turn ends."""

    character: str
    key: str
    by: str


@buffy
class FightTalentChanged(DomainEvent):
    """A card changed the talent the fight resolves on."""

    talent: str
    by: str


@buffy
class CharacterLeftPhase(DomainEvent):
    """A card effect took a character out of the fight or challenge (it is not discarded)."""

    character: str
    kind: str
    by: str


@buffy
class FightResolved(DomainEvent):
    talent: str
    totals: dict[str, int]
    winner: str | None
    losers: list[str]
    tie: bool = False


@buffy
class ChallengeResolved(DomainEvent):
    challenge: str
    player: str
    totals: dict[str, int]
    goals: dict[str, int]
    overcome: bool


@buffy
class DestinyChanged(DomainEvent):
    player: str
    delta: int
    destiny: int
    rule: str
    reason: str = ""


@buffy
class CharacterDiscarded(DomainEvent):
    character: str
    reason: str


@buffy
class ChallengeToCrypt(DomainEvent):
    challenge: str


@buffy
class TalentStacksDiscarded(DomainEvent):
    cards: dict[str, list[str]]


@buffy
class TurnEnded(DomainEvent):
    turn: int
    time_of_day: Literal["day", "night"]
    active_player: str
    park_controller: str | None
    park_control_turns: dict[str, int]


@buffy
class GameWon(DomainEvent):
    player: str | None
    by: str
    rule: str
