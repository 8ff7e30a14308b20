"""The numbers a script reads off the game: "where X is ..." and the statistics of a card (502.2).

``value`` answers every statistic the engine knows (``KNOWN``); what an operation did "this way"
(characters destroyed or depleted, cards drawn, tokens removed) is counted from the events the script
has emitted so far.  ``adjudicator.spoils.scripts`` lists a statistic outside ``KNOWN`` as not
enforced, so the coverage report does not claim it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from adjudicator.effects import phrases as Ph
from adjudicator.spoils import precedence as P
from events.models import spoils as E

if TYPE_CHECKING:
    from adjudicator.spoils.context import SpoilsContext

OF_CARD = ("strength", "life", "speed", "structure", "numeric_cost", "damage", "tokens")
SO_FAR = ("characters_destroyed", "characters_depleted", "cards_drawn", "tokens_removed")
KNOWN = frozenset({*OF_CARD, *SO_FAR, "influence", "cards_in_hand", "cards_in_deck", "icons"})


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
        return P.provided_icons(s, controller).get(stat.icon or "", 0)
    if stat.stat in SO_FAR:
        return _so_far(ctx, stat.stat)
    found = cards(stat.of)
    if found and found[0] not in s.cards and found[0] in ctx.state.cards:
        s = ctx.state  # it left play during this decision: as it last was in play (spoils.engine.last-known)
    if stat.stat not in OF_CARD or not found or found[0] not in s.cards:
        return 0
    card = s.cards[found[0]]
    if stat.stat in P.STATS:
        return P.stat(s, found[0], stat.stat)[0] or 0
    return {"numeric_cost": card.cost or 0, "damage": card.damage, "tokens": card.tokens}.get(stat.stat, 0)


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
