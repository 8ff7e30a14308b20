"""What a card's text reads of this turn's history as it happens: the first resource played this turn,
the picks a card keeps, a card revealed as a resource is played."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model import actions as AC
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules.context import HANDLERS, SpoilsContext
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E


def played(s: SpoilsState, player: str) -> list[str]:
    """The types of what ``player`` played this turn, in order ("resource" for a resource, 605)."""
    return list(s.played_this_turn.get(player, []))


def first_resource(ctx: SpoilsContext, player: str, resource_id: str) -> None:
    """"The first resource each opponent plays each turn enters play attached to that opponent's
    faction." (a card an opponent of ``player`` controls): the resource just played is attached."""
    s = ctx.work
    if played(s, player).count("resource") != 1 or resource_id not in s.players[player].resources:
        return
    for card in s.cards.values():
        if card.controller != player and card.script and any(
                isinstance(op, OP["can"]) and op.can == "opponents_first_resource_attached"
                for op in M.top_statics(S.script_of(card))):
            ctx.note("spoils.101.1", f"{card.name}: the first resource {player} plays this turn enters play "
                                     f"attached to {player}'s faction")
            ctx.emit(E.ResourcesAttached(player=player, resources=[resource_id], amount=1))
            return


def keep_picks(ctx: SpoilsContext, card_id: str, spec: Any, picks: list[list[str]]) -> None:
    """A card whose continuous text reads what its play picked ("while the picked location is in play")
    keeps those cards as it enters play (a ``CardModified`` with ``picked``)."""
    script = S.script_of(spec) if spec.script else None
    reads = any(isinstance(n, Ph.During) and n.during.startswith("picked_") for n in S.walk(
        [op for a in (script.abilities if script else []) if isinstance(a, A.Static) for op in a.static]))
    ids = [c for group in picks for c in group]
    if reads and ids and card_id in ctx.work.cards:
        ctx.emit(E.CardModified(card_id=card_id, changes={"picked": ids}, source=spec.name, until=None))


REVEAL = "reveal_with_resource"
"""The choice of an action playing a resource that names the card revealed from the hand with it."""


PLAY_FOR = "play_for"
"""Where a decision keeps the numeric cost a text plays a card for ("play this card for 1")."""


def revealed_with_resource(ctx: "SpoilsContext", player: str) -> None:
    """"While this card is in your hand you may reveal this card as you are playing a resource. If you do,
    you may play this card for 1." (605, 604.2): the card the action names (``choices.reveal_with_resource``),
    from the hand, revealed and played at once for that cost, its threshold met (405.2), before the
    resource enters play (605.1c: its icons do not count yet, and it cannot pay)."""
    from events.models import spoils as E

    name = ctx.choices.get(REVEAL)
    if not name:
        return
    spec = ctx.lookup(name)
    script = S.script_of(spec) if spec is not None else None
    hand = ctx.work.players[player]
    held = hand.hand > 0 and (len(hand.hand_cards) < hand.hand or str(name) in hand.hand_cards)
    if not ctx.require(M.can(script, "reveal_as_resource_played") and held, "spoils.604.1a",
                       f"{name} is not a card in {player}'s hand that may be revealed as a resource is played",
                       f"{player} reveals {name} from hand as the resource is played", blocking=True):
        return
    cost = next((n.cost for n in S.walk(script.abilities) if isinstance(n, OP["play_card"]) and n.cost is not None
                 and n.play_card == "self"), None)
    ctx.emit(E.CardsRevealed(player=player, cards=[str(name)], zone="hand", source=str(name), rule="spoils.605.1c"))
    ctx.__dict__.setdefault(PLAY_FOR, {})[spec.name] = cost
    play = AC.PlayCard(type="play_card", player=player, card=spec.name)
    HANDLERS.of(play)(ctx, play, during=spec.name)  # plays.decide_play_card
