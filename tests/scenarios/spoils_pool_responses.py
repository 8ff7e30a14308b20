"""The pool rehearsal's check of a play made in response (``spoils_pool_table.situations``: "Play this only in
response to a character / tactic / item being played, an ability"): bob plays or uses what ``PLAYED_FIRST``
says, alice answers with the card, and what its effect says of "the character", "the tactic", "the card",
"the ability" is seen to befall bob's play, read from the pending play before alice answered it:

- "Terminate the character": bob's play is terminated (``PlayTerminated`` of its pending id, spoils.314.1);
  "Terminate the card, but put it into its owner's hand": it is, and the card is back in bob's hand;
- "The character enters play under your control": bob's card is in play under alice's control;
- "Pay X, where X is its numeric cost": alice paid the card's cost and the numeric cost of bob's card
  (spoils.309.1)."""
from __future__ import annotations

from typing import Any

from tests.scenarios.spoils_pool_meanings import log_after
from tests.scenarios.spoils_pool_table import BOARD
from tests.scenarios.spoils_table import Table

TERMINATES = ("terminate", "terminate_to_hand")


def answered(state: dict[str, Any]) -> dict[str, Any] | None:
    """The play alice is to answer (bob's, waiting on the pending list)."""
    pending = [p for p in state.get("pending") or [] if p.get("player") == "bob"]
    if not pending:
        return None
    hand = state["players"]["bob"].get("hand_cards") or []
    return {**pending[-1], "in_hand": hand.count(pending[-1].get("name"))}  # copies of it in his hand meanwhile


def check(table: Table, out: Any, first: dict[str, Any] | None, steps: list[tuple[str, dict[str, Any]]],
          cost: list[dict[str, Any]], own_cost: int) -> None:
    """Adds to ``out`` a check (or a problem) for each step of ``steps`` that speaks of bob's play ``first``."""
    if first is None or "PlayResolved" not in out.events:
        return
    after = log_after(table, "PlayResolved")
    state = table.state()
    name = first.get("name")
    for head, op in steps:
        if head in TERMINATES and (op[head] == "previous" or isinstance(op[head], dict) and op[head].get("quantity") == "the"):
            ended = any(e["type"] == "PlayTerminated" and e["data"].get("pending_id") == first["id"] for e in after)
            hand = state["players"]["bob"].get("hand_cards") or []
            back = head != "terminate_to_hand" or hand.count(name) == first["in_hand"] + 1
            said = f"{head}: bob's {name} ({first['id']}) terminated: {ended}"
            (out.checked if ended and back else out.problems).append(
                said + (f", back in his hand: {back}" if head != "terminate" else ""))
        if head == "enters_under_you":
            under = [c["controller"] for cid, c in state["cards"].items() if c["name"] == name and cid not in BOARD]
            (out.checked if under == ["alice"] else out.problems).append(
                f"enters_under_you: bob's {name} in play under {under} (the text: alice)")
    numeric = [op for op in cost if isinstance(op, dict) and op.get("pay") == "X"
               and (op.get("where") or {}).get("stat") == "numeric_cost"]
    if numeric and isinstance((first.get("card") or {}).get("cost"), int):
        want = own_cost + first["card"]["cost"]
        (out.checked if out.paid == want else out.problems).append(
            f"paid {out.paid}: its cost {own_cost} and X = the numeric cost of bob's {name}, {first['card']['cost']}"
            + ("" if out.paid == want else f"; the text gives {want}"))
