"""The pool rehearsal's check of what an effect puts on cards (issue 24, "amounts, who is affected"):

- damage: "Deal 3 damage to the character.", "This card deals 2 damage to your opponent's faction.", "Deal X
  damage to each character." (spoils.408.3 a faction, 408.4 a character, 408.5 a location);
- tokens: "Put 2 tokens on this card.", "Remove a token from it." (spoils.409.1).

Read apart from the engine: the cards (or factions) the step's target takes, as ``spoils_pool_targets`` reads a
selector, each given exactly the amount the step says (a figure, or X as the play chose it), and no other card or
faction (damage outside battle; tokens).  A step this reading does not follow (damage divided, "up to", an X the
text defines, two such steps in one effect) is left out and stays unread (``spoils_pool_reads``)."""
from __future__ import annotations

from typing import Any

from tests.scenarios.spoils_pool_reads import figure, mark
from tests.scenarios.spoils_pool_targets import READ, reading

FACTIONS = {"opponent_faction": "faction:bob", "your_faction": "faction:alice"}
"""The faction a step names, as ``DamageDealt.target`` names it."""


def _targets(to: Any, before: dict[str, dict[str, Any]], picked: set[str], source: str | None,
             x: int | None) -> set[str] | None:
    """What a damage step's ``to`` takes: a faction, "this card", "it" (the one card picked), the card(s)
    picked ("the character"), or every card that fits ("each character"); None when not read."""
    if isinstance(to, str):
        if to in FACTIONS:
            return {FACTIONS[to]}
        if to == "self":
            return {source} if source in before else None
        return set(picked & set(before)) if to == "it" and len(picked & set(before)) == 1 else None
    if not isinstance(to, dict) or set(to) - READ:
        return None
    if to.get("quantity") in ("all", "each") and isinstance(to.get("cards"), str):
        return reading(to, before, source, x=x)
    if to.get("quantity") in ("the", "that") and not to.get("plural"):
        return set(picked & set(before)) if len(picked & set(before)) == 1 else None
    return None


KINDS_ON_CARDS = {"damage": ("to", "DamageDealt", "target", "amount"), "tokens": ("card", "TokensChanged", "card_id", "delta")}
"""For a step: the key of what it affects, the event that says it, and the event's fields naming the card and how much."""


def on_cards_as_said(events: list[dict[str, Any]], before: dict[str, dict[str, Any]],
                     steps: list[tuple[str, dict[str, Any]]], picked: set[str], out: Any, source: str | None = None,
                     x: int | None = None) -> None:
    """After the play: the one damage (tokens) step of the effect gave its amount to each card or faction it takes
    and to nothing else (``events`` after the play; damage outside battle); marked read when it did."""
    for kind, (key, event, target, field) in KINDS_ON_CARDS.items():
        said = [op for h, op in steps if h == kind]
        if len(said) != 1:
            continue
        op = said[0]
        amount = figure(op.get(kind), x)
        takes = _targets(op.get(key), before, picked, source, x) if not set(op) - {kind, key} else None
        if amount is None or not takes or amount == 0 or kind == "damage" and amount < 0:
            continue
        got: dict[str, int] = {}
        for e in events:
            d = e.get("data") or {}
            if e.get("type") == event and not d.get("battle"):
                got[str(d.get(target))] = got.get(str(d.get(target)), 0) + int(d.get(field) or 0)
        want = {t: max(amount, -int((before.get(t) or {}).get("tokens") or 0)) if amount < 0 else amount for t in takes}
        got, want = {t: n for t, n in got.items() if n}, {t: n for t, n in want.items() if n}  # none to remove: none
        if not want:
            continue
        if got != want:
            out.problems.append(f"{kind}: {dict(sorted(got.items()))}, the text says {dict(sorted(want.items()))}")
            continue
        out.checked.append(f"{kind}: {amount} on each of {sorted(takes)} as said")
        mark(out, kind, op, "cards")
        mark(out, kind, op, "amount")


TOKEN_CONTROLLERS = {("under", "you"): "alice", ("who", "each_opponent"): "bob"}
"""Who a token put into play is under, by the words of the step ("under your control", "each opponent puts")."""


def tokens_created_as_said(events: list[dict[str, Any]], steps: list[tuple[str, dict[str, Any]]], out: Any,
                           x: int | None = None) -> None:
    """"Put 2 Micromajig tokens into play under your control" (spoils.409.3): the one such step of the effect put
    exactly that many tokens of that name into play, each under the player it names; a check that names the
    step's kind when it did.  A step that names nobody puts them under alice, who controls the effect (409.3c)."""
    made = [op for h, op in steps if h == "create_token"]
    if len(made) != 1 or set(made[0]) - {"create_token", "count", "under", "who"} or not isinstance(made[0]["create_token"], str):
        return
    op = made[0]
    said = [k for k in ("under", "who") if k in op]
    whose = [TOKEN_CONTROLLERS[k, op[k]] for k in said if (k, op[k]) in TOKEN_CONTROLLERS] if said else ["alice"]
    n = figure(op.get("count", 1), x)  # (no one named: the token is the effect's controller's, spoils.409.3c)
    if len(whose) != 1 or len(said) > 1 or not n or n < 0:
        return
    got = sorted((str((d.get("card") or {}).get("name")).lower(), d.get("player")) for e in events
                 if e.get("type") == "CardEnteredPlay" for d in [e.get("data") or {}] if d.get("how") == "token")
    want = [(f"{op['create_token']} token".lower(), whose[0])] * n
    if [(name.removesuffix(" token") + " token", who) for name, who in got] != want:
        out.problems.append(f"create_token: {got} entered play, the text puts {want}")
    else:
        out.checked.append(f"create_token: {n} {op['create_token']} token(s) under {whose[0]} as said")


__all__ = ["on_cards_as_said", "tokens_created_as_said"]
