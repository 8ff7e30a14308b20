"""Buffy's legal actions, bounded: the cost grows with the characters, not with their pairs.

Each candidate is checked by ``decide(..., legality_only=True)``, which stops at the verdict (no
copy of the state, no consequences worked out); only the pass is decided in full, since the
consequences it sets off cite rules of their own (one copy per answer).  Where a position would list every attacker with
every defender, or every character with every destination, more than ``PAIR_CAP`` times, the
candidates come as a ``Domain`` instead: one action to fill in, with the values each field may
take, each value checked once against one legal choice of the other fields (so 250 characters at
one location cost about 250 checks, not 15,625).  A pair-specific refusal (a card that forbids one
attacker to fight one defender) is then told when that pair is appended or checked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable, Iterable

from adjudicator.core import Decision, InvalidAction, LegalAction

PAIR_CAP = 64  # concrete pairs listed one by one up to this many; a domain beyond
ANCHOR_TRIES = 16  # combinations tried to find one legal choice of every field


@dataclass
class Domain:
    """Candidates ``{type, **fixed, field: value...}`` for every value of each field."""

    type: str
    fields: dict[str, list[Any]]
    description: str
    fixed: dict[str, Any] = field(default_factory=dict)


Decide = Callable[[dict[str, Any]], Decision]


def _verdict(decide: Decide, probe: dict[str, Any]) -> Decision | None:
    try:
        decision = decide(probe)
    except InvalidAction:
        return None
    return decision if decision.legal else None


def rules_of(decision: Decision) -> set[str]:
    return {t.rule for t in decision.because if t.outcome in ("allowed", "overridden", "applied")}


def concrete(decide: Decide, player: str, candidate: dict[str, Any], needs: dict[str, Any],
             description: str) -> LegalAction | None:
    """The candidate as a legal action (a template when ``needs`` names what to choose), or None."""
    decision = _verdict(decide, {**candidate, "player": player, **needs})
    if decision is None:
        return None
    note = f" (choose: {', '.join(needs)})" if needs else ""
    return LegalAction(action={**candidate, "player": player}, rules=sorted(rules_of(decision)),
                       description=description + note)


def _anchor(decide: Decide, base: dict[str, Any], fields: dict[str, list[Any]]) -> dict[str, Any] | None:
    """One legal choice of every field, trying the values in step (the i-th of each, wrapping)."""
    longest = max(len(v) for v in fields.values())
    for i in islice(range(longest), ANCHOR_TRIES):
        choice = {name: values[i % len(values)] for name, values in fields.items()}
        if _verdict(decide, {**base, **choice}) is not None:
            return choice
    return None


def domain(decide: Decide, player: str, d: Domain) -> LegalAction | None:
    """The domain's legal values, each checked against an anchor of the other fields; None when
    no value is legal."""
    base = {"type": d.type, "player": player, **d.fixed}
    anchor = _anchor(decide, base, d.fields)
    if anchor is None:
        return None
    legal: dict[str, list[Any]] = {}
    rules: set[str] = set()
    for name, values in d.fields.items():
        legal[name] = []
        for value in values:
            decision = _verdict(decide, {**base, **anchor, name: value})
            if decision is not None:
                legal[name].append(value)
                rules |= rules_of(decision)
    sizes = " and ".join(f"{name} ({len(v)})" for name, v in legal.items())
    return LegalAction(action=dict(base), rules=sorted(rules), domains=legal,
                       description=f"{d.description} (choose: {sizes})")


def legal_actions(decide: Decide, player: str,
                  candidates: Iterable[tuple[dict[str, Any], dict[str, Any], str] | Domain]) -> list[LegalAction]:
    """The legal ones among ``candidates``, concrete or as domains."""
    out: list[LegalAction] = []
    for item in candidates:
        found = domain(decide, player, item) if isinstance(item, Domain) else concrete(decide, player, *item)
        if found is not None:
            out.append(found)
    return out
