"""Replacements (506): what happens instead of damage, a destruction, a draw, a card put into a hand or a
discard pile, or a card entering play, as cards in play and lasting effects say."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.effects.replacements import Instead
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import amount
from adjudicator.spoils.rules.counts import within
from adjudicator.spoils.text import happens_read
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.position_memo import text_memo
from adjudicator.spoils.text.trigger_read import OTHER_WHEN, SELF_WHEN, _replacing_trigger
from events.models import spoils as E

PAYING = "paying_costs"
"""The context key counting the extra costs being paid now (``perform``; 506.2)."""


TO_DISCARD = ("destroy", "discard")
"""The ways a card in play goes to its owner's discard pile (304.1, 403.5a)."""


WAYS_REPLACED = {"discard_from_play": lambda s, how, card, src: how in TO_DISCARD,
                 "a_players_hand": lambda s, how, card, src: how == "hand",
                 "your_discard": lambda s, how, card, src: how in TO_DISCARD and card is not None and not card.token
                 and card.owner == src.controller}
"""Replacements of a card leaving play named by where it goes ("if this card is put into a discard pile
from play", "if a character is put into a player's hand"), beyond the way itself (``instead_of == how``):
whether the card leaving play ``how`` goes there.  A card out of play is never destroyed (304.1), so
"destroy it instead" can only replace a card in play going to a hand."""


def replaces(s: Any, repl: dict[str, Any], how: str, card_id: str, src: Any) -> bool:
    """Whether a replacement document (``consequences._replacement``) replaces ``card_id`` leaving play ``how``."""
    kind = repl.get("instead_of")
    check = WAYS_REPLACED.get(str(kind))
    return kind == how or (check is not None and check(s, how, s.cards.get(card_id), src))


HAND_EVENT = "put_in_hand_from_play"
"""The event of a composed trigger read as a replacement of a card going to a hand from play ("If a character is put
into your opponent's hand from play, you may pay 1 instead.", 506.1), never fired after it."""


CHOICE = "instead"


def replacing_trigger(ability: Any) -> bool:
    """A trigger of a card put into a hand from play whose effect says "instead", of a subject the engine reads
    (``happens_read.enforced``): ``hand_replaced`` applies it as the card leaves play."""
    happens = ability.happens if isinstance(ability, A.Trigger) else None
    return happens is not None and happens.event == HAND_EVENT and happens_read.enforced(happens) and any(
        isinstance(n, Instead) for n in S.walk(list(ability.effect)))


def _hand_of(happens: Any, owner: str, controller: str) -> bool:
    """Whether the hand the composition names is the owner's the card goes to (301.4), for the source's controller."""
    return happens.hand == "a_player" or (owner == controller) == (happens.hand == "you")


def _hand_sources(ctx: SpoilsContext, card_id: str) -> list[tuple[str, A.Trigger]]:
    s = ctx.work
    card = s.cards[card_id]
    out = []
    for cid, src in s.cards.items():
        if not src.script or P.blanked(s, cid):
            continue
        script = S.script_of(src)
        out += [(cid, a) for a in (script.abilities if script else []) if replacing_trigger(a)
                and _hand_of(a.happens, card.owner, src.controller) and _names(s, a.happens.subject, card_id, cid, src)]
    return out


def _names(s: Any, subject: Any, card_id: str, cid: str, src: Any) -> bool:
    """Whether the subject (``self``, ``attached``, a selector) names the card ``card_id`` going to a hand, for the
    source ``cid``: a selector as ``scripts.matches`` reads it, its bound included (another card than the source: as
    before, a card never replaces its own move)."""
    if subject == "self":
        return card_id == cid
    if subject == "attached":
        return src.attached_to == card_id
    return isinstance(subject, Ph.Cards) and card_id != cid and S.matches(
        s, card_id, subject, src.controller, cid) and (subject.with_ is None or within(s, card_id, subject.with_, None))


def _cost(ctx: SpoilsContext, trigger: A.Trigger, env: Env) -> int:
    return sum(amount(ctx, n.pay, env) for n in S.walk(list(trigger.effect)) if isinstance(n, Instead)
               for n in n.instead if isinstance(n, A.Pay))


