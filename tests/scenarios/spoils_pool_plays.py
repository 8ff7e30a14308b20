"""The pool rehearsal's check of "play a card" (issue 24): a text that lets its player play cards ("You may
play a character for free.", "Play up to 4 non-tactic cards for free.") is rehearsed naming a card of
alice's hand that fits it (``choices.free_plays``), and read apart from the engine:

- **The cards it must not play**, asked of ``POST /check`` before the play: a card of a kind the text
  excludes (spoils.604.2), a card that fits but is not in the zone it plays from (spoils.604.1a), one card
  more than it plays (spoils.604.2); each must make the action illegal, citing that rule.
- **The cards it played**: after the play resolves, the cards alice played by the effect (``CardPlayed``)
  are exactly the ones named, by alice; each paid nothing for "for free" (spoils.308.1: its numeric cost is
  0) and its printed cost otherwise; a permanent entered play under her control (spoils.604.1h).

- **The card resolved as a resource** ("Resolve this card as a resource", spoils.411.1): once the tactic has
  resolved, it is a face-down resource of alice's (its owner's) and not in her discard pile (spoils.604.1j
  otherwise), one ``ResourcePlayed`` of it, face down, under her control.

- **The card revealed and played** ("COST: Reveal a face-down character you control. EFFECT: You may play the
  character."): alice has a face-down resource of that kind (``REVEALED``) and one of another kind; naming the
  other is refused (spoils.401.2), and the card played is the one revealed, by alice for its printed cost,
  no longer among her resources; likewise the card a play picks in her discard pile and then plays ("You may
  play the card"), no longer in her discard pile.

A text that plays another card it already holds ("play it", "play the item") or whose bound this reading does
not follow ("with numeric cost X or less") is not given a card here: its step stays unanswered."""
from __future__ import annotations

from typing import Any

from tests.scenarios.spoils_table import Table

KIND_OF = {"Brash Basher": "character", "Index of Natural Forces": "item", "Time Portal": "location",
           "Anathematize": "tactic", "Elitism": "resource"}
"""The cards a rehearsal names, by kind (in alice's hand: ``IN_HAND``)."""
IN_HAND = {"character": "Brash Basher", "item": "Index of Natural Forces", "location": "Time Portal"}
"""The card of each kind alice has in hand to play (a character is there already: ``FILLER``)."""
ELSEWHERE = {"character": "Creaky Old Swordsman", "item": "Makeshift Contrivance", "location": "Narrow Passage"}
"""A card of each kind that is in play and in the discard piles, not in alice's hand."""
CHOOSING = ("a", "an", "up_to", "any")
"""Quantities that leave the cards to the player (the others hold a card the text found)."""
READ = {"cards", "quantity", "count", "plural", "zone", "zone_owner", "from_zone"}


def _fits(words: str, kind: str) -> bool:
    """Whether a card of ``kind`` is a "character card", a "non-tactic card", a "card" ... (a "card" a text
    plays is a non-resource card: spoils.604.2)."""
    words = words.removesuffix(" card").removesuffix(" cards")
    if kind == "resource":
        return False
    if words in ("card", "non-resource"):
        return True
    if words.startswith("non-"):
        return words[4:] != kind
    return words == kind


def _plays(ops: Any) -> list[dict[str, Any]]:
    """Every "play" step said anywhere in ``ops``."""
    if isinstance(ops, list):
        return [x for v in ops for x in _plays(v)]
    if not isinstance(ops, dict):
        return []
    return ([ops] if "play_card" in ops else []) + [x for k, v in ops.items() if k != "play_card" for x in _plays(v)]


def chosen(effect: list[Any]) -> dict[str, Any] | None:
    """The one "play" step of the effect that leaves its cards to the player, from alice's hand, with a
    selector this reading follows (None otherwise)."""
    steps = _plays(effect)
    if len(steps) != 1 or not isinstance(steps[0]["play_card"], dict):
        return None
    sel = steps[0]["play_card"]
    if set(sel) - READ or sel.get("quantity") not in CHOOSING or sel.get("zone", "hand") != "hand" \
            or sel.get("zone_owner", "you") != "you" or set(steps[0]) - {"play_card", "free"}:
        return None
    return steps[0]


def _high(sel: dict[str, Any]) -> int:
    return int(sel["count"]) if sel.get("quantity") == "up_to" and isinstance(sel.get("count"), int) else 1


def named_for(effect: list[Any]) -> list[str]:
    """The cards of alice's hand a rehearsal names to be played: one that fits the text ([] when none does or
    the step is not one ``chosen`` reads)."""
    step = chosen(effect)
    if step is None:
        return []
    words = str(step["play_card"].get("cards") or "card")
    return [name for kind, name in IN_HAND.items() if _fits(words, kind)][:1]


def hand_for(effect: list[Any]) -> list[str]:
    """The card alice needs in hand to play it (one of ``IN_HAND`` besides her characters)."""
    return [n for n in named_for(effect) if n != IN_HAND["character"]]


