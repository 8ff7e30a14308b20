"""The golden rule as one mechanism for the three games, with one precedence order.

A rule is a named check (``allowed_by_rules`` is what the rule itself says at this position).
Card text in play and judge rulings in force may *claim* something about that rule: ``permit`` (lift
what it forbids) or ``forbid`` (forbid what it allows).  Numbers (statistics, costs, amounts,
parameters) are changed by *modifiers*; keywords are gained and lost.  This module decides, in this
order, every game alike:

1. **Judge rulings first.**  A ruling in force that bears on the check decides it; among several,
   the most recent.  A judge's ruling is the table's final word on what the cards and rules mean
   here, so it sits above card text (cited as the game's ruling rule: ``buffy.judge-ruling``,
   ``spoils.engine.judge-ruling``, ``wowmini.ruling``).  Where the ruling's verdict is "cannot" and
   a card says "can", "cannot beats can" is cited as well.
2. **Card text beats the rules** (the golden rule: ``buffy.golden-rule``, ``spoils.101.1``,
   ``wowmini.golden-rule``): a card's ``permit`` or ``forbid`` changes the rule's answer.
3. **"Cannot" beats "can"** (``spoils.402.7``, ``buffy.cannot-beats-can``,
   ``wowmini.cannot-beats-can``): between cards that disagree, the forbid wins.
4. **"Lose" beats "gain"** (``spoils.402.6``): a keyword lost by any effect is lost, whatever gains it.
5. **Increases before reductions** (``spoils.410.3``): every increase is added, then every
   reduction subtracted.
6. **Floors at zero** (``spoils.410.4``): a number reduced below zero counts as zero.
7. A parameter *set* to a value (``{"set": ..., "value": ...}``) takes the ruling's value first,
   then the first card's; modifiers then apply to it by 5 and 6.

Each game names its rule ids once in a ``Precedence`` value; the resolver cites them in the trace.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Literal, Sequence

from adjudicator.core import Overrider, TraceEntry

Verb = Literal["permit", "forbid"]


@dataclass(frozen=True)
class Precedence:
    """The catalog ids under which a game cites each precedence rule."""

    golden_rule: str
    cannot_beats_can: str
    ruling: str
    lose_beats_gain: str = ""
    increases_first: str = ""
    floor_at_zero: str = ""


@dataclass(frozen=True)
class Claim:
    """A card's or a ruling's word on one rule: ``permit`` or ``forbid``.  ``order`` orders rulings
    (later is larger); ``effect`` is whatever the caller needs back (e.g. a once-per-turn key)."""

    verb: Verb
    who: Overrider
    order: int = 0
    effect: object = None

    @property
    def by_ruling(self) -> bool:
        return self.who.kind == "ruling"


@dataclass
class Verdict:
    """What the rule says once every claim is weighed, the claim that decided it, and the trace."""

    allowed: bool
    decided_by: Claim | None = None
    trace: list[TraceEntry] = field(default_factory=list)

    @property
    def overridden_by(self) -> Overrider | None:
        return self.decided_by.who if self.decided_by else None


def ruling_in_force(ruling: dict, position: int) -> bool:
    """Whether a recorded ruling (``RulingRecorded`` data) holds at ``position``: from its
    ``from_position`` (if any) up to and including its ``until_position`` (if any)."""
    start, end = ruling.get("from_position"), ruling.get("until_position")
    if start is not None and position < start:
        return False
    return not (end is not None and position > end)


def resolve(rule: str, allowed_by_rules: bool, claims: Iterable[Claim], ids: Precedence,
            detail: str = "") -> Verdict:
    """Weighs ``claims`` on ``rule`` in the order of the module docstring."""
    claims = list(claims)
    rulings = sorted((c for c in claims if c.by_ruling), key=lambda c: c.order)
    cards = [c for c in claims if not c.by_ruling]
    if rulings:
        return _decided_by_ruling(rule, allowed_by_rules, rulings[-1], cards, ids, detail)
    forbids = [c for c in cards if c.verb == "forbid"]
    permits = [c for c in cards if c.verb == "permit"]
    trace: list[TraceEntry] = []
    if forbids:
        who = forbids[0].who
        if permits:
            trace.append(TraceEntry(rule=ids.cannot_beats_can, outcome="applied", overridden_by=who,
                                    detail=f"{permits[0].who.name} says it can, {who.name} says it cannot: cannot wins"))
        if allowed_by_rules:
            trace.append(TraceEntry(rule=rule, outcome="overridden", detail=detail or "forbidden by a card",
                                    overridden_by=who))
            trace.append(TraceEntry(rule=ids.golden_rule, outcome="applied", detail=f"{who.name} beats {rule}",
                                    overridden_by=who))
        else:
            trace.append(TraceEntry(rule=rule, outcome="forbidden", detail=detail))
        return Verdict(False, forbids[0], trace)
    if permits and not allowed_by_rules:
        who = permits[0].who
        trace.append(TraceEntry(rule=rule, outcome="overridden", detail=detail, overridden_by=who))
        trace.append(TraceEntry(rule=ids.golden_rule, outcome="applied", detail=f"{who.name} beats {rule}",
                                overridden_by=who))
        return Verdict(True, permits[0], trace)
    trace.append(TraceEntry(rule=rule, outcome="allowed" if allowed_by_rules else "forbidden", detail=detail))
    return Verdict(allowed_by_rules, None, trace)


def _decided_by_ruling(rule: str, allowed_by_rules: bool, ruling: Claim, cards: Sequence[Claim],
                       ids: Precedence, detail: str) -> Verdict:
    who = ruling.who
    allowed = ruling.verb == "permit"
    trace: list[TraceEntry] = []
    against = [c for c in cards if c.verb != ruling.verb]
    if not allowed and against:
        trace.append(TraceEntry(rule=ids.cannot_beats_can, outcome="applied", overridden_by=who,
                                detail=f"{against[0].who.name} says it can, {who.name} says it cannot: cannot wins"))
    if allowed == allowed_by_rules and not against:
        trace.append(TraceEntry(rule=rule, outcome="allowed" if allowed else "forbidden",
                                detail=detail or f"{who.name} confirms it", overridden_by=who))
    else:
        verb = "permits" if allowed else "forbids"
        trace.append(TraceEntry(rule=rule, outcome="overridden", overridden_by=who,
                                detail=detail or f"{who.name} {verb} it"))
    trace.append(TraceEntry(rule=ids.ruling, outcome="applied", overridden_by=who,
                            detail=f"{who.name} {'permits' if allowed else 'forbids'} what {rule} "
                                   f"{'forbids' if allowed else 'allows'}" if allowed != allowed_by_rules
                            else f"{who.name} rules on {rule}"))
    return Verdict(allowed, ruling, trace)


TO_ZERO = -10**6
"""A reduction "to 0": larger than any amount, so the floor at zero does the rest; the trace says
"to 0" rather than the number."""


def _step(c: "Change") -> str:
    if c.amount <= TO_ZERO:
        return f"to 0 ({c.who})"
    return f"{'+' if c.amount > 0 else ''}{c.amount} ({c.who})"


@dataclass(frozen=True)
class Change:
    """One modifier of a number: ``amount`` (positive increases, negative reduces) and who made it."""

    amount: int
    who: str


def combine(base: int, changes: Iterable[Change], what: str, ids: Precedence) -> tuple[int, list[TraceEntry]]:
    """Every increase first (any order), then every reduction, each reduction stopping at zero
    (items 5 and 6 of the order).  The trace shows the sum."""
    changes = list(changes)
    trace: list[TraceEntry] = []
    if not changes:
        return base, trace
    ups = [c for c in changes if c.amount > 0]
    downs = [c for c in changes if c.amount < 0]
    value = base + sum(c.amount for c in ups)
    floored = False
    for c in downs:
        value += c.amount
        if value < 0:
            value, floored = 0, True
    steps = " ".join(_step(c) for c in ups + downs)
    trace.append(TraceEntry(rule=ids.increases_first, outcome="applied", detail=f"{what}: {base} {steps} = {value}"))
    if floored:
        trace.append(TraceEntry(rule=ids.floor_at_zero, outcome="applied", detail=f"{what} stays at 0"))
    return value, trace


def keywords(printed: Iterable[str], gains: dict[str, str], losses: dict[str, str], name: str,
             ids: Precedence) -> tuple[set[str], list[TraceEntry]]:
    """Printed keywords plus gained ones, minus lost ones: "lose" beats "gain" (item 4).  ``gains``
    and ``losses`` map a keyword to who gives or takes it."""
    printed = set(printed)
    have = printed | set(gains)
    trace: list[TraceEntry] = []
    for kw, who in losses.items():
        if kw in have:
            if kw in gains or kw in printed:
                detail = f"{name} loses {kw} ({who})" + (f" although {gains[kw]} gives it" if kw in gains else "")
                trace.append(TraceEntry(rule=ids.lose_beats_gain, outcome="applied", detail=detail))
            have.discard(kw)
    return have, trace
