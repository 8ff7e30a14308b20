"""Which cards, and how much of an amount, an effect gives when the player chooses among them as it
happens: the card "with the highest (lowest) numeric cost, strength, ..." and the one the action picks
on a tie ("if there is a tie, you decide"), damage "divided however you want" (``choices.divided``),
and the cards an opponent cannot pick ("your opponent cannot pick this card").  Read by
``adjudicator.spoils.ops.interpreter``."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text.scripts import OP

if TYPE_CHECKING:
    from adjudicator.spoils.rules.environment import Env


def divided(ctx: SpoilsContext, op: O.Damage | O.Tokens, n: int, aimed: list[str], env: "Env",
            what: str = "damage") -> dict[str, int]:
    """"Inflict up to 2 damage divided however you want to those characters" ("put up to 2 tokens
    divided however you want on the cards"): the split the action gives (``choices.divided``: card
    id -> damage or tokens), at most the amount ("up to") or all of it; "divided however your opponent
    wants" (``divided_by: opponent``): the split the opponent chose, ``choices.their.divided``."""
    if getattr(op, "divided_by", "you") == "opponent":
        said = (env.choices.get("their") or {}).get("divided")
    else:
        said = env.choices.get("divided")
    if said is None and len(aimed) == 1 and not op.up_to:
        return {aimed[0]: n}
    split = {str(k): v for k, v in (said or {}).items()} if isinstance(said, dict) else {}
    total = sum(v for v in split.values() if isinstance(v, int))
    ok = bool(split) and set(split) <= set(aimed) and all(isinstance(v, int) and v >= 0 for v in split.values()) \
        and (total <= n if op.up_to else total == n)
    if not ctx.require(ok, "spoils.402.1", f"{env.source}: divide {'up to ' if op.up_to else ''}{n} {what} among "
                       f"{', '.join(aimed) or 'no card'} (choices.divided: card id -> {what}; {said!r} given)",
                       f"{env.source}: {n if not op.up_to else total} {what} divided as {split}", blocking=True):
        return {}
    return {t: v for t, v in split.items() if v > 0}


EXTREME = re.compile(r"^the (highest|lowest) (numeric cost|strength|life|speed)$")


def extreme(ctx: SpoilsContext, ref: Ph.Cards, env: "Env") -> list[str]:
    """"The character your opponent controls with the highest numeric cost": the one card that has
    it; on a tie, the one the action chooses (``choices.tie``: "if there is a tie, you decide")."""
    s = ctx.work
    most, stat = EXTREME.match(ref.with_ or "").groups()
    pool = [c for c in s.cards if S.matches(s, c, ref.model_copy(update={"quantity": "all", "with_": None}),
                                            env.controller, env.card)]
    value = {c: (s.cards[c].cost or 0) if stat == "numeric cost" else _CONTINUOUS.stat(s, c, stat)[0] or 0 for c in pool}
    best = (max if most == "highest" else min)(value.values(), default=None)
    tied = [c for c in pool if value[c] == best]
    if len(tied) <= 1:
        return tied
    said = str(env.choices.get("tie") or "")
    ctx.require(said in tied, "spoils.engine.tie-choice", f"{env.source}: {', '.join(tied)} tie for {ref.with_}: "
                f"choose one (choices.tie)", f"{env.source}: of the tied {', '.join(tied)}, "
                f"{env.controller} chooses {said}", blocking=True)
    return [said] if said in tied else []


def unpickable(ctx: SpoilsContext, cid: str, env: "Env") -> bool:
    """"Your opponent cannot pick this card." (the card's text over 310.1, 101.1)."""
    card = ctx.work.cards.get(cid)
    script = S.script_of(card) if card is not None and card.script else None
    return card is not None and card.controller != env.controller and any(
        isinstance(op, OP["cannot"]) and "pick_self" in op.cannot and op.who == "opponent"
        for op in M.top_statics(script))


def card_being_played(ctx: SpoilsContext, stat: Ph.Stat, env: "Env", found: list[str]) -> int | None:
    """"X is the character's numeric cost" in a response to a character being played: the card
    waiting for responses (604.1c; not in play yet, so no card in play answers to it)."""
    ref = stat.of
    named = isinstance(ref, Ph.Cards) and ref.quantity in ("the", "that")
    if found or stat.stat != "numeric_cost" or not (named or ref == "it"):  # "it": Muddle's "its numeric cost"
        return None
    top = M.responding_to(ctx.work, env.controller)
    if top is None or top.card is None or (named and not S.spec_fits(top.card, ref.model_copy(update={"quantity": "a"}))):
        return None
    return top.card.cost or 0


__all__ = ["EXTREME", "extreme", "divided", "unpickable", "card_being_played"]
