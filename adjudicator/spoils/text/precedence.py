"""Precedence as a mechanism: rules are named checks and parameters, and cards in play, lasting
effects and judge rulings override them by name.  The engine consults this module at named points;
every answer carries the rule consulted and the card or ruling that overrode it.

The precedence order is the kernel's (``adjudicator.kernel.precedence``, one order for the three
games); this module names The Spoils' ids for it (``SPOILS``) and says what is The Spoils' own: which
effects bear on a check (``claims``), the selector language, statistics, costs, icons, thresholds.

* ``spoils.engine.judge-ruling`` a judge's ruling in force decides the check it names, above card text.
* ``spoils.101.1`` golden rule: card text beats the rules (a card's ``permit``/``forbid``).
* ``spoils.402.6`` "lose" beats "gain" (keywords such as covert).
* ``spoils.402.7`` "cannot" beats "can" (a ``forbid`` beats a ``permit``).
* ``spoils.410.3`` increases are applied before reductions.
* ``spoils.410.4`` a number reduced below zero stays at zero (406.6 for numeric costs).

The effect language of cards in play (``CardSpec.effects``), of lasting effects and of rulings::

    {"permit": "spoils.608.1b", "applies_to": "self"}        # lift what a rule forbids
    {"forbid": "spoils.608.1a", "applies_to": "opponent"}    # forbid what a rule permits
    {"modify": {"parameter": "strength", "by": 1}, "applies_to": "your_characters"}
    {"modify": {"parameter": "cost", "by": -1}, "applies_to": {"controller": "you", "type": "item"}}
    {"modify": {"parameter": "damage", "by": -1}, "applies_to": "your_faction"}
    {"modify": {"parameter": "strength", "by": 1, "per": "token_on_it"}, "applies_to": "attached"}  # x its tokens
    {"gain": "covert", "applies_to": "attached"}   {"lose": "covert", "applies_to": "opponent_characters"}
    {"provides": "OO"}                                       # 311.1 icons for thresholds

``applies_to`` selects the subject of the check: ``self`` (default), ``attached`` (the card this one
is attached to), ``you``, ``opponent``, ``any``, ``your_characters``, ``opponent_items``,
``characters``, ``your_faction``, ``opponent_faction``, ``factions``, a card id or a card name, or a
mapping ``{"controller": "you"|"opponent"|"any", "type": ..., "subtype": ..., "name": ..., "party": "opposing"}``.
A ruling (``RulingRecorded``) applies to the card it names, or to everything when it names none.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from adjudicator.core import Overrider, TraceEntry
from adjudicator.kernel import Change, Claim, Precedence, Verdict, combine, resolve, ruling_in_force
from adjudicator.kernel import keywords as kernel_keywords
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.model.state import CardSpec, SpoilsState
from adjudicator.spoils.text.continuous import _modifier_changes, indexed
from adjudicator.spoils.text.subjects import SPOILS, Subject, provided_icons, selects


STATS = ("strength", "life", "speed", "structure")


# --------------------------------------------------------------------------------- checks

def claims(state: SpoilsState, rule: str, subject: Subject) -> list[Claim]:
    """What the cards in play, lasting effects and rulings in force say about ``rule`` for ``subject``:
    a ``permit`` naming the rule lifts a prohibition, a ``forbid`` naming it forbids what it allows."""
    found: list[Claim] = []
    for src in indexed(state).naming(rule):
        for verb in ("permit", "forbid"):
            if src.effect.get(verb) == rule and selects(state, src, subject):
                found.append(Claim(verb, src.who, src.order))  # type: ignore[arg-type]
    return found


def verdict(state: SpoilsState, rule: str, *, allowed_by_rules: bool, subject: Subject, detail: str = "") -> Verdict:
    """What ``rule`` says here once cards in play and rulings have had their say (the kernel's order)."""
    return resolve(rule, allowed_by_rules, claims(state, rule, subject), SPOILS, detail=detail)


# --------------------------------------------------------------------------------- numbers


def numeric_cost(state: SpoilsState, spec: CardSpec, player: str, *, extra: int = 0,
                 free: bool = False) -> tuple[int, list[TraceEntry]]:
    """406.3: the cost value plus extra "pay" costs, then increases, then reductions, never below
    zero (406.6, 410.4).  A card played for free costs 0 (308.1)."""
    if free:  # its cost value is 0; the "pay" of its extra costs is still paid (308.1a, 406.3)
        paid = spec.extra_cost + extra
        return paid, [TraceEntry(rule="spoils.308.1", outcome="applied", detail=f"{spec.name} is played for free"),
                      TraceEntry(rule="spoils.engine.free-cost", outcome="applied",
                                 detail="a free card's cost value is 0, with no increase or reduction on top")] + (
            [TraceEntry(rule="spoils.308.1a", outcome="applied",
                        detail=f"{spec.name}: its extra costs still ask to pay {paid}")] if paid else [])
    base = (spec.cost or 0) + spec.extra_cost + extra
    trace = [TraceEntry(rule="spoils.406.3", outcome="applied",
                        detail=f"{spec.name}: cost value {spec.cost or 0}"
                               + (f" + extra costs {spec.extra_cost + extra}" if spec.extra_cost + extra else "")
                               + ("" if spec.cost is not None else " (no cost value: 0, 406.2)"))]
    subj = Subject.being_played(spec, player)
    changes = _modifier_changes(state, "cost", subj)
    value, more = combine(base, changes, f"{spec.name} numeric cost", SPOILS)
    floor = min(_cost_floor(state, subj), base + sum(c.amount for c in changes if c.amount > 0))
    if value < floor:  # "reduce the numeric cost of characters you play by 2, to a minimum of 1"
        value = floor
        more.append(TraceEntry(rule="spoils.406.3", outcome="applied",
                               detail=f"{spec.name}: its cost reductions stop at a minimum of {floor}"))
    return value, trace + more


def _cost_floor(state: SpoilsState, subj: Subject) -> int:
    """The highest "to a minimum of N" among the cost reductions that apply to a card being played."""
    return max((int(src.effect["modify"]["minimum"]) for src in indexed(state).modifying("cost")
                if src.effect["modify"].get("minimum") and selects(state, src, subj)), default=0)


def damage_amount(state: SpoilsState, amount: int, subject: Subject) -> tuple[int, list[TraceEntry]]:
    """408.2: damage increases and reductions apply to damage above 0 (not to influence loss, 408.3b)."""
    if amount <= 0:
        return 0, []
    return combine(amount, _modifier_changes(state, "damage", subject), "damage", SPOILS)
