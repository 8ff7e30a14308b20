"""Where the pool rehearsal tries a card (``spoils_pool.py``), on the standard table of ``spoils_pool_table``:
outside a battle, in alice's or bob's battle (``BATTLES``), in response to what bob plays when the card's COST:
says it answers a play (``responding:<kind>``), or after a tactic alice played this turn (``after:<kind>``);
``battle_table`` brings a new game to that moment."""
from __future__ import annotations

from typing import Any

from tests.scenarios.spoils_pool_table import ICONS, setup_for
from tests.scenarios.spoils_table import Table, new_game, resources

BATTLES = ("none", "attacking", "attacked")
"""Where the card is tried: outside a battle, in alice's attack (a1 against b1's block), in bob's
attack (b1 against a1's block): a card whose text speaks of attacking or blocking characters needs one."""


RESPONSES = {"response_character_played": "character", "response_card_played": "character",
             "response_cheap_character_d": "character", "response_tactic_played": "tactic",
             "response_item_played": "item", "response_ability": "ability", "response_non_faction_ability": "ability"}
"""A play's "only in response to ..." (its COST:), and what bob does first on his turn for alice to respond to."""
PLAYED_FIRST = {"character": {"type": "play_card", "player": "bob", "card": "Brash Basher"},
                "tactic": {"type": "play_card", "player": "bob", "card": "Pinch", "targets": ["a1"]},
                "item": {"type": "play_card", "player": "bob", "card": "Index of Natural Forces"},
                "ability": {"type": "use_ability", "player": "bob", "card": "bi", "ability": "CAPITALIZE"}}
"""bob's play (a character, a tactic picking a1, an item) or use of his item's ability, which alice answers."""


AFTER = {"tactic_played_this_turn": "tactic"}
"""A COST:'s "only if a tactic was played this turn", and what alice plays first (Pinch on b1, resolved)."""


def situations(cost: Any) -> tuple[str, ...]:
    """Where a card is tried: in response to what its COST: says it answers (``responding:<kind>``), after
    what it says was played this turn (``after:<kind>``), else outside a battle and in each side's battle
    (``BATTLES``)."""
    ops = [op for op in cost if isinstance(op, dict)] if isinstance(cost, list) else []
    said = [RESPONSES[op["only"]] for op in ops if op.get("only") in RESPONSES]
    after = [AFTER[op["only"]] for op in ops if op.get("only") in AFTER]
    return (f"responding:{said[0]}",) if said else (f"after:{after[0]}",) if after else BATTLES


def battle_table(client: Any, card: str, use: str, battle: str, tokens: int = 0, depleted: bool = False) -> Table:
    """A new game on the standard table, brought into the battle ``battle`` to the first moment
    alice may act once blockers are declared; for ``responding:<kind>``, bob's turn, once he played
    (or used) what ``PLAYED_FIRST`` says, alice answering it (607.1)."""
    if battle.startswith("responding:"):
        setup = setup_for(card, use, "attacked", tokens=tokens, depleted=depleted)
        first = PLAYED_FIRST[battle.split(":", 1)[1]]
        setup["players"]["bob"]["resources"] = resources("bob", ICONS)
        if first["type"] == "play_card":
            setup["players"]["bob"]["hand_cards"].insert(0, first["card"])
            setup["players"]["bob"]["hand"] += 1
        table = new_game(client, setup)
        table.act(first)
        return table
    if battle.startswith("after:"):  # alice's Pinch on b1 played and resolved first
        setup = setup_for(card, use, tokens=tokens, depleted=depleted)
        setup["players"]["alice"]["hand_cards"].append("Pinch")
        setup["players"]["alice"]["hand"] += 1
        table = new_game(client, setup)
        table.act({"type": "play_card", "player": "alice", "card": "Pinch", "targets": ["b1"]})
        table.act({"type": "pass", "player": "bob"})
        return table
    table = new_game(client, setup_for(card, use, battle, tokens=tokens, depleted=depleted))
    if battle == "none":
        return table
    attacker, defender = ("alice", "bob") if battle == "attacking" else ("bob", "alice")
    table.act({"type": "attack", "player": attacker, "attackers": ["a1" if attacker == "alice" else "b1"]})
    blocked = False
    for _ in range(8):
        state = table.state()
        who = state["to_act"]
        if blocked and who == "alice":
            return table
        if who == defender and "block" in table.legal(who):
            table.act({"type": "block", "player": who, "blockers": ["b1" if defender == "bob" else "a1"]})
            blocked = True
        elif who:
            table.act({"type": "pass", "player": who})
    return table
