"""The Spoils rules engine.

``decide`` checks an action against the Comprehensive Rules Reference (2013-12-31) and returns the
events it records: the action's own event, then the consequences (a play that resolves, damage
dealt, characters destroyed, influence lost, a turn that ends, the game won or drawn), found by
applying each event to a scratch copy of the state until a player has to act.  ``evolve`` applies
events and never re-checks rules.

The free-form turn (603) runs in windows built on ``adjudicator.flow``: see
``adjudicator.spoils.evolve.projection`` for why The Spoils' responses (607) close on a single pass by the
opponent rather than on a round of passes.

Where things are: ``HANDLERS`` (``adjudicator.spoils.rules.context``) maps each action class to the
function deciding it, in ``turn`` (set-up, develop, passing, the end of the turn, choices, recorded
triggers, concession), ``plays`` (cards, abilities, faction abilities, responses) and ``attacks``
(attack, block, damage assignment).  What follows from an action is in ``effects`` (the effect
language), ``consequences`` (damage, influence, cards entering and leaving play), ``settling``
(triggers, immediate checks, turns, plays resolving) and ``battle`` (the steps nobody decides).
"""
from __future__ import annotations

import copy
import random
from typing import Any

from adjudicator.core import Decision, GameOver, InvalidAction, InvalidSetup, LegalAction
from adjudicator.kernel import GameEngine, check_seating, player_ids
from adjudicator.kernel.engine import working_on
from adjudicator.spoils.model import actions as A
from adjudicator.spoils.decide import abilities, attacks  # noqa: F401  (they register their handlers)
from adjudicator.spoils.ops import families as handlers
from adjudicator.spoils.decide import plays
from adjudicator.spoils.decide import turn  # noqa: F401  (they register their handlers)
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.ops import interpreter as scripted
from adjudicator.spoils.rules.context import HANDLERS, Hooks, SpoilsContext
from adjudicator.spoils.rules.settling import settle_position
from adjudicator.spoils.decide.legal import candidates
from adjudicator.spoils.decide.names import by_name
from adjudicator.spoils.decide.printed import printed
from adjudicator.spoils.decide import choice_specs
from adjudicator.spoils.decide.resolving import (
    choices_asked, fillable, fillable_as, handled_asking, nothing_to_pick, resolves_as_chosen, sample_fill)
from adjudicator.spoils.enforcement import left_to_the_judge
from adjudicator.spoils.evolve.projection import apply_event, window_players
from adjudicator.spoils.ops.hands import revealed
from adjudicator.spoils.model.card_types import types_of
from adjudicator.spoils.model.state import STAPLES, Faction, SpoilsState
from events.models.base import DomainEvent
from events.models.common import GameCreated
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.position_memo import answered_once, kept, memo

HOOKS = Hooks(run_script=scripted.run, do_all=scripted.do_all)
"""The interpreter the rules reach through every decision context this engine makes."""


