"""The pool rehearsal's check of the cards a selector takes (issue 24, "the exact cards a selector picks, and
those it must not"): read apart from the engine, from the state document and the script's selector.

- **Those it must not**: before the card is played, each card on the table that a pick of its COST does not
  allow ("Pick a depleted character you control": a restored one, bob's, an item) is put in that pick's
  place and ``POST /check`` must call the play illegal.
- **The exact cards**: after it resolves, the cards an operation acted on (a "destroy" by ``CardDestroyed``,
  a "deplete" by ``CardsDepleted``, ...) are the ones its selector takes: for "all"/"each" every card on
  the table before the play that fits and no other, for "the"/"that" the cards picked.

A selector this reading does not follow (a kind, an adjective or a bound outside ``ADJECTIVES``/``BOUNDS``,
a zone, a party) is left out: the reading never guesses."""
from __future__ import annotations

import re
from typing import Any

from tests.scenarios.spoils_pool_reads import mark
from tests.scenarios.spoils_table import Table

KINDS = ("character", "item", "location")
TRADES = ("gearsmith", "rogue", "arcanist", "warlord", "banker")
ADJECTIVES = {
    "depleted": lambda c: bool(c["depleted"]), "restored": lambda c: not c["depleted"],
    "undepleted": lambda c: not c["depleted"], "damaged": lambda c: int(c.get("damage") or 0) > 0,
    "non-token": lambda c: not c.get("token"), "unique": lambda c: c.get("unique") is not None,
    **{t: (lambda c, t=t: (c.get("trade") or "").lower() == t) for t in TRADES},
    **{f"non-{t}": (lambda c, t=t: (c.get("trade") or "").lower() != t) for t in TRADES},
}
"""Adjectives read off a card of the state document (printed trade, depleted, damage...)."""
BOUNDS = re.compile(r"^(?:numeric cost (?P<c>\d+) or (?P<cw>less|more)|(?P<n>\d+) or (?P<w>less|more) (?P<s>strength|life|speed)"
                    r"|(?P<n2>\d+) (?P<s2>strength|life|speed) or (?P<w2>less|more))$")
READ = {"cards", "quantity", "plural", "adjectives", "controller", "whose", "with", "subtype", "count"}
"""The fields of a selector this reading follows."""
PLAYERS = {"you": "alice", "your": "alice", "opponent": "bob", "your_opponent": "bob", "your opponent's": "bob"}
TOUCH: dict[str, tuple[str, str, str]] = {
    "destroy": ("destroy", "CardDestroyed", "card_id"), "deplete": ("deplete", "CardsDepleted", "cards"),
    "restore": ("restore", "CardsRestoredByEffect", "cards"), "return_to_hand": ("return_to_hand", "CardLeftPlay", "card_id"),
    "remove_from_game": ("remove_from_game", "CardLeftPlay", "card_id"), "gain_control": ("gain_control", "ControlChanged", "card_id"),
    "modify": ("card", "CardModified", "card_id"), "gain": ("card", "CardModified", "card_id"),
    "lose": ("card", "CardModified", "card_id"),
}
"""For an operation: the key of its selector, the event that says which card it acted on, and the field naming it."""
GOES = {"return_to_hand": "hand", "remove_from_game": "removed"}
"""Where a card an operation takes out of play goes (``CardLeftPlay.to``): a card returned to the hand is not one
removed from the game."""


IN_BATTLE = {"attacking": ("attackers",), "blocking": ("blockers",), "attacking or blocking": ("attackers", "blockers")}
"""Adjectives read off the battle of the state document."""


def _bound(with_: str, card: dict[str, Any]) -> bool | None:
    if with_ == "Covert":
        return "covert" in [k.lower() for k in (card.get("effective") or {}).get("keywords") or []]
    m = BOUNDS.match(with_)
    if m is None:
        return None
    g = m.groupdict()
    stat = "cost" if g["c"] else g["s"] or g["s2"]
    value = card.get("cost") if stat == "cost" else (card.get("effective") or {}).get(stat, card.get(stat))
    n, way = int(g["c"] or g["n"] or g["n2"]), g["cw"] or g["w"] or g["w2"]
    if not isinstance(value, int):
        return False
    return value <= n if way == "less" else value >= n


