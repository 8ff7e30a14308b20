"""Choices checked when they are made (spoils.engine.choices-when-made).

A play or an ability waits for the responses of the opponent (607.1); when that opponent passes it
resolves with the choices its player made with it (targets, X, a division of damage, tokens, "you
may", a card type...).  A choice the rules refuse only then (a pick outside the text's qualifiers, a
division that does not add up, a choice left out) used to be appended and to make that pass illegal,
so that nobody could act.  Choices the pass itself brings (hidden information named as it resolves,
``spoils.engine.hidden-choice``) are left to it.  Here the action that opens the wait is decided, then the opponent's pass
is decided on the position it leaves: what that pass would be refused for is a violation of the
action itself, so enforce mode refuses it (422 with the rule) and record mode keeps it flagged.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from adjudicator.core import Decision, GameOver, InvalidAction
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.rules import asked as ASKED
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text.position_memo import forget

RULE = "spoils.engine.choices-when-made"
PLAYS = frozenset({"play_card", "play_tactic", "use_ability", "faction_ability", "respond"})
"""The actions whose own choices are checked ahead (a turn's end resolving triggers is not a play)."""
ASKED_OF_THE_PASSER = frozenset({"spoils.engine.hidden-choice"})
"""What the pass that resolves a play may still bring: the choices and hidden information a script
asks for as it resolves (the card type named, the card revealed: ``spoils.engine.hidden-choice``),
which that pass carries.  Only the other refusals are the play's own."""
Decide = Callable[[SpoilsState, dict[str, Any]], Decision]
ANSWERED_WITH = ("pass", "choose")
"""The actions that resolve a play, and so may have to bring what its resolution asks (``choices_asked``)."""


def handled_asking(ctx: SpoilsContext, action: Any, handle: Callable[[SpoilsContext, Any], Any],
                   fresh: Callable[[], SpoilsContext], work: SpoilsState | None) -> tuple[SpoilsContext, Any]:
    """``action`` decided by ``handle`` in ``ctx``; when a play it resolves met a choice its text gives
    another player that nobody made yet (``rules.asked``), decided again in a ``fresh`` context where
    that play waits for the choice instead of resolving (spoils.engine.own-choices).  ``work``, the
    caller's scratch state, then holds the position decided again.  Returns the context and the action
    as decided."""
    try:
        decided = handle(ctx, action)
    except InvalidAction:
        if ASKED.asking(ctx) is None:
            raise
        decided = action
    ask = ASKED.asking(ctx)
    if ask is None:
        return ctx, decided
    again = fresh()
    ASKED.ask_at(again, ask)
    decided = handle(again, action)
    if work is not None:  # the caller keeps ``work`` as the position after the action
        forget(work)
        work.__dict__.update(again.work.__dict__)
    return again, decided


def resolves_as_chosen(ctx: SpoilsContext, before: SpoilsState, action: Any, decide_pass: Decide) -> None:
    """When ``action`` left a new play or ability waiting, the violations its opponent's pass would
    meet over a choice the action made, as violations of the action (the rule of each, and
    ``spoils.engine.choices-when-made``); a choice the action left out is the pass's to bring."""
    s = ctx.work
    if getattr(action, "type", None) not in PLAYS:
        return
    if ctx.blocked or ctx.violations or s.winner is not None or s.choice is not None:
        return
    if len(s.pending) <= len(before.pending) or s.to_act is None:
        return
    passer = s.to_act
    try:
        decision = decide_pass(s, {"type": "pass", "player": passer})
    except (InvalidAction, GameOver):
        return
    made = [v for v in decision.violations if not _left_to_the_pass(v.rule, v.message, action)]
    if not made or len(made) < len(decision.violations):
        return
    play = s.pending[-1].name
    ctx.note(RULE, f"{play} would not resolve as its choices stand when {passer} passes", "forbidden")
    for v in made:
        ctx.violate(v.rule, f"{play} cannot resolve with the choices made now (checked as they are made, "
                            f"{RULE}): {v.message}")


def _left_to_the_pass(rule: str, message: str, action: Any) -> bool:
    """Whether a refusal of the pass is about a choice the action did not make (nothing given, a key
    of ``choices`` it does not carry, another player's pick): the pass that resolves it brings it."""
    if re.search(r"\b(0|none|None|no) given\b", message) or "their pick" in message:
        return True
    keys = re.findall(r"choices\.(\w+)", message)
    if keys:  # a choice the action named is the action's own, hidden information included
        return all(k not in action.choices for k in keys)
    return rule in ASKED_OF_THE_PASSER


def choices_asked(raw: dict[str, Any], decision: Decision) -> str:
    """For a pass refused only for choices it must bring (a play resolving asks them), what it must
    name, from the refusals; "" otherwise (the pass is then not open to the player)."""
    if raw.get("type") not in ANSWERED_WITH or not decision.violations:
        return ""
    choices = _Given(raw.get("choices") or {})
    if not all(_left_to_the_pass(v.rule, v.message, choices) for v in decision.violations):
        return ""
    return "; ".join(v.message for v in decision.violations)


def fillable(raw: dict[str, Any], decision: Decision) -> bool:
    """Whether a template (an action whose open fields are the player's to fill: targets, choices)
    may be accepted once filled: as it stands it is accepted, or refused only for what it leaves out.
    A template refused for anything else (a "use this only if" not met, a timing, a cost) is not
    offered: no filling makes it legal."""
    given = _Given(raw.get("choices") or {})
    return decision.legal or all(_left_to_the_pass(v.rule, v.message, given) for v in decision.violations)


PICKS = frozenset({"spoils.310.1"})
"""A refusal about which cards were picked: another pick may do."""


NOTHING = {"nothing": True}
"""``sample_fill``'s answer for a template whose required pick among the cards in play allows none."""


def sample_fill(action: dict[str, Any], needs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """``action`` with the first value each required choice of its text allows (the first card of a
    pick, the least X, the first option of a menu), to tell whether anything else keeps it from being legal; None when a required
    choice cannot be filled so (it depends on another, or it is not offered with values); ``NOTHING``
    when a required pick among the cards in play has nothing to pick."""
    out = {**action, "targets": list(action.get("targets") or []), "choices": dict(action.get("choices") or {})}
    for need in needs:
        if not need.get("required"):
            continue
        path = list(need.get("path") or [])
        if need.get("depends_on") or len(path) != 2:
            return None
        if "allowed" in need and not need["allowed"] and need.get("zone", "play") == "play":
            return NOTHING
        if need.get("allowed"):
            first = need["allowed"][0]
            value: Any = first["id"] if isinstance(first, dict) else first
            value = value if (need.get("maximum") or 1) == 1 else [value]
        elif need.get("kind") == "x" and need.get("minimum") is not None:
            value = need["minimum"]
        elif need.get("options"):  # a menu: its first option
            first = need["options"][0]
            value = first.get("value") if isinstance(first, dict) else first
        else:
            return None
        where, key = path
        if where == "targets" and isinstance(key, int) and key == len(out["targets"]):
            out["targets"].append(value)
        elif where == "choices" and isinstance(key, str):
            out["choices"][key] = value
        else:
            return None
    return out


def fillable_as(decision: Decision) -> bool:
    """Whether a template filled with ``sample_fill`` is legal, or refused only over the cards picked."""
    return decision.legal or all(v.rule in PICKS for v in decision.violations)


def nothing_to_pick(filled: dict[str, Any] | None) -> bool:
    return filled is NOTHING


class _Given:
    """The choices an action gives (what ``_left_to_the_pass`` reads of an action)."""

    def __init__(self, choices: dict[str, Any]):
        self.choices = choices
