"""Deciding to face a challenge, and who defends it (``buffy.challenge.*``, ``buffy.multiplayer``)."""
from __future__ import annotations

from adjudicator.buffy import actions as A
from adjudicator.buffy.context import CANNOT_ACT, HANDLERS, BuffyContext, board_character
from adjudicator.buffy.state import Challenge
from adjudicator.core import InvalidAction
from events.models import buffy as E
from events.models.base import DomainEvent


@HANDLERS.on(A.FaceChallenge)
def decide_face_challenge(ctx: BuffyContext, a: A.FaceChallenge) -> list[DomainEvent] | None:
    s = ctx.state
    ch = s.challenges.get(a.challenge)
    if ch is None:
        raise InvalidAction(f"no challenge {a.challenge!r} in play", [{"field": "challenge", "message": "unknown"}])
    ctx.require(a.challenge not in s.players[a.player].faced_challenges, "buffy.challenge.once-per-turn",
                f"{a.player} has already faced {ch.name} this turn", f"{a.player} has not faced {ch.name} this turn")
    ctx.require(len(set(a.characters)) == len(a.characters), "buffy.challenge.face", "a character is named twice",
                "each character is named once")
    for cid in a.characters:
        c = board_character(ctx, cid, "characters")
        ctx.require(c.owner == a.player, "buffy.challenge.face", f"{c.name} is not {a.player}'s character",
                    f"{c.name} is {a.player}'s")
        ctx.require(c.location == ch.location, "buffy.challenge.same-location", f"{c.name} is not at {ch.location}",
                    f"{c.name} is at {ch.location}")
        ctx.forbid_unless_permitted(c.fatigued, CANNOT_ACT, f"{c.name} is fatigued and cannot face a challenge", c, cid)
        if ch.alignment and c.side:
            ctx.require(c.side == ch.alignment, "buffy.challenge.alignment",
                        f"{c.name} is {c.side}; {ch.name} is a {ch.alignment} challenge",
                        f"{c.name} is {c.side} like the challenge")
    defending = _challenge_defender(ctx, a, ch)
    if defending is None:
        return None
    ctx.note("buffy.challenge.suspends-step", f"the {ctx.state.step} step is suspended while the challenge runs")
    ctx.note("buffy.challenge.choose", f"the challenge / choose stage begins; {a.player}, the attacking player, "
                                       "acts first")
    return [E.ChallengeFaced(player=a.player, challenge=a.challenge, characters=a.characters, defending_player=defending)]


def _challenge_defender(ctx: BuffyContext, a: A.FaceChallenge, ch: Challenge) -> str | None:
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
