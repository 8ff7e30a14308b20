"""The pool rehearsal, one ability at a time (``spoils_pool.py``): when the card's own rehearsal could
not see an ability act, that ability is rehearsed alone on a fresh standard table, the way it is
used: a RECUR from alice's discard pile, a HANDOFF of the card attached to a1, a FLIP UP from a
face-down resource of hers, a second activated ability, a trigger (also one under a threshold) brought
about.  Each must be seen to do what its text says; the card holds only when every ability did.

Beside these, what a card shows once it is played: ATTACH (it ends attached to the character its play
named), PROVIDES (alice's icons count what it provides, beside the same table without it)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.scenarios import spoils_pool_statics as statics
from tests.scenarios.spoils_pool_table import (
    BOARD,
    FLIPPED,
    TRIGGERS,
    ours,
    picked_for,
    setup_for,
)
from tests.scenarios.spoils_table import Table, new_game

KEYWORD_BLOCKS = ("recur", "handoff")
"""Keywords printed over a COST:/EFFECT: block of their own (the script's next document)."""
MORE_TRIGGERS = ("inflicts_damage_to_faction", "opponent_attacks")
"""Triggers a focused rehearsal brings about besides ``TRIGGERS`` (``spoils_pool_table.trigger_steps``)."""
HOST = "a1"
"""The character an attachment is attached to in play (its HANDOFF moves it from there)."""


def partner(abilities: list[dict[str, Any]], i: int) -> int | None:
    """The other half of a RECUR or HANDOFF: the keyword line and the COST:/EFFECT: block under it."""
    ab = abilities[i]
    if ab.get("keyword") in KEYWORD_BLOCKS and i + 1 < len(abilities) and "play" in abilities[i + 1]:
        return i + 1
    if "play" in ab and i > 0 and abilities[i - 1].get("keyword") in KEYWORD_BLOCKS:
        return i - 1
    return None


def block_of(abilities: list[dict[str, Any]], i: int) -> str | None:
    """``recur`` or ``handoff`` when ability ``i`` is such a keyword or the block printed under it."""
    other = partner(abilities, i)
    if other is None:
        return None
    return abilities[min(i, other)]["keyword"]


def trigger_of(ab: dict[str, Any]) -> dict[str, Any] | None:
    """The trigger an ability is ("When ..."), also under a threshold ("[O][O][O]: At the start of
    your turn, ..."; alice has seven of each icon)."""
    if "when" in ab:
        return ab
    then = ab.get("then") or []
    if "requires" in ab and len(then) == 1 and "when" in then[0] and len(ab["requires"]) <= 7:
        return then[0]
    return None


def use_of_ability(script: dict[str, Any], card_type: str, i: int) -> tuple[str | None, dict[str, Any] | None]:
    """How ability ``i`` alone is used, and the document whose effect is checked: ``recur`` and
    ``handoff`` (the block under the keyword), ``flip_up`` (the keyword), ``ability``, ``trigger``, or
    ``play`` / ``resource`` for a trigger on entering play; (None, None) when no rehearsal uses it."""
    abilities = script.get("abilities") or []
    ab = abilities[i]
    kind = block_of(abilities, i)
    if kind is not None:
        j = partner(abilities, i)
        return kind, ab if "play" in ab else abilities[j]
    if ab.get("keyword") == "flip_up":
        return "flip_up", ab
    if ab.get("keyword") == "attach":
        return "play", None
    if ab.get("static") == [{"can": "play_as_tactic"}]:
        return "tactic_timing", ab
    if statics.kind_of(ab):
        return "static", ab
    ops = ab.get("static") or [op for part in ab.get("then") or [] for op in part.get("static") or []]
    if [set(op) - {"numeral", "comes"} for op in ops] == [{"enters_with_tokens"}] or ops == [{"can": "attack_at_once"}] \
            or ops in ([{"can": "enters_depleted"}], [{"can": "enters_under_opponent"}]):
        return "play", None  # checked as it enters play
    if "ability" in ab and ab.get("effect"):
        return "ability", ab
    trig = trigger_of(ab)
    if trig is None:
        return None, None
    if trig["when"] in DAMAGE_TO and [set(op) - {"to"} for op in trig.get("effect") or []] == [{"adjust_amount"}]:
        return "battle_damage", trig
    if trig["when"] == "enters_play":  # (entering or leaving play: the leaving is not brought about)
        return ("resource" if card_type == "resource" else "play"), entering(trig)
    if trig["when"] in TRIGGERS or trig["when"] in MORE_TRIGGERS:
        return "trigger", trig
    return None, None


def tokens_wanted(used: dict[str, Any] | None) -> int:
    """Tokens on the card in play when the ability rehearsed alone counts them ("X is the number of
    tokens on this card"): four, else none."""
    text = str(used or {})
    return 4 if "{'stat': 'tokens', 'of': 'self'}" in text or "'tokens_on': 'self'" in text else 0


def tokens_for(used: dict[str, Any] | None, focused: bool) -> int:
    """Tokens on the card in play: what the ability rehearsed alone counts (``tokens_wanted``), and as
    many as its cost removes from it ("remove 4 tokens from this card": paid only while the card has
    them, 401.3b)."""
    cost = (used or {}).get("cost")  # a list of instructions (a keyword's cost is a number: FLIP UP 2)
    removed = [-op["tokens"] for op in (cost if isinstance(cost, list) else []) if isinstance(op, dict)
               and isinstance(op.get("tokens"), int) and op["tokens"] < 0 and op.get("card") in (None, "self")]
    return max([tokens_wanted(used) if focused else 0, *removed])


def depletes_self(used: dict[str, Any] | None) -> bool:  # "COST: Deplete this card.": it starts restored
    cost = (used or {}).get("cost")
    return isinstance(cost, list) and any(isinstance(op, dict) and op.get("deplete") == "self" for op in cost)


def extra_cost(script: dict[str, Any]) -> list[dict[str, Any]]:
    """"As an additional cost to play this card, remove 4 cards in your discard pile from the game"."""
    return [op for ab in script.get("abilities") or [] for op in ab.get("extra_cost") or []]


def restores_self(used: dict[str, Any] | None, taken: bool = False) -> bool:
    """"EFFECT: Restore this card": the ability rehearsed alone starts with the card depleted (``taken``: also
    under a "you may" taken and what follows "if you do")."""
    ops = (used or {}).get("effect") or []
    if taken:
        ops = [op for op in ops if isinstance(op, dict)]
        ops += [x for op in ops for key in ("may", "if_you_do") if isinstance(op.get(key), list) for x in op[key]]
    return any(op.get("restore") == "self" for op in ops if isinstance(op, dict))


def entering(trig: dict[str, Any]) -> dict[str, Any]:
    """A "when this card enters play" trigger as the effect of playing the card; what it picks is
    named by the play (``choices.targets``)."""
    doc: dict[str, Any] = {"play": trig.get("effect") or [], "cost": []}
    if "'pick'" in str(doc["play"]):
        doc["choices"] = {"targets": [picked_for(trig)]}
    if "'flip_coin'" in str(doc["play"]):  # the coin flip, as recorded at the table: won
        doc["choices"] = {**doc.get("choices", {}), "coin": "win"}
    return doc


def trigger_choices(doc: dict[str, Any] | None) -> dict[str, Any]:
    """The choices the play carries for its "when this card enters play" trigger (its pick)."""
    return {"choices": dict(doc["choices"])} if doc and doc.get("choices") else {}


def choose_ours(table: Table, choice: dict[str, Any], used: dict[str, Any] | None) -> dict[str, Any]:
    """Triggers of the card that fired at once (503.4): alice lets the one rehearsed resolve first."""
    effect = (used or {}).get("effect") or (used or {}).get("play") or []
    return {"type": "choose", "player": "alice", "choice": ours(table.events(), choice, {"effect": effect})}


def twins(script: dict[str, Any], used: dict[str, Any] | None) -> int:
    """How many of the card's triggers alice's icons let fire at once with the same moment and
    effect as the one rehearsed ("At the start of your turn, you may put a token on this card" and
    "[E][E][E]: At the start of your turn, you may put a token on this card"): each must be seen."""
    effect = (used or {}).get("effect") or (used or {}).get("play")
    same = [trig for trig in map(trigger_of, script.get("abilities") or []) if trig and trig.get("effect") == effect]
    return max(1, len(same)) if effect else 1


def main_play(script: dict[str, Any]) -> dict[str, Any] | None:
    """The card's own play (a tactic's COST:/EFFECT:), not the block under RECUR or HANDOFF."""
    abilities = script.get("abilities") or []
    return next((ab for i, ab in enumerate(abilities) if "play" in ab and partner(abilities, i) is None), None)


def focus_action(card: str, use: str, ability: dict[str, Any], script: dict[str, Any],
                 probe: Table) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The action that uses ability ``ability`` alone, its COST: and its effect's operations."""
    if use == "recur":
        keyword = next(ab for ab in script["abilities"] if ab.get("keyword") == "recur")
        name = "RECUR: " + "".join(f"[{icon}]" for icon in keyword.get("threshold") or "")
        action = {"type": "use_ability", "player": "alice", "card": card, "ability": name}
        return action, list(ability.get("cost") or []), list(ability.get("play") or [])
    if use == "handoff":
        named = [a["name"] for a in probe.card("x1")["abilities"] if a["name"].upper().startswith("HANDOFF")]
        action = {"type": "use_ability", "player": "alice", "card": "x1", "ability": (named or ["HANDOFF"])[0]}
        return action, list(ability.get("cost") or []), list(ability.get("play") or [])
    play = main_play(script) or {}
    action: dict[str, Any] = {"type": "play_card", "player": "alice", "card": card, "choices": {"flip_up": FLIPPED}}
    if attaches(script):
        action["attach_to"] = host_for(script)
    return action, list(play.get("cost") or []), list(play.get("play") or [])


def at_play(use: str, ability: dict[str, Any] | None) -> list[dict[str, Any]]:
    """What happens as the card is played, before it resolves: "FLIP UP: 1 [D] and your faction loses
    5 influence"."""
    return list((ability or {}).get("then") or []) if use == "flip_up" else []


def attaches(script: dict[str, Any]) -> bool:
    return any(ab.get("keyword") == "attach" for ab in script.get("abilities") or [])


def host_for(script: dict[str, Any]) -> str:
    """The character an attachment names as it is played (507.2a): a1, or a2 (life 5, one damage)
    when the card takes life away from the attached character (a1 has 1 life)."""
    for ab in script.get("abilities") or []:
        for op in ab.get("static") or []:
            if statics.kind_of({"static": [op]}) == "host" and int((op.get("modify") or {}).get("life") or 0) < 0:
                return "a2"
    return HOST


MOVED_TO = {"hand": ("hand",), "deck_top": ("deck_top",), "the_top_of_deck": ("deck_top",),
            "deck_bottom": ("deck_bottom",)}
"""Where a "put" step's ``to`` sends a card, as ``CardsMoved.to`` says."""


MOVES = ("CardsMoved", "ResourcePlayed", "ResourcesAttached")


def moved_after(table: Table, marker: str) -> list[dict[str, Any]]:
    """The ``MOVES`` events of the game after its first ``marker`` (the effect's, not its costs'), each
    its data with its ``type``."""
    log = table.client.get(f"/games/{table.gid}/events?limit=1000").get_json()["events"]
    start = next((i for i, e in enumerate(log) if e["type"] == marker), len(log))
    return [{**e["data"], "type": e["type"]} for e in log[start + 1:] if e["type"] in MOVES]


def moved_answers(head: str, op: dict[str, Any], moved: dict[str, Any]) -> bool:
    """Whether a ``CardsMoved`` answers the step: a search whose card left the deck for the hand, its
    top or play; "put it into your hand / on top of your deck" (the destination the step names);
    "shuffle ... into your deck" from a discard pile or hand into the deck; "remove ... from the game"
    out of a zone.  A resource card an effect puts into play is a resource in play (``ResourcePlayed``
    from where it was moved); "attach it to your faction", a resource attached (``ResourcesAttached``)."""
    to, source = moved.get("to"), moved.get("from_zone")
    if moved["type"] != "CardsMoved":
        return head == "put_into_play" and moved["type"] == "ResourcePlayed" and source == "moved" \
            or head == "attach" and op.get("to") == "your_faction" and moved["type"] == "ResourcesAttached"
    if head == "search":
        return source == "deck" and to in ("hand", "deck_top", "play")
    if head == "put":
        return to in MOVED_TO.get(str(op.get("to")), ())
    if head == "shuffle_into_deck":
        return source in ("discard", "hand") and to in ("deck_top", "deck_bottom")
    return head == "remove_from_game" and to == "removed"


def paid(table: Table) -> int:
    """What the last action paid: the resources it attached (309.1); nothing when no action was taken."""
    if "events" not in (getattr(table, "last", None) or {}):
        return 0
    return sum(int(e["data"].get("amount") or len(e["data"].get("resources") or []))
               for e in table.events() if e["type"] == "ResourcesAttached")


def seen(table: Table, out: Any, i: int, ab: dict[str, Any], mine: list[dict[str, Any]], script: dict[str, Any]) -> bool:
    """Whether ability ``i`` is one this module checks on the table the rehearsal played on (each
    result appended to ``out.checked`` or ``out.problems``)."""
    keyword = ab.get("keyword")
    if keyword == "attach" and out.use in ("play", "flip_up") and mine:
        host, named = mine[0].get("attached_to"), (out.action or {}).get("attach_to")
        (out.checked if host == named else out.problems).append(f"attached to {host} (its play named {named})")
        return True
    if keyword == "provides" and out.use != "resource" and mine:
        return _provides(table, out, ab)
    if keyword == "flip_up" and out.use == "flip_up" and out.focus == i:
        return _flipped(table, out, ab, script)
    if ab.get("extra_cost") and out.use == "play" and out.focus is None:
        return _extra_cost_paid(table, out, ab["extra_cost"])
    abilities = script.get("abilities") or []
    if keyword in KEYWORD_BLOCKS and out.use == keyword and out.focus in (i, partner(abilities, i)):
        return _block_acted(table, out, keyword)
    return False


AS_COST = ("picked_character_as_cost", "picked_characters_as_cost", "picked_item_as_cost")  # "if you picked a ..."


def taken_ifs(effect: list[dict[str, Any]], action: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The steps under "if you picked a character as an additional cost to play this card" when the play
    named one (its ``targets``): they happen, to the card picked."""
    named = bool((action or {}).get("targets"))
    return [x for op in effect if isinstance(op, dict) and isinstance(op.get("if"), dict) and named
            and op["if"].get("during") in AS_COST for x in op.get("then") or []]


def _extra_cost_paid(table: Table, out: Any, ops: list[dict[str, Any]]) -> bool:
    """"As an additional cost, remove N cards in your discard pile from the game": the N cards the
    play named left alice's discard pile for the game.  "As an additional cost, you may pick a
    character": the play named one, and what the card does to it as it enters play (``taken_ifs``)
    is checked with its effect."""
    op = ops[0] if len(ops) == 1 else {}
    if isinstance(op.get("pick"), dict) and op.get("optional"):
        named = (out.action or {}).get("targets") or []
        seen_acting = any(c.split(":")[0] in ("CardsDepleted", "CardDestroyed", "CardLeftPlay", "TokensChanged",
                                                 "EffectStarted", "CardModified") or c.endswith(" answered")
                          for c in out.checked)
        (out.checked if named and seen_acting else out.problems).append(
            f"its additional cost picked {named}, and its text acted on it: {seen_acting}")
        return True
    spec = op.get("remove_from_game") if isinstance(op.get("remove_from_game"), dict) else {}
    if spec.get("zone") != "discard" or not isinstance(spec.get("quantity"), int):
        return False
    alice = table.state()["players"]["alice"]
    named = [c for t in (out.action or {}).get("targets") or [] for c in (t if isinstance(t, list) else [t])]
    ok = sorted(alice.get("removed") or []) == sorted(named) and len(named) == spec["quantity"]
    (out.checked if ok else out.problems).append(f"its additional cost removed {alice.get('removed')} from the "
                                                 f"game (named {named}, the text: {spec['quantity']})")
    return True


def _provides(table: Table, out: Any, ab: dict[str, Any]) -> bool:
    """PROVIDES: alice's icons with the card in play, beside the same table without it (and with the
    resources she played in the rehearsal, e.g. to fire "if a card that provides ... enters play")."""
    absent = new_game(table.client, setup_for(out.card, "absent")).state()["players"]["alice"]
    base = absent.get("icons") or {}
    alice = table.state()["players"]["alice"]
    now = alice.get("icons") or {}
    want = dict(base)
    played = "".join((r.get("icons") or "") if r.get("face_up") else "V"
                     for rid, r in alice["resources"].items() if rid not in absent["resources"])
    for icon in str(ab.get("threshold") or "") + played:
        want[icon] = want.get(icon, 0) + 1
    (out.checked if now == want else out.problems).append(f"alice's icons {now} (without it {base}, it provides "
                                                          f"{ab.get('threshold')})")
    return True


def _flipped(table: Table, out: Any, ab: dict[str, Any], script: dict[str, Any]) -> bool:
    """FLIP UP: the card was played from the face-down resource (flipped up, gone from the
    resources) for its FLIP UP cost, and resolved (a permanent entered play, a tactic went to the
    discard pile)."""
    events = out.events
    state = table.state()
    problems = []
    if "CardFlippedUp" not in events or FLIPPED in state["players"]["alice"]["resources"]:
        problems.append(f"{FLIPPED} was not flipped up: {events}")
    cost = int(ab.get("cost") or 0)
    if out.paid != cost:
        problems.append(f"paid {out.paid} for the FLIP UP, its cost is {cost}")
    resolved = "CardEnteredPlay" in events or out.card in state["players"]["alice"]["discard"]
    if not resolved:
        problems.append(f"the flipped card did not resolve: {events}")
    out.problems.extend(problems)
    if not problems:
        out.checked.append(f"played from a face-down resource using FLIP UP for {cost}")
    return True


def _block_acted(table: Table, out: Any, kind: str) -> bool:
    """RECUR: the card left the discard pile for the game (its cost); HANDOFF: the card moved to the
    character the cost depleted."""
    state = table.state()
    if kind == "recur":
        alice = state["players"]["alice"]
        ok = out.card in alice.get("removed", []) and out.card not in alice["discard"]
        (out.checked if ok else out.problems).append(f"used from the discard pile, removed from the game: {ok}")
        return True
    target = (out.action or {}).get("targets", [None])[0]
    host = state["cards"].get("x1", {}).get("attached_to")
    fresh = not BOARD.get(target, {}).get("depleted") and "CardsDepleted" in out.events  # its cost depleted it
    ok = host == target and host != HOST and fresh and state["cards"][host]["depleted"]
    (out.checked if ok else out.problems).append(f"handed off from {HOST} to {host} (its cost depleted {target}: {fresh})")
    return True


DAMAGE_TO = {"inflicts_battle_damage_to_character": "b1", "your_attacker_battle_damage_to_character": "b1",
             "battle_damage_to_opponent_character": "b1", "battle_damage_to_your_character": "attacker",
             "battle_damage_while_attacking": "attacker", "opponent_faction_loses_influence": "faction:bob"}
"""Battle damage a trigger adjusts ("If this card would inflict battle damage to a character, it
inflicts that much +2 instead"), and the character that takes it when the card (or a1, beside a
card that is not a character) attacks and b1 blocks (b2, undepleted, speed 4, when the attacker is to
take damage: it strikes first; nobody, when bob's faction is to lose the influence)."""


def complete(result: Any, script: dict[str, Any], focused: Callable[[int], Any]) -> Any:
    """Each ability the card's rehearsal left unchecked, rehearsed alone (``focused(i)``): seen to
    act, it is checked (with the other half of a RECUR or HANDOFF); its problems are the card's."""
    abilities = script.get("abilities") or []
    done: set[int] = set()
    for i, text in list(zip(result.open, result.unchecked)):
        if i in done:
            continue
        sub = focused(i)
        if sub is None:
            continue
        covered = {i, partner(abilities, i)}
        if sub.holds:
            result.checked.extend(f"ability {i + 1}: {c}" for c in sub.checked)
            done |= covered
        elif sub.problems:
            result.problems.extend(f"ability {i + 1} alone: {p}" for p in sub.problems)
            done |= covered
        else:
            result.notes.extend(f"ability {i + 1} alone: {u}" for u in sub.unchecked)
    kept = [(i, u) for i, u in zip(result.open, result.unchecked) if i not in done]
    result.open, result.unchecked = [i for i, _ in kept], [u for _, u in kept]
    return result


__all__ = ["attaches", "block_of", "complete", "focus_action", "main_play", "paid", "partner", "seen",
           "trigger_of", "use_of_ability"]