def hand_replaced(ctx: SpoilsContext, card_id: str) -> bool:
    """Whether a card's "... you may pay 1 instead" replaced ``card_id`` going to its owner's hand."""
    s = ctx.work
    if card_id not in s.cards:
        return False
    for src_id, trigger in _hand_sources(ctx, card_id):
        if any(f["card"] == card_id and f["source"] == src_id for f in ctx.replacing):
            continue  # 506.5
        src = s.cards[src_id]
        said = ctx.choices.get(CHOICE, True)
        env = Env(src.controller, src.name, src_id, it=[card_id], resolving=True,
                  choices={**ctx.choices, "may": bool(said)})
        if not said or ctx.unattached(src.controller) < _cost(ctx, trigger, env):
            ctx.note("spoils.engine.may-choice", f"{src.name}: {src.controller} does not replace "
                     f"{s.cards[card_id].name} going to a hand ({'choices.instead' if not said else 'cannot pay'})")
            continue
        frame = {"card": card_id, "source": src_id, "done": False, "how": "hand"}
        ctx.replacing.append(frame)
        try:
            ctx.hooks.do_all(ctx, list(trigger.effect), env)
        finally:
            ctx.replacing.pop()
        if frame["done"]:
            return True
    return False


def _destruction_sources(ctx: SpoilsContext, card_id: str) -> list[tuple[str, A.Trigger]]:
    """The cards in play whose "if the attached character is destroyed, ... instead" fits ``card_id``,
    and ``card_id`` itself when it says "if this card is destroyed, ... instead"."""
    s = ctx.work
    out = []
    for cid, a in _replacers(s):
        card = s.cards[cid]
        if OTHER_WHEN[a.when](ctx, cid, card_id) if a.when in OTHER_WHEN else \
                card_id in (card.attached_to, cid) and (a.when in SELF_WHEN) == (cid == card_id):
            out.append((cid, a))
    return out


def _replacers(s: Any) -> list[tuple[str, A.Trigger]]:
    """Each replacing trigger ("if ... is destroyed, ... instead") of the cards in play whose text is
    not blanked, in the table's order (read once per text of the table: ``position_memo.text_memo``)."""
    memo = text_memo(s)
    found = memo.get("replacers")
    if found is None:
        found = memo["replacers"] = [
            (cid, a) for cid, card in s.cards.items() if card.script and not P.blanked(s, cid)
            for a in (S.script_of(card).abilities if S.script_of(card) else []) if _replacing_trigger(a)]
    return found


def destruction_replaced(ctx: SpoilsContext, card_id: str, only: str | None = None) -> bool:
    """Whether a scripted "instead" replaced the destruction of ``card_id`` (506.1): the first card
    that says so, in the order the cards entered play (spoils.engine.replacement-order), or ``only``
    the card its chooser picked (506.4)."""
    s = ctx.work
    for src_id, trigger in _destruction_sources(ctx, card_id):
        if only is not None and src_id != only:
            continue
        if any(r["card"] == card_id and r["source"] == src_id for r in ctx.replacing):
            continue  # 506.5: a replacement applies once to the same thing
        src = s.cards[src_id]
        frame = {"card": card_id, "source": src_id, "done": False}
        ctx.replacing.append(frame)
        try:
            env = Env(src.controller, src.name, src_id, it=[card_id], choices=dict(ctx.choices), resolving=True)
            ctx.hooks.do_all(ctx, list(trigger.effect), env)
        finally:
            ctx.replacing.pop()
        if frame["done"]:
            return True
    return False


MISFIRE = "hand_to_discard_this_turn"


def _misfire(ctx: SpoilsContext) -> str | None:

    if ctx.__dict__.get(PAYING):
        return None  # 506.2
    return next((x.source for x in ctx.work.effects if x.effect.get(MISFIRE)), None)


def draws_discarded(ctx: SpoilsContext, player: str, count: int, cards: list[str]) -> bool:
    """A draw replaced: the top ``count`` cards of the deck go to the discard pile, none to the hand."""
    source = _misfire(ctx)
    if source is None:
        return False
    ctx.note("spoils.506.1", f"{source}: the {count} card(s) {player} would draw go to their discard pile instead")
    ctx.emit(E.CardsMoved(player=player, count=count, cards=cards, from_zone="deck", to="discard", source=source,
                          rule="spoils.506.1"))
    return True
