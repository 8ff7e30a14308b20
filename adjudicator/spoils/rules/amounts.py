"""Cards in play that change an amount as it happens: "If battle damage is inflicted to this card
while it's blocking, reduce the amount to 0.", "If a character you control inflicts battle damage
to a character, increase the amount by 1.", "If your faction loses influence, reduce the amount by
1.", "If you draw any number of cards, increase the amount by 1.".

Their scripts say them as a trigger (``when``) whose effect is ``adjust_amount``; they are not
triggers that resolve later but changes to the number itself, applied before anything else happens
(408.2), all increases first, then all reductions (410.3), never below 0 (410.4).
"""
from __future__ import annotations

from typing import Callable

from adjudicator.effects import abilities as A
from adjudicator.effects.texts import AdjustAmount
from adjudicator.spoils.model.declared_order import take_place
from adjudicator.spoils.model.state import CardInPlay, SpoilsState
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.blank_text import blanked


class Happening:
    """What is happening to the number: damage to a target (a card id or ``faction:<player>``)
    from sources, in a battle or not; influence a player loses; cards a player draws."""

    def __init__(self, kind: str, *, target: str = "", sources: list[str] | None = None, battle: bool = False,
                 player: str = ""):
        self.kind, self.target, self.sources, self.battle, self.player = kind, target, sources or [], battle, player
        self.amount = 0  # the amount as it is about to happen (``adjusted`` sets it)


Check = Callable[[SpoilsState, str, CardInPlay, Happening], bool]


def _character(s: SpoilsState, h: Happening) -> bool:
    card = s.cards.get(h.target)
    return card is not None and card.type == "character"


def _party(s: SpoilsState, cid: str, blocking: bool) -> bool:
    b = s.battle
    return b is not None and cid in (b.blockers if blocking else b.attackers)


WHEN: dict[str, tuple[str, Check]] = {
    "battle_damage_while_blocking": ("damage", lambda s, cid, c, h: h.battle and h.target == cid and _party(s, cid, True)),
    "battle_damage_while_attacking": ("damage", lambda s, cid, c, h: h.battle and h.target == cid
                                      and _party(s, cid, False)),
    "inflicts_battle_damage_to_character": ("damage", lambda s, cid, c, h: h.battle and cid in h.sources
                                            and _character(s, h)),
    "your_attacker_battle_damage_to_character": ("damage", lambda s, cid, c, h: h.battle and _character(s, h) and any(
        _party(s, x, False) and s.cards[x].controller == c.controller for x in h.sources if x in s.cards)),
    "battle_damage_to_your_character": ("damage", lambda s, cid, c, h: h.battle and _character(s, h)
                                        and s.cards[h.target].controller == c.controller),
    "battle_damage_to_opponent_character": ("damage", lambda s, cid, c, h: h.battle and _character(s, h)
                                            and s.cards[h.target].controller != c.controller),
    "damage_to_attached": ("damage", lambda s, cid, c, h: c.attached_to is not None and h.target == c.attached_to),
    "your_faction_loses_influence": ("influence", lambda s, cid, c, h: h.player == c.controller),
    "opponent_faction_loses_influence": ("influence", lambda s, cid, c, h: h.player != c.controller),
    "you_draw": ("draw", lambda s, cid, c, h: h.player == c.controller),
}
"""Each "if ..., increase/reduce the amount" the engine applies: what it changes and when it applies."""
RULES = {"damage": "spoils.408.2", "influence": "spoils.410.3", "draw": "spoils.410.3"}
TO_ZERO_BY: list[Callable[[SpoilsContext, Happening], list[str]]] = []
"""Other reductions "to 0" (``ops.revealed_and_reduced``: a static "reduce all battle damage ... to 0", a lasting
"reduce all damage inflicted by it to 0"): each names what reduces this amount to 0."""
TO_ZERO_ORDER = ("revealed_and_reduced._to_zero", "damage_effects._damage_to_zero",
                 "zones_replaced._covert_to_zero")
"""The order the reductions to 0 are read in, declared here (not by import order)."""


def to_zero_by(fn: Callable[[SpoilsContext, Happening], list[str]]) -> Callable[[SpoilsContext, Happening], list[str]]:
    """Declares a reduction to 0; it takes its place in ``TO_ZERO_ORDER``, whatever the import order."""
    return take_place(TO_ZERO_BY, TO_ZERO_ORDER, fn, "amounts.TO_ZERO_ORDER")


def adjusted(ctx: SpoilsContext, amount: int, h: Happening) -> int:
    """``amount`` once every card in play that changes it has (increases, then reductions, then
    "to 0"; 410.3, 410.4), each noted with the card."""
    s = ctx.work
    h.amount = amount
    ups: list[tuple[str, int]] = []
    downs: list[tuple[str, int]] = []
    zero: list[str] = []
    for cid, card in s.cards.items():
        for adj in ([] if blanked(s, cid) else _adjustments(card)):
            when, change = adj
            kind, check = WHEN[when]
            if kind != h.kind or not check(s, cid, card, h):
                continue
            if change.to:
                zero.append(card.name)
            else:
                (ups if change.adjust_amount > 0 else downs).append((card.name, change.adjust_amount))
    zero += [name for by in TO_ZERO_BY for name in by(ctx, h)]
    if not (ups or downs or zero):
        return amount
    start = amount
    for _, by in ups + downs:
        amount = max(0, amount + by)
    if zero:
        amount = 0
    said = ", ".join([f"{n} {by:+d}" for n, by in ups + downs] + [f"{n} to 0" for n in zero])
    ctx.note(RULES[h.kind], f"{h.kind} {start} -> {amount} ({said}; increases first, then reductions, 410.3)")
    return amount


def _adjustments(card: CardInPlay) -> list[tuple[str, AdjustAmount]]:
    script = S.script_of(card) if card.script else None
    if script is None:
        return []
    out = []
    for ability in script.abilities:
        if isinstance(ability, A.Trigger) and ability.when in WHEN:
            effect = ability.effect if isinstance(ability.effect, list) else [ability.effect]
            out.extend((ability.when, e) for e in effect if isinstance(e, AdjustAmount))
    return out


__all__ = ["Happening", "adjusted", "WHEN"]
