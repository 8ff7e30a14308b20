"""The trace of one decision, and the golden rule as a mechanism.

Rules are named checks.  At each check, a judge ruling in force (``RulingRecorded`` with effect
``{"permit": id}`` or ``{"forbid": id}``) or the text of the card being played (its ``overrides``)
may change the outcome; the trace then names the card or ruling as ``overridden_by``.  A ruling
beats a card (the judge has the last word); between cards, "cannot" beats "can".
"""
from __future__ import annotations

from typing import Any, Iterable

from adjudicator.core import Overrider, TraceEntry, Violation
from adjudicator.wowmini import rules as R
from adjudicator.wowmini.projection import apply_event
from adjudicator.wowmini.state import Card, WowMiniState
from events.base import DomainEvent


def ruling_in_force(state: WowMiniState, ruling: dict[str, Any]) -> bool:
    start, end = ruling.get("from_position"), ruling.get("until_position")
    if start is not None and state.position < start:
        return False
    return not (end is not None and state.position > end)


def _ruling_verdict(ruling: dict[str, Any], rule: str) -> str | None:
    effect = ruling.get("effect") or {}
    for verdict in ("forbid", "permit"):
        target = effect.get(verdict)
        if target is True:
            target = ruling.get("rule")
        if target == rule:
            return verdict
    return None


def find_override(state: WowMiniState, rule: str, names: Iterable[str],
                  cards: Iterable[Card]) -> tuple[str, Overrider] | None:
    """("permit" | "forbid", who) when a ruling or a card's text changes ``rule`` here."""
    lowered = {n.lower() for n in names if n}
    for ruling in reversed(state.rulings):
        if not ruling_in_force(state, ruling):
            continue
        card = ruling.get("card")
        if card and card.lower() not in lowered:
            continue
        verdict = _ruling_verdict(ruling, rule)
        if verdict:
            return verdict, Overrider(kind="ruling", name=card or "judge ruling",
                                      effect=str(ruling.get("effect")), ruling_id=ruling.get("ruling_id"))
    found: tuple[str, Overrider] | None = None
    for card in cards:
        for o in card.overrides:
            if o.forbid == rule:
                return "forbid", Overrider(kind="card", name=card.name, effect=f"forbid {rule}")
            if o.permit == rule and found is None:
                found = ("permit", Overrider(kind="card", name=card.name, effect=f"permit {rule}"))
    return found


class Ctx:
    """What one decision accumulates: the events (applied to a scratch copy as they are emitted,
    so later consequences see earlier ones), the violations and the trace."""

    def __init__(self, state: WowMiniState):
        self.state = state
        self._work: WowMiniState | None = None
        self.events: list[DomainEvent] = []
        self.violations: list[Violation] = []
        self.because: list[TraceEntry] = []
        self.blocked = False

    @property
    def work(self) -> WowMiniState:
        """The scratch copy the emitted events are applied to (copied on first use)."""
        if self._work is None:
            self._work = self.state.model_copy(deep=True)
        return self._work

    def at(self, message: str) -> str:
        return f"{message} (position {self.state.position})"

    def check(self, rule: str, ok: bool, message: str, allowed: str = "", *, names: Iterable[str] = (),
              cards: Iterable[Card] = (), blocking: bool = False) -> bool:
        """Consults ``rule``: ``ok`` is what the rule says; a ruling or card may change it."""
        override = find_override(self.state, rule, names, cards)
        if override is not None:
            verdict, who = override
            if verdict == "permit" and not ok:
                self.because.append(TraceEntry(rule=rule, outcome="overridden", detail=message, overridden_by=who))
                self._golden(who, f"{who.name} permits what {rule} forbids")
                return True
            if verdict == "forbid" and ok:
                text = f"{who.name} forbids it: {allowed or message}"
                self.because.append(TraceEntry(rule=rule, outcome="overridden", detail=text, overridden_by=who))
                self._golden(who, f"{who.name} forbids what {rule} allows")
                self.violations.append(Violation(rule=rule, message=self.at(text)))
                if blocking:
                    self.blocked = True
                return False
        if ok:
            self.because.append(TraceEntry(rule=rule, outcome="allowed", detail=allowed or message))
            return True
        self.because.append(TraceEntry(rule=rule, outcome="forbidden", detail=message))
        self.violations.append(Violation(rule=rule, message=self.at(message)))
        if blocking:
            self.blocked = True
        return False

    def _golden(self, who: Overrider, detail: str) -> None:
        if who.kind == "ruling":
            self.because.append(TraceEntry(rule=R.RULINGS, outcome="applied", detail=detail, overridden_by=who))

    def note(self, rule: str, detail: str, outcome: str = "applied") -> None:
        self.because.append(TraceEntry(rule=rule, outcome=outcome, detail=detail))

    def emit(self, event: DomainEvent) -> None:
        self.events.append(event)
        apply_event(event, self.work)
