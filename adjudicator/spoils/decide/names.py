"""Cards in play named where an action asks for their ids (spoils.engine.card-by-name).

An attacker, a blocker, the target of an attack and the cards an action picks (``targets``) may be
given by the card's name when exactly one card of that name is in play where the action looks: the
acting player's cards for attackers and blockers, the other players' cards for the attack's target,
every card in play for picks.  A name that fits several cards is refused (InvalidAction, a 422) with
their ids; a string that is already a card id, a player or a faction, or names no card in play, is
left for the rules to judge.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.core import InvalidAction
from adjudicator.spoils.model import actions as A
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.rules.context import SpoilsContext

RULE = "spoils.engine.card-by-name"
Owner = Callable[[str], bool]


def by_name(ctx: SpoilsContext, action: Any) -> Any:
    """``action`` with the card names it gives for ids replaced by those ids.  Raises InvalidAction
    for a name that fits several cards."""

    def mine(controller: str) -> bool:
        return controller == action.player

    def theirs(controller: str) -> bool:
        return controller != action.player

    def anyone(controller: str) -> bool:
        return True

    update: dict[str, Any] = {}
    if isinstance(action, A.Attack):
        update["attackers"] = [_one(ctx, ref, mine, f"attackers.{i}") for i, ref in enumerate(action.attackers)]
        if action.target is not None:
            update["target"] = _one(ctx, action.target, theirs, "target")
    if isinstance(action, A.Block):
        update["blockers"] = [_one(ctx, ref, mine, f"blockers.{i}") for i, ref in enumerate(action.blockers)]
    if isinstance(action, (A.PlayCard, A.UseAbility, A.FactionAbility, A.Respond)) and action.targets:
        elsewhere = out_of_play_names(ctx.work)

        def pick(ref: Any, field: str) -> Any:  # a name of a card out of play is a pick by name already
            return ref if isinstance(ref, str) and ref.lower() in elsewhere else _one(ctx, ref, anyone, field)

        update["targets"] = [[pick(r, f"targets.{i}.{j}") for j, r in enumerate(ref)]
                             if isinstance(ref, list) else pick(ref, f"targets.{i}")
                             for i, ref in enumerate(action.targets)]
    changed = {k: v for k, v in update.items() if v != getattr(action, k)}
    return action.model_copy(update=changed) if changed else action


def named_in_play(state: SpoilsState, name: str, owner: Owner) -> list[str]:
    """The ids of the cards in play named ``name`` (any letter case) whose controller ``owner`` accepts."""
    low = name.strip().lower()
    return sorted(cid for cid, card in state.cards.items() if card.name.lower() == low and owner(card.controller))


def out_of_play_names(state: SpoilsState) -> set[str]:
    """The names (lower case) of the cards known in a hand, deck, discard pile or out of the game:
    a pick of such a card is given by its name (a discard pile's cards have no ids)."""
    names: set[str] = set()
    for p in state.players.values():
        for zone in (p.hand_cards, p.deck_cards, p.discard, p.removed):
            names.update(str(n).lower() for n in zone if isinstance(n, str))
    return names


def _one(ctx: SpoilsContext, ref: Any, owner: Owner, field: str) -> Any:
    s = ctx.work
    if not isinstance(ref, str) or ref in s.cards or ref in s.seating or ":" in ref:
        return ref
    ids = named_in_play(s, ref, owner)
    if not ids:
        return ref
    if len(ids) > 1:
        listed = ", ".join(f"{cid} ({s.cards[cid].controller})" for cid in ids)
        raise InvalidAction(f"{field}: {ref!r} names {len(ids)} cards in play: {listed}; give the id ({RULE})",
                            [{"field": field, "message": f"{ref!r} is ambiguous: one of {', '.join(ids)}"}])
    ctx.note(RULE, f"{field}: {ref} is {ids[0]}, the one card of that name in play there")
    return ids[0]