class SpoilsEngine(GameEngine[SpoilsState]):
    """The Engine protocol for The Spoils (``adjudicator.core.Engine``)."""

    game = "spoils"
    title = "Spoils"
    State = SpoilsState

    # ----------------------------------------------------------------------------- creation
    def create(self, players: list[dict[str, Any]], first_player: str | None,
               setup: dict[str, Any] | None) -> list[DomainEvent]:
        """The ``GameCreated`` event of a new game.

        Without ``setup.stage`` the game starts fresh (601.1): factions in play at their starting
        influence, starting resources in play face up, and, when the first player is known, the
        starting hands drawn (8 first, 9 second) and the mulligans to make.  Without a first player,
        the player chosen at random (``setup.chooser``, else a draw seeded by ``setup.seed``) decides
        (601.1c); ``GameCreated.first_player`` then names that chooser.  With ``setup.stage`` the
        setup is a whole position (the document ``to_document`` returns).  Raises InvalidSetup.
        """
        ids = player_ids(players)
        doc = copy.deepcopy(setup or {})
        if not isinstance(doc, dict):
            raise InvalidSetup("setup is a state document", [{"field": "setup", "message": "expected an object"}])
        fresh = "stage" not in doc
        check_seating(doc, ids, first_player)
        _seat_players(doc, players)
        if fresh:
            _fresh(doc, first_player)
        elif first_player is not None and doc.get("first_player") is None:
            doc["first_player"] = first_player
        state = self.state_from(doc)
        state.position = 0
        recorded_first = state.first_player or state.chooser or state.active_player or state.seating[0]
        return [GameCreated(game_name="spoils", players=players, first_player=recorded_first,
                            state=state.model_dump(mode="json"))]

    # ----------------------------------------------------------------------------- projection
    def apply(self, state: SpoilsState | None, event: DomainEvent) -> SpoilsState:
        """Like evolve, but mutates ``state`` in place."""
        if isinstance(event, GameCreated):
            return SpoilsState.model_validate(event.state)
        assert state is not None, "the first event of a log is GameCreated"
        apply_event(event, state)
        return state

    def to_document(self, state: SpoilsState) -> dict[str, Any]:
        """The state as JSON, with read-only outputs: each card's ``effective`` statistics and
        keywords, each player's ``icons`` and ``unattached`` resources, and the open ``window``."""
        doc = state.model_dump(mode="json")
        for cid in state.cards:
            eff: dict[str, Any] = {}
            for name in P.STATS:
                value, _ = _CONTINUOUS.stat(state, cid, name)
                if value is not None:
                    eff[name] = value
            kws, _ = _CONTINUOUS.keywords(state, cid)
            eff["keywords"] = sorted(kws)
            eff["types"] = types_of(state.cards[cid])  # 208.1a
            doc["cards"][cid]["effective"] = eff
        for pid, pdoc in doc["players"].items():
            pdoc["icons"] = {k: v for k, v in _SUBJECTS.provided_icons(state, pid).items() if v}
            pdoc["unattached"] = sum(1 for r in state.players[pid].resources.values() if not r.attached)
        for pid, zones in revealed(state).items():  # "... is revealed at all times" (scripted_hands)
            doc["players"][pid]["revealed"] = zones
        if state.choice is not None:  # the player who must choose is the one to act (503.4, 507.8)
            doc["to_act"] = state.choice.player
        doc["window"] = {"step": _step(state), "players": window_players(state) if state.winner is None else []}
        return doc

    # ----------------------------------------------------------------------------- deciding
    def decide(self, state: SpoilsState, raw: dict[str, Any], *, work: SpoilsState | None = None,
               ahead: bool = True, consequences: bool = True) -> Decision:
        """Checks ``raw`` at ``state`` (left untouched).  ``work``: a copy of ``state`` the caller
        gives up, to which the events are applied as they are found (no copy of its own is made).
        ``ahead``: a play left waiting is checked to resolve with the choices it made when the
        opponent passes (``decide.resolving``).  Raises InvalidAction (cannot be parsed) or GameOver."""
        if state.winner is not None:
            who = state.winner.player or "nobody (a draw)"
            raise GameOver(f"the game is over at position {state.position}: won by {who}")
        action = A.parse(raw)
        if action.player not in state.seating:
            raise InvalidAction(f"{action.player!r} does not play in this game",
                                [{"field": "player", "message": "not a player of this game"}])
        ctx = _context(state, action, work, consequences)
        choice = state.choice
        if state.players[action.player].lost and action.type != "concede":
            ctx.violate("spoils.102.1", f"{action.player} has lost the game", blocking=True)
        elif choice is not None and action.type not in ("choose", "concede", "resolve_trigger"):
            ctx.violate(choice.rule, f"{choice.player} must first choose ({choice.detail or choice.kind}): choose one "
                        f"of {', '.join(choice.options)}", blocking=True)
        else:
            ctx, action = handled_asking(ctx, action, _handle, lambda: _context(state, action, None, consequences),
                                         work)
            if ahead and consequences:
                resolves_as_chosen(ctx, state, action, lambda at, passing: self.decide(at, passing, ahead=False))
            if not ctx.blocked:
                left_to_the_judge(ctx)
        if not ctx.because:
            ctx.note("spoils.603.2", f"{action.type} at {_step(state)}")
        return Decision(events=[] if ctx.blocked else ctx.events, violations=ctx.violations, because=ctx.because)

    # ----------------------------------------------------------------------------- legal actions
    @answered_once("legal_actions")  # worked out once per position (issue 26)
    def legal_actions(self, state: SpoilsState, player: str) -> list[LegalAction]:
        """The actions ``player`` may take at ``state``: concrete actions checked with ``decide``,
        plus templates whose open fields are the player's to fill (``action`` lacks them)."""
        if state.winner is not None or player not in state.seating:
            return []
        out: list[LegalAction] = []
        seen: set[str] = set()
        left = _settled(state)
        for action, rules, description, concrete in candidates(self, left, player):
            key = repr(sorted(action.items(), key=lambda kv: kv[0]))
            if key in seen:
                continue
            seen.add(key)
            if concrete:
                try:
                    decision = self.decide(state, action, consequences=not _alone(action))
                except InvalidAction:
                    continue
                if not decision.legal:
                    asked = choices_asked(action, decision)
                    if asked:  # a pass that must bring a choice: offered open, saying which (choices_asked)
                        out.append(LegalAction(action=action, rules=rules + sorted({v.rule for v in decision.violations}),
                                               description=f"{description}, naming: {asked}"))
                    continue
                extra = [t.rule for t in decision.because if t.outcome == "overridden"]
                out.append(LegalAction(action=action, rules=rules + [r for r in extra if r not in rules],
                                       description=description))
            elif self._fillable(state, left, action):
                out.append(LegalAction(action=action, rules=rules, description=description))
        return out

    def _fillable(self, state: SpoilsState, left: SpoilsState, action: dict[str, Any]) -> bool:
        """A template is offered unless deciding it as it stands is refused for more than what it
        leaves to fill (``resolving.fillable``), or, filled with the first values its text allows
        at ``left``, the position the immediate checks leave (``resolving.sample_fill``), for more
        than the cards picked (a cost it cannot pay: a card already depleted), or whose required pick
        has nothing to pick; one the action model cannot read yet is offered."""
        alone = _alone(action)
        try:
            if not fillable(action, self.decide(state, action, ahead=False, consequences=not alone)):
                return False
            needs = choice_specs.for_action(left, action)
            filled = sample_fill(action, needs) if needs else None
            if filled is None or nothing_to_pick(filled):
                return filled is None
            return fillable_as(self.decide(state, filled, ahead=False, consequences=not alone))
        except InvalidAction:
            return True