def reading(sel: dict[str, Any], cards: dict[str, dict[str, Any]], source: str | None = None,
            battle: dict[str, Any] | None = None, x: int | None = None) -> set[str] | None:
    """The ids of the cards in play ``sel`` takes, read from the state document's ``cards`` (and its
    ``battle``; X as the action chose it), alice being "you"; None when the selector says something this
    reading does not follow."""
    if not isinstance(sel, dict) or set(sel) - READ or sel.get("cards") not in (*KINDS, "card"):
        return None
    adjectives = list(sel.get("adjectives") or [])
    if any(a not in ADJECTIVES and a not in IN_BATTLE and a != "other" for a in adjectives):
        return None
    fighting = {a: {c for side in IN_BATTLE[a] for c in (battle or {}).get(side) or []} for a in adjectives if a in IN_BATTLE}
    with_ = str(sel.get("with") or "")
    if "X" in with_:
        if not isinstance(x, int):
            return None
        sel = {**sel, "with": with_.replace("X", str(x))}
    who = sel.get("controller") or sel.get("whose")
    if who not in (None, "any") and who not in PLAYERS:
        return None
    out = set()
    for cid, card in cards.items():
        kinds = set((card.get("effective") or {}).get("types") or [card.get("type")])
        fits = (sel["cards"] == "card" and bool(kinds & set(KINDS))) or sel["cards"] in kinds
        fits = fits and (who in (None, "any") or card.get("controller") == PLAYERS[who])
        fits = fits and all(ADJECTIVES[a](card) for a in adjectives if a in ADJECTIVES) and not ("other" in adjectives and cid == source)
        fits = fits and all(cid in fighting[a] for a in fighting)
        fits = fits and (not sel.get("subtype") or str(sel["subtype"]).lower() in [s.lower() for s in card.get("subtypes") or []])
        if fits and sel.get("with"):
            held = _bound(str(sel["with"]), card)
            if held is None:
                return None
            fits = held
        if fits:
            out.add(cid)
    return out


NOT_CHOSEN = {"x_if_it_is"}
"""Cost steps that speak of a kind of card without choosing one ("if it is an "adriel" card, X is 0")."""


def pick_selectors(cost: list[dict[str, Any]]) -> list[dict[str, Any] | None]:
    """The selector of each pick of a COST, in the order the action's ``targets`` name them (as
    ``spoils_pool_accounts.picks_in`` counts them)."""
    out: list[dict[str, Any] | None] = []
    for op in cost:
        if not isinstance(op, dict):
            continue
        if "pick" in op:
            out.append(op["pick"] if isinstance(op["pick"], dict) else None)
        elif not set(op) & NOT_CHOSEN and any(isinstance(v, dict) and "cards" in v and v.get("quantity") in ("a", "an", "another", "one")
                                              for v in op.values()):
            out.append(next(v for v in op.values() if isinstance(v, dict) and "cards" in v))
    return out


