"""The pool rehearsal's continuous abilities under a condition (``spoils_pool_statics``): "While <a state of
the table>, this card gains 1 strength / gains Covert / loses Covert / cannot be blocked / is unblockable".
The card is put in play as ``x1`` on two tables built from the standard one, one where the condition holds
and one where it does not (the rehearsal reads the condition itself, apart from the engine, and checks
that each table is what it builds); the card must show what its text gives on the first and its printed
statistics and rights on the second (spoils.601.1: a continuous ability applies while its condition holds).

The conditions read here, and how each table makes them true and false:

- "while your opponent controls a character / at least N characters" (``control``, ``who``): bob's (or
  alice's) characters added or taken away until there are N, and N - 1;
- "while there are at least N tokens on this card" (``tokens_at_least``): N tokens on it, and N - 1;
- "while you control only N characters" (``control_only_characters``): alice's other characters taken away
  until she has N, and the standard table (more);
- "while your opponent controls more characters than you" (``opponent_controls_more``): bob given more
  characters than alice, and the standard table (fewer);
- "while you control a character you don't own" (``control_character_not_owned``): a1 owned by bob, and
  the standard table (alice owns hers);
- "while your opponent has at least N cards in their discard pile" (``opponent_discard_at_least``): bob's
  discard pile of N cards, and of N - 1;
- "while you have an even number of cards in your hand" (``hand_even``): alice's hand of 4 cards, and of 3."""
from __future__ import annotations

import copy
from typing import Any

from tests.scenarios.spoils_pool_table import TESTED, setup_for
from tests.scenarios.spoils_table import Table, new_game

STATS = ("strength", "life", "speed")
EXTRA = "Brash Basher"
"""A character added to a side of the table where a condition counts characters."""
SELF = ("self", "it")
DURING = ("tokens_at_least", "control_only_characters", "opponent_controls_more", "control_character_not_owned",
          "opponent_discard_at_least", "hand_even")
COUNTED = ("tokens_at_least", "control_only_characters", "opponent_discard_at_least")
"""The states whose number (``n``) the tables are built from."""
"""The named states of a "while" this module builds true and false."""


def kind(op: dict[str, Any]) -> str | None:
    """``while_state`` when ``op`` is a "while" whose condition and effect on the card itself this module
    rehearses; None otherwise."""
    if set(op) != {"while", "then"} or len(op["then"]) != 1 or _condition(op["while"]) is None:
        return None
    return "while_state" if _effect(op["then"][0]) is not None else None


def _condition(cond: Any) -> str | None:
    if not isinstance(cond, dict):
        return None
    if set(cond) == {"control", "who"} and cond["who"] in ("you", "opponent"):
        wanted = cond["control"]
        if isinstance(wanted, dict) and wanted.get("cards") == "character" and not set(wanted) - {
                "cards", "quantity", "count", "plural"} and (wanted.get("quantity") == "a" or wanted.get(
                "quantity") == "at_least" and isinstance(wanted.get("count"), int)):
            return "control"
    if set(cond) - {"n"} == {"during"} and cond["during"] in DURING:
        return None if cond["during"] in COUNTED and not isinstance(cond.get("n"), int) else cond["during"]
    return None


def _effect(then: dict[str, Any]) -> str | None:
    """What the card gets while the condition holds: statistics (with a keyword gained or lost), a
    keyword, or not being blocked."""
    if then.get("card") in SELF and set(then) <= {"modify", "card", "keyword", "keyword_first"} and "modify" in then \
            and all(isinstance(v, int) for k, v in then["modify"].items() if k in STATS):
        return "modify"
    if then.get("card") in SELF and set(then) == {"gain", "card"} and isinstance(then["gain"], str):
        return "gain"
    if then in ({"cannot": ["be_blocked"], "who": "self"}, {"can": "its_unblockable"}):
        return "unblockable"
    return None


