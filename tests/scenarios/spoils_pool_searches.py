"""The pool rehearsal's check of a search (issue 24, spoils.312.1): a text that searches a deck for a card of
a subtype the standard decks lack ("Search your deck for a gear card with numeric cost 5 or less") is given
one in both decks (``SUBTYPED``), and what it finds is read apart from the engine:

- **The card named is found**: after the play resolves, alice's search finds exactly the card the action
  named (``choices.found``).
- **What it does with the card found, as said**: put into play ("If you do, put it into play attached to this
  card"), the card named is in play under alice's control, and attached to the card whose text searched when
  the text says so.
- **A card the text does not look for is not**: on a fresh table, naming a card of the deck without the
  subtype, or one above the bound, finds nothing of it (``NOT_FOUND``: a card of each qualifier dropped).

A search for a kind of card the decks hold already ("Search your deck for a tactic, reveal it, and put it into
your hand") is read the same way: the card named found, put where the text says (one more of it in alice's
hand, one fewer in her deck), and a card of each other kind named as found not taken (``KINDS``).  A search whose
selector says something else (a name, "X", "up to") stays unread (``spoils_pool_reads``)."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.scenarios.spoils_pool_reads import mark
from tests.scenarios.spoils_table import Table

SUBTYPED = {"gear": ["Kettinger", "Heavy Plating"]}
"""Cards of a subtype added to both decks for a text that searches for it: one within the bound the pool's
texts say (numeric cost 2), one above it (6)."""
COST = {"Kettinger": 2, "Heavy Plating": 6}
NOT_FOUND = {"subtype": "Index of Natural Forces"}
"""A card of both decks that is an item without the subtype."""
BOUND = re.compile(r"^numeric cost (\d+) or less$")
KINDS = {"character": "Brash Basher", "item": "Index of Natural Forces", "location": "Time Portal",
         "tactic": "Anathematize"}
"""For a search for a kind of card: the card of that kind both decks hold (``spoils_pool_table.DECK_NAMES``);
the others are the cards it must not take."""


def _searches(effect: list[Any]) -> list[dict[str, Any]]:
    from tests.scenarios.spoils_pool_accounts import steps_of

    return [op["search"] for head, op in steps_of(effect) if head == "search" and isinstance(op.get("search"), dict)]


def _read(sel: dict[str, Any]) -> bool:
    """A selector this reading follows: a card or an item, of a subtype ``SUBTYPED`` holds, with at most a
    numeric cost bound; or a kind of card of ``KINDS``, with no other word."""
    if set(sel) <= {"cards", "quantity"} and sel.get("quantity") in ("a", "an") and sel.get("cards") in KINDS:
        return True
    return (set(sel) <= {"cards", "quantity", "subtype", "with"} and sel.get("quantity") in ("a", "an")
            and sel.get("cards") in ("card", "item") and sel.get("subtype") in SUBTYPED
            and BOUND.match(str(sel.get("with") or "numeric cost 99 or less")) is not None)


def deck_for(text: str) -> list[str]:
    """The cards both decks are given for a text that searches for a subtype they lack."""
    return [n for sub, names in SUBTYPED.items() if f"'subtype': '{sub}'" in text and "'search'" in text for n in names]


def _outside(sel: dict[str, Any]) -> list[str]:
    """The deck cards the selector does not take: one without the subtype, one above its bound."""
    if not sel.get("subtype"):  # a kind of card: one of each other kind
        return [name for kind, name in KINDS.items() if kind != sel.get("cards")]
    bound = BOUND.match(str(sel.get("with") or ""))
    above = [n for n in SUBTYPED[sel["subtype"]] if bound and COST[n] > int(bound.group(1))]
    return [NOT_FOUND["subtype"], *above[:1]]


def _found(events: list[dict[str, Any]]) -> list[tuple[Any, list[str]]]:
    """Whose deck each search took which cards from: its ``CardsSearched``; a search whose text puts the card
    found straight into play ("... and reveal it. If you do, put it into play") shows none, only the card
    leaving that deck (``CardsMoved`` from ``deck``; 312.1), read as what it found when no ``CardsSearched`` is."""
    searched = [(e["data"].get("player"), list(e["data"].get("cards") or [])) for e in events
                if e.get("type") == "CardsSearched"]
    return searched or [(e["data"].get("player"), list(e["data"].get("cards") or [])) for e in events
                        if e.get("type") == "CardsMoved" and (e.get("data") or {}).get("from_zone") == "deck"]


def check_found(after: list[dict[str, Any]], action: dict[str, Any], effect: list[Any], out: Any) -> None:
    """The search found exactly the card named, in alice's deck."""
    sels = [s for s in _searches(effect) if _read(s)]
    named = (action.get("choices") or {}).get("found")
    if len(sels) != 1 or not isinstance(named, str):
        return
    found = _found(after)
    (out.checked if found == [("alice", [named])] else out.problems).append(
        f"search: found {found}, the action named {named} ({sels[0]})")