def refused_outside(table: Table, action: dict[str, Any], cost: list[dict[str, Any]], out: Any) -> None:
    """Before the play: each card on the table a pick does not allow, in that pick's place, makes the
    play illegal (``POST /check``); a problem for each one the engine accepts."""
    targets = list(action.get("targets") or [])
    selectors = pick_selectors(cost)
    if not targets or len(selectors) != len(targets) or any(not sel or sel.get("zone") for sel in selectors):
        return  # a pick out of play (a card in hand...) or one this reading cannot place: not judged
    state = table.state()
    cards, x = state["cards"], (action.get("choices") or {}).get("x")
    for i, sel in enumerate(selectors):
        takes = reading(sel or {}, cards, battle=state.get("battle"), x=x)
        if takes is None or not isinstance(targets[i], str) or targets[i] not in cards:
            continue
        outside = sorted(c for c in cards if c not in takes and c != targets[i])
        wrong = [c for c in outside if table.check({**action, "targets": [*targets[:i], c, *targets[i + 1:]]}).get("legal")]
        for cid in wrong:
            out.problems.append(f"pick {i + 1} ({sel}): {cid} ({cards[cid]['name']}) does not fit it, yet the play is legal")
        if not wrong:
            out.checked.append(f"pick {i + 1}: the {len(outside)} cards it does not allow are refused")


def _touched(events: list[dict[str, Any]], kind: str, field: str, to: str | None = None) -> set[str]:
    got: set[str] = set()
    for e in events:
        if e.get("type") == kind and (to is None or (e.get("data") or {}).get("to") == to):
            value = (e.get("data") or {}).get(field)
            got.update(value if isinstance(value, list) else [value])
    return {c for c in got if isinstance(c, str)}


def acted_upon(events: list[dict[str, Any]], before: dict[str, dict[str, Any]], steps: list[tuple[str, dict[str, Any]]],
               picked: set[str], out: Any, source: str | None = None, x: int | None = None) -> None:
    """After the play: the cards each operation of ``TOUCH`` acted on are those its selector takes
    (all that fit for "all"/"each", the picked ones for "the"/"that"), and went where it says (``GOES``);
    an event kind two operations share is checked on the union of what they take.  Each step of a slot
    that held is marked read for its cards (``spoils_pool_reads``)."""
    want: dict[tuple[str, str, str | None], set[str]] = {}
    within: dict[tuple[str, str, str | None], set[str]] = {}
    """For "the character" among several picks: the cards acted on are some of those picked."""
    unsure: set[tuple[str, str, str | None]] = set()
    members: dict[tuple[str, str, str | None], list[tuple[str, dict[str, Any]]]] = {}
    entered = tuple(str((e.get("data") or {}).get("card_id")) for e in events if e.get("type") == "CardEnteredPlay"
                    and (e.get("data") or {}).get("how") == "put_into_play")  # what "it" is when nothing in play was picked
    for head, op in steps:
        if head not in TOUCH:
            continue
        key, kind, field = TOUCH[head]
        sel, slot = op.get(key), (kind, field, GOES.get(head))
        members.setdefault(slot, []).append((head, op))
        takes = _takes(head, op, sel, before, picked, source, x, entered)
        if takes == "within":
            within[slot] = within.get(slot, set()) | (picked & set(before))
        elif takes is None:
            unsure.add(slot)
        else:
            want[slot] = want.get(slot, set()) | takes
    for slot in sorted(set(want) | set(within), key=str):
        if slot in unsure:
            continue
        takes, some = want.get(slot, set()), within.get(slot, set())
        got = _touched(events, *slot) & (set(before) | set(entered))
        kind = slot[0] + (f" to {slot[2]}" if slot[2] else "")
        if some and takes <= got <= takes | some and got - takes:
            out.checked.append(f"{kind}: {sorted(got)}, among the cards picked {sorted(some)}")
        elif got != takes or some:
            out.problems.append(f"{kind}: the cards acted on are {sorted(got)}, the selectors take {sorted(takes)}"
                                + (f" and some of {sorted(some)}" if some else ""))
            continue
        else:
            out.checked.append(f"{kind}: exactly {sorted(takes)} as the selectors take")
        for head, op in members[slot]:
            mark(out, head, op, "cards")


