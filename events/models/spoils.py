"""The Spoils domain events.

Action events (``is_action``) record what a player did; the others are the consequences the rules
derive from it (a play that resolves, damage dealt, a character destroyed, influence lost, a turn
that ends), appended in the same batch so a log reads on its own.  Card descriptions travel inside
the events (``card`` documents), so a log replays without any card catalog.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from events.models.base import DomainEvent, registry

spoils = registry.register("spoils")


class Action(DomainEvent):
    is_action = True
    player: str


# --- actions -------------------------------------------------------------------------------

@spoils
class FirstPlayerChosen(Action):
    """601.1c: the player chosen at random decides who plays first."""

    first_player: str


@spoils
class MulliganTaken(Action):
    """601.1f: ``count`` cards to the bottom of the deck (named when known), as many drawn."""

    count: int
    cards: list[str] = Field(default_factory=list)
    drawn: list[str] = Field(default_factory=list)


@spoils
class DevelopChosen(Action):
    """The faction's develop rule (202.8): draw a card or play a resource, not both."""

    choice: Literal["draw", "resource"]


@spoils
class CardPlayed(Action):
    """604.1a-c: a non-resource card put in the "being played" zone; it resolves after responses."""

    pending_id: str
    card_id: str
    card: dict[str, Any]
    cost: int
    effect: list[dict[str, Any]] = Field(default_factory=list)
    attach_to: str | None = None
    response_to: str | None = None
    paid: dict[str, Any] | None = None
    """What the costs of a scripted play fixed (the targets picked, X, the choices), for the card's
    own "when this card enters play" triggers ("if you picked a character as part of its cost")."""
    from_zone: Literal["hand", "deck", "discard", "removed"] = "hand"
    """Where the card was played from: a hand (604.1a), or, played by an effect (604.2), a deck or a
    discard pile (a face-down resource revealed is flipped up first, ``CardFlippedUp``), or the cards an
    effect removed from the game and lets its controller play (``scripted_removed_played``)."""
    owner: str | None = None
    """Its owner, when not the player (a card of the opponent's played from where an effect removed it)."""


@spoils
class AbilityUsed(Action):
    """606: an ability of a card the player controls; it resolves after responses."""

    pending_id: str
    card_id: str
    ability: str
    cost: int
    effect: list[dict[str, Any]] = Field(default_factory=list)
    response_to: str | None = None


@spoils
class FactionAbilityUsed(Action):
    """A faction ability (DRAW: pay 3, draw a card; RESOURCE: pay 4, play a resource)."""

    pending_id: str
    ability: str
    cost: int
    effect: list[dict[str, Any]] = Field(default_factory=list)
    response_to: str | None = None


@spoils
class PlayerPassed(Action):
    """The player is done: no (more) responses, or done playing tactics at this battle step."""

    window: str


@spoils
class TurnEndAnnounced(Action):
    """610.1: the active player announces the end of the turn; the opponent may still respond."""

    pending_id: str


@spoils
class AttackDeclared(Action):
    """608.1a-b: the target and the attacking party (its members deplete)."""

    target: dict[str, Any]
    defender: str
    attackers: list[str]
    covert: bool = False
    unblockable: bool = False


@spoils
class BlockersDeclared(Action):
    """608.1d: the blocking party (blockers do not deplete); empty when the defender does not block."""

    blockers: list[str]


@spoils
class DamageAssigned(Action):
    """609.1c / 609.1d: how a party's damage at this speed is distributed."""

    speed: int
    assignments: list[dict[str, Any]]


@spoils
class ChoiceMade(Action):
    """A choice the rules leave to a player (trigger order 503.4, which unique card stays 507.5a)."""

    kind: str
    choice: str


@spoils
class TriggerRecorded(Action):
    """503.1: a trigger of a card the engine has no structured text for, as the table resolved it."""

    card_id: str | None = None
    name: str
    effect: list[dict[str, Any]] = Field(default_factory=list)


@spoils
class PlayerConceded(Action):
    pass


# --- consequences --------------------------------------------------------------------------

@spoils
class StartingHandsDrawn(DomainEvent):
    """601.1e: each faction's starting draw (first and second player differ)."""

    hands: dict[str, int]


