"""The numbers a script reads off the game: "where X is ..." and the statistics of a card (502.2).

``value`` answers every statistic the engine knows (``KNOWN``); what an operation did "this way"
(characters destroyed or depleted, cards drawn, tokens removed) is counted from the events the script
has emitted so far.  ``adjudicator.spoils.text.scripts`` lists a statistic outside ``KNOWN`` as not
enforced, so the coverage report does not claim it.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.zone_reads import STATS as HANDS
from adjudicator.spoils.rules.zone_reads import bound_of, in_bound, last_seen, owner_of, zone_size
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import selector_reads as SR
from adjudicator.spoils.text import subjects as _SUBJECTS
from events.models import spoils as E

if TYPE_CHECKING:
    from adjudicator.spoils.rules.context import SpoilsContext

OF_CARD = ("strength", "life", "speed", "structure", "numeric_cost", "damage", "tokens")
SO_FAR = ("characters_destroyed", "characters_depleted", "cards_drawn", "tokens_removed")
KNOWN = frozenset({*OF_CARD, *SO_FAR, "influence", "cards_in_hand", "cards_in_deck", "icons", "count",
                   "destroyed_character_strength", "seven_minus_rage"})
ZONES = ("deck", "hand", "discard")


def value(ctx: "SpoilsContext", stat: Ph.Stat, controller: str, cards: Callable[[Any], list[str]]) -> int:
    """The statistic ``stat`` as the script of a card controlled by ``controller`` reads it now;
    ``cards(ref)`` resolves the card it is "of".  0 for a statistic the engine does not know."""
    n = _base(ctx, stat, controller, cards)
    if stat.twice:
        n *= 2
    if stat.half:  # "half its numeric cost, rounded up"
        n = (n + 1) // 2
    if stat.minus is not None:
        n -= stat.minus if isinstance(stat.minus, int) else value(ctx, stat.minus, controller, cards)
    return max(n, 0)


def _base(ctx: "SpoilsContext", stat: Ph.Stat, controller: str, cards: Callable[[Any], list[str]]) -> int:
    s = ctx.work
    me = s.players[controller]
    if stat.stat == "influence":
        return me.faction.influence
    if stat.stat == "cards_in_hand":
        return me.hand
    if stat.stat == "cards_in_deck":
        return me.deck
    if stat.stat == "icons":
        return _SUBJECTS.provided_icons(s, controller).get(stat.icon or "", 0)
    if stat.stat == "seven_minus_rage":  # "7 minus the number of [R] you control" (405.5; floored at 0, 410.4)
        return max(7 - _SUBJECTS.provided_icons(s, controller).get("R", 0), 0)
    if stat.stat in SO_FAR:
        return _so_far(ctx, stat.stat)
    if stat.stat in HANDS:
        return HANDS[stat.stat](ctx, stat, controller)
    if stat.stat == "count":
        return _count(ctx, stat.of, controller) if isinstance(stat.of, Ph.Cards) else 0
    if stat.of == "last_tactic":  # "the numeric cost of the last tactic played this turn" (tactics_played)
        return (s.tactics_played[-1].cost or 0) if s.tactics_played and stat.stat == "numeric_cost" else 0
    found = cards(stat.of)
    if stat.among is not None:  # "the highest speed among characters in the opposing party": the cards in play now
        values = [_of_card(s, cid, stat.stat) for cid in found if cid in s.cards]
        return 0 if not values else max(values) if stat.among == "highest" else min(values)
    if stat.stat == "destroyed_character_strength":  # "the destroyed character's strength when it was destroyed"
        gone = {e.card_id for e in ctx.events if isinstance(e, E.CardDestroyed)}  # the one this script destroyed
        found, stat = [c for c in found if c in gone], stat.model_copy(update={"stat": "strength"})
    if found and found[0] not in s.cards and found[0] in ctx.state.cards:
        s = ctx.state  # it left play during this decision: as it last was in play (spoils.engine.last-known)
    elif found and found[0] not in s.cards:  # it also entered play during this decision
        s = last_seen(ctx, found[0]) or s
    if stat.stat not in OF_CARD or not found or found[0] not in s.cards:
        return 0
    return _of_card(s, found[0], stat.stat)


def _of_card(s: Any, card_id: str, name: str) -> int:
    """A statistic of the card in play ``card_id`` now (its combat statistics as precedence weighs them)."""
    card = s.cards[card_id]
    if name in P.STATS:
        return _CONTINUOUS.stat(s, card_id, name)[0] or 0
    return {"numeric_cost": card.cost or 0, "damage": card.damage, "tokens": card.tokens}.get(name, 0)


def _count(ctx: "SpoilsContext", cards: Ph.Cards, controller: str) -> int:
    """"The number of characters your opponent controls", "... of members in the attacking party",
    "... of cards in your opponent's deck" (502.2): cards in play that fit, the members of a party
    of the battle in progress, or the size of a zone (hidden zones are counts, 302)."""
    s = ctx.work
    if cards.zone in ZONES:
        owner = owner_of(ctx, cards.zone_owner, Env(controller, "", None))
        return zone_size(ctx, owner, cards.zone) or 0
    pool = list(s.cards)
    if cards.in_party is not None:
        b = s.battle
        pool = [] if b is None else list(b.attackers if cards.in_party == "attacking" else b.blockers
                                          if cards.in_party == "blocking" else [])
    if cards.cards == "member":
        return len(pool)
    return sum(1 for cid in pool if S.matches(s, cid, cards.model_copy(update={"in_party": None}), controller))


TOKENS = re.compile(r"^at least (\d+) tokens? on it$")
"""A bound on the tokens of the card picked: "with at least 1 token on it" (409.1)."""


def within(state: Any, card_id: str, with_: str | None, x: int | None) -> bool:
    """Whether the card in play ``card_id`` is within the bound ``with_`` says (True for no bound, or
    one that is not a number: "with Covert" is the selector's business); X as the script set it."""
    if with_ == "Covert" and card_id in state.cards:  # "pick a character with Covert" (507.3)
        return "covert" in _CONTINUOUS.keywords(state, card_id)[0]
    tokens = TOKENS.match(with_ or "")
    if tokens is not None and card_id in state.cards:  # "pick a card you control with at least 1 token on it"
        return state.cards[card_id].tokens >= int(tokens.group(1))
    if card_id in state.cards and with_ in ("a token on it", "no tokens on it"):
        return (state.cards[card_id].tokens > 0) == (with_ == "a token on it")
    if card_id in state.cards and with_ == "the UNIQUE keyword in its rules text":
        return state.cards[card_id].unique is not None
    said = bound_of(with_, x)
    if said is None or card_id not in state.cards:
        return SR.with_read(with_)  # read by its operation's handler (selector_reads.READ_BY), or no card
    name, bound, way = said
    card = state.cards[card_id]
    have = (card.cost or 0) if name == "numeric_cost" else _CONTINUOUS.stat(state, card_id, name)[0] or 0
    return in_bound(have, bound, way)


def _so_far(ctx: "SpoilsContext", what: str) -> int:
    events = ctx.events
    if what == "characters_destroyed":
        return sum(1 for e in events if isinstance(e, E.CardDestroyed) and _was_character(ctx, e.card_id))
    if what == "characters_depleted":
        return sum(len(e.cards) for e in events if isinstance(e, E.CardsDepleted))
    if what == "cards_drawn":
        return sum(e.count for e in events if isinstance(e, E.CardsDrawn))
    return sum(max(-e.delta, 0) for e in events if isinstance(e, E.TokensChanged))


def _was_character(ctx: "SpoilsContext", card_id: str) -> bool:
    card = ctx.state.cards.get(card_id)
    return card is None or card.type == "character"
