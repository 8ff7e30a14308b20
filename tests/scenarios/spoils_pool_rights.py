"""The pool rehearsal's continuous abilities that take a right away (``spoils_pool_statics``): the action the
text forbids is asked of ``/check`` with the card in play as ``x1``, and must be refused, while the same action
the text does not speak of (another card, the other player, the table without the card) stays legal
(spoils.310.1: what a card says it cannot do, it cannot do; spoils.101.1: the card's text wins over the rule).

- "Your opponent cannot pick this card": bob's Pinch ("Pick a character") naming x1 is refused on his turn,
  naming a1 is legal; alice's Pinch naming x1 is legal on hers (the text forbids the opponent only);
- "This card can attack only once each turn": x1, restored after an attack this turn, is refused a second
  one; a1 in the same state may attack again, and x1 that has not attacked may attack;
- "Your opponent cannot attack your faction": bob's attack with b1 is refused on his turn, legal on the same
  table without the card;
- "This card can block Covert parties": bob attacks with a Covert character (``COVERT``); alice's block with
  x1 is legal, with a1 refused (spoils.507.3b: only Covert characters block a Covert party);
- "Covert parties can be blocked by characters without Covert": the same attack, a1's block legal with the
  card in play and refused without it;
- "This card (the attached character) cannot be restored by its controller's faction's Restore Rule": on bob's
  turn, the card depleted (or attached to alice's depleted a2); once alice's turn starts (spoils.602.1b: her
  Restore Rule restores her depleted cards) it is still depleted, while her other depleted characters, and a2
  on the table without the card, are restored;
- "Reduce the numeric cost of characters (items) you play by N, to a minimum of 1": alice plays a character
  (an item) of numeric cost 5 and pays 5 - N, and 5 on the table without the card (spoils.406.3);
- "Your opponent must pay N to attack": bob's attack on his turn pays N, and nothing without the card; alice's
  attack on hers pays nothing; "The attached character's controller must pay N to attack with it": a1, its
  host, pays N to attack, a1 without the card nothing (spoils.505.1);
- "Anything that can pick this card must pick it": alice's Pinch naming a1 is refused and naming x1 legal,
  naming a1 legal without the card."""
from __future__ import annotations

from typing import Any

from tests.scenarios.spoils_pool_table import TESTED, setup_for
from tests.scenarios.spoils_table import Table, new_game

PICKER = "Pinch"
"""A tactic that picks a character ("COST: Pick a character."), in the hand of the player who tries to pick."""
RIGHTS = {"cannot_pick": {"cannot": ["pick_self"], "who": "opponent"},
          "attack_once": {"can": "attack_once_each_turn"},
          "cannot_attack_faction": {"cannot": ["attack_your_faction"], "who": "opponent"},
          "blocks_covert": {"can": "self_blocks_covert_parties"},
          "covert_blockable": {"can": "covert_parties_blockable"}}
COVERT = "Sneaking Spitspider"
"""A character of bob's with Covert (and no other text), who attacks alone: a Covert party."""
"""The continuous operations this module rehearses, by kind."""


NOT_RESTORED = ("be_restored_by_controller_rule", "be_restored_by_your_rule")
""""... cannot be restored by (its controller's / your) faction's Restore Rule"."""


REDUCED = {"characters": ("Brash Basher", 5), "items": ("Index of Natural Forces", 5)}
"""The card of alice's hand played where a text reduces the cost of that kind, and its numeric cost."""


def _taxed(op: dict[str, Any]) -> bool:
    return set(op) == {"tax", "on"} and op["on"] in ("attack", "attack_with_attached") and isinstance(op["tax"], int)


def kind(op: dict[str, Any]) -> str | None:
    if _taxed(op):
        return "tax"
    if op == {"can": "must_be_picked"}:
        return "must_be_picked"
    if set(op) - {"passive"} == {"reduce_cost", "of", "minimum"} and op["of"] in REDUCED and isinstance(op["reduce_cost"], int):
        return "reduce_cost"
    if set(op) == {"cannot", "who"} and len(op["cannot"]) == 1 and op["cannot"][0] in NOT_RESTORED and (
            op["who"] == "self" or op["who"] == {"cards": "character", "quantity": "the", "adjectives": ["attached"]}):
        return "not_restored"
    return next((k for k, doc in RIGHTS.items() if op == doc), None)


