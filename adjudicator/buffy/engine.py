"""The Buffy the Vampire Slayer CCG rules engine.

``decide`` checks an action and returns the events it records: the action's own event, then the
consequences the rules derive from it (a stage that ends, a fight that resolves, destiny that
changes), found by replaying the action on a scratch copy until nothing more follows.  ``evolve``
applies events and never re-checks rules.
"""
from __future__ import annotations

import re
from functools import singledispatch
from typing import Any, Callable

from adjudicator import flow
from adjudicator.buffy import actions as A
from adjudicator.buffy import overrides
from adjudicator.buffy.projection import apply_event as _apply
from adjudicator.buffy.state import (
    PARK, TALENTS, Attachment, BuffyState, Challenge, Character, Phase, PlayerState, StackCard, Talents,
)
from adjudicator.core import Decision, GameOver, InvalidAction, InvalidSetup, LegalAction, Overrider, TraceEntry, Violation
from events import buffy as E
from events.base import DomainEvent
from events.common import GameCreated, RulingRecorded

STEPS = flow.Flow((
    flow.Stage("prologue", "buffy.step.prologue", mandatory=("place_challenge",)),
    flow.Stage("draw", "buffy.step.draw", mandatory=("hand_of_five",)),
    flow.Stage("refresh", "buffy.step.refresh"),
    flow.Stage("movement", "buffy.step.movement"),
    flow.Stage("resource", "buffy.step.resource"),
    flow.Stage("conflict", "buffy.step.conflict"),
    flow.Stage("end", "buffy.step.end"),
))
PHASES = {
    kind: flow.Flow((
        flow.Stage("choose", f"buffy.{kind}.choose", first="initiator"),
        flow.Stage("draw", f"buffy.{kind}.draw", first="initiator", mandatory=("phase_draw",),
                   ends_when_mandatory_done=True),
        flow.Stage("battle", f"buffy.{kind}.battle", first="initiator"),
        flow.Stage("resolve", f"buffy.{kind}.resolve", first="initiator"),
        flow.Stage("discard", f"buffy.{kind}.discard", first="initiator", mandatory=("discard_to_five",)),
    ))
    for kind in ("fight", "challenge")
}

# Where each action type belongs, and the rule that says so.
HOME: dict[str, tuple[set[tuple[str, str]], str]] = {
    "place_challenge": ({("step", "prologue")}, "buffy.step.prologue"),
    "draw": ({("step", "draw"), ("fight", "draw"), ("challenge", "draw")}, "buffy.step.draw"),
    "discard": ({("step", "draw"), ("fight", "discard"), ("challenge", "discard")}, "buffy.step.draw"),
    "move": ({("step", "movement")}, "buffy.step.movement"),
    "play_character": ({("step", "resource")}, "buffy.step.resource"),
    "ascend": ({("step", "resource")}, "buffy.step.resource"),
    "attach_skill": ({("step", "resource")}, "buffy.step.resource"),
    "attach_item": ({("step", "resource")}, "buffy.step.resource"),
    "trade_item": ({("step", "resource")}, "buffy.step.resource"),
    "resurrect_main": ({("step", "resource")}, "buffy.step.resource"),
    "start_fight": ({("step", "conflict")}, "buffy.step.conflict"),
    "face_challenge": ({("step", "conflict")}, "buffy.step.conflict"),
    "stunt_double": ({("fight", "choose")}, "buffy.fight.stunt-double"),
    "boost": ({("fight", "battle"), ("challenge", "battle")}, "buffy.talent-stack"),
}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


class Ctx:
    """What one decision accumulates: violations and the trace of rules consulted."""

    def __init__(self, state: BuffyState):
        self.state = state
        self.violations: list[Violation] = []
        self.because: list[TraceEntry] = []

    def require(self, ok: bool, rule: str, message: str, allowed: str = "") -> bool:
        if ok:
            self.because.append(TraceEntry(rule=rule, outcome="allowed", detail=allowed or message))
        else:
            self.violations.append(Violation(rule=rule, message=message))
            self.because.append(TraceEntry(rule=rule, outcome="forbidden", detail=message))
        return ok

    def forbid_unless_permitted(self, broken: bool, rule: str, message: str, ch: Character | None) -> Overrider | None:
        """A rule that forbids, which a card in play or a ruling may lift (the golden rule)."""
        if not broken:
            self.because.append(TraceEntry(rule=rule, outcome="allowed", detail="not concerned"))
            return None
        who = overrides.permitted(self.state, rule, ch)
        if who is not None:
            self.because.append(TraceEntry(rule=rule, outcome="overridden", detail=message, overridden_by=who))
            self.because.append(TraceEntry(rule="buffy.golden-rule", outcome="applied",
                                           detail=f"{who.name} beats {rule}", overridden_by=who))
            return who
        self.require(False, rule, message)
        return None

    def note(self, rule: str, detail: str, outcome: str = "applied", who: Overrider | None = None) -> None:
        self.because.append(TraceEntry(rule=rule, outcome=outcome, detail=detail, overridden_by=who))


def effective_talents(state: BuffyState, ch: Character) -> dict[str, int]:
    """Printed talents plus attachments, minus the fatigue penalty (may go below zero)."""
    totals = total_talents(ch)
    if ch.fatigued:
        penalty, _, _ = overrides.parameter(state, "fatigue_penalty", ch)
        totals = {t: v - penalty for t, v in totals.items()}
    return totals


def total_talents(ch: Character) -> dict[str, int]:
    totals = ch.talents.as_dict()
    for att in ch.attachments:
        for t in TALENTS:
            totals[t] += att.talents.get(t)
    return totals


def _opponents(state: BuffyState, player: str) -> list[str]:
    return [p for p in state.seating if p != player]


def _space_owner(space: str) -> str | None:
    return None if space == PARK else space.rsplit(".", 1)[0]


