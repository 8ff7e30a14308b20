"""``evolve`` for The Spoils: one handler per event type.  Handlers only apply; they never check
rules, so an old log still replays after a rule is fixed (the audit is where old logs meet new rules).

The windows (607.2b) and the plays waiting for responses, and the helpers that move cards between
zones, are in ``adjudicator.spoils.evolve.windows``; ``in_game``, ``opponents``, ``window``,
``window_players`` and ``step_name`` are re-exported from here.
"""
from __future__ import annotations

from functools import singledispatch

from adjudicator import flow
from adjudicator.table import discard_from_hand, move_names
from adjudicator.spoils.model.state import (
    Battle, CardInPlay, CardSpec, Choice, LastingEffect, PendingPlay, Resource, SpoilsState, TriggerInstance, Winner,
)
from adjudicator.spoils.evolve.windows import (
    _attach, _deck, _deplete, _hand, _leave, _out_of_battle, _pop, _push, step_name, window,
)
from adjudicator.spoils.evolve.windows import in_game, opponents, window_players  # noqa: F401 (re-exported)
from events.models import spoils as E
from events.models.base import DomainEvent
from events.models.common import RulingRecorded


@singledispatch
def apply_event(event: DomainEvent, s: SpoilsState) -> None:
    raise TypeError(f"no Spoils projection for {type(event).__name__}")


# --- actions -------------------------------------------------------------------------------

@apply_event.register
def _(e: E.FirstPlayerChosen, s: SpoilsState) -> None:
    s.first_player = e.first_player


@apply_event.register
def _(e: E.MulliganTaken, s: SpoilsState) -> None:
    p = s.players[e.player]
    _hand(s, e.player, 0, e.cards)
    _deck(s, e.player, 0, e.cards, add=True)
    _hand(s, e.player, 0, e.drawn, add=True)
    _deck(s, e.player, 0, e.drawn)
    p.mulliganed = True
    waiting = [q for q in _clockwise_from(s, s.first_player or s.seating[0]) if not s.players[q].mulliganed]
    s.to_act = waiting[0] if waiting else None


def _clockwise_from(s: SpoilsState, player: str) -> list[str]:
    i = s.seating.index(player)
    return s.seating[i:] + s.seating[:i]


@apply_event.register
def _(e: E.DevelopChosen, s: SpoilsState) -> None:
    s.players[e.player].developed = True
    s.stage = "main"
    s.to_act = s.active_player
    s.consecutive_passes = 0


@apply_event.register
def _(e: E.CardPlayed, s: SpoilsState) -> None:
    name = e.card.get("name", "")
    if e.from_zone == "hand":
        _hand(s, e.player, -1, [name])
    elif e.from_zone == "deck":  # played by an effect (604.2): out of the zone it was in
        _deck(s, e.player, -1, [name])
    elif e.from_zone == "removed":  # out of the game, by a leave to play it (scripted_removed_played)
        move_names(s.players[e.owner or e.player].removed, [name], add=False)
    else:
        move_names(s.players[e.player].discard, [name], add=False)
    if e.card.get("type") == "tactic":
        s.tactics_played.append(CardSpec.model_validate(e.card))
    s.played_this_turn.setdefault(e.player, []).append(str(e.card.get("type") or "card"))
    s.names_played_this_turn.setdefault(e.player, []).append(str(e.card.get("name") or ""))
    _push(s, PendingPlay(id=e.pending_id, kind="card", player=e.player, name=e.card.get("name", "card"),
                         card_id=e.card_id, card=CardSpec.model_validate(e.card), effect=e.effect,
                         attach_to=e.attach_to, response_to=e.response_to, paid=e.paid, owner=e.owner))


@apply_event.register
def _(e: E.AbilityUsed, s: SpoilsState) -> None:
    _push(s, PendingPlay(id=e.pending_id, kind="ability", player=e.player, name=e.ability, card_id=e.card_id,
                         effect=e.effect, response_to=e.response_to))


@apply_event.register
def _(e: E.FactionAbilityUsed, s: SpoilsState) -> None:
    _push(s, PendingPlay(id=e.pending_id, kind="faction_ability", player=e.player, name=e.ability,
                         effect=e.effect, response_to=e.response_to))


@apply_event.register
def _(e: E.TurnEndAnnounced, s: SpoilsState) -> None:
    _push(s, PendingPlay(id=e.pending_id, kind="end_turn", player=e.player, name="end of turn"))


@apply_event.register
def _(e: E.PlayerPassed, s: SpoilsState) -> None:
    flow.record_pass(window(s))


@apply_event.register
def _(e: E.AttackDeclared, s: SpoilsState) -> None:
    flow.suspend(window(s), step_name(s))
    s.battle = Battle(attacker=e.player, defender=e.defender, target=e.target, attackers=list(e.attackers),
                      covert=e.covert, unblockable=e.unblockable, below=list(s.pending))
    s.pending = []  # an attack an effect declares as it resolves: the plays below wait for the battle's end
    s.attacks_this_turn[e.player] = s.attacks_this_turn.get(e.player, 0) + 1
    for cid in e.attackers:
        if cid in s.cards:
            s.cards[cid].attacks += 1


@apply_event.register
def _(e: E.AttackRetargeted, s: SpoilsState) -> None:
    if s.battle is not None:
        s.battle.target = dict(e.target)
        s.battle.target_lost = False


