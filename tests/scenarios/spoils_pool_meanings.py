"""The pool rehearsal's check of meanings (issue 24): an operation is answered not only by an event of
the right type but by one that says what the script says.  For the amounts a player draws, loses or gains
("Draw 2 cards.", "Your faction loses 2 influence.", "Your opponent gains 1 influence."), the events
that follow the play (``CardsDrawn.count``, ``InfluenceLost.amount`` of an effect, ``InfluenceGained.amount``)
must add up, player by player, to what the script's steps say (the player who is "you" is alice, the
rehearsal's player; "your opponent" is bob).  A step whose amount is not a figure (X, "for each") is left
to the type check."""
from __future__ import annotations

import re
from typing import Any, Callable

from tests.scenarios.spoils_pool_accounts import steps_of
from tests.scenarios.spoils_pool_on_cards import on_cards_as_said, tokens_created_as_said
from tests.scenarios.spoils_pool_reads import figure, mark, step_key
from tests.scenarios.spoils_pool_zones import looked_at_as_said, moved_as_said
from tests.scenarios.spoils_pool_targets import acted_upon, entered_as_said
from tests.scenarios.spoils_table import Table

AMOUNTS: dict[str, tuple[str, str]] = {"draw": ("CardsDrawn", "count"), "lose_influence": ("InfluenceLost", "amount"),
                                       "gain_influence": ("InfluenceGained", "amount"), "discard": ("CardsDiscarded", "count")}
"""The operations whose amount is checked: the event that answers each, and its field that says how much."""
WHO = {None: ["alice"], "you": ["alice"], "controller": ["alice"], "opponent": ["bob"], "each": ["alice", "bob"]}
"""The rehearsal's players by the words of a script ("you": alice, who plays the card; "each player": both)."""
DEFAULT_WHO = {"discard": "you", "lose_influence": "opponent"}
"""Who an operation affects when the script names nobody ("Discard a card.", "Lose 2 influence": the opponent
loses by default in the effect language, as the engine reads it)."""
WORDS_ONLY = {"another", "at_random", "numeral"}
"""Keys of a step that do not change its amount ("discards another card", "at random", "1 card")."""


def chosen_x(action: dict[str, Any], used: dict[str, Any] | None) -> int | None:
    """X as the action chose it (``choices.x``), when the text lets its player choose X and says nothing
    else of what X is (no "where X is ...")."""
    x, text = (action.get("choices") or {}).get("x"), str(used)
    return x if isinstance(x, int) and "'choose_x'" in text and not re.search(r"'x_is'|'x_where'|'where'", text) else None


def log_after(table: Table, marker: str) -> list[dict[str, Any]]:
    """The events of the game after the first ``marker`` (the rehearsed play resolving; a card it
    plays in turn resolves later): type and data."""
    got = table.client.get(f"/games/{table.gid}/events", query_string={"limit": 1000}).get_json()
    events = [e for e in got.get("events") or [] if isinstance(e, dict)]
    first = next((i for i, e in enumerate(events) if e.get("type") == marker), None)
    return events[first + 1:] if first is not None else []