class BuffyEngine:
    game = "buffy"

    # ----------------------------------------------------------------------------- creation
    def create(self, players: list[dict[str, Any]], first_player: str | None,
               setup: dict[str, Any] | None) -> list[DomainEvent]:
        """Raises InvalidSetup naming the fields that do not fit."""
        if not players:
            raise InvalidSetup("a game needs players", [{"field": "players", "message": "empty"}])
        ids = [str(p.get("id")) for p in players if isinstance(p, dict) and p.get("id")]
        if len(ids) != len(players):
            raise InvalidSetup("every player needs an id", [{"field": "players", "message": "each player needs an id"}])
        doc = dict(setup or {})
        doc.setdefault("seating", ids)
        first = first_player or doc.get("active_player") or doc["seating"][0]
        doc.setdefault("active_player", first)
        if set(doc["seating"]) != set(ids):
            raise InvalidSetup("setup.seating must name exactly the players",
                               [{"field": "setup.seating", "message": "differs from players"}])
        doc.setdefault("players", {})
        if first not in ids:
            raise InvalidSetup(f"first_player {first!r} is not a player",
                               [{"field": "first_player", "message": "not a player"}])
        try:
            state = BuffyState.model_validate(doc)
        except Exception as exc:  # pydantic.ValidationError or a model_validator ValueError
            errors = A.pydantic_errors(exc) if hasattr(exc, "errors") else [{"field": "setup", "message": str(exc)}]
            errors = [{"field": "setup." + e["field"], "message": e["message"]} for e in errors]
            raise InvalidSetup("setup does not describe a Buffy position: "
                               + "; ".join(f"{e['field']}: {e['message']}" for e in errors), errors) from None
        state.position = 0
        return [GameCreated(game_name="buffy", players=players, first_player=first,
                            state=self._plain_document(state))]

    # ----------------------------------------------------------------------------- projection
    def evolve(self, state: BuffyState | None, event: DomainEvent) -> BuffyState:
        work = state.model_copy(deep=True) if state is not None else None
        return self.apply(work, event)

    def apply(self, state: BuffyState | None, event: DomainEvent) -> BuffyState:
        if isinstance(event, GameCreated):
            return BuffyState.model_validate(event.state)
        assert state is not None, "the first event of a log is GameCreated"
        if event.is_action and not isinstance(event, (E.PlayerPassed, RulingRecorded)):
            # The action resets the pass window first; its handler may then open a new one
            # (a fight or challenge starts with its initiator).
            flow.record_action(state, event.player)
        _apply(event, state)
        return state

    def _plain_document(self, state: BuffyState) -> dict[str, Any]:
        doc = state.model_dump(mode="json")
        for ch in doc["characters"].values():
            ch.pop("effective_talents", None)
            ch.pop("total_talents", None)
        return doc

    def to_document(self, state: BuffyState) -> dict[str, Any]:
        doc = state.model_dump(mode="json")
        for cid, ch in state.characters.items():
            doc["characters"][cid]["total_talents"] = total_talents(ch)
            doc["characters"][cid]["effective_talents"] = effective_talents(state, ch)
        return doc

    def status(self, state: BuffyState) -> tuple[str, Any]:
        if state.winner is not None:
            return "finished", state.winner.model_dump(mode="json")
        return "in_progress", None

    # ----------------------------------------------------------------------------- deciding
    def decide(self, state: BuffyState, raw: dict[str, Any]) -> Decision:
        """Raises InvalidAction (cannot be parsed) or GameOver (the game has a winner)."""
        if state.winner is not None:
            raise GameOver(f"the game is over at position {state.position}: "
                           f"{state.winner.player or 'nobody'} won by {state.winner.by}")
        action = A.parse_action(raw)
        if action.player not in state.seating:
            raise InvalidAction(f"{action.player!r} is not a player of this game",
                                [{"field": "player", "message": "not a player of this game"}])
        ctx = Ctx(state)
        where = ("step", state.step) if state.phase is None else (state.phase.kind, state.phase.stage)
        ctx.require(action.player == state.to_act, "buffy.one-card-at-a-time",
                    f"it is {state.to_act}'s turn to act in {self._where(state)}, not {action.player}'s",
                    f"{action.player} acts in turn")
        if action.type in HOME:
            homes, rule = HOME[action.type]
            ctx.require(where in homes, rule,
                        f"{action.type} is not possible in {self._where(state)}",
                        f"{action.type} belongs to {self._where(state)}")
        handler = getattr(self, f"_decide_{action.type}")
        events = handler(ctx, action)
        if events is None:
            return Decision(events=[], violations=ctx.violations, because=ctx.because)
        events = self._with_consequences(state, events, ctx)
        return Decision(events=events, violations=ctx.violations, because=ctx.because)

    def _where(self, state: BuffyState) -> str:
        if state.phase is None:
            return f"the {state.step} step"
        return f"the {state.phase.kind} / {state.phase.stage} stage"

    def _with_consequences(self, state: BuffyState, events: list[DomainEvent], ctx: Ctx) -> list[DomainEvent]:
        work = state.model_copy(deep=True)
        for event in events:
            self.apply(work, event)
        out = list(events)
        for _ in range(64):  # a guard against a consequence loop; each round changes the state
            follow = self._consequences(work, ctx)
            if not follow:
                break
            for event in follow:
                self.apply(work, event)
            out.extend(follow)
        return out

    # The consequences the rules derive from a state, one round at a time.
    def _consequences(self, s: BuffyState, ctx: Ctx) -> list[DomainEvent]:
        if s.winner is not None:
            return []
        to_win, rule, who = overrides.parameter(s, "destiny_to_win")
        for p in s.seating:
            if s.players[p].destiny >= to_win:
                ctx.note("buffy.victory.destiny", f"{p} reached {s.players[p].destiny} destiny", who=who)
                return [E.GameWon(player=p, by="destiny", rule="buffy.victory.destiny")]
        if s.phase is not None:
            return self._phase_consequences(s, ctx)
        if s.consecutive_passes >= len(s.seating):
            ctx.note("buffy.pass-consecutively", f"every player passed in a row: the {s.step} step ends")
            return self._end_step(s, ctx)
        return []

    def _end_step(self, s: BuffyState, ctx: Ctx) -> list[DomainEvent]:
        nxt = STEPS.after(s.step)
        if nxt is None:
            return self._end_turn(s, ctx)
        events: list[DomainEvent] = [E.StepStarted(step=nxt.name, turn=s.turn, to_act=s.active_player)]
        if nxt.name == "refresh":
            chars = sorted(c for c, ch in s.characters.items() if ch.fatigued and ch.location not in ("discard", "crypt"))
            atts = sorted(f"{c}/{a.name}" for c, ch in s.characters.items() for a in ch.attachments if a.fatigued)
            ctx.note("buffy.step.refresh", f"every fatigued card is refreshed ({len(chars)} characters)")
            events.append(E.CardsRefreshed(characters=chars, attachments=atts))
        return events

    def _end_turn(self, s: BuffyState, ctx: Ctx) -> list[DomainEvent]:
        in_park = {ch.owner for ch in s.characters.values() if ch.location == PARK}
        controller = next(iter(in_park)) if len(in_park) == 1 else None
        counts = {p: (s.players[p].park_control_turns + 1 if p == controller else 0) for p in s.seating}
        ctx.note("buffy.victory.park", f"park controlled by {controller or 'nobody'} at the end of turn {s.turn}")
        night = "night" if s.time_of_day == "day" else "day"
        nxt = flow.next_in_seating(s.seating, s.active_player)
        ctx.note("buffy.step.end", f"the day/night card turns to {night}; {nxt} becomes the active player")
        events: list[DomainEvent] = [E.TurnEnded(turn=s.turn, time_of_day=night, active_player=nxt,
                                                 park_controller=controller, park_control_turns=counts)]
        needed, _, who = overrides.parameter(s, "park_turns_to_win")
        if controller is not None and counts[controller] >= needed:
            events.append(E.GameWon(player=controller, by="park", rule="buffy.victory.park"))
            return events
        events.append(E.StepStarted(step="prologue", turn=s.turn + 1, to_act=nxt))
        return events

    def _phase_consequences(self, s: BuffyState, ctx: Ctx) -> list[DomainEvent]:
        ph = s.phase
        assert ph is not None
        stage = PHASES[ph.kind][ph.stage]
        if stage.ends_when_mandatory_done:
            if set(ph.drawn) >= {ph.initiator, ph.defending_player}:
                ctx.note(stage.rule, "both mandatory draws are made: the stage ends")
                return [E.StageStarted(stage="battle", to_act=ph.initiator)]
            return []
        if s.consecutive_passes < len(s.seating):
            return []
        ctx.note("buffy.pass-consecutively", f"every player passed in a row: the {ph.kind} / {ph.stage} stage ends")
        if ph.stage == "resolve":
            resolved = self._resolve_fight(s, ctx) if ph.kind == "fight" else self._resolve_challenge(s, ctx)
            return resolved + [E.StageStarted(stage="discard", to_act=ph.initiator)]
        nxt = PHASES[ph.kind].after(ph.stage)
        if nxt is None:
            resumes = s.suspended[-1].step if s.suspended else "conflict"
            after = flow.next_in_seating(s.seating, ph.initiator)
            ctx.note(f"buffy.{ph.kind}.suspends-step", f"the {ph.kind} is over; the {resumes} step resumes with {after}")
            return [E.PhaseEnded(kind=ph.kind, resumes=resumes, to_act=after)]
        return [E.StageStarted(stage=nxt.name, to_act=ph.initiator)]

    # ----------------------------------------------------------------------------- resolution
    def _stack_total(self, ph: Phase, player: str, talent: str) -> int:
        return sum(c.value for c in ph.stacks.get(player, []) if c.talent == talent)

    def _discard_stacks(self, ph: Phase) -> E.TalentStacksDiscarded:
        return E.TalentStacksDiscarded(cards={p: [c.name for c in cards] for p, cards in ph.stacks.items() if cards})

    def _destiny(self, s: BuffyState, player: str, delta: int, rule: str, reason: str,
                 pending: dict[str, int]) -> E.DestinyChanged:
        before = pending.get(player, s.players[player].destiny)
        after = max(0, before + delta)
        pending[player] = after
        return E.DestinyChanged(player=player, delta=after - before, destiny=after, rule=rule, reason=reason)

    def _fight_bonus(self, s: BuffyState, ch: Character, opponent: Character, talent: str) -> tuple[int, list[Overrider]]:
        bonus, who = 0, []
        for src, effect, c in overrides._sources(s, ch):
            gain = effect.get("gain")
            if not gain or talent not in gain:
                continue
            if effect.get("when") == "fighting_opponent_main" and not (opponent.main and opponent.owner != ch.owner):
                continue
            bonus += int(gain[talent])
            who.append(src)
        return bonus, who

    def _resolve_fight(self, s: BuffyState, ctx: Ctx) -> list[DomainEvent]:
        ph = s.phase
        assert ph is not None and ph.attacker and ph.defender
        att, dfn = s.characters[ph.attacker], s.characters[ph.defender]
        talent = ph.resolving_talent
        events: list[DomainEvent] = []
        pending: dict[str, int] = {}
        totals = {}
        for cid, ch, other in ((ph.attacker, att, dfn), (ph.defender, dfn, att)):
            bonus, who = self._fight_bonus(s, ch, other, talent)
            for w in who:
                ctx.note("buffy.golden-rule", f"{w.name} gives {ch.name} +{bonus} {talent}", who=w)
            totals[cid] = effective_talents(s, ch)[talent] + bonus + self._stack_total(ph, ch.owner, talent)
        present = {cid for cid in (ph.attacker, ph.defender) if s.characters[cid].location not in ("discard", "crypt")}
        a, d = totals[ph.attacker], totals[ph.defender]
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
            events.append(self._destiny(s, w.owner, +1, "buffy.fight.winner-destiny", f"{w.name} won the fight", pending))
        for loser in losers:
            ch = s.characters[loser]
            if loser in present:
                events.append(E.CharacterDiscarded(character=loser, reason="beaten in a fight"))
            if ch.main:
                ctx.note("buffy.fight.main-beaten", f"{ch.name} is {ch.owner}'s main character: {ch.owner} loses 1 destiny")
                events.append(self._destiny(s, ch.owner, -1, "buffy.fight.main-beaten", f"{ch.name} was beaten", pending))
        if winner == ph.attacker and not att.fatigued:
            events.extend(self._fatigue(s, ctx, ph.attacker, "won a fight as the attacker", "buffy.fatigue.attacker-wins"))
        elif winner == ph.defender:
            ctx.note("buffy.fatigue.defender-stays", f"{dfn.name} defended and survives without fatigue")
        events.append(self._discard_stacks(ph))
        return events

    def _resolve_challenge(self, s: BuffyState, ctx: Ctx) -> list[DomainEvent]:
        ph = s.phase
        assert ph is not None and ph.challenge
        ch = s.challenges[ph.challenge]
        events: list[DomainEvent] = []
        pending: dict[str, int] = {}
        remaining = [c for c in ph.characters if s.characters[c].location == ch.location]
        goals = {t: v + self._stack_total(ph, ph.defending_player, t) for t, v in ch.goals.items()}
        totals = {t: sum(effective_talents(s, s.characters[c])[t] for c in remaining)
                  + self._stack_total(ph, ph.initiator, t) for t in goals}
        traits_ok = True
        for trait in ch.required_traits:
            has = any(trait.upper() in s.characters[c].all_traits()
                      or any(tr == trait.upper() for tr, _ in overrides.granted_traits(s, s.characters[c]))
                      for c in remaining)
            traits_ok = traits_ok and has
            ctx.note("buffy.challenge.traits", f"{trait.upper()} {'is' if has else 'is not'} among the participants")
        if not remaining:
            overcome = False
            ctx.note("buffy.challenge.no-participants", "no participant is left: the challenge fails at once")
        else:
            overcome = traits_ok and all(totals[t] >= goals[t] for t in goals)
            ctx.note("buffy.challenge.resolution",
                     f"totals {totals} against goals {goals}: {'overcome (a tie goes to the attacker)' if overcome else 'not overcome'}")
        events.append(E.ChallengeResolved(challenge=ph.challenge, player=ph.initiator, totals=totals,
                                          goals=goals, overcome=overcome))
        if overcome:
            events.append(self._destiny(s, ph.initiator, ch.destiny, "buffy.challenge.overcome", f"overcame {ch.name}", pending))
            events.append(E.ChallengeToCrypt(challenge=ph.challenge))
        else:
            events.append(self._destiny(s, ph.initiator, -1, "buffy.challenge.failed", f"failed {ch.name}", pending))
        for cid in remaining:
            if not s.characters[cid].fatigued:
                events.extend(self._fatigue(s, ctx, cid, "took part in a challenge", "buffy.fatigue.challenge"))
        events.append(self._discard_stacks(ph))
        return events

    def _fatigue(self, s: BuffyState, ctx: Ctx, cid: str, cause: str, rule: str) -> list[DomainEvent]:
        ch = s.characters[cid]
        for src, effect, c in overrides._sources(s, ch):
            if effect.get("permit") == "buffy.fatigue.avoid" and overrides._applies(s, effect, c):
                ctx.note(rule, f"{ch.name} would be fatigued ({cause})", "overridden", src)
                return [E.FatigueAvoided(character=cid, cause=cause, by=src.name)]
        ctx.note(rule, f"{ch.name} is fatigued: {cause}")
        return [E.CharacterFatigued(character=cid, cause=cause, rule=rule)]

    # ----------------------------------------------------------------------------- actions
    def _mandatory_pending(self, s: BuffyState, player: str) -> list[Violation]:
        p = s.players[player]
        pending = []
        if s.phase is None and s.step == "prologue" and not p.challenge_placed and p.challenge_deck > 0:
            pending.append(Violation(rule="buffy.prologue.place-challenge",
                                     message=f"{player} must place a challenge (or show it cannot be placed) before passing"))
        if s.phase is None and s.step == "draw":
            hand_size, rule, _ = overrides.parameter(s, "hand_size")
            if p.hand > hand_size:
                pending.append(Violation(rule="buffy.draw-step.discard-to-five",
                                         message=f"{player} holds {p.hand} cards and must discard down to {hand_size} first"))
            elif p.hand < hand_size and self._can_draw(p):
                pending.append(Violation(rule=rule, message=f"{player} holds {p.hand} cards and must draw back to {hand_size}"))
        if s.phase is not None and s.phase.stage == "draw":
            pending.append(Violation(rule=f"buffy.{s.phase.kind}.draw",
                                     message="the draw stage has no passing: the mandatory draws end it"))
        if s.phase is not None and s.phase.stage == "discard" and p.hand > 5:
            pending.append(Violation(rule=f"buffy.{s.phase.kind}.discard",
                                     message=f"{player} holds {p.hand} cards and must discard down to 5 before passing"))
        return pending

    @staticmethod
    def _can_draw(p: PlayerState) -> bool:
        return p.resource_deck is None or p.resource_deck > 0 or bool(p.discard)

    def _decide_pass(self, ctx: Ctx, a: A.Pass) -> list[DomainEvent]:
        s = ctx.state
        for v in self._mandatory_pending(s, a.player):
            ctx.require(False, v.rule, v.message)
        closing = flow.pass_would_close(s)
        ctx.note("buffy.pass-consecutively",
                 f"{a.player} passes ({s.consecutive_passes + 1} of {len(s.seating)} in a row)"
                 + ("; the stage ends" if closing else ""))
        return [E.PlayerPassed(player=a.player)]

    def _decide_place_challenge(self, ctx: Ctx, a: A.PlaceChallenge) -> list[DomainEvent] | None:
        s = ctx.state
        p = s.players[a.player]
        ctx.require(not p.challenge_placed, "buffy.prologue.place-challenge",
                    f"{a.player} has already placed a challenge this turn", "one challenge per player per turn")
        ctx.require(p.challenge_deck > 0, "buffy.prologue.place-challenge", f"{a.player} has no challenge left to place")
        if a.unplayable:
            if a.challenge is not None:
                spots = self._challenge_spots(s, a.player, a.challenge)
                ctx.require(not spots, "buffy.prologue.must-place",
                            f"{a.challenge.name} can be placed at {', '.join(spots)}: it must be placed")
            ctx.note("buffy.prologue.unplayable", "the challenge goes to the bottom; no challenge this turn")
            return [E.ChallengeSentToBottom(player=a.player, name=a.challenge.name if a.challenge else None)]
        if a.challenge is None or a.at is None:
            ctx.require(False, "buffy.prologue.place-challenge", "name the challenge card and the space to place it at")
            return None
        if a.at not in s.adjacency or a.at == PARK:
            ctx.require(False, "buffy.prologue.place-challenge", f"{a.at!r} is not a location space of Sunnydale")
            return None
        self._check_challenge_spot(ctx, a.player, a.challenge, a.at)
        cid = a.id or self._new_challenge_id(s, a.challenge.name)
        if cid in s.challenges:
            raise InvalidAction(f"a challenge with id {cid!r} is already in play", [{"field": "id", "message": "taken"}])
        doc = Challenge(owner=a.player, location=a.at, **a.challenge.model_dump()).model_dump(mode="json")
        return [E.ChallengePlaced(player=a.player, challenge_id=cid, challenge=doc)]

    def _new_challenge_id(self, s: BuffyState, name: str) -> str:
        base = _slug(name)
        n, cid = 1, base
        while cid in s.challenges:
            n += 1
            cid = f"{base}-{n}"
        return cid

    def _check_challenge_spot(self, ctx: Ctx, player: str, card: A.ChallengeCard, at: str) -> None:
        s = ctx.state
        mine_here = [c for c in s.challenges.values() if c.owner == player and c.location == at]
        ctx.require(not mine_here, "buffy.prologue.one-per-location",
                    f"{player} already has a challenge at {at}", f"{player} has no challenge at {at} yet")
        same = [k for k, c in s.challenges.items() if c.name.lower() == card.name.lower()]
        ctx.require(not same, "buffy.prologue.no-duplicate", f"{card.name} is already in play in Sunnydale",
                    f"{card.name} is not in play yet")
        if card.location_specific:
            loc = s.locations.get(at)
            ctx.require(loc is not None and loc.name.lower() == card.location_specific.lower(),
                        "buffy.prologue.location-specific",
                        f"{card.name} must be placed at {card.location_specific}, not at {at}")

    def _challenge_spots(self, s: BuffyState, player: str, card: A.ChallengeCard) -> list[str]:
        spots = []
        for space in s.adjacency:
            if space == PARK:
                continue
            probe = Ctx(s)
            self._check_challenge_spot(probe, player, card, space)
            if not probe.violations:
                spots.append(space)
        return spots

    def _decide_draw(self, ctx: Ctx, a: A.Draw) -> list[DomainEvent]:
        s = ctx.state
        p = s.players[a.player]
        count = max(a.count, len(a.cards))
        if s.phase is not None and s.phase.stage == "draw":
            ph = s.phase
            ctx.require(a.player in (ph.initiator, ph.defending_player), f"buffy.{ph.kind}.draw",
                        f"{a.player} takes no part in this {ph.kind}")
            ctx.require(a.player not in ph.drawn, f"buffy.{ph.kind}.draw", f"{a.player} has already drawn in this stage")
            if ph.kind == "fight":
                need, rule, _ = overrides.parameter(s, "fight_draw")
            else:
                name = "challenge_attacker_draw" if a.player == ph.initiator else "challenge_defender_draw"
                need, rule, _ = overrides.parameter(s, name)
            available = self._available(p)
            expected = need if available is None else min(need, available)
            ctx.require(count == expected, rule, f"{a.player} must draw {expected} cards here, not {count}",
                        f"{a.player} draws the {expected} cards the stage requires")
        else:
            hand_size, rule, _ = overrides.parameter(s, "hand_size")
            ctx.require(p.hand <= hand_size, "buffy.draw-step.discard-to-five",
                        f"{a.player} holds {p.hand} cards: discard down to {hand_size} before drawing")
            ctx.require(p.hand + count <= hand_size, rule,
                        f"drawing {count} would give {a.player} {p.hand + count} cards; the hand is refilled to {hand_size}",
                        f"{a.player} refills the hand to {hand_size}")
        available = self._available(p)
        if available is not None:
            ctx.require(count <= available, "buffy.deck.recycling",
                        f"{a.player} has only {available} cards left in resource deck and discard pile")
        recycled = p.resource_deck is not None and count > p.resource_deck
        if recycled:
            ctx.note("buffy.deck.recycling", "the resource deck runs out: the discard pile is shuffled into it")
        return [E.CardsDrawn(player=a.player, count=count, cards=a.cards, recycled=recycled)]

    @staticmethod
    def _available(p: PlayerState) -> int | None:
        return None if p.resource_deck is None else p.resource_deck + len(p.discard)

    def _decide_discard(self, ctx: Ctx, a: A.Discard) -> list[DomainEvent]:
        s = ctx.state
        p = s.players[a.player]
        count = a.count if a.count is not None else len(a.cards)
        ctx.require(count >= 1, "buffy.step.draw", "discard at least one card")
        ctx.require(count <= p.hand, "buffy.step.draw", f"{a.player} holds only {p.hand} cards")
        if a.cards and p.hand_cards:
            missing = [c for c in a.cards if c not in p.hand_cards]
            ctx.require(not missing, "buffy.step.draw", f"not in {a.player}'s hand: {', '.join(missing)}")
        return [E.CardsDiscarded(player=a.player, count=count, cards=a.cards)]

    def _character(self, ctx: Ctx, cid: str, field: str = "character") -> Character:
        ch = ctx.state.characters.get(cid)
        if ch is None or ch.location in ("discard", "crypt"):
            raise InvalidAction(f"no character {cid!r} in play", [{"field": field, "message": "no such character in play"}])
        return ch

    def _decide_move(self, ctx: Ctx, a: A.Move) -> list[DomainEvent]:
        s = ctx.state
        ch = self._character(ctx, a.character)
        if a.to not in s.adjacency:
            raise InvalidAction(f"no board space {a.to!r}", [{"field": "to", "message": "unknown space"}])
        ctx.require(ch.owner == a.player, "buffy.move.own-characters", f"{ch.name} is not {a.player}'s character")
        ctx.require(a.to != ch.location, "buffy.move.adjacent", f"{ch.name} is already at {a.to}")
        ctx.forbid_unless_permitted(ch.fatigued, "buffy.fatigue.cannot-act", f"{ch.name} is fatigued and cannot move", ch)
        if ch.is_vampire:
            ctx.forbid_unless_permitted(s.time_of_day != "night", "buffy.move.vampires-night",
                                        f"{ch.name} is a vampire and moves only at night", ch)
            ctx.forbid_unless_permitted(ch.moves_this_turn >= 2, "buffy.move.vampires-twice",
                                        f"{ch.name} has already moved twice this night", ch)
        else:
            ctx.forbid_unless_permitted(ch.moves_this_turn >= 1, "buffy.move.once-per-turn",
                                        f"{ch.name} has already moved this turn", ch)
        via_park = a.to == PARK or ch.location == PARK
        ctx.require(via_park or a.to in s.adjacency.get(ch.location, []), "buffy.move.adjacent",
                    f"{a.to} is not adjacent to {ch.location}", f"{a.to} is reachable from {ch.location}")
        events: list[DomainEvent] = [E.CharacterMoved(player=a.player, character=a.character, from_space=ch.location, to=a.to)]
        dest_owner = _space_owner(a.to)
        if ch.location == PARK and dest_owner is not None and dest_owner != ch.owner and not ch.fatigued:
            events.extend(self._fatigue(s, ctx, a.character, "moved from the park to an opponent's location",
                                        "buffy.fatigue.park-to-opponent"))
        return events

    def _decide_play_character(self, ctx: Ctx, a: A.PlayCharacter) -> list[DomainEvent]:
        s = ctx.state
        ctx.require(a.at in s.adjacency and _space_owner(a.at) == a.player, "buffy.resource.play-character",
                    f"{a.player} may play characters only on their own four spaces, not {a.at}")
        ctx.require(a.character.level == 1, "buffy.resource.play-character", "only level-1 characters are played from hand")
        cid = a.id or _slug(a.character.name)
        n = 1
        while cid in s.characters and s.characters[cid].location not in ("discard",):
            n += 1
            cid = f"{_slug(a.character.name)}-{n}"
        doc = Character(owner=a.player, location=a.at, **a.character.model_dump()).model_dump(mode="json")
        return [E.CharacterPlayed(player=a.player, character_id=cid, character=doc)]

    def _decide_ascend(self, ctx: Ctx, a: A.Ascend) -> list[DomainEvent]:
        s = ctx.state
        ch = self._character(ctx, a.character)
        ctx.require(ch.owner == a.player, "buffy.resource.ascension", f"{ch.name} is not {a.player}'s character")
        ctx.require(not ch.ascended_this_turn, "buffy.resource.ascension", f"{ch.name} has already ascended this turn")
        level = a.level or ch.level + 1
        ctx.require(level == ch.level + 1, "buffy.resource.ascension", f"{ch.name} ascends to level {ch.level + 1}, not {level}")
        have = s.players[a.player].destiny
        ctx.require(have >= a.destiny_requirement, "buffy.resource.ascension",
                    f"the level-{level} card needs {a.destiny_requirement} destiny; {a.player} has {have}",
                    f"{a.player} has {have} destiny, the card needs {a.destiny_requirement}")
        return [E.CharacterAscended(player=a.player, character=a.character, level=level, card=a.card, talents=a.talents)]

    def _decide_attach_skill(self, ctx: Ctx, a: A.AttachSkill) -> list[DomainEvent]:
        s = ctx.state
        ch = self._character(ctx, a.character)
        ctx.require(ch.owner == a.player, "buffy.resource.skills", f"{ch.name} is not {a.player}'s character")
        ctx.require(not ch.skill_this_turn, "buffy.resource.skills", f"{ch.name} has already learnt a skill this turn")
        who = ctx.forbid_unless_permitted(ch.fatigued, "buffy.fatigue.cannot-act",
                                          f"{ch.name} is fatigued and cannot learn a skill", ch)
        self._requirement(ctx, ch, a.skill.requirement, "buffy.talent-requirement")
        events: list[DomainEvent] = [E.SkillAttached(player=a.player, character=a.character,
                                                     skill=a.skill.model_dump(exclude={"requirement"}))]
        if not ch.fatigued:
            events.extend(self._fatigue(s, ctx, a.character, "learnt a skill", "buffy.fatigue.skill"))
        elif who is not None:
            ctx.note("buffy.fatigue.skill", f"{ch.name} is already fatigued; {who.name} lets the skill be learnt", who=who)
        return events

    def _requirement(self, ctx: Ctx, ch: Character, req: dict[str, int], rule: str) -> None:
        eff = effective_talents(ctx.state, ch)
        for talent, need in req.items():
            ctx.require(eff[talent] >= need, rule, f"{ch.name} has {eff[talent]} {talent}, the card needs {need}",
                        f"{ch.name} meets {talent} {need} alone")

    def _decide_attach_item(self, ctx: Ctx, a: A.AttachItem) -> list[DomainEvent]:
        s = ctx.state
        ch = self._character(ctx, a.character)
        ctx.require(ch.owner == a.player, "buffy.resource.items", f"{ch.name} is not {a.player}'s character")
        items = [x.name for x in ch.attachments if x.kind == "item"]
        limit, rule, who = overrides.parameter(s, "max_items", ch)
        if a.replaces is not None:
            ctx.require(a.replaces in items, rule, f"{ch.name} carries no item {a.replaces!r}")
        else:
            ctx.require(len(items) < limit, rule, f"{ch.name} already carries {len(items)} items (at most {limit})",
                        f"{ch.name} carries {len(items)} of {limit} items")
        self._requirement(ctx, ch, a.item.requirement, "buffy.talent-requirement")
        return [E.ItemAttached(player=a.player, character=a.character,
                               item=a.item.model_dump(exclude={"requirement"}), replaces=a.replaces)]

    def _decide_trade_item(self, ctx: Ctx, a: A.TradeItem) -> list[DomainEvent]:
        src = self._character(ctx, a.from_character, "from")
        dst = self._character(ctx, a.to_character, "to")
        ctx.require(src.owner == a.player and dst.owner == a.player, "buffy.resource.trade",
                    "items are traded between your own characters")
        ctx.require(src.location == dst.location, "buffy.resource.trade",
                    f"{src.name} and {dst.name} are not at the same location")
        item = next((x for x in src.attachments if x.kind == "item" and x.name == a.item), None)
        if item is None:
            raise InvalidAction(f"{src.name} carries no item {a.item!r}", [{"field": "item", "message": "not carried"}])
        ctx.require(not item.traded_this_turn, "buffy.resource.trade", f"{a.item} has already been traded this turn")
        limit, rule, _ = overrides.parameter(ctx.state, "max_items", dst)
        ctx.require(sum(1 for x in dst.attachments if x.kind == "item") < limit, rule, f"{dst.name} cannot carry another item")
        return [E.ItemTraded(player=a.player, item=a.item, from_character=a.from_character, to_character=a.to_character)]

    def _decide_resurrect_main(self, ctx: Ctx, a: A.ResurrectMain) -> list[DomainEvent] | None:
        ch = ctx.state.characters.get(a.character)
        if ch is None:
            raise InvalidAction(f"no character {a.character!r}", [{"field": "character", "message": "unknown"}])
        ctx.require(ch.owner == a.player and ch.main, "buffy.resource.resurrect", f"{ch.name} is not {a.player}'s main character")
        ctx.require(ch.location == "discard", "buffy.resource.resurrect", f"{ch.name} is not in the discard pile")
        return [E.MainCharacterResurrected(player=a.player, character=a.character)]

    def _decide_start_fight(self, ctx: Ctx, a: A.StartFight) -> list[DomainEvent]:
        s = ctx.state
        att = self._character(ctx, a.attacker, "attacker")
        dfn = self._character(ctx, a.defender, "defender")
        ctx.require(att.owner == a.player, "buffy.fight.start", f"{att.name} is not {a.player}'s character")
        ctx.require(dfn.owner != a.player, "buffy.fight.start", f"{dfn.name} is {a.player}'s own character")
        ctx.forbid_unless_permitted(att.fatigued, "buffy.fight.attacker-refreshed",
                                    f"{att.name} is fatigued and cannot start a fight", att)
        ctx.require(att.location == dfn.location, "buffy.fight.same-location",
                    f"{att.name} is at {att.location} and {dfn.name} at {dfn.location}",
                    f"both are at {att.location}")
        ctx.note("buffy.fight.defender-may-be-fatigued", f"{dfn.name} may defend {'fatigued' if dfn.fatigued else 'refreshed'}")
        ctx.note("buffy.fight.suspends-step", "the conflict step is suspended while the fight runs")
        return [E.FightStarted(player=a.player, attacker=a.attacker, defender=a.defender, defending_player=dfn.owner)]

    def _decide_stunt_double(self, ctx: Ctx, a: A.StuntDouble) -> list[DomainEvent] | None:
        s = ctx.state
        ph = s.phase
        if ph is None or ph.kind != "fight":
            return None
        ch = self._character(ctx, a.character)
        dfn = s.characters[ph.defender] if ph.defender else None
        ctx.require(a.player == ph.defending_player, "buffy.fight.stunt-double", "only the defending player may use a stunt-double")
        ctx.require(ch.owner == ph.defending_player and a.character != ph.defender, "buffy.fight.stunt-double",
                    f"{ch.name} cannot stand in for the defender")
        ctx.require(dfn is not None and ch.location == dfn.location, "buffy.fight.stunt-double",
                    f"{ch.name} is not at the fight's location")
        who = ctx.forbid_unless_permitted(ch.fatigued, "buffy.fatigue.cannot-act",
                                          f"{ch.name} is fatigued and cannot stunt-double", ch)
        events: list[DomainEvent] = [E.StuntDoubleUsed(player=a.player, character=a.character, instead_of=ph.defender or "")]
        if not ch.fatigued:
            events.extend(self._fatigue(s, ctx, a.character, "stunt-doubled in a fight", "buffy.fatigue.stunt-double"))
        elif who is not None:
            ctx.note("buffy.fatigue.stunt-double", f"{ch.name} is already fatigued; {who.name} lets her stunt-double anyway", who=who)
        return events

    def _decide_boost(self, ctx: Ctx, a: A.Boost) -> list[DomainEvent] | None:
        s = ctx.state
        ph = s.phase
        if ph is None:
            return None
        ctx.require(a.player in (ph.initiator, ph.defending_player), "buffy.talent-stack",
                    f"{a.player} takes no part in this {ph.kind}")
        if a.card.kind == "action":
            ok = a.talent in a.card.icons
            ctx.require(ok, "buffy.talent-stack.action-icons",
                        f"{a.card.name} has no {a.talent} icon", f"{a.card.name} adds its {a.talent} icon")
            value = a.card.icons.get(a.talent, 0)
        else:
            value = 1
            ctx.note("buffy.talent-stack.plus-one", f"a {a.card.kind} adds 1 to any talent")
        if ph.kind == "challenge" and a.player == ph.defending_player:
            goals = s.challenges[ph.challenge].goals if ph.challenge in s.challenges else {}
            ctx.require(a.talent in goals, "buffy.challenge.defender-raises",
                        f"the defender may raise only the challenge's own talents ({', '.join(goals) or 'none'})")
        ctx.require(s.players[a.player].hand >= 1, "buffy.talent-stack", f"{a.player} has no card in hand")
        ctx.note("buffy.talent-stack.counts-at-resolution", "the stack counts only when the phase resolves")
        return [E.TalentBoosted(player=a.player, talent=a.talent,
                                card={"name": a.card.name, "kind": a.card.kind, "talent": a.talent, "value": value})]

    def _decide_face_challenge(self, ctx: Ctx, a: A.FaceChallenge) -> list[DomainEvent] | None:
        s = ctx.state
        ch = s.challenges.get(a.challenge)
        if ch is None:
            raise InvalidAction(f"no challenge {a.challenge!r} in play", [{"field": "challenge", "message": "unknown"}])
        ctx.require(a.challenge not in s.players[a.player].faced_challenges, "buffy.challenge.once-per-turn",
                    f"{a.player} has already faced {ch.name} this turn")
        for cid in a.characters:
            c = self._character(ctx, cid, "characters")
            ctx.require(c.owner == a.player, "buffy.challenge.face", f"{c.name} is not {a.player}'s character")
            ctx.require(c.location == ch.location, "buffy.challenge.same-location", f"{c.name} is not at {ch.location}")
            ctx.forbid_unless_permitted(c.fatigued, "buffy.fatigue.cannot-act", f"{c.name} is fatigued and cannot face a challenge", c)
            if ch.alignment and c.alignment:
                ctx.require(c.alignment == ch.alignment, "buffy.challenge.alignment",
                            f"{c.name} is {c.alignment}; {ch.name} is a {ch.alignment} challenge")
        defending = ch.owner if ch.owner != a.player else flow.next_in_seating(s.seating, a.player)
        return [E.ChallengeFaced(player=a.player, challenge=a.challenge, characters=a.characters, defending_player=defending)]

    def _decide_play_effect(self, ctx: Ctx, a: A.PlayEffect) -> list[DomainEvent]:
        ctx.note("buffy.golden-rule", f"{a.card} is played for its effect; its text is applied as recorded")
        stage = None if ctx.state.phase is None else f"{ctx.state.phase.kind}/{ctx.state.phase.stage}"
        return [E.EffectPlayed(player=a.player, card=a.card, effect=a.effect, stage=stage)]

    # ----------------------------------------------------------------------------- legal actions
    def legal_actions(self, state: BuffyState, player: str) -> list[LegalAction]:
        """Concrete actions where the position names them all, templates otherwise (``needs``)."""
        if state.winner is not None or player != state.to_act:
            return []
        out: list[LegalAction] = []
        for candidate, needs, description in self._candidates(state, player):
            probe = {**candidate, "player": player}
            if needs:
                probe = {**probe, **needs}
            try:
                decision = self.decide(state, probe)
            except InvalidAction:
                continue
            if decision.legal:
                rules = sorted({t.rule for t in decision.because if t.outcome in ("allowed", "overridden", "applied")})
                action = {**candidate, "player": player}
                out.append(LegalAction(action=action, rules=rules,
                                       description=description + (f" (choose: {', '.join(needs)})" if needs else "")))
        return out

    def _candidates(self, s: BuffyState, player: str):
        yield {"type": "pass"}, {}, "pass: I am done here"
        p = s.players[player]
        ph = s.phase
        if ph is None and s.step == "prologue":
            spaces = [x for x in s.adjacency if x != PARK]
            for space in spaces:
                yield {"type": "place_challenge", "at": space}, {"challenge": {"name": "(your next challenge)"}}, f"place your challenge at {space}"
            yield {"type": "place_challenge", "unplayable": True}, {}, "the challenge cannot be placed: to the bottom"
        if ph is None and s.step == "draw":
            hand_size = overrides.parameter(s, "hand_size")[0]
            if p.hand > hand_size:
                yield {"type": "discard", "count": p.hand - hand_size}, {}, "discard down to the hand size"
            if p.hand >= 1:
                yield {"type": "discard", "count": 1}, {}, "discard a card to draw a new one"
            if p.hand < hand_size:
                yield {"type": "draw", "count": hand_size - p.hand}, {}, "draw back to the hand size"
        if ph is not None and ph.stage == "draw":
            for n in (5, 3):
                yield {"type": "draw", "count": n}, {}, f"the mandatory draw of {n}"
            available = self._available(p)
            if available is not None and available < 5:
                yield {"type": "draw", "count": available}, {}, "draw what is left"
        if ph is not None and ph.stage == "discard" and p.hand > 5:
            yield {"type": "discard", "count": p.hand - 5}, {}, "discard down to five"
        mine = {c: ch for c, ch in s.characters.items() if ch.owner == player and ch.location not in ("discard", "crypt")}
        if ph is None and s.step == "movement":
            for cid, ch in mine.items():
                for dest in s.adjacency:
                    if dest != ch.location:
                        yield {"type": "move", "character": cid, "to": dest}, {}, f"move {ch.name} to {dest}"
        if ph is None and s.step == "conflict":
            for cid, ch in mine.items():
                for oid, other in s.characters.items():
                    if other.owner != player and other.location == ch.location:
                        yield {"type": "start_fight", "attacker": cid, "defender": oid}, {}, f"{ch.name} attacks {other.name}"
            for key, chal in s.challenges.items():
                group = [cid for cid, ch in mine.items() if ch.location == chal.location]
                for cid in group:
                    yield {"type": "face_challenge", "challenge": key, "characters": [cid]}, {}, f"{mine[cid].name} faces {chal.name}"
                if len(group) > 1:
                    yield {"type": "face_challenge", "challenge": key, "characters": group}, {}, f"all at {chal.location} face {chal.name}"
        if ph is None and s.step == "resource":
            for space in [x for x in s.adjacency if _space_owner(x) == player]:
                yield ({"type": "play_character", "at": space}, {"character": {"name": "(a level-1 character)"}},
                       f"play a level-1 character at {space}")
        if ph is not None and ph.kind == "fight" and ph.stage == "choose" and player == ph.defending_player:
            for cid, ch in mine.items():
                yield {"type": "stunt_double", "character": cid}, {}, f"{ch.name} stunt-doubles"
        if ph is not None and ph.stage == "battle":
            for talent in TALENTS:
                yield ({"type": "boost", "talent": talent}, {"card": {"name": "(an item)", "kind": "item"}},
                       f"put a card in the {talent} stack")
