"""A card going to a hand from play replaced (round 4, hands): "If a character is put into your
opponent's hand from play, you may pay 1 instead. If you do, remove it from the game and put a token
on this card."

``consequences.leave_play`` asks ``hand_replaced`` before a card in play goes to its owner's hand: each
card in play whose trigger says so (not blanked) may replace it once (506.5).  Whether its controller
takes the "you may" is the action's ``choices.instead`` (yes by default, spoils.engine.may-choice); the
cost said before "instead" must be payable then (506.1: otherwise nothing is replaced); the card
replaced is "it" for what follows ("If you do, ...").
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects.extras import Instead
from adjudicator.spoils import precedence as P
from adjudicator.spoils import scripts as S
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.references import Env, amount
from adjudicator.spoils.scripted import do_all

def judge(node: Any) -> bool | None:
    if replacing_trigger(node) or (isinstance(node, Instead) and node.instead and all(
            isinstance(o, A.Pay) for o in node.instead)):
        return False  # consequences.leave_play asks hand_replaced: a card going to a hand from play replaced
    return None


HAND_WHEN = {"character_to_opponent_hand_from_play": "character"}
"""The triggers read as replacements of a card going to a hand from play, and the kind of card."""
CHOICE = "instead"


def replacing_trigger(ability: Any) -> bool:
    return isinstance(ability, A.Trigger) and ability.when in HAND_WHEN and any(
        isinstance(n, Instead) for n in S.walk(list(ability.effect)))


def _sources(ctx: SpoilsContext, card_id: str) -> list[tuple[str, A.Trigger]]:
    s = ctx.work
    card = s.cards[card_id]
    out = []
    for cid, src in s.cards.items():
        if cid == card_id or not src.script or P.blanked(s, cid) or card.owner == src.controller:
            continue  # "your opponent's hand": the card's owner is the source's opponent
        script = S.script_of(src)
        out += [(cid, a) for a in (script.abilities if script else []) if replacing_trigger(a)
                and card.type == HAND_WHEN[a.when]]
    return out


def _cost(ctx: SpoilsContext, trigger: A.Trigger, env: Env) -> int:
    return sum(amount(ctx, n.pay, env) for n in S.walk(list(trigger.effect)) if isinstance(n, Instead)
               for n in n.instead if isinstance(n, A.Pay))


def hand_replaced(ctx: SpoilsContext, card_id: str) -> bool:
    """Whether a card's "... you may pay 1 instead" replaced ``card_id`` going to its owner's hand."""
    s = ctx.work
    if card_id not in s.cards:
        return False
    for src_id, trigger in _sources(ctx, card_id):
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


__all__ = ["HAND_WHEN", "replacing_trigger", "hand_replaced"]
