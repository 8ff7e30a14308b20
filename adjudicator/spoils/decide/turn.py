"""Handlers of the set-up, the develop choice, passing, ending the turn, choices, recorded
triggers and concession."""
from __future__ import annotations

from adjudicator import flow
from adjudicator.core import InvalidAction
from adjudicator.spoils.decide import plays as PL
from adjudicator.spoils.evolve.projection import in_game, window, window_players
from adjudicator.spoils.model import actions as A
from adjudicator.spoils.model.state import TACTICS_STAGES
from adjudicator.spoils.ops.battle_rules import end_turn_limits
from adjudicator.spoils.ops.picks_and_repeats import put_back_by_mulligan
from adjudicator.spoils.rules import battle as B
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import effect_documents as FX
from adjudicator.spoils.rules import settling as T
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules.context import (
    HANDLERS,
    NO_PRIORITY,
    NO_STACK,
    SETUP_STAGES,
    STAGE_RULES,
    SpoilsContext,
    game_started,
)
from adjudicator.spoils.rules.effect_documents import check_effect
from events.models import spoils as E


@HANDLERS.on(A.ChooseFirstPlayer)
def decide_choose_first_player(ctx: SpoilsContext, a: A.ChooseFirstPlayer) -> None:
    s = ctx.work
    if not ctx.require(s.stage == "choose_first_player", "spoils.601.1c",
                       "the first player has already been decided",
                       "the random chooser decides who plays first", blocking=True):
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


@HANDLERS.on(A.Mulligan)
def decide_mulligan(ctx: SpoilsContext, a: A.Mulligan) -> None:
    s = ctx.work
    if not ctx.require(s.stage == "mulligan", "spoils.601.1f", "the mulligan is only before the first turn",
                       "each player may take the single free mulligan before the first turn", blocking=True):
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
                       blocking=True):
        return
    if len(p.hand_cards) >= p.hand:
        missing = _missing(p.hand_cards, a.cards)
        ctx.require(not missing, "spoils.601.1f", f"{', '.join(missing)} not in {a.player}'s hand")
    ctx.emit(E.MulliganTaken(player=a.player, count=count, cards=a.cards, drawn=a.drawn))
    put_back_by_mulligan(ctx, a)
    ctx.note("spoils.601.1f", f"{a.player} puts {count} card(s) on the bottom of the deck and draws as many"
             if count else f"{a.player} keeps the starting hand")
    if all(s.players[q].mulliganed for q in s.seating):
        first = s.first_player or s.seating[0]
        ctx.note("spoils.601.1h", f"every player has decided: the first turn begins, {first} plays first")
        T.start_turn(ctx, first, 1)
    T.settle(ctx)


@HANDLERS.on(A.Develop)
def decide_develop(ctx: SpoilsContext, a: A.Develop) -> None:
    if a.choice == "draw":
        decide_draw(ctx, A.Draw(type="draw", player=a.player, count=1, cards=a.cards))
    else:
        r = a.resource or A.ResourceChoice()
        decide_play_resource(ctx, A.PlayResource(type="play_resource", player=a.player, card=r.card,
                                                face_up=r.face_up, icons=r.icons, id=r.id))


@HANDLERS.on(A.Draw)
def decide_draw(ctx: SpoilsContext, a: A.Draw) -> None:
    s = ctx.work
    if not game_started(ctx, "spoils.601.1",
                        "the game has not started: starting hands are drawn with the set-up"):
        return
    if s.stage == "develop" and a.player == s.active_player:
        ctx.require(a.count == 1, "spoils.202.8", "the develop rule draws one card",
                    f"{a.player} develops by drawing a card (not also a resource: spoils.faq.draw-or-resource)")
        ctx.emit(E.DevelopChosen(player=a.player, choice="draw"))
        C.draw(ctx, a.player, a.count, a.cards, "spoils.202.8")
        T.settle(ctx)
        return
    _not_developing(ctx, a.player,
                    ("spoils.202.8", f"{s.active_player} is developing; {a.player} draws only through a card or "
                                     f"the faction's DRAW ability"),
                    f"{a.player} has already developed this turn: draw a card or play a resource at the start of "
                    f"the turn, not both; later draws come from the faction's DRAW ability (pay 3)",
                    ("spoils.603.2", "drawing is not one of the actions of a turn: a card's effect or the faction's "
                                     "DRAW ability (pay 3) makes a player draw"))
    C.draw(ctx, a.player, a.count, a.cards, "spoils.306.1")
    T.settle(ctx)