def _takes(head: str, op: dict[str, Any], sel: Any, before: dict[str, dict[str, Any]], picked: set[str],
           source: str | None, x: int | None = None, entered: tuple[str, ...] = ()) -> set[str] | str | None:
    """The cards one step's selector takes among ``before``; "within" for "the character" among several
    picks; None when this reading does not follow it."""
    if op.get("applies_to") or head == "modify" and not isinstance(op.get("modify"), dict):
        return None
    quantity = sel.get("quantity") if isinstance(sel, dict) else None
    if sel == "self":  # "this card": the card whose text it is, in play
        takes = {source} if source in before else None
    elif sel == "it":  # the card the text picked, when it picked one card in play; else the one it put into play
        takes = set(picked & set(before)) if len(picked & set(before)) == 1 else set(entered) if len(entered) == 1 \
            and not picked & set(before) else None
    elif quantity in ("all", "each"):
        takes = reading(sel, before, source, x=x)
    elif quantity in ("the", "that") and set(sel) <= READ and len(picked & set(before)) > 1:
        return "within"
    elif quantity in ("the", "that") and set(sel) <= READ:
        takes = set(picked & set(before)) or None
    else:
        takes = None
    if takes is not None and head in ("deplete", "restore"):  # a depleted card is not depleted again (303.2)
        takes = {c for c in takes if bool((before.get(c) or {}).get("depleted")) != (head == "deplete")}
    return takes


JOINS = {"as_attacker": "attackers", "as_blocker": "blockers"}
"""A card put into play "as an attacker" ("as a blocker"): the side of the battle it joins (the state document's)."""
ENTERS_UNDER = {"you": "alice", "opponent": "bob"}
"""Who controls a card a text puts into play ("under your control"); a text that does not say is not read."""


def entered_as_said(events: list[dict[str, Any]], before: dict[str, dict[str, Any]],
                    steps: list[tuple[str, dict[str, Any]]], picked: set[str], out: Any,
                    battle: dict[str, Any] | None = None) -> None:
    """"Put the card into play under your control (as an attacker)": the cards put into play (``CardEnteredPlay``
    put into play) are the cards the text picked out of play, by name, each under the player it says, and among
    the attackers (blockers) of the battle once the play resolved (``battle``) when it says so; the step is then
    marked read for its cards.  A step that says more (attached to a card, up to N cards) or picks nothing out
    of play is left out."""
    puts = [(h, op) for h, op in steps if h == "put_into_play"]
    away = sorted(c for c in picked if c not in before)  # a card picked in a discard pile or a deck: by name
    if len(puts) != 1 or not away:
        return
    head, op = puts[0]
    sel = op.get(head)
    if set(op) - {head, "under", *JOINS} or not (sel == "it" or isinstance(sel, dict) and sel.get("quantity") in ("the", "that")
                                          and set(sel) <= READ) or op.get("under") not in ENTERS_UNDER:
        return
    entered = sorted((str((e.get("data") or {}).get("card", {}).get("name")), (e.get("data") or {}).get("player"))
                     for e in events if e.get("type") == "CardEnteredPlay"
                     and (e.get("data") or {}).get("how") == "put_into_play")
    want = sorted((name, ENTERS_UNDER[op.get("under")]) for name in away)
    ids = [str((e.get("data") or {}).get("card_id")) for e in events if e.get("type") == "CardEnteredPlay"
           and (e.get("data") or {}).get("how") == "put_into_play"]
    sides = [side for key, side in JOINS.items() if op.get(key)]
    joined = all(cid in ((battle or {}).get(side) or []) for side in sides for cid in ids)
    if entered != want or not joined:
        out.problems.append(f"put_into_play: the cards put into play are {entered} ({ids} among the {sides}: {joined}), "
                            f"the text puts {want}")
        return
    out.checked.append(f"put_into_play: {want} put into play as said")
    mark(out, head, op, "cards")


def picked_of(action: dict[str, Any]) -> set[str]:
    """Every card id the action picks (its ``targets`` and ``choices.targets``)."""
    said = [*(action.get("targets") or []), *((action.get("choices") or {}).get("targets") or [])]
    return {c for t in said for c in (t if isinstance(t, list) else [t]) if isinstance(c, str)}
