"""The Spoils game state: the document ``GET /games/{id}/state`` returns and ``setup`` accepts.

Cards are data: a ``CardSpec`` is what is printed (plus a small structured effect language, see
``adjudicator.spoils.text.precedence`` and ``adjudicator.spoils.rules.effect_documents``); a ``CardInPlay`` is a spec with
its table state.  Hands and decks are counts, with the names of the cards known to the judge.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from adjudicator.effects import CardScript
from adjudicator.effects.base import json_path, telling_error
from adjudicator.flow import Suspended
from adjudicator.table import seat_players
from adjudicator.spoils.model.judge_items import JudgeItem
from adjudicator.spoils.model.script_docs import parse

ICONS = "OGEDRV"
"""Resource icons (405.5): Obsession, Greed, Elitism, Deception, Rage, Volition."""
STAPLES = {"obsession": "O", "greed": "G", "elitism": "E", "deception": "D", "rage": "R"}
"""The five staple resources and the icon each provides (203.5a, 203.5c)."""
FACE_DOWN_ICON = "V"
"""Every face-down card is a resource providing one Volition icon (203.4a, 411.1)."""

CardType = Literal["character", "item", "location", "tactic", "resource"]
Stage = Literal["choose_first_player", "mulligan", "develop", "main", "end", "over"]
BATTLE_STAGES = ("attack_tactics", "blocks", "repeat", "tactics_a", "assign_attacker", "assign_blocker",
                 "tactics_e")
TACTICS_STAGES = ("attack_tactics", "tactics_a", "tactics_e")


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


def effect_list(value: Any) -> list[dict[str, Any]]:
    """An effect or a list of effects, as a list (an empty mapping is no effect)."""
    if value is None:
        return []
    if isinstance(value, dict):
        return [value] if value else []
    return list(value)


def _icons(value: Any) -> str:
    text = "".join(str(value or "").split()).upper().replace("[", "").replace("]", "")
    bad = sorted(set(text) - set(ICONS))
    if bad:
        raise ValueError(f"unknown resource icons {''.join(bad)!r} (expected letters of {ICONS})")
    return text


class Ability(Model):
    """An ability printed on a card (502): a name, a cost section and an effect section."""

    name: str
    cost: int = 0
    threshold: str = ""
    deplete: bool = False
    effect: list[dict[str, Any]] = Field(default_factory=list)
    text: str = ""

    @field_validator("threshold", mode="before")
    @classmethod
    def _thr(cls, v: Any) -> str:
        return _icons(v)

    @field_validator("effect", mode="before")
    @classmethod
    def _eff(cls, v: Any) -> list[dict[str, Any]]:
        return effect_list(v)


class CardSpec(Model):
    """A card as printed, described inline by the client or taken from card data.

    For an item that attaches to a character, ``strength``/``life``/``speed`` are the adjustments
    it gives that character (201.7c).  ``effect`` is what a tactic does when it resolves;
    ``effects`` are continuous while the card is in play; ``triggers`` fire on game events;
    ``replacements`` replace one thing by another (506).
    """

    name: str
    type: CardType
    cost: int | None = None
    threshold: str = ""
    strength: int | None = None
    life: int | None = None
    speed: int | None = None
    structure: int | None = None
    subtypes: list[str] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    unique: str | None = None
    attach_to: str | None = None
    provides: str = ""
    extra_cost: int = 0
    effect: list[dict[str, Any]] = Field(default_factory=list)
    effects: list[dict[str, Any]] = Field(default_factory=list)
    triggers: list[dict[str, Any]] = Field(default_factory=list)
    replacements: list[dict[str, Any]] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    trade: str | None = None
    text: str = ""
    script: dict[str, Any] | None = None
    """The card's script in the effect language (``adjudicator.effects.CardScript``), written from
    the text in force at the game's ``cards_as_of``; None when there is none or it is stale (the
    card is then its text, for the judge).  Enforced by ``adjudicator.spoils.ops.interpreter``."""

    @field_validator("script", mode="before")
    @classmethod
    def _script(cls, v: Any) -> Any:
        parse(v)  # the effect language refuses a bad script here
        return v

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, v: Any) -> Any:
        return str(v).lower() if isinstance(v, str) else v

    @field_validator("threshold", "provides", mode="before")
    @classmethod
    def _thr(cls, v: Any) -> str:
        return _icons(v)

    @field_validator("keywords", "subtypes", mode="before")
    @classmethod
    def _lower(cls, v: Any) -> list[str]:
        if isinstance(v, str):
            v = [s for s in v.replace(",", " ").split()]
        return [str(s).strip().lower() for s in (v or []) if str(s).strip()]

    @field_validator("effect", "effects", "triggers", "replacements", mode="before")
    @classmethod
    def _effects(cls, v: Any) -> list[dict[str, Any]]:
        return effect_list(v)

    @property
    def is_staple(self) -> bool:
        return self.type == "resource" and ("staple" in self.keywords or self.name.lower() in STAPLES)

    def resource_icons(self) -> str:
        """The icons this card provides when played face up as a resource."""
        if self.provides:
            return self.provides
        return STAPLES.get(self.name.lower(), "")


class CardInPlay(CardSpec):
    """A card on the table: its printed data plus who has it and what happened to it."""

    owner: str
    controller: str
    depleted: bool = False
    damage: int = 0
    can_attack: bool = False
    attached_to: str | None = None
    tokens: int = 0
    token: bool = False
    modifiers: list[dict[str, Any]] = Field(default_factory=list)
    attacks: int = 0
    """How many attacks it joined as an attacker this turn ("can attack only once each turn")."""
    # Read-only output, recomputed on every document; accepted and ignored on input.
    effective: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _drop_outputs(self) -> "CardInPlay":
        self.effective = None
        return self

    def spec(self) -> CardSpec:
        return CardSpec.model_validate(self.model_dump(include=set(CardSpec.model_fields)))


class Resource(Model):
    """A resource in play (203): face up it provides its icons, face down one Volition (411.1).
    ``attached`` means attached to the faction to pay a cost (309.1); detached at restore."""

    name: str | None = None
    face_up: bool = True
    icons: str = ""
    attached: bool = False

    @field_validator("icons", mode="before")
    @classmethod
    def _ic(cls, v: Any) -> str:
        return _icons(v)

    def provided(self) -> str:
        return self.icons if self.face_up else FACE_DOWN_ICON


def default_faction_abilities() -> list[Ability]:
    """The abilities every faction of the rules documents prints (fast intro, faction cards)."""
    return [
        Ability(name="DRAW", cost=3, effect=[{"draw": 1}], text="Pay 3: draw a card."),
        Ability(name="RESOURCE", cost=4, effect=[{"play_resource": 1}], text="Pay 4: play a resource."),
    ]


class Faction(Model):
    """202: the faction starts in play; its influence is the score (0 loses, 102.1)."""

    name: str = "The Tournament Faction"
    influence: int = 25
    starting_influence: int = 25
    starting_resources: list[str] = Field(default_factory=lambda: ["staple resource", "staple resource"])
    starting_draw: dict[Literal["first", "second"], int] = Field(default_factory=lambda: {"first": 8, "second": 9})
    abilities: list[Ability] = Field(default_factory=default_faction_abilities)
    text: str = ""
    script: dict[str, Any] | None = None


class PlayerState(Model):
    faction: Faction = Field(default_factory=Faction)
    hand: int = 0
    hand_cards: list[str] = Field(default_factory=list)
    deck: int | None = None
    deck_cards: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    resources: dict[str, Resource] = Field(default_factory=dict)
    mulliganed: bool = False
    developed: bool = False
    lost: bool = False
    # Read-only outputs of ``to_document``; accepted and ignored on input.
    icons: dict[str, int] | None = None
    unattached: int | None = None
    revealed: dict[str, list[str]] | None = None
    """Zones of this player's a card's text reveals at all times ("deck_top", "hand") and the cards
    in play that say so (403.1a, 403.2a: hidden otherwise)."""

    @model_validator(mode="after")
    def _drop_outputs(self) -> "PlayerState":
        self.icons = None
        self.unattached = None
        self.revealed = None
        return self

    @field_validator("resources", mode="before")
    @classmethod
    def _resources(cls, v: Any) -> Any:
        # A list of resources is accepted too (ids are then given in order: r1, r2, ...).
        if isinstance(v, list):
            return {f"r{i}": r for i, r in enumerate(v, start=1)}
        return v


class PendingPlay(Model):
    """A card being played (403.3), an ability being used, or the announced end of the turn:
    it waits for the opponent's responses and then resolves (607)."""

    id: str
    kind: Literal["card", "ability", "faction_ability", "end_turn"]
    player: str
    name: str
    card_id: str | None = None
    card: CardSpec | None = None
    effect: list[dict[str, Any]] = Field(default_factory=list)
    attach_to: str | None = None
    response_to: str | None = None
    paid: dict[str, Any] | None = None
    owner: str | None = None
    """The card's owner when not the player (it goes to its owner's discard pile, 205.2)."""
    answers: dict[str, str] = Field(default_factory=dict)
    """The choices its text gives other players, as each answered (``rules.asked``)."""