def refused(table: Table, action: dict[str, Any], effect: list[Any], out: Any, used: dict[str, Any] | None = None) -> None:
    """Before the play: naming a card of a kind the text excludes, one not in alice's hand, or one card more
    than it plays makes the action illegal, citing the rule (a problem for each it does not); revealing a
    face-down resource of another kind (``used``: the ability played, its COST: and its effect)."""
    _revealed(table, action, [used or {}], out)
    step, named = chosen(effect), list((action.get("choices") or {}).get("free_plays") or [])
    if step is None or not named:
        return
    words = str(step["play_card"].get("cards") or "card")
    tries = [(f"{n}, a {k}", [n], "spoils.604.2") for n, k in KIND_OF.items() if not _fits(words, k)][:2]
    tries += [(f"{n}, not in alice's hand", [n], "spoils.604.1a") for k, n in ELSEWHERE.items() if _fits(words, k)][:1]
    tries.append((f"{_high(step['play_card']) + 1} cards", named * (_high(step["play_card"]) + 1), "spoils.604.2"))
    for what, names, rule in tries:
        answer = table.check({**action, "choices": {**action["choices"], "free_plays": names}})
        rules = {v["rule"]["id"] for v in answer.get("violations") or []}
        if answer.get("legal") or rule not in rules:
            out.problems.append(f"play_card: naming {what} is not refused citing {rule} ({sorted(rules)})")
        else:
            out.checked.append(f"play_card: naming {what} refused ({rule})")


def check_played(after: list[dict[str, Any]], action: dict[str, Any], effect: list[Any], out: Any) -> None:
    """After the play resolved (``after``: its events): the cards played by the effect are the ones named, by
    alice, for 0 when "for free" and their printed cost otherwise; a permanent entered play under her control."""
    step, named = chosen(effect), list((action.get("choices") or {}).get("free_plays") or [])
    if step is None or not named:
        return
    played = [e["data"] for e in after if e.get("type") == "CardPlayed"]
    got = sorted(str((d.get("card") or {}).get("name")) for d in played)
    if got != sorted(named):
        out.problems.append(f"play_card: the cards played are {got}, the action named {sorted(named)}")
        return
    entered = {e["data"].get("card_id"): e["data"] for e in after if e.get("type") == "CardEnteredPlay"}
    for d in played:
        want = 0 if step.get("free") else int((d.get("card") or {}).get("cost") or 0)
        permanent = (d.get("card") or {}).get("type") != "tactic"
        if d.get("player") != "alice" or d.get("cost") != want:
            out.problems.append(f"play_card: {d['card']['name']} played by {d.get('player')} for {d.get('cost')}, "
                                f"the text: by alice for {want}")
        elif permanent and (entered.get(d.get("card_id")) or {}).get("player") != "alice":
            out.problems.append(f"play_card: {d['card']['name']} did not enter play under alice's control")
        else:
            out.checked.append(f"play_card: {d['card']['name']} played by alice for {want}"
                               + (", in play under her control" if permanent else ""))


def check_as_resource(table: Table, after: list[dict[str, Any]], card: str, effect: list[Any], out: Any) -> None:
    """"Resolve this card as a resource": the tactic played (``card``) ends a face-down resource of alice's,
    not in her discard pile (a problem otherwise)."""
    if not any(isinstance(op, dict) and op.get("resolve_as_resource") is True and op.get("what", "self") == "self"
               and op.get("whose") in (None, "its owner's") for op in effect):
        return
    put = [e["data"] for e in after if e.get("type") == "ResourcePlayed" and e["data"].get("name") == card]
    alice = table.state()["players"]["alice"]
    kept = [r for r in (alice.get("resources") or {}).values() if r.get("name") == card and not r.get("face_up")]
    if len(put) != 1 or put[0].get("player") != "alice" or put[0].get("face_up") is not False or len(kept) != 1:
        out.problems.append(f"resolve_as_resource: {card} put as a resource {put}, alice's face-down resources "
                            f"named so: {len(kept)}")
    elif card in (alice.get("discard") or []):
        out.problems.append(f"resolve_as_resource: {card} is in alice's discard pile as well")
    else:
        out.checked.append(f"resolve_as_resource: {card} a face-down resource of alice's, not in her discard pile")


def check(table: Table, after: list[dict[str, Any]], action: dict[str, Any], effect: list[Any], tactic: str | None,
          out: Any, used: dict[str, Any] | None = None) -> None:
    """The checks after the play resolved (``tactic``: the tactic played, None for another use; ``used``: the
    ability played)."""
    check_played(after, action, effect, out)
    kind = revealing([used or {}])
    if kind is not None and list(action.get("targets") or []) == [REVEALED[0]]:
        _played_revealed(table, after, {"name": IN_HAND[kind]}, out)
    picked = from_discard(used, action)
    if picked is not None:
        _played_revealed(table, after, {"name": picked, "zone": "discard", "count": 1}, out)  # (one of each there)
    if tactic is not None:
        check_as_resource(table, after, tactic, effect, out)


