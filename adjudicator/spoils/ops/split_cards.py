"""Cards just looked at, searched or revealed shared between two places (round 4, hands): "Put 1 into
your hand and 1 on the bottom of your deck.", "Put 1 into your hand and the rest into your discard
pile.", "Put 1 card on the bottom of that deck and 1 card on the top.", "Your opponent chooses X of
those cards. Put the chosen cards into your hand and the rest into your discard pile.", and the copies
of a named card a deck is searched for.

Which cards go to the first place is the player's choice, recorded by the action (``choices.chosen``,
names among the cards held), or the opponent's (``choices.their.chosen``: "your opponent chooses X of
those cards"); the others go to the second place.  Cards looked at must be named (``choices.looked``,
spoils.engine.hidden-choice) for the engine to move them.  Registered by ``scripted_hands``.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import flow as F
from adjudicator.effects import operations as O
from adjudicator.effects.decks import Share
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.ops import zones_decks as _ZONES_DECKS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops.interpreter import RUN, handles
from adjudicator.spoils.ops.players import _their_choices
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import amount
from adjudicator.spoils.text import position_states as SCS
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E


def judge(node: Any) -> bool | None:
    if isinstance(node, (OP["split"], OP["opponent_chooses_of"], Share)):
        return False  # the chosen cards to the first place, the rest to the second; the copies named
    if isinstance(node, A.OnlyWhen) and node.only in ONLY:
        return False  # scripted_conditions._only reads scripted_conditions_states.ONLY (401.3a)
    if isinstance(node, F.BothPlayers) and any(isinstance(n, OP["search"]) and n.then == "into_play"
                                               for n in S.walk(node.both_players)):
        return False  # _search_into_play: each player's search, the cards found put into play
    return None


TO = {"hand": "hand", "discard": "discard", "deck_bottom": "deck_bottom", "that_deck_bottom": "deck_bottom",
      "deck_top": None, "the_top": None}
"""Where each share goes (None: it stays on top of the deck it was looked at on)."""


def _their(env: Env) -> dict[str, Any]:

    return _their_choices(env.choices)


@handles(OP["opponent_chooses_of"])
def _opponent_chooses(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Your opponent chooses X of those cards." (the cards just found or revealed): the names in
    ``choices.their.chosen``, X of them (all when fewer are held)."""
    n = min(amount(ctx, op.opponent_chooses_of, env), len(env.found))
    said = SCC.names(_their(env).get("chosen"))
    ok = len(said) == n and _within(said, env.found)
    ctx.require(ok, _ZONE_READS.HIDDEN, f"{env.source}: the opponent chooses {n} of {', '.join(env.found) or 'no card'} "
                f"(choices.their.chosen; {', '.join(said) or 'none'} given)",
                f"{env.source}: the opponent chooses {', '.join(said) or 'nothing'}", blocking=True)
    env.chosen = said if ok else []


def _within(said: list[str], held: list[str]) -> bool:
    left = list(held)
    return all(n in left and not left.remove(n) for n in said)


