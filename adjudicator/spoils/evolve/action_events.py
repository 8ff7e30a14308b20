"""How the events of the players' own actions apply: the set-up choices, plays, abilities, passes,
attacks, blocks, damage assigned, choices, recorded triggers, concessions, rulings and what a card leaves to
the judge (``judge_items``)."""
from __future__ import annotations

from adjudicator import flow
from adjudicator.spoils.evolve.dispatch import apply_event
from adjudicator.spoils.model.judge_items import answered, asked
from adjudicator.spoils.evolve.windows import (
    _deck,
    _hand,
    _push,
    step_name,
    window,
)
from adjudicator.spoils.model.state import (
    Battle,
    CardSpec,
    PendingPlay,
    SpoilsState,
)
from adjudicator.table import move_names
from events.models import spoils as E
from events.models.common import RulingRecorded


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
    c = s.choice
    if c is not None and c.kind == "answer":  # kept by the play waiting for it, read as it resolves
        for play in s.pending:
            if play.id == c.play:
                play.answers[c.key] = e.choice
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
    s.for_the_judge = answered(s.for_the_judge, s.rulings[-1])


@apply_event.register
def _(e: E.LeftToTheJudge, s: SpoilsState) -> None:
    asked(s.for_the_judge, e.card_id, e.name, e.sentences, e.rule)