def _not_developing(ctx: SpoilsContext, player: str, during: tuple[str, str], again: str,
                    otherwise: tuple[str, str]) -> None:
    """A draw or a resource outside the develop choice (202.8): while the active player develops,
    after the player has developed this turn, or at any other time (only an effect makes it happen)."""
    s = ctx.work
    if s.stage == "develop":
        ctx.violate(*during)
    elif s.players[player].developed and player == s.active_player:
        ctx.violate("spoils.faq.draw-or-resource", again)
    else:
        ctx.violate(*otherwise)


@HANDLERS.on(A.PlayResource)
def decide_play_resource(ctx: SpoilsContext, a: A.PlayResource) -> None:
    s = ctx.work
    if not game_started(ctx, "spoils.601.1b",
                        "the game has not started: starting resources come with the set-up"):
        return
    spec = PL.resource_spec(ctx, a.player, a.card, a.face_up, a.icons, a.id)
    if spec is None:
        return
    if s.stage == "develop" and a.player == s.active_player:
        ctx.note("spoils.202.8", f"{a.player} develops by playing a resource (not also a draw: "
                                 f"spoils.faq.draw-or-resource)", "allowed")
        ctx.emit(E.DevelopChosen(player=a.player, choice="resource"))
        C.play_resource(ctx, a.player, spec, "spoils.202.8")
        _TRIGGERS_PLAYERS.fire(ctx, "resource_played", player=a.player)
        T.settle(ctx)
        return
    _not_developing(ctx, a.player,
                    ("spoils.203.1", f"{a.player} may play a resource only when an effect says so"),
                    f"{a.player} has already developed this turn; more resources come from the faction's RESOURCE "
                    f"ability (pay 4) (203.1)",
                    ("spoils.203.1", "a resource is played only when an effect says so, most often the faction "
                                     "(203.1a): use the faction's RESOURCE ability (pay 4)"))
    C.play_resource(ctx, a.player, spec, "spoils.605.1")
    T.settle(ctx)


@HANDLERS.on(A.Pass)
def decide_pass(ctx: SpoilsContext, a: A.Pass) -> None:
    s = ctx.work
    p = a.player
    if s.stage in SETUP_STAGES:
        rule = "spoils.601.1c" if s.stage == "choose_first_player" else "spoils.601.1f"
        ctx.violate(rule, "no passing during the set-up: " + ("choose the first player" if s.stage ==
                    "choose_first_player" else "mulligan with count 0 keeps the hand"), blocking=True)
        return
    if s.stage == "develop" and not s.pending:  # (an ability used as the turn starts waits for responses)
        ctx.violate("spoils.202.8", f"{s.active_player} must develop: draw a card or play a resource",
                    blocking=True)
        return
    if s.pending:
        top = s.pending[-1]
        players = window_players(s)
        if p not in players:
            ctx.violate("spoils.607.1", f"{p} cannot respond to {p}'s own {top.name}, so there is nothing to pass "
                                        f"on: {', '.join(players)} may respond or pass", blocking=True)
            return
        if not ctx.require(p == s.to_act, "spoils.607.2", f"{s.to_act} decides first", blocking=True):
            return
        closes = flow.pass_would_close(window(s))
        ctx.emit(E.PlayerPassed(player=p, window=f"response:{top.id}"))
        ctx.note("spoils.607.2b", NO_PRIORITY + f": {p} is done responding to {top.player}'s {top.name}")
        if closes:
            ctx.note("spoils.607.2c", f"{top.name} resolves now; " + NO_STACK)
            T.resolve_top(ctx)
        T.settle(ctx)
        return
    if s.battle is not None:
        b = s.battle
        rule = STAGE_RULES[b.stage]
        if b.stage not in TACTICS_STAGES:
            what = {"blocks": "the defending player declares blockers (block with no blockers not to block)",
                    "assign_attacker": "the attacking player assigns the damage of the speed level",
                    "assign_blocker": "the defending player assigns the damage of the speed level"}.get(b.stage, b.stage)
            ctx.violate(rule, f"no passing at this battle step: {what}", blocking=True)
            return
        if not ctx.require(p == s.to_act, rule, f"the attacking player plays tactics first, then the defending "
                           f"player: {s.to_act} is playing now", blocking=True):
            return
        closes = flow.pass_would_close(window(s))
        ctx.emit(E.PlayerPassed(player=p, window=f"battle.{b.stage}"))
        ctx.note(rule, f"{p} is done with tactics and abilities at this step; the attacking player plays first, "
                 f"then the defending player, and a play does not give the other player another turn here",
           "allowed")
        if closes:
            B.close_tactics(ctx)
        T.settle(ctx)
        return
    if p == s.active_player:
        ctx.violate("spoils.603.2d", f"{p} is free to act: the turn ends with end_turn (610.1)", blocking=True)
    else:
        ctx.violate("spoils.607.1", f"nothing of {s.active_player}'s waits for responses", blocking=True)


