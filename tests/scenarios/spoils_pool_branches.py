"""The pool rehearsal's other side of each choice (issue 24): the card is played again, on a fresh copy of
the table it was rehearsed on, the way the rehearsal did not play it, and the game must differ as the text
says.

- **A "you may" declined** (``choices.may`` false): the operations under it, and what follows "if you do",
  do not happen: fewer of the events that answer them than when it was taken.
- **"At random"**: the caster naming the card discarded at random (``choices.discarded``) is refused,
  citing spoils.engine.at-random: the card is the game's seeded draw, not the caster's choice.
- **A cost unpaid**: with every resource of alice's already attached (her icons still there for the
  threshold), a play or ability that paid something is illegal.

The condition of an "if" is checked with the amounts (``spoils_pool_meanings``): a branch whose condition
holds on the table counts, one whose condition fails does not."""
from __future__ import annotations

from typing import Any, Callable

from tests.scenarios import spoils_pool_searches as searches
from tests.scenarios.spoils_pool_accounts import EXPECTED, steps_of
from tests.scenarios.spoils_pool_situations import battle_table
from tests.scenarios.spoils_pool_table import setup_for
from tests.scenarios.spoils_table import Table, new_game

AT_RANDOM = "spoils.engine.at-random"
SEATS = {None: ["bob"], "opponent": ["bob"], "you": ["alice"], "each": ["alice", "bob"]}
"""Who discards, by the script's words (alice plays the card)."""


def _resolve(table: Table, events: list[str]) -> list[str]:
    for _ in range(3):
        state = table.state()
        if not state.get("pending") or not state.get("to_act"):
            break
        events += table.act({"type": "pass", "player": state["to_act"]})
    return events


def _after(events: list[str], marker: str) -> list[str]:
    return events[events.index(marker) + 1:] if marker in events else []


def declined(fresh: Callable[[], Table], action: dict[str, Any], effect: list[dict[str, Any]], taken: list[str],
             marker: str, out: Any) -> None:
    """A "you may" of the player's own declined: fewer of the events that answer what it offers (and
    what follows "if you do") than when taken.  Left out: events that also answer a step outside it, the
    card's own entering play; a play refused when declined is noted, not judged."""
    offered: list[dict[str, Any]] = []
    for i, op in enumerate(effect):
        if isinstance(op, dict) and isinstance(op.get("may"), list) and op.get("who") in (None, "you"):
            nxt = effect[i + 1] if i + 1 < len(effect) and isinstance(effect[i + 1], dict) else {}
            offered += [o for _, o in steps_of(op["may"]) + steps_of(nxt.get("if_you_do") or [])]
    inside = {id(o) for o in offered}
    outside = {k for h, o in steps_of(effect) if id(o) not in inside and h not in ("may", "if_you_do")
               for k in EXPECTED.get(h, ())}
    kinds = {k for h, o in steps_of(effect) if id(o) in inside for k in EXPECTED.get(h, ())} - outside
    if not kinds:
        return
    table = fresh()
    tried = {**action, "choices": {**(action.get("choices") or {}), "may": False}}
    if not table.check(tried).get("legal"):
        out.notes.append("may declined: the play is not legal so")
        return
    after = _after(_resolve(table, table.act(tried)), marker)
    own = 1 if action.get("type") == "play_card" and "CardEnteredPlay" in taken else 0  # the card itself (604.1h)
    said = sum(taken.count(k) for k in kinds) - own
    got = sum(after.count(k) for k in kinds) - min(own, after.count("CardEnteredPlay"))
    if said <= 0:
        out.notes.append(f"may: none of {sorted(kinds)} seen when taken")
    elif got >= said:
        out.problems.append(f"may declined: {got} of {sorted(kinds)} still happen (taken: {said})")
    else:
        out.checked.append(f"may declined: {got} of {sorted(kinds)} (taken: {said})")


def not_the_casters(fresh: Callable[[], Table], action: dict[str, Any], effect: list[dict[str, Any]], out: Any) -> None:
    """A discard at random: the caster naming the card is refused, citing spoils.engine.at-random."""
    for head, op in steps_of(effect):
        if head != "discard" or not op.get("at_random"):
            continue
        table = fresh()
        player = SEATS.get(op.get("player"), ["bob"])[0]
        hand = table.state()["players"][player]["hand_cards"]
        if not hand:
            continue
        tried = {**action, "choices": {**(action.get("choices") or {}), "discarded": [hand[-1]]}}
        answer = table.check(tried)
        rules = [v["rule"]["id"] for v in answer.get("violations") or []]
        if answer.get("legal") or AT_RANDOM not in rules:
            out.problems.append(f"at random: {action.get('player')} naming {hand[-1]} is not refused ({rules})")
        else:
            out.checked.append(f"at random: the caster's pick ({hand[-1]}) refused")
        return


def unpaid_refused(unpaid: Callable[[], Table], action: dict[str, Any], paid: int, out: Any) -> None:
    """What paid ``paid`` resources is illegal when none is left unattached."""
    if paid <= 0:
        return
    answer = unpaid().check(action)
    if answer.get("legal"):
        out.problems.append(f"cost unpaid: legal with no unattached resource (it paid {paid})")
    else:
        out.checked.append(f"cost unpaid: refused ({', '.join(sorted({v['rule']['id'] for v in answer.get('violations') or []}))})")


def other_sides(client: Any, card: str, use: str, battle: str, table_args: tuple[int, bool], action: dict[str, Any],
                effect: list[dict[str, Any]], events: list[str], marker: str, paid: int, out: Any) -> None:
    """Each check above, for a play or ability (out of a battle) that resolved on the rehearsal's table
    (``table_args``: the tokens on the card and whether it starts depleted, as ``battle_table`` takes them)."""
    if use not in ("play", "ability") or battle != "none" or marker not in events or out.problems:
        return

    def fresh() -> Table:
        return battle_table(client, card, use, battle, *table_args)

    def unpaid() -> Table:
        setup = setup_for(card, use, tokens=table_args[0], depleted=table_args[1])
        for resource in setup["players"]["alice"]["resources"].values():
            resource["attached"] = True  # spent this turn: nothing left to pay with, the icons still there
        return new_game(client, setup)

    declined(fresh, action, effect, _after(events, marker), marker, out)
    not_the_casters(fresh, action, effect, out)
    unpaid_refused(unpaid, action, paid, out)
    searches.not_found(fresh, action, effect, marker, _resolve, out)
