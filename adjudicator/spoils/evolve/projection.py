"""``evolve`` for The Spoils: one handler per event type.  Handlers only apply; they never check
rules, so an old log still replays after a rule is fixed (the audit is where old logs meet new rules).

The windows (607.2b) and the plays waiting for responses, and the helpers that move cards between
zones, are in ``adjudicator.spoils.evolve.windows``; ``in_game``, ``opponents``, ``window``,
``window_players`` and ``step_name`` are re-exported from here.
"""
from __future__ import annotations

from adjudicator import flow
from adjudicator.spoils.evolve import action_events, turn_events  # noqa: F401  (their handlers of apply_event)
from adjudicator.spoils.evolve.action_events import _assign
from adjudicator.spoils.evolve.dispatch import apply_event
from adjudicator.spoils.evolve.windows import (  # noqa: F401 (re-exported)
    _attach,
    _deck,
    _deplete,
    _hand,
    _leave,
    _out_of_battle,
    _pop,
    _push,
    in_game,
    opponents,
    step_name,
    window,
    window_players,
)
from adjudicator.spoils.model.state import (
    CardInPlay,
    Choice,
    LastingEffect,
    PendingPlay,
    Resource,
    SpoilsState,
    TriggerInstance,
    Winner,
)
from adjudicator.table import move_names
from events.models import spoils as E

# --- cards in play --------------------------------------------------------------------------

@apply_event.register
def _(e: E.CardEnteredPlay, s: SpoilsState) -> None:
    data = dict(e.card)
    data.update(owner=e.owner, controller=e.player, attached_to=e.attached_to, token=e.how == "token")
    for key in ("depleted", "damage", "can_attack", "tokens", "modifiers", "effective", "attacks"):
        data.pop(key, None)
    s.cards[e.card_id] = CardInPlay.model_validate(data)
    if e.how != "played":
        s.next_id += 1


@apply_event.register
def _(e: E.CardPutInDiscard, s: SpoilsState) -> None:
    s.players[e.player].discard.append(e.name)


@apply_event.register
def _(e: E.DamageDealt, s: SpoilsState) -> None:
    card = s.cards.get(e.target)
    if card is not None:
        card.damage += e.amount
        seen = s.damaged_this_turn.setdefault(e.target, [])  # "a turn when this card damaged it"
        seen.extend(x for x in dict.fromkeys(e.sources) if x not in seen)


@apply_event.register
def _(e: E.InfluenceLost, s: SpoilsState) -> None:
    s.players[e.player].faction.influence = e.influence


@apply_event.register
def _(e: E.InfluenceGained, s: SpoilsState) -> None:
    s.players[e.player].faction.influence = e.influence


@apply_event.register
def _(e: E.CardDestroyed, s: SpoilsState) -> None:
    card = _leave(s, e.card_id)
    if card is not None and not card.token:
        s.players[card.owner].discard.append(card.name)


@apply_event.register
def _(e: E.CardsSearched, s: SpoilsState) -> None:
    _deck(s, e.player, -len(e.cards), e.cards)
    if e.to == "hand":
        _hand(s, e.player, len(e.cards), e.cards, add=True)
    else:
        s.players[e.player].discard.extend(e.cards)


@apply_event.register
def _(e: E.CardsRevealed, s: SpoilsState) -> None:
    """Information only: nothing moves."""


@apply_event.register
def _(e: E.CardsMoved, s: SpoilsState) -> None:
    p = s.players[e.player]
    if e.from_zone == "hand":
        _hand(s, e.player, -e.count, e.cards)
    elif e.from_zone == "deck":
        _deck(s, e.player, -e.count, e.cards)
    elif e.from_zone == "discard":
        move_names(p.discard, e.cards, add=False)
    elif e.from_zone == "removed":  # "put the removed character into play" (scripted_delayed)
        move_names(p.removed, e.cards, add=False)
    if e.to == "hand":
        _hand(s, e.player, e.count, e.cards, add=True)
    elif e.to in ("deck_top", "deck_bottom"):
        _deck(s, e.player, e.count, e.cards, add=True)
    elif e.to == "discard":
        p.discard.extend(e.cards)
    elif e.to == "removed":  # "remove 2 cards in your opponent's discard pile from the game" (403.6a)
        p.removed.extend(e.cards)


