"""Who wins a fight, whether a challenge is overcome, and what follows (destiny, discards,
fatigue, the talent stacks to the discard pile).  Pure: each function reads a state and returns
the consequence events, noting every rule it applies in the decision's trace."""
from __future__ import annotations

from typing import Any

from adjudicator.buffy import overrides
from adjudicator.buffy.context import BuffyContext, all_traits, effective_talents, fatigue, on_board
from adjudicator.buffy.state import BuffyState, Phase
from events.models import buffy as E
from events.models.base import DomainEvent


def stack_total(ph: Phase, player: str, talent: str) -> int:
    """What ``player``'s talent stack adds to ``talent`` (it counts only at resolution)."""
    return sum(c.value for c in ph.stacks.get(player, []) if c.talent == talent)


def discard_stacks(ph: Phase) -> E.TalentStacksDiscarded:
    return E.TalentStacksDiscarded(cards={p: [c.name for c in cards] for p, cards in ph.stacks.items() if cards})


class Destiny:
    """Destiny changes within one resolution, each floored at zero (``buffy.destiny.floor``)."""

    def __init__(self, s: BuffyState):
        self.s = s
        self.pending: dict[str, int] = {}

    def change(self, player: str, delta: int, rule: str, reason: str) -> E.DestinyChanged:
        before = self.pending.get(player, self.s.players[player].destiny)
        after = max(0, before + delta)
        self.pending[player] = after
        return E.DestinyChanged(player=player, delta=after - before, destiny=after, rule=rule, reason=reason)


# ------------------------------------------------------------------------------------ fights

def fight_standing(s: BuffyState, ph: Phase, ctx: BuffyContext | None = None) -> dict[str, int]:
    """Each fighter's final talent if the fight resolved now: its talent after fatigue, plus card
    bonuses (Buffy Summers against an opponent's main character), plus its player's stack."""
    assert ph.attacker and ph.defender
    talent = ph.resolving_talent
    att, dfn = s.characters[ph.attacker], s.characters[ph.defender]
    totals = {}
    for cid, ch, other in ((ph.attacker, att, dfn), (ph.defender, dfn, att)):
        bonus = 0
        for value, who in overrides.fight_bonus(s, ch, other, talent):
            bonus += value
            if ctx is not None:
                ctx.note("buffy.golden-rule", f"{who.name} gives {ch.name} {value:+d} {talent}", who=who)
        totals[cid] = effective_talents(s, ch)[talent] + bonus + stack_total(ph, ch.owner, talent)
    return totals


def fighters_gone(s: BuffyState, ph: Phase) -> list[str]:
    """Fighters a card effect took out of the fight (left it, or put out of play): they lose."""
    return [c for c in (ph.attacker, ph.defender)
            if c is not None and (c in ph.left or not on_board(s.characters.get(c)))]


def resolve_fight(s: BuffyState, ctx: BuffyContext) -> list[DomainEvent]:
    ph = s.phase
    assert ph is not None and ph.attacker and ph.defender
    att, dfn = s.characters[ph.attacker], s.characters[ph.defender]
    talent = ph.resolving_talent
    totals = fight_standing(s, ph, ctx)
    destiny = Destiny(s)
    events: list[DomainEvent] = []
    left = fighters_gone(s, ph)
    if left:
        losers = left
        stayed = [c for c in (ph.attacker, ph.defender) if c not in left]
        winner = stayed[0] if stayed else None
        tie = False
        for c in left:
            ctx.note("buffy.fight.leave", f"{s.characters[c].name} left the fight by a card's effect: it loses, "
                                          "and the fight does not discard it")
    else:
        a, d = totals[ph.attacker], totals[ph.defender]
        for ch in (att, dfn):
            if ch.fatigued:
                penalty, rule, _ = overrides.parameter(s, "fatigue_penalty", ch)
                ctx.note(rule, f"{ch.name} is fatigued: -{penalty} to its {talent}")
        ctx.note("buffy.fight.resolution", f"final {talent}: {att.name} {a}, {dfn.name} {d}")
        if a == d:
            winner, losers, tie = None, [ph.attacker, ph.defender], True
            ctx.note("buffy.fight.tie", "a tie: both characters are beaten and discarded, nobody gains destiny")
        else:
            winner = ph.attacker if a > d else ph.defender
            losers, tie = [ph.defender if winner == ph.attacker else ph.attacker], False
    events.append(E.FightResolved(talent=talent, totals=totals, winner=winner, losers=losers, tie=tie))
    if winner is not None:
        w = s.characters[winner]
        ctx.note("buffy.fight.winner-destiny", f"{w.name} wins: {w.owner} gains 1 destiny")
        events.append(destiny.change(w.owner, +1, "buffy.fight.winner-destiny", f"{w.name} won the fight"))
    discarded = set()
    for loser in losers:
        ch = s.characters[loser]
        if loser not in ph.left and on_board(ch):
            events.append(E.CharacterDiscarded(character=loser, reason="beaten in a fight"))
            discarded.add(loser)
        if ch.main:
            ctx.note("buffy.fight.main-beaten", f"{ch.name} is {ch.owner}'s main character: {ch.owner} loses 1 destiny")
            ctx.note("buffy.destiny.floor", "destiny never goes below zero")
            events.append(destiny.change(ch.owner, -1, "buffy.fight.main-beaten", f"{ch.name} was beaten"))
    if ph.attacker not in discarded and on_board(att):
        events.extend(fatigue(s, ctx, ph.attacker, "attacked and survived the fight", "buffy.fatigue.attacker-wins"))
    if ph.defender not in discarded and on_board(dfn):
        ctx.note("buffy.fatigue.defender-stays", f"{dfn.name} defended and survives without being fatigued")
    events.append(discard_stacks(ph))
    return events


