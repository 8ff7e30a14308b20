"""Cards out of play as the rules read them: the owner and size of a zone, a card checked against what
the player may know of it (hidden zones), and the numbers an effect counted this way."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import selector_reads as SR
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.model.state import CardSpec
from events.models import spoils as E

HIDDEN = "spoils.engine.hidden-choice"


def owner_of(ctx: SpoilsContext, zone_owner: str | None, env: Env) -> str:
    """The player whose zone a text names ("your deck", "your opponent's hand")."""
    if zone_owner in ("opponent", "an_opponent", "that_opponent", "their"):
        return next(iter(ctx.players_ref("opponent", env.controller)), env.controller)
    if zone_owner in ctx.work.seating:
        return str(zone_owner)
    return env.controller


def known_zone(ctx: SpoilsContext, player: str, zone: str) -> list[str] | None:
    """The card names of a zone when the judge recorded all of it (None: not all are known)."""
    p = ctx.work.players[player]
    if zone == "discard":
        return list(p.discard)
    if zone == "hand":
        return list(p.hand_cards) if len(p.hand_cards) >= p.hand else None
    return list(p.deck_cards) if p.deck is not None and len(p.deck_cards) >= p.deck else None


def zone_size(ctx: SpoilsContext, player: str, zone: str) -> int | None:
    p = ctx.work.players[player]
    return {"hand": p.hand, "deck": p.deck, "discard": len(p.discard)}[zone]


def checked(ctx: SpoilsContext, env: Env, said: list[str], player: str, zone: str, fits: Ph.Cards | None,
            words: str) -> list[str]:
    """The named cards that can be where the action says: each known to the pool, fitting ``fits``
    and, when the judge knows the whole zone, in it.  The others are noted and left out."""
    left = known_zone(ctx, player, zone)
    out: list[str] = []
    for name in said:
        spec = ctx.lookup(name)
        bad = f"not in {player}'s {zone}" if left is not None and name not in left else \
            "not a card of the game's pool" if spec is None and fits is not None else \
            f"not {fits.words()}" if fits is not None and spec is not None and not fits_with(spec, fits) else ""
        if bad:
            ctx.note(HIDDEN, f"{env.source}: {name} is {bad}: it is not {words}")
            continue
        if left is not None:
            left.remove(name)
        out.append(name)
    return out


def fits_with(spec: CardSpec, cards: Ph.Cards, x: int | None = None) -> bool:
    """``scripts.spec_fits`` and a printed bound: "with numeric cost 2 or less", "with numeric cost X
    or less" (X as the script set it; unchecked while X is not known)."""
    if not S.spec_fits(spec, cards):
        return False
    said = bound_of(cards.with_, x)
    if said is None:
        return SR.with_read(cards.with_)  # read by its operation's handler (selector_reads.READ_BY), or no card
    if x is None and "X" in (cards.with_ or ""):
        return True
    name, bound, way = said
    have = spec.cost if name == "numeric_cost" else getattr(spec, name, None)
    return in_bound(have or 0, bound, way)


def removed_costs(ctx: SpoilsContext) -> dict[str, int]:
    """The numeric cost of the card each player removed from the top of their deck in this decision."""
    out: dict[str, int] = {}
    for e in ctx.events:
        if isinstance(e, E.CardsMoved) and e.from_zone == "deck" and e.to == "removed" and e.cards:
            spec = ctx.lookup(e.cards[0])
            out[e.player] = (spec.cost or 0) if spec is not None else 0
    return out


def cost_difference(ctx: SpoilsContext, stat: Any, controller: str) -> int:
    """"the numeric cost of your opponent's removed card minus the numeric cost of your removed card"."""
    costs = removed_costs(ctx)
    theirs = max((v for p, v in costs.items() if p != controller), default=0)
    return theirs - costs.get(controller, 0)


def put_on_bottom_plus_one(ctx: SpoilsContext, stat: Any, controller: str) -> int:
    """"the number of cards you put on the bottom plus 1": the cards this decision moved from the hand
    to the bottom of that player's deck."""
    return 1 + sum(e.count for e in ctx.events if isinstance(e, E.CardsMoved) and e.player == controller
                   and e.from_zone == "hand" and e.to == "deck_bottom")


def tactics_shuffled_in(ctx: SpoilsContext, stat: Any, controller: str) -> int:
    """"the number of tactics shuffled into their deck": the tactics this decision moved from a hand
    into a deck."""
    return sum(1 for e in ctx.events if isinstance(e, E.CardsMoved) and e.from_zone == "hand" and e.rule == "spoils.313.2"
               for n in e.cards if (spec := ctx.lookup(n)) is not None and spec.type == "tactic")


def cards_put(ctx: SpoilsContext, stat: Any, controller: str) -> int:
    """"the number of cards that player put on the bottom of their deck": the cards this decision moved from
    that player's hand to where ``stat.to`` says ("that player", "you": the player the sentence is about; "your
    opponent": theirs)."""
    player = ctx.players_ref("opponent", controller)[0] if stat.of in ("opponent", "opponents") else controller
    to = {"deck_top": "deck_top", "deck_bottom": "deck_bottom", "hand": "hand", "discard": "discard"}.get(stat.to or "",
                                                                                                        "deck_bottom")
    return sum(e.count for e in ctx.events if isinstance(e, E.CardsMoved) and e.player == player
               and e.from_zone == "hand" and e.to == to)


STATS = {"removed_cost_difference": cost_difference, "cards_put_on_bottom_plus_one": put_on_bottom_plus_one,
         "tactics_shuffled_in": tactics_shuffled_in, "cards_put": cards_put}
"""Numbers of this family a script reads (``counts.value``)."""


def bound_of(with_: str | None, x: int | None) -> tuple[str, int, str | None] | None:
    """The statistic, the number (X as the script set it) and the way ("less", "more" or None:
    exactly) of a printed bound, or None when ``with_`` is not one (``selector_reads.bound``)."""
    return SR.bound(with_, x)


def in_bound(have: int, bound: int, way: str | None) -> bool:
    return have == bound if way is None else have <= bound if way == "less" else have >= bound


def last_seen(ctx: SpoilsContext, card_id: str) -> Any:
    """The table as ``card_id`` last was in play, when it entered and left during this decision (None
    otherwise)."""
    return ctx.__dict__.get("last_seen", {}).get(card_id)