class Battle(Model):
    """An attack in progress (608, 609); it suspends the free-form turn while it runs."""

    attacker: str
    defender: str
    target: dict[str, Any]
    attackers: list[str] = Field(default_factory=list)
    blockers: list[str] = Field(default_factory=list)
    stage: Literal["attack_tactics", "blocks", "repeat", "tactics_a", "assign_attacker", "assign_blocker",
                   "tactics_e"] = "attack_tactics"
    speed: int | None = None
    dealt: list[str] = Field(default_factory=list)
    assignments: list[dict[str, Any]] = Field(default_factory=list)
    covert: bool = False
    unblockable: bool = False
    blocked: bool = False
    target_lost: bool = False
    below: list[PendingPlay] = Field(default_factory=list)
    """The plays that waited for responses when an effect started this battle ("Attack your opponent."):
    set aside while it runs, waiting again once it ends."""


class TriggerInstance(Model):
    id: str
    card_id: str | None = None
    name: str
    controller: str
    effect: list[dict[str, Any]] = Field(default_factory=list)
    when: str = ""


class Choice(Model):
    kind: Literal["trigger_order", "unique", "replacement", "answer"]
    player: str
    options: list[str]
    rule: str
    detail: str = ""
    key: str = ""
    """An ``answer``: the choice a play's text gives this player as it resolves (``rules.asked``)."""
    play: str | None = None
    """An ``answer``: the play waiting for it (its id in ``pending``)."""