REVEALED = ("alice.r42", "alice.r43")
"""alice's face-down resources for a text that reveals one to play it: one of the kind it says, one of another."""


def revealing(abilities: list[Any]) -> str | None:
    """The kind of card a play reveals face down and plays ("Reveal a face-down item you control. ... play the
    item."), when it is one ``IN_HAND`` names; None otherwise."""
    for ab in abilities:
        cost = ab.get("cost") if isinstance(ab, dict) and isinstance(ab.get("cost"), list) else []
        shown = [op["reveal"] for op in cost if isinstance(op, dict) and isinstance(op.get("reveal"), dict)]
        steps = _plays(ab.get("play") or []) if isinstance(ab, dict) else []
        if len(shown) == 1 and len(steps) == 1 and shown[0].get("adjectives") == ["face-down"] \
                and shown[0].get("controller") == "you" and shown[0].get("cards") in IN_HAND \
                and steps[0]["play_card"] == {"cards": shown[0]["cards"], "quantity": "the"} and set(steps[0]) == {"play_card"}:
            return str(shown[0]["cards"])
    return None


def face_down_for(abilities: list[Any]) -> dict[str, dict[str, Any]]:
    """The face-down resources ``REVEALED`` for a text ``revealing`` reads: of its kind, then of another."""
    kind = revealing(abilities)
    if kind is None:
        return {}
    other = next(n for k, n in IN_HAND.items() if k != kind)
    return {REVEALED[0]: {"name": IN_HAND[kind], "face_up": False}, REVEALED[1]: {"name": other, "face_up": False}}


def _revealed(table: Table, action: dict[str, Any], abilities: list[Any], out: Any) -> None:
    """Before the play: revealing the face-down resource of another kind is refused (401.2)."""
    if revealing(abilities) is None or list(action.get("targets") or []) != [REVEALED[0]]:
        return
    answer = table.check({**action, "targets": [REVEALED[1]]})
    rules = {v["rule"]["id"] for v in answer.get("violations") or []}
    (out.problems if answer.get("legal") or "spoils.401.2" not in rules else out.checked).append(
        f"play_card: revealing {REVEALED[1]}, not a {revealing(abilities)}, refused: {not answer.get('legal')} ({sorted(rules)})")


def from_discard(used: dict[str, Any] | None, action: dict[str, Any]) -> str | None:
    """The card a play picks in alice's discard pile and then plays ("COST: Pick a non-resource card in your
    discard pile. EFFECT: You may play the card."): its name, as the action picked it; None otherwise."""
    cost = (used or {}).get("cost") if isinstance((used or {}).get("cost"), list) else []
    picks = [op["pick"] for op in cost if isinstance(op, dict) and isinstance(op.get("pick"), dict)]
    steps = _plays((used or {}).get("play") or [])
    targets = list(action.get("targets") or [])
    if len(picks) == 1 and picks[0].get("zone") == "discard" and picks[0].get("zone_owner") == "you" and len(steps) == 1 \
            and set(steps[0]) == {"play_card"} and isinstance(steps[0]["play_card"], dict) \
            and steps[0]["play_card"].get("quantity") == "the" and len(targets) == 1 and isinstance(targets[0], str):
        return targets[0]
    return None


def _played_revealed(table: Table, after: list[dict[str, Any]], before: dict[str, Any], out: Any) -> None:
    """After the play: the card played is the one revealed (or picked in the discard pile), by alice for its
    printed cost, in play under her control, no longer among her resources (in her discard pile)."""
    name = before.get("name")
    played = [e["data"] for e in after if e.get("type") == "CardPlayed"]
    entered = {e["data"].get("card_id"): e["data"] for e in after if e.get("type") == "CardEnteredPlay"}
    alice = table.state()["players"]["alice"]
    left = REVEALED[0] in (alice.get("resources") or {}) if before.get("zone") != "discard" else \
        (alice.get("discard") or []).count(name) >= int(before.get("count") or 0)
    how, where = ("picked", "in her discard pile") if before.get("zone") == "discard" else ("revealed", "a resource")
    d = played[0] if len(played) == 1 else {}
    card = d.get("card") or {}
    if card.get("name") != name or d.get("player") != "alice" or d.get("cost") != card.get("cost") or left \
            or (entered.get(d.get("card_id")) or {}).get("player") != "alice":
        out.problems.append(f"play_card: played {[(x.get('card') or {}).get('name') for x in played]} ({how}: {name}, "
                            f"still {where}: {left}), the text: the {how} card by alice for its cost")
    else:
        out.checked.append(f"play_card: the {how} {name} played by alice for {card.get('cost')}, in play, no longer "
                           f"{where}")
