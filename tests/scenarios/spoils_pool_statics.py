"""The pool rehearsal's continuous abilities rehearsed alone (``spoils_pool_abilities``): the card is
put in play on the standard table in two positions that differ only by what its text speaks of (a
token on it or on the character it is attached to, a battle it is in), and the statistics or the
rights the text gives are seen to differ by what it says.

- "This card loses 1 strength and 1 life for each token on it": one token against none;
- "While there is a token on this card, it gains 1 strength / cannot be blocked": likewise;
- "The attached character gains 2 life / loses 1 strength for each token on this card / cannot
  attack / cannot be blocked / gains Covert": the host beside the same table without the card;
- "While in a battle, this card loses 1 strength for each member of the opposing party", "... the
  characters in the opposing party lose 1 speed": x1 attacks, b1 blocks, beside the same x1 before.
"""
from __future__ import annotations

from typing import Any

from tests.scenarios import spoils_pool_rights as rights
from tests.scenarios import spoils_pool_whiles as whiles
from tests.scenarios.spoils_pool_table import ICONS, TESTED, setup_for
from tests.scenarios.spoils_table import Table, new_game, resources

STATS = ("strength", "life", "speed")
COMPANIONS = {"horsemajig": ["Horsemajig of the Apocalypse - Famine", "Horsemajig of the Apocalypse - War"],
              "lawyer": ["Pettifogger"]}
"""A character of alice's of the subtype a text names ("all other horsemajig characters"), put beside
the card as ``x2`` (the first that is not the card itself)."""
GEAR = "Heavy Sword"
"""The gear alice controls (attached to a1) where a text counts "gear" cards."""
SELECTORS = {"cards", "quantity", "subtype", "adjectives", "whose", "plural", "controller"}
TOKENS_OF = ({"for_each": {"tokens_on": "it"}}, {"for_each": {"tokens_on": "self"}})


def kind_of(ab: dict[str, Any]) -> str | None:
    """Which of the continuous abilities this module rehearses ``ab`` is (None: another)."""
    ops = ab.get("static") or []
    if len(ops) != 1:
        return None
    op = ops[0]
    if op.get("card") == "self" and set(op) == {"modify", "card", "for_each"} and op["for_each"] in TOKENS_OF:
        return "per_token"
    if op.get("card") == "self" and set(op) == {"modify", "card", "for_each"} \
            and op["for_each"] == {"for_each": {"cards": "item", "quantity": "a", "zone": "play"}}:
        return "per_item"
    if op.get("card") == "self" and set(op) == {"modify", "card", "for_each"} and _counted(op) is not None:
        return "per_count"
    if set(op) == {"while", "then"} and op["while"] == {"token_on": "self"} and len(op["then"]) == 1:
        then = op["then"][0]
        if then.get("card") == "it" and set(then) == {"modify", "card"} or then == {"cannot": ["be_blocked"], "who": "it"}:
            return "while_token"
    who = op.get("card")
    if isinstance(who, dict) and who.get("adjectives") == ["attached"] and who.get("quantity") == "the" \
            and "modify" in op and set(op) <= {"modify", "card", "for_each", "and_cannot", "keyword"} \
            and (not op.get("for_each") or op["for_each"] in TOKENS_OF or op["for_each"] == {"for_each": {"tokens_on": "it"}}
                 or (_counted(op) or ("V",))[0] != "V"):  # counts the rehearsal reads: tokens, alice's icons
        return "host"
    if _attached(op.get("card")) and set(op) == {"gain", "card"} and isinstance(op["gain"], str) \
            or _attached(op.get("who")) and set(op) == {"cannot", "who"} and set(op["cannot"]) <= set(HOST_CANNOT):
        return "host"  # "The attached character gains Covert", "... cannot attack or block"
    if set(op) == {"while", "then"} and op["while"] == {"during": "in_battle"} and len(op["then"]) == 1:
        return "in_battle"
    if whiles.kind(op):
        return "while_state"  # "While your opponent controls a character, this card gains ..." (spoils_pool_whiles)
    if rights.kind(op):
        return "right"  # "Your opponent cannot pick this card" (spoils_pool_rights)
    if isinstance(who, dict) and set(op) <= {"modify", "card", "for_each"} and who.get("cards") == "character" \
            and who.get("quantity") in ("all", "all_other", "each") and not set(who) - SELECTORS \
            and set(who.get("adjectives") or []) <= {"other"} and _per(op) in ("one", "tokens_on_them", "gear"):
        return "others"
    return None


