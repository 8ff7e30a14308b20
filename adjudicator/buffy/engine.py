"""The Buffy the Vampire Slayer CCG rules engine.

``decide`` checks an action and returns the events it records: the action's own event, then the
consequences the rules derive from it (a stage that ends, a fight that resolves, destiny that
changes), found by replaying the action on a scratch copy until nothing more follows.  ``evolve``
applies events and never re-checks rules.
"""
from __future__ import annotations

import pickle
import re
from typing import Any, Iterator

from adjudicator import flow
from adjudicator.buffy import actions as A
from adjudicator.buffy import cards, overrides
from adjudicator.buffy.checks import (
    CANNOT_ACT, Ctx, all_traits, effective_talents, fatigue, fatiguing_act, on_board, space_owner, total_talents,
)
from adjudicator.buffy.projection import apply_event as _apply
from adjudicator.buffy.projection import window
from adjudicator.buffy.resolution import (
    challenge_standing, fight_standing, fighters_gone, resolve_challenge, resolve_fight,
)
from adjudicator.buffy.state import OFF_BOARD, PARK, TALENTS, BuffyState, Challenge, Character, PlayerState
from adjudicator.core import Decision, GameOver, InvalidAction, InvalidSetup, LegalAction, TraceEntry, Violation
from events import buffy as E
from events.base import DomainEvent
from events.common import GameCreated, RulingRecorded

__all__ = ["BuffyEngine", "effective_talents", "total_talents"]

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

# The rule that allows each action, which a card or ruling may turn off ("cannot" beats "can"),
# and the field naming the character it concerns.
FORBIDDABLE: dict[str, tuple[str, str]] = {
    "move": ("buffy.step.movement", "character"),
    "ascend": ("buffy.resource.ascension", "character"),
    "attach_skill": ("buffy.resource.skills", "character"),
    "attach_item": ("buffy.resource.items", "character"),
    "start_fight": ("buffy.fight.start", "attacker"),
    "stunt_double": ("buffy.fight.stunt-double", "character"),
    "face_challenge": ("buffy.challenge.face", "characters"),
}

# Effect keys play_effect understands (see _decide_play_effect); others are recorded as played.
EFFECT_KEYS = {"stage", "requirement", "fatigue_card", "pay_destiny", "gain_destiny", "fight_talent",
               "leave_fight", "leave_challenge", "fatigue", "discard_minions"}