@apply_event.register
def _(e: E.ResourcesDetached, s: SpoilsState) -> None:
    _attach(s, e.player, e.resources, False)


@apply_event.register
def _(e: E.NextCostReduced, s: SpoilsState) -> None:
    used = next((x for x in s.effects if "reduce_next_cost" in x.effect and x.controller == e.player
                 and x.source == (e.source or x.source)), None)
    if used is not None:
        s.effects.remove(used)


@apply_event.register
def _(e: E.CardLeftPlay, s: SpoilsState) -> None:
    card = _leave(s, e.card_id)
    if card is None or card.token:
        return
    owner = s.players[card.owner]
    if e.to == "hand":
        _hand(s, card.owner, 1, [card.name], add=True)
    elif e.to == "removed":
        owner.removed.append(card.name)
    elif e.to == "deck":
        _deck(s, card.owner, 1, [card.name], add=True)
    elif e.to == "resource":
        # 411.1: face down under its owner's control, a resource providing one Volition.
        owner.resources[f"{e.card_id}.down"] = Resource(name=card.name, face_up=False)
    else:
        owner.discard.append(card.name)


@apply_event.register
def _(e: E.ReplacementApplied, s: SpoilsState) -> None:
    card = s.cards.get(e.card_id)
    if card is not None and e.instead_of == "destroy":
        card.damage = 0  # 506.6, 408.4b


@apply_event.register
def _(e: E.CardModified, s: SpoilsState) -> None:
    card = s.cards.get(e.card_id)
    if card is not None:
        card.modifiers.append({**e.changes, "source": e.source, "until": e.until})
        becomes = e.changes.get("becomes")
        if isinstance(becomes, dict):  # "this turn, the item is a character ...": what it was, to come back to
            card.modifiers[-1]["was"] = {k: getattr(card, k) for k in becomes}
            for k, v in becomes.items():
                setattr(card, k, v)
        if e.changes.get("gain_subtype") and e.changes["gain_subtype"] not in card.subtypes:  # as long as in play
            card.subtypes = [*card.subtypes, str(e.changes["gain_subtype"])]


@apply_event.register
def _(e: E.EffectStarted, s: SpoilsState) -> None:
    s.effects.append(LastingEffect(effect=e.effect, source=e.source, controller=e.controller, until=e.until))


@apply_event.register
def _(e: E.NextDamageReplaced, s: SpoilsState) -> None:
    shield = next((x for x in s.effects if x.effect.get("next_damage_id") == e.effect_id), None)
    if shield is not None and e.left > 0:
        shield.effect = {**shield.effect, "amount": e.left}
    elif shield is not None:
        s.effects.remove(shield)


@apply_event.register
def _(e: E.CardsRestoredByEffect, s: SpoilsState) -> None:
    _deplete(s, e.cards, False)


@apply_event.register
def _(e: E.DamageRemoved, s: SpoilsState) -> None:
    card = s.cards.get(e.card_id)
    if card is not None:
        card.damage = max(0, card.damage - e.amount)


@apply_event.register
def _(e: E.ControlChanged, s: SpoilsState) -> None:
    card = s.cards.get(e.card_id)
    if card is not None:
        card.controller = e.to_player
        card.can_attack = False


@apply_event.register
def _(e: E.RemovedFromBattle, s: SpoilsState) -> None:
    _out_of_battle(s, e.card_id)


@apply_event.register
def _(e: E.AddedToBattle, s: SpoilsState) -> None:
    if s.battle is not None:
        party = s.battle.attackers if e.party == "attacking" else s.battle.blockers
        if e.card_id not in party:
            party.append(e.card_id)


@apply_event.register
def _(e: E.TokensChanged, s: SpoilsState) -> None:
    card = s.cards.get(e.card_id)
    if card is not None:
        card.tokens = e.tokens


@apply_event.register
def _(e: E.TriggersPending, s: SpoilsState) -> None:
    s.triggers.extend(TriggerInstance.model_validate(t) for t in e.triggers)
    s.next_id += 1


@apply_event.register
def _(e: E.TriggerResolved, s: SpoilsState) -> None:
    s.triggers = [t for t in s.triggers if t.id != e.trigger_id]


