"""What a cost discarded, read by the effect (round 4, hands): "COST: Pay 1. Discard a card. EFFECT: If
the discarded card is a resource, search your deck for a location. If it is a location, ... Reveal the
card you searched for and put it into your hand."

The discarded card is the one the action names (``choices.discarded``, from the hand the judge knows);
its type decides which "if it is ..." applies (504.1).  Registered by ``scripted_hands``; the "if it is"
of a card in play stays ``scripted_statics``' (which asks this module's handler when no card in play is
meant).
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.ops.interpreter import RUN, handles
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E
from adjudicator.spoils.ops import hand_revealed as _HAND_REVEALED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import zones as _ZONES  # the handler(s) this module's handlers extend
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.rules import card_conditions as _CARD_CONDITIONS

def judge(node: Any) -> bool | None:
    if isinstance(node, OP["if_it_is"]) and node.leading and (discarded_subject(node.subject) or node.subject == "it"):
        return False  # the type of the card discarded (an "it" after "the discarded card")
    if isinstance(node, OP["reveal_until"]) or (isinstance(node, Ph.During) and node.during == "appropriate_character_revealed"):
        return False  # the cards named as revealed, the last the one looked for
    if isinstance(node, O.ShuffleIntoDeck) and other_revealed(node.shuffle_into_deck):
        return False  # the other revealed cards: they stay in the deck, shuffled
    if isinstance(node, OP["reveal"]) and node.reveal == "searched_card":
        return False  # the card the search found, shown to both
    return None


SUBJECT = "it_is_name"
"""Where the running script keeps the card out of play its "if it is ..." sentences are about."""


def discarded_subject(ref: Any) -> bool:
    """"the discarded card": the card the cost (or the effect) discarded."""
    return isinstance(ref, Ph.Cards) and "discarded" in ref.adjectives and ref.quantity in ("the", "that")


def about_discarded(op: Any, env: Env) -> bool:
    """Whether an "if it is ..." is about the card discarded: "the discarded card", or "it" after it."""
    return discarded_subject(op.subject) or (op.subject == "it" and getattr(env, SUBJECT, None) is not None)


_if_it_is = RUN.get(OP["if_it_is"])


def if_discarded_is(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If the discarded card is a resource, ...", then "If it is a location, ...": the type of the card
    discarded (504.1); only the sentence that fits it happens."""
    if discarded_subject(op.subject):
        said = SCC.names(env.choices.get("discarded"))[:1] or [n for _, n in env.discarded][:1]
        setattr(env, SUBJECT, said[0] if said else None)
    elif op.subject != "it" or getattr(env, SUBJECT, None) is None:
        if _if_it_is is not None:
            _if_it_is(ctx, op, env)
        else:
            ctx.note("spoils.engine.script-judge", f"{env.source}: whether {op.words()} is the judge's call")
        return
    name = getattr(env, SUBJECT, None)
    spec = ctx.lookup(name) if name else None
    if spec is None:
        ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: the discarded card is not named (choices.discarded): whether "
                             f"{op.words()} is the judge's call")
        return
    verdict = _ZONE_READS.fits_with(spec, op.if_it_is.model_copy(update={"quantity": "a"}))
    ctx.note("spoils.504.1", f"{env.source}: the discarded {name} is {'' if verdict else 'not '}{op.if_it_is.words()}")
    if verdict:
        SC.do_all(ctx, list(op.then), env)




@handles(OP["reveal"])
def _reveal_searched(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Reveal the card you searched for": the card the search just found (as "reveal them"); a hand
    revealed by its owner: ``hand_revealed``."""
    if _HAND_REVEALED.a_hand_revealed(op):
        _HAND_REVEALED.reveal_hand(ctx, op, env)
        return
    _ZONES._reveal(ctx, op.model_copy(update={"reveal": "them"}) if op.reveal == "searched_card" else op, env)


# --------------------------------------------------------------------------------- "reveal cards until ..."

APPROPRIATE = "appropriate"
"""Where the running script keeps whether "reveal ... until" found the card it looked for."""


@handles(OP["reveal_until"])
def _reveal_until(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Reveal cards from the top of your deck until a character with numeric cost X or less is revealed
    or no cards are left": the cards the action names in the order revealed (``choices.revealed``,
    spoils.engine.hidden-choice); each but the last is not such a card, the last is one, or the deck ran
    out.  The one found is what "it" names next; nothing leaves the deck yet.  "That player reveals ...": the
    player named before it (``text.that_player``), the judge's when none is."""
    player = env.controller if op.who == "you" else env.that_player
    if player is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\": no player is named before it: "
                                               f"the judge resolves it")
        return
    deck = ctx.work.players[player].deck
    said = SCC.names(env.choices.get("revealed"))
    specs = [ctx.lookup(n) for n in said]
    fits = [s is not None and _ZONE_READS.fits_with(s, op.reveal_until, env.x) for s in specs]
    found = bool(fits) and fits[-1]
    ok = bool(said) and not any(fits[:-1]) and (found or deck is None or len(said) == deck) and (
        deck is None or len(said) <= deck)
    if not said and deck == 0:
        ok = True
    if not ctx.require(ok, _ZONE_READS.HIDDEN, f"{env.source}: name the cards revealed from the top of {player}'s deck, in "
                       f"order, up to the first that is {op.reveal_until.words()} or the whole deck (choices.revealed; "
                       f"{', '.join(said) or 'none'} given)", "", blocking=True):
        return
    cards = _ZONE_READS.checked(ctx, env, said, player, "deck", None, "revealed")
    ctx.emit(E.CardsRevealed(player=player, cards=cards, zone="deck", seen_by="both", source=env.source))
    ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: {player} reveals {', '.join(cards) or 'nothing'}: "
                         + (f"{cards[-1]} is {op.reveal_until.words()}" if found else "no appropriate card"))
    setattr(env, APPROPRIATE, found)
    env.found, env.searched, env.zone, env.revealed = (cards[-1:] if found else []), player, "deck", True


def _appropriate(ctx: SpoilsContext, env: Env) -> bool:
    """"If an appropriate character is revealed" (after "reveal ... until")."""
    return bool(getattr(env, APPROPRIATE, False))


_CARD_CONDITIONS.PAID["appropriate_character_revealed"] = _appropriate  # read by scripted_cards.holds (scripted.condition)


def other_revealed(ref: Any) -> bool:
    """"all other revealed cards": those "reveal ... until" showed and left in the deck."""
    return isinstance(ref, Ph.Cards) and ref.quantity == "all_other" and "revealed" in ref.adjectives




@handles(O.ShuffleIntoDeck)
def _shuffle_others(ctx: SpoilsContext, op: O.ShuffleIntoDeck, env: Env) -> None:
    """"Shuffle all other revealed cards into your deck": they never left it; the deck is shuffled (313.1)."""
    if not other_revealed(op.shuffle_into_deck):
        _HAND_REVEALED._shuffle_revealed(ctx, op, env)
        return
    ctx.note("spoils.313.1", f"{env.source}: the other revealed cards stay in {env.searched or env.controller}'s "
                             f"deck, which is shuffled")


__all__ = ["other_revealed", "discarded_subject", "about_discarded", "if_discarded_is", "SUBJECT"]
