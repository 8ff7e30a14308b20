"""The pieces every Buffy decision uses: the context that gathers violations and the trace, talents
after fatigue, and fatigue itself (with the cards that stop it)."""
from __future__ import annotations

from adjudicator.buffy import overrides
from adjudicator.buffy.state import OFF_BOARD, PARK, TALENTS, BuffyState, Character
from adjudicator.core import Overrider, TraceEntry, Violation
from events import buffy as E
from events.base import DomainEvent

CANNOT_ACT = "buffy.fatigue.cannot-act"


class Ctx:
    """What one decision accumulates: violations, the trace of rules consulted, and the
    once-per-turn permissions it spends."""

    def __init__(self, state: BuffyState):
        self.state = state
        self.violations: list[Violation] = []
        self.because: list[TraceEntry] = []
        self.spent: list[E.OncePerTurnUsed] = []

    def require(self, ok: bool, rule: str, message: str, allowed: str = "") -> bool:
        if ok:
            self.because.append(TraceEntry(rule=rule, outcome="allowed", detail=allowed or message))
        else:
            self.violations.append(Violation(rule=rule, message=message))
            self.because.append(TraceEntry(rule=rule, outcome="forbidden", detail=message))
        return ok

    def forbid_unless_permitted(self, broken: bool, rule: str, message: str, ch: Character | None,
                                cid: str | None = None, also: tuple[str, ...] = ()) -> Overrider | None:
        """A rule that forbids, which a card in play or a ruling may lift (the golden rule).

        ``also`` names broader rules whose permit lifts this one too (a permit of
        ``buffy.fatigue.cannot-act`` lets a fatigued character start a fight).
        """
        if not broken:
            self.because.append(TraceEntry(rule=rule, outcome="allowed", detail="not concerned"))
            return None
        for lifted in (rule, *also):
            found = overrides.permit_effect(self.state, lifted, ch)
            if found is None:
                continue
            who, effect = found
            self.because.append(TraceEntry(rule=rule, outcome="overridden", detail=message, overridden_by=who))
            self.because.append(TraceEntry(rule="buffy.golden-rule", outcome="applied",
                                           detail=f"{who.name} beats {lifted}", overridden_by=who))
            if effect.get("once_per_turn") and cid is not None:
                self.spent.append(E.OncePerTurnUsed(character=cid, key=overrides.once_key(effect), by=who.name))
            return who
        self.require(False, rule, message)
        return None

    def not_forbidden(self, rule: str, ch: Character | None, what: str) -> bool:
        """A rule that permits, which a card in play or a ruling may forbid ("cannot" beats "can")."""
        who = overrides.forbidden(self.state, rule, ch)
        if who is None:
            return True
        self.violations.append(Violation(rule=rule, message=f"{who.name} forbids it: {what}"))
        self.because.append(TraceEntry(rule=rule, outcome="forbidden", detail=f"{what} ({who.name} forbids it)",
                                       overridden_by=who))
        self.because.append(TraceEntry(rule="buffy.golden-rule", outcome="applied",
                                       detail=f"{who.name} forbids what {rule} allows", overridden_by=who))
        return False

    def note(self, rule: str, detail: str, outcome: str = "applied", who: Overrider | None = None) -> None:
        self.because.append(TraceEntry(rule=rule, outcome=outcome, detail=detail, overridden_by=who))


def total_talents(ch: Character) -> dict[str, int]:
    """Printed talents plus the talents of attached cards."""
    totals = ch.talents.as_dict()
    for att in ch.attachments:
        for t in TALENTS:
            totals[t] += att.talents.get(t)
    return totals


def effective_talents(state: BuffyState, ch: Character) -> dict[str, int]:
    """Total talents minus the fatigue penalty (which may take a talent below zero)."""
    totals = total_talents(ch)
    if ch.fatigued:
        penalty, _, _ = overrides.parameter(state, "fatigue_penalty", ch)
        totals = {t: v - penalty for t, v in totals.items()}
    return totals


def all_traits(state: BuffyState, ch: Character) -> set[str]:
    """Printed traits, traits of attached cards, and traits granted by cards (Tome of Mediocrity)."""
    return ch.all_traits() | {t for t, _ in overrides.granted_traits(state, ch)}


def on_board(ch: Character | None) -> bool:
    return ch is not None and ch.location not in OFF_BOARD


def space_owner(space: str) -> str | None:
    return None if space == PARK else space.rsplit(".", 1)[0]


def fatigue(s: BuffyState, ctx: Ctx, cid: str, cause: str, rule: str) -> list[DomainEvent]:
    """What fatiguing ``cid`` records: nothing if already fatigued (a fatigued card cannot fatigue
    again), FatigueAvoided if a card stops it (Faith's Motel), else CharacterFatigued."""
    ch = s.characters[cid]
    if ch.fatigued:
        ctx.note(rule, f"{ch.name} is already fatigued ({cause})")
        return []
    avoider = overrides.fatigue_avoider(s, ch)
    if avoider is not None:
        ctx.note(rule, f"{ch.name} would be fatigued ({cause}) but {avoider.name} stops it", "overridden", avoider)
        ctx.note("buffy.golden-rule", f"{avoider.name} beats {rule}", who=avoider)
        return [E.FatigueAvoided(character=cid, cause=cause, by=avoider.name)]
    ctx.note(rule, f"{ch.name} is fatigued: {cause}")
    return [E.CharacterFatigued(character=cid, cause=cause, rule=rule)]


def fatiguing_act(s: BuffyState, ctx: Ctx, cid: str, what: str, cause: str, rule: str) -> list[DomainEvent]:
    """An act whose cost is fatiguing ``cid`` (learning a skill, stunt-doubling, a power that says
    "fatigue this character").  A fatigued character cannot do it (``buffy.fatigue.cannot-act``)
    unless a card stops the fatigue (Faith's Motel: she may act although fatigued, and stays as
    she was) or a card or ruling lifts the rule."""
    ch = s.characters[cid]
    if not ch.fatigued:
        return fatigue(s, ctx, cid, cause, rule)
    avoider = overrides.fatigue_avoider(s, ch)
    if avoider is not None:
        ctx.note(CANNOT_ACT, f"{ch.name} is fatigued and would not {what}; what would fatigue {ch.name} "
                             f"does not, by {avoider.name}", "overridden", avoider)
        ctx.note("buffy.golden-rule", f"{avoider.name} beats {CANNOT_ACT}", who=avoider)
        ctx.note(rule, f"{ch.name} is not fatigued again ({cause})", "overridden", avoider)
        return [E.FatigueAvoided(character=cid, cause=cause, by=avoider.name)]
    who = ctx.forbid_unless_permitted(True, CANNOT_ACT, f"{ch.name} is fatigued and cannot {what}", ch, cid)
    if who is not None:
        ctx.note(rule, f"{ch.name} is already fatigued and stays so ({cause})", who=who)
    return []
