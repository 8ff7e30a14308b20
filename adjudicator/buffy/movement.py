"""Deciding a move in the movement step (``buffy.move.*``)."""
from __future__ import annotations

from adjudicator.buffy import actions as A
from adjudicator.buffy.context import CANNOT_ACT, HANDLERS, BuffyContext, own_character, fatigue, space_owner
from adjudicator.buffy.state import PARK
from adjudicator.core import InvalidAction
from events.models import buffy as E
from events.models.base import DomainEvent


@HANDLERS.on(A.Move)
def decide_move(ctx: BuffyContext, a: A.Move) -> list[DomainEvent]:
    s = ctx.state
    ch = own_character(ctx, a.character, a.player, "buffy.move.own-characters")
    if a.to not in s.adjacency:
        raise InvalidAction(f"no board space {a.to!r}", [{"field": "to", "message": "unknown space"}])
    ctx.require(a.to != ch.location, "buffy.move.adjacent", f"{ch.name} is already at {a.to}")
    ctx.forbid_unless_permitted(ch.fatigued, CANNOT_ACT, f"{ch.name} is fatigued and cannot move", ch, a.character)
    if ch.is_vampire:
        ctx.forbid_unless_permitted(s.time_of_day != "night", "buffy.move.vampires-night",
                                    f"{ch.name} is a vampire and moves only at night", ch, a.character)
        ctx.forbid_unless_permitted(ch.moves_this_turn >= 2, "buffy.move.vampires-twice",
                                    f"{ch.name} has already moved twice this night", ch, a.character)
    else:
        ctx.forbid_unless_permitted(ch.moves_this_turn >= 1, "buffy.move.once-per-turn",
                                    f"{ch.name} has already moved this turn", ch, a.character)
    via_park = a.to == PARK or ch.location == PARK
    ctx.require(via_park or a.to in s.adjacency.get(ch.location, []), "buffy.move.adjacent",
                f"{a.to} is not adjacent to {ch.location}", f"{a.to} is reachable from {ch.location}")
    events: list[DomainEvent] = [E.CharacterMoved(player=a.player, character=a.character, from_space=ch.location, to=a.to)]
    dest_owner = space_owner(a.to)
    if ch.location == PARK and dest_owner is not None and dest_owner != ch.owner:
        events.extend(fatigue(s, ctx, a.character, "moved from the park to an opponent's location",
                              "buffy.fatigue.park-to-opponent"))
    return events