@apply_event.register
def _(e: E.BlockersDeclared, s: SpoilsState) -> None:
    assert s.battle is not None
    s.battle.blockers = list(e.blockers)
    s.battle.blocked = True
    s.battle.stage = "repeat"
    s.to_act = None


def _assign(s: SpoilsState, assignments: list[dict]) -> None:
    assert s.battle is not None
    for a in assignments:
        if a["source"] not in s.battle.dealt:
            s.battle.dealt.append(a["source"])
        if a.get("to") and a.get("amount", 0) > 0:
            s.battle.assignments.append({"source": a["source"], "to": a["to"], "amount": a["amount"]})


@apply_event.register
def _(e: E.DamageAssigned, s: SpoilsState) -> None:
    _assign(s, e.assignments)


@apply_event.register
def _(e: E.ChoiceMade, s: SpoilsState) -> None:
    s.choice = None


@apply_event.register
def _(e: E.TriggerRecorded, s: SpoilsState) -> None:
    pass


@apply_event.register
def _(e: E.PlayerConceded, s: SpoilsState) -> None:
    pass


@apply_event.register
def _(e: RulingRecorded, s: SpoilsState) -> None:
    s.rulings.append(e.model_dump(mode="json"))


# --- consequences --------------------------------------------------------------------------

@apply_event.register
def _(e: E.StartingHandsDrawn, s: SpoilsState) -> None:
    for player, n in e.hands.items():
        _hand(s, player, n)
        _deck(s, player, -n)
    s.stage = "mulligan"
    s.to_act = s.first_player
    s.consecutive_passes = 0


@apply_event.register
def _(e: E.TurnStarted, s: SpoilsState) -> None:
    s.turn = e.turn
    s.active_player = e.active_player
    s.stage = "develop"
    s.to_act = e.active_player
    s.consecutive_passes = 0
    s.suspended = []
    s.pending = []
    s.battle = None
    s.tactics_played = []
    s.played_this_turn = {}
    s.names_played_this_turn = {}
    s.damaged_this_turn = {}
    s.attacks_this_turn = {}
    allowed = set(e.can_attack)
    ends = ("turn", f"start_of:{e.active_player}")  # "this turn"; "until the start of your next turn"
    for cid, card in s.cards.items():
        card.damage = 0 if card.type == "character" else card.damage          # 602.1a
        for m in reversed([m for m in card.modifiers if m.get("until") in ends and m.get("was")]):
            for k, v in m["was"].items():  # the turn it was another type of card is over
                setattr(card, k, v)
        card.modifiers = [m for m in card.modifiers if m.get("until") not in ends]  # 602.1b
        card.can_attack = cid in allowed                                     # 602.1c
        card.attacks = 0
    s.effects = [x for x in s.effects if x.until not in ends]
    for p in s.players.values():
        p.developed = False


@apply_event.register
def _(e: E.CardsRestored, s: SpoilsState) -> None:
    _attach(s, e.player, e.resources, False)
    _deplete(s, e.cards, False)


@apply_event.register
def _(e: E.CardsDrawn, s: SpoilsState) -> None:
    _hand(s, e.player, e.count, e.cards, add=True)
    _deck(s, e.player, -e.count, e.cards)


@apply_event.register
def _(e: E.CardsDiscarded, s: SpoilsState) -> None:
    discard_from_hand(s.players[e.player], e.count, e.cards)


@apply_event.register
def _(e: E.ResourcePlayed, s: SpoilsState) -> None:
    if e.from_zone == "hand":
        _hand(s, e.player, -1, [e.name] if e.name else [])
        s.played_this_turn.setdefault(e.player, []).append("resource")  # played (605), not put into play
        s.names_played_this_turn.setdefault(e.player, []).append(e.name or "")
    s.players[e.player].resources[e.resource_id] = Resource(name=e.name, face_up=e.face_up, icons=e.icons)
    s.next_id += 1


@apply_event.register
def _(e: E.ResourcesAttached, s: SpoilsState) -> None:
    _attach(s, e.player, e.resources, True)


@apply_event.register
def _(e: E.CardsDepleted, s: SpoilsState) -> None:
    _deplete(s, e.cards, True)


@apply_event.register
def _(e: E.PendingEffectDoubled, s: SpoilsState) -> None:
    for play in s.pending:
        if play.id == e.pending_id:
            play.effect = [*play.effect, *play.effect]


@apply_event.register
def _(e: E.PendingPicksReplaced, s: SpoilsState) -> None:
    for play in s.pending:
        if play.id != e.pending_id:
            continue
        for doc in play.effect:
            script = doc.get("script") if isinstance(doc, dict) else None
            for key in ("picks", "cost_picks"):
                if isinstance(script, dict) and isinstance(script.get(key), list):
                    script[key] = [[e.new if c == e.old else c for c in group] for group in script[key]]


@apply_event.register(E.PlayResolved)
@apply_event.register(E.PlayTerminated)
def _(e: E.PlayResolved | E.PlayTerminated, s: SpoilsState) -> None:
    """The play leaves the plays waiting for responses; the end of the turn, once resolved, begins."""
    _pop(s, e.pending_id)
    if getattr(e, "kind", None) == "end_turn":
        s.stage, s.to_act = "end", None


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
    s.choice = Choice(kind=e.kind, player=e.player, options=e.options, rule=e.rule, detail=e.detail)


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
    for card in s.cards.values():
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