def _free_id(base: str, taken) -> str:
    """``base``, or ``base-2``, ``base-3``... : the first id not in ``taken``."""
    n, cid = 1, base
    while cid in taken:
        n += 1
        cid = f"{base}-{n}"
    return cid


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


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
        doc = self._seeded(doc)
        try:
            state = BuffyState.model_validate(doc)
        except Exception as exc:  # pydantic.ValidationError or a model_validator ValueError
            errors = A.pydantic_errors(exc) if hasattr(exc, "errors") else [{"field": "setup", "message": str(exc)}]
            errors = [{"field": "setup." + e["field"], "message": e["message"]} for e in errors]
            raise InvalidSetup("setup does not describe a Buffy position: "
                               + "; ".join(f"{e['field']}: {e['message']}" for e in errors), errors) from None
        state.position = 0
        created = GameCreated(game_name="buffy", players=players, first_player=first, state=self._plain_document(state))
        # A position entered directly may already call for consequences (ten destiny, a fight whose
        # characters are gone); they follow the creation event, so every later position is settled.
        return [created] + self._with_consequences(self.apply(None, created), [], Ctx(state))

    @staticmethod
    def _seeded(doc: dict[str, Any]) -> dict[str, Any]:
        """Cards in the setup without effects get the seed effects of their names (``cards.py``)."""
        chars = doc.get("characters")
        if isinstance(chars, dict):
            seeded = {}
            for cid, ch in chars.items():
                if isinstance(ch, dict):
                    ch = cards.with_seed(ch)
                    if isinstance(ch.get("attachments"), list):
                        ch = {**ch, "attachments": [cards.with_seed(a) if isinstance(a, dict) else a
                                                    for a in ch["attachments"]]}
                seeded[cid] = ch
            doc = {**doc, "characters": seeded}
        locs = doc.get("locations")
        if isinstance(locs, dict):
            doc = {**doc, "locations": {k: cards.with_seed(v) if isinstance(v, dict) else v for k, v in locs.items()}}
        return doc

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
            flow.record_action(window(state), event.player)
        _apply(event, state)
        return state

    def _plain_document(self, state: BuffyState) -> dict[str, Any]:
        doc = state.model_dump(mode="json")
        for ch in doc["characters"].values():
            ch.pop("effective_talents", None)
            ch.pop("total_talents", None)
        if doc.get("phase"):
            doc["phase"].pop("standing", None)
        return doc

    def to_document(self, state: BuffyState) -> dict[str, Any]:
        doc = state.model_dump(mode="json")
        for cid, ch in state.characters.items():
            doc["characters"][cid]["total_talents"] = total_talents(ch)
            doc["characters"][cid]["effective_talents"] = effective_talents(state, ch)
        ph = state.phase
        if ph is not None and ph.outcome is None:
            if ph.kind == "fight" and ph.attacker in state.characters and ph.defender in state.characters:
                doc["phase"]["standing"] = {"talent": ph.resolving_talent, "totals": fight_standing(state, ph)}
            elif ph.kind == "challenge" and ph.challenge in state.challenges:
                doc["phase"]["standing"] = challenge_standing(state, ph)
        return doc

    def status(self, state: BuffyState) -> tuple[str, Any]:
        if state.winner is not None:
            return "finished", state.winner.model_dump(mode="json")
        return "in_progress", None

    # ----------------------------------------------------------------------------- deciding
    def decide(self, state: BuffyState, raw: dict[str, Any], *, in_place: bool = False,
               legality_only: bool = False) -> Decision:
        """Raises InvalidAction (cannot be parsed) or GameOver (the game has a winner).

        ``in_place``: the caller gives ``state`` up (the audit, replaying a state of its own), so
        the consequences are worked out on it rather than on a deep copy; it is left changed.
        ``legality_only``: an action already refused is not carried through its consequences
        (its ``events`` stay empty); ``legal_actions`` only asks whether a candidate is legal."""
        if state.winner is not None:
            raise GameOver(f"the game is over at position {state.position}: "
                           f"{state.winner.player or 'nobody'} won by {state.winner.by}")
        action = A.parse_action(raw)
        if action.player not in state.seating:
            raise InvalidAction(f"{action.player!r} is not a player of this game",
                                [{"field": "player", "message": "not a player of this game"}])
        if self._settling(state):
            message = (f"position {state.position} lies inside the consequences of an action (a stage ending, a "
                       "resolution); nobody acts before its last consequence")
            return Decision(violations=[Violation(rule="buffy.consequences-pending", message=message)],
                            because=[TraceEntry(rule="buffy.consequences-pending", outcome="forbidden", detail=message)])
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
        if action.type in FORBIDDABLE:
            rule, field = FORBIDDABLE[action.type]
            named = getattr(action, field)
            for cid in (named if isinstance(named, list) else [named]):
                ch = state.characters.get(cid)
                if ch is not None:
                    ctx.not_forbidden(rule, ch, f"{ch.name} may not {action.type.replace('_', ' ')}")
        handler = getattr(self, f"_decide_{action.type}")
        events = handler(ctx, action)
        if events is None or (legality_only and ctx.violations):
            return Decision(events=[], violations=ctx.violations, because=ctx.because)
        events = list(events) + list(ctx.spent)
        events = self._with_consequences(state, events, ctx, in_place)
        return Decision(events=events, violations=ctx.violations, because=ctx.because)

    def _settling(self, state: BuffyState) -> bool:
        """True at a position between an action's event and its last consequence.  (A destiny
        victory that is due is not counted: a judge ruling that lowers the destiny to win leaves
        it due, and the next action's consequences record it.)"""
        return bool(self._consequences(state, Ctx(state), victory=False))

    def _where(self, state: BuffyState) -> str:
        if state.phase is None:
            return f"the {state.step} step"
        return f"the {state.phase.kind} / {state.phase.stage} stage"

    def _with_consequences(self, state: BuffyState, events: list[DomainEvent], ctx: Ctx,
                           in_place: bool = False) -> list[DomainEvent]:
        # A pickle round trip is the same deep copy (sharing and fields-set kept), twice as fast.
        work = state if in_place else pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
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
    def _consequences(self, s: BuffyState, ctx: Ctx, victory: bool = True) -> list[DomainEvent]:
        if s.winner is not None:
            return []
        to_win, rule, who = overrides.parameter(s, "destiny_to_win")
        for p in s.seating if victory else ():
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
            chars = sorted(c for c, ch in s.characters.items() if ch.fatigued and on_board(ch))
            atts = sorted(f"{c}/{a.name}" for c, ch in s.characters.items() if on_board(ch)
                          for a in ch.attachments if a.fatigued)
            ctx.note("buffy.step.refresh", f"every fatigued card is refreshed ({len(chars)} characters, "
                                           f"{len(atts)} attached cards)")
            events.append(E.CardsRefreshed(characters=chars, attachments=atts))
        return events

    def _end_turn(self, s: BuffyState, ctx: Ctx) -> list[DomainEvent]:
        in_park = {ch.owner for ch in s.characters.values() if ch.location == PARK}
        controller = next(iter(in_park)) if len(in_park) == 1 else None
        counts = {p: (s.players[p].park_control_turns + 1 if p == controller else 0) for p in s.seating}
        ctx.note("buffy.victory.park", f"park controlled by {controller or 'nobody'} at the end of turn {s.turn}"
                 + (f" ({counts[controller]} turns in a row)" if controller else "; every count starts again"))
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
        if ph.outcome is None and ph.stage != "discard":
            if ph.kind == "fight" and fighters_gone(s, ph):
                ctx.note("buffy.fight.leave", "a character left the fight: the fight resolves at once")
                return resolve_fight(s, ctx) + [E.StageStarted(stage="discard", to_act=ph.initiator)]
            if ph.kind == "challenge" and ph.challenge in s.challenges and not challenge_standing(s, ph)["participants"]:
                return resolve_challenge(s, ctx) + [E.StageStarted(stage="discard", to_act=ph.initiator)]
        stage = PHASES[ph.kind][ph.stage]
        if stage.ends_when_mandatory_done:
            if set(ph.drawn) >= set(ph.players):
                ctx.note(stage.rule, "the mandatory draws are made: the stage ends")
                return [E.StageStarted(stage="battle", to_act=ph.initiator)]
            return []
        if s.consecutive_passes < len(ph.players):
            return []
        ctx.note("buffy.pass-consecutively", f"both players passed in a row: the {ph.kind} / {ph.stage} stage ends")
        if ph.stage == "resolve":
            resolved: list[DomainEvent] = []
            if ph.outcome is None:
                resolved = resolve_fight(s, ctx) if ph.kind == "fight" else resolve_challenge(s, ctx)
            return resolved + [E.StageStarted(stage="discard", to_act=ph.initiator)]
        nxt = PHASES[ph.kind].after(ph.stage)
        if nxt is None:
            resumes = s.suspended[-1].step if s.suspended else "conflict"
            after = flow.next_in_seating(s.seating, ph.initiator)
            ctx.note(f"buffy.{ph.kind}.suspends-step", f"the {ph.kind} is over; the {resumes} step resumes with {after}")
            return [E.PhaseEnded(kind=ph.kind, resumes=resumes, to_act=after)]
        return [E.StageStarted(stage=nxt.name, to_act=ph.initiator)]

    # ----------------------------------------------------------------------------- helpers
    def _character(self, ctx: Ctx, cid: str, field: str = "character") -> Character:
        ch = ctx.state.characters.get(cid)
        if not on_board(ch):
            raise InvalidAction(f"no character {cid!r} in play", [{"field": field, "message": "no such character in play"}])
        assert ch is not None
        return ch

    def _in_hand(self, ctx: Ctx, player: str, card: str, rule: str) -> None:
        p = ctx.state.players[player]
        ctx.require(p.hand >= 1, rule, f"{player} has no card in hand to play {card}", f"{card} comes from {player}'s hand")

    def _requirement(self, ctx: Ctx, ch: Character, req: dict[str, int], rule: str = "buffy.talent-requirement") -> None:
        eff = effective_talents(ctx.state, ch)
        for talent, need in req.items():
            ctx.require(eff[talent] >= need, rule, f"{ch.name} has {eff[talent]} {talent}, the card needs {need}",
                        f"{ch.name} meets {talent} {need} alone")

    def _trait_requirement(self, ctx: Ctx, ch: Character, traits: list[str]) -> None:
        have = all_traits(ctx.state, ch)
        for trait in traits:
            ctx.require(trait.upper() in have, "buffy.trait-requirement", f"{ch.name} lacks the trait {trait.upper()}",
                        f"{ch.name} has {trait.upper()}")

    @staticmethod
    def _can_draw(p: PlayerState) -> bool:
        return p.resource_deck is None or p.resource_deck > 0 or bool(p.discard)

    @staticmethod
    def _available(p: PlayerState) -> int | None:
        return None if p.resource_deck is None else p.resource_deck + len(p.discard)

    def _mandatory_pending(self, s: BuffyState, player: str) -> list[Violation]:
        p = s.players[player]
        pending = []
        hand_size, rule, _ = overrides.parameter(s, "hand_size")
        if s.phase is None and s.step == "prologue" and not p.challenge_placed and p.challenge_deck > 0:
            pending.append(Violation(rule="buffy.prologue.place-challenge",
                                     message=f"{player} must place a challenge (or show it cannot be placed) before passing"))
        if s.phase is None and s.step == "draw":
            if p.hand > hand_size:
                pending.append(Violation(rule="buffy.draw-step.discard-to-five",
                                         message=f"{player} holds {p.hand} cards and must discard down to {hand_size} first"))
            elif p.hand < hand_size and self._can_draw(p):
                pending.append(Violation(rule=rule, message=f"{player} holds {p.hand} cards and must draw back to {hand_size}"))
        if s.phase is not None and s.phase.stage == "draw":
            pending.append(Violation(rule=f"buffy.{s.phase.kind}.draw",
                                     message="the draw stage has no passing: the mandatory draws end it"))
        if s.phase is not None and s.phase.stage == "discard" and p.hand > hand_size:
            pending.append(Violation(rule=f"buffy.{s.phase.kind}.discard",
                                     message=f"{player} holds {p.hand} cards and must discard down to {hand_size} before passing"))
        return pending

    # ----------------------------------------------------------------------------- turn flow
    def _decide_pass(self, ctx: Ctx, a: A.Pass) -> list[DomainEvent]:
        s = ctx.state
        for v in self._mandatory_pending(s, a.player):
            ctx.require(False, v.rule, v.message)
        w = window(s)
        closing = flow.pass_would_close(w)
        ctx.note("buffy.pass-consecutively",
                 f"{a.player} passes ({s.consecutive_passes + 1} of {len(w.seating)} in a row)"
                 + ("; the stage ends" if closing else ""))
        return [E.PlayerPassed(player=a.player)]

    # ----------------------------------------------------------------------------- prologue
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
            ctx.note("buffy.prologue.unplayable", "the challenge goes to the bottom and the next is revealed; "
                                                  "no challenge is placed this turn")
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
        return _free_id(_slug(name), s.challenges)

    def _check_challenge_spot(self, ctx: Ctx, player: str, card: A.ChallengeCard, at: str) -> None:
        s = ctx.state
        mine_here = [c for c in s.challenges.values() if c.owner == player and c.location == at]
        ctx.require(not mine_here, "buffy.prologue.one-per-location",
                    f"{player} already has a challenge at {at}", f"{player} has no challenge at {at} yet")
        same = [k for k, c in s.challenges.items() if c.name.lower() == card.name.lower()]
        ctx.require(not same, "buffy.prologue.no-duplicate", f"{card.name} is already in play in Sunnydale",
                    f"{card.name} is not in play yet")
        entombed = any(card.name.lower() == n.lower() for q in s.players.values() for n in q.crypt)
        ctx.require(not entombed, "buffy.crypt", f"{card.name} is in the crypt and cannot come back into play",
                    f"{card.name} is not in the crypt")
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

    # ----------------------------------------------------------------------------- draw, discard
    def _decide_draw(self, ctx: Ctx, a: A.Draw) -> list[DomainEvent]:
        s = ctx.state
        p = s.players[a.player]
        count = max(a.count, len(a.cards))
        available = self._available(p)
        if s.phase is not None and s.phase.stage == "draw":
            ph = s.phase
            ctx.require(a.player in ph.players, f"buffy.{ph.kind}.draw", f"{a.player} takes no part in this {ph.kind}")
            ctx.require(a.player not in ph.drawn, f"buffy.{ph.kind}.draw", f"{a.player} has already drawn in this stage")
            if ph.kind == "fight":
                need, rule, _ = overrides.parameter(s, "fight_draw")
            else:
                name = "challenge_attacker_draw" if a.player == ph.initiator else "challenge_defender_draw"
                need, rule, _ = overrides.parameter(s, name)
            expected = need if available is None else min(need, available)
            ctx.require(count == expected, rule, f"{a.player} must draw {expected} cards here, not {count}",
                        f"{a.player} draws the {expected} cards the stage requires")
        else:
            hand_size, rule, _ = overrides.parameter(s, "hand_size")
            ctx.require(p.hand <= hand_size, "buffy.draw-step.discard-to-five",
                        f"{a.player} holds {p.hand} cards: discard down to {hand_size} before drawing")
            ctx.require(count >= 1, rule, "draw at least one card")
            ctx.require(p.hand + count <= hand_size, rule,
                        f"drawing {count} would give {a.player} {p.hand + count} cards; the hand is refilled to {hand_size}",
                        f"{a.player} refills the hand to {hand_size}")
        if available is not None:
            ctx.require(count <= available, "buffy.deck.recycling",
                        f"{a.player} has only {available} cards left in resource deck and discard pile")
        recycled = p.resource_deck is not None and count > p.resource_deck
        if recycled:
            ctx.note("buffy.deck.recycling", "the resource deck runs out: the discard pile is shuffled into it "
                                             "(the crypt stays out)")
        return [E.CardsDrawn(player=a.player, count=count, cards=a.cards, recycled=recycled)]

    def _decide_discard(self, ctx: Ctx, a: A.Discard) -> list[DomainEvent]:
        s = ctx.state
        p = s.players[a.player]
        count = a.count if a.count is not None else len(a.cards)
        hand_size = overrides.parameter(s, "hand_size")[0]
        ctx.require(count >= 1, "buffy.step.draw", "discard at least one card")
        ctx.require(count <= p.hand, "buffy.step.draw", f"{a.player} holds only {p.hand} cards")
        if s.phase is None and s.step == "draw":
            ctx.require(not p.drew, "buffy.step.draw", f"{a.player} has drawn already: discards come before the draw",
                        "discards come before the draw")
        elif s.phase is not None and s.phase.stage == "discard":
            rule = f"buffy.{s.phase.kind}.discard"
            ctx.require(count <= p.hand - hand_size, rule,
                        f"the {s.phase.kind} / discard stage only brings a hand down to {hand_size} "
                        f"({a.player} holds {p.hand})", f"{a.player} discards down to {hand_size}")
        if a.cards and p.hand_cards:
            missing = [c for c in a.cards if c not in p.hand_cards]
            ctx.require(not missing, "buffy.step.draw", f"not in {a.player}'s hand: {', '.join(missing)}")
        return [E.CardsDiscarded(player=a.player, count=count, cards=a.cards)]

    # ----------------------------------------------------------------------------- movement
    def _decide_move(self, ctx: Ctx, a: A.Move) -> list[DomainEvent]:
        s = ctx.state
        ch = self._character(ctx, a.character)
        if a.to not in s.adjacency:
            raise InvalidAction(f"no board space {a.to!r}", [{"field": "to", "message": "unknown space"}])
        ctx.require(ch.owner == a.player, "buffy.move.own-characters", f"{ch.name} is not {a.player}'s character")
        ctx.require(a.to != ch.location, "buffy.move.adjacent", f"{ch.name} is already at {a.to}")
        ctx.forbid_unless_permitted(ch.fatigued, CANNOT_ACT, f"{ch.name} is fatigued and cannot move", ch, a.character)
        if ch.is_vampire:
            ctx.forbid_unless_permitted(s.time_of_day != "night", "buffy.move.vampires-night",
                                        f"{ch.name} is a vampire and moves only at night", ch, a.character)
            ctx.forbid_unless_permitted(ch.moves_this_turn >= 2, "buffy.move.vampires-twice",
                                        f"{ch.name} has already moved twice this night", ch, a.character)
        else:
            ctx.forbid_unless_permitted(ch.moves_this_turn >= 1, "buffy.move.once-per-turn",
                                        f"{ch.name} has already moved this turn", ch, a.character)
        via_park = a.to == PARK or ch.location == PARK
        ctx.require(via_park or a.to in s.adjacency.get(ch.location, []), "buffy.move.adjacent",
                    f"{a.to} is not adjacent to {ch.location}", f"{a.to} is reachable from {ch.location}")
        events: list[DomainEvent] = [E.CharacterMoved(player=a.player, character=a.character, from_space=ch.location, to=a.to)]
        dest_owner = space_owner(a.to)
        if ch.location == PARK and dest_owner is not None and dest_owner != ch.owner:
            events.extend(fatigue(s, ctx, a.character, "moved from the park to an opponent's location",
                                  "buffy.fatigue.park-to-opponent"))
        return events

    # ----------------------------------------------------------------------------- resource step
    def _decide_play_character(self, ctx: Ctx, a: A.PlayCharacter) -> list[DomainEvent]:
        s = ctx.state
        card = a.character
        ctx.require(a.at in s.adjacency and space_owner(a.at) == a.player, "buffy.resource.play-character",
                    f"{a.player} may play characters only on their own four spaces, not {a.at}",
                    f"{a.at} is one of {a.player}'s spaces")
        ctx.require(card.level == 1, "buffy.resource.play-character", "only level-1 characters are played from hand",
                    "a level-1 character")
        self._in_hand(ctx, a.player, card.name, "buffy.resource.play-character")
        replay = None
        mine_main = {cid: ch for cid, ch in s.characters.items() if ch.owner == a.player and ch.main}
        if card.main:
            for cid, ch in mine_main.items():
                if ch.location == "hand" and ch.name.lower() == card.name.lower():
                    replay = cid
                    ctx.require("resurrected" not in ch.used_once_per_turn, "buffy.resource.resurrect",
                                f"{ch.name} came back to hand this turn and may be played from the next turn on",
                                f"{ch.name} comes back into play")
            others = {cid: ch for cid, ch in mine_main.items() if cid != replay}
            for cid, ch in others.items():
                if ch.location == "discard" and ch.name.lower() == card.name.lower():
                    ctx.require(False, "buffy.resource.resurrect",
                                f"{ch.name} is in the discard pile: resurrect it first")
                else:
                    ctx.require(False, "buffy.resource.play-character",
                                f"{a.player} already has a main character ({ch.name})")
        self._uniqueness(ctx, a.player, card, replay)
        cid = replay or self._new_character_id(ctx, card.name, a.id)
        doc = cards.with_seed(Character(owner=a.player, location=a.at, **card.model_dump()).model_dump(mode="json"))
        for key in ("effective_talents", "total_talents"):
            doc.pop(key, None)
        return [E.CharacterPlayed(player=a.player, character_id=cid, character=doc)]

    def _new_character_id(self, ctx: Ctx, name: str, wanted: str | None) -> str:
        s = ctx.state
        if wanted is not None:
            if wanted in s.characters:
                raise InvalidAction(f"a character with id {wanted!r} exists already", [{"field": "id", "message": "taken"}])
            return wanted
        return _free_id(_slug(name), s.characters)

    def _uniqueness(self, ctx: Ctx, player: str, card: A.CharacterCard, replay: str | None) -> None:
        """Heroes and villains are unique in the game (each player may still play the same main
        character); a player has at most one of each companion or minion in play; a main
        character's essence keeps it unique while its card is in the discard pile."""
        s = ctx.state
        clash = None
        for cid, other in s.characters.items():
            if cid == replay or other.name.lower() != card.name.lower():
                continue
            in_play = on_board(other)
            if not (in_play or other.main):
                continue
            if card.main and other.main:
                if other.owner != player:
                    ctx.note("buffy.uniqueness", f"both players may play {card.name} as their main character")
                continue  # your own main character: the main-character checks above decide
            kinds = {card.kind, other.kind}
            if kinds & {"hero", "villain"}:
                where = "in play" if in_play else "kept in play by its essence"
                clash = f"{card.name} is a {(kinds & {'hero', 'villain'}).pop()}, unique in the game, and {other.owner}'s is {where}"
            elif other.owner == player and in_play:
                clash = f"{player} already has {card.name} in play (one of each companion or minion per player)"
            if clash:
                break
        ctx.require(clash is None, "buffy.uniqueness", clash or "", f"{card.name} is not in play yet")

    def _decide_ascend(self, ctx: Ctx, a: A.Ascend) -> list[DomainEvent]:
        s = ctx.state
        ch = self._character(ctx, a.character)
        ctx.require(ch.owner == a.player, "buffy.resource.ascension", f"{ch.name} is not {a.player}'s character")
        ctx.require(not ch.ascended_this_turn, "buffy.resource.ascension", f"{ch.name} has already ascended this turn",
                    f"{ch.name} has not ascended this turn")
        level = a.level or ch.level + 1
        ctx.require(level == ch.level + 1, "buffy.resource.ascension", f"{ch.name} ascends to level {ch.level + 1}, not {level}",
                    f"level {ch.level} to {level}")
        self._in_hand(ctx, a.player, a.card or f"{ch.name} level {level}", "buffy.resource.ascension")
        have = s.players[a.player].destiny
        ctx.require(have >= a.destiny_requirement, "buffy.resource.ascension",
                    f"the level-{level} card needs {a.destiny_requirement} destiny; {a.player} has {have}",
                    f"{a.player} has {have} destiny, the card needs {a.destiny_requirement}")
        if ch.attachments:
            ctx.note("buffy.resource.ascension", f"{ch.name} keeps {', '.join(x.name for x in ch.attachments)}")
        return [E.CharacterAscended(player=a.player, character=a.character, level=level, card=a.card, talents=a.talents,
                                    traits=a.traits, effects=a.effects)]

    def _decide_attach_skill(self, ctx: Ctx, a: A.AttachSkill) -> list[DomainEvent]:
        s = ctx.state
        ch = self._character(ctx, a.character)
        ctx.require(ch.owner == a.player, "buffy.resource.skills", f"{ch.name} is not {a.player}'s character")
        ctx.require(not ch.skill_this_turn, "buffy.resource.skills", f"{ch.name} has already learnt a skill this turn",
                    f"{ch.name} learns one skill this turn")
        self._in_hand(ctx, a.player, a.skill.name, "buffy.resource.skills")
        self._requirement(ctx, ch, a.skill.requirement)
        self._trait_requirement(ctx, ch, a.skill.trait_requirements)
        doc = cards.with_seed(a.skill.model_dump(exclude={"requirement", "trait_requirements"}))
        events: list[DomainEvent] = [E.SkillAttached(player=a.player, character=a.character, skill=doc)]
        events.extend(fatiguing_act(s, ctx, a.character, "learn a skill", "learnt a skill", "buffy.fatigue.skill"))
        return events

    def _decide_attach_item(self, ctx: Ctx, a: A.AttachItem) -> list[DomainEvent]:
        s = ctx.state
        ch = self._character(ctx, a.character)
        ctx.require(ch.owner == a.player, "buffy.resource.items", f"{ch.name} is not {a.player}'s character")
        items = [x.name for x in ch.attachments if x.kind == "item"]
        limit, rule, who = overrides.parameter(s, "max_items", ch)
        if a.replaces is not None:
            ctx.require(a.replaces in items, rule, f"{ch.name} carries no item {a.replaces!r}",
                        f"{a.item.name} replaces {a.replaces}, which goes to the discard pile")
        else:
            ctx.require(len(items) < limit, rule, f"{ch.name} already carries {len(items)} items (at most {limit}); "
                                                  "name the item it replaces",
                        f"{ch.name} carries {len(items)} of {limit} items")
        self._in_hand(ctx, a.player, a.item.name, "buffy.resource.items")
        self._requirement(ctx, ch, a.item.requirement)
        self._trait_requirement(ctx, ch, a.item.trait_requirements)
        ctx.note("buffy.resource.items", "receiving an item does not fatigue; a fatigued character may receive one")
        doc = cards.with_seed(a.item.model_dump(exclude={"requirement", "trait_requirements"}))
        return [E.ItemAttached(player=a.player, character=a.character, item=doc, replaces=a.replaces)]

    def _decide_trade_item(self, ctx: Ctx, a: A.TradeItem) -> list[DomainEvent]:
        src = self._character(ctx, a.from_character, "from")
        dst = self._character(ctx, a.to_character, "to")
        ctx.require(a.from_character != a.to_character, "buffy.resource.trade", "an item is traded to another character")
        ctx.require(src.owner == a.player and dst.owner == a.player, "buffy.resource.trade",
                    "items are traded between your own characters")
        ctx.require(src.location == dst.location, "buffy.resource.trade",
                    f"{src.name} and {dst.name} are not at the same location", f"both are at {src.location}")
        item = next((x for x in src.attachments if x.kind == "item" and x.name == a.item), None)
        if item is None:
            raise InvalidAction(f"{src.name} carries no item {a.item!r}", [{"field": "item", "message": "not carried"}])
        ctx.require(not item.traded_this_turn, "buffy.resource.trade", f"{a.item} has already been traded this turn",
                    f"{a.item} has not been traded this turn")
        limit, rule, _ = overrides.parameter(ctx.state, "max_items", dst)
        ctx.require(sum(1 for x in dst.attachments if x.kind == "item") < limit, rule, f"{dst.name} cannot carry another item")
        ctx.note("buffy.resource.trade", "trading counts as playing a card: play passes to the next player")
        return [E.ItemTraded(player=a.player, item=a.item, from_character=a.from_character, to_character=a.to_character)]

    def _decide_resurrect_main(self, ctx: Ctx, a: A.ResurrectMain) -> list[DomainEvent] | None:
        ch = ctx.state.characters.get(a.character)
        if ch is None:
            raise InvalidAction(f"no character {a.character!r}", [{"field": "character", "message": "unknown"}])
        ctx.require(ch.owner == a.player and ch.main, "buffy.resource.resurrect", f"{ch.name} is not {a.player}'s main character")
        ctx.require(ch.location == "discard", "buffy.resource.resurrect", f"{ch.name} is not in the discard pile",
                    f"{ch.name} is in the discard pile")
        ctx.note("buffy.resource.resurrect", f"{ch.name} goes back to hand without levels, skills or items; "
                                             "it may be played again from the next turn on")
        return [E.MainCharacterResurrected(player=a.player, character=a.character)]

    # ----------------------------------------------------------------------------- fights
    def _decide_start_fight(self, ctx: Ctx, a: A.StartFight) -> list[DomainEvent]:
        s = ctx.state
        att = self._character(ctx, a.attacker, "attacker")
        dfn = self._character(ctx, a.defender, "defender")
        ctx.require(att.owner == a.player, "buffy.fight.start", f"{att.name} is not {a.player}'s character",
                    f"{a.player} attacks with {att.name}")
        ctx.require(dfn.owner != a.player, "buffy.fight.start", f"{dfn.name} is {a.player}'s own character",
                    f"{dfn.name} is {dfn.owner}'s")
        ctx.forbid_unless_permitted(att.fatigued, "buffy.fight.attacker-refreshed",
                                    f"{att.name} is fatigued and cannot start a fight", att, a.attacker, also=(CANNOT_ACT,))
        ctx.require(att.location == dfn.location, "buffy.fight.same-location",
                    f"{att.name} is at {att.location} and {dfn.name} at {dfn.location}",
                    f"both are at {att.location}")
        ctx.note("buffy.fight.defender-may-be-fatigued", f"{dfn.name} may defend {'fatigued' if dfn.fatigued else 'refreshed'}")
        if len(s.seating) > 2:
            ctx.note("buffy.multiplayer", f"the fight is against {dfn.owner}, who controls {dfn.name}")
        talent, who = overrides.fight_talent(s, att, dfn)
        if who is not None:
            ctx.note("buffy.fight.talent", f"{who.name} makes the fight resolve on {talent}", "overridden", who)
        else:
            ctx.note("buffy.fight.talent", "the fight resolves on butt-kicking unless a card changes it")
        ctx.note("buffy.fight.suspends-step", "the conflict step is suspended while the fight runs")
        return [E.FightStarted(player=a.player, attacker=a.attacker, defender=a.defender, defending_player=dfn.owner,
                               talent=talent)]

    def _decide_stunt_double(self, ctx: Ctx, a: A.StuntDouble) -> list[DomainEvent] | None:
        s = ctx.state
        ph = s.phase
        if ph is None or ph.kind != "fight":
            return None
        ch = self._character(ctx, a.character)
        dfn = s.characters[ph.defender] if ph.defender else None
        ctx.require(a.player == ph.defending_player, "buffy.fight.stunt-double", "only the defending player may use a stunt-double",
                    f"{a.player} defends")
        ctx.require(ph.stood_in_for is None, "buffy.fight.stunt-double", "the defender already has a stunt-double in this fight",
                    "no stunt-double yet in this fight")
        ctx.require(ch.owner == ph.defending_player and a.character != ph.defender, "buffy.fight.stunt-double",
                    f"{ch.name} cannot stand in for the defender", f"{ch.name} stands in for {dfn.name if dfn else '?'}")
        ctx.require(dfn is not None and ch.location == dfn.location, "buffy.fight.stunt-double",
                    f"{ch.name} is not at the fight's location", "at the fight's location")
        events: list[DomainEvent] = [E.StuntDoubleUsed(player=a.player, character=a.character, instead_of=ph.defender or "")]
        events.extend(fatiguing_act(s, ctx, a.character, "stunt-double", "stunt-doubled in a fight",
                                    "buffy.fatigue.stunt-double"))
        return events

    def _decide_boost(self, ctx: Ctx, a: A.Boost) -> list[DomainEvent] | None:
        s = ctx.state
        ph = s.phase
        if ph is None:
            return None
        ctx.require(a.player in ph.players, "buffy.talent-stack", f"{a.player} takes no part in this {ph.kind}",
                    f"{a.player} takes part in the {ph.kind}")
        if a.card.kind == "action":
            ok = a.talent in a.card.icons
            ctx.require(ok, "buffy.talent-stack.action-icons",
                        f"{a.card.name} has no {a.talent} icon", f"{a.card.name} adds its {a.talent} icon")
            value = a.card.icons.get(a.talent, 0)
        else:
            value = 1
            ctx.note("buffy.talent-stack.plus-one", f"a {a.card.kind} adds 1 to any talent")
        if ph.kind == "challenge":
            goals = s.challenges[ph.challenge].goals if ph.challenge in s.challenges else {}
            if a.player == ph.defending_player:
                ctx.require(a.talent in goals, "buffy.challenge.defender-raises",
                            f"the defender may raise only the challenge's own talents ({', '.join(goals) or 'none'})",
                            f"the defender raises the {a.talent} goal")
            else:
                ctx.require(a.talent in goals, "buffy.challenge.boost-goals-only",
                            f"in a challenge only the talents of its goals may be boosted ({', '.join(goals) or 'none'})",
                            f"{a.talent} is one of the challenge's goals")
        ctx.require(s.players[a.player].hand >= 1, "buffy.talent-stack", f"{a.player} has no card in hand",
                    f"{a.card.name} comes from {a.player}'s hand")
        ctx.note("buffy.talent-stack.counts-at-resolution", "the stack counts only when the phase resolves, "
                                                            "never for talent requirements")
        return [E.TalentBoosted(player=a.player, talent=a.talent,
                                card={"name": a.card.name, "kind": a.card.kind, "talent": a.talent, "value": value})]

    # ----------------------------------------------------------------------------- challenges
    def _decide_face_challenge(self, ctx: Ctx, a: A.FaceChallenge) -> list[DomainEvent] | None:
        s = ctx.state
        ch = s.challenges.get(a.challenge)
        if ch is None:
            raise InvalidAction(f"no challenge {a.challenge!r} in play", [{"field": "challenge", "message": "unknown"}])
        ctx.require(a.challenge not in s.players[a.player].faced_challenges, "buffy.challenge.once-per-turn",
                    f"{a.player} has already faced {ch.name} this turn", f"{a.player} has not faced {ch.name} this turn")
        ctx.require(len(set(a.characters)) == len(a.characters), "buffy.challenge.face", "a character is named twice")
        for cid in a.characters:
            c = self._character(ctx, cid, "characters")
            ctx.require(c.owner == a.player, "buffy.challenge.face", f"{c.name} is not {a.player}'s character",
                        f"{c.name} is {a.player}'s")
            ctx.require(c.location == ch.location, "buffy.challenge.same-location", f"{c.name} is not at {ch.location}",
                        f"{c.name} is at {ch.location}")
            ctx.forbid_unless_permitted(c.fatigued, CANNOT_ACT, f"{c.name} is fatigued and cannot face a challenge", c, cid)
            if ch.alignment and c.alignment:
                ctx.require(c.alignment == ch.alignment, "buffy.challenge.alignment",
                            f"{c.name} is {c.alignment}; {ch.name} is a {ch.alignment} challenge",
                            f"{c.name} is {c.alignment} like the challenge")
        defending = self._challenge_defender(ctx, a, ch)
        if defending is None:
            return None
        return [E.ChallengeFaced(player=a.player, challenge=a.challenge, characters=a.characters, defending_player=defending)]

    def _challenge_defender(self, ctx: Ctx, a: A.FaceChallenge, ch: Challenge) -> str | None:
        """The player who defends: the challenge's owner, or, when you face your own challenge,
        the opponent you choose (the only one in a two-player game)."""
        s = ctx.state
        if ch.owner != a.player:
            ctx.require(a.defender in (None, ch.owner), "buffy.multiplayer",
                        f"{ch.name} is {ch.owner}'s challenge: {ch.owner} defends it, not {a.defender}",
                        f"{ch.owner} defends their challenge")
            return ch.owner
        opponents = [p for p in s.seating if p != a.player]
        if a.defender is None:
            if len(opponents) == 1:
                ctx.note("buffy.multiplayer", f"{a.player} faces their own challenge; {opponents[0]} defends it")
                return opponents[0]
            ctx.require(False, "buffy.multiplayer",
                        f"{ch.name} is {a.player}'s own challenge: choose the opponent who defends it")
            return None
        if a.defender not in opponents:
            ctx.require(False, "buffy.multiplayer", f"{a.defender!r} is not an opponent of {a.player}")
            return None
        ctx.note("buffy.multiplayer", f"{a.player} faces their own challenge; {a.defender} defends it")
        return a.defender

    # ----------------------------------------------------------------------------- effects
    def _decide_play_effect(self, ctx: Ctx, a: A.PlayEffect) -> list[DomainEvent]:
        """A card used for its effect.  The structured effect keys the engine applies:

        ``stage`` ("fight/battle", "challenge/resolve", "resource", ...) where it may be played;
        ``requirement`` a talent requirement one character meets alone (a participant when played
        in a fight or challenge); ``fatigue_card`` ``{"character", "attachment"?}`` the cost of
        fatiguing a card in play (refreshed; attachments fatigue independently);
        ``pay_destiny`` n (you must have it); ``gain_destiny`` n; ``fight_talent`` the talent the
        current fight now resolves on; ``leave_fight`` / ``leave_challenge`` a character leaves the
        phase (it loses; not discarded); ``fatigue`` [characters] fatigues them;
        ``discard_minions`` discards every minion in play.  Other keys are recorded as played.
        """
        s = ctx.state
        ph = s.phase
        effect = cards.action_effect(a.card, a.effect) if a.source == "hand" else dict(a.effect)
        where = s.step if ph is None else f"{ph.kind}/{ph.stage}"
        if ph is not None and ph.stage == "draw":
            ctx.require(False, f"buffy.{ph.kind}.draw", f"the {ph.kind} / draw stage holds only the mandatory draws")
        if a.source == "hand":
            self._in_hand(ctx, a.player, a.card, "buffy.effect.play")
        else:
            ctx.require(a.card.lower() in self._cards_in_play(s, a.player), "buffy.effect.play",
                        f"{a.player} has no card {a.card!r} in play to use", f"{a.card} is {a.player}'s card in play")
        if effect.get("stage"):
            stages = effect["stage"] if isinstance(effect["stage"], list) else [effect["stage"]]
            ctx.require(where in stages, "buffy.effect.play", f"{a.card} is played in {' or '.join(stages)}, not in {where}",
                        f"{a.card} is playable in {where}")
        events: list[DomainEvent] = [E.EffectPlayed(player=a.player, card=a.card, effect=effect, stage=where if ph else None,
                                                    source=a.source)]
        if effect.get("requirement"):
            self._effect_requirement(ctx, a.player, a.card, effect["requirement"])
        if effect.get("fatigue_card"):
            events.extend(self._fatigue_cost(ctx, a.player, a.card, effect["fatigue_card"]))
        if effect.get("pay_destiny"):
            n = int(effect["pay_destiny"])
            have = s.players[a.player].destiny
            ctx.require(have >= n, "buffy.destiny.floor", f"{a.card} costs {n} destiny and {a.player} has {have}: "
                                                          "destiny cannot be paid on credit", f"{a.player} pays {n} of {have} destiny")
            events.append(E.DestinyChanged(player=a.player, delta=-min(n, have), destiny=max(0, have - n),
                                           rule="buffy.destiny.floor", reason=f"paid for {a.card}"))
        if effect.get("gain_destiny"):
            n = int(effect["gain_destiny"])
            have = s.players[a.player].destiny
            ctx.note("buffy.golden-rule", f"{a.card} gives {a.player} {n} destiny")
            events.append(E.DestinyChanged(player=a.player, delta=n, destiny=have + n, rule="buffy.golden-rule",
                                           reason=f"{a.card}"))
        if effect.get("fight_talent"):
            talent = str(effect["fight_talent"])
            ok = ph is not None and ph.kind == "fight" and ph.stage != "discard" and talent in TALENTS
            ctx.require(ok, "buffy.fight.talent", f"{a.card} changes the talent of a fight in progress to one of the four talents",
                        f"the fight now resolves on {talent}")
            if ok:
                events.append(E.FightTalentChanged(talent=talent, by=a.card))
        for key, kind in (("leave_fight", "fight"), ("leave_challenge", "challenge")):
            if effect.get(key):
                events.extend(self._leave(ctx, a.card, str(effect[key]), kind))
        for cid in effect.get("fatigue", []) or []:
            target = self._character(ctx, cid, "effect.fatigue")
            events.extend(fatigue(s, ctx, cid, f"{a.card}'s effect", "buffy.fatigue.card-effect")
                          if target else [])
        if effect.get("discard_minions"):
            for cid, ch in s.characters.items():
                if on_board(ch) and ch.kind == "minion":
                    events.append(E.CharacterDiscarded(character=cid, reason=f"{a.card}'s effect"))
        unknown = sorted(set(effect) - EFFECT_KEYS)
        ctx.note("buffy.golden-rule", f"{a.card} is played for its effect"
                 + (f"; recorded as played, the engine does not apply {', '.join(unknown)}" if unknown else ""))
        return events

    @staticmethod
    def _cards_in_play(s: BuffyState, player: str) -> set[str]:
        """The names of ``player``'s characters, attached cards and location cards in play."""
        names = {loc.name.lower() for loc in s.locations.values() if loc.owner == player}
        for ch in s.characters.values():
            if ch.owner == player and on_board(ch):
                names.add(ch.name.lower())
                names.update(x.name.lower() for x in ch.attachments)
        return names

    def _effect_requirement(self, ctx: Ctx, player: str, card: str, req: dict[str, int]) -> None:
        s = ctx.state
        ph = s.phase
        if ph is not None and player in ph.players:
            if ph.kind == "fight":
                pool = [c for c in (ph.attacker, ph.defender) if c and s.characters[c].owner == player]
            else:
                pool = list(ph.characters) if player == ph.initiator else []
            scope = f"taking part in the {ph.kind}"
        else:
            pool = [cid for cid, ch in s.characters.items() if ch.owner == player and on_board(ch)]
            scope = "in play"
        fits = [cid for cid in pool
                if all(effective_talents(s, s.characters[cid])[t] >= n for t, n in req.items())]
        need = ", ".join(f"{n} {t}" for t, n in req.items())
        ctx.require(bool(fits), "buffy.talent-requirement",
                    f"no character of {player}'s {scope} has {need} alone for {card}",
                    f"{s.characters[fits[0]].name if fits else '?'} meets {need} for {card} alone")

    def _fatigue_cost(self, ctx: Ctx, player: str, card: str, spec: Any) -> list[DomainEvent]:
        s = ctx.state
        if isinstance(spec, str):
            spec = {"character": spec}
        cid = str(spec.get("character"))
        ch = self._character(ctx, cid, "effect.fatigue_card.character")
        ctx.require(ch.owner == player, "buffy.fatigue.independent", f"{ch.name} is not {player}'s character",
                    f"{ch.name} is {player}'s")
        name = spec.get("attachment")
        if name is None:
            return fatiguing_act(s, ctx, cid, f"be fatigued for {card}", f"fatigued for {card}", "buffy.fatigue.card-effect")
        att = next((x for x in ch.attachments if x.name.lower() == str(name).lower()), None)
        if att is None:
            raise InvalidAction(f"{ch.name} carries no card {name!r}", [{"field": "effect.fatigue_card.attachment",
                                                                         "message": "not attached"}])
        ctx.require(not att.fatigued, "buffy.fatigue.independent",
                    f"{att.name} is already fatigued and cannot fatigue again before the refresh step",
                    f"{att.name} is refreshed; it fatigues on its own, {ch.name} stays "
                    f"{'fatigued' if ch.fatigued else 'refreshed'}")
        return [E.CharacterFatigued(character=cid, cause=f"fatigued for {card}", rule="buffy.fatigue.independent",
                                    attachment=att.name)]

    def _leave(self, ctx: Ctx, card: str, cid: str, kind: str) -> list[DomainEvent]:
        ph = ctx.state.phase
        if kind == "fight":
            members = [ph.attacker, ph.defender] if ph is not None and ph.kind == "fight" else []
            rule = "buffy.fight.leave"
        else:
            members = list(ph.characters) if ph is not None and ph.kind == "challenge" else []
            rule = "buffy.challenge.no-participants"
        ok = ph is not None and ph.outcome is None and cid in members and cid not in ph.left
        ctx.require(ok, rule, f"{cid} is not in a {kind} it could leave", f"{cid} leaves the {kind}")
        return [E.CharacterLeftPhase(character=cid, kind=kind, by=card)] if ok else []

    # ----------------------------------------------------------------------------- legal actions
    def legal_actions(self, state: BuffyState, player: str) -> list[LegalAction]:
        """Concrete actions where the position names them all; templates (with a "choose" note and
        the fields to fill in) where a card from hand must be named."""
        if state.winner is not None or player != state.to_act or self._settling(state):
            return []
        out: list[LegalAction] = []
        for candidate, needs, description in self._candidates(state, player):
            probe = {**candidate, "player": player}
            if needs:
                probe = {**probe, **needs}
            try:
                decision = self.decide(state, probe, legality_only=True)
            except InvalidAction:
                continue
            if decision.legal:
                rules = sorted({t.rule for t in decision.because if t.outcome in ("allowed", "overridden", "applied")})
                action = {**candidate, "player": player}
                out.append(LegalAction(action=action, rules=rules,
                                       description=description + (f" (choose: {', '.join(needs)})" if needs else "")))
        return out

    def _candidates(self, s: BuffyState, player: str) -> Iterator[tuple[dict[str, Any], dict[str, Any], str]]:
        yield {"type": "pass"}, {}, "pass: I am done here"
        p = s.players[player]
        ph = s.phase
        hand_size = overrides.parameter(s, "hand_size")[0]
        mine = {c: ch for c, ch in s.characters.items() if ch.owner == player and on_board(ch)}
        if ph is None and s.step == "prologue":
            for space in (x for x in s.adjacency if x != PARK):
                yield ({"type": "place_challenge", "at": space}, {"challenge": {"name": "(your next challenge)"}},
                       f"place your challenge at {space}")
            yield {"type": "place_challenge", "unplayable": True}, {}, "the challenge cannot be placed: to the bottom"
        if ph is None and s.step == "draw":
            if p.hand > hand_size:
                yield {"type": "discard", "count": p.hand - hand_size}, {}, "discard down to the hand size"
            for n in range(1, min(p.hand, hand_size) + 1):
                yield {"type": "discard", "count": n}, {}, f"discard {n} to draw new cards"
            if p.hand < hand_size:
                yield {"type": "draw", "count": hand_size - p.hand}, {}, "draw back to the hand size"
        if ph is not None and ph.stage == "draw":
            for n in sorted({5, 3, self._available(p) or 0}):
                yield {"type": "draw", "count": n}, {}, f"the mandatory draw of {n}"
        if ph is not None and ph.stage == "discard" and p.hand > hand_size:
            yield {"type": "discard", "count": p.hand - hand_size}, {}, f"discard down to {hand_size}"
        if ph is None and s.step == "movement":
            for cid, ch in mine.items():
                for dest in s.adjacency:
                    if dest != ch.location:
                        yield {"type": "move", "character": cid, "to": dest}, {}, f"move {ch.name} to {dest}"
        if ph is None and s.step == "resource":
            yield from self._resource_candidates(s, player, mine)
        if ph is None and s.step == "conflict":
            for cid, ch in mine.items():
                for oid, other in s.characters.items():
                    if other.owner != player and other.location == ch.location and on_board(other):
                        yield {"type": "start_fight", "attacker": cid, "defender": oid}, {}, f"{ch.name} attacks {other.name}"
            for key, chal in s.challenges.items():
                group = [cid for cid, ch in mine.items() if ch.location == chal.location]
                defenders: list[str | None] = [None]
                if chal.owner == player and len(s.seating) > 2:
                    defenders = [q for q in s.seating if q != player]
                for dfd in defenders:
                    extra = {"defender": dfd} if dfd else {}
                    for cid in group:
                        yield ({"type": "face_challenge", "challenge": key, "characters": [cid], **extra}, {},
                               f"{mine[cid].name} faces {chal.name}")
                    if len(group) > 1:
                        yield ({"type": "face_challenge", "challenge": key, "characters": group, **extra}, {},
                               f"all at {chal.location} face {chal.name}")
        if ph is not None and ph.kind == "fight" and ph.stage == "choose" and player == ph.defending_player:
            for cid, ch in mine.items():
                yield {"type": "stunt_double", "character": cid}, {}, f"{ch.name} stunt-doubles"
        if ph is not None and ph.stage == "battle":
            for talent in TALENTS:
                yield ({"type": "boost", "talent": talent}, {"card": {"name": "(an item)", "kind": "item"}},
                       f"put a card in the {talent} stack")
        if p.hand >= 1:
            yield {"type": "play_effect"}, {"card": "(a card)"}, "play a card for its effect"

    def _resource_candidates(self, s: BuffyState, player: str, mine: dict[str, Character]):
        for space in (x for x in s.adjacency if space_owner(x) == player):
            yield ({"type": "play_character", "at": space}, {"character": {"name": "(a level-1 character)"}},
                   f"play a level-1 character at {space}")
        for cid, ch in mine.items():
            yield {"type": "ascend", "character": cid}, {"card": "(the next level)"}, f"{ch.name} ascends"
            yield ({"type": "attach_skill", "character": cid}, {"skill": {"name": "(a skill)"}},
                   f"{ch.name} learns a skill")
            yield ({"type": "attach_item", "character": cid}, {"item": {"name": "(an item)"}},
                   f"{ch.name} receives an item")
            for carried in sorted({x.name for x in ch.attachments if x.kind == "item"}):
                yield ({"type": "attach_item", "character": cid, "replaces": carried}, {"item": {"name": "(an item)"}},
                       f"{ch.name} receives an item in place of {carried}")
            for item in (x for x in ch.attachments if x.kind == "item"):
                for oid, other in mine.items():
                    if oid != cid and other.location == ch.location:
                        yield ({"type": "trade_item", "item": item.name, "from": cid, "to": oid}, {},
                               f"{ch.name} gives {item.name} to {other.name}")
        for cid, ch in s.characters.items():
            if ch.owner == player and ch.main and ch.location == "discard":
                yield {"type": "resurrect_main", "character": cid}, {}, f"{ch.name} returns to hand"
