""""At random" (spoils.engine.at-random): a card a text takes at random ("Your opponent discards a card at
random.", "Put a random card from your discard pile into your hand.") is drawn by the game's seeded random
source, never chosen by the player whose card it is.

The source is seeded by the game (its seating), the position the effect happens at, the card, its
controller and what is drawn, so a replay and the audit, which decide every action again from the log,
draw the same cards.  A name the acting player gives for such a card is refused (a caster's pick for a
choice the text makes at random); a judge recording what happened at the table gives the cards drawn
there in ``choices.at_random``, which record mode keeps flagged as recorded (enforce mode refuses it: the
service draws).  A hidden zone the judge has not recorded whole cannot be drawn from by name: the cards
go unnamed, as a discard of an unknown hand does."""
from __future__ import annotations

import random
from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules import counts
from adjudicator.spoils.rules.context import SpoilsContext, as_list
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.zone_reads import fits_with, known_zone, owner_of
from adjudicator.spoils.text import scripts as S

RULE = "spoils.engine.at-random"
OUT_OF_PLAY = ("discard", "hand", "deck")
"""The zones out of play a random card is drawn from by name (when the judge knows the zone whole)."""
RECORDED = "at_random"
"""The key of ``choices`` in which a judge records the cards drawn at random at the table."""


def seed(ctx: SpoilsContext, env: Env, what: str) -> str:
    """The seed of one draw: the game's seating, the position, the card, its controller and what is drawn."""
    s = ctx.work
    return f"{'|'.join(s.seating)}:{s.position}:{env.source}:{env.controller}:{what}"


def draw(ctx: SpoilsContext, env: Env, pool: list[Any], n: int, what: str) -> list[Any]:
    """``n`` entries of ``pool`` (all of them when it holds fewer), drawn by the seeded source."""
    return random.Random(seed(ctx, env, what)).sample(list(pool), max(0, min(n, len(pool))))


def refuse_pick(ctx: SpoilsContext, env: Env, key: str, said: list[str], what: str) -> None:
    """A violation when the action names ``said`` (its ``choices.<key>`` or ``targets``) for ``what``,
    which the text takes at random: the player does not choose it."""
    if said:
        ctx.violate(RULE, f"{env.source}: {what} is taken at random, not chosen by {env.controller}: "
                          f"{key} ({', '.join(said)}) is refused; the service draws it (a judge records what "
                          f"happened at the table in choices.{RECORDED}, in record mode)")


def recorded(ctx: SpoilsContext, env: Env, what: str) -> list[str] | None:
    """The cards the judge recorded as drawn at random at the table (``choices.at_random``), flagged
    as recorded (a violation: record mode keeps it, enforce mode refuses it); None when none is."""
    said = env.choices.get(RECORDED)
    if said is None:
        return None
    names = [str(x) for x in as_list(said)]
    ctx.violate(RULE, f"{env.source}: {what} is drawn at random by the service; choices.{RECORDED} "
                      f"({', '.join(names) or 'none'}) records what happened at the table instead")
    return names


def from_zone(ctx: SpoilsContext, env: Env, player: str, zone: str, pool: list[str] | None, n: int,
              what: str) -> list[str] | None:
    """The names of ``n`` cards taken at random from ``player``'s ``zone``: recorded by the judge, else
    drawn among ``pool`` (the zone's cards that qualify; by default the whole zone when the judge knows
    it).  None when the zone is hidden and not known whole: the cards go unnamed."""
    said = recorded(ctx, env, what)
    if said is not None:
        return said[:n]
    cards = pool if pool is not None else known_zone(ctx, player, zone)
    if cards is None:
        ctx.note(RULE, f"{env.source}: {what} at random from {player}'s {zone}, which the service does not "
                       f"know whole: the cards go unnamed (a judge may record them in choices.{RECORDED})")
        return None
    names = draw(ctx, env, cards, n, f"{zone}:{player}:{what}")
    ctx.note(RULE, f"{env.source}: {what} at random from {player}'s {zone}: {', '.join(names) or 'none'} "
                   f"(drawn by the service, seeded by the game and the position)")
    return names


def cards_drawn(ctx: SpoilsContext, ref: Ph.Cards, env: Env) -> list[str]:
    """The cards a selector that says "random" takes ("a random card from your discard pile", "a random
    character"): as many as it says, drawn among the cards that fit the rest of it, in play (ids) or in
    a zone out of play (names; ``env.found`` then says where, for the operation that moves them)."""
    plain = ref.model_copy(update={"adjectives": [a for a in ref.adjectives if a != "random"]})
    n = ref.quantity if isinstance(ref.quantity, int) else ref.count if isinstance(ref.count, int) else \
        (env.x or 0) if ref.count == "X" else 1
    if ref.zone in OUT_OF_PLAY:
        player = owner_of(ctx, ref.zone_owner, env)
        known = known_zone(ctx, player, ref.zone)
        fits = plain.model_copy(update={"zone": None})
        pool = None if known is None else \
            [c for c in known if (spec := ctx.lookup(c)) is not None and fits_with(spec, fits, env.x)]
        names = from_zone(ctx, env, player, ref.zone, pool, n, ref.words().rstrip(".")) or []
        env.found, env.searched, env.zone = list(names), player, ref.zone
        env.picks.append(list(names))
        return names
    s = ctx.work
    pool = [cid for cid in s.cards if S.matches(s, cid, plain, env.controller, env.card)
            and counts.within(s, cid, plain.with_, env.x)]
    said = recorded(ctx, env, ref.words())
    ids = said[:n] if said is not None else draw(ctx, env, sorted(pool), n, f"in play:{ref.words()}")
    ctx.note(RULE, f"{env.source}: {ref.words()}: {', '.join(ids) or 'none'} (at random)")
    env.picks.append(list(ids))
    env.it = list(ids)
    return ids
