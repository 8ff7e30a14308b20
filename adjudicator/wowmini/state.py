"""The WoW Miniatures state: the document ``GET /games/{id}/state`` returns and ``setup`` accepts.

Squares are ``[x, y]`` on a rectangular grid, ``0 <= x < width``, ``0 <= y < height``.  Characters
(pets included) are keyed by an id the client chooses; the pieces cards create (buff copies, totems,
pets) get ids from ``serial`` (``buff-3``, ``totem-4``, ``pet-5``).  Fields marked read-only are
recomputed on every document and ignored on input.
"""
from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from adjudicator.kernel.context import copies_as_tree

Square = tuple[int, int]
Range = Literal["melee", "ranged"]
Category = Literal["action", "instant", "react"]
Relation = Literal["enemy", "ally", "any"]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Attack(Model):
    """A character's printed attack: damage, melee or ranged, and its tick cost."""

    damage: int = Field(0, ge=0)
    range: Range = "melee"
    cost: int = Field(0, ge=0)


class Ability(Model):
    """A paid ability printed on a character or granted by a form (e.g. Bear Form's attack)."""

    name: str
    cost: int = Field(0, ge=0)
    category: Category = "action"
    damage: int | None = Field(None, ge=0)
    range: Range | None = None
    target: Relation | None = None
    changes_form: bool = False


class Override(Model):
    """A card's text beating a rule (the golden rule): ``{"permit": id}`` or ``{"forbid": id}``."""

    permit: str | None = None
    forbid: str | None = None


class PetSpec(Model):
    name: str
    class_: str = Field("Pet", alias="class")
    race: str = "Beast"
    health: int = Field(1, ge=1)
    attack: Attack = Field(default_factory=Attack)


CardKind = Literal["ability", "buff", "debuff", "form", "totem", "pet"]
_INSTANT = re.compile(r"\binstant\b", re.I)
_REACT = re.compile(r"\breact\b", re.I)


def category_of_notes(notes: str) -> Category:
    """300.3: the notes line names instants and reacts; every other card is an action."""
    if _REACT.search(notes):
        return "react"
    if _INSTANT.search(notes):
        return "instant"
    return "action"


class Card(Model):
    """An action bar card (300).  ``kind`` is its particular type (300.4); the rest is its text as
    data: who it targets and what it does, for the effects this engine knows."""

    name: str
    kind: CardKind = "ability"
    cost: int = Field(0, ge=0)
    restriction: str = ""
    notes: str = ""
    text: str = ""
    face: Literal["down", "up"] = "down"
    orientation: Literal["ready", "exhausted"] | None = "ready"
    # a plain ability's effect
    target: Relation | None = None
    damage: int | None = Field(None, ge=0)
    range: Range | None = None
    area: bool = False
    # buff / debuff
    duration: int | None = Field(None, ge=0)
    counters: dict[str, int] = Field(default_factory=dict)
    modifiers: dict[Literal["damage", "health"], int] = Field(default_factory=dict)
    # form
    grants: list[Ability] = Field(default_factory=list)
    attack: Attack | None = None
    # totem
    health: int | None = Field(None, ge=1)
    # pet
    pet: PetSpec | None = None
    # golden rule: what this card's text permits or forbids when it is played
    overrides: list[Override] = Field(default_factory=list)
    # read-only
    category: Any = Field(None, exclude=True)

    @model_validator(mode="after")
    def _derived(self) -> "Card":
        self.category = None
        return self

    @property
    def play_category(self) -> Category:
        return category_of_notes(self.notes)


class Buff(Model):
    """A buff or debuff attached to a character: a copy of the card, independent of it (301.2a)."""

    id: str
    name: str
    kind: Literal["buff", "debuff"] = "buff"
    played_by: str | None = None
    attached_at: int = 0
    duration: int | None = Field(None, ge=0)
    expires_at: int | None = None
    counters: dict[str, int] = Field(default_factory=dict)
    modifiers: dict[Literal["damage", "health"], int] = Field(default_factory=dict)
    text: str = ""


Status = Literal["in_play", "destroyed", "removed"]


class Character(Model):
    owner: str
    name: str = ""
    class_: str = Field("", alias="class")
    race: str = ""
    faction: str = ""
    health: int = Field(1, ge=1)
    damage: int = Field(0, ge=0)
    clock: int = Field(0, ge=0)
    square: Square | None = None
    spawn: Square | None = None
    attack: Attack = Field(default_factory=Attack)
    abilities: list[Ability] = Field(default_factory=list)
    points: int = Field(0, ge=0)
    status: Status = "in_play"
    master: str | None = None
    action_bar: list[Card] = Field(default_factory=list)
    form: Card | None = None
    buffs: list[Buff] = Field(default_factory=list)
    # read-only
    effective: Any = Field(None, exclude=True)
    counters: Any = Field(None, exclude=True)

    @model_validator(mode="after")
    def _derived(self) -> "Character":
        self.effective = None
        self.counters = None
        return self

    @property
    def is_pet(self) -> bool:
        return self.master is not None

    @property
    def in_play(self) -> bool:
        return self.status == "in_play"

    def card(self, name: str) -> Card | None:
        for card in self.action_bar:
            if card.name.lower() == name.lower():
                return card
        return None

    def bar_index(self, name: str) -> int | None:
        for i, card in enumerate(self.action_bar):
            if card.name.lower() == name.lower():
                return i
        return None


class Totem(Model):
    name: str
    owner: str
    summoner: str | None = None
    square: Square
    health: int = Field(1, ge=1)
    damage: int = Field(0, ge=0)
    status: Status = "in_play"

    @property
    def in_play(self) -> bool:
        return self.status == "in_play"


