"""Cards out of play the players may not all see (312, 313): a card type chosen, the top of a deck revealed
or looked at (within the number the text allows), a hand looked at, and cards put back."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops.cards_out_of_play import CARD_TYPES, hold, names
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import amount
from adjudicator.spoils.rules.zone_reads import HIDDEN, checked, owner_of, zone_size
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E


@handles(OP["choose_card_type"])
def _choose_card_type(ctx: SpoilsContext, op: Any, env: Env) -> None:
    said = str(env.choices.get("card_type") or "").lower()
    ctx.require(said in CARD_TYPES, HIDDEN, f"{env.source}: choose a card type (choices.card_type: one of "
                f"{', '.join(CARD_TYPES)})", f"{env.controller} chooses {said}", blocking=True)
    env.card_type = said


def _reveal(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """The top card(s) of a deck revealed: the action names them (``choices.revealed``)."""
    ref = op.reveal
    if not isinstance(ref, Ph.Cards) or ref.zone != "deck":
        ctx.note(HIDDEN, f"{env.source}: {op.words()} (recorded by the judge)")
        return
    player = owner_of(ctx, ref.zone_owner, env)
    top = ref.count if isinstance(ref.count, int) else (env.x or 0) if ref.count == "X" else 1  # "the top X cards"
    n = min(top, zone_size(ctx, player, "deck") or 0) if ctx.work.players[player].deck is not None else top
    said = names(env.choices.get("revealed"))
    if not ctx.require(len(said) <= n, HIDDEN, f"{env.source}: {len(said)} card(s) named as revealed, the text "
                       f"reveals {n}", "", blocking=True):
        return
    found = checked(ctx, env, said, player, "deck", None, "revealed")
    hold(env, found, player, "deck")
    env.revealed = True
    if not said:
        ctx.note(HIDDEN, f"{env.source}: the revealed card is not named (choices.revealed): what follows from it "
                         f"is the judge's to record")
    ctx.emit(E.CardsRevealed(player=player, cards=found, zone="deck", seen_by="both", source=env.source))


def _look_at(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """A hand or the top cards of a deck looked at; a card chosen in it (``choices.chosen``)."""
    what = op.look_at
    if isinstance(what, Ph.Cards) and what.zone == "deck":
        _look_at_deck(ctx, what, env)
        return
    if what not in ("opponent_hand", "your_hand"):
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is the judge's to record")
        return
    player = owner_of(ctx, "opponent" if what == "opponent_hand" else "you", env)
    chosen: list[str] = []
    if op.choose is not None:
        said = names(env.choices.get("chosen"))
        low, high = _bounds(op.choose, env)
        ctx.require(low <= len(said) <= high or ctx.work.players[player].hand < low, HIDDEN,
                    f"{env.source}: choose {op.choose.words()} in {player}'s hand (choices.chosen; {len(said)} named)",
                    "", blocking=True)
        chosen = checked(ctx, env, said, player, "hand", op.choose, "chosen")
    hold(env, chosen, player, "hand")
    ctx.emit(E.CardsRevealed(player=player, cards=chosen or names(env.choices.get("looked")), zone="hand",
                             seen_by="you", source=env.source))
    ctx.note(HIDDEN, f"{env.source}: {env.controller} looks at {player}'s hand"
                     + (f" and chooses {', '.join(chosen) or 'nothing'}" if op.choose is not None else ""))


def _bounds(ref: Ph.Cards, env: Env) -> tuple[int, int]:
    n = ref.count if isinstance(ref.count, int) else (env.x or 0) if ref.count == "X" else 1
    if ref.quantity in ("up_to", "or_fewer"):
        return 0, n
    return 1, 1


def look_limit(ctx: SpoilsContext, ref: Ph.Cards, env: Env) -> tuple[str, int]:
    """Whose deck a "look at the top N cards" looks at (``choices.deck`` for "either deck") and how
    many cards: N ("the top card": 1; X+X), no more than the deck holds."""
    whose = env.choices.get("deck", "you")
    player = owner_of(ctx, "opponent" if whose == "opponent" else whose if ref.zone_owner == "either" else
                      ref.zone_owner, env)
    n = 2 * (env.x or 0) if ref.count == "X+X" else 1 if ref.count is None else amount(ctx, ref.count, env)
    size = zone_size(ctx, player, "deck")
    return player, min(n, size) if size is not None else n


def _look_at_deck(ctx: SpoilsContext, ref: Ph.Cards, env: Env) -> None:
    player, limit = look_limit(ctx, ref, env)
    said = names(env.choices.get("looked"))
    if len(said) > limit:  # refused when the resolving action names them; named earlier: the first ones (402.5)
        now = ctx.choices.get("looked") == env.choices.get("looked")
        (ctx.violate if now else ctx.note)(HIDDEN, f"{env.source}: up to {limit} card(s) may be looked at "
                                                   f"({len(said)} named)")
        said = said[:limit]
    found = checked(ctx, env, said, player, "deck", None, "looked at")
    hold(env, found, player, "deck")
    ctx.emit(E.CardsRevealed(player=player, cards=found, zone="deck", seen_by="you", source=env.source))
    ctx.note(HIDDEN, f"{env.source}: {env.controller} looks at up to the top {limit} card(s) of {player}'s deck")


@handles(OP["put_back"])
def _put_back(ctx: SpoilsContext, op: Any, env: Env) -> None:
    order = names(env.choices.get("order")) or env.found
    if sorted(order) != sorted(env.found) and env.found:  # refused as the card was used (SZ.precheck)
        ctx.note(HIDDEN, f"{env.source}: the order given (choices.order) is not the cards looked at: they go "
                         f"back as they were")
        order = env.found
    ctx.note(HIDDEN, f"{env.source}: the cards go back on top of {env.searched or env.controller}'s deck"
                     + (f", top first: {', '.join(order)}" if order else " in the order the player chose"))
