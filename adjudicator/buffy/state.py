"""The Buffy game state: the document ``GET /games/{id}/state`` returns and ``setup`` accepts."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from adjudicator.flow import Suspended
from adjudicator.kernel.context import copies_as_tree
from adjudicator.table import seat_players
from rulings.decks.buffy import _SIDES as SIDES  # the deck validator's mapping of kinds to sides, kept in one place

TALENTS = ("butt_kicking", "smarts", "weirdness", "charm")
Talent = Literal["butt_kicking", "smarts", "weirdness", "charm"]
STEPS = ("prologue", "draw", "refresh", "movement", "resource", "conflict", "end")
FIGHT_STAGES = ("choose", "draw", "battle", "resolve", "discard")
PARK = "park"
OFF_BOARD = ("hand", "discard", "crypt")
"""Where a character card may be besides a board space: ``hand`` is a main character brought back
by ``resurrect_main`` and not yet played again."""


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Talents(Model):
    butt_kicking: int = 0
    smarts: int = 0
    weirdness: int = 0
    charm: int = 0

    def get(self, talent: str) -> int:
        return getattr(self, talent)

    def as_dict(self) -> dict[str, int]:
        return {t: getattr(self, t) for t in TALENTS}


class Attachment(Model):
    """A skill or item under a character; it fatigues independently of its character."""

    name: str
    kind: Literal["skill", "item", "other"]
    fatigued: bool = False
    talents: Talents = Field(default_factory=Talents)
    traits: list[str] = Field(default_factory=list)
    effects: list[dict[str, Any]] = Field(default_factory=list)
    traded_this_turn: bool = False


class Character(Model):
    owner: str
    name: str
    main: bool = False
    location: str
    fatigued: bool = False
    level: int = 1
    kind: Literal["hero", "villain", "companion", "minion"] | None = None
    alignment: Literal["good", "evil"] | None = None
    talents: Talents = Field(default_factory=Talents)
    traits: list[str] = Field(default_factory=list)
    attachments: list[Attachment] = Field(default_factory=list)
    effects: list[dict[str, Any]] = Field(default_factory=list)
    moves_this_turn: int = 0
    ascended_this_turn: bool = False
    skill_this_turn: bool = False
    used_once_per_turn: list[str] = Field(default_factory=list)
    # Read-only outputs, recomputed on every document; accepted and ignored on input.
    effective_talents: dict[str, int] | None = None
    total_talents: dict[str, int] | None = None

    @field_validator("traits")
    @classmethod
    def _upper(cls, traits: list[str]) -> list[str]:
        return [t.upper() for t in traits]

    @property
    def side(self) -> Literal["good", "evil"] | None:
        """Good or evil: its alignment, else what its kind says (heroes and companions are good,
        villains and minions evil; the mapping the deck validator uses, ``buffy.deck.alignment``)."""
        side = self.alignment or SIDES.get(self.kind or "")
        return side if side in ("good", "evil") else None  # type: ignore[return-value]

    @property
    def is_vampire(self) -> bool:
        return "VAMPIRE" in self.traits or any("VAMPIRE" in a.traits for a in self.attachments)

    def all_traits(self) -> set[str]:
        found = set(self.traits)
        for a in self.attachments:
            found.update(t.upper() for t in a.traits)
        return found


class Challenge(Model):
    name: str
    owner: str
    location: str
    goals: dict[Talent, int] = Field(default_factory=dict)
    destiny: int = 0
    alignment: Literal["good", "evil"] | None = None
    required_traits: list[str] = Field(default_factory=list)
    location_specific: str | None = None
    faced_by: list[str] = Field(default_factory=list)


class Location(Model):
    """A location card on a board space (spaces without a card still exist)."""

    name: str
    owner: str
    unique: bool = False
    effects: list[dict[str, Any]] = Field(default_factory=list)


class PlayerState(Model):
    destiny: int = 0
    hand: int = 5
    hand_cards: list[str] = Field(default_factory=list)
    resource_deck: int | None = None
    discard: list[str] = Field(default_factory=list)
    crypt: list[str] = Field(default_factory=list)
    challenge_deck: int = 7
    park_control_turns: int = 0
    essence: str | None = None
    # Per-step bookkeeping of the mandatory sub-steps.
    challenge_placed: bool = False
    drew: bool = False
    faced_challenges: list[str] = Field(default_factory=list)


class StackCard(Model):
    """A card in a talent stack: it counts for ``talent`` only when the phase resolves."""

    name: str
    kind: Literal["action", "item", "skill", "episode"]
    talent: Talent
    value: int


class Phase(Model):
    """A fight or a challenge in progress (it suspends the step it started in)."""

    kind: Literal["fight", "challenge"]
    stage: Literal["choose", "draw", "battle", "resolve", "discard"] = "choose"
    initiator: str
    defending_player: str
    attacker: str | None = None
    defender: str | None = None
    challenge: str | None = None
    characters: list[str] = Field(default_factory=list)
    resolving_talent: Talent = "butt_kicking"
    stood_in_for: str | None = None
    left: list[str] = Field(default_factory=list)
    stacks: dict[str, list[StackCard]] = Field(default_factory=dict)
    drawn: list[str] = Field(default_factory=list)
    outcome: dict[str, Any] | None = None
    # Read-only output (the standing if the phase resolved now); accepted and ignored on input.
    standing: dict[str, Any] | None = None

    @property
    def players(self) -> list[str]:
        """The two players of the fight or challenge: the initiator and the defending player."""
        return [self.initiator] + ([self.defending_player] if self.defending_player != self.initiator else [])


class Winner(Model):
    player: str | None
    by: Literal["destiny", "park", "concession", "draw"]


DEFAULT_SPACES = ("1", "2", "3", "4")


def default_adjacency(seating: list[str]) -> dict[str, list[str]]:
    """Each player's four spaces in a row (1-2-3-4), neighbours adjacent; the park reaches all.

    The rules refer to a board diagram the project did not receive; this default is documented as
    ``buffy.board.adjacency`` and a setup may replace it.
    """
    adjacency: dict[str, list[str]] = {PARK: []}
    for player in seating:
        spaces = [f"{player}.{s}" for s in DEFAULT_SPACES]
        for i, space in enumerate(spaces):
            adjacency[space] = [spaces[j] for j in (i - 1, i + 1) if 0 <= j < len(spaces)]
    # Facing spaces of neighbouring players are adjacent (same number), so a character may cross.
    for i, player in enumerate(seating):
        other = seating[(i + 1) % len(seating)]
        if other == player:
            continue
        for s in DEFAULT_SPACES:
            a, b = f"{player}.{s}", f"{other}.{s}"
            if b not in adjacency[a]:
                adjacency[a].append(b)
            if a not in adjacency[b]:
                adjacency[b].append(a)
    return adjacency


class BuffyState(Model):
    game: Literal["buffy"] = "buffy"
    seating: list[str]
    turn: int = 1
    time_of_day: Literal["day", "night"] = "day"
    active_player: str
    step: Literal["prologue", "draw", "refresh", "movement", "resource", "conflict", "end"] = "prologue"
    phase: Phase | None = None
    to_act: str | None = None
    consecutive_passes: int = 0
    suspended: list[Suspended] = Field(default_factory=list)
    players: dict[str, PlayerState]
    characters: dict[str, Character] = Field(default_factory=dict)
    challenges: dict[str, Challenge] = Field(default_factory=dict)
    locations: dict[str, Location] = Field(default_factory=dict)
    adjacency: dict[str, list[str]] = Field(default_factory=dict)
    rulings: list[dict[str, Any]] = Field(default_factory=list)
    winner: Winner | None = None
    position: int = 0

    @model_validator(mode="after")
    def _check(self) -> "BuffyState":
        seat_players(self.seating, self.players, PlayerState)
        if self.active_player not in self.seating:
            raise ValueError(f"active_player: {self.active_player!r} is not a player")
        if self.to_act is None and self.winner is None:
            self.to_act = self.active_player
        elif self.to_act is not None and self.to_act not in self.seating:
            raise ValueError(f"to_act: {self.to_act!r} is not a player")
        if not self.adjacency:
            self.adjacency = default_adjacency(self.seating)
        spaces = set(self.adjacency)
        for cid, ch in self.characters.items():
            if ch.owner not in self.seating:
                raise ValueError(f"characters.{cid}.owner: {ch.owner!r} is not a player")
            if ch.location not in spaces and ch.location not in OFF_BOARD:
                raise ValueError(f"characters.{cid}.location: unknown space {ch.location!r}")
        for key, ch in self.challenges.items():
            if ch.owner not in self.seating:
                raise ValueError(f"challenges.{key}.owner: {ch.owner!r} is not a player")
            if ch.location not in spaces:
                raise ValueError(f"challenges.{key}.location: unknown space {ch.location!r}")
        if self.phase is not None and not self.suspended:
            self.suspended.append(Suspended(step=self.step, to_act=None, consecutive_passes=0))
        return self


# A state is a tree (every value validated or built on its own): copy_state walks it, no pickle.
copies_as_tree(BuffyState)