def trigger_window(table: Table, effect: list[dict[str, Any]],
                   card_id: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The events a trigger's resolution produced: for each trigger of ``card_id`` whose effect is ``effect``
    (the one rehearsed), the events of the same action after its ``TriggerResolved``, up to the next trigger
    set off or resolved (spoils.503.1: a trigger resolves on its own; what the turn does around it is not its);
    and the cards in play as the first of them began to resolve (None: it never did)."""
    got = table.client.get(f"/games/{table.gid}/events", query_string={"limit": 1000}).get_json()
    events = [e for e in got.get("events") or [] if isinstance(e, dict)]
    waiting = [t for e in events if e.get("type") == "TriggersPending" for t in (e.get("data") or {}).get("triggers") or []]
    ours = {t.get("id") for t in waiting if t.get("card_id") == card_id
            and [op for doc in t.get("effect") or [] for op in (doc.get("script") or {}).get("ops") or []] == effect}
    out: list[dict[str, Any]] = []
    start = None
    for i, e in enumerate(events):
        if e.get("type") != "TriggerResolved" or (e.get("data") or {}).get("trigger_id") not in ours:
            continue
        start = start or e.get("position")
        for later in events[i + 1:]:
            if later.get("type") in ("TriggerResolved", "TriggersPending") or later.get("batch") != e.get("batch"):
                break
            out.append(later)
    if start is None:
        return out, None
    return out, table.client.get(f"/games/{table.gid}/state", query_string={"at": start}).get_json()["cards"]


def said_amounts(steps: list[tuple[str, dict[str, Any]]], twins: int = 1,
                 holds: Callable[[dict[str, Any]], bool | None] = lambda cond: None,
                 sources: dict[str, tuple[str, dict[str, Any], list[tuple[str, str]]]] | None = None,
                 x: int | None = None) -> dict[tuple[str, str], int] | None:
    """What the steps say each player draws, discards, loses or gains, by (operation, player); an "if"
    counts its steps when ``holds`` says its condition is true on the table, none when false.  Left out
    (to the type check): an amount that is not a plain figure, and an operation also said where this
    reading does not go (an unread condition, a branch not taken here, ...).  ``sources``, when given, gets
    each step counted (by its key) with the keys it adds to; ``x``: X as the play chose it (``figure``)."""
    out: dict[tuple[str, str], int] = {}
    unsure: set[tuple[str, str]] = set()
    counted: set[int] = set()
    for head, op in _with_conditions(steps, holds):
        counted.add(id(op))
        if head not in AMOUNTS or not isinstance(op, dict):
            continue
        keys = [(head, who) for who in WHO.get(op.get("player", DEFAULT_WHO.get(head)), [])]
        amount = figure(op.get(head), x)
        if amount is None or op.get("for_each") or set(op) - {head, "player"} - WORDS_ONLY:
            unsure.update(keys)
            continue
        for key in keys:
            out[key] = out.get(key, 0) + amount * twins
        if sources is not None:
            sources[step_key(head, op)] = (head, op, keys)
    for head in {h for _, op in steps for h, nested in _nested(op) if id(nested) not in counted}:
        unsure.update(k for k in out if k[0] == head)  # also said where this reading does not count it
    return {k: v for k, v in out.items() if k not in unsure}


def _with_conditions(steps: list[tuple[str, dict[str, Any]]], holds: Callable[[dict[str, Any]], bool | None]
                     ) -> list[tuple[str, dict[str, Any]]]:
    """The steps, with those of each "if" whose condition ``holds`` says is true (none when false; an
    unread one's are left out, and so not counted)."""
    out = []
    for head, op in steps:
        out.append((head, op))
        held = holds(op["if"]) if head == "if" and isinstance(op.get("then"), list) else None
        if held is not None:  # false: its steps are read (not to happen), marked by their head "not"
            out += [(h if held else "not", o) for h, o in _with_conditions(steps_of(op["then"]), holds)]
    return out


def _nested(value: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every operation of ``AMOUNTS`` said anywhere in ``value`` (a step and all it holds)."""
    if isinstance(value, list):
        return [x for v in value for x in _nested(v)]
    if not isinstance(value, dict):
        return []
    return [(k, value) for k in value if k in AMOUNTS] + [x for v in value.values() for x in _nested(v)]


def icons_hold(state: dict[str, Any]) -> Callable[[dict[str, Any]], bool | None]:
    """Whether a condition holds for alice on the table, read from the state document: "if you control
    [O][O][O]" (her icons); None for a condition this reading does not follow."""
    icons = dict((state.get("players") or {}).get("alice", {}).get("icons") or {})

    def holds(cond: dict[str, Any]) -> bool | None:
        if not isinstance(cond, dict) or set(cond) != {"control_icons"}:
            return None
        need = str(cond["control_icons"])
        return all(icons.get(i, 0) >= need.count(i) for i in set(need))
    return holds


def amount_problems(events: list[dict[str, Any]], said: dict[tuple[str, str], int], cause: str | None = "effect"
                    ) -> tuple[list[str], list[str], set[tuple[str, str]]]:
    """The problems (an amount other than the script's), the checks that held and the (operation, player)
    each of those read; ``cause``: the cause of the influence lost that counts (None: any)."""
    problems, checked, held = [], [], set()
    for (head, who), want in sorted(said.items()):
        kind, field = AMOUNTS[head]
        got = sum(int((e.get("data") or {}).get(field) or 0) for e in events if e.get("type") == kind
                  and (e.get("data") or {}).get("player") == who
                  and (kind != "InfluenceLost" or cause is None or (e.get("data") or {}).get("cause") == cause))
        if got != want:
            problems.append(f"{head}: {who} {kind}.{field} adds up to {got}, the script says {want}")
        else:
            checked.append(f"{head}: {who} {want} as said")
            held.add((head, who))
    return problems, checked, held


def check_meanings(table: Table, out: Any, marker: str, steps: list[tuple[str, dict[str, Any]]], twins: int = 1,
                   before: dict[str, Any] | None = None, picked: set[str] | None = None,
                   window: list[dict[str, Any]] | None = None, source: str | None = None, x: int | None = None) -> None:
    """Adds to the rehearsal ``out`` a problem for each card acted on, amount or duration the game does
    not show as the steps say (and a check for each it does), when the play resolved (``marker`` among
    its events); ``before``: the cards in play before the play, ``picked``: the ids it picked; ``window``:
    the events to read (a trigger's: ``trigger_window``), else all those after ``marker``; ``source``: the
    card in play whose ability it is ("your other characters", "this card"); ``x``: X as the play chose it, when
    nothing else in the text defines X.  Last of a rehearsal: the duration check ends alice's turn."""
    if marker not in out.events:
        return
    after = log_after(table, marker) if window is None else window
    if before is not None:  # the exact cards each selector takes (spoils_pool_targets)
        acted_upon(after, before, steps, picked or set(), out, source, x)
        entered_as_said(after, before, steps, picked or set(), out, table.state().get("battle"))
        on_cards_as_said(after, before, steps, picked or set(), out, source, x)
    moved_as_said(after, steps, out, x)
    looked_at_as_said(after, steps, out, x)
    tokens_created_as_said(after, steps, out, x)
    holds = icons_hold(table.state())
    sources: dict[str, tuple[str, dict[str, Any], list[tuple[str, str]]]] = {}
    wrong, held, read = amount_problems(after, said_amounts(steps, twins, holds, sources, x) or {})
    for head, op, keys in sources.values():  # each step whose amount, for every player it names, held
        if keys and set(keys) <= read:
            mark(out, head, op, "amount")
    out.checked += [f"condition {op['if']}: {'true' if holds(op['if']) else 'false'} on the table, its steps "
                    f"{'counted' if holds(op['if']) else 'not'}" for h, op in steps if h == "if" and holds(op["if"]) is not None
                    and not wrong]
    out.problems += wrong
    out.checked += held
    _each_player(after, steps, out)
    _lasting(table, out, after, steps, x)


def check_at_play(table: Table, out: Any, marker: str, steps: list[tuple[str, dict[str, Any]]]) -> None:
    """What happens as the card is played, before it resolves ("FLIP UP: 1 [D] and your faction loses 5
    influence"): the amounts its steps say, player by player, in the events before the play resolved
    (``marker``), whatever their cause; each step whose amounts held is marked read."""
    if not steps:
        return
    got = table.client.get(f"/games/{table.gid}/events", query_string={"limit": 1000}).get_json()
    events = [e for e in got.get("events") or [] if isinstance(e, dict)]
    upto = next((i for i, e in enumerate(events) if e.get("type") == marker), len(events))
    sources: dict[str, tuple[str, dict[str, Any], list[tuple[str, str]]]] = {}
    wrong, held, read = amount_problems(events[:upto], said_amounts(steps, sources=sources) or {}, cause=None)
    out.problems += [f"as it is played: {p}" for p in wrong]
    out.checked += [f"as it is played: {c}" for c in held]
    for head, op, keys in sources.values():
        if keys and set(keys) <= read:
            mark(out, head, op, "amount")


def _each_player(after: list[dict[str, Any]], steps: list[tuple[str, dict[str, Any]]], out: Any) -> None:
    """"Each player draws / puts the top 2 cards of their deck into their discard pile": the events that
    answer the operation name both players (alice's and bob's), not only the one who played the card."""
    from tests.scenarios.spoils_pool_accounts import EXPECTED

    for head, op in steps:
        if op.get("player") != "each" or head not in EXPECTED:
            continue
        who = sorted({str((e.get("data") or {}).get("player")) for e in after if e.get("type") in EXPECTED[head]})
        (out.checked if {"alice", "bob"} <= set(who) else out.problems).append(f"{head}: each player ({who})")


CHANGES = ("modify", "gain", "lose")
"""The steps that change a card for a while or for good: "this turn, the character gains (loses) N strength",
"the character gains COVERT": their amounts (or keyword) and duration are checked."""
WORDING = {"loses_first", "commas"}
"""Flags of a "modify" that say how its words are printed ("loses 1 strength and gains 1 life"), not what it changes."""


def _amounts(modify: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in modify.items() if k not in WORDING}


def _wanted(head: str, op: dict[str, Any], x: int | None = None) -> dict[str, Any] | None:
    """What a change step says the card's ``CardModified.changes`` are; None when this reading does not
    follow it (an amount not a figure, "for each", a kind of card it applies to, another duration)."""
    if set(op) - {head, "until", "card", "until_last", "until_comma"} or op.get("until") not in (None, "turn"):
        return None
    if head != "modify":
        return {head: op[head]} if isinstance(op[head], str) else None
    change = op["modify"]
    if not isinstance(change, dict):
        return None
    amounts = {k: figure(v, x) for k, v in _amounts(change).items()}
    return None if None in amounts.values() else amounts


def _lasting(table: Table, out: Any, after: list[dict[str, Any]], steps: list[tuple[str, dict[str, Any]]],
             x: int | None = None) -> None:
    """Each change is recorded with the amounts (or keyword) its step says and its duration (``until``: "turn"
    or none); a "this turn" one is gone once the turn is over (spoils.602.1: "this turn" ends as the next turn
    starts).  A change seen so, with its duration, is marked read (``spoils_pool_reads``)."""
    changed = [e["data"] for e in after if e.get("type") == "CardModified"]
    lasting = []
    for head, op in steps:
        want = _wanted(head, op, x) if head in CHANGES else None
        if want is None:
            continue
        found = [d for d in changed if d.get("changes") == want]
        if not found:
            out.problems.append(f"{head}: no CardModified of {want} in {changed}")
        elif any(d.get("until") != op.get("until") for d in found):
            out.problems.append(f"{head}: {want} does not last '{_lasts(op)}' only: {found}")
        elif not _shown(table, head, op, found):
            out.problems.append(f"{head}: {op[head]} is not shown among the keywords of {[d['card_id'] for d in found]}")
        else:
            out.checked.append(f"{head}: {want} {_lasts(op)}")
            if op.get("until") is None:
                mark(out, head, op, "changes")
            else:
                lasting.append((head, op, want, [d["card_id"] for d in found]))
    state = table.state()
    if not lasting or out.problems or state.get("battle") or state.get("active_player") != "alice" \
            or state.get("to_act") != "alice" or not table.check({"type": "end_turn", "player": "alice"}).get("legal"):
        return  # the turn cannot end here (a battle, alice must still develop, 202.8): the duration is not read
    table.end_turn("alice", "bob")
    later = table.state()["cards"]
    for head, op, change, cards in lasting:
        stays = [cid for cid in cards if cid in later and any(
            m.get("until") == "turn" and all(m.get(k) == v for k, v in change.items())
            for m in later[cid].get("modifiers") or [])]
        for cid in cards:
            if cid in later:
                (out.problems if cid in stays else out.checked).append(
                    f"{head}: {change} {'still there' if cid in stays else 'gone'} once the turn is over ({cid})")
        if not stays:
            mark(out, head, op, "changes")


def _shown(table: Table, head: str, op: dict[str, Any], found: list[dict[str, Any]]) -> bool:
    """A keyword gained is among the card's keywords in the state document, one lost is not (a change of
    amounts is read from its event alone)."""
    if head == "modify":
        return True
    cards = table.state()["cards"]
    for d in found:
        if d["card_id"] in cards:
            shown = [str(k).lower() for k in (cards[d["card_id"]].get("effective") or {}).get("keywords") or []]
            if (str(op[head]).lower() in shown) != (head == "gain"):
                return False
    return True


def _lasts(op: dict[str, Any]) -> str:
    return "this turn" if op.get("until") == "turn" else "for good"