@spoils
class TurnStarted(DomainEvent):
    """602.1: damage on characters cleared, "this turn" effects end, the active player's
    characters may attack this turn."""

    turn: int
    active_player: str
    can_attack: list[str] = Field(default_factory=list)


@spoils
class CardsRestored(DomainEvent):
    """202.7 restore rule: resources detach from the faction, depleted cards restore."""

    player: str
    cards: list[str] = Field(default_factory=list)
    resources: list[str] = Field(default_factory=list)
    rule: str = "spoils.202.7"


@spoils
class CardsDrawn(DomainEvent):
    player: str
    count: int
    cards: list[str] = Field(default_factory=list)
    rule: str


@spoils
class CardsSearched(DomainEvent):
    """312: cards found by searching a deck (named, as recorded), revealed or not, moved from that
    deck to their owner's hand or discard pile; the deck is then shuffled (312.1)."""

    player: str
    cards: list[str]
    to: Literal["hand", "discard"]
    revealed: bool = False
    source: str = ""
    rule: str = "spoils.312.1"


@spoils
class CardsRevealed(DomainEvent):
    """Cards out of play shown to both players (the top card of a deck) or looked at by one player
    (a hand, the top cards of a deck), by name as the action records them; nothing moves."""

    player: str
    cards: list[str] = Field(default_factory=list)
    zone: Literal["deck", "hand", "discard", "resource"] = "deck"
    seen_by: Literal["both", "you"] = "both"
    source: str = ""
    rule: str = "spoils.engine.hidden-choice"


@spoils
class CardsMoved(DomainEvent):
    """Cards out of play moved between a player's deck, hand and discard pile by an effect (named
    as the action records them; ``count`` when some are not named): "put it into your hand", "put a
    card from your hand on the bottom of your deck", "put the top card of your deck on the bottom".
    ``to`` "play" only takes them out of their zone: a ``CardEnteredPlay`` follows."""

    player: str
    count: int
    cards: list[str] = Field(default_factory=list)
    from_zone: Literal["deck", "hand", "discard", "being_played", "removed"]  # removed: "the removed character"
    to: Literal["hand", "deck_top", "deck_bottom", "discard", "play", "removed"]
    source: str = ""
    rule: str


@spoils
class ResourcesDetached(DomainEvent):
    """Resources detached from their faction by an effect (309.1: attached resources pay; detached
    ones may pay again)."""

    player: str
    resources: list[str]
    source: str = ""


@spoils
class NextCostReduced(DomainEvent):
    """A "reduce the next numeric cost you pay this turn" effect used up by the numeric cost just
    paid (406.5a): the cost was reduced by ``by``."""

    player: str
    by: int
    source: str = ""


@spoils
class CardsDiscarded(DomainEvent):
    """305.1: cards from a hand to their owner's discard pile."""

    player: str
    count: int
    cards: list[str] = Field(default_factory=list)
    rule: str


@spoils
class ResourcePlayed(DomainEvent):
    """605: a card from hand put into play as a resource, face up (real resources) or face down;
    ``from_zone``: "being_played" for a tactic an effect puts into play as a face-down resource
    instead of into its owner's discard pile (411.1), "moved" for a card a ``CardsMoved`` to "play"
    took out of a discard pile or a deck just before."""

    player: str
    resource_id: str
    name: str | None = None
    face_up: bool
    icons: str
    rule: str
    from_zone: Literal["hand", "being_played", "moved"] = "hand"


@spoils
class ResourcesAttached(DomainEvent):
    """309.1: a numeric cost paid by attaching unattached resources to the faction."""

    player: str
    resources: list[str]
    amount: int


@spoils
class CardsDepleted(DomainEvent):
    cards: list[str]
    rule: str


@spoils
class PlayResolved(DomainEvent):
    """604.1h / 606.1g / 607.2: the most recent pending play resolves (responses are done)."""

    pending_id: str
    kind: str
    player: str
    name: str


@spoils
class CardEnteredPlay(DomainEvent):
    player: str
    owner: str
    card_id: str
    card: dict[str, Any]
    attached_to: str | None = None
    how: Literal["played", "put_into_play", "token"] = "played"
    rule: str


@spoils
class CardPutInDiscard(DomainEvent):
    """A card that never was in play (a resolved tactic 205.2, an attachment without target 507.2c)."""

    player: str
    name: str
    rule: str


