"""The values a pick may take at a position (``choice_specs``'s ``allowed``): the cards in play a
selector describes, the named cards of a zone out of play, the factions it names (310.1, 401.3).

The cards in play are read once per position for each selector and player (issue 26): the abilities
on a table that pick "a character" share the list, and the card whose text it is counts only where
the selector reads it ("another", "in a party with this card", 302.14).
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.rules import counts
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.selection import unpickable
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.position_memo import memo

Allowed = list[dict[str, str]]


def in_play(s: SpoilsState, ctx: SpoilsContext, env: Env, ref: Ph.Cards, reads_x: bool) -> Allowed:
    """The cards in play ``ref`` lets ``env.controller`` pick, with ``env.card``'s text; its bound
    ("with 2 life or less") left to X when ``reads_x``.  Each caller gets its own list."""
    own = ref.quantity in ("all_other", "another", "other") or "other" in ref.adjectives or bool(
        ref.in_party or ref.in_party_with_self)
    found = memo(s)
    key = ("allowed", ref.model_dump_json(), env.controller, env.card if own else None, reads_x)
    allowed = found.get(key)
    if allowed is None:
        allowed = found[key] = [{"id": cid, "name": s.cards[cid].name} for cid in sorted(s.cards)
                                if S.matches(s, cid, ref, env.controller, env.card)
                                and (reads_x or counts.within(s, cid, ref.with_, None))
                                and not unpickable(ctx, cid, env)]
    return [dict(a) for a in allowed]


def out_of_play(s: SpoilsState, player: str, ref: Ph.Cards) -> Allowed:
    """Cards picked out of play are named: the named cards of that zone that fit the selector."""
    whose = player if ref.zone_owner in ("you", "its_owner") else next((q for q in s.seating if q != player), player)
    pl = s.players[whose]
    names = {"discard": pl.discard, "hand": pl.hand_cards, "deck": pl.deck_cards}.get(ref.zone or "", [])
    plain = ref.model_copy(update={"zone": None})
    fits = [n for n in dict.fromkeys(names) if (spec := pool(s, n)) is not None and S.spec_fits(spec, plain)]
    return [{"id": n, "name": n} for n in fits]


def factions(s: SpoilsState, player: str, ref: Ph.Cards) -> Allowed:
    """The factions a selector that names factions lets the player pick ("your faction", "a faction")."""
    if "faction" not in S._kinds(ref):
        return []
    whose = S._whose(ref.controller)
    return [{"id": f"faction:{q}", "name": s.players[q].faction.name} for q in s.seating
            if whose == "any" or (whose == "you") == (q == player)]


def pool(s: SpoilsState, name: str) -> Any:
    """The card of the game's pool named ``name`` (any letter case), or None."""
    return s.card_pool.get(name) or next((c for n, c in s.card_pool.items() if n.lower() == name.lower()), None)


__all__ = ["factions", "in_play", "out_of_play", "pool"]