class PlayerState(Model):
    party: str | None = None
    victory_points: int = Field(0, ge=0)


class Board(Model):
    width: int = Field(12, ge=1, le=100)
    height: int = Field(12, ge=1, le=100)
    blocked: list[Square] = Field(default_factory=list)

    def contains(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height


class Terrain(Model):
    """A terrain feature on some squares (``wowmini.terrain``, inferred): a hazard deals ``damage``
    to the characters standing on it when its effect is recorded, and a feature may block line of
    sight across it.  Totems are not affected by the terrain they stand on (303.4)."""

    name: str = Field(min_length=1)
    squares: list[Square] = Field(min_length=1)
    damage: int | None = Field(None, ge=1)
    blocks_line_of_sight: bool = False


class LastPlay(Model):
    """The card most recently played, so that a cancel can name it (``wowmini.cancel``)."""

    character: str
    card: str
    kind: CardKind
    creates: list[str] = Field(default_factory=list)
    cancelled: bool = False


class Winner(Model):
    player: str | None
    by: Literal["victory_points", "concession", "draw"]


class WowMiniState(Model):
    game: Literal["wowmini"] = "wowmini"
    seating: list[str]
    first_player: str | None = None
    players: dict[str, PlayerState] = Field(default_factory=dict)
    board: Board = Field(default_factory=Board)
    terrain: list[Terrain] = Field(default_factory=list)
    vp_squares: list[Square] = Field(default_factory=list)
    vp_target: int | None = Field(None, ge=1)
    time: int = Field(0, ge=0)
    acting: str | None = None
    action_used: bool = False
    characters: dict[str, Character] = Field(default_factory=dict)
    totems: dict[str, Totem] = Field(default_factory=dict)
    serial: int = Field(0, ge=0)
    last_play: LastPlay | None = None
    rulings: list[dict[str, Any]] = Field(default_factory=list)
    winner: Winner | None = None
    position: int = 0
    # read-only
    controlled_vp_squares: Any = Field(None, exclude=True)

    @field_validator("seating")
    @classmethod
    def _seating(cls, seating: list[str]) -> list[str]:
        if not seating:
            raise ValueError("at least one player is needed")
        if len(set(seating)) != len(seating):
            raise ValueError("player ids must be unique")
        return seating

    @model_validator(mode="after")
    def _defaults(self) -> "WowMiniState":
        self.controlled_vp_squares = None
        if self.first_player is None:
            self.first_player = self.seating[0]
        for p in self.seating:
            self.players.setdefault(p, PlayerState())
        for pid, ps in self.players.items():
            if ps.party is None:
                ps.party = pid
        return self

    @property
    def to_act(self) -> str | None:
        """The player controlling the character taking its turn."""
        ch = self.characters.get(self.acting) if self.acting else None
        return ch.owner if ch is not None else None

    # ---------------------------------------------------------------------------- relations
    def party_of(self, player: str) -> str:
        ps = self.players.get(player)
        return ps.party if ps is not None and ps.party else player

    def allied(self, player_a: str, player_b: str) -> bool:
        return self.party_of(player_a) == self.party_of(player_b)

    def seat_order(self) -> list[str]:
        """Seating starting from the first player (the tie-break order of the timeline)."""
        first = self.first_player if self.first_player in self.seating else self.seating[0]
        i = self.seating.index(first)
        return self.seating[i:] + self.seating[:i]

    def piece(self, piece_id: str) -> Character | Totem | None:
        """The character (pets included) or totem ``piece_id``, if there is one."""
        return self.characters.get(piece_id) or self.totems.get(piece_id)

    def piece_owner(self, piece_id: str) -> str | None:
        piece = self.piece(piece_id)
        return piece.owner if piece is not None else None

    def find_buff(self, buff_id: str) -> tuple[str, Buff] | None:
        for cid, ch in self.characters.items():
            for buff in ch.buffs:
                if buff.id == buff_id:
                    return cid, buff
        return None

    def pet_of_player(self, player: str) -> str | None:
        for cid, ch in self.characters.items():
            if ch.is_pet and ch.owner == player and ch.in_play:
                return cid
        return None

    # ---------------------------------------------------------------------------- the grid
    def characters_on(self, sq: Square) -> list[str]:
        return [cid for cid, ch in self.characters.items() if ch.in_play and ch.square == sq]

    def totems_on(self, sq: Square) -> list[str]:
        return [tid for tid, t in self.totems.items() if t.in_play and t.square == sq]

    def terrain_named(self, name: str) -> Terrain | None:
        return next((t for t in self.terrain if t.name.casefold() == name.casefold()), None)

    def square_of(self, piece_id: str) -> Square | None:
        piece = self.piece(piece_id)
        return piece.square if piece is not None else None


def distance(a: Square, b: Square) -> int:
    """Squares between two squares, diagonal steps counting one (``wowmini.board``)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours(board: Board, sq: Square) -> list[Square]:
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                n = (sq[0] + dx, sq[1] + dy)
                if board.contains(n):
                    out.append(n)
    return out


def line_between(a: Square, b: Square) -> list[Square]:
    """The squares a straight line from ``a`` to ``b`` crosses, ends excluded (Bresenham)."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    cells = []
    x, y = x0, y0
    while (x, y) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy
        cells.append((x, y))
    return cells[:-1]


# A state is a tree (every value validated or built on its own): copy_state walks it, no pickle.
copies_as_tree(WowMiniState)