@HANDLERS.on(A.EndTurn)
def decide_end_turn(ctx: SpoilsContext, a: A.EndTurn) -> None:
    s = ctx.work
    p = a.player
    if s.stage in SETUP_STAGES or s.stage == "end":
        ctx.violate("spoils.603.2d", "there is no turn to end now", blocking=True)
        return
    if not ctx.require(p == s.active_player, "spoils.610.1", f"only the active player, {s.active_player}, ends "
                       f"the turn", blocking=True):
        return
    if s.stage == "develop":
        ctx.violate("spoils.202.8", f"{p} must develop first (draw a card or play a resource)")
    if not ctx.require(not s.pending, "spoils.604.1g", f"{s.pending[-1].name if s.pending else ''} waits for "
                       f"responses first", blocking=True):
        return
    if not ctx.require(s.battle is None, "spoils.609.1", "the battle must be resolved first", blocking=True):
        return
    end_turn_limits(ctx, p)
    pending_id = f"q{s.next_id}"
    ctx.emit(E.TurnEndAnnounced(player=p, pending_id=pending_id))
    ctx.note("spoils.610.1", f"{p} announces the end of the turn: {', '.join(window_players(s))} get a last "
                             f"chance to respond", "allowed")
    ctx.note("spoils.607.2b", NO_PRIORITY)


@HANDLERS.on(A.Choose)
def decide_choose(ctx: SpoilsContext, a: A.Choose) -> None:
    s = ctx.work
    c = s.choice
    if not ctx.require(c is not None, "spoils.503.4", "there is nothing to choose", blocking=True):
        return
    if not ctx.require(a.player == c.player, c.rule, f"{c.player} makes this choice",
                       f"{c.player} chooses ({c.detail or c.kind})", blocking=True):
        return
    if not ctx.require(a.choice in c.options, c.rule, f"choose one of {', '.join(c.options)}", blocking=True):
        return
    ctx.emit(E.ChoiceMade(player=a.player, kind=c.kind, choice=a.choice))
    if c.kind == "unique":
        ctx.note("spoils.507.5a", f"{a.player} keeps {a.choice}; the other copies are destroyed")
        T.choose_unique(ctx, a.choice)
    elif c.kind == "replacement":
        T.choose_replacement(ctx, a.choice)
    elif c.kind == "answer":  # the play that waited for it resolves again, reading the answer (spoils.engine.own-choices)
        ctx.note(c.rule, f"{a.player} answers {a.choice} ({c.detail})")
        T.resolve_top(ctx)
    else:
        ctx.note("spoils.503.4a", f"{a.player} lets {a.choice} resolve next")
        T.resolve_trigger(ctx, a.choice)
    T.settle(ctx)


@HANDLERS.on(A.ResolveTrigger)
def decide_resolve_trigger(ctx: SpoilsContext, a: A.ResolveTrigger) -> None:
    s = ctx.work
    if not game_started(ctx):
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
    FX.apply_effect(ctx, a.effect, controller, a.name, a.card)
    T.settle(ctx)


@HANDLERS.on(A.Concede)
def decide_concede(ctx: SpoilsContext, a: A.Concede) -> None:
    s = ctx.work
    ctx.emit(E.PlayerConceded(player=a.player))
    ctx.emit(E.PlayerLost(player=a.player, rule="spoils.engine.concession", reason="conceded"))
    ctx.note("spoils.engine.concession", f"{a.player} concedes")
    remaining = in_game(s)
    if len(remaining) == 1:
        ctx.emit(E.GameWon(player=remaining[0], by="concession", rule="spoils.engine.concession"))
    elif not remaining:
        ctx.emit(E.GameDrawn(players=[a.player], rule="spoils.102.2", reason="nobody is left"))


def _missing(have: list[str], wanted: list[str]) -> list[str]:
    pool = list(have)
    missing = []
    for name in wanted:
        if name in pool:
            pool.remove(name)
        else:
            missing.append(name)
    return missing
