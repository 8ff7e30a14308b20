"""The World of Warcraft Miniatures action-bar engine (comprehensive rules chapter 3, 300-304).

``decide`` checks an action and returns the events it records: the action's own event, then the
consequences (a replaced buff removed, a pet removed with its master, the next turn starting),
computed by applying each event to a scratch copy as it is emitted.  ``evolve`` applies events and
never re-checks rules.  Every rule consulted goes into the decision's trace; judge rulings and card
text can change a rule's outcome (see ``adjudicator.wowmini.checks`` and the kernel's precedence).

The handler of each action class is in the module of its area: ``cards`` (play, ready, reveal,
cancel), ``abilities`` (use an ability, attack, leave a form), ``turns`` (pass, move, respawn,
time), ``damage`` (the judge's damage, healing and destruction records).
"""
from __future__ import annotations

from typing import Any

from adjudicator.core import Decision, GameOver, InvalidAction, InvalidSetup, LegalAction
from adjudicator.kernel import GameEngine, check_seating, player_ids
from adjudicator.kernel.engine import working_on
# The handler modules register themselves in HANDLERS when imported.
from adjudicator.wowmini import abilities, cards, damage, turns  # noqa: F401
from adjudicator.wowmini import actions as A
from adjudicator.wowmini.checks import HANDLERS, WowMiniContext
from adjudicator.wowmini.derived import (counters_of, effective, effective_attack, effective_health, next_to_act,
                                         restriction_fits, vp_control)
from adjudicator.wowmini.legal import candidates, templates
from adjudicator.wowmini.projection import apply_event
from adjudicator.wowmini.setup import setup_errors
from adjudicator.wowmini.state import WowMiniState
from adjudicator.wowmini.turns import settle
from events.models.base import DomainEvent
from events.models.common import GameCreated

GAME = "wowmini"

__all__ = ["GAME", "WowMiniEngine", "counters_of", "effective", "effective_attack", "effective_health",
           "next_to_act", "restriction_fits", "setup_errors", "vp_control"]


class WowMiniEngine(GameEngine[WowMiniState]):
    """World of Warcraft Miniatures, the action-bar chapter: cards, buffs, forms, totems, pets."""

    game = GAME
    title = "WoW Miniatures"
    State = WowMiniState

    def create(self, players: list[dict[str, Any]], first_player: str | None,
               setup: dict[str, Any] | None) -> list[DomainEvent]:
        """The GameCreated event holding the whole starting position, defaults filled in.

        ``setup`` is a state document (the shape ``to_document`` returns).  Raises InvalidSetup
        naming every field that does not fit, with the rule it breaks.
        """
        ids = player_ids(players)
        doc = dict(setup or {})
        if doc.get("game", GAME) != GAME:
            raise InvalidSetup(f"setup describes a {doc.get('game')!r} position, not a WoW Miniatures one",
                               [{"field": "setup.game", "message": "expected 'wowmini'"}])
        doc.pop("position", None)
        check_seating(doc, ids, first_player)
        first = first_player or doc.get("first_player") or doc["seating"][0]
        check_seating(doc, ids, first)
        doc["first_player"] = first
        state = self.state_from(doc)
        errors = setup_errors(state)
        if errors:
            raise InvalidSetup("setup breaks the rules: "
                               + "; ".join(f"{e['field']}: {e['message']}" for e in errors), errors)
        if state.acting is None and state.winner is None:
            state.acting = next_to_act(state)
        state.position = 0
        return [GameCreated(game_name=GAME, players=players, first_player=first,
                            state=state.model_dump(mode="json", by_alias=True))]

    def apply(self, state: WowMiniState | None, event: DomainEvent) -> WowMiniState:
        """Like evolve, mutating ``state`` in place.  Raises TypeError for an unknown event."""
        if isinstance(event, GameCreated):
            new = WowMiniState.model_validate(event.state)
            new.position = 1
            return new
        assert state is not None, "the first event of a log is GameCreated"
        apply_event(event, state)
        state.position += 1
        return state

    def to_document(self, state: WowMiniState) -> dict[str, Any]:
        """The state as JSON, with read-only views (``effective``, ``counters``, card
        ``category``, ``controlled_vp_squares``) that ``create`` ignores on input."""
        doc = state.model_dump(mode="json", by_alias=True)
        for cid, ch in state.characters.items():
            d = doc["characters"][cid]
            d["effective"] = effective(ch)
            d["counters"] = counters_of(ch)
            for card, cd in zip(ch.action_bar, d["action_bar"]):
                cd["category"] = card.play_category
            if ch.form is not None:
                d["form"]["category"] = ch.form.play_category
        doc["controlled_vp_squares"] = vp_control(state)
        return doc

    def decide(self, state: WowMiniState, action: dict[str, Any], *, work: WowMiniState | None = None) -> Decision:
        """What the rules make of ``action`` at ``state`` (left untouched).  ``work``: a copy of
        ``state`` the caller gives up, to which the events are applied as they are found (no copy
        of its own is made).

        Raises InvalidAction (unknown type, bad fields, unknown pieces) or GameOver.
        """
        if state is None:
            raise InvalidAction("no game yet", [{"field": "state", "message": "create the game first"}])
        if state.winner is not None:
            raise GameOver(f"the game is over at position {state.position}")
        act = A.parse_action(action)
        if act.player not in state.seating:
            raise InvalidAction(f"{act.player!r} is not a player of this game",
                                [{"field": "player", "message": f"expected one of {', '.join(state.seating)}"}])
        ctx = working_on(WowMiniContext(state), work)
        HANDLERS.of(act)(ctx, act)
        if not ctx.blocked and ctx.events:
            settle(ctx)
        return Decision(events=[] if ctx.blocked else ctx.events, violations=ctx.violations,
                        because=ctx.because)

    def legal_actions(self, state: WowMiniState, player: str) -> list[LegalAction]:
        """Concrete actions ``player`` may take (each decides legal), then templates for the
        judge's effect records (damage, heal, destroy, moves further than one square, time)."""
        if state is None or state.winner is not None or player not in state.seating:
            return []
        out: list[LegalAction] = []
        for action, description in candidates(state, player):
            try:
                decision = self.decide(state, action)
            except InvalidAction:
                continue
            if decision.legal:
                rules = list(dict.fromkeys(t.rule for t in decision.because
                                           if t.outcome in ("allowed", "applied", "overridden")))
                out.append(LegalAction(action=action, rules=rules, description=description))
        out += templates(state, player)
        return out