# -------------------------------------------------------------------------------- challenges

def challenge_participants(s: BuffyState, ph: Phase) -> list[str]:
    """The characters still facing the challenge (not left, still in play at its location)."""
    ch = s.challenges.get(ph.challenge or "")
    return [c for c in ph.characters
            if c not in ph.left and ch is not None and s.characters[c].location == ch.location]


def challenge_standing(s: BuffyState, ph: Phase) -> dict[str, Any]:
    """The goals (printed plus the defender's stacks) against the participants' combined talents
    (after fatigue) plus the attacker's stacks, and the missing traits."""
    ch = s.challenges[ph.challenge or ""]
    remaining = challenge_participants(s, ph)
    goals = {t: v + stack_total(ph, ph.defending_player, t) for t, v in ch.goals.items()}
    totals = {t: sum(effective_talents(s, s.characters[c])[t] for c in remaining)
              + stack_total(ph, ph.initiator, t) for t in goals}
    missing = [t.upper() for t in ch.required_traits
               if not any(t.upper() in all_traits(s, s.characters[c]) for c in remaining)]
    met = bool(remaining) and not missing and all(totals[t] >= goals[t] for t in goals)
    return {"participants": remaining, "goals": goals, "totals": totals, "missing_traits": missing, "overcome": met}


def resolve_challenge(s: BuffyState, ctx: BuffyContext) -> list[DomainEvent]:
    ph = s.phase
    assert ph is not None and ph.challenge
    ch = s.challenges[ph.challenge]
    st = challenge_standing(s, ph)
    destiny = Destiny(s)
    events: list[DomainEvent] = []
    for trait in ch.required_traits:
        has = trait.upper() not in st["missing_traits"]
        ctx.note("buffy.challenge.traits", f"{trait.upper()} {'is' if has else 'is not'} among the participants")
    if not st["participants"]:
        ctx.note("buffy.challenge.no-participants", "no character is facing the challenge any more: it fails at once")
    else:
        ctx.note("buffy.challenge.resolution",
                 f"totals {st['totals']} against goals {st['goals']}: "
                 + ("overcome (meeting a goal is enough)" if st["overcome"] else "not overcome"))
    events.append(E.ChallengeResolved(challenge=ph.challenge, player=ph.initiator, totals=st["totals"],
                                      goals=st["goals"], overcome=st["overcome"]))
    if st["overcome"]:
        ctx.note("buffy.challenge.overcome", f"{ph.initiator} gains {ch.destiny} destiny; {ch.name} goes to the crypt")
        events.append(destiny.change(ph.initiator, ch.destiny, "buffy.challenge.overcome", f"overcame {ch.name}"))
        events.append(E.ChallengeToCrypt(challenge=ph.challenge))
    else:
        ctx.note("buffy.challenge.failed", f"{ph.initiator} loses 1 destiny; {ch.name} stays in play")
        events.append(destiny.change(ph.initiator, -1, "buffy.challenge.failed", f"failed {ch.name}"))
    for cid in st["participants"]:
        events.extend(fatigue(s, ctx, cid, "took part in a challenge", "buffy.fatigue.challenge"))
    events.append(discard_stacks(ph))
    return events