@handles(OP["split"])
def _split(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """Each share of the cards held, to its place: the first share the chosen ones, the second the rest."""
    held, player = list(env.found), env.searched or env.controller
    if not held:
        if env.zone == "deck" and (ctx.work.players[player].deck or 0) > 0:
            ctx.violate(_ZONE_READS.HIDDEN, f"{env.source}: name the cards looked at (choices.looked) to {op.words()}",
                        blocking=True)
        else:
            ctx.note("spoils.402.5", f"{env.source}: no card to share out ({op.words()})")
        return
    first, second = op.split
    picked = _first_share(ctx, env, first, held)
    if picked is None:
        return
    rest = list(held)
    for name in picked:
        rest.remove(name)
    if isinstance(second.count, int) and second.count != len(rest):
        ctx.note("spoils.402.5", f"{env.source}: {len(rest)} card(s) left for \"{second.words()}\"")
    for share, cards in ((first, picked), (second, rest)):
        _send(ctx, env, player, cards, share.to)
    env.found = []


def _first_share(ctx: SpoilsContext, env: Env, first: Any, held: list[str]) -> list[str] | None:
    if first.count == "the_chosen":
        return list(getattr(env, "chosen", []) or [])
    n = min(first.count if isinstance(first.count, int) else len(held), len(held))
    said = SCC.names(env.choices.get("chosen"))
    if not said and len(set(held)) == 1:  # copies of one card: any n of them
        said = held[:n]
    ok = len(said) == n and _within(said, held)
    if not ctx.require(ok, _ZONE_READS.HIDDEN, f"{env.source}: choose {n} of {', '.join(held)} for {first.words()} "
                       f"(choices.chosen; {', '.join(said) or 'none'} given)", "", blocking=True):
        return None
    return said


def _send(ctx: SpoilsContext, env: Env, player: str, cards: list[str], place: str) -> None:
    to = TO[place]
    if not cards:
        return
    if to is None:
        ctx.note(_ZONE_READS.HIDDEN, f"{env.source}: {', '.join(cards)} stay(s) on top of {player}'s deck")
        return
    if env.zone is None and to in ("hand", "discard"):  # found by a search (312.1)
        ctx.emit(E.CardsSearched(player=player, cards=cards, to=to, revealed=env.revealed, source=env.source))
        return
    SCC._move(ctx, env, player, env.zone or "deck", to, cards, len(cards), _ZONE_READS.HIDDEN)


# --------------------------------------------------------------------------------- copies of the named card

def _search_copies(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Search your deck for any number of copies of the card (and reveal them)": the copies the searching
    player names (``choices.found``; the opponent's in ``choices.their.found`` when they search), each the
    card the cost named (``choices.named``), checked against the deck when the judge knows it (312.1)."""
    named = str(env.choices.get("named") or "")
    said = SCC.names(env.choices.get("found"))
    ok = bool(named) and all(n == named for n in said)
    if not ctx.require(ok, _ZONE_READS.HIDDEN, f"{env.source}: copies of {named or 'the named card (none named)'} only "
                       f"(choices.found: {', '.join(said) or 'none'})", "", blocking=True):
        return
    found = _ZONE_READS.checked(ctx, env, said, env.controller, "deck", None, "found")
    env.found, env.searched, env.zone, env.revealed = found, env.controller, None, bool(op.and_reveal)
    ctx.note("spoils.312.1", f"{env.source}: {env.controller}'s deck is searched for copies of {named}: "
                             f"{len(found)} found{' and revealed' if op.and_reveal and found else ''}; it is shuffled")


def _name_of(ctx: SpoilsContext, card_id: str | None) -> str | None:
    """The name of a card the effect speaks of, in play or as it last was (it may have left play)."""
    seen = _ZONE_READS.last_seen(ctx, card_id) if card_id else None
    for table in (ctx.work, ctx.state, seen):
        card = getattr(table, "cards", {}).get(card_id or "") if table is not None else None
        if card is not None:
            return card.name
    return None


def _search_same_name(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Search your deck for a card with the same name, reveal it, and put it on top of your deck.": the
    search of ``choices.found`` for a card named as the one the trigger binds (312.1), then the top of the deck."""
    name = _name_of(ctx, (env.it or [None])[0])
    if name is None:
        ctx.note("spoils.402.5", f"{env.source}: no card to take the name of: nothing is searched for")
        return
    on_top = op.then == "reveal_and_deck_top"
    search = OP["search"].model_validate({"search": {"cards": "card", "quantity": "a", "named": f'"{name}"'},
                                          "deck": op.deck, "and_reveal": op.and_reveal or on_top,
                                          "then": None if on_top else op.then})
    RUN[OP["search"]](ctx, search, env)
    if env.found and on_top:
        RUN[OP["put"]](ctx, OP["put"].model_validate({"put": "it", "to": "deck_top", "whose": "you"}), env)


SEARCHED_BY_NAME = {"copies_of_the_card": _search_copies, "same_name": _search_same_name}
"""How each search for cards named by another is made (``effects.decks.SEARCHED_BY_NAME``)."""


def opponent_searches(op: Any) -> bool:
    """"Your opponent may search your deck for ...": their choice, the deck still the controller's."""
    return getattr(op, "who", None) == "opponent" and all(
        isinstance(o, OP["search"]) and o.search == "copies_of_the_card" for o in op.may)


def their_search(ctx: SpoilsContext, op: Any, env: Env) -> None:
    theirs = _their(env)
    env.did = bool(theirs.get("may", True))
    ctx.note("spoils.engine.may-choice", f"the opponent {'does' if env.did else 'does not'}: {op.words()}")
    if env.did:
        saved, env.choices = env.choices, {**theirs, "named": env.choices.get("named")}
        try:
            SC.do_all(ctx, list(op.may), env)
        finally:
            env.choices = saved


# --------------------------------------------------------------------------------- "search ... and put them into play"



def _search_into_play(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"(Both players may) search their deck for up to 3 staple resources and put them into play": the
    cards found (312.1) go into play as ``put_into_play`` puts them (a resource card is its searcher's
    resource, 402.8, 605)."""
    _ZONES_DECKS._search_named(ctx, op, env)
    if op.then == "into_play" and env.found:
        RUN[O.PutIntoPlay](ctx, O.PutIntoPlay(put_into_play="them"), env)


# --------------------------------------------------------------------------------- "X is the number of characters you deplete this way"

DEFERRED_COUNTS = {"characters_depleted": O.Deplete, "characters_destroyed": O.Destroy, "tokens_removed": O.Tokens}
"""Statistics of a cost's own earlier instruction, read before that instruction is done."""


def _tokens_to_remove(ctx: SpoilsContext, env: Env) -> int:
    """"Remove all tokens from this card. X is the number of tokens removed this way." (409.1): the tokens the
    cost's earlier removal from this card takes, counted on the card as the cost is announced (401.3)."""
    card = ctx.work.cards.get(env.card or "")
    have, n = (card.tokens if card is not None else 0), 0
    for d in env.deferred:
        if isinstance(d, O.Tokens) and d.card in (None, "self"):
            taken = have if d.tokens == "-all" else -d.tokens if isinstance(d.tokens, int) and d.tokens < 0 else 0
            n, have = n + min(taken, have), have - min(taken, have)
    return n


def _cost_x_so_far(ctx: SpoilsContext, op: Any, env: Env) -> bool:
    """A cost "Deplete up to 5 characters you control. X is the number of characters you deplete this
    way.": the cards are fixed as the play is announced (401.3) and done afterwards, so X counts the
    characters the earlier instruction of the same cost fixed (406.3), not what is done yet."""
    stat = getattr(op, "x_is", None) if isinstance(op, OP["x_is"]) else None
    kind = DEFERRED_COUNTS.get(getattr(stat, "stat", None))
    if kind is None or op.name == "Y":
        return False
    if kind is O.Tokens:
        env.x = _tokens_to_remove(ctx, env)
    else:
        fixed = [c for d in env.deferred if isinstance(d, kind) and isinstance(d.target(), list) for c in d.target()]
        env.x = sum(1 for c in fixed if c in ctx.work.cards and ctx.work.cards[c].type == "character")
    ctx.note("spoils.406.3", f"{env.source}: X is {stat.words()}: {env.x}")
    return True


_PAYING.cost_pick(_cost_x_so_far)


# --------------------------------------------------------------------------------- "play this only if ..."

def _deck_at_least(s: Any, cid: str, me: str, n: int) -> bool:
    deck = s.players[me].deck
    return deck is None or deck >= n  # a deck the judge did not count: not refused


ONLY = {"deck_at_least": _deck_at_least}
""""Play this only if you have at least 5 cards in your deck." (401.3a), read by ``scripted_conditions``."""
SCS.ONLY.update(ONLY)


__all__ = ["TO", "ONLY"]
