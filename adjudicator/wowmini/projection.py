"""Applying WoW Miniatures events to a state, in place.  One handler per event type; never checks
a rule (an old log still replays after a rule is fixed)."""
from __future__ import annotations

from functools import singledispatch

from adjudicator.wowmini.state import Attack, Buff, Character, LastPlay, Totem, Winner, WowMiniState
from events.models import wowmini as E
from events.models.base import DomainEvent
from events.models.common import RulingRecorded


@singledispatch
def apply_event(event: DomainEvent, state: WowMiniState) -> None:
    raise TypeError(f"no projection for {type(event).__name__}")


def _card_back(ch: Character) -> None:
    """302.4: the old form's card returns to the bar face up and ready (no change of state)."""
    if ch.form is None:
        return
    card = ch.form.model_copy(update={"face": "up", "orientation": "ready"})
    ch.form = None
    ch.action_bar.append(card)


@apply_event.register
def _(event: RulingRecorded, state: WowMiniState) -> None:
    state.rulings.append(event.model_dump(mode="json"))


@apply_event.register
def _(event: E.CardPlayed, state: WowMiniState) -> None:
    ch = state.characters[event.character]
    ch.clock = event.clock
    i = ch.bar_index(event.card)
    if i is not None:
        card = ch.action_bar[i]
        card.face = "up"
        if event.exhausted:
            card.orientation = "exhausted"
    if event.category == "action" and state.acting == event.character:
        state.action_used = True
    state.serial += len(event.creates)
    state.last_play = LastPlay(character=event.character, card=event.card, kind=event.kind,  # type: ignore[arg-type]
                               creates=list(event.creates))


@apply_event.register
def _(event: E.AbilityUsed, state: WowMiniState) -> None:
    state.characters[event.character].clock = event.clock
    if event.category == "action" and state.acting == event.character:
        state.action_used = True


@apply_event.register
def _(event: E.FormLeft, state: WowMiniState) -> None:
    _card_back(state.characters[event.character])


@apply_event.register
def _(event: E.FormReturned, state: WowMiniState) -> None:
    _card_back(state.characters[event.character])


@apply_event.register
def _(event: E.FormEntered, state: WowMiniState) -> None:
    ch = state.characters[event.character]
    i = ch.bar_index(event.form)
    if i is None:
        return
    card = ch.action_bar.pop(i)
    ch.form = card.model_copy(update={"face": "up", "orientation": None})


@apply_event.register
def _(event: E.BuffAttached, state: WowMiniState) -> None:
    state.characters[event.target].buffs.append(Buff.model_validate(event.buff))


def _drop_buff(state: WowMiniState, target: str, buff_id: str) -> None:
    ch = state.characters.get(target)
    if ch is not None:
        ch.buffs = [b for b in ch.buffs if b.id != buff_id]


@apply_event.register
def _(event: E.BuffRemoved, state: WowMiniState) -> None:
    _drop_buff(state, event.target, event.buff_id)


@apply_event.register
def _(event: E.BuffExpired, state: WowMiniState) -> None:
    _drop_buff(state, event.target, event.buff_id)


@apply_event.register
def _(event: E.TotemSummoned, state: WowMiniState) -> None:
    state.totems[event.totem] = Totem(name=event.name, owner=event.owner, summoner=event.summoner,
                                      square=event.square, health=event.health)


@apply_event.register
def _(event: E.TotemDestroyed, state: WowMiniState) -> None:
    state.totems[event.totem].status = "destroyed"


@apply_event.register
def _(event: E.TotemRemoved, state: WowMiniState) -> None:
    state.totems[event.totem].status = "removed"


@apply_event.register
def _(event: E.PetSummoned, state: WowMiniState) -> None:
    state.characters[event.pet] = Character(
        owner=event.owner, name=event.name, class_=event.character_class, race=event.race,
        faction=event.faction, health=event.health, clock=event.clock, square=event.square,
        attack=Attack.model_validate(event.attack), master=event.master,
    )


@apply_event.register
def _(event: E.PetRemoved, state: WowMiniState) -> None:
    pet = state.characters[event.pet]
    pet.status = "removed"
    pet.square = None
    pet.buffs = []
    if state.acting == event.pet:
        state.acting = None


@apply_event.register
def _(event: E.DamageTaken, state: WowMiniState) -> None:
    piece = state.characters.get(event.target) or state.totems[event.target]
    piece.damage = event.total


@apply_event.register
def _(event: E.DamageHealed, state: WowMiniState) -> None:
    piece = state.characters.get(event.target) or state.totems[event.target]
    piece.damage = event.total


@apply_event.register
def _(event: E.CharacterDestroyed, state: WowMiniState) -> None:
    ch = state.characters[event.character]
    ch.status = "destroyed"
    ch.square = None
    if state.acting == event.character:
        state.acting = None


@apply_event.register
def _(event: E.VictoryPointsScored, state: WowMiniState) -> None:
    state.players[event.player].victory_points = event.total


@apply_event.register
def _(event: E.GameWon, state: WowMiniState) -> None:
    state.winner = Winner(player=event.player, by=event.by)  # type: ignore[arg-type]


@apply_event.register
def _(event: E.TurnEnded, state: WowMiniState) -> None:
    state.characters[event.character].clock = event.clock
    state.acting = None
    state.action_used = False


@apply_event.register
def _(event: E.TurnStarted, state: WowMiniState) -> None:
    state.acting = event.character
    state.action_used = False
    state.time = event.time


@apply_event.register
def _(event: E.TimeAdvanced, state: WowMiniState) -> None:
    state.time = event.time


@apply_event.register
def _(event: E.CharacterMoved, state: WowMiniState) -> None:
    state.characters[event.character].square = event.to


@apply_event.register
def _(event: E.CharacterRespawned, state: WowMiniState) -> None:
    ch = state.characters[event.character]
    ch.status = "in_play"
    ch.square = event.square
    ch.damage = 0


@apply_event.register
def _(event: E.CardReadied, state: WowMiniState) -> None:
    card = state.characters[event.character].card(event.card)
    if card is not None:
        card.orientation = "ready"


@apply_event.register
def _(event: E.CardRevealed, state: WowMiniState) -> None:
    card = state.characters[event.character].card(event.card)
    if card is not None:
        card.face = "up"


@apply_event.register
def _(event: E.CardCancelled, state: WowMiniState) -> None:
    if state.last_play is not None:
        state.last_play.cancelled = True


@apply_event.register
def _(event: E.DamageRecorded | E.HealingRecorded | E.DestructionRecorded, state: WowMiniState) -> None:
    pass  # the records of the judge's effects; the events that follow them change the state