DECLARED = frozenset({"play_card", "play_tactic", "use_ability", "faction_ability", "respond", "attack"})
"""The actions whose legality is all in their declaration (costs, timing, targets, restrictions: 604-607,
608.1): what follows (the play waiting for responses, triggers of paying its cost, the battle's first
step) cannot make them illegal, so the legal actions ask only that (``SpoilsContext.consequences``).
A pass, a choice, a trigger resolved or a turn ended are decided in full: what resolves then may ask
for choices (``resolving.choices_asked``)."""


SET_UP = 1
"""The position of a game's created state (its log's first event, ``GameCreated``; 0 before it is stored).
Every decision ends with the immediate checks (``settling.settle``), so only a position set up (a document,
``setup.stage``) may hold a character with lethal damage or 0 life (408.4, spoils.faq.zero-life) or a location
at its structure (408.5): its first decision destroys them before anything else, and its legal actions are
those of the position left."""


def _settled(state: SpoilsState) -> SpoilsState:
    """``state`` as the immediate checks leave it (itself, unless it is a position set up that holds such a
    card), worked out once per position (``position_memo.memo``): the legal actions and the choices they
    ask (``needs``) read the same position left."""
    if (state.position or 0) > SET_UP:
        return state
    found = memo(state)
    key = ("settled", state.position)
    if key not in found:
        ctx = SpoilsContext(state, HOOKS)
        settle_position(ctx)
        found[key] = ctx.work if ctx.events else state
    return found[key]


