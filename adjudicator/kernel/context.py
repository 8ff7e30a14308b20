"""One decision's context, the same for the three games: the events it emits (applied to a scratch
copy of the state as they are emitted, so later consequences see earlier ones), the violations,
the trace of rules consulted (``because``), and the once-per-turn permissions it spends."""
from __future__ import annotations

import copy
import datetime
import decimal
import enum
import pickle
import uuid
from typing import Any, Callable, ClassVar, Iterable

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from adjudicator.core import Overrider, TraceEntry, Violation
from adjudicator.kernel.precedence import Claim, Precedence, Verdict, resolve
from events.models.base import DomainEvent


def copy_state(state: Any) -> Any:
    """A deep copy of a state model, independent of it.  A state class registered as a tree
    (``copies_as_tree``) is copied by walking it (``tree_copy``: about a third of a pickle round
    trip's time on a Buffy or WoW Miniatures state); any other state by a pickle round trip (the
    same copy, fields-set and sharing kept, about twice as fast as ``model_copy(deep=True)``),
    falling back to ``deepcopy``."""
    if type(state) in _TREES:
        return tree_copy(state)
    return _pickled(state)


def _pickled(value: Any) -> Any:
    try:
        return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # a state holding something that does not pickle
        return copy.deepcopy(value)


# ---------------------------------------------------------------------------- copying a tree
_TREES: set[type] = set()
"""The state classes ``copy_state`` copies with ``tree_copy``."""

_ATOMS = frozenset({str, int, float, bool, type(None), bytes, complex, decimal.Decimal, uuid.UUID,
                    datetime.datetime, datetime.date, datetime.time, datetime.timedelta})
"""Immutable values: a copy may hold the very same object (a pickle makes an equal one)."""

_setattr = object.__setattr__
_PICKLING = ("__reduce__", "__reduce_ex__", "__getstate__", "__setstate__", "__deepcopy__", "__copy__")
_plain_models: dict[type, bool] = {}


def copies_as_tree(*classes: type[BaseModel]) -> None:
    """Registers state classes whose instances are trees: no object is reached twice from the root
    (a state projected from events is one: every value in it was validated or built on its own),
    so a copy need not keep two paths leading to one object, and the faster ``tree_copy`` copies
    them."""
    _TREES.update(classes)


def tree_copy(value: Any) -> Any:
    """A deep copy of a tree of pydantic models, lists, dictionaries, tuples and sets of them and
    of immutable values: every model, list, dictionary and set new (a model with the same fields
    set, extra and private values), immutable values shared.  A value of any other type (a
    subclass of ``list`` or ``dict``, a model that pickles its own way, any other object) is
    copied by a pickle round trip of its own, as ``copy_state`` copies a whole state."""
    t = type(value)
    if t is list:
        return [x if type(x) in _ATOMS else tree_copy(x) for x in value] if value else []
    if t is dict:
        return {k: (x if type(x) in _ATOMS else tree_copy(x)) for k, x in value.items()} if value else {}
    if t in _ATOMS:
        return value
    plain = _plain_models.get(t)
    if plain is None:
        plain = _plain_models[t] = _is_plain_model(t)
    if plain:
        new = t.__new__(t)
        fields = value.__dict__.copy()
        for name, x in fields.items():
            if type(x) not in _ATOMS:
                fields[name] = tree_copy(x)
        _setattr(new, "__dict__", fields)
        _setattr(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        extra = value.__pydantic_extra__
        _setattr(new, "__pydantic_extra__", None if extra is None else tree_copy(extra))
        private = value.__pydantic_private__
        _setattr(new, "__pydantic_private__", None if private is None else {
            k: tree_copy(v) for k, v in private.items() if v is not PydanticUndefined})
        return new
    if t is tuple:
        return tuple([x if type(x) in _ATOMS else tree_copy(x) for x in value])
    if t is set:
        return {x if type(x) in _ATOMS else tree_copy(x) for x in value}
    if isinstance(value, enum.Enum):
        return value  # a member is itself in any copy
    return _pickled(value)


def _is_plain_model(t: type) -> bool:
    """A pydantic model that pickles as ``BaseModel`` does (its ``__dict__``, fields set, extra and
    private values), so copying those is the copy a pickle round trip makes."""
    return (isinstance(t, type) and issubclass(t, BaseModel)
            and all(getattr(t, name, None) is getattr(BaseModel, name, None) for name in _PICKLING)
            and all(not c.__dict__.get("__slots__") for c in t.__mro__[:t.__mro__.index(BaseModel)]))


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