class LastingEffect(Model):
    effect: dict[str, Any]
    source: str
    controller: str
    until: str | None = None


class Winner(Model):
    player: str | None
    by: Literal["influence", "concession", "draw"]


class SpoilsState(Model):
    game: Literal["spoils"] = "spoils"
    format: Literal["constructed", "limited"] = "constructed"
    seating: list[str]
    first_player: str | None = None
    chooser: str | None = None
    turn: int = 0
    active_player: str | None = None
    stage: Stage = "main"
    to_act: str | None = None
    consecutive_passes: int = 0
    suspended: list[Suspended] = Field(default_factory=list)
    pending: list[PendingPlay] = Field(default_factory=list)
    battle: Battle | None = None
    triggers: list[TriggerInstance] = Field(default_factory=list)
    choice: Choice | None = None
    players: dict[str, PlayerState] = Field(default_factory=dict)
    cards: dict[str, CardInPlay] = Field(default_factory=dict)
    card_pool: dict[str, CardSpec] = Field(default_factory=dict)
    cards_as_of: str | None = None  # 105.1: the day whose printings are in force for the whole game
    effects: list[LastingEffect] = Field(default_factory=list)
    rulings: list[dict[str, Any]] = Field(default_factory=list)
    for_the_judge: list[JudgeItem] = Field(default_factory=list, description=(
        "What the engine leaves to the judge of the cards that acted, each waiting for a ruling on its rule "
        "(POST /games/{game_id}/rulings citing its id, or naming the card); the game goes on meanwhile."))
    tactics_played: list[CardSpec] = Field(default_factory=list)
    """The tactics played this turn, in order ("the last tactic played this turn"); emptied as a turn starts."""
    played_this_turn: dict[str, list[str]] = Field(default_factory=dict)
    """Each player's plays this turn, in order: the type of each card played (604), "resource" for each
    resource played (605); emptied as a turn starts ("the first resource each opponent plays each turn")."""
    names_played_this_turn: dict[str, list[str]] = Field(default_factory=dict)
    """The name of each card each player played this turn (604, 605), in order ("if an opponent played at
    least 2 cards with the same name this turn"); emptied as a turn starts."""
    damaged_this_turn: dict[str, list[str]] = Field(default_factory=dict)
    """The cards that inflicted damage to each card this turn (``DamageDealt.sources``; "a turn when this
    card damaged it"); emptied as a turn starts."""
    attacks_this_turn: dict[str, int] = Field(default_factory=dict)
    """How many attacks each player declared this turn ("players can attack only once each turn"); emptied
    as a turn starts."""
    next_id: int = 1
    winner: Winner | None = None
    position: int = 0
    # Read-only output of ``to_document`` (the open window); accepted and ignored on input.
    window: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _check(self) -> "SpoilsState":
        self.window = None
        seat_players(self.seating, self.players, PlayerState)
        for name, value in (("active_player", self.active_player), ("first_player", self.first_player),
                            ("chooser", self.chooser), ("to_act", self.to_act)):
            if value is not None and value not in self.seating:
                raise ValueError(f"{name}: {value!r} is not a player")
        if self.stage in ("develop", "main") and self.active_player is None:
            raise ValueError("active_player: needed once the game has started")
        for cid, card in self.cards.items():
            for field in ("owner", "controller"):
                if getattr(card, field) not in self.seating:
                    raise ValueError(f"cards.{cid}.{field}: {getattr(card, field)!r} is not a player")
            if card.attached_to is not None and card.attached_to not in self.cards:
                raise ValueError(f"cards.{cid}.attached_to: no card {card.attached_to!r} in play")
        if self.battle is not None:
            for cid in self.battle.attackers + self.battle.blockers:
                if cid not in self.cards:
                    raise ValueError(f"battle: no card {cid!r} in play")
        if "to_act" not in self.model_fields_set and self.winner is None and self.stage in ("develop", "main"):
            self.to_act = self.active_player
        return self
