"""The pool rehearsal's abilities seen on tables of their own (``spoils_pool.py``): a continuous ability
(``spoils_pool_statics``), battle damage a trigger adjusts (the damage dealt to the character named
differs from the damage assigned to it by what the text says), and "you may play this card whenever
you could play a tactic" (played in a battle where a character without the text is refused)."""
from __future__ import annotations

from typing import Any

from tests.scenarios import spoils_pool_statics as statics
from tests.scenarios.spoils_pool_abilities import DAMAGE_TO, HOST, attaches, host_for
from tests.scenarios.spoils_pool_situations import battle_table
from tests.scenarios.spoils_pool_table import TESTED, setup_for
from tests.scenarios.spoils_table import Table, new_game


def played_alone(client: Any, card: str, use: str, ab: dict[str, Any], script: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    """A continuous ability seen on tables of its own: what was checked, the problems, the tables."""
    if use == "static":
        return statics.check(client, card, ab)
    if use == "battle_damage":
        return battle_damage(client, card, ab)
    checked, problems, table = tactic_timing(client, card, script)
    return checked, problems, [table]


def battle_damage(client: Any, card: str, trig: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    """The battle: the damage dealt to the character named differs from the damage assigned to it by
    what the text adjusts (to 0: "reduce it to 0")."""
    setup = setup_for(card, "trigger")
    setup["cards"]["b2"]["depleted"] = False
    table = new_game(client, setup)
    attacker = TESTED if table.card(TESTED)["type"] == "character" else HOST
    target = {"attacker": attacker}.get(DAMAGE_TO[trig["when"]], DAMAGE_TO[trig["when"]])
    blockers = {attacker: ["b2"], "b1": ["b1"]}.get(target, [])
    table.act({"type": "attack", "player": "alice", "attackers": [attacker]})
    log: list[dict[str, Any]] = []
    for _ in range(30):
        state = table.state()
        if state["battle"] is None:
            break
        who = state["to_act"]
        blocks = "block" in table.legal(who)
        table.act({"type": "block", "player": who, "blockers": blockers} if blocks else {"type": "pass", "player": who})
        log += table.events()
    assigned = sum(a["amount"] for e in log if e["type"] in ("DamageAssignedByRule", "DamageAssigned")
                   for a in e["data"].get("assignments") or [] if a.get("to") == target)
    dealt = sum(e["data"]["amount"] for e in log if e["type"] == "DamageDealt" and e["data"].get("target") == target
                and target != "faction:bob" or e["type"] == "InfluenceLost" and f"faction:{e['data']['player']}" == target)
    op = trig["effect"][0]
    want = 0 if op.get("to") is True else max(0, assigned + int(op["adjust_amount"]))
    if assigned and dealt == want:
        return [f"{target} was assigned {assigned} battle damage and took {dealt}"], [], [table]
    return [], [f"{target} was assigned {assigned} battle damage and took {dealt}, the text gives {want}"], [table]


def tactic_timing(client: Any, card: str, script: dict[str, Any]) -> tuple[list[str], list[str], Table]:
    """"You may play this card whenever you could play a tactic" (507.6a): in alice's battle, once
    blockers are declared, a character from her hand (Brash Basher) is refused; the card is played and
    enters play.  What was checked, the problems, and the table."""
    table = battle_table(client, card, "play", "attacking")
    checked, problems = [], []
    if table.check({"type": "play_card", "player": "alice", "card": "Brash Basher"}).get("legal"):
        problems.append("a character without the text is played in the battle too: the table cannot tell")
    action = {"type": "play_card", "player": "alice", "card": card,
              **({"attach_to": host_for(script)} if attaches(script) else {})}
    if not table.check(action).get("legal"):
        return checked, [*problems, f"playing it in the battle is refused: {table.check(action).get('violations')}"], table
    events = table.act(action)
    for _ in range(3):
        state = table.state()
        if not state.get("pending") or not state.get("to_act"):
            break
        events += table.act({"type": "pass", "player": state["to_act"]})
    if "CardEnteredPlay" in events:
        checked.append("played in a battle, when only tactics may be, and entered play")
    else:
        problems.append(f"played in the battle, it did not enter play: {events}")
    return checked, problems, table
