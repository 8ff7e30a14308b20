"""``evolve`` for Buffy: one handler per event type.  Handlers only apply; they never check rules,
so an old log still replays after a rule is fixed (the audit is where old logs meet new rules)."""
from __future__ import annotations

from functools import singledispatch
from typing import Any

from adjudicator.buffy.state import Attachment, BuffyState, Challenge, Character, Phase, StackCard, Talents, Winner
from adjudicator import flow
from adjudicator.table import change_hand, discard_from_hand
from events.models import buffy as E
from events.models.base import DomainEvent
from events.models.common import RulingRecorded


def window(s: BuffyState) -> Any:
    """The players who alternate now: everyone in a step, the two players of a fight or challenge."""
    if s.phase is None:
        return s
    return flow.Window(s, [p for p in s.seating if p in s.phase.players])


@singledispatch
def apply_event(event: DomainEvent, s: BuffyState) -> None:
    raise TypeError(f"no Buffy projection for {type(event).__name__}")


def _hand(s: BuffyState, player: str, delta: int, cards: list[str] = (), add: bool = False) -> None:
    """Cards in or out of a hand; a card that leaves takes its name out of the named cards, however
    the action spelt it (names are matched without regard to case)."""
    p = s.players[player]
    if not add:
        cards = [next((n for n in p.hand_cards if n.casefold() == c.casefold()), c) for c in cards]
    change_hand(p, delta, cards, add)


@apply_event.register
def _(e: E.PlayerPassed, s: BuffyState) -> None:
    flow.record_pass(window(s), e.player)


@apply_event.register
def _(e: E.ChallengePlaced, s: BuffyState) -> None:
    s.challenges[e.challenge_id] = Challenge.model_validate(e.challenge)
    p = s.players[e.player]
    p.challenge_placed = True
    p.challenge_deck = max(0, p.challenge_deck - 1)


@apply_event.register
def _(e: E.ChallengeSentToBottom, s: BuffyState) -> None:
    s.players[e.player].challenge_placed = True


@apply_event.register
def _(e: E.CardsDrawn, s: BuffyState) -> None:
    p = s.players[e.player]
    if p.resource_deck is not None:
        if e.recycled:
            p.resource_deck += len(p.discard)
            p.discard = []
        p.resource_deck = max(0, p.resource_deck - e.count)
    _hand(s, e.player, e.count, e.cards, add=True)
    if s.phase is not None and s.phase.stage == "draw":
        s.phase.drawn.append(e.player)
    else:
        p.drew = True


@apply_event.register
def _(e: E.CardsDiscarded, s: BuffyState) -> None:
    discard_from_hand(s.players[e.player], e.count, e.cards)


@apply_event.register
def _(e: E.CharacterMoved, s: BuffyState) -> None:
    ch = s.characters[e.character]
    ch.location = e.to
    ch.moves_this_turn += 1


@apply_event.register
def _(e: E.CharacterPlayed, s: BuffyState) -> None:
    s.characters[e.character_id] = Character.model_validate(e.character)
    _hand(s, e.player, -1, [e.character["name"]])


@apply_event.register
def _(e: E.CharacterAscended, s: BuffyState) -> None:
    ch = s.characters[e.character]
    ch.level = e.level
    ch.ascended_this_turn = True
    if e.talents:
        ch.talents = Talents.model_validate({**ch.talents.as_dict(), **e.talents})
    if e.traits is not None:
        ch.traits = [t.upper() for t in e.traits]
    if e.effects is not None:
        ch.effects = list(e.effects)
    _hand(s, e.player, -1, [e.card] if e.card else [])


@apply_event.register
def _(e: E.SkillAttached, s: BuffyState) -> None:
    ch = s.characters[e.character]
    ch.attachments.append(Attachment(kind="skill", **e.skill))
    ch.skill_this_turn = True
    _hand(s, e.player, -1, [e.skill["name"]])


@apply_event.register
def _(e: E.ItemAttached, s: BuffyState) -> None:
    ch = s.characters[e.character]
    if e.replaces:
        old = next(a for a in ch.attachments if a.kind == "item" and a.name == e.replaces)
        ch.attachments.remove(old)
        s.players[ch.owner].discard.append(old.name)
    ch.attachments.append(Attachment(kind="item", **e.item))
    _hand(s, e.player, -1, [e.item["name"]])


@apply_event.register
def _(e: E.ItemTraded, s: BuffyState) -> None:
    src, dst = s.characters[e.from_character], s.characters[e.to_character]
    item = next(a for a in src.attachments if a.kind == "item" and a.name == e.item)
    src.attachments.remove(item)
    item.traded_this_turn = True
    dst.attachments.append(item)


@apply_event.register
def _(e: E.MainCharacterResurrected, s: BuffyState) -> None:
    ch = s.characters[e.character]
    ch.location = "hand"
    ch.level = 1
    ch.attachments = []
    ch.fatigued = False
    ch.used_once_per_turn.append("resurrected")
    p = s.players[ch.owner]
    if ch.name in p.discard:
        p.discard.remove(ch.name)
    _hand(s, ch.owner, 1, [ch.name], add=True)


def _open_phase(s: BuffyState, phase: Phase) -> None:
    flow.suspend(s, s.step)
    s.phase = phase
    flow.open_window(s, phase.initiator)


@apply_event.register
def _(e: E.FightStarted, s: BuffyState) -> None:
    _open_phase(s, Phase(kind="fight", initiator=e.player, defending_player=e.defending_player,
                         attacker=e.attacker, defender=e.defender, resolving_talent=e.talent))


