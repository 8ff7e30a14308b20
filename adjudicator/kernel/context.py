"""One decision's context, the same for the three games: the events it emits (applied to a scratch
copy of the state as they are emitted, so later consequences see earlier ones), the violations,
the trace of rules consulted (``because``), and the once-per-turn permissions it spends."""
from __future__ import annotations

import copy
import pickle
from typing import Any, Callable, ClassVar, Iterable

from adjudicator.core import Overrider, TraceEntry, Violation
from adjudicator.kernel.precedence import Claim, Precedence, Verdict, resolve
from events.models.base import DomainEvent


def copy_state(state: Any) -> Any:
    """A deep copy of a state model: a pickle round trip (the same copy, fields-set and sharing
    kept, about twice as fast as ``model_copy(deep=True)``), falling back to ``deepcopy``."""
    try:
        return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # a state holding something that does not pickle
        return copy.deepcopy(state)


class Context:
    """What one decision accumulates.

    ``state`` is the position the action is decided at and is never changed.  ``work`` is the
    scratch state the emitted events are applied to (copied on first use, or given by a caller that
    owns its state).  ``blocked`` says the action cannot be applied at all: a judge recording it
    anyway records nothing.  A game subclasses this only for its own lookups; ``precedence`` names
    the game's rule ids for the resolver (``adjudicator.kernel.precedence``).
    """

    precedence: ClassVar[Precedence]
    #: whether a check that passes is traced even when the caller gives no ``allowed`` text
    trace_every_check: ClassVar[bool] = True

    def __init__(self, state: Any, apply: Callable[[DomainEvent, Any], Any] | None = None, *,
                 work: Any = None):
        self.state = state
        self._apply = apply
        self._work = work
        self.events: list[DomainEvent] = []
        self.violations: list[Violation] = []
        self.because: list[TraceEntry] = []
        self.spent: list[DomainEvent] = []
        self.blocked = False

    # ------------------------------------------------------------------------ the scratch state
    @property
    def work(self) -> Any:
        if self._work is None:
            self._work = copy_state(self.state)
        return self._work

    def emit(self, *events: DomainEvent) -> None:
        """Records events and applies them to the scratch state."""
        for event in events:
            self.events.append(event)
            if self._apply is not None:
                self._apply(event, self.work)

    # ------------------------------------------------------------------------ the trace
    def at(self, message: str) -> str:
        """A violation's message as shown (a game may add the position)."""
        return message

    def note(self, rule: str, detail: str, outcome: str = "applied", who: Overrider | None = None) -> None:
        self.because.append(TraceEntry(rule=rule, outcome=outcome, detail=detail, overridden_by=who))

    def violate(self, rule: str, message: str, *, blocking: bool = False, traced: bool = True) -> None:
        self.violations.append(Violation(rule=rule, message=self.at(message)))
        if traced:
            self.because.append(TraceEntry(rule=rule, outcome="forbidden", detail=message))
        if blocking:
            self.blocked = True

    def require(self, ok: bool, rule: str, message: str, allowed: str = "", *, blocking: bool = False) -> bool:
        """A rule no card bears on: ``ok`` is what it says."""
        if ok:
            if allowed or self.trace_every_check:
                self.note(rule, allowed or message, "allowed")
        else:
            self.violate(rule, message, blocking=blocking)
        return ok

    def forbidden_text(self, rule: str, who: Overrider | None, message: str, allowed: str) -> str:
        """The violation's message when a card or ruling forbids what ``rule`` allows (a game may
        word it its own way)."""
        return f"{who.name if who else 'an effect'} forbids it: {allowed or message}"

    def consult(self, rule: str, ok: bool, claims: Iterable[Claim], message: str, allowed: str = "", *,
                blocking: bool = False) -> Verdict:
        """A rule that cards in play and rulings in force may override (the golden rule).  ``ok`` is
        what the rule itself says; the verdict weighs ``claims`` in the one precedence order."""
        verdict = resolve(rule, ok, claims, self.precedence, detail=message if not ok else allowed)
        self.because.extend(verdict.trace)
        if not verdict.allowed:
            text = message if not ok else self.forbidden_text(rule, verdict.overridden_by, message, allowed)
            self.violations.append(Violation(rule=rule, message=self.at(text)))
            if blocking:
                self.blocked = True
        return verdict