@spoils
class PlayTerminated(DomainEvent):
    """314.1: a pending play stopped before resolving (e.g. its card left the being-played zone)."""

    pending_id: str
    reason: str
    rule: str


@spoils
class PendingEffectDoubled(DomainEvent):
    """A play waiting for responses will resolve its effect twice ("the effect happens twice instead of once")."""

    pending_id: str
    source: str
    rule: str


@spoils
class PendingPicksReplaced(DomainEvent):
    """A play waiting for responses will resolve as though another card had been picked in place of one
    it picked ("... as though your opponent had picked the other character instead")."""

    pending_id: str
    old: str
    new: str
    source: str
    rule: str


@spoils
class DamageDealt(DomainEvent):
    """408: damage on a character (this turn), a location (for the game) or a faction."""

    target: str
    amount: int
    sources: list[str] = Field(default_factory=list)
    battle: bool = False
    rule: str


@spoils
class InfluenceLost(DomainEvent):
    player: str
    amount: int
    influence: int
    cause: Literal["damage", "effect"]
    rule: str


@spoils
class InfluenceGained(DomainEvent):
    player: str
    amount: int
    influence: int
    rule: str


@spoils
class CardDestroyed(DomainEvent):
    """304.1: out of play to its owner's discard pile (tokens vanish, 409.3b)."""

    card_id: str
    name: str
    reason: str
    rule: str


@spoils
class CardLeftPlay(DomainEvent):
    """A card leaving play other than by destruction (to hand, out of the game, to the deck)."""

    card_id: str
    name: str
    to: Literal["hand", "removed", "deck", "discard", "resource"]  # resource: face down under its owner (411.1)
    reason: str
    rule: str


@spoils
class ReplacementApplied(DomainEvent):
    """506: something that would happen is replaced by something else (each replacement once)."""

    card_id: str
    source: str
    instead_of: str
    done: str
    rule: str = "spoils.506.1"


@spoils
class CardModified(DomainEvent):
    """A lasting change from a resolved effect (``until``: "turn" ends at the next start of turn)."""

    card_id: str
    changes: dict[str, Any]
    source: str
    until: str | None = None


@spoils
class EffectStarted(DomainEvent):
    """A lasting effect not tied to a card in play (a resolved tactic's "this turn" override)."""

    effect: dict[str, Any]
    source: str
    controller: str
    until: str | None = None


@spoils
class CardsRestoredByEffect(DomainEvent):
    cards: list[str]
    rule: str = "spoils.303.3"


@spoils
class NextDamageReplaced(DomainEvent):
    """A lasting "the next N damage inflicted to X this turn is inflicted to Y instead" / "reduce the
    next damage inflicted to X this turn by N" used (506.3): ``used`` of it applied to damage just
    inflicted, ``left`` of it still waits (0: it is over)."""

    effect_id: str
    used: int
    left: int = 0
    rule: str = "spoils.506.3"


@spoils
class DamageRemoved(DomainEvent):
    card_id: str
    amount: int
    rule: str


@spoils
class ControlChanged(DomainEvent):
    card_id: str
    from_player: str
    to_player: str
    rule: str = "spoils.407.3"


@spoils
class RemovedFromBattle(DomainEvent):
    card_id: str
    reason: str
    rule: str


@spoils
class AddedToBattle(DomainEvent):
    card_id: str
    party: Literal["attacking", "blocking"]
    rule: str


@spoils
class TokensChanged(DomainEvent):
    """409.1: tokens on a card in play."""

    card_id: str
    delta: int
    tokens: int


@spoils
class TriggersPending(DomainEvent):
    """503.4: triggers that fired at once wait for their order to be chosen."""

    triggers: list[dict[str, Any]]


@spoils
class TriggerResolved(DomainEvent):
    trigger_id: str
    card_id: str | None
    name: str
    controller: str
    rule: str = "spoils.503.1"


@spoils
class LeftToTheJudge(DomainEvent):
    """spoils.engine.script-judge: a card acted (played, its ability used, a trigger of it resolving) whose
    script leaves ``sentences`` to the judge; the state lists them until a ruling answers them."""

    card_id: str | None
    name: str
    sentences: list[str]
    rule: str = "spoils.engine.script-judge"


