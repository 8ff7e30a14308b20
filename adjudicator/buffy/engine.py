"""The Buffy the Vampire Slayer CCG rules engine.

``decide`` checks an action and returns the events it records: the action's own event, then the
consequences the rules derive from it (a stage that ends, a fight that resolves, destiny that
changes), found by replaying the action on a scratch copy until nothing more follows.  ``evolve``
applies events and never re-checks rules.  Each action class is decided by the function
``HANDLERS`` names for it, in the module of its area (``turn``, ``movement``, ``resources``,
``fights``, ``challenges``, ``play_effect``); what follows on its own is ``consequences``.
"""
from __future__ import annotations

from typing import Any

from adjudicator import flow
from adjudicator.buffy import actions as A
from adjudicator.buffy import cards
from adjudicator.buffy import challenges, fights, movement, play_effect, resources, turn  # noqa: F401 - they register handlers
from adjudicator.buffy.bounds import out_of_bounds
from adjudicator.buffy.candidates import candidates
from adjudicator.buffy.consequences import consequences
from adjudicator.buffy.context import HANDLERS, BuffyContext, effective_talents, total_talents, where
from adjudicator.buffy.legal import legal_actions as bounded_legal_actions
from adjudicator.buffy.projection import apply_event as _apply
from adjudicator.buffy.projection import window
from adjudicator.buffy.resolution import challenge_standing, fight_standing
from adjudicator.buffy.state import BuffyState
from adjudicator.buffy.uniqueness import setup_errors
from adjudicator.core import Decision, GameOver, InvalidAction, InvalidSetup, LegalAction, TraceEntry, Violation
from adjudicator.kernel import GameEngine, check_seating, copy_state, player_ids
from events.models import buffy as E
from events.models.base import DomainEvent
from events.models.common import GameCreated, RulingRecorded

__all__ = ["BuffyEngine", "effective_talents", "total_talents"]

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



FULL = ("pass", "draw")
"""The candidates the legal actions decide with their consequences (the rules those cite are theirs)."""

