"""The pool rehearsal: every Spoils card whose script the engine enforces is played by name through
the HTTP API on one standard table, and what its script says is checked against what the game did.

For a card, ``rehearse`` builds the position its use needs (the card in alice's hand, or in play for
an activated or a continuous ability; enough resources of each icon for any cost and threshold; two
characters, an item and a location on each side), finds targets the engine accepts for each pick of
its COST: (``POST /check`` over the cards on the table), plays or uses it, lets bob pass so it
resolves, and returns what an independent reading of the script expects beside what the log shows:

- each unconditional operation of the effect is answered by the events that operation produces
  (``EXPECTED``: a "draw" by ``CardsDrawn``, a "destroy" by ``CardDestroyed``, ...);
- the trace names the card; the audit of the game is valid;
- a card without rules text (or one whose only text is a keyword the builder reads) enters play;
- each other ability of the card is then rehearsed alone on a fresh table, the way it is used
  (``spoils_pool_abilities``: RECUR, HANDOFF, FLIP UP, a second activated ability, a trigger brought
  about; ``spoils_pool_statics``: continuous abilities seen beside a table that lacks what they speak
  of): the card holds only when every ability was seen to do what it says.

``python -m tests.scenarios.spoils_pool --write`` rehearses the whole pool and writes the names of the
cards whose rehearsal holds to ``rulings/data/spoils_pool.yaml``; ``tests/scenarios/spoils/test_pool.py`` rehearses
every name listed there and fails if one no longer holds.  The coverage report counts a listed card
as exercised (``rulings.engine_coverage``), beside the hand-written scenarios.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from tests.scenarios import spoils_pool_abilities as more
from tests.scenarios.spoils_pool_table import (
    ATTACKED,
    BATTLES,
    BOARD,
    TESTED,
    TRIGGERS,
    battle_table,
    choices_for,
    divided_for,
    legal_versions,
    setup_for,
    shaped_versions,
    trigger_steps,
)
from tests.scenarios.spoils_table import Table, new_game

POOL = Path(__file__).resolve().parents[2] / "rulings" / "data" / "spoils_pool.yaml"
EXPECTED: dict[str, tuple[str, ...]] = {
    "attach": ("AttachmentMoved",),
    "draw": ("CardsDrawn",),
    "discard": ("CardsDiscarded", "ChoiceRequired"),
    "damage": ("DamageDealt", "CardDestroyed", "InfluenceLost"),
    "destroy": ("CardDestroyed",),
    "lose_influence": ("InfluenceLost",),
    "gain_influence": ("InfluenceGained",),
    "return_to_hand": ("CardLeftPlay",),
    "remove_from_game": ("CardLeftPlay",),
    "shuffle_into_deck": ("CardLeftPlay",),
    "put_in_discard": ("CardPutInDiscard", "CardLeftPlay", "CardDestroyed"),
    "deplete": ("CardsDepleted",),
    "restore": ("CardsRestoredByEffect",),
    "modify": ("EffectStarted", "CardModified"),
    "gain": ("EffectStarted", "CardModified"),
    "lose": ("EffectStarted", "CardModified"),
    "gain_control": ("ControlChanged",),
    "tokens": ("TokensChanged",),
    "create_token": ("CardEnteredPlay",),
    "play_resource": ("ResourcePlayed",),
    "heal": ("DamageRemoved",),
    "search": ("CardsSearched",),
    "reduce_next_cost": ("EffectStarted",),
    "adjust_amount": ("EffectStarted",),
    "detach": ("ResourcesDetached",),
    "reveal": ("CardsRevealed",),
    "look_at": ("CardsRevealed",),
    "put": ("CardsMoved", "CardsSearched", "CardEnteredPlay"),
    "put_back": ("CardsMoved",),
    "put_into_play": ("CardEnteredPlay",),
    "put_into_play_as_resource": ("ResourcePlayed",),
    "terminate": ("PlayTerminated",),
    "remove_from_battle": ("RemovedFromBattle",),
    "cannot": ("EffectStarted",),
    "flip": ("CardLeftPlay",),
}
"""The events that answer an operation the effect runs unconditionally."""
NESTED = ("may", "if_you_do", "and")
"""Steps whose operations run in the rehearsal too: a "you may" is taken (the action's default), and
what follows "if you do" then happens (each of "destroy that item and your faction loses 2 influence")."""


@dataclass
class Rehearsal:
    card: str
    use: str
    action: dict[str, Any] | None = None
    battle: str = "none"
    events: list[str] = field(default_factory=list)
    expected: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    focus: int | None = None
    """The one ability rehearsed (its index), or None: the card's own rehearsal."""
    open: list[int] = field(default_factory=list)
    """The index of the ability each ``unchecked`` line speaks of."""
    notes: list[str] = field(default_factory=list)
    paid: int = 0

    @property
    def holds(self) -> bool:
        """Nothing went wrong, and each ability of the card's text (or, without text, its printed
        statistics) was seen to act."""
        return not self.problems and not self.unchecked and bool(self.checked)


def _script(pool_card: dict[str, Any]) -> dict[str, Any]:
    return pool_card.get("script") or {}


def _heads(ops: list[dict[str, Any]], won: bool = False) -> list[str]:
    """The operation of each step (its head among the keys of the dumped model); ``won``: the coin
    flip is won (the action said so), what follows "if you win" happens too."""
    return [head for head, _ in _steps(ops, won)]


def _steps(ops: list[dict[str, Any]], won: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """Each step's head (as ``_heads``) with the step itself."""
    from adjudicator.effects import OPERATIONS

    known = {cls.HEAD for cls in OPERATIONS}
    steps = []
    for op in ops:
        if not isinstance(op, dict) or not op:
            continue
        head = next((k for k in op if k in known), "?")
        steps.append((f"{head}_as_resource" if head == "put_into_play" and op.get("as_resource") else head, op))
        if (head in NESTED or won and head == "if_you_win") and isinstance(op[head], list):  # "you may ..." (taken)
            steps.extend(_steps(op[head], won))
    return steps


def _picks(cost: list[dict[str, Any]]) -> int:
    """How many targets the COST: names: each "pick", and each cost that takes a card of the
    player's choice ("Destroy a character you control")."""
    def chooses(value: Any) -> bool:
        return isinstance(value, dict) and "cards" in value and value.get("quantity") in ("a", "an", "another", "one")

    return sum(1 for op in cost if isinstance(op, dict) and ("pick" in op or any(chooses(v) for v in op.values())))


def _use_of(script: dict[str, Any], card_type: str) -> tuple[str, dict[str, Any] | None]:
    """How the card is exercised: ``play`` (a tactic's play, or a permanent that enters play, with
    its "when this card enters play" triggers), or ``ability`` (an activated ability of the card in
    play); and the ability document whose effect is checked (None: only its entering play).  The
    block printed under RECUR or HANDOFF is an ability of its own (``spoils_pool_abilities``)."""
    abilities = script.get("abilities") or []
    entering = next((ab for ab in abilities if ab.get("when") == "enters_play"), None)
    if card_type == "resource" and not any("play" in ab for ab in abilities):
        return "resource", entering and {"play": entering.get("effect") or [], "cost": []}
    for i, ab in enumerate(abilities):
        if "play" in ab and more.partner(abilities, i) is None:
            return "play", ab
    for ab in abilities:
        if "ability" in ab and ab.get("effect"):
            return "ability", ab
    for ab in abilities:
        if ab.get("when") in ("enters_play", "enters_or_leaves_play"):  # brought about by playing it
            return "play", more.entering(ab)
    for ab in abilities:
        if ab.get("when") in TRIGGERS:
            return "trigger", ab
    return "play", None



def _self_modifiers(script: dict[str, Any]) -> dict[str, int] | None:
    """What the card's continuous abilities add to its own statistics ("This card gains 1 strength",
    also under a threshold alice meets); None when it has another kind of continuous ability."""
    total: dict[str, int] = {}
    for ab in script.get("abilities") or []:
        for part in ([ab] if "static" in ab else ab.get("then") or [] if "requires" in ab else []):
            for op in part.get("static") or []:
                if op.get("card") != "self" or set(op) - {"card", "modify"}:
                    return None
                for stat, n in op["modify"].items():
                    if stat in ("strength", "life", "speed"):
                        total[stat] = total.get(stat, 0) + int(n)
    return total


SHOWN_KEYWORDS = ("covert", "tactical")
"""Keywords a card in play shows among its effective keywords."""


def _account(table: Table, out: Rehearsal, script: dict[str, Any], used: dict[str, Any] | None,
             printed: dict[str, Any], answered: bool) -> None:
    """Which abilities of the card the rehearsal saw act (``checked``) and which it could not
    (``unchecked``): the one used (its operations answered by events), continuous abilities that add
    to the card's own statistics, the keywords its state shows, a resource played."""
    mine = [c for _, c in _tested(table, out.card)]
    abilities = script.get("abilities") or []
    for i, ab in enumerate(abilities):
        if out.focus is not None and i not in (out.focus, more.partner(abilities, out.focus)):
            continue  # rehearsed alone: the other abilities are not this rehearsal's
        if more.seen(table, out, i, ab, mine, script):
            continue
        if used is not None and (ab is used or ab.get("effect") == used.get("play") and ab.get("when") == "enters_play"
                                 or out.focus is not None and out.use not in ("flip_up",)):
            if not answered:
                _unchecked(out, i, "none of its operations is one the rehearsal checks")
            continue
        keyword = ab.get("keyword")
        if keyword == "provides" and out.use == "resource":
            continue
        if keyword in SHOWN_KEYWORDS and mine:
            if keyword in mine[0]["effective"]["keywords"]:
                out.checked.append(f"{keyword} shown in play")
            else:
                out.problems.append(f"{keyword} is not among its keywords in play")
            continue
        if keyword == "unique" and mine and mine[0].get("unique"):
            out.checked.append("unique in play")
            continue
        adds = _self_modifiers({"abilities": [ab]}) if ("static" in ab or "requires" in ab) else None
        if adds:
            continue  # checked by _check_self
        if _others_modified(table, out, ab, script) or _shown_in_play(table, out, ab, mine):
            continue
        _unchecked(out, i, str(ab)[:80])


def _unchecked(out: Rehearsal, i: int, why: str) -> None:
    out.open.append(i)
    out.unchecked.append(f"ability {i + 1}: {why}")


def _tested(table: Table, card: str) -> list[tuple[str, dict[str, Any]]]:
    """The card under rehearsal in play (``x1``, or the copy that entered play: not the board's)."""
    return [(cid, c) for cid, c in table.state()["cards"].items() if c["name"] == card and cid not in BOARD]


def _shown_in_play(table: Table, out: Rehearsal, ab: dict[str, Any], mine: list[dict[str, Any]]) -> bool:
    """"This card can attack the turn it enters play" (an attack with it is legal at once) and "This
    card enters play with N tokens on it" (the tokens are there), for the card just played (also under
    a threshold alice meets)."""
    ops = _statics(ab)
    if len(ops) != 1 or out.use != "play" or not mine:
        return False
    cid = _tested(table, out.card)[0][0]
    if ops[0] == {"can": "attack_at_once"}:
        legal = table.check({"type": "attack", "player": "alice", "attackers": [cid]}).get("legal")
        (out.checked if legal else out.problems).append(f"attacking at once {'is' if legal else 'is not'} legal")
        return True
    if set(ops[0]) - {"numeral", "comes"} == {"enters_with_tokens"} and isinstance(ops[0]["enters_with_tokens"], int):
        want, got = ops[0]["enters_with_tokens"], mine[0]["tokens"]
        (out.checked if got == want else out.problems).append(f"entered play with {got} tokens (text: {want})")
        return True
    return False


def _statics(ab: dict[str, Any]) -> list[dict[str, Any]]:
    """The continuous operations of an ability (under a threshold alice meets: she has every icon)."""
    if "static" in ab:
        return list(ab["static"])
    return [op for part in ab.get("then") or [] for op in part.get("static") or []] if "requires" in ab else []


def _others_modified(table: Table, out: Rehearsal, ab: dict[str, Any], script: dict[str, Any]) -> bool:
    """"All your characters gain 1 life", "The attached character gains 2 strength": each character
    of the board the text names shows the change (with every other ability of the card naming the
    same characters) beside the same table without the card (a new game); False for another kind."""
    ops = _statics(ab)
    if len(ops) != 1 or set(ops[0]) != {"modify", "card"} or not isinstance(ops[0]["card"], dict):
        return False
    who = ops[0]["card"]
    host = who.get("adjectives") == ["attached"] and who.get("quantity") == "the"
    if host and not (out.action or {}).get("attach_to"):
        return False  # not attached on this table: rehearsed alone (spoils_pool_statics)
    if not host and (who.get("cards") != "character" or who.get("quantity") not in ("all", "each") or set(who) - {
            "cards", "quantity", "whose", "plural", "controller"}):
        return False
    total: dict[str, int] = {}
    for other in script.get("abilities") or []:
        for op in _statics(other):
            if op.get("card") == who and isinstance(op.get("modify"), dict):
                for stat, n in op["modify"].items():
                    if stat in ("strength", "life", "speed"):
                        total[stat] = total.get(stat, 0) + int(n)
    mine = {"your": "alice", "you": "alice", "opponent": "bob", "your_opponent": "bob"}.get(
        who.get("whose") or who.get("controller") or "", None)
    now = table.state()["cards"]
    base = new_game(table.client, setup_for(out.card, "absent")).state()["cards"]
    for cid, card in BOARD.items():
        if cid not in now or now[cid]["type"] != "character":
            continue
        touched = cid == (out.action or {}).get("attach_to") if host else mine is None or card["controller"] == mine
        for stat, n in total.items():
            want = base[cid]["effective"][stat] + (n if touched else 0)
            if now[cid]["effective"][stat] != want:
                out.problems.append(f"{cid}'s {stat} is {now[cid]['effective'][stat]}, the text gives {want}")
                return True
    out.checked.append(f"the characters it names show {total}")
    return True


def _check_self(table: Table, out: Rehearsal, script: dict[str, Any], printed: dict[str, Any]) -> None:
    """A permanent in play shows its printed statistics plus what its own text adds (a card without
    rules text: exactly the printed ones)."""
    if out.use == "resource" or printed.get("type") in ("Tactic", "Resource"):
        return
    mine = [c for _, c in _tested(table, out.card)]
    adds = _self_modifiers({"abilities": [ab for ab in script.get("abilities") or []
                                          if "static" in ab or "requires" in ab]})
    if not mine or adds is None or (not adds and script.get("abilities")):
        return
    fields = printed.get("fields") or {}
    for stat in ("strength", "life", "speed"):
        if str(fields.get(stat) or "").isdigit():
            want = int(fields[stat]) + adds.get(stat, 0)
            got = mine[0]["effective"].get(stat)
            if got != want:
                out.problems.append(f"{stat} in play {got}, its printed value and its text give {want}")
                return
    out.checked.append(f"in play with its printed statistics{' and ' + str(adds) if adds else ''}")


def _run(client: Any, card: str, use: str, battle: str, action: dict[str, Any], used: dict[str, Any] | None,
         effect: list[dict[str, Any]], card_type: str, script: dict[str, Any], printed: dict[str, Any],
         focus: int | None = None) -> Rehearsal:
    out = Rehearsal(card, use, action, battle=battle, focus=focus)
    tokens = more.tokens_for(used, focus is not None)
    depleted = focus is not None and more.restores_self(used)
    if use != "trigger":
        table = battle_table(client, card, use, battle, tokens, depleted)
    else:
        life = (printed.get("fields") or {}).get("life")
        table = new_game(client, setup_for(card, use, "attacked" if used["when"] in ATTACKED else "none", used["when"],
                                        int(life) if str(life or "").isdigit() else None, tokens))
    events = table.act(action) if use != "trigger" else trigger_steps(table, str(used["when"]), used)
    out.paid = more.paid(table)
    said = f"{table.trace_text()} {table.events()}"
    for _ in range(3):  # the others pass: the play resolves (607.2)
        state = table.state()
        if focus is not None and (state.get("choice") or {}).get("player") == "alice":  # 503.4: hers first
            events += table.act(more.choose_ours(table, state["choice"], used))
            said += f" {table.trace_text()} {table.events()}"
            break
        if not state.get("pending") or not state.get("to_act"):
            break
        events += table.act({"type": "pass", "player": state["to_act"]})
        said += f" {table.trace_text()} {table.events()}"
    out.events = events
    marker = {"trigger": "TriggersPending", "resource": "ResourcePlayed"}.get(use, "PlayResolved")
    after = events[events.index(marker) + 1:] if marker in events else []  # the effect's own events, not its costs'
    if use in ("play", "flip_up") and card_type != "tactic" and "CardEnteredPlay" in after:
        after.remove("CardEnteredPlay")  # the card itself entering play (604.1h) answers no "put" of its text
    at_play = [(head, op, events) for head, op in _steps(more.at_play(use, used))]  # "FLIP UP: 3 [R][R] and play a resource."
    twins = more.twins(script, used) if focus is not None else 1  # the same trigger twice: both must act
    won = (action.get("choices") or {}).get("coin") == "win" or use == "trigger" and "'flip_coin'" in str(used)
    moved = more.moved_after(table, marker)  # the CardsMoved of the effect, with what they say
    for head, op, window in [(head, op, after) for head, op in _steps(effect, won)] + at_play:
        if head in EXPECTED:
            out.expected.append((head, EXPECTED[head]))
            fits = sum(1 for e in moved if more.moved_answers(head, op, e)) if window is after else 0
            if sum(window.count(e) for e in EXPECTED[head]) + fits < twins:
                out.problems.append(f"{head}: fewer than {twins} of {EXPECTED[head]} in {events}")
            else:
                out.checked.append(f"{head} answered")
    _check_self(table, out, script, printed)
    _account(table, out, script, used, printed, answered=bool(out.expected))
    if use in ("play", "flip_up") and card_type != "tactic" and "CardEnteredPlay" not in events:
        out.problems.append(f"the card did not enter play: {events}")
    if use == "resource":
        if "ResourcePlayed" not in events:
            out.problems.append(f"the resource was not played: {events}")
        else:
            out.checked.append("played as a resource")
    if card not in said and (use not in ("ability", "trigger", "handoff") or f"'{TESTED}'" not in said):
        out.problems.append("neither the trace nor the events name the card")
    if not table.audit_valid():
        out.problems.append("the audit is not valid")
    return out


def rehearse(client: Any, card: str, known: dict[str, Any] | None = None, focus: int | None = None) -> Rehearsal | None:
    """The card played (or its ability used) with the first targets and choices that make its
    script's effect happen; the problems of the first legal attempt when none does.  With ``known``
    (the battle and the action a previous rehearsal found, as listed), that action is played again.
    Each ability this leaves unchecked is then rehearsed alone (``focus``: its index; None when no
    rehearsal uses that ability alone)."""
    pool_card = client.get(f"/cards/spoils/{card}").get_json()
    script = pool_card.get("script") or {}
    printed = pool_card.get("printing") or {}
    card_type = str(printed.get("type") or "").lower()
    options = next((ab["options"] for ab in script.get("abilities") or [] if ab.get("choose") == "one_as_rules_text"), None)
    if options and focus is None:
        return _each_option(client, card, options, card_type, printed)
    use, ability = _use_of(script, card_type) if focus is None else more.use_of_ability(script, card_type, focus)
    if use is None:
        return None
    if use in ("tactic_timing", "static", "battle_damage"):
        checked, problems, tables = more.played_alone(client, card, use, ability, script)
        problems += ["the audit is not valid" for table in tables if not table.audit_valid()][:1]
        return Rehearsal(card, use, checked=checked, problems=problems, focus=focus)
    if known is not None and use != "trigger":
        effect = (ability or {}).get("effect" if use == "ability" else "play") or []
        action = known["action"]  # (with what its enters-play trigger picks, when the list has not said)
        action = {**action, "choices": {**(ability or {}).get("choices", {}), **action.get("choices", {})}} \
            if (ability or {}).get("choices") else action
        result = _run(client, card, use, known["battle"], action, ability, effect, card_type, script, printed)
    elif use == "trigger":
        result = _run(client, card, use, "none", {"trigger": ability["when"]}, ability, ability.get("effect") or [],
                      card_type, script, printed, focus)
    else:
        result = _search(client, card, use, ability, card_type, script, printed, focus)
    if focus is None and not result.problems and result.unchecked:
        result = more.complete(result, script, lambda i: rehearse(client, card, focus=i))
    return result


def _each_option(client: Any, card: str, options: list[list[dict[str, Any]]], card_type: str,
                 printed: dict[str, Any]) -> Rehearsal:
    """"Choose one of the following as this card's rules text": each option played in turn (the play's
    ``choices.option``) and rehearsed as the card's text; the card holds only when every option does."""
    out = Rehearsal(card, "play")
    for k, option in enumerate(options, start=1):
        doc = {**option[0], "choices": {"option": k}}
        got = _search(client, card, "play", doc, card_type, {"abilities": [doc]}, printed, None)
        out.checked += [f"option {k}: {c}" for c in got.checked]
        out.problems += [f"option {k}: {p}" for p in got.problems]
        out.unchecked += [f"option {k}: {u}" for u in got.unchecked]
        out.action = out.action or got.action
    return out


def _search(client: Any, card: str, use: str, ability: dict[str, Any] | None, card_type: str,
            script: dict[str, Any], printed: dict[str, Any], focus: int | None) -> Rehearsal:
    """The first version of the action (targets, choices, battle) whose rehearsal holds, or whose
    only want is abilities to rehearse alone; else the first legal one."""
    tokens = more.tokens_for(ability, focus is not None)
    depleted = focus is not None and more.restores_self(ability)
    probe = new_game(client, setup_for(card, use, tokens=tokens, depleted=depleted))
    if use == "ability":
        named = [a["name"] for a in probe.card(TESTED)["abilities"] if a["name"].split()[0] == ability["ability"].split()[0]]
        action = {"type": "use_ability", "player": "alice", "card": TESTED, "ability": (named or [ability["ability"]])[0]}
        cost, effect = ability.get("cost") or [], ability.get("effect") or []
    elif use == "resource":
        action = {"type": "play_resource", "player": "alice", "card": card, "face_up": True}
        cost, effect = [], (ability or {}).get("play") or []
    elif use in ("recur", "handoff", "flip_up"):
        action, cost, effect = more.focus_action(card, use, ability, script, probe)
    else:
        action = {"type": "play_card", "player": "alice", "card": card, **more.trigger_choices(ability)}
        if more.attaches(script):
            action["attach_to"] = more.host_for(script)  # 507.2a: an attachment names its host as it is played
        cost, effect = (ability or {}).get("cost") or more.extra_cost(script), (ability or {}).get("play") or []
    first: Rehearsal | None = None
    for battle in BATTLES if use != "resource" else ("none",):
        probe = probe if battle == "none" else battle_table(client, card, use, battle, tokens, depleted)
        for choices in choices_for(ability or {}):
            tried = {**action, "choices": {**action.get("choices", {}), **choices}} if choices else action
            picks = _picks(cost)
            versions = legal_versions(probe, tried, picks) or [x for n in range(picks + 1, 4) for x in legal_versions(probe, tried, n, 2)]
            for legal in itertools.chain(versions, shaped_versions(probe, tried, cost, effect)):
                legal = {**legal, "choices": {**legal.get("choices", {}), **divided_for(ability or {}, legal.get("targets", []))}} \
                    if divided_for(ability or {}, legal.get("targets", [])) else legal
                result = _run(client, card, use, battle, legal, ability, effect, card_type, script, printed, focus)
                if result.holds or (focus is None and not result.problems):
                    return result
                first = first or result
        if first is not None:
            break
    return first or Rehearsal(card, use, problems=[f"no targets on the table make {action['type']} legal"], focus=focus)


def _pool() -> dict[str, Any]:
    """The list as the file holds it now (parsed once per version of the file: each card's rehearsal
    reads it, and parsing its 3,000 lines took longer than most rehearsals)."""
    return _parsed(POOL.stat().st_mtime_ns) if POOL.is_file() else {}


@lru_cache(maxsize=1)
def _parsed(version: int) -> dict[str, Any]:
    return yaml.load(POOL.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}


def listed() -> list[str]:
    """The names of the cards whose rehearsal holds (what the coverage report reads)."""
    return list(_pool().get("cards") or [])


def found(card: str) -> dict[str, Any] | None:
    """The battle and the action the listed rehearsal of ``card`` plays (None: a trigger's steps)."""
    return (_pool().get("actions") or {}).get(card)


def eligible(catalog: Any) -> list[str]:
    """The cards whose packaged script renders back to the text and is all enforced: the ones a
    rehearsal may list (whether or not a scenario plays them already)."""
    from rulings.engine_coverage import NOT_EXERCISED
    from rulings.scripts import automation

    out = []
    for name in catalog.names("spoils"):
        level = automation("spoils", name, catalog.effective("spoils", name).text)
        if level.level == "full" or tuple(level.not_covered) == (NOT_EXERCISED,):
            out.append(name)
    return out


def main() -> None:
    """``python -m tests.scenarios.spoils_pool --write``: rehearses every eligible card and writes the
    list of those that hold (without ``--write``, prints each result).  ``python -m
    tests.scenarios.spoils_pool NAME...`` rehearses the cards named (eligible or not) and prints what
    failed, also the abilities it could not see act; it writes nothing."""
    import sys

    from api import create_app
    from rulings.importers import SEED_FILES, build_catalog
    from tests.scenarios.spoils_table import DATA

    catalog, _ = build_catalog([DATA / "sets"], SEED_FILES)
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"})
    app.extensions["cards"] = catalog
    client = app.test_client()
    held: list[str] = []
    actions: dict[str, Any] = {}
    names = [a for a in sys.argv[1:] if not a.startswith("--")]
    for name in names or eligible(catalog):
        try:
            result = rehearse(client, name)
        except AssertionError as exc:  # a refused set-up or step: not listed, said why
            print(f"no   {name}: {str(exc)[:200]}")
            continue
        said = "; ".join([*result.problems, *(f"unchecked: {u}" for u in result.unchecked)])
        print(f"{'yes' if result.holds else 'no '}  {name}: {said[:300 if names else 200]}")
        if result.holds:
            held.append(name)
            if result.use != "trigger":
                actions[name] = {"battle": result.battle, "action": result.action}
    print(f"{len(held)} cards hold")
    if "--write" in sys.argv and not names:
        POOL.write_text("# The Spoils: cards the pool rehearsal plays and checks (tests/scenarios/spoils_pool.py);\n"
                        "# written by `python -m tests.scenarios.spoils_pool --write`, checked by\n"
                        "# tests/scenarios/spoils/test_pool.py.  The coverage report counts them as exercised.\n"
                        + yaml.safe_dump({"game": "spoils", "cards": held, "actions": actions}, sort_keys=False,
                                         allow_unicode=True, width=120),
                        encoding="utf-8")


if __name__ == "__main__":
    main()
