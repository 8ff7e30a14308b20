"""Cards an effect removed from the game, played later by its controller (round 4, statics): "Remove the
top 4 cards of your opponent's deck from the game face-down. For the rest of the game, you may play the
removed cards as though they were in your hand even if you cannot meet their threshold.", "Remove all
tactics revealed this way from the game. ... you may play tactics removed from the game by this card as
though they were in your hand without meeting their threshold."

The leave is a lasting effect (``EffectStarted``: ``{PLAYABLE: names, "owner": ...}``, for the rest of the
game); ``from_removed`` (asked by ``plays.decide_play_card`` for a ``play_card`` whose ``choices.from_removed``
is true) lets one of those cards, still out of the game, be played from there, its threshold waived; it
stays its owner's card (``CardPlayed.owner``: its owner's discard pile afterwards)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.effects import Node
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.evolve.projection import opponents
from adjudicator.spoils.ops import deck_top_removed as _DECK_TOP_REMOVED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops.cards_out_of_play import names
from adjudicator.spoils.ops.interpreter import handles, handles_can
from adjudicator.spoils.rules.zone_reads import HIDDEN, checked, fits_with
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E

if TYPE_CHECKING:
    from adjudicator.spoils.rules.context import SpoilsContext
    from adjudicator.spoils.rules.environment import Env

PLAYABLE = "play_removed"
"""The key of the leave to play cards removed from the game (``EffectStarted``)."""
LEAVES = ("play_removed_cards", "play_tactics_removed_by_self")
"""The permissions (``can``) that give it: the cards this effect removed, of any kind or tactics."""
FROM_REMOVED = "from_removed"
"""The choice of a ``play_card`` action that plays the card from where an effect removed it."""


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, OP["can"]) and node.can in LEAVES:
        return False  # _leave_to_play, from_removed
    if isinstance(node, O.RemoveFromGame) and (_opponents_top(node.remove_from_game) or _revealed(node.remove_from_game)):
        return False  # _remove_top_or_revealed
    return None


# --------------------------------------------------------------------------------- removing the cards

def _opponents_top(ref: Any) -> bool:
    return isinstance(ref, Ph.Cards) and ref.zone == "deck" and ref.quantity == "the_top" and \
        ref.zone_owner == "opponent" and isinstance(ref.count, int)


def _revealed(ref: Any) -> bool:
    return isinstance(ref, Ph.Cards) and ref.revealed_this_way and ref.quantity == "all" and ref.zone is None




@handles(O.RemoveFromGame)
def _remove_top_or_revealed(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """"Remove the top 4 cards of your opponent's deck from the game face-down." (the cards the action names,
    ``choices.removed``, checked against that deck as far as it is known), "Remove all tactics revealed this way
    from the game." (those of the cards just revealed on top of a deck, which no longer remain there) (403.6a)."""
    ref = op.remove_from_game
    if _opponents_top(ref):
        them = next(iter(opponents(ctx.work, env.controller)), env.controller)
        deck = ctx.work.players[them].deck
        n = min(ref.count, deck) if deck is not None else ref.count
        said = names(env.choices.get("removed"))
        if not ctx.require(len(said) == n, HIDDEN, f"{env.source}: name the top {n} card(s) of {them}'s deck it removes "
                           f"(choices.removed; {len(said)} named)", "", blocking=True):
            return
        found = checked(ctx, env, said, them, "deck", None, "removed")
        going, player = found, them
    elif _revealed(ref) and env.zone == "deck" and env.found:
        kind = ref.model_copy(update={"revealed_this_way": False, "quantity": "a"})
        going = [n for n in env.found if (spec := ctx.lookup(n)) is not None and fits_with(spec, kind)]
        player = env.searched or env.controller
        looked = list(getattr(env, "looked", None) or [])
        for name in going:
            if name in looked:
                looked.remove(name)
        env.looked, env.looked_n = looked, max(0, getattr(env, "looked_n", len(env.found)) - len(going))
        env.found = [n for n in env.found if n not in going]
    else:
        _DECK_TOP_REMOVED._remove_top(ctx, op, env)
        return
    if going:
        ctx.emit(E.CardsMoved(player=player, count=len(going), cards=going, from_zone="deck", to="removed",
                              source=env.source, rule="spoils.403.6a"))
    ctx.note("spoils.403.6a", f"{env.source}: {', '.join(going) or 'no card'} of {player}'s deck removed from the game")


# --------------------------------------------------------------------------------- the leave to play them



@handles_can(*LEAVES)
def _leave_to_play(ctx: "SpoilsContext", op: Any, env: "Env") -> None:
    """For the rest of the game, the cards this effect removed from the game may be played by its controller
    as though they were in their hand, without meeting their threshold (101.1)."""
    moved = [e for e in ctx.events if isinstance(e, E.CardsMoved) and e.to == "removed" and e.source == env.source]
    cards = [n for e in moved for n in e.cards]
    if op.can == "play_tactics_removed_by_self":
        cards = [n for n in cards if (spec := ctx.lookup(n)) is not None and spec.type == "tactic"]
    if not cards:
        ctx.note("spoils.402.5", f"{env.source}: no card it removed is named: none may be played from there")
        return
    owner = moved[0].player
    ctx.emit(E.EffectStarted(effect={PLAYABLE: cards, "owner": owner}, source=env.source, controller=env.controller))
    ctx.note("spoils.101.1", f"{env.source}: for the rest of the game {env.controller} may play {', '.join(cards)} "
                             f"from {owner}'s removed cards, without meeting their threshold")


def from_removed(ctx: "SpoilsContext", player: str, spec: Any, choices: dict[str, Any]) -> str | None:
    """The owner of the removed card ``player`` plays (``choices.from_removed``) by such a leave, the card
    still out of the game (None: not played that way; a blocking violation when it cannot be)."""
    if not choices.get(FROM_REMOVED):
        return None
    s = ctx.work
    leave = next((x for x in s.effects if x.controller == player and spec.name in (x.effect.get(PLAYABLE) or [])
                  and spec.name in s.players[str(x.effect.get("owner"))].removed), None)
    if not ctx.require(leave is not None, "spoils.604.1a", f"{spec.name} is not a card removed from the game that "
                       f"{player} may play", f"{player} plays {spec.name} from the cards {leave.source if leave else ''} "
                       f"removed from the game, as though it were in their hand (101.1)", blocking=True):
        return None
    return str(leave.effect.get("owner"))
