"""A hand revealed and the cards of it an effect sends back into the deck (round 4, hands): "Your
opponent reveals their hand. Shuffle all tactics revealed this way into their deck. Your opponent draws X
cards, where X is the number of tactics shuffled into their deck."

The hand revealed is the one the judge knows whole (``hand_cards``), else the names the action records
(``choices.revealed``, as many as the hand holds: spoils.engine.hidden-choice).  Registered into
``scripted.RUN`` by ``scripted_hands``.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils import scripted_cards as SCC
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.references import Env
from adjudicator.spoils.scripted import RUN, handles
from adjudicator.spoils.scripts import OP
from events.models import spoils as E


@handles(OP["reveal_hand"])
def _reveal_hand(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Your opponent reveals their hand." (403.2a set aside by the text): shown to both players; the
    cards are what "revealed this way" names next."""
    player = SCC.owner_of(ctx, "opponent" if op.reveal_hand == "opponent" else "you", env)
    size = ctx.work.players[player].hand
    known = SCC.known_zone(ctx, player, "hand")
    said = SCC.names(env.choices.get("revealed")) if known is None else known
    if not ctx.require(len(said) == size, SCC.HIDDEN, f"{env.source}: {player} reveals a hand of {size} card(s): "
                       f"name them in choices.revealed ({len(said)} named)", "", blocking=True):
        return
    cards = SCC.checked(ctx, env, said, player, "hand", None, "revealed")
    env.found, env.searched, env.zone, env.revealed = cards, player, "hand", True
    ctx.emit(E.CardsRevealed(player=player, cards=cards, zone="hand", seen_by="both", source=env.source,
                             rule="spoils.403.2a"))


def revealed_this_way(ref: Any) -> bool:
    return isinstance(ref, Ph.Cards) and ref.revealed_this_way and ref.quantity == "all"


_shuffle_in = RUN[O.ShuffleIntoDeck]


@handles(O.ShuffleIntoDeck)
def _shuffle_revealed(ctx: SpoilsContext, op: O.ShuffleIntoDeck, env: Env) -> None:
    """"Shuffle all tactics revealed this way into their deck": those of the hand just revealed, from that
    hand into its owner's deck, which is shuffled (313.1, 313.2)."""
    ref = op.shuffle_into_deck
    if not (revealed_this_way(ref) and env.zone == "hand" and env.searched is not None):
        _shuffle_in(ctx, op, env)
        return
    going = [n for n in env.found if (spec := ctx.lookup(n)) is not None and SCC.fits_with(spec, ref.model_copy(
        update={"revealed_this_way": False, "quantity": "a"}))]
    SCC._move(ctx, env, env.searched, "hand", "deck_bottom", going, len(going), "spoils.313.2")
    ctx.note("spoils.313.1", f"{env.source}: {', '.join(going) or 'no card'} from {env.searched}'s hand shuffled into "
                             f"their deck")
    env.found = [n for n in env.found if n not in going]


def tactics_shuffled_in(ctx: SpoilsContext, stat: Any, controller: str) -> int:
    """"the number of tactics shuffled into their deck": the tactics this decision moved from a hand
    into a deck."""
    return sum(1 for e in ctx.events if isinstance(e, E.CardsMoved) and e.from_zone == "hand" and e.rule == "spoils.313.2"
               for n in e.cards if (spec := ctx.lookup(n)) is not None and spec.type == "tactic")


__all__ = ["revealed_this_way", "tactics_shuffled_in"]