def _tables(card: str, cond: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The set-ups where the condition holds and where it does not (None: the table cannot be built)."""
    base = setup_for(card, "absent")
    base["cards"][TESTED] = {"card": card, "controller": "alice", "owner": "alice", "can_attack": True}
    true, false = copy.deepcopy(base), copy.deepcopy(base)
    what = _condition(cond)
    if what == "tokens_at_least":
        true["cards"][TESTED]["tokens"], false["cards"][TESTED]["tokens"] = cond["n"], cond["n"] - 1
    elif what == "control_character_not_owned":
        true["cards"]["a1"]["owner"] = "bob"
    elif what == "opponent_discard_at_least":
        for setup, want in ((true, cond["n"]), (false, cond["n"] - 1)):
            pile = setup["players"]["bob"]["discard"]
            setup["players"]["bob"]["discard"] = (pile * (want // max(1, len(pile)) + 1))[:want]
    elif what == "hand_even":
        for setup, want in ((true, 4), (false, 3)):
            hand = setup["players"]["alice"]["hand_cards"]
            setup["players"]["alice"]["hand_cards"] = (hand * 4)[:want]
            setup["players"]["alice"]["hand"] = want
    elif what == "opponent_controls_more":
        for i in range(4):
            true["cards"][f"b{i + 5}"] = {"card": EXTRA, "controller": "bob", "owner": "bob", "can_attack": True}
    elif what == "control_only_characters":  # the card (a character) and n - 1 of the board's
        _adjust(true, "alice", cond["n"] - 1)
    elif what == "control":
        n = cond["control"].get("count") if cond["control"].get("quantity") == "at_least" else 1
        side = "bob" if cond["who"] == "opponent" else "alice"
        for setup, want in ((true, n), (false, n - 1)):
            _adjust(setup, side, want)
    else:
        return None
    return true, false


def _adjust(setup: dict[str, Any], side: str, want: int) -> None:
    """Characters of ``side`` added (``EXTRA``) or taken away (not the card) until ``want`` are named in
    the set-up; which of them are characters the table says (``_counted``)."""
    mine = [cid for cid, c in setup["cards"].items() if c["controller"] == side and cid[:1] in "ab"
            and cid[1:].isdigit()]  # the board's characters (a1, a2, b1, b2) and those added
    while len(mine) > want:
        setup["cards"].pop(mine.pop())
    i = 5
    while len(mine) < want:
        cid = f"{side[0]}{i}"
        setup["cards"][cid] = {"card": EXTRA, "controller": side, "owner": side, "can_attack": True}
        mine.append(cid)
        i += 1


def _holds(state: dict[str, Any], cond: dict[str, Any]) -> bool:
    """The condition read on the table (the rehearsal's reading, not the engine's)."""
    cards = state["cards"]
    chars = {p: sum(1 for c in cards.values() if c["type"] == "character" and c["controller"] == p) for p in ("alice", "bob")}
    what = _condition(cond)
    if what == "control":
        side = "bob" if cond["who"] == "opponent" else "alice"
        n = cond["control"].get("count") if cond["control"].get("quantity") == "at_least" else 1
        return chars[side] >= n
    if what == "tokens_at_least":
        return cards[TESTED]["tokens"] >= cond["n"]
    if what == "control_only_characters":
        return chars["alice"] == cond["n"]
    if what == "opponent_controls_more":
        return chars["bob"] > chars["alice"]
    players = state["players"]
    if what == "opponent_discard_at_least":
        return len(players["bob"].get("discard") or []) >= cond["n"]
    if what == "hand_even":
        return int(players["alice"].get("hand") or 0) % 2 == 0
    return any(c["type"] == "character" and c["controller"] == "alice" and c["owner"] != "alice" for c in cards.values())


def _seen(table: Table, then: dict[str, Any]) -> dict[str, Any]:
    """What the card shows of what its text gives: statistics, keywords, being unblockable as it attacks."""
    card = table.state()["cards"][TESTED]
    effect = _effect(then)
    if effect == "unblockable":
        table.act({"type": "attack", "player": "alice", "attackers": [TESTED]})
        return {"unblockable": bool((table.state().get("battle") or {}).get("unblockable"))}
    return {**{s: card["effective"].get(s) for s in STATS}, "keywords": sorted(card["effective"].get("keywords") or [])}


def _wanted(printed: dict[str, Any], then: dict[str, Any], holds: bool) -> dict[str, Any]:
    """What the text gives the card (``holds``) or leaves it (its printed statistics and keywords)."""
    effect = _effect(then)
    if effect == "unblockable":
        return {"unblockable": holds}
    want = {s: printed[s] for s in STATS}
    keywords = set(printed["keywords"])
    if holds and effect == "modify":
        want = {s: (v + int(then["modify"].get(s, 0)) if v is not None else None) for s, v in want.items()}
        keywords |= {(then.get("keyword") or {}).get("gain")} - {None}
        keywords -= {(then.get("keyword") or {}).get("lose")}
    if holds and effect == "gain":
        keywords.add(then["gain"])
    return {**want, "keywords": sorted(keywords)}


def check(client: Any, card: str, op: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    """What was checked, the problems and the tables played for the "while" ``op``."""
    built = _tables(card, op["while"])
    if built is None:
        return [], [], []
    then = op["then"][0]
    checked, problems, tables = [], [], []
    for setup, holds in zip(built, (True, False)):
        table = new_game(client, setup)
        tables.append(table)
        state = table.state()
        if _holds(state, op["while"]) != holds:
            return [], [], tables  # the table is not what it was built to be: nothing said either way
        x1 = state["cards"][TESTED]
        printed = {**{s: x1.get(s) for s in STATS}, "keywords": x1.get("keywords") or []}
        got, want = _seen(table, then), _wanted(printed, then, holds)
        said = f"while {op['while']} {'holds' if holds else 'does not hold'}: {got}"
        (checked if got == want else problems).append(said if got == want else f"{said}, the text gives {want}")
    return (checked if not problems else []), problems, tables


__all__ = ["check", "kind"]