@spoils
class ChoiceRequired(DomainEvent):
    kind: str
    player: str
    options: list[str]
    rule: str
    detail: str = ""
    key: str = ""
    """An ``answer``: the choice a play's text gives ``player`` as it resolves (spoils.engine.own-choices)."""
    play: str | None = None
    """An ``answer``: the play waiting for it."""


@spoils
class AttackRetargeted(DomainEvent):
    """An effect changes the target of the attack in progress ("change the target of your opponent's
    attack to the location"): the faction or location the attackers' damage now goes to."""

    target: dict[str, Any]
    source: str
    rule: str


@spoils
class BattleStageStarted(DomainEvent):
    """608 / 609: the battle moves to ``stage``; ``speed`` is X at the speed levels."""

    stage: str
    to_act: str | None
    speed: int | None = None
    rule: str


@spoils
class DamageAssignedByRule(DomainEvent):
    """609.1c-d when nothing is left to choose: no blockers left (damage goes to the target),
    a single opposing character, or nothing left to damage."""

    speed: int
    party: Literal["attacking", "blocking"]
    assignments: list[dict[str, Any]]
    reason: str
    rule: str


@spoils
class BattleDamageApplied(DomainEvent):
    """609.1f: all assigned battle damage applied at once (the DamageDealt events follow)."""

    speed: int
    totals: dict[str, int]


@spoils
class BattleEnded(DomainEvent):
    """609.1h: every surviving character of the battle is depleted."""

    depleted: list[str]


@spoils
class TurnEnded(DomainEvent):
    turn: int
    player: str


@spoils
class PlayerLost(DomainEvent):
    player: str
    rule: str
    reason: str = ""


@spoils
class GameWon(DomainEvent):
    player: str
    by: str
    rule: str


@spoils
class GameDrawn(DomainEvent):
    """102.2 (every remaining player lost at once) or 414.1 (an endless loop of effects)."""

    players: list[str]
    rule: str
    reason: str = ""


# --- play mechanics named by card scripts (FLIP UP, RECUR, HANDOFF) --------------------------

@spoils
class CardFlippedUp(DomainEvent):
    """507.4a: a face-down resource with FLIP UP leaves the resource area to be played as if from
    its controller's hand (the ``CardPlayed`` that follows takes it from there; 411.3)."""

    player: str
    resource_id: str
    name: str
    rule: str = "spoils.507.4a"


@spoils
class AbilityUsedFromDiscard(Action):
    """spoils.faq.recur-is-ability: an ability of a card in the player's discard pile (RECUR, "use
    this only if this card is in your discard pile"); it resolves after responses."""

    pending_id: str
    name: str
    ability: str
    cost: int
    effect: list[dict[str, Any]] = Field(default_factory=list)
    response_to: str | None = None


@spoils
class RemovedFromGame(DomainEvent):
    """Cards out of play removed from the game (a RECUR cost: "Remove this card from the game")."""

    player: str
    cards: list[str]
    from_zone: Literal["discard", "hand"]
    source: str = ""
    rule: str


@spoils
class AttachmentMoved(DomainEvent):
    """507.2: a card in play attaches to another card (HANDOFF, "attach this card to the character")."""

    card_id: str
    to: str
    source: str = ""
    rule: str = "spoils.507.2"


@spoils
class ResourceReturned(DomainEvent):
    """A resource in play (face up or face down) put into its owner's hand by an effect ("Put the
    resource into your hand.", "Put it into its owner's hand.")."""

    player: str
    resource_id: str
    name: str | None = None
    owner: str
    source: str = ""
    rule: str = "spoils.402.1"


@spoils
class ResourceDestroyed(DomainEvent):
    """A resource in play (face up or face down) destroyed by an effect or a cost ("Reveal a face-down
    resource card you control. ... Destroy it."): it goes to its owner's discard pile (304.1)."""

    player: str
    resource_id: str
    name: str | None = None
    source: str = ""
    rule: str = "spoils.304.1"


@spoils
class AbilityUsedFromResource(Action):
    """An ability of a card its player controls as a face-down resource ("use this only while this card
    is a face-down resource"): it resolves after responses; the card stays a resource."""

    pending_id: str
    resource_id: str
    name: str
    ability: str
    cost: int
    effect: list[dict[str, Any]] = Field(default_factory=list)
    response_to: str | None = None