class BuffyEngine(GameEngine[BuffyState]):
    game = "buffy"
    title = "Buffy"
    State = BuffyState

    # ----------------------------------------------------------------------------- creation
    def create(self, players: list[dict[str, Any]], first_player: str | None,
               setup: dict[str, Any] | None) -> list[DomainEvent]:
        """Raises InvalidSetup naming the fields that do not fit, and the rules a position breaks
        (``uniqueness.setup_errors``)."""
        ids = player_ids(players)
        doc = dict(setup or {})
        too_big = out_of_bounds(doc, "setup")
        if too_big:
            raise InvalidSetup("setup gives numbers no card has: " + "; ".join(
                f"{e['field']}: {e['message']}" for e in too_big), too_big)
        seating = doc.setdefault("seating", list(ids))
        first = first_player or doc.get("active_player") or (seating[0] if isinstance(seating, list) and seating
                                                            else ids[0])
        check_seating(doc, ids, first)
        doc.setdefault("active_player", first)
        doc.setdefault("players", {})
        state = self.state_from(self._seeded(doc))
        errors = setup_errors(state)
        if errors:
            raise InvalidSetup("setup breaks the rules: "
                               + "; ".join(f"{e['field']}: {e['message']}" for e in errors), errors)
        state.position = 0
        created = GameCreated(game_name="buffy", players=players, first_player=first, state=self._plain_document(state))
        # A position entered directly may already call for consequences (ten destiny, a fight whose
        # characters are gone); they follow the creation event, so every later position is settled.
        return [created] + self._with_consequences(self.apply(None, created), [], BuffyContext(state))

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
        standing = self._standing(state)
        if standing is not None:
            doc["phase"]["standing"] = standing
        return doc

    def document_json(self, state: BuffyState) -> bytes:
        """``pydantic_core.to_json(self.to_document(state))`` written from the models themselves (no
        document made first): a shallow copy of the state carrying the read-only outputs."""
        chars = {cid: ch.model_copy(update={"total_talents": total_talents(ch),
                                            "effective_talents": effective_talents(state, ch)})
                 for cid, ch in state.characters.items()}
        update: dict[str, Any] = {"characters": chars}
        standing = self._standing(state)
        if standing is not None:
            update["phase"] = state.phase.model_copy(update={"standing": standing})  # type: ignore[union-attr]
        return type(state).__pydantic_serializer__.to_json(state.model_copy(update=update))

    @staticmethod
    def _standing(state: BuffyState) -> dict[str, Any] | None:
        """The standing of the fight or challenge in progress, if it resolved now (None: no phase to stand)."""
        ph = state.phase
        if ph is not None and ph.outcome is None:
            if ph.kind == "fight" and ph.attacker in state.characters and ph.defender in state.characters:
                return {"talent": ph.resolving_talent, "totals": fight_standing(state, ph)}
            if ph.kind == "challenge" and ph.challenge in state.challenges:
                return challenge_standing(state, ph)
        return None

    # ----------------------------------------------------------------------------- deciding
    def decide(self, state: BuffyState, raw: dict[str, Any], *, in_place: bool = False,
               legality_only: bool = False) -> Decision:
        """Raises InvalidAction (cannot be parsed) or GameOver (the game has a winner).

        ``in_place``: the caller gives ``state`` up (the audit, replaying a state of its own), so
        the consequences are worked out on it rather than on a deep copy; it is left changed.
        ``legality_only``: the verdict only: no action is carried through its consequences (no
        copy of the state; ``events`` stay empty); ``legal_actions`` only asks whether a candidate
        is legal, and has checked once that no consequence is pending (a scan of every card)."""
        if state.winner is not None:
            raise GameOver(f"the game is over at position {state.position}: "
                           f"{state.winner.player or 'nobody'} won by {state.winner.by}")
        action = A.parse_action(raw)
        too_big = out_of_bounds(raw, "")
        if too_big:
            raise InvalidAction("the action gives numbers no card has: " + "; ".join(
                f"{e['field']}: {e['message']}" for e in too_big), too_big)
        if action.player not in state.seating:
            raise InvalidAction(f"{action.player!r} is not a player of this game",
                                [{"field": "player", "message": "not a player of this game"}])
        if not legality_only and self._settling(state):
            message = (f"position {state.position} lies inside the consequences of an action (a stage ending, a "
                       "resolution); nobody acts before its last consequence")
            return Decision(violations=[Violation(rule="buffy.consequences-pending", message=message)],
                            because=[TraceEntry(rule="buffy.consequences-pending", outcome="forbidden", detail=message)])
        ctx = BuffyContext(state)
        here = ("step", state.step) if state.phase is None else (state.phase.kind, state.phase.stage)
        ctx.require(action.player == state.to_act, "buffy.one-card-at-a-time",
                    f"it is {state.to_act}'s turn to act in {where(state)}, not {action.player}'s",
                    f"{action.player} acts in turn")
        if action.type in HOME:
            homes, rule = HOME[action.type]
            ctx.require(here in homes, rule,
                        f"{action.type} is not possible in {where(state)}",
                        f"{action.type} belongs to {where(state)}")
        if action.type in FORBIDDABLE:
            rule, field = FORBIDDABLE[action.type]
            named = getattr(action, field)
            for cid in (named if isinstance(named, list) else [named]):
                ch = state.characters.get(cid)
                if ch is not None:
                    ctx.not_forbidden(rule, ch, f"{ch.name} may not {action.type.replace('_', ' ')}")
        events = HANDLERS.of(action)(ctx, action)
        if events is None or legality_only:
            return Decision(events=[], violations=ctx.violations, because=ctx.because)
        events = list(events) + list(ctx.spent)
        events = self._with_consequences(state, events, ctx, in_place)
        return Decision(events=events, violations=ctx.violations, because=ctx.because)

    def _settling(self, state: BuffyState) -> bool:
        """True at a position between an action's event and its last consequence.  (A destiny
        victory that is due is not counted: a judge ruling that lowers the destiny to win leaves
        it due, and the next action's consequences record it.)"""
        return bool(consequences(state, BuffyContext(state), victory=False))

    def _with_consequences(self, state: BuffyState, events: list[DomainEvent], ctx: BuffyContext,
                           in_place: bool = False) -> list[DomainEvent]:
        work = state if in_place else copy_state(state)
        for event in events:
            self.apply(work, event)
        out = list(events)
        for _ in range(64):  # a guard against a consequence loop; each round changes the state
            follow = consequences(work, ctx)
            if not follow:
                break
            for event in follow:
                self.apply(work, event)
            out.extend(follow)
        return out

    # ----------------------------------------------------------------------------- legal actions
    def legal_actions(self, state: BuffyState, player: str) -> list[LegalAction]:
        """Concrete actions where the position names them all; templates (with a "choose" note and
        the fields to fill in) where a card from hand must be named."""
        if state.winner is not None or player != state.to_act or self._settling(state):
            return []
        # A pass, and a draw (the last mandatory draw ends its stage), are decided in full: the
        # consequences they set off (a stage that ends or begins, a fight that resolves) cite rules of
        # their own.  One copy of the state per answer, not per candidate.
        return bounded_legal_actions(
            lambda probe: self.decide(state, probe, legality_only=probe.get("type") not in FULL), player,
            candidates(state, player))