def needs(state: SpoilsState, action: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The choices a legal action's card text asks (``choice_specs.for_action``) at the position the
    immediate checks leave (``_settled``): a card they destroy is no choice."""
    return choice_specs.for_action(_settled(state), action)


def _alone(action: dict[str, Any]) -> bool:
    """Whether the legal actions decide ``action`` without what follows from it: one ``DECLARED`` that
    makes no choice of its own (a choice is checked as it resolves: spoils.engine.choices-when-made),
    unless nothing is kept (``position_memo.unkept``: the whole decision, as before issue 26)."""
    return kept() and action.get("type") in DECLARED and not action.get("choices")


def _context(state: SpoilsState, action: Any, work: SpoilsState | None, consequences: bool = True) -> SpoilsContext:
    ctx = working_on(SpoilsContext(state, HOOKS), work)
    ctx.choices = dict(action.choices)
    ctx.consequences = consequences
    return ctx


def _handle(ctx: SpoilsContext, action: Any) -> Any:
    """The action (its cards by name and as printed) decided by its handler; the action as decided.  At a
    position set up (``SET_UP``) the immediate checks come first (``settling.settle_position``)."""
    if (ctx.state.position or 0) <= SET_UP:
        settle_position(ctx)
    action = printed(ctx, by_name(ctx, action))
    HANDLERS.of(action)(ctx, action)
    return action


def _seat_players(doc: dict[str, Any], players: list[dict[str, Any]]) -> None:
    """Each player entry's ``faction`` and ``deck`` (a count or a list of card names) into
    ``setup.players``, unless the setup gives them.  Raises InvalidSetup."""
    pdocs = doc.setdefault("players", {})
    if not isinstance(pdocs, dict):
        raise InvalidSetup("setup.players maps player ids to their state",
                           [{"field": "setup.players", "message": "expected an object"}])
    for entry in players:
        pd = pdocs.setdefault(entry["id"], {})
        if "faction" in entry and "faction" not in pd:
            pd["faction"] = entry["faction"]
        if "deck" in entry and "deck" not in pd:
            if isinstance(entry["deck"], list):
                pd["deck_cards"] = list(entry["deck"])
                pd["deck"] = len(entry["deck"])
            else:
                pd["deck"] = entry["deck"]


def _fresh(doc: dict[str, Any], first_player: str | None) -> None:
    """601.1a-e on a setup document that gives no stage."""
    seating = doc["seating"]
    seed = doc.pop("seed", None)
    for pid in seating:
        _fresh_faction(pid, doc["players"].setdefault(pid, {}))
    first = first_player or doc.get("first_player")
    if first is None:                                   # 601.1c, spoils.engine.first-player-record
        chooser = doc.get("chooser") or random.Random(str(seed if seed is not None else "|".join(seating))).choice(seating)
        doc["chooser"] = chooser
        doc["stage"] = "choose_first_player"
        doc["to_act"] = chooser
        return
    doc["first_player"] = first
    for pid in seating:                                                          # 601.1e
        pd = doc["players"][pid]
        draw = pd["faction"]["starting_draw"]["first" if pid == first else "second"]
        if isinstance(pd.get("deck"), int):
            draw = min(draw, pd["deck"])
            pd["deck"] -= draw
        pd["hand"] = pd.get("hand", 0) + draw
    doc["stage"] = "mulligan"
    doc["to_act"] = first


def _fresh_faction(pid: str, pd: dict[str, Any]) -> None:
    """601.1a, 601.1b, 601.1d: the faction at its starting influence and its starting resources in
    play face up (taken out of the deck).  Raises InvalidSetup."""
    try:
        faction = Faction.model_validate(pd.get("faction") or {})
    except Exception as exc:
        errors = A.pydantic_errors(exc, f"setup.players.{pid}.faction.") if hasattr(exc, "errors") else []
        raise InvalidSetup(f"players.{pid}.faction does not describe a faction", errors) from None
    fdoc = faction.model_dump(mode="json")
    if "influence" not in (pd.get("faction") or {}):
        fdoc["influence"] = faction.starting_influence                      # 601.1a
    pd["faction"] = fdoc
    if "resources" in pd:                                                   # 601.1b, 601.1d
        return
    resources = {}
    for i, name in enumerate(faction.starting_resources, start=1):
        resources[f"{pid}.r{i}"] = {"name": name, "face_up": True, "icons": STAPLES.get(name.lower(), "")}
        if name in pd.get("deck_cards", []):
            pd["deck_cards"].remove(name)
        if isinstance(pd.get("deck"), int):
            pd["deck"] = max(0, pd["deck"] - 1)
    pd["resources"] = resources


def _step(state: SpoilsState) -> str:
    if state.winner is not None:
        return "over"
    if state.choice is not None:
        return f"choice:{state.choice.kind}"
    if state.pending:
        return f"response:{state.pending[-1].id}"
    if state.battle is not None:
        return f"battle.{state.battle.stage}"
    return state.stage
