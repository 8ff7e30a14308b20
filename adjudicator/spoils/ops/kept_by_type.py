"""A card of each type chosen and kept ("Choose a card of each non-resource type you control.", "... each
non-resource type in it", said for each player or each opponent): the cards the player chooses, checked as the
choice is made, and the cards left, which "the remaining ..." names after (``references._cards``, the discard of
a hand's remaining cards in ``interpreter._discard``).

Each player's choice is ``choices.keep`` (card ids in play, names in a hand): in their own part of the action
(the controller's plain keys, an opponent's ``choices.their``, as "both players" gives them out) or in the pass
that lets the effect resolve, each player's cards told apart by whose they are.  The action that says a choice
is refused when it does not follow the text (402.1): a card that is not one of the player's cards described, or
two of the same type; the play or ability naming it is refused as it is announced (``precheck_kept``).
"""
from __future__ import annotations

from typing import Any, Iterator

from adjudicator.effects import flow as F
from adjudicator.effects import phrases as Ph
from adjudicator.effects.choices import ChooseOfEachType
from adjudicator.spoils.evolve.projection import opponents
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text import scripts as S

KEEP = "keep"
"""The choices key naming the cards a player keeps: card ids in play, names in a hand."""
CHOICE_RULE = "spoils.402.1"
"""A choice that does not follow the instruction produces no effect of it (402.1): refused as it is made."""


def _as_seen_by(ref: Ph.Cards) -> Ph.Cards:
    """"they control", "their hand" said to the player choosing: their own (as ``players._as_theirs``)."""
    return ref.model_copy(update={"controller": "you" if ref.controller == "they" else ref.controller,
                                  "zone_owner": "you" if ref.zone_owner == "their" else ref.zone_owner})


def pool(ctx: SpoilsContext, op: ChooseOfEachType, player: str, card: str | None,
         revealed: list[str] | None) -> list[tuple[str, str]] | None:
    """The cards ``player`` chooses among, (key, type): in play, ids of the cards the selector describes ("you
    control": theirs; no zone said: in play, 402.3); in a hand, the names of the hand just revealed ("in it":
    ``revealed``) or of their hand the judge knows whole. None: where the engine cannot see them."""
    s, ref = ctx.work, _as_seen_by(op.choose_of_each_type)
    if ref.zone in (None, "play"):
        return [(cid, c.type) for cid, c in s.cards.items() if S.matches(s, cid, ref, player, card)]
    if ref.zone != "hand":
        return None
    names = revealed if op.in_it else _ZONE_READS.known_zone(
        ctx, player if ref.zone_owner == "you" else _ZONE_READS.owner_of(ctx, ref.zone_owner, Env(player, "", None)),
        "hand")
    if names is None:
        return None
    kind = ref.model_copy(update={"zone": None, "zone_owner": "you", "quantity": "a"})
    return [(n, spec.type) for n in names if (spec := ctx.lookup(n)) is not None and S.spec_fits(spec, kind)]


def checked_choice(ctx: SpoilsContext, source: str, op: ChooseOfEachType, player: str, cards: list[tuple[str, str]],
                   own: list[str], said: list[str]) -> list[str] | None:
    """The cards ``player`` chose of ``cards``: all they named in their own part (``own``), and those of theirs
    the resolving action names (``said``); None (a blocking violation, 402.1) when one is not among them or two
    are of one type."""
    mine = dict(cards)
    theirs = {cid for cid, c in ctx.work.cards.items() if c.controller == player}
    wrong = [k for k in own if k not in mine] + [k for k in said if k in theirs and k not in mine]
    if not ctx.require(not wrong, CHOICE_RULE, f"{source}: {player} chooses {op.words().rstrip('.').lower()}: "
                       f"{', '.join(wrong)} is not one of those cards of theirs", "", blocking=True):
        return None
    chosen = own + [k for k in said if k in mine and k not in own]
    types = [mine[k] for k in chosen]
    twice = sorted({t for t in types if types.count(t) > 1})
    if not ctx.require(not twice, CHOICE_RULE, f"{source}: {player} chooses a card of each type, one of each: two "
                       f"{' and '.join(twice)} cards chosen ({', '.join(chosen)})", "", blocking=True):
        return None
    return chosen


def said_keep(ctx: SpoilsContext, env: Env) -> tuple[list[str], list[str]]:
    """What the player said they keep in their own part of the choices, and what the action resolving the effect
    says (the pass: ``choices.keep`` naming any player's cards)."""
    own, resolving = env.choices.get(KEEP), ctx.choices.get(KEEP)
    return ([] if own is resolving else SCC.names(own)), SCC.names(resolving)


@handles(ChooseOfEachType)
def _choose_of_each_type(ctx: SpoilsContext, op: ChooseOfEachType, env: Env) -> None:
    """"Choose a card of each non-resource type you control." / "... in it": of each type among the cards
    described, the card the player chooses (``choices.keep``), checked (``checked_choice``); a type they name no
    card of keeps its only card, else the first. The cards kept join ``env.kept``, for "the remaining ..."
    (402.5b)."""
    p = env.controller
    revealed = list(env.found) if env.zone == "hand" and env.searched == p else None
    cards = pool(ctx, op, p, env.card, revealed)
    if cards is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: {p}'s cards ({op.choose_of_each_type.words()}) are "
                                               f"not known card by card: the judge sees the choice made")
        return
    chosen = checked_choice(ctx, env.source, op, p, cards, *said_keep(ctx, env))
    if chosen is None:
        return
    kept: list[str] = []
    for kind in dict.fromkeys(t for _, t in cards):
        named = [k for k, t in cards if t == kind and k in chosen]
        kept.append((named or [k for k, t in cards if t == kind])[0])
    env.kept = [*(getattr(env, "kept", None) or []), *kept]
    shown = [f"{ctx.work.cards[k].name} ({k})" if k in ctx.work.cards else k for k in kept]
    ctx.note("spoils.402.2", f"{env.source}: {p} keeps a card of each type: {', '.join(shown) or 'nothing'}")


def _choosers(ops: list[Any]) -> Iterator[tuple[ChooseOfEachType, str]]:
    """Each choice of a card of each type in ``ops`` and who makes it ("you", or a "both players" ``who``)."""
    said: set[int] = set()
    for both in (n for n in S.walk(ops) if isinstance(n, F.BothPlayers)):
        for n in S.walk(both.both_players):
            if isinstance(n, ChooseOfEachType) and id(n) not in said:
                said.add(id(n))
                yield n, both.who
    yield from ((n, "you") for n in S.walk(ops) if isinstance(n, ChooseOfEachType) and id(n) not in said)


def precheck_kept(ctx: SpoilsContext, ops: list[Any], env: Env) -> None:
    """As a card is played or an ability used: the cards its action says a player keeps (``choices.keep`` for
    its player, ``choices.their.keep`` for the opponent) are checked against the cards that player chooses among
    now (``checked_choice``), so a wrong choice refuses this action, not the pass that lets it resolve."""
    for op, who in _choosers(ops):
        them = opponents(ctx.work, env.controller)
        players = {"you": [env.controller], "each_opponent": them}.get(who, [env.controller, *them])
        for p in players:
            own = SCC.names(env.choices.get(KEEP) if p == env.controller else dict(env.choices.get("their") or {}).get(KEEP))
            cards = pool(ctx, op, p, env.card, _ZONE_READS.known_zone(ctx, p, "hand")) if own else None
            if cards is not None:
                checked_choice(ctx, env.source, op, p, cards, own, [])
