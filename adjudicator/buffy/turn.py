"""Deciding the actions of the turn's own flow: passing, placing a challenge in the prologue,
drawing and discarding (``buffy.step.*``, ``buffy.pass-consecutively``)."""
from __future__ import annotations

from adjudicator import flow
from adjudicator.buffy import actions as A
from adjudicator.buffy import overrides
from adjudicator.buffy.context import HANDLERS, BuffyContext, cards_available, can_draw, free_id, slug
from adjudicator.buffy.projection import window
from adjudicator.buffy.state import PARK, BuffyState, Challenge
from adjudicator.core import InvalidAction, Violation
from events.models import buffy as E
from events.models.base import DomainEvent


def mandatory_pending(s: BuffyState, player: str) -> list[Violation]:
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
        elif p.hand < hand_size and can_draw(p):
            pending.append(Violation(rule=rule, message=f"{player} holds {p.hand} cards and must draw back to {hand_size}"))
    if s.phase is not None and s.phase.stage == "draw":
        pending.append(Violation(rule=f"buffy.{s.phase.kind}.draw",
                                 message="the draw stage has no passing: the mandatory draws end it"))
    if s.phase is not None and s.phase.stage == "discard" and p.hand > hand_size:
        pending.append(Violation(rule=f"buffy.{s.phase.kind}.discard",
                                 message=f"{player} holds {p.hand} cards and must discard down to {hand_size} before passing"))
    return pending


@HANDLERS.on(A.Pass)
def decide_pass(ctx: BuffyContext, a: A.Pass) -> list[DomainEvent]:
    s = ctx.state
    for v in mandatory_pending(s, a.player):
        ctx.require(False, v.rule, v.message)
    w = window(s)
    closing = flow.pass_would_close(w, a.player)
    run = s.consecutive_passes + 1 if a.player == s.to_act else 1
    ctx.note("buffy.pass-consecutively",
             f"{a.player} passes ({run} of {len(w.seating)} in a row)"
             + ("; the stage ends" if closing else ""))
    return [E.PlayerPassed(player=a.player)]


@HANDLERS.on(A.PlaceChallenge)
def decide_place_challenge(ctx: BuffyContext, a: A.PlaceChallenge) -> list[DomainEvent] | None:
    s = ctx.state
    p = s.players[a.player]
    ctx.require(not p.challenge_placed, "buffy.prologue.place-challenge",
                f"{a.player} has already placed a challenge this turn", "one challenge per player per turn")
    ctx.require(p.challenge_deck > 0, "buffy.prologue.place-challenge", f"{a.player} has no challenge left to place")
    if a.unplayable:
        if a.challenge is not None:
            spots = _challenge_spots(s, a.player, a.challenge)
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
    _check_challenge_spot(ctx, a.player, a.challenge, a.at)
    cid = a.id or _new_challenge_id(s, a.challenge.name)
    if cid in s.challenges:
        raise InvalidAction(f"a challenge with id {cid!r} is already in play", [{"field": "id", "message": "taken"}])
    doc = Challenge(owner=a.player, location=a.at, **a.challenge.model_dump()).model_dump(mode="json")
    return [E.ChallengePlaced(player=a.player, challenge_id=cid, challenge=doc)]


def _new_challenge_id(s: BuffyState, name: str) -> str:
    return free_id(slug(name), s.challenges)


def _check_challenge_spot(ctx: BuffyContext, player: str, card: A.ChallengeCard, at: str) -> None:
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


def _challenge_spots(s: BuffyState, player: str, card: A.ChallengeCard) -> list[str]:
    spots = []
    for space in s.adjacency:
        if space == PARK:
            continue
        probe = BuffyContext(s)
        _check_challenge_spot(probe, player, card, space)
        if not probe.violations:
            spots.append(space)
    return spots


@HANDLERS.on(A.Draw)
def decide_draw(ctx: BuffyContext, a: A.Draw) -> list[DomainEvent]:
    s = ctx.state
    p = s.players[a.player]
    count = max(a.count, len(a.cards))
    available = cards_available(p)
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


@HANDLERS.on(A.Discard)
def decide_discard(ctx: BuffyContext, a: A.Discard) -> list[DomainEvent]:
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
