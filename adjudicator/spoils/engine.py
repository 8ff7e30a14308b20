"""The Spoils rules engine.

``decide`` checks an action against the Comprehensive Rules Reference (2013-12-31) and returns the
events it records: the action's own event, then the consequences (a play that resolves, damage
dealt, characters destroyed, influence lost, a turn that ends, the game won or drawn), found by
applying each event to a scratch copy of the state until a player has to act.  ``evolve`` applies
events and never re-checks rules.

The free-form turn (603) runs in windows built on ``adjudicator.flow``: see
``adjudicator.spoils.projection`` for why The Spoils' responses (607) close on a single pass by the
opponent rather than on a round of passes.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from adjudicator import flow
from adjudicator.core import Decision, GameOver, InvalidAction, InvalidSetup, LegalAction
from adjudicator.spoils import actions as A
from adjudicator.spoils import precedence as P
from adjudicator.spoils.precedence import Subject
from adjudicator.spoils.projection import apply_event, in_game, opponents, window, window_players
from adjudicator.spoils.resolution import Ctx, check_effect
from adjudicator.spoils.state import (
    STAPLES, TACTICS_STAGES, CardSpec, Faction, SpoilsState, _icons,
)
from events import spoils as E
from events.base import DomainEvent
from events.common import GameCreated

SETUP_STAGES = ("choose_first_player", "mulligan")
STAGE_RULES = {"attack_tactics": "spoils.608.1c", "blocks": "spoils.608.1d", "tactics_a": "spoils.609.1a",
               "assign_attacker": "spoils.609.1c", "assign_blocker": "spoils.609.1d", "tactics_e": "spoils.609.1e",
               "repeat": "spoils.609.1g"}
MAIN_ONLY = {"character": "spoils.204.1", "item": "spoils.206.1", "location": "spoils.207.1"}
NO_PRIORITY = ("The Spoils has no priority passing (607.2b): only the opponent of the player who made the play "
               "may respond (607.1), so that opponent's single pass closes the window, where a priority system "
               "needs every player to pass in a row")
NO_STACK = ("the plays waiting for responses resolve one at a time, most recent first; the rules keep no formal "
            "stack (607.2c), so triggers are never responded to (503.2)")


class SpoilsEngine:
    """The Engine protocol for The Spoils (``adjudicator.core.Engine``)."""

    game = "spoils"

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
        if not players or not isinstance(players, list):
            raise InvalidSetup("a game needs players", [{"field": "players", "message": "at least one player"}])
        ids = [str(p.get("id")) for p in players if isinstance(p, dict) and p.get("id")]
        if len(ids) != len(players) or len(set(ids)) != len(ids):
            raise InvalidSetup("every player needs a distinct id",
                               [{"field": "players", "message": "each player needs a distinct id"}])
        doc = copy.deepcopy(setup or {})
        if not isinstance(doc, dict):
            raise InvalidSetup("setup is a state document", [{"field": "setup", "message": "expected an object"}])
        fresh = "stage" not in doc
        doc.setdefault("seating", ids)
        if sorted(map(str, doc["seating"])) != sorted(ids):
            raise InvalidSetup("setup.seating must name exactly the players",
                               [{"field": "setup.seating", "message": "differs from players"}])
        if first_player is not None and first_player not in ids:
            raise InvalidSetup(f"first_player {first_player!r} is not a player",
                               [{"field": "first_player", "message": "not a player"}])
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
        if fresh:
            self._fresh(doc, first_player)
        elif first_player is not None and doc.get("first_player") is None:
            doc["first_player"] = first_player
        try:
            state = SpoilsState.model_validate(doc)
        except Exception as exc:  # pydantic.ValidationError, or a ValueError of a model validator
            errors = A.pydantic_errors(exc, "setup.") if hasattr(exc, "errors") else [{"field": "setup", "message": str(exc)}]
            raise InvalidSetup("setup does not describe a Spoils position: "
                               + "; ".join(f"{e['field']}: {e['message']}" for e in errors), errors) from None
        state.position = 0
        recorded_first = state.first_player or state.chooser or state.active_player or state.seating[0]
        return [GameCreated(game_name="spoils", players=players, first_player=recorded_first,
                            state=self._plain_document(state))]

    def _fresh(self, doc: dict[str, Any], first_player: str | None) -> None:
        """601.1a-e on a setup document that gives no stage."""
        seating = doc["seating"]
        seed = doc.pop("seed", None)
        for pid in seating:
            pd = doc["players"].setdefault(pid, {})
            try:
                faction = Faction.model_validate(pd.get("faction") or {})
            except Exception as exc:
                errors = A.pydantic_errors(exc, f"setup.players.{pid}.faction.") if hasattr(exc, "errors") else []
                raise InvalidSetup(f"players.{pid}.faction does not describe a faction", errors) from None
            fdoc = faction.model_dump(mode="json")
            if "influence" not in (pd.get("faction") or {}):
                fdoc["influence"] = faction.starting_influence                      # 601.1a
            pd["faction"] = fdoc
            if "resources" not in pd:                                               # 601.1b, 601.1d
                resources = {}
                for i, name in enumerate(faction.starting_resources, start=1):
                    resources[f"{pid}.r{i}"] = {"name": name, "face_up": True, "icons": STAPLES.get(name.lower(), "")}
                    if name in pd.get("deck_cards", []):
                        pd["deck_cards"].remove(name)
                    if isinstance(pd.get("deck"), int):
                        pd["deck"] = max(0, pd["deck"] - 1)
                pd["resources"] = resources
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

    # ----------------------------------------------------------------------------- projection
    def evolve(self, state: SpoilsState | None, event: DomainEvent) -> SpoilsState:
        """The state after ``event``; the given state is left untouched."""
        work = state.model_copy(deep=True) if state is not None else None
        return self.apply(work, event)

    def apply(self, state: SpoilsState | None, event: DomainEvent) -> SpoilsState:
        """Like evolve, but mutates ``state`` in place."""
        if isinstance(event, GameCreated):
            return SpoilsState.model_validate(event.state)
        assert state is not None, "the first event of a log is GameCreated"
        apply_event(event, state)
        return state

    def _plain_document(self, state: SpoilsState) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def to_document(self, state: SpoilsState) -> dict[str, Any]:
        """The state as JSON, with read-only outputs: each card's ``effective`` statistics and
        keywords, each player's ``icons`` and ``unattached`` resources, and the open ``window``."""
        doc = state.model_dump(mode="json")
        for cid in state.cards:
            eff: dict[str, Any] = {}
            for name in P.STATS:
                value, _ = P.stat(state, cid, name)
                if value is not None:
                    eff[name] = value
            kws, _ = P.keywords(state, cid)
            eff["keywords"] = sorted(kws)
            doc["cards"][cid]["effective"] = eff
        for pid, pdoc in doc["players"].items():
            pdoc["icons"] = {k: v for k, v in P.provided_icons(state, pid).items() if v}
            pdoc["unattached"] = sum(1 for r in state.players[pid].resources.values() if not r.attached)
        doc["window"] = {"step": _step(state), "players": window_players(state) if state.winner is None else []}
        return doc

    def status(self, state: SpoilsState) -> tuple[str, Any]:
        if state.winner is not None:
            return "finished", state.winner.model_dump(mode="json")
        return "in_progress", None

    # ----------------------------------------------------------------------------- deciding
    def decide(self, state: SpoilsState, raw: dict[str, Any]) -> Decision:
        """Checks ``raw`` at ``state``.  Raises InvalidAction (cannot be parsed) or GameOver."""
        if state.winner is not None:
            who = state.winner.player or "nobody (a draw)"
            raise GameOver(f"the game is over at position {state.position}: won by {who}")
        action = A.parse(raw)
        if action.player not in state.seating:
            raise InvalidAction(f"{action.player!r} does not play in this game",
                                [{"field": "player", "message": "not a player of this game"}])
        ctx = Ctx(state.model_copy(deep=True))
        if ctx.s.players[action.player].lost and action.type != "concede":
            ctx.violate("spoils.102.1", f"{action.player} has lost the game", appliable=False)
        elif ctx.s.choice is not None and action.type not in ("choose", "concede", "resolve_trigger"):
            c = ctx.s.choice
            ctx.violate(c.rule, f"{c.player} must first choose ({c.detail or c.kind}): choose one of {', '.join(c.options)}",
                        appliable=False)
        else:
            handler = getattr(self, "_" + action.type.replace("play_tactic", "play_card"))
            handler(ctx, action)
        if not ctx.because:
            ctx.note("spoils.603.2", f"{action.type} at {_step(state)}")
        return Decision(events=[] if ctx.unappliable else ctx.events, violations=ctx.violations, because=ctx.because)

    # --- set-up ----------------------------------------------------------------------------
    def _choose_first_player(self, ctx: Ctx, a: A.ChooseFirstPlayer) -> None:
        s = ctx.s
        if not ctx.require(s.stage == "choose_first_player", "spoils.601.1c",
                           "the first player has already been decided",
                           "the random chooser decides who plays first", appliable=False):
            return
        if a.first_player not in s.seating:
            raise InvalidAction(f"{a.first_player!r} is not a player", [{"field": "first_player", "message": "not a player"}])
        ctx.require(a.player == s.chooser, "spoils.601.1c",
                    f"{s.chooser} was chosen at random to decide who plays first, not {a.player}",
                    f"{a.player}, chosen at random, decides that {a.first_player} plays first")
        ctx.emit(E.FirstPlayerChosen(player=a.player, first_player=a.first_player))
        hands = {}
        for p in s.seating:
            pl = s.players[p]
            n = pl.faction.starting_draw["first" if p == a.first_player else "second"]
            hands[p] = n if pl.deck is None else min(n, pl.deck)
        ctx.note("spoils.601.1e", "starting draws: " + ", ".join(f"{p} {n}" for p, n in hands.items()))
        ctx.emit(E.StartingHandsDrawn(hands=hands))

    def _mulligan(self, ctx: Ctx, a: A.Mulligan) -> None:
        s = ctx.s
        if not ctx.require(s.stage == "mulligan", "spoils.601.1f", "the mulligan is only before the first turn",
                           "each player may take the single free mulligan before the first turn", appliable=False):
            return
        p = s.players[a.player]
        count = a.count if a.count is not None else len(a.cards)
        if a.cards and count != len(a.cards):
            raise InvalidAction("count and cards disagree", [{"field": "count", "message": "must equal the number of cards named"}])
        if len(a.drawn) > count:
            raise InvalidAction("more cards drawn than put back", [{"field": "drawn", "message": f"at most {count}"}])
        ctx.require(a.player == s.to_act, "spoils.601.1g",
                    f"players mulligan one after another clockwise from the first player: {s.to_act} decides now",
                    f"{a.player} decides, clockwise from the first player")
        ctx.require(not p.mulliganed, "spoils.601.1f", f"{a.player} has already had the single free mulligan",
                    f"{a.player} has not used the single free mulligan yet")
        if not ctx.require(count <= p.hand, "spoils.601.1f", f"{a.player} has only {p.hand} card(s) in hand",
                           appliable=False):
            return
        if len(p.hand_cards) >= p.hand:
            missing = _missing(p.hand_cards, a.cards)
            ctx.require(not missing, "spoils.601.1f", f"{', '.join(missing)} not in {a.player}'s hand")
        ctx.emit(E.MulliganTaken(player=a.player, count=count, cards=a.cards, drawn=a.drawn))
        ctx.note("spoils.601.1f", f"{a.player} puts {count} card(s) on the bottom of the deck and draws as many"
                 if count else f"{a.player} keeps the starting hand")
        if all(s.players[q].mulliganed for q in s.seating):
            first = s.first_player or s.seating[0]
            ctx.note("spoils.601.1h", f"every player has decided: the first turn begins, {first} plays first")
            ctx.start_turn(first, 1)
        ctx.settle()

    # --- develop ---------------------------------------------------------------------------
    def _develop(self, ctx: Ctx, a: A.Develop) -> None:
        if a.choice == "draw":
            self._draw(ctx, A.Draw(type="draw", player=a.player, count=1, cards=a.cards))
        else:
            r = a.resource or A.ResourceChoice()
            self._play_resource(ctx, A.PlayResource(type="play_resource", player=a.player, card=r.card,
                                                    face_up=r.face_up, icons=r.icons, id=r.id))

    def _draw(self, ctx: Ctx, a: A.Draw) -> None:
        s = ctx.s
        if s.stage in SETUP_STAGES:
            ctx.violate("spoils.601.1", "the game has not started: starting hands are drawn with the set-up",
                        appliable=False)
            return
        if s.stage == "develop" and a.player == s.active_player:
            ctx.require(a.count == 1, "spoils.202.8", "the develop rule draws one card",
                        f"{a.player} develops by drawing a card (not also a resource: spoils.faq.draw-or-resource)")
            ctx.emit(E.DevelopChosen(player=a.player, choice="draw"))
            ctx.draw(a.player, a.count, a.cards, "spoils.202.8")
            ctx.settle()
            return
        if s.stage == "develop":
            ctx.violate("spoils.202.8", f"{s.active_player} is developing; {a.player} draws only through a card or "
                                        f"the faction's DRAW ability")
        elif s.players[a.player].developed and a.player == s.active_player:
            ctx.violate("spoils.faq.draw-or-resource", f"{a.player} has already developed this turn: draw a card or "
                        f"play a resource at the start of the turn, not both; later draws come from the faction's DRAW "
                        f"ability (pay 3)")
        else:
            ctx.violate("spoils.603.2", "drawing is not one of the actions of a turn: a card's effect or the faction's "
                                        "DRAW ability (pay 3) makes a player draw")
        ctx.draw(a.player, a.count, a.cards, "spoils.306.1")
        ctx.settle()

    def _play_resource(self, ctx: Ctx, a: A.PlayResource) -> None:
        s = ctx.s
        if s.stage in SETUP_STAGES:
            ctx.violate("spoils.601.1b", "the game has not started: starting resources come with the set-up",
                        appliable=False)
            return
        spec = self._resource_spec(ctx, a.player, a.card, a.face_up, a.icons, a.id)
        if spec is None:
            return
        if s.stage == "develop" and a.player == s.active_player:
            ctx.note("spoils.202.8", f"{a.player} develops by playing a resource (not also a draw: "
                                     f"spoils.faq.draw-or-resource)", "allowed")
            ctx.emit(E.DevelopChosen(player=a.player, choice="resource"))
            ctx.play_resource(a.player, spec, "spoils.202.8")
            ctx.fire("resource_played", player=a.player)
            ctx.settle()
            return
        if s.stage == "develop":
            ctx.violate("spoils.203.1", f"{a.player} may play a resource only when an effect says so")
        elif s.players[a.player].developed and a.player == s.active_player:
            ctx.violate("spoils.faq.draw-or-resource", f"{a.player} has already developed this turn; more resources "
                        f"come from the faction's RESOURCE ability (pay 4) (203.1)")
        else:
            ctx.violate("spoils.203.1", "a resource is played only when an effect says so, most often the faction "
                                        "(203.1a): use the faction's RESOURCE ability (pay 4)")
        ctx.play_resource(a.player, spec, "spoils.605.1")
        ctx.settle()

    def _resource_spec(self, ctx: Ctx, player: str, card: Any, face_up: bool, icons: str | None,
                       rid: str | None) -> dict[str, Any] | None:
        """605.1a-b: a card from hand, face up only if it is a real resource card (203.2)."""
        s = ctx.s
        p = s.players[player]
        if not ctx.require(p.hand > 0, "spoils.605.1a", f"{player} has no card in hand", appliable=False):
            return None
        if rid is not None and any(rid in q.resources for q in s.players.values()):
            raise InvalidAction(f"resource id {rid!r} is taken", [{"field": "id", "message": "already in play"}])
        name = card.get("name") if isinstance(card, dict) else card
        spec = ctx.lookup(card) if card is not None else None
        if spec is None and isinstance(name, str) and name.lower() in STAPLES:
            spec = CardSpec(name=name, type="resource", keywords=["staple"])
        if face_up:
            if card is None:
                raise InvalidAction("a resource played face up must be named",
                                    [{"field": "card", "message": "name the resource card played face up"}])
            if spec is None and icons is None:
                raise InvalidAction(f"unknown card {name!r}", [{"field": "card", "message": "describe it inline or give icons"}])
            real = spec is None or spec.type == "resource"
            ctx.require(real, "spoils.203.2", f"only real resource cards are played face up; {name} is a {spec.type if spec else '?'}",
                        f"{name} is a resource card: it may be played face up")
            if icons is None and spec is not None:
                icons = spec.resource_icons()
        else:
            ctx.note("spoils.203.4a", "a card played face down is a resource that provides one Volition icon")
        if name and len(p.hand_cards) >= p.hand:
            ctx.require(name in p.hand_cards, "spoils.605.1a", f"{name} is not in {player}'s hand")
        try:
            icons = _icons(icons or "")
        except ValueError as exc:
            raise InvalidAction(str(exc), [{"field": "icons", "message": str(exc)}]) from None
        return {"card": name, "face_up": face_up, "icons": icons, "id": rid}

    # --- playing cards and abilities ---------------------------------------------------------
    def _card(self, ctx: Ctx, ref: Any, field: str = "card") -> CardSpec:
        try:
            spec = ctx.lookup(ref)
        except Exception as exc:
            errors = A.pydantic_errors(exc, f"{field}.") if hasattr(exc, "errors") else [{"field": field, "message": str(exc)}]
            raise InvalidAction(f"{field} does not describe a card", errors) from None
        if spec is None:
            raise InvalidAction(f"unknown card {ref!r}", [{"field": field, "message":
                                "not in this game's card pool: describe it inline (name, type, cost, threshold, ...)"}])
        return spec

    def _fast_timing(self, ctx: Ctx, p: str, rule: str, what: str, subject: Subject,
                     responding: bool) -> tuple[bool, str | None]:
        """When tactics, abilities and faction abilities may be used; returns (ok, pending id
        responded to)."""
        s = ctx.s
        if s.stage in SETUP_STAGES:
            ctx.violate("spoils.601.1", f"the game has not started: {p} cannot {what}", appliable=False)
            return False, None
        if s.stage == "develop":
            ctx.violate("spoils.202.8", f"{s.active_player} develops first (draw a card or play a resource)")
            ctx.note("spoils.engine.develop-first", "the faction's restore and develop rules resolve at the start "
                                                    "of the turn, before anything else (602.2)")
            return False, None
        if s.stage == "end":
            ctx.violate("spoils.610.1", "the turn is ending: its end-of-turn triggers resolve", appliable=False)
            return False, None
        if s.pending:
            top = s.pending[-1]
            responders = window_players(s)
            if p not in responders:
                ok = ctx.consult("spoils.607.1", False, subject,
                                 f"{p} cannot respond to {p}'s own {top.name}: you respond only to your opponent's "
                                 f"plays, abilities and end of turn; {', '.join(responders)} may respond now")
                return ok, top.id
            if not ctx.require(p == s.to_act, "spoils.607.2", f"{s.to_act} responds first"):
                return False, top.id
            ctx.note("spoils.607.2", f"{p} responds to {top.player}'s {top.name} and may {what}", "allowed")
            return True, top.id
        if responding:
            other = s.active_player if p != s.active_player else "the opponent"
            ctx.violate("spoils.607.1", f"nothing of {other}'s is waiting for responses: you respond to your "
                                        f"opponent's plays, abilities and end of turn", appliable=False)
            return False, None
        if s.battle is not None:
            b = s.battle
            srule = STAGE_RULES[b.stage]
            if b.stage in TACTICS_STAGES:
                ok = ctx.require(p == s.to_act, srule,
                                 f"at this battle step the attacking player plays tactics and abilities first, then the "
                                 f"defending player: {s.to_act} is playing now",
                                 f"{p} may {what} at this battle step")
                return ok, None
            ctx.violate(srule, f"no tactics or abilities at this battle step ({b.stage})")
            return False, None
        ok = ctx.consult(rule, p == s.active_player, subject,
                         f"on {s.active_player}'s turn {p} may {what} only in response to {s.active_player}'s plays, "
                         f"abilities or end of turn (607.1)",
                         f"{p} may {what} during {p}'s own turn (603.2)")
        return ok, None

    def _play_card(self, ctx: Ctx, a: A.PlayCard, responding: bool = False) -> None:
        s = ctx.s
        spec = self._card(ctx, a.card)
        p = a.player
        if spec.type == "resource":
            ctx.violate("spoils.604.1a", f"{spec.name} is a resource: resources are played with play_resource "
                                         f"when an effect says so (605, 203.1)", appliable=False)
            return
        fast = spec.type == "tactic" or "tactical" in spec.keywords
        if (a.type == "play_tactic" or responding) and not fast:
            ctx.violate("spoils.607.2" if responding else "spoils.205.1",
                        f"{spec.name} is a {spec.type}: a response is a tactic or an ability", appliable=False)
            return
        effect = a.effect if a.effect is not None else spec.effect
        check_effect(effect)
        if a.id is not None and a.id in s.cards:
            raise InvalidAction(f"card id {a.id!r} is taken", [{"field": "id", "message": "already in play"}])
        pl = s.players[p]
        if not ctx.require(pl.hand > 0, "spoils.604.1a", f"{p} has no card in hand",
                           f"{p} plays {spec.name} from hand", appliable=False):
            return
        if len(pl.hand_cards) >= pl.hand:
            ctx.require(spec.name in pl.hand_cards, "spoils.604.1a", f"{spec.name} is not in {p}'s hand",
                        f"{spec.name} is in {p}'s hand")
        subject = Subject.being_played(spec, p)
        response_to = None
        if fast:
            rule = "spoils.205.1" if spec.type == "tactic" else "spoils.507.6a"
            ok, response_to = self._fast_timing(ctx, p, rule, f"play {spec.name}", subject, responding)
            if not ok and ctx.unappliable:
                return
        else:
            self._main_timing(ctx, p, spec, subject)
            if ctx.unappliable:
                return
        missing = P.missing_threshold(s, p, spec.threshold)
        ctx.consult("spoils.405.2", not missing, subject,
                    f"{spec.name} needs threshold {spec.threshold}: {p} lacks {missing} (604.1b)",
                    f"{p} meets {spec.name}'s threshold {spec.threshold or '(none)'}; icons are never spent (405.6)")
        attach_to = a.attach_to
        if spec.attach_to:
            target = s.cards.get(attach_to) if attach_to else None
            ctx.require(target is not None and target.type == spec.attach_to.lower(), "spoils.507.2a",
                        f"{spec.name} attaches to a {spec.attach_to}: choose one in play as its first extra cost",
                        f"{spec.name} will attach to {target.name if target else attach_to}")
        cost, trace = P.numeric_cost(s, spec, p, extra=a.extra_cost, free=a.free)
        ctx.because.extend(trace)
        available = ctx.unattached(p)
        if not ctx.require(cost <= available, "spoils.309.1",
                           f"{spec.name} costs {cost}: {p} has {available} unattached resource(s), so the play is "
                           f"illegal and undone whole (604.1e, spoils.faq.no-partial-payment)",
                           f"{p} pays {cost} by attaching {cost} of {available} unattached resource(s) to the faction "
                           f"(203.3a)"):
            ctx.note("spoils.604.1e", "the play would be undone whole")
        card_id = a.id or ctx.new_id("c")
        pending_id = f"q{s.next_id}"
        ctx.emit(E.CardPlayed(player=p, pending_id=pending_id, card_id=card_id, card=spec.model_dump(mode="json", exclude_defaults=True),
                              cost=cost, effect=effect, attach_to=attach_to if spec.attach_to else None,
                              response_to=response_to))
        ctx.pay(p, min(cost, available))
        self._awaiting(ctx, spec.name, "spoils.604.1g")
        ctx.settle()

    def _main_timing(self, ctx: Ctx, p: str, spec: CardSpec, subject: Subject) -> None:
        """204.1, 206.1, 207.1: characters, items and locations during your own turn, at no other
        moment (not while a play waits for responses, 604.1g, nor during a battle, 608.1c)."""
        s = ctx.s
        rule = MAIN_ONLY[spec.type]
        if s.stage in SETUP_STAGES:
            ctx.violate("spoils.601.1", "the game has not started", appliable=False)
            return
        reasons = []
        if s.stage == "end":
            reasons.append("the turn is ending")
        if p != s.active_player:
            reasons.append(f"it is {s.active_player}'s turn")
        if s.stage == "develop":
            reasons.append(f"{s.active_player} develops first (spoils.engine.develop-first)")
        if s.pending:
            top = s.pending[-1]
            reasons.append(f"{top.player}'s {top.name} waits for responses (604.1g)" if top.player == p
                           else f"a response to {top.player}'s {top.name} is a tactic or an ability (607.2)")
        if s.battle is not None:
            reasons.append("a battle is in progress: only tactics and abilities (608.1c)")
        ctx.consult(rule, not reasons, subject, f"{spec.name} ({spec.type}) is played during {p}'s own turn only: "
                    + "; ".join(reasons), f"{p} may play a {spec.type} during the free-form turn (603.2a)")

    def _awaiting(self, ctx: Ctx, name: str, rule: str) -> None:
        s = ctx.s
        responders = window_players(s)
        ctx.note(rule, f"{name} waits for the responses of {', '.join(responders) or 'nobody'}")
        ctx.note("spoils.607.2b", NO_PRIORITY)

    def _use_ability(self, ctx: Ctx, a: A.UseAbility, responding: bool = False) -> None:
        s = ctx.s
        p = a.player
        card = s.cards.get(a.card)
        if not ctx.require(card is not None and card.controller == p, "spoils.606.1a",
                           f"{p} does not control a card {a.card!r} in play",
                           f"{p} controls {a.card}", appliable=False):
            return
        ability = next((x for x in card.abilities if x.name.lower() == a.ability.lower()), None)
        if not ctx.require(ability is not None, "spoils.606.1a", f"{card.name} has no ability {a.ability!r}"
                           + (f" (it has {', '.join(x.name for x in card.abilities)})" if card.abilities else ""),
                           appliable=False):
            return
        effect = a.effect if a.effect is not None else ability.effect
        check_effect(effect)
        subject = Subject.card(s, a.card)
        ok, response_to = self._fast_timing(ctx, p, "spoils.502.3", f"use {card.name}'s {ability.name}", subject, responding)
        if not ok and ctx.unappliable:
            return
        missing = P.missing_threshold(s, p, ability.threshold)
        ctx.consult("spoils.405.3", not missing, subject, f"{ability.name} needs threshold {ability.threshold}: "
                    f"{p} lacks {missing} (606.1b)", f"{p} meets the threshold of {ability.name}")
        if ability.deplete:
            ctx.require(not card.depleted, "spoils.303.2", f"{card.name} is already depleted: it cannot be depleted to "
                        f"pay for {ability.name} (606.1d)", f"{card.name} depletes to pay for {ability.name}",
                        appliable=False)
            if ctx.unappliable:
                return
        available = ctx.unattached(p)
        ctx.require(ability.cost <= available, "spoils.309.1",
                    f"{ability.name} costs {ability.cost}: {p} has {available} unattached resource(s) (606.1d)",
                    f"{p} pays {ability.cost} (406.4)")
        pending_id = f"q{s.next_id}"
        ctx.emit(E.AbilityUsed(player=p, pending_id=pending_id, card_id=a.card, ability=ability.name,
                               cost=ability.cost, effect=effect, response_to=response_to))
        ctx.pay(p, min(ability.cost, available))
        if ability.deplete:
            ctx.emit(E.CardsDepleted(cards=[a.card], rule="spoils.606.1c"))
        self._awaiting(ctx, ability.name, "spoils.606.1f")
        ctx.settle()

    def _faction_ability(self, ctx: Ctx, a: A.FactionAbility, responding: bool = False) -> None:
        s = ctx.s
        p = a.player
        faction = s.players[p].faction
        ability = next((x for x in faction.abilities if x.name.lower() == a.ability.lower()), None)
        if not ctx.require(ability is not None, "spoils.606.1a",
                           f"{faction.name} has no ability {a.ability!r} (it has "
                           f"{', '.join(x.name for x in faction.abilities)})", appliable=False):
            return
        ok, response_to = self._fast_timing(ctx, p, "spoils.faq.faction-ability-timing",
                                            f"use the faction ability {ability.name}", Subject.player(p), responding)
        if not ok and ctx.unappliable:
            return
        if a.effect is not None:
            effect = a.effect
            check_effect(effect)
        else:
            effect = []
            for op in ability.effect:
                if "draw" in op:
                    effect.append({"draw": {"count": op["draw"], "cards": a.cards}})
                elif "play_resource" in op:
                    r = a.resource or A.ResourceChoice()
                    spec = None
                    if s.players[p].hand > 0:
                        spec = self._resource_spec(ctx, p, r.card, r.face_up, r.icons, r.id)
                    else:
                        ctx.note("spoils.402.5", f"{p} has no card in hand: the resource cannot be played when it resolves")
                    effect.append({"play_resource": spec or {}})
                else:
                    effect.append(op)
        available = ctx.unattached(p)
        ctx.require(ability.cost <= available, "spoils.309.1",
                    f"{ability.name} costs {ability.cost}: {p} has {available} unattached resource(s) (606.1d)",
                    f"{p} pays {ability.cost} by attaching resources to the faction (309.1)")
        pending_id = f"q{s.next_id}"
        ctx.emit(E.FactionAbilityUsed(player=p, pending_id=pending_id, ability=ability.name, cost=ability.cost,
                                      effect=effect, response_to=response_to))
        ctx.pay(p, min(ability.cost, available))
        self._awaiting(ctx, ability.name, "spoils.606.1f")
        ctx.settle()

    def _respond(self, ctx: Ctx, a: A.Respond) -> None:
        if a.card is not None:
            self._play_card(ctx, A.PlayCard(type="play_card", player=a.player, card=a.card, id=a.id, effect=a.effect,
                                            extra_cost=a.extra_cost), responding=True)
        elif a.ability is not None:
            if a.source is None:
                raise InvalidAction("an ability response names its source card",
                                    [{"field": "source", "message": "the id of the card whose ability is used"}])
            self._use_ability(ctx, A.UseAbility(type="use_ability", player=a.player, card=a.source, ability=a.ability,
                                                effect=a.effect), responding=True)
        elif a.faction_ability is not None:
            self._faction_ability(ctx, A.FactionAbility(type="faction_ability", player=a.player,
                                                        ability=a.faction_ability, cards=a.cards, resource=a.resource,
                                                        effect=a.effect), responding=True)
        else:
            raise InvalidAction("a response is a tactic, an ability or a faction ability",
                                [{"field": "card", "message": "give card, ability (+ source) or faction_ability"}])

    # --- passing and ending the turn ---------------------------------------------------------
    def _pass(self, ctx: Ctx, a: A.Pass) -> None:
        s = ctx.s
        p = a.player
        if s.stage in SETUP_STAGES:
            rule = "spoils.601.1c" if s.stage == "choose_first_player" else "spoils.601.1f"
            ctx.violate(rule, "no passing during the set-up: " + ("choose the first player" if s.stage ==
                        "choose_first_player" else "mulligan with count 0 keeps the hand"), appliable=False)
            return
        if s.stage == "develop":
            ctx.violate("spoils.202.8", f"{s.active_player} must develop: draw a card or play a resource",
                        appliable=False)
            return
        if s.pending:
            top = s.pending[-1]
            players = window_players(s)
            if p not in players:
                ctx.violate("spoils.607.1", f"{p} cannot respond to {p}'s own {top.name}, so there is nothing to pass "
                                            f"on: {', '.join(players)} may respond or pass", appliable=False)
                return
            if not ctx.require(p == s.to_act, "spoils.607.2", f"{s.to_act} decides first", appliable=False):
                return
            closes = flow.pass_would_close(window(s))
            ctx.emit(E.PlayerPassed(player=p, window=f"response:{top.id}"))
            ctx.note("spoils.607.2b", NO_PRIORITY + f": {p} is done responding to {top.player}'s {top.name}")
            if closes:
                ctx.note("spoils.607.2c", f"{top.name} resolves now; " + NO_STACK)
                ctx.resolve_top()
            ctx.settle()
            return
        if s.battle is not None:
            b = s.battle
            rule = STAGE_RULES[b.stage]
            if b.stage not in TACTICS_STAGES:
                what = {"blocks": "the defending player declares blockers (block with no blockers not to block)",
                        "assign_attacker": "the attacking player assigns the damage of the speed level",
                        "assign_blocker": "the defending player assigns the damage of the speed level"}.get(b.stage, b.stage)
                ctx.violate(rule, f"no passing at this battle step: {what}", appliable=False)
                return
            if not ctx.require(p == s.to_act, rule, f"the attacking player plays tactics first, then the defending "
                               f"player: {s.to_act} is playing now", appliable=False):
                return
            closes = flow.pass_would_close(window(s))
            ctx.emit(E.PlayerPassed(player=p, window=f"battle.{b.stage}"))
            ctx.note(rule, f"{p} is done with tactics and abilities at this step; the attacking player plays first, "
                           f"then the defending player, and a play does not give the other player another turn here",
                     "allowed")
            if closes:
                ctx.close_tactics()
            ctx.settle()
            return
        if p == s.active_player:
            ctx.violate("spoils.603.2d", f"{p} is free to act: the turn ends with end_turn (610.1)", appliable=False)
        else:
            ctx.violate("spoils.607.1", f"nothing of {s.active_player}'s waits for responses", appliable=False)

    def _end_turn(self, ctx: Ctx, a: A.EndTurn) -> None:
        s = ctx.s
        p = a.player
        if s.stage in SETUP_STAGES or s.stage == "end":
            ctx.violate("spoils.603.2d", "there is no turn to end now", appliable=False)
            return
        if not ctx.require(p == s.active_player, "spoils.610.1", f"only the active player, {s.active_player}, ends "
                           f"the turn", appliable=False):
            return
        if s.stage == "develop":
            ctx.violate("spoils.202.8", f"{p} must develop first (draw a card or play a resource)")
        if not ctx.require(not s.pending, "spoils.604.1g", f"{s.pending[-1].name if s.pending else ''} waits for "
                           f"responses first", appliable=False):
            return
        if not ctx.require(s.battle is None, "spoils.609.1", "the battle must be resolved first", appliable=False):
            return
        pending_id = f"q{s.next_id}"
        ctx.emit(E.TurnEndAnnounced(player=p, pending_id=pending_id))
        ctx.note("spoils.610.1", f"{p} announces the end of the turn: {', '.join(window_players(s))} get a last "
                                 f"chance to respond", "allowed")
        ctx.note("spoils.607.2b", NO_PRIORITY)

    # --- battle ------------------------------------------------------------------------------
    def _attack(self, ctx: Ctx, a: A.Attack) -> None:
        s = ctx.s
        p = a.player
        if s.stage in SETUP_STAGES:
            ctx.violate("spoils.601.1", "the game has not started", appliable=False)
            return
        if not ctx.require(not s.pending and s.battle is None and s.stage in ("main", "develop"), "spoils.608.1a",
                           "an attack is declared in the free-form turn, not while a play waits for responses or "
                           "another battle is on", appliable=False):
            return
        if s.stage == "develop":
            ctx.violate("spoils.202.8", f"{p} must develop first (draw a card or play a resource)")
        ctx.consult("spoils.603.2c", p == s.active_player, Subject.player(p),
                    f"{p} attacks only during {p}'s own turn", f"{p} may attack during the turn, as often as the "
                    f"characters allow")
        ctx.consult("spoils.608.1a", True, Subject.player(p), "", f"{p} may declare an attack")
        target, defender = self._target(ctx, p, a.target)
        if target is None:
            return
        if len(set(a.attackers)) != len(a.attackers):
            raise InvalidAction("an attacker is named twice", [{"field": "attackers", "message": "distinct card ids"}])
        for cid in a.attackers:
            card = s.cards.get(cid)
            if not ctx.require(card is not None and card.controller == p and card.type == "character", "spoils.608.1b",
                               f"{cid} is not a character {p} controls", appliable=False):
                return
            ctx.require(not card.depleted, "spoils.303.2", f"{card.name} is depleted: only characters that are not "
                        f"depleted attack (608.1b)", f"{card.name} is not depleted")
            ctx.consult("spoils.608.1b", card.can_attack, Subject.card(s, cid),
                        f"{card.name} has not been under {p}'s control since the start of the turn (204.3): it cannot "
                        f"attack this turn", f"{card.name} has been under {p}'s control since the start of the turn")
        kws = [P.keywords(s, cid)[0] for cid in a.attackers]
        covert = all("covert" in k for k in kws)
        unblockable = all("unblockable" in k for k in kws)
        if covert:
            ctx.note("spoils.507.3a", "every attacker has Covert: a covert party")
        if unblockable:
            ctx.note("spoils.413.1", "every attacker cannot be blocked: no blocking party may form")
        ctx.emit(E.AttackDeclared(player=p, target=target, defender=defender, attackers=a.attackers,
                                  covert=covert, unblockable=unblockable))
        to_deplete = [cid for cid in a.attackers if not s.cards[cid].depleted]
        if to_deplete:
            ctx.emit(E.CardsDepleted(cards=to_deplete, rule="spoils.608.1b"))
        ctx.fire("attack", player=p)
        ctx.stage(E.BattleStageStarted(stage="attack_tactics", to_act=p, rule="spoils.608.1c"))
        ctx.settle()

    def _target(self, ctx: Ctx, p: str, ref: str | None) -> tuple[dict[str, Any] | None, str | None]:
        """608.1a: a faction or a location the attacker does not control; the opponent's faction by default."""
        s = ctx.s
        if ref is None:
            opp = opponents(s, p)
            if not opp:
                ctx.violate("spoils.608.1a", "there is no opponent to attack", appliable=False)
                return None, None
            ctx.note("spoils.608.1a", f"no target named: {p} attacks {opp[0]}'s faction by default")
            return {"kind": "faction", "player": opp[0]}, opp[0]
        player = ref.split(":", 1)[1] if ref.startswith("faction:") else ref if ref in s.seating else None
        if player is not None:
            if not ctx.require(player in s.seating and player != p and not s.players[player].lost, "spoils.608.1a",
                               f"{p} cannot attack {player}'s faction", f"{p} attacks {player}'s faction",
                               appliable=False):
                return None, None
            return {"kind": "faction", "player": player}, player
        card = s.cards.get(ref)
        if not ctx.require(card is not None and card.type == "location" and card.controller != p, "spoils.608.1a",
                           f"{ref} is not a faction or a location {p} does not control", appliable=False):
            return None, None
        ctx.note("spoils.207.3", f"{p} attacks the location {card.name}", "allowed")
        return {"kind": "location", "card": ref, "player": card.controller}, card.controller

    def _block(self, ctx: Ctx, a: A.Block) -> None:
        s = ctx.s
        b = s.battle
        if not ctx.require(b is not None and b.stage == "blocks", "spoils.608.1d",
                           "blockers are declared at the blockers step of a battle",
                           "the blockers step of the battle", appliable=False):
            return
        if not ctx.require(a.player == b.defender, "spoils.608.1d", f"{b.defender} is the defending player",
                           f"{a.player} is the defending player", appliable=False):
            return
        if len(set(a.blockers)) != len(a.blockers):
            raise InvalidAction("a blocker is named twice", [{"field": "blockers", "message": "distinct card ids"}])
        covert = b.covert and all("covert" in P.keywords(s, c)[0] for c in b.attackers if c in s.cards)
        if b.covert and not covert:
            ctx.note("spoils.302.11a", "a member of the party lost Covert: the whole party lost it")
        if b.unblockable and a.blockers:
            ctx.violate("spoils.413.1", "every attacker cannot be blocked: no blocking party may form (412)")
        for cid in a.blockers:
            card = s.cards.get(cid)
            if not ctx.require(card is not None and card.controller == a.player and card.type == "character",
                               "spoils.608.1d", f"{cid} is not a character {a.player} controls", appliable=False):
                return
            if not ctx.require(cid not in b.attackers, "spoils.608.1d", f"{card.name} is attacking", appliable=False):
                return
            ctx.require(not card.depleted, "spoils.608.1d", f"{card.name} is depleted: only characters that are not "
                        f"depleted block", f"{card.name} blocks (blocking does not deplete it)")
            has_covert = "covert" in P.keywords(s, cid)[0]
            if covert:
                ctx.consult("spoils.507.3b", has_covert, Subject.card(s, cid),
                            f"{card.name} has no Covert: only characters with Covert block a covert party",
                            f"{card.name} has Covert and may block the covert party")
            else:
                ctx.consult("spoils.507.3c", not has_covert, Subject.card(s, cid),
                            f"{card.name} has Covert: covert characters block only covert parties",
                            f"{card.name} may block")
        ctx.emit(E.BlockersDeclared(player=a.player, blockers=a.blockers))
        ctx.note("spoils.608.1d", f"{a.player} blocks with {', '.join(a.blockers)}; blockers do not deplete"
                 if a.blockers else f"{a.player} does not block: there is no blocking party in this battle")
        ctx.settle()

    def _assign_damage(self, ctx: Ctx, a: A.AssignDamage) -> None:
        s = ctx.s
        b = s.battle
        if not ctx.require(b is not None and b.stage in ("assign_attacker", "assign_blocker"), "spoils.609.1c",
                           "damage is assigned at a battle's speed levels", appliable=False):
            return
        attacking = b.stage == "assign_attacker"
        rule = "spoils.609.1c" if attacking else "spoils.609.1d"
        owner = b.attacker if attacking else b.defender
        if not ctx.require(a.player == owner, rule, f"{owner} assigns this damage",
                           f"{owner} assigns the damage of speed {b.speed}", appliable=False):
            return
        expected = ctx.sources_at("attacking" if attacking else "blocking")
        opposing = [c for c in (b.blockers if attacking else b.attackers) if c in s.cards]
        totals: dict[str, int] = {}
        for x in a.assignments:
            if not ctx.require(x.source in expected, rule, f"{x.source} does not assign damage at speed {b.speed} "
                               f"(the characters that do: {', '.join(expected) or 'none'})", appliable=False):
                return
            if not ctx.require(x.to in opposing, rule, f"{x.to} is not in the opposing party "
                               f"({', '.join(opposing) or 'empty'})", appliable=False):
                return
            totals[x.source] = totals.get(x.source, 0) + x.amount
        for cid in expected:
            strength = ctx.strength(cid)
            ctx.require(totals.get(cid, 0) == strength, rule,
                        f"{s.cards[cid].name} assigns damage equal to its strength, {strength} (assigned {totals.get(cid, 0)})",
                        f"{s.cards[cid].name} assigns its {strength} damage")
        assignments = [{"source": x.source, "to": x.to, "amount": x.amount} for x in a.assignments]
        assignments += [{"source": c, "to": None, "amount": 0} for c in expected if c not in totals]
        ctx.emit(E.DamageAssigned(player=a.player, speed=b.speed or 0, assignments=assignments))
        ctx.settle()

    # --- choices, triggers, concession -------------------------------------------------------
    def _choose(self, ctx: Ctx, a: A.Choose) -> None:
        s = ctx.s
        c = s.choice
        if not ctx.require(c is not None, "spoils.503.4", "there is nothing to choose", appliable=False):
            return
        if not ctx.require(a.player == c.player, c.rule, f"{c.player} makes this choice",
                           f"{c.player} chooses ({c.detail or c.kind})", appliable=False):
            return
        if not ctx.require(a.choice in c.options, c.rule, f"choose one of {', '.join(c.options)}", appliable=False):
            return
        ctx.emit(E.ChoiceMade(player=a.player, kind=c.kind, choice=a.choice))
        if c.kind == "unique":
            ctx.note("spoils.507.5a", f"{a.player} keeps {a.choice}; the other copies are destroyed")
            ctx.choose_unique(a.choice)
        else:
            ctx.note("spoils.503.4a", f"{a.player} lets {a.choice} resolve next")
            ctx.resolve_trigger(a.choice)
        ctx.settle()

    def _resolve_trigger(self, ctx: Ctx, a: A.ResolveTrigger) -> None:
        s = ctx.s
        if s.stage in SETUP_STAGES:
            ctx.violate("spoils.601.1", "the game has not started", appliable=False)
            return
        check_effect(a.effect)
        controller = a.player
        if a.card is not None:
            card = s.cards.get(a.card)
            if card is None:
                ctx.note("spoils.503.1", f"{a.card} is not in play: its trigger still resolves (503.1)")
            else:
                ctx.require(card.controller == a.player, "spoils.503.4", f"{card.name} is controlled by "
                            f"{card.controller}, whose trigger it is", f"{a.player}'s trigger of {card.name}")
        ctx.note("spoils.503.2", f"{a.name} resolves at once; nobody responds to a trigger")
        ctx.emit(E.TriggerRecorded(player=a.player, card_id=a.card, name=a.name, effect=a.effect))
        ctx.apply_effect(a.effect, controller, a.name, a.card)
        ctx.settle()

    def _concede(self, ctx: Ctx, a: A.Concede) -> None:
        s = ctx.s
        ctx.emit(E.PlayerConceded(player=a.player))
        ctx.emit(E.PlayerLost(player=a.player, rule="spoils.engine.concession", reason="conceded"))
        ctx.note("spoils.engine.concession", f"{a.player} concedes")
        remaining = in_game(s)
        if len(remaining) == 1:
            ctx.emit(E.GameWon(player=remaining[0], by="concession", rule="spoils.engine.concession"))
        elif not remaining:
            ctx.emit(E.GameDrawn(players=[a.player], rule="spoils.102.2", reason="nobody is left"))

    # ----------------------------------------------------------------------------- legal actions
    def legal_actions(self, state: SpoilsState, player: str) -> list[LegalAction]:
        """The actions ``player`` may take at ``state``: concrete actions checked with ``decide``,
        plus templates whose open fields are the player's to fill (``action`` lacks them)."""
        from adjudicator.spoils.legal import candidates

        if state.winner is not None or player not in state.seating:
            return []
        out: list[LegalAction] = []
        seen: set[str] = set()
        for action, rules, description, concrete in candidates(self, state, player):
            key = repr(sorted(action.items(), key=lambda kv: kv[0]))
            if key in seen:
                continue
            seen.add(key)
            if concrete:
                try:
                    decision = self.decide(state, action)
                except InvalidAction:
                    continue
                if not decision.legal:
                    continue
                extra = [t.rule for t in decision.because if t.outcome == "overridden"]
                out.append(LegalAction(action=action, rules=rules + [r for r in extra if r not in rules],
                                       description=description))
            else:
                out.append(LegalAction(action=action, rules=rules, description=description))
        return out


def _missing(have: list[str], wanted: list[str]) -> list[str]:
    pool = list(have)
    missing = []
    for name in wanted:
        if name in pool:
            pool.remove(name)
        else:
            missing.append(name)
    return missing


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