def check_put(cards: dict[str, Any], card: str, action: dict[str, Any], effect: list[Any], out: Any) -> None:
    """The card found and put into play ("put it into play", "... attached to this card", 312.1): the card the
    action named is in play under alice's control, attached to ``card`` (the card whose text searched) when the
    text says so; ``cards``: the cards in play once the play resolved."""
    from tests.scenarios.spoils_pool_accounts import steps_of

    named = (action.get("choices") or {}).get("found")
    puts = [op for head, op in steps_of(effect) if head == "put_into_play" and op.get("put_into_play") == "it"]
    if len([s for s in _searches(effect) if _read(s)]) != 1 or not isinstance(named, str) or len(puts) != 1:
        return
    put = puts[0]
    if set(put) - {"put_into_play", "attached_to_self"}:
        return  # other words ("under you", ...): left to the type check
    mine = [cid for cid, c in cards.items() if c["name"] == card]
    found = [c for c in cards.values() if c["name"] == named and c["controller"] == "alice"]
    host = [c.get("attached_to") for c in found]
    want = mine[:1] if put.get("attached_to_self") else [None]
    (out.checked if len(found) == 1 and host == want else out.problems).append(
        f"search: {named} in play under alice's control {len(found)} time(s), attached to {host} (text: {want})")
    if len(found) == 1 and host == want:
        mark(out, "put_into_play", put, "cards")  # the put read: the card found, where the text puts it


def not_found(fresh: Callable[[], Table], action: dict[str, Any], effect: list[Any], marker: str,
              resolve: Callable[[Table, list[str]], list[str]], out: Any) -> None:
    """On a fresh table, each card the selector does not take, named as the card found, is not found."""
    sels = [s for s in _searches(effect) if _read(s)]
    if len(sels) != 1 or not isinstance((action.get("choices") or {}).get("found"), str):
        return
    for name in _outside(sels[0]):
        table = fresh()
        resolve(table, table.act({**action, "choices": {**action["choices"], "found": name}}))
        got = table.client.get(f"/games/{table.gid}/events", query_string={"limit": 1000}).get_json().get("events") or []
        taken = [cards for _, cards in _found(got) if name in cards]
        (out.problems if taken else out.checked).append(
            f"search: {name} named as found {'is' if taken else 'is not'} taken ({sels[0]})")


PUT_TO = {"hand": "hand_cards"}
"""Where "put it into your hand" sends the card found: the zone the state document lists alice's cards of."""


def check_put_found(after: list[dict[str, Any]], players: dict[str, Any], action: dict[str, Any], effect: list[Any],
                    out: Any, earlier: dict[str, Any] | None = None) -> None:
    """"... and put it into your hand" (the card found, 312.1): the card the action named is in alice's hand once
    the play resolved and no longer in her deck (both decks hold one of it), and the search that took it says it
    went to her hand; "reveal it" (the search's ``and_reveal``): that search shows it to both players.  For a kind
    of card the decks hold several of (``KINDS``), ``earlier`` (the players before the play) says how many: one
    more in her hand, one fewer in her deck.  Other destinations and words are left out (the step stays unread)."""
    from tests.scenarios.spoils_pool_accounts import steps_of

    named = (action.get("choices") or {}).get("found")
    steps = steps_of(effect)
    searching = [op for head, op in steps if head == "search" and isinstance(op.get("search"), dict) and _read(op["search"])]
    puts = [op for head, op in steps if head == "put" and op.get("put") == "it"]
    if len(searching) != 1 or len(puts) != 1 or named not in [KINDS.get(searching[0]["search"]["cards"]), *SUBTYPED.get(
            searching[0]["search"].get("subtype"), [])] or named in KINDS.values() and not earlier:
        return  # (a card the decks hold one of, none in hand: where it is says where it went)
    put = puts[0]
    if set(put) - {"put", "to", "whose"} or put.get("whose") not in (None, "you") or put.get("to") not in PUT_TO:
        return
    to, alice = str(put["to"]), players.get("alice") or {}
    searched = [e["data"] for e in after if e.get("type") == "CardsSearched" and (e.get("data") or {}).get("cards") == [named]]
    there = named in (alice.get(PUT_TO[to]) or []) and named not in (alice.get("deck_cards") or [])
    if named in KINDS.values():  # several of it in the decks: one more where it was put, one fewer in the deck
        was = (earlier or {}).get("alice") or {}
        there = (alice.get(PUT_TO[to]) or []).count(named) == (was.get(PUT_TO[to]) or []).count(named) + 1 \
            and (alice.get("deck_cards") or []).count(named) == (was.get("deck_cards") or []).count(named) - 1
    moved = [(d.get("player"), d.get("to")) for d in searched]
    (out.checked if there and moved == [("alice", to)] else out.problems).append(
        f"put: {named} in alice's {to}: {there}, the search took it to {moved} (text: {to})")
    if searching[0].get("and_reveal"):
        shown = [d.get("revealed") for d in searched]
        (out.checked if shown == [True] else out.problems).append(f"reveal: {named} shown to both players: {shown}")