HOST_CANNOT = ("attack", "block", "be_blocked")
"""What "the attached character cannot ..." forbids that the host rehearsal tries (spoils_pool_statics._host)."""


def _attached(who: Any) -> bool:
    return isinstance(who, dict) and who.get("adjectives") == ["attached"] and who.get("quantity") == "the" \
        and who.get("cards") == "character" and not set(who) - {"cards", "quantity", "adjectives"}


def _counted(op: dict[str, Any]) -> tuple[str, str] | None:
    """What "this card gains 1 speed for each ..." counts that the rehearsal varies: an icon a player's
    resources provide ("for each [D] you control"), a player's face-down resources; as (icon, player), V
    for face-down.  None: another count."""
    each = (op.get("for_each") or {}).get("for_each") or {}
    icon = each.get("icons_you_control")
    if isinstance(icon, str) and len(icon) == 1 and set(each) == {"icons_you_control"}:
        return icon, "alice"
    if each.get("cards") == "resource" and each.get("adjectives") == ["face-down"] and not set(each) - {
            "cards", "quantity", "adjectives", "controller"} and each.get("controller") in ("you", "opponent"):
        return "V", "alice" if each["controller"] == "you" else "bob"
    return None


def _per_count(client: Any, card: str, op: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    """The card on the standard table and on one where the player counted has 3 fewer of the icon (2 more
    face-down resources for bob, who has none): its statistics are its printed ones and the text's change
    times the count read on each table (alice's icons, the resources face down)."""
    icon, player = _counted(op)
    standard = ICONS if player == "alice" else "RRRRR"
    other = standard.replace(icon, "", 3) if icon in standard else standard + icon * 2
    checked, problems, tables = [], [], []
    for said in (standard, other):
        table = _placed(client, card, icons={player: said})
        tables.append(table)
        state = table.state()
        have = state["players"][player]
        n = sum(1 for r in have["resources"].values() if not r.get("face_up")) if icon == "V" else \
            int((have.get("icons") or {}).get(icon) or 0)
        printed = {s: state["cards"][TESTED].get(s) for s in STATS}
        got, bad = _compare(_stats(table, TESTED), printed, _changes(op, n), f"with {n} [{icon}] of {player}'s, the card")
        checked += got
        problems += bad
    return (checked if not problems else []), problems, tables


def of_subtype(client: Any, subtype: str, card: str) -> str | None:
    """A character of the catalog with ``subtype`` (not ``card``), one without rules text when there is one:
    the companion "all other <subtype> characters" speaks of."""
    return _of_subtype(client.application.extensions["cards"], subtype.lower()).get(card) \
        if "cards" in client.application.extensions else None


_FOUND: dict[tuple[int, str], dict[str, str | None]] = {}


def _of_subtype(catalog: Any, subtype: str) -> dict[str, str | None]:
    """For each card name, the first other character of ``subtype`` (plain ones first), read once per catalog."""
    key = (id(catalog), subtype)
    if key not in _FOUND:
        found = []
        for name in catalog.names("spoils"):
            printing = catalog.effective("spoils", name).printing
            subtypes = [s.strip().lower() for s in str((printing.fields or {}).get("subtype") or "").split(",")]
            if str(printing.card_type).lower() == "character" and subtype in subtypes:
                found.append((bool(str(printing.text or "").strip()), name))
        names = [n for _, n in sorted(found)]
        _FOUND[key] = {n: next((m for m in names if m != n), None) for n in catalog.names("spoils")}
    return _FOUND[key]


def _per(op: dict[str, Any]) -> str:
    """What an "others" modifier counts: nothing, the tokens on each character, alice's gear cards."""
    each = (op.get("for_each") or {}).get("for_each")
    if each is None:
        return "one"
    if each == {"tokens_on": "them"}:
        return "tokens_on_them"
    if each.get("cards") == "card" and each.get("subtype") == "gear" and each.get("controller") == "you":
        return "gear"
    return "?"


def _changes(op: dict[str, Any], times: int = 1) -> dict[str, int]:
    return {s: int(n) * times for s, n in (op.get("modify") or {}).items() if s in STATS}


def _placed(client: Any, card: str, *, tokens: int = 0, host: str | None = None, host_tokens: int = 0,
            absent: bool = False, attacked: bool = False, icons: dict[str, str] | None = None) -> Table:
    """The standard table with the card in play as ``x1`` (with ``tokens``, attached to ``host``
    carrying ``host_tokens``), or without it; on bob's turn when alice is to be ``attacked``; ``icons``:
    a player's resources other than the standard table's."""
    setup = setup_for(card, "absent", "attacked" if attacked else "none")
    for player, said in (icons or {}).items():
        setup["players"][player]["resources"] = resources(player, said)
    if host is not None and host_tokens:
        setup["cards"][host]["tokens"] = host_tokens
    if not absent:
        setup["cards"][TESTED] = {"card": card, "controller": "alice", "owner": "alice", "can_attack": True,
                                  "tokens": tokens, **({"attached_to": host} if host else {})}
    return new_game(client, setup)


def _stats(table: Table, cid: str) -> dict[str, int]:
    card = table.state()["cards"].get(cid) or {}
    return {s: (card.get("effective") or {}).get(s) for s in STATS}


def _compare(got: dict[str, int], base: dict[str, int], changes: dict[str, int], who: str) -> tuple[list[str], list[str]]:
    want = {s: base[s] + changes.get(s, 0) for s in STATS if base[s] is not None}
    if any(got.get(s) != v for s, v in want.items()):
        return [], [f"{who}'s statistics {got}, the text gives {want}"]
    return [f"{who}'s statistics {got}: {base} and {changes}"], []


def check(client: Any, card: str, ab: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    """What was checked, the problems and the tables played for the continuous ability ``ab``."""
    kind = kind_of(ab)
    op = ab["static"][0]
    if kind == "per_token":
        one, none = _placed(client, card, tokens=1), _placed(client, card)
        return (*_compare(_stats(one, TESTED), _stats(none, TESTED), _changes(op), "with a token, the card"), [one, none])
    if kind == "per_item":  # "for each item in play": ai, bi, and the card's own when it is one
        table = _placed(client, card)
        state = table.state()
        items = sum(1 for c in state["cards"].values() if c["type"] == "item")
        printed = {s: state["cards"][TESTED].get(s) for s in STATS}
        return (*_compare(_stats(table, TESTED), printed, _changes(op, items), f"with {items} items in play, the card"),
                [table])
    if kind == "per_count":
        return _per_count(client, card, op)
    if kind == "while_token":
        return _while_token(client, card, op["then"][0])
    if kind == "host":
        return _host(client, card, op)
    if kind == "others":
        return _others(client, card, op)
    if kind == "while_state":
        return whiles.check(client, card, op)
    if kind == "right":
        return rights.check(client, card, op)
    return _in_battle(client, card, op["then"][0])


def _while_token(client: Any, card: str, then: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    one, none = _placed(client, card, tokens=1), _placed(client, card)
    if "modify" in then:
        return (*_compare(_stats(one, TESTED), _stats(none, TESTED), _changes(then), "with a token, the card"), [one, none])
    seen = []
    for table in (one, none):
        table.act({"type": "attack", "player": "alice", "attackers": [TESTED]})
        seen.append(bool(table.state()["battle"].get("unblockable")))
    if seen == [True, False]:
        return ["with a token it cannot be blocked, without one it can"], [], [one, none]
    return [], [f"unblockable with a token and without: {seen}"], [one, none]


def _host(client: Any, card: str, op: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    """The attached character (a1; a2, which has more life, when the text takes life away) beside the
    same table without the card; one token where the text counts them."""
    host = "a2" if int((op.get("modify") or {}).get("life") or 0) < 0 else "a1"
    per = (op.get("for_each") or {}).get("for_each", {}).get("tokens_on")
    tokens, host_tokens = (1, 0) if per == "self" else (0, 1) if per == "it" else (0, 0)
    table = _placed(client, card, tokens=tokens, host=host, host_tokens=host_tokens)
    base = _placed(client, card, host=host, host_tokens=host_tokens, absent=True)
    counted = _counted(op)  # "... for each [E] you control": alice's icons on the table
    times = int((table.state()["players"]["alice"].get("icons") or {}).get(counted[0]) or 0) \
        if counted and counted[0] != "V" and counted[1] == "alice" else 1
    checked, problems = _compare(_stats(table, host), _stats(base, host), _changes(op, times), f"the attached {host}")
    cannot = op.get("and_cannot") or op.get("cannot") or []
    if "block" in cannot:  # bob attacks with b1: alice's block with the host refused, legal without the card
        ours, theirs = (_blocking(_placed(client, card, host=host, absent=absent, attacked=True), host)
                        for absent in (False, True))
        (checked if ours is False and theirs is True else problems).append(
            f"{host} blocking is legal: {ours} (without the card: {theirs})")
    if "attack" in cannot:
        refused = not table.check({"type": "attack", "player": "alice", "attackers": [host]}).get("legal")
        legal = base.check({"type": "attack", "player": "alice", "attackers": [host]}).get("legal")
        (checked if refused and legal else problems).append(f"{host} cannot attack ({refused}; without the card: {not legal})")
    if "be_blocked" in cannot:
        table.act({"type": "attack", "player": "alice", "attackers": [host]})
        unblockable = bool(table.state()["battle"].get("unblockable"))
        (checked if unblockable else problems).append(f"{host} attacks unblockable: {unblockable}")
    gained = (op.get("keyword") or {}).get("gain") or op.get("gain")
    if gained:
        keywords = table.state()["cards"][host]["effective"]["keywords"]
        before = base.state()["cards"][host]["effective"]["keywords"]
        (checked if gained in keywords and gained not in before else problems).append(
            f"{host} has {gained}: {keywords} (without the card: {before})")
    return checked, problems, [table, base]


def _blocking(table: Table, host: str) -> bool | None:
    """bob attacks with b1; whether alice may then block with ``host`` (None: no block was asked)."""
    table.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    for _ in range(6):
        who = table.state()["to_act"]
        if who == "alice" and "block" in table.legal(who):
            return bool(table.check({"type": "block", "player": "alice", "blockers": [host]}).get("legal"))
        if not who:
            return None
        table.act({"type": "pass", "player": who})
    return None


def _others(client: Any, card: str, op: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    """"All other horsemajig characters gain 1 strength", "All your characters gain 1 strength and 1
    life for each gear card you control", "All characters gain 1 strength for each token on them":
    each character in play beside the same table without the card (a companion of the subtype named,
    one token on a1 and on b1, a gear on a1, in both)."""
    who, per = op["card"], _per(op)
    setup = setup_for(card, "absent")
    cards = setup["cards"]
    companion = next((n for n in COMPANIONS.get(str(who.get("subtype") or ""), []) if n != card), None) \
        or (of_subtype(client, str(who["subtype"]), card) if who.get("subtype") else None)
    if who.get("subtype") and companion is None:
        return [], [], []
    if companion:
        cards["x2"] = {"card": companion, "controller": "alice", "owner": "alice", "can_attack": True}
    if per == "tokens_on_them":
        cards["a1"]["tokens"] = cards["b1"]["tokens"] = 1
    if per == "gear":
        cards["x3"] = {"card": GEAR, "controller": "alice", "owner": "alice", "can_attack": True, "attached_to": "a1"}
    base = new_game(client, setup)
    cards[TESTED] = {"card": card, "controller": "alice", "owner": "alice", "can_attack": True}
    table = new_game(client, setup)
    mine = {"your": "alice", "you": "alice", "opponent": "bob"}.get(str(who.get("whose") or who.get("controller") or ""))
    before, now = base.state()["cards"], table.state()["cards"]
    changed, problems = [], []
    for cid, c in before.items():
        if c["type"] != "character" or cid not in now:
            continue
        named = (mine is None or c["controller"] == mine) and (not who.get("subtype") or who["subtype"] in c["subtypes"])
        times = c["tokens"] if per == "tokens_on_them" else 1  # "for each gear card you control": x3 alone
        changes = _changes(op, times if named else 0)
        problems += _compare(_stats(table, cid), _stats(base, cid), changes, cid)[1]
        changed += [f"{cid} {changes}"] if any(changes.values()) else []
    checked = [f"beside the table without it: {', '.join(changed)}; the other characters unchanged"]
    return (checked if changed and not problems else []), problems, [table, base]


def _in_battle(client: Any, card: str, then: dict[str, Any]) -> tuple[list[str], list[str], list[Table]]:
    """x1 attacks, b1 blocks (one member in the opposing party): the card itself, or b1, beside its
    statistics before the attack."""
    table = _placed(client, card)
    opposing = ("all_characters_in_opposing_party", "characters_in_opposing_party")
    who = TESTED if then.get("card") == "it" else "b1" if then.get("card") in opposing else None
    each = (then.get("for_each") or {}).get("for_each") or {}
    if who is None or each and each.get("in_party") != "opposing":
        return [], [], [table]
    before = _stats(table, who)
    table.act({"type": "attack", "player": "alice", "attackers": [TESTED]})
    for _ in range(6):
        state = table.state()
        if state["battle"] and state["battle"].get("blockers"):
            break
        step = "block" if "block" in table.legal(state["to_act"]) else "pass"
        table.act({"type": step, "player": state["to_act"], **({"blockers": ["b1"]} if step == "block" else {})})
    return (*_compare(_stats(table, who), before, _changes(then), f"in the battle, {who}"), [table])


__all__ = ["check", "kind_of"]