@apply_event.register
def _(e: E.ChoiceRequired, s: SpoilsState) -> None:
    s.choice = Choice(kind=e.kind, player=e.player, options=e.options, rule=e.rule, detail=e.detail, key=e.key,
                      play=e.play)


@apply_event.register
def _(e: E.BattleStageStarted, s: SpoilsState) -> None:
    assert s.battle is not None
    s.battle.stage = e.stage
    s.battle.speed = e.speed
    s.to_act = e.to_act
    s.consecutive_passes = 0


@apply_event.register
def _(e: E.DamageAssignedByRule, s: SpoilsState) -> None:
    _assign(s, e.assignments)


@apply_event.register
def _(e: E.BattleDamageApplied, s: SpoilsState) -> None:
    assert s.battle is not None
    s.battle.assignments = []
    s.battle.stage = "repeat"
    s.to_act = None


@apply_event.register
def _(e: E.BattleEnded, s: SpoilsState) -> None:
    _deplete(s, e.depleted, True)
    if s.battle is not None:
        s.pending = list(s.battle.below) + s.pending
    s.battle = None
    for cid, seen in list(dict.items(s.cards)):  # read first: only the cards that change are written
        if any(m.get("until") == "battle" for m in seen.modifiers):
            card = s.cards[cid]
            card.modifiers = [m for m in card.modifiers if m.get("until") != "battle"]
    s.effects = [x for x in s.effects if x.until != "battle"]
    if s.suspended:
        resumed = flow.resume(window(s))
        s.to_act = resumed.to_act
        s.consecutive_passes = resumed.consecutive_passes
    else:
        s.to_act = s.active_player


@apply_event.register
def _(e: E.TurnEnded, s: SpoilsState) -> None:
    s.pending = []
    s.suspended = []
    s.battle = None
    s.to_act = None
    s.consecutive_passes = 0


@apply_event.register
def _(e: E.PlayerLost, s: SpoilsState) -> None:
    s.players[e.player].lost = True


@apply_event.register
def _(e: E.GameWon, s: SpoilsState) -> None:
    s.winner = Winner(player=e.player, by=e.by)
    s.stage = "over"
    s.to_act = None


@apply_event.register
def _(e: E.GameDrawn, s: SpoilsState) -> None:
    s.winner = Winner(player=None, by="draw")
    s.stage = "over"
    s.to_act = None


# --- play mechanics (FLIP UP, RECUR, HANDOFF) ---------------------------------------------------

@apply_event.register
def _(e: E.CardFlippedUp, s: SpoilsState) -> None:
    s.players[e.player].resources.pop(e.resource_id, None)
    _hand(s, e.player, 1, [e.name], add=True)


@apply_event.register
def _(e: E.AbilityUsedFromDiscard, s: SpoilsState) -> None:
    _push(s, PendingPlay(id=e.pending_id, kind="ability", player=e.player, name=e.ability, effect=e.effect,
                         response_to=e.response_to))


@apply_event.register
def _(e: E.RemovedFromGame, s: SpoilsState) -> None:
    p = s.players[e.player]
    if e.from_zone == "hand":
        _hand(s, e.player, -len(e.cards), e.cards)
    else:
        move_names(p.discard, e.cards, add=False)
    p.removed.extend(e.cards)


@apply_event.register
def _(e: E.AttachmentMoved, s: SpoilsState) -> None:
    card = s.cards.get(e.card_id)
    if card is not None and e.to in s.cards:
        card.attached_to = e.to


@apply_event.register
def _(e: E.ResourceReturned, s: SpoilsState) -> None:
    s.players[e.player].resources.pop(e.resource_id, None)
    _hand(s, e.owner, 1, [e.name] if e.name else [], add=True)


@apply_event.register
def _(e: E.ResourceDestroyed, s: SpoilsState) -> None:
    s.players[e.player].resources.pop(e.resource_id, None)
    if e.name:
        s.players[e.player].discard.append(e.name)


@apply_event.register
def _(e: E.AbilityUsedFromResource, s: SpoilsState) -> None:
    _push(s, PendingPlay(id=e.pending_id, kind="ability", player=e.player, name=e.ability, effect=e.effect,
                         response_to=e.response_to))