def _table(client: Any, card: str | None, active: str = "alice", attacks: int = 0, picker: str | None = None) -> Table:
    """The standard table on ``active``'s turn with the card in play as ``x1`` (None: without it), ``x1``
    and a1 having attacked ``attacks`` times this turn (restored), ``PICKER`` in ``picker``'s hand."""
    setup = setup_for(card or PICKER, "absent", "attacked" if active == "bob" else "none")
    if card is not None:
        setup["cards"][TESTED] = {"card": card, "controller": "alice", "owner": "alice", "can_attack": True,
                                  "attacks": attacks}
    setup["cards"]["a1"]["attacks"] = attacks
    if picker:
        setup["players"][picker]["hand_cards"].insert(0, PICKER)
        setup["players"][picker]["hand"] += 1
    return new_game(client, setup)


def _legal(table: Table, action: dict[str, Any]) -> bool:
    return bool(table.check(action).get("legal"))


def check(client: Any, card: str, op: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    """What was checked, the problems and the tables played for the right ``op`` takes away."""
    what = kind(op)
    if what == "cannot_pick":
        theirs, ours = _table(client, card, "bob", picker="bob"), _table(client, card, picker="alice")
        seen = {"bob picking x1": _legal(theirs, _pinch("bob", TESTED)), "bob picking a1": _legal(theirs, _pinch("bob", "a1")),
                "alice picking x1": _legal(ours, _pinch("alice", TESTED))}
        want = {"bob picking x1": False, "bob picking a1": True, "alice picking x1": True}
        tables = [theirs, ours]
    elif what == "attack_once":
        again, fresh = _table(client, card, attacks=1), _table(client, card)
        seen = {"x1 attacking again": _legal(again, _attack("alice", TESTED)),
                "a1 attacking again": _legal(again, _attack("alice", "a1")),
                "x1 attacking first": _legal(fresh, _attack("alice", TESTED))}
        want = {"x1 attacking again": False, "a1 attacking again": True, "x1 attacking first": True}
        tables = [again, fresh]
    elif what == "reduce_cost":
        played, cost = REDUCED[op["of"]]
        ours, none = _paying(client, card, played), _paying(client, None, played)
        seen = {f"{played} paid": ours[0], f"{played} paid without it": none[0]}
        want = {f"{played} paid": max(int(op["minimum"] or 0), cost - op["reduce_cost"]), f"{played} paid without it": cost}
        tables = [ours[1], none[1]]
    elif what == "tax" and op["on"] == "attack":
        theirs, none, ours = (_attack_paid(client, c, p, a) for c, p, a in
                              ((card, "bob", "b1"), (None, "bob", "b1"), (card, "alice", "a1")))
        seen = {"bob paid to attack": theirs, "bob paid without it": none, "alice paid to attack": ours}
        want = {"bob paid to attack": op["tax"], "bob paid without it": 0, "alice paid to attack": 0}
        tables = []
    elif what == "tax":
        host, none = (_attack_paid(client, c, "alice", "a1", True) for c in (card, None))
        seen = {"a1 paid to attack": host, "a1 paid without it": none}
        want = {"a1 paid to attack": op["tax"], "a1 paid without it": 0}
        tables = []
    else:
        seen, want, tables = _others(client, card, op, what)
    words = ("yes", "no") if what == "not_restored" else ("legal", "refused")

    def say(values: dict[str, Any]) -> str:
        return ", ".join(f"{k}: {v if not isinstance(v, bool) else words[0] if v else words[1]}" for k, v in values.items())
    if seen == want:
        return [say(seen)], [], tables
    return [], [f"{say(seen)}; the text gives {say(want)}"], tables


def _others(client: Any, card: str, op: dict[str, Any], what: str) -> tuple[dict[str, Any], dict[str, Any], list[Table]]:
    """``check`` for a card that must be picked, one that cannot be restored, Covert blocks and a faction
    that cannot be attacked: what was seen, what the text gives, the tables played."""
    if what == "must_be_picked":
        ours, none = _table(client, card, picker="alice"), _table(client, None, picker="alice")
        seen = {"alice picking a1": _legal(ours, _pinch("alice", "a1")), "alice picking x1": _legal(ours, _pinch("alice", TESTED)),
                "alice picking a1 without it": _legal(none, _pinch("alice", "a1"))}
        want = {"alice picking a1": False, "alice picking x1": True, "alice picking a1 without it": True}
        tables = [ours, none]
    elif what == "not_restored":
        on = "x1" if op["who"] == "self" else "a2"
        ours, none = _next_turn(client, card, on), _next_turn(client, None, on)
        other = "a2" if on == "x1" else None
        seen = {f"{on} depleted": ours[on], f"{on} depleted without it": none.get(on, False),
                **({f"{other} depleted": ours[other]} if other else {})}
        want = {f"{on} depleted": True, f"{on} depleted without it": False, **({f"{other} depleted": False} if other else {})}
        tables = []
    elif what in ("blocks_covert", "covert_blockable"):
        ours, none = _covert_attack(client, card), _covert_attack(client, None)
        seen = {"x1 blocking": _legal(ours, _block(TESTED)), "a1 blocking": _legal(ours, _block("a1")),
                "a1 blocking without it": _legal(none, _block("a1"))}
        want = {"x1 blocking": True, "a1 blocking": False, "a1 blocking without it": False}
        if what == "covert_blockable":  # the card itself (not a character) blocks nothing; a1 now may
            want = {"a1 blocking": True, "a1 blocking without it": False}
            seen.pop("x1 blocking")
        tables = [ours, none]
    else:
        ours, none = _table(client, card, "bob"), _table(client, None, "bob")
        seen = {"bob attacking": _legal(ours, _attack("bob", "b1")), "bob attacking without it": _legal(none, _attack("bob", "b1"))}
        want = {"bob attacking": False, "bob attacking without it": True}
        tables = [ours, none]
    return seen, want, tables


def _covert_attack(client: Any, card: str | None) -> Table:
    """bob's turn: his Covert ``b3`` attacks alone, and the game goes on to alice's block."""
    setup = setup_for(card or PICKER, "absent", "attacked")
    setup["cards"]["b3"] = {"card": COVERT, "controller": "bob", "owner": "bob", "can_attack": True}
    if card is not None:
        setup["cards"][TESTED] = {"card": card, "controller": "alice", "owner": "alice", "can_attack": True}
    table = new_game(client, setup)
    table.act(_attack("bob", "b3"))
    for _ in range(6):
        who = table.state()["to_act"]
        if not who or who == "alice" and "block" in table.legal(who):
            break
        table.act({"type": "pass", "player": who})
    return table


def _next_turn(client: Any, card: str | None, on: str) -> dict[str, bool]:
    """Which of alice's characters are depleted once her turn starts after bob's (the card in play depleted as
    ``x1``, or attached to her depleted a2, when ``on`` says so)."""
    setup = setup_for(card or PICKER, "absent", "attacked")
    if card is not None:
        setup["cards"][TESTED] = {"card": card, "controller": "alice", "owner": "alice", "can_attack": True,
                                  **({"depleted": True} if on == TESTED else {"attached_to": on})}
    table = new_game(client, setup)
    table.end_turn("bob", "alice")
    state = table.state()
    return {cid: bool(c["depleted"]) for cid, c in state["cards"].items() if c["controller"] == "alice"
            and c["type"] == "character" and state["active_player"] == "alice"}


def _attack_paid(client: Any, card: str | None, player: str, attacker: str, attached: bool = False) -> int:
    """What ``player`` pays (resources attached) to attack with ``attacker`` on their turn, the card in play as
    ``x1`` (attached to a1 when ``attached``; None: without it)."""
    setup = setup_for(card or PICKER, "absent", "attacked" if player == "bob" else "none")
    if card is not None:
        setup["cards"][TESTED] = {"card": card, "controller": "alice", "owner": "alice", "can_attack": True,
                                  **({"attached_to": "a1"} if attached else {})}
    table = new_game(client, setup)
    if not table.check(_attack(player, attacker)).get("legal"):
        return -1
    table.act(_attack(player, attacker))
    return sum(int(e["data"].get("amount") or 0) for e in table.events() if e["type"] == "ResourcesAttached")


def _paying(client: Any, card: str | None, played: str) -> tuple[int, Table]:
    """What alice pays to play ``played`` from her hand, with the card in play as ``x1`` (None: without it)."""
    setup = setup_for(played, "play")
    if card is not None:
        setup["cards"][TESTED] = {"card": card, "controller": "alice", "owner": "alice", "can_attack": True}
    table = new_game(client, setup)
    table.act({"type": "play_card", "player": "alice", "card": played})
    paid = sum(int(e["data"].get("amount") or 0) for e in table.events() if e["type"] == "ResourcesAttached")
    return paid, table


def _block(blocker: str) -> dict[str, Any]:
    return {"type": "block", "player": "alice", "blockers": [blocker]}


def _pinch(player: str, target: str) -> dict[str, Any]:
    return {"type": "play_card", "player": player, "card": PICKER, "targets": [target]}


def _attack(player: str, attacker: str) -> dict[str, Any]:
    return {"type": "attack", "player": player, "attackers": [attacker]}


__all__ = ["check", "kind"]
