"""Which step of a script's effect a check of meanings read, step by step (issue 24, must-show 2: "the
rehearsal checks meanings, not event types, for every full card").

An event of the right type answers a step (``spoils_pool_accounts.EXPECTED``); that proves its kind, not its
meaning.  Each check of meanings that holds marks the very step it read (``mark``: the step's head and words,
and the aspect of its meaning it read), so that a card with two steps of one kind ("Draw 2 cards. Your
opponent draws X cards.") is not proven by the check of one of them:

- the amounts a player draws, discards, loses or gains (``spoils_pool_meanings``): aspect ``amount``;
- the exact cards an operation acted on, and where they went (``spoils_pool_targets``): aspect ``cards``;
- what a lasting change changes and for how long (``spoils_pool_meanings``): aspect ``changes``;
- the cards put into play, and under whom (``spoils_pool_targets.entered_as_said``): aspect ``cards``;
- the damage dealt and the tokens put or removed, on whom and how much (``spoils_pool_on_cards``): aspects
  ``cards`` and ``amount``.

A step whose kind these checks cover is read only through its marks (``MARKED``): all of its ``ASPECTS``.
Any other step is read when it is the only step of its kind in the effect and a check that names its kind
and says which card, player or zone held (a search's card found, a play's card played, a response's
play ended: ``spoils_pool_searches``, ``_plays``, ``_responses``); two steps of such a kind are not told
apart, so neither is read.  An unread step leaves the card unproven (``Rehearsal.unread``): fail closed."""
from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

ASPECTS: dict[str, tuple[str, ...]] = {
    **{head: ("amount",) for head in ("draw", "discard", "lose_influence", "gain_influence")},
    **{head: ("cards",) for head in ("destroy", "deplete", "restore", "return_to_hand", "remove_from_game",
                                     "gain_control")},
    **{head: ("cards", "changes") for head in ("modify", "gain", "lose")},
    "put_into_play": ("cards",),
    "damage": ("cards", "amount"),
    "tokens": ("cards", "amount"),
}
"""The aspects of its meaning each kind of step must be seen to have, for the kinds read through marks."""
MARKED = frozenset(ASPECTS)


X_FORMS = re.compile(r"^X(?:(?P<sign>[+-])(?P<n>\d+)|(?P<twice>\+X))?$")
"""The figures that are X as the play chose it: "X", "X+1", "X-1", "X+X"."""


def figure(amount: Any, x: int | None = None) -> int | None:
    """A step's amount as a number: a plain figure, or X (as chosen, ``x``) in one of ``X_FORMS``; None for any
    other (an X defined by the text, "for each", ...)."""
    if isinstance(amount, int) and not isinstance(amount, bool):
        return amount
    m = X_FORMS.match(amount) if isinstance(amount, str) and isinstance(x, int) else None
    if m is None:
        return None
    if m["twice"]:
        return 2 * x
    return x + (int(m["n"]) if m["sign"] == "+" else -int(m["n"])) if m["n"] else x


def step_key(head: str, op: dict[str, Any]) -> str:
    """A step by its head and its words (the same step read by two checks has one key)."""
    return f"{head} {json.dumps(op, sort_keys=True, default=str)}"


def mark(out: Any, head: str, op: dict[str, Any], aspect: str) -> None:
    """A check of ``aspect`` held on this step."""
    out.read.add((step_key(head, op), aspect))


def unread(out: Any, steps: list[tuple[str, dict[str, Any]]], answered: dict[str, tuple[str, ...]]) -> None:
    """Adds to ``out.unread`` each step of a kind in ``answered`` (the operations an event answers) whose
    meaning no check read, with the aspects left unread."""
    kinds = Counter(head for head, _ in steps)
    for head, op in steps:
        if head not in answered:
            continue
        if head not in MARKED:
            named = any(c.startswith(f"{head}: ") and not c.startswith(f"{head}: each player") for c in out.checked)
            if not (named and kinds[head] == 1):
                why = "another step of its kind is in the effect" if named else "no check of its meaning held"
                out.unread.append(f"{head}: only the type of its events ({', '.join(answered[head])}) is checked, "
                                  f"not what it says ({why})")
            continue
        missing = [a for a in ASPECTS[head] if (step_key(head, op), a) not in out.read]
        if missing:
            out.unread.append(f"{head}: its {' and '.join(missing)} not checked, only the type of its events "
                              f"({', '.join(answered[head])}): {_short(op)}")


def _short(op: dict[str, Any]) -> str:
    text = json.dumps(op, sort_keys=True, default=str)
    return text if len(text) <= 160 else text[:157] + "..."


__all__ = ["ASPECTS", "MARKED", "figure", "mark", "step_key", "unread"]