@apply_event.register
def _(e: E.ChallengeFaced, s: BuffyState) -> None:
    s.players[e.player].faced_challenges.append(e.challenge)
    s.challenges[e.challenge].faced_by.append(e.player)
    _open_phase(s, Phase(kind="challenge", initiator=e.player, defending_player=e.defending_player,
                         challenge=e.challenge, characters=list(e.characters)))


@apply_event.register
def _(e: E.StuntDoubleUsed, s: BuffyState) -> None:
    assert s.phase is not None
    s.phase.defender = e.character
    s.phase.stood_in_for = e.instead_of


@apply_event.register
def _(e: E.TalentBoosted, s: BuffyState) -> None:
    assert s.phase is not None
    s.phase.stacks.setdefault(e.player, []).append(StackCard.model_validate(e.card))
    _hand(s, e.player, -1, [e.card["name"]])


@apply_event.register
def _(e: E.EffectPlayed, s: BuffyState) -> None:
    if e.source == "hand":
        _hand(s, e.player, -1, [e.card])
        s.players[e.player].discard.append(e.card)


@apply_event.register
def _(e: E.OncePerTurnUsed, s: BuffyState) -> None:
    s.characters[e.character].used_once_per_turn.append(e.key)


@apply_event.register
def _(e: E.FightTalentChanged, s: BuffyState) -> None:
    assert s.phase is not None
    s.phase.resolving_talent = e.talent  # type: ignore[assignment]


@apply_event.register
def _(e: E.CharacterLeftPhase, s: BuffyState) -> None:
    assert s.phase is not None
    s.phase.left.append(e.character)


@apply_event.register
def _(e: RulingRecorded, s: BuffyState) -> None:
    s.rulings.append(e.model_dump(mode="json"))


@apply_event.register
def _(e: E.StepStarted, s: BuffyState) -> None:
    s.step = e.step
    s.turn = e.turn
    flow.open_window(s, e.to_act)
    if e.step == "prologue":
        for p in s.players.values():
            p.challenge_placed = False
            p.faced_challenges = []
    if e.step == "draw":
        for p in s.players.values():
            p.drew = False


@apply_event.register
def _(e: E.StageStarted, s: BuffyState) -> None:
    assert s.phase is not None
    s.phase.stage = e.stage
    flow.open_window(s, e.to_act)


@apply_event.register
def _(e: E.PhaseEnded, s: BuffyState) -> None:
    s.phase = None
    resumed = flow.resume(s) if s.suspended else None
    s.step = resumed.step if resumed else e.resumes
    flow.open_window(s, e.to_act)


@apply_event.register
def _(e: E.CardsRefreshed, s: BuffyState) -> None:
    for cid in e.characters:
        s.characters[cid].fatigued = False
    for ref in e.attachments:
        cid, _, name = ref.partition("/")
        for a in s.characters[cid].attachments:
            if a.name == name:
                a.fatigued = False


@apply_event.register
def _(e: E.CharacterFatigued, s: BuffyState) -> None:
    ch = s.characters[e.character]
    if e.attachment:
        for a in ch.attachments:
            if a.name == e.attachment:
                a.fatigued = True
    else:
        ch.fatigued = True  # a character's attached cards keep their own state


@apply_event.register
def _(e: E.FatigueAvoided, s: BuffyState) -> None:
    ch = s.characters[e.character]
    ch.used_once_per_turn.append("buffy.fatigue.avoid")


@apply_event.register
def _(e: E.FightResolved, s: BuffyState) -> None:
    assert s.phase is not None
    s.phase.outcome = e.model_dump(mode="json")


@apply_event.register
def _(e: E.ChallengeResolved, s: BuffyState) -> None:
    assert s.phase is not None
    s.phase.outcome = e.model_dump(mode="json")


@apply_event.register
def _(e: E.DestinyChanged, s: BuffyState) -> None:
    s.players[e.player].destiny = max(0, e.destiny)


@apply_event.register
def _(e: E.CharacterDiscarded, s: BuffyState) -> None:
    ch = s.characters[e.character]
    ch.location = "discard"
    ch.fatigued = False
    p = s.players[ch.owner]
    p.discard.append(ch.name)
    p.discard.extend(a.name for a in ch.attachments)
    ch.attachments = []


@apply_event.register
def _(e: E.ChallengeToCrypt, s: BuffyState) -> None:
    ch = s.challenges.pop(e.challenge)
    s.players[ch.owner].crypt.append(ch.name)


@apply_event.register
def _(e: E.TalentStacksDiscarded, s: BuffyState) -> None:
    for player, cards in e.cards.items():
        s.players[player].discard.extend(cards)
    if s.phase is not None:
        s.phase.stacks = {}


@apply_event.register
def _(e: E.TurnEnded, s: BuffyState) -> None:
    s.time_of_day = e.time_of_day
    s.active_player = e.active_player
    for p, n in e.park_control_turns.items():
        s.players[p].park_control_turns = n
    for ch in s.characters.values():
        ch.moves_this_turn = 0
        ch.ascended_this_turn = False
        ch.skill_this_turn = False
        ch.used_once_per_turn = []
        for a in ch.attachments:
            a.traded_this_turn = False


@apply_event.register
def _(e: E.GameWon, s: BuffyState) -> None:
    s.winner = Winner(player=e.player, by=e.by)
    s.to_act = None
