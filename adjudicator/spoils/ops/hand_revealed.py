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
from adjudicator.effects.decks import HANDS_REVEALED
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.ops import cards_out_of_play as _CARDS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops.interpreter import handles_can
from adjudicator.spoils.ops.play_mechanics import general_can
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E


def judge(node: Any) -> bool | None:
    if a_hand_revealed(node) or (isinstance(node, O.ShuffleIntoDeck) and revealed_this_way(
            node.shuffle_into_deck)):
        return False  # the hand revealed (hand_cards or choices.revealed), its cards moved
    if isinstance(node, OP["can"]) and node.can in REPEAT_UNTIL:
        return False  # _repeat: the card's effect again, round by round
    return None


def a_hand_revealed(node: Any) -> bool:
    """"Reveal your hand.", "Your opponent reveals their hand.": a reveal of a hand (its owner shows it)."""
    return isinstance(node, OP["reveal"]) and isinstance(node.reveal, str) and node.reveal in HANDS_REVEALED


def reveal_hand(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Your opponent reveals their hand." (403.2a set aside by the text): shown to both players; the
    cards are what "revealed this way" names next (``discarded_cost``'s reveal handler sends a hand here)."""
    player = _ZONE_READS.owner_of(ctx, "opponent" if op.reveal == "opponent_hand" else "you", env)
    size = ctx.work.players[player].hand
    known = _ZONE_READS.known_zone(ctx, player, "hand")
    said = SCC.names(env.choices.get("revealed")) if known is None else known
    if not ctx.require(len(said) == size, _ZONE_READS.HIDDEN, f"{env.source}: {player} reveals a hand of {size} card(s): "
                       f"name them in choices.revealed ({len(said)} named)", "", blocking=True):
        return
    cards = _ZONE_READS.checked(ctx, env, said, player, "hand", None, "revealed")
    env.found, env.searched, env.zone, env.revealed = cards, player, "hand", True
    ctx.emit(E.CardsRevealed(player=player, cards=cards, zone="hand", seen_by="both", source=env.source,
                             rule="spoils.403.2a"))


def revealed_this_way(ref: Any) -> bool:
    return isinstance(ref, Ph.Cards) and ref.revealed_this_way and ref.quantity == "all"


def _shuffle_revealed(ctx: SpoilsContext, op: O.ShuffleIntoDeck, env: Env) -> None:
    """"Shuffle all tactics revealed this way into their deck": those of the hand just revealed, from that
    hand into its owner's deck, which is shuffled (313.1, 313.2)."""
    ref = op.shuffle_into_deck
    if not (revealed_this_way(ref) and env.zone == "hand" and env.searched is not None):
        _CARDS._shuffle_into_deck(ctx, op, env)
        return
    going = [n for n in env.found if (spec := ctx.lookup(n)) is not None and _ZONE_READS.fits_with(spec, ref.model_copy(
        update={"revealed_this_way": False, "quantity": "a"}))]
    SCC._move(ctx, env, env.searched, "hand", "deck_bottom", going, len(going), "spoils.313.2")
    SCC.shuffled(ctx, f"{env.source}: {', '.join(going) or 'no card'} from {env.searched}'s hand shuffled into their deck",
                 going)
    env.found = [n for n in env.found if n not in going]


# --------------------------------------------------------------------------------- "repeat this card's effect until ..."

REPEAT_UNTIL = {"repeat_until_opponent_hand_empty": lambda ctx, env: all(
    ctx.work.players[p].hand == 0 for p in ctx.players_ref("opponent", env.controller))}
"""The repeats the engine runs, each with the state that ends it."""
PER_ROUND = ("discarded", "free_plays", "plays", "may", "chosen", "drawn")
"""The choices each round of a repeat makes anew (``choices.repeats``: one document per round after the
first; the others are the action's for every round)."""


def effect_before(ctx: SpoilsContext, op: Any, env: Env) -> list[Any] | None:
    """"This card's effect": the operations of the card's play (or effect) before the sentence that
    repeats it."""
    from adjudicator.effects import abilities as A
    spec = ctx.lookup(env.source)
    script = S.script_of(spec) if spec is not None else None
    for ability in script.abilities if script is not None else []:
        ops = list(ability.play) if isinstance(ability, A.Play) else []
        if op in ops:
            return ops[:ops.index(op)]
    return None


@handles_can(*REPEAT_UNTIL)
def _repeat(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Repeat this card's effect until your opponent has no cards in their hand.": the effect again, round
    after round, each with its own choices (``choices.repeats``), until the state holds; a round that
    does not bring it nearer ends the repeat (spoils.engine.loop-bound)."""
    done = REPEAT_UNTIL.get(op.can)
    ops = effect_before(ctx, op, env) if done is not None else None
    if done is None or not ops:

        general_can(ctx, op, env)
        return
    from dataclasses import replace

    rounds = list(env.choices.get("repeats") or [])
    base = {k: v for k, v in env.choices.items() if k not in PER_ROUND and k != "repeats"}
    n = 0
    while not done(ctx, env) and ctx.work.winner is None and not ctx.blocked:
        left = sum(ctx.work.players[p].hand for p in ctx.work.seating)
        said = rounds[n] if n < len(rounds) else {}
        n += 1
        ctx.note("spoils.402.1", f"{env.source}: its effect again (round {n + 1}){'' if said else ', nothing chosen'}")
        SC.do_all(ctx, ops, replace(env, choices={**base, **said}, discarded=[], found=[], rest=[]))
        if sum(ctx.work.players[p].hand for p in ctx.work.seating) >= left:
            ctx.note("spoils.engine.loop-bound", f"{env.source}: a round changed nothing: the repeat ends")
            return


__all__ = ["revealed_this_way", "tactics_shuffled_in", "effect_before", "REPEAT_UNTIL"]
