"""The pool rehearsal's check of cards moved between the zones out of play (issue 24, "amounts, who is
affected"): "Put the top 2 cards of your opponent's deck into their discard pile.", "Put the top card of your
deck on the bottom of your deck." (spoils.306.1, 302).

Read apart from the engine: the player whose deck the step names, the zone it sends the cards to and how many
(a figure, or X as the play chose it); the effect's ``CardsMoved`` out of a deck must say exactly that.  A step
this reading does not follow (cards of a kind, "up to", a hand or a discard pile as the origin, two such steps
in one effect) is left out and stays unread (``spoils_pool_reads``)."""
from __future__ import annotations

from typing import Any

from tests.scenarios.spoils_pool_reads import figure

OWNERS = {"you": "alice", "opponent": "bob", "that_opponent": "bob"}
"""Whose deck the step names ("your deck", "your opponent's deck"), as the rehearsal's players."""
TO = {"discard": "discard", "hand": "hand", "deck_bottom": "deck_bottom", "bottom": "deck_bottom",
      "deck_top": "deck_top", "the_top_of_deck": "deck_top"}
"""Where the step sends the cards, as ``CardsMoved.to`` says it."""
WHOSE = {"alice": (None, "their", "you"), "bob": (None, "their", "opponent")}
"""The words that name the owner's own zone as the destination ("into their discard pile")."""
SAID = {"cards", "quantity", "count", "plural", "zone", "zone_owner"}


def moved_as_said(events: list[dict[str, Any]], steps: list[tuple[str, dict[str, Any]]], out: Any,
                  x: int | None = None) -> None:
    """After the play: the one "put the top N cards of a deck ..." step of the effect moved exactly N cards out of
    that player's deck to where it says, and no other card left a deck; a check that names the step's kind when
    it did (``spoils_pool_reads``: the only step of its kind)."""
    puts = [op for h, op in steps if h == "put"]
    if len(puts) != 1:
        return
    op = puts[0]
    sel = op.get("put")
    if set(op) - {"put", "to", "whose"} or not isinstance(sel, dict) or set(sel) - SAID \
            or (sel.get("quantity"), sel.get("zone"), sel.get("cards")) != ("the_top", "deck", "card"):
        return
    owner, to = OWNERS.get(str(sel.get("zone_owner"))), TO.get(str(op.get("to")))
    n = figure(sel.get("count", 1), x)
    if owner is None or to is None or op.get("whose") not in WHOSE[owner] or not n or n < 0:
        return
    got: dict[tuple[str, str], int] = {}
    for e in events:
        d = e.get("data") or {}
        if e.get("type") == "CardsMoved" and d.get("from_zone") == "deck":
            got[(str(d.get("player")), str(d.get("to")))] = got.get((str(d.get("player")), str(d.get("to"))), 0) \
                + int(d.get("count") or 0)
    want = {(owner, to): n}
    if got != want:
        out.problems.append(f"put: out of a deck {sorted(got.items())}, the text moves {sorted(want.items())}")
    else:
        out.checked.append(f"put: the top {n} card(s) of {owner}'s deck to {to} as said")


def looked_at_as_said(events: list[dict[str, Any]], steps: list[tuple[str, dict[str, Any]]], out: Any,
                      x: int | None = None) -> None:
    """"Look at the top 3 cards of your deck": the one such step of the effect showed alice alone (``seen_by``
    "you") exactly N cards of her own deck, named; a check that names the step's kind when it did."""
    looks = [op for h, op in steps if h == "look_at"]
    if len(looks) != 1 or set(looks[0]) != {"look_at"} or not isinstance(looks[0]["look_at"], dict):
        return
    sel = looks[0]["look_at"]
    n = figure(sel.get("count", 1), x)
    if set(sel) - SAID or (sel.get("quantity"), sel.get("zone"), sel.get("cards"), sel.get("zone_owner")) != (
            "the_top", "deck", "card", "you") or not n or n < 0:
        return
    shown = [(d.get("player"), d.get("zone"), d.get("seen_by"), len(d.get("cards") or [])) for e in events
             if e.get("type") == "CardsRevealed" for d in [e.get("data") or {}]]
    if len(shown) == 1 and shown[0][3] == 0:
        return  # the cards seen are not named (the action did not record them): how many is not known
    if shown != [("alice", "deck", "you", n)]:
        out.problems.append(f"look_at: shown {shown}; the text: the top {n} of alice's deck, to her alone")
    else:
        out.checked.append(f"look_at: the top {n} card(s) of alice's deck seen by her alone")


__all__ = ["looked_at_as_said", "moved_as_said"]
