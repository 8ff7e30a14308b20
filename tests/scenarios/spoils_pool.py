"""The pool rehearsal: every Spoils card whose script the engine enforces is played by name through
the HTTP API on one standard table, and what its script says is checked against what the game did.

For a card, ``rehearse`` builds the position its use needs (the card in alice's hand, or in play for
an activated or a continuous ability; enough resources of each icon for any cost and threshold; two
characters, an item and a location on each side), finds targets the engine accepts for each pick of
its COST: (``POST /check`` over the cards on the table), plays or uses it, lets bob pass so it
resolves, and returns what an independent reading of the script expects beside what the log shows:

- each unconditional operation of the effect is answered by the events that operation produces
  (``EXPECTED``: a "draw" by ``CardsDrawn``, a "destroy" by ``CardDestroyed``, ...); an event of the right
  type proves nothing alone: each step no check below read, step by step (``spoils_pool_reads``), and an
  "if" whose condition none reads leave the card unproven (``_unread``, fail closed);
- the trace names the card; the audit of the game is valid;
- a card without rules text (or one whose only text is a keyword the builder reads) enters play;
- the meanings (``spoils_pool_meanings``, ``spoils_pool_targets``, ``spoils_pool_branches``): amounts
  player by player, the exact cards a selector takes and those a pick must not, "this turn" gone at the
  turn's end, an "if" true and false, a "may" declined, an unpaid cost refused, "at random"; for a
  trigger brought about, the same on the events its resolution produced; for a play made in response,
  what it does to the play it answers (``spoils_pool_responses``); for a text that plays a card, the
  card named played as said and the ones it must not play refused (``spoils_pool_plays``);
- each other ability of the card is then rehearsed alone on a fresh table, the way it is used
  (``spoils_pool_abilities``: RECUR, HANDOFF, FLIP UP, a second activated ability, a trigger brought
  about; ``spoils_pool_statics``: continuous abilities seen beside a table that lacks what they speak
  of, ``spoils_pool_whiles``: a "while" seen true and false, ``spoils_pool_rights``: what a text forbids
  or allows, or makes cost more or less, asked of ``/check`` with and without the card): the card holds
  only when every ability was seen to do what it says.

What each operation is answered by and the account of each ability are in ``spoils_pool_accounts``;
abilities seen on tables of their own (continuous ones, battle damage, tactic timing) in
``spoils_pool_alone``.  The mutation tests of each kind of check are in ``tests/scenarios/spoils/
test_pool_meanings.py``, ``test_pool_continuous_meanings.py``, ``test_pool_trigger_meanings.py`` and
``test_pool_response_meanings.py``, ``test_pool_play_meanings.py``.

``python -m tests.scenarios.spoils_pool --write`` rehearses the whole pool and writes the names of the
cards whose rehearsal holds to ``rulings/data/spoils_pool.yaml``; ``tests/scenarios/spoils/test_pool.py`` rehearses
every name listed there and fails if one no longer holds.  The coverage report calls a card "full" only
when it is listed here (``rulings.engine_coverage``): a card the hand-written scenarios alone play is
"partial", not rehearsed.
"""
from __future__ import annotations

import itertools
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from tests.scenarios import spoils_pool_abilities as more
from tests.scenarios import spoils_pool_plays as plays
from tests.scenarios import spoils_pool_responses as responses
from tests.scenarios import spoils_pool_searches as searches
from tests.scenarios.spoils_pool_accounts import (
    EXPECTED, STRUCTURE, TYPE_ONLY, Rehearsal, account, check_self, picks_in, steps_of, use_of)
from tests.scenarios.spoils_pool_alone import played_alone
from tests.scenarios.spoils_pool_branches import other_sides
from tests.scenarios.spoils_pool_meanings import check_at_play, check_meanings, chosen_x, log_after, trigger_window
from tests.scenarios.spoils_pool_reads import unread
from tests.scenarios.spoils_pool_situations import battle_table, situations
from tests.scenarios.spoils_pool_table import (
    ATTACKED, TESTED, choices_for, divided_for, legal_versions, picked_for, setup_for, shaped_versions, trigger_steps)
from tests.scenarios.spoils_pool_targets import picked_of, refused_outside
from tests.scenarios.spoils_table import new_game

POOL = Path(__file__).resolve().parents[2] / "rulings" / "data" / "spoils_pool.yaml"
ACTING = ("attacks", "blocks", "blocked", "inflicts_damage_to_faction")
"""Triggers the card itself brings about by acting (it cannot start depleted)."""


def _entered(out: Rehearsal, use: str, card_type: str, events: list[str]) -> None:
    """A permanent played entered play; a card played as a resource: the event says so, or the rehearsal says
    it was not."""
    if use in ("play", "flip_up") and card_type != "tactic" and "CardEnteredPlay" not in events:
        out.problems.append(f"the card did not enter play: {events}")
    if use != "resource":
        return
    if "ResourcePlayed" not in events:
        out.problems.append(f"the resource was not played: {events}")
    else:
        out.checked.append("played as a resource")


def _run(client: Any, card: str, use: str, battle: str, action: dict[str, Any], used: dict[str, Any] | None,
         effect: list[dict[str, Any]], card_type: str, script: dict[str, Any], printed: dict[str, Any],
         focus: int | None = None) -> Rehearsal:
    out = Rehearsal(card, use, action, battle=battle, focus=focus)
    tokens = more.tokens_for(used, focus is not None)
    depleted = more.restores_self(used) and (focus is not None or not more.depletes_self(used))
    if use != "trigger":
        table = battle_table(client, card, use, battle, tokens, depleted)
    else:
        life = (printed.get("fields") or {}).get("life")
        depleted = used["when"] not in ACTING and more.restores_self(used, taken=True)  # "you may restore this card"
        table = new_game(client, setup_for(card, use, "attacked" if used["when"] in ATTACKED else "none", used["when"],
                                        int(life) if str(life or "").isdigit() else None, tokens, depleted))
    start = table.state()
    before = out.before = start["cards"]
    out.players = start["players"]
    first = responses.answered(table.state()) if battle.startswith("responding:") else None  # bob's play it answers
    if use != "trigger":  # the cards its picks must not take, refused (spoils_pool_targets)
        cost = (used or {}).get("cost")
        refused_outside(table, action, (cost if isinstance(cost, list) else []) + more.extra_cost(script) * (use == "play"), out)
        plays.refused(table, action, effect, out, used)  # the cards a "play a card" must not play (spoils_pool_plays)
    events = table.act(action) if use != "trigger" else trigger_steps(table, str(used["when"]), used)
    if not events:
        out.problems.append(f"this table does not bring {used['when']} about" if use == "trigger" else "nothing happened")
        return out
    out.paid = more.paid(table)
    events, said = _resolved(table, events, f"{table.trace_text()} {table.events()}", focus, used)
    out.events = events
    marker = {"trigger": "TriggersPending", "resource": "ResourcePlayed"}.get(use, "PlayResolved")
    after = events[events.index(marker) + 1:] if marker in events else []  # the effect's own events, not its costs'
    if use in ("play", "flip_up") and card_type != "tactic" and "CardEnteredPlay" in after:
        after.remove("CardEnteredPlay")  # the card itself entering play (604.1h) answers no "put" of its text
    twins = more.twins(script, used) if focus is not None else 1  # the same trigger twice: both must act
    won = (action.get("choices") or {}).get("coin") == "win" or use == "trigger" and "'flip_coin'" in str(used)
    effect = [*effect, *more.taken_ifs(effect, action)]  # "if you picked a character as an additional cost, ..."
    answered = _answered(table, out, use, used, effect, won, twins, events, after, marker)
    check_self(table, out, script, printed)
    account(table, out, script, used, printed, answered=bool(out.expected))
    _entered(out, use, card_type, events)
    if card not in said and (use not in ("ability", "trigger", "handoff") or f"'{TESTED}'" not in said):
        out.problems.append("neither the trace nor the events name the card")
    if use != "trigger":  # the cards acted on, amounts and durations as said, not only the events' types
        check_meanings(table, out, marker, steps_of(effect, won), twins, before, picked_of(action),
                       source=TESTED if use in ("ability", "handoff") else None, x=chosen_x(action, used))
        _played(table, log_after(table, marker), action, effect, card if (use, card_type) == ("play", "tactic") else None,
                out, more.main_play(script) if use == "flip_up" else used)  # FLIP UP plays the card's own text
        responses.check(table, out, first, steps_of(effect, won), list((used or {}).get("cost") or []) if isinstance(
            (used or {}).get("cost"), list) else [], int(printed.get("cost") or 0))
        other_sides(client, card, use, battle, (tokens, depleted), action, effect, events, marker, out.paid, out)
    else:  # a trigger brought about: the same, on the events its resolution produced
        picked = picked_for(used) if "'pick'" in str(effect) else []
        window, resolving = trigger_window(table, effect, TESTED)
        check_meanings(table, out, marker, steps_of(effect, won), twins, resolving,
                       {c for c in (picked if isinstance(picked, list) else [picked])}, window, TESTED)
    check_at_play(table, out, marker, steps_of(more.at_play(use, used)))
    _unread(out, answered, steps_of(effect, won))
    if not table.audit_valid():
        out.problems.append("the audit is not valid")
    return out


def _unread(out: Rehearsal, answered: list[tuple[str, dict[str, Any]]], steps: list[tuple[str, dict[str, Any]]]) -> None:
    """Each step an event of the right type answered whose meaning no check read (``spoils_pool_reads``:
    the check that held marks the step it read, or names its kind when it is the only one of its kind; "each
    player" alone, who without what, is not one), and each "if" whose condition no check read
    (``spoils_pool_meanings``: one it reads on the table, its steps counted or not; "if you picked a character
    as an additional cost" when the play picked one and its text was seen to act on it,
    ``spoils_pool_abilities._extra_cost_paid``, the branch not taken unplayed; what an "if" holds is no step of
    its own, so nothing else looks at it): not proven, the card is not listed (fail closed, issue 24)."""
    unread(out, answered, EXPECTED)
    picked = any(c.startswith("its additional cost picked") and c.endswith(": True") for c in out.checked)
    for head, op in steps:
        if head != "if" or isinstance(op["if"], dict) and op["if"].get("during") in more.AS_COST and picked:
            continue  # "if you picked a character as an additional cost": true, its steps followed to the card picked
        if not any(c.startswith(f"condition {op['if']}:") for c in out.checked):
            out.unread.append(f"if: its condition {op['if']} is not read, neither branch is checked")


def _played(table: Any, after: list[dict[str, Any]], action: dict[str, Any], effect: list[Any], tactic: str | None,
            out: Rehearsal, used: dict[str, Any] | None) -> None:
    """What the play did, read from its events (``after``): the cards a "play a card" played, a tactic resolved
    as a resource (``spoils_pool_plays``), the card a search found and where it was put (``spoils_pool_searches``)."""
    plays.check(table, after, action, effect, tactic, out, used)
    searches.check_found(after, action, effect, out)
    searches.check_put(table.state()["cards"], out.card, action, effect, out)
    searches.check_put_found(after, table.state()["players"], action, effect, out, out.players)


def _answered(table: Any, out: Rehearsal, use: str, used: dict[str, Any] | None, effect: list[Any], won: bool,
              twins: int, events: list[str], after: list[str], marker: str) -> list[tuple[str, dict[str, Any]]]:
    """Each step of the effect (and of what its use plays at once) answered by the events it produces
    (``EXPECTED``), as many times as the card acts; a step no known event answers is a problem.  Returns the
    steps answered so, whose meaning a check must then have read (``_unread``)."""
    typed: list[tuple[str, dict[str, Any]]] = []
    at_play = [(head, op, events) for head, op in steps_of(more.at_play(use, used))]  # "FLIP UP: 3 [R][R] and play a resource."
    moved = more.moved_after(table, marker)  # the CardsMoved of the effect, with what they say
    for head, op, window in [(head, op, after) for head, op in steps_of(effect, won)] + at_play:
        if head in EXPECTED:
            out.expected.append((head, EXPECTED[head]))
            fits = sum(1 for e in moved if more.moved_answers(head, op, e)) if window is after else 0
            if sum(window.count(e) for e in EXPECTED[head]) + fits < twins:
                out.problems.append(f"{head}: fewer than {twins} of {EXPECTED[head]} in {events}")
            else:  # an event of the right type: its meaning is judged once every check ran
                typed.append((head, op))
                if head not in TYPE_ONLY:
                    out.checked.append(f"{head} answered")
        elif head not in STRUCTURE and window is after:
            out.problems.append(f"{head}: no event the rehearsal knows answers it")  # an operation left unchecked
    return typed


def _resolved(table: Any, events: list[str], said: str, focus: int | None, used: dict[str, Any] | None) -> tuple[list[str], str]:
    """The others pass until the play resolves (607.2); with ``focus``, alice orders her triggers first
    (503.4).  The events so far and the trace's words, with those of these steps."""
    for _ in range(3):
        state = table.state()
        if focus is not None and (state.get("choice") or {}).get("player") == "alice":
            events += table.act(more.choose_ours(table, state["choice"], used))
            said += f" {table.trace_text()} {table.events()}"
            break
        asked = state.get("choice") or {}
        if asked.get("kind") == "answer":  # a choice its text gives bob, asked as it resolves: his first option
            events += table.act({"type": "choose", "player": asked["player"], "choice": asked["options"][0]})
            said += f" {table.trace_text()} {table.events()}"
            continue
        if not state.get("pending") or not state.get("to_act"):
            break
        events += table.act({"type": "pass", "player": state["to_act"]})
        said += f" {table.trace_text()} {table.events()}"
    return events, said


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
    use, ability = use_of(script, card_type) if focus is None else more.use_of_ability(script, card_type, focus)
    if use is None:
        return None
    if use in ("tactic_timing", "static", "battle_damage"):
        checked, problems, tables = played_alone(client, card, use, ability, script)
        problems += ["the audit is not valid" for table in tables if not table.audit_valid()][:1]
        return Rehearsal(card, use, checked=checked, problems=problems, focus=focus)
    if known is not None and use != "trigger":
        effect = (ability or {}).get("effect" if use == "ability" else "play") or []
        action = known["action"]  # (with what its enters-play trigger picks, when the list has not said)
        action = {**action, "choices": {**(ability or {}).get("choices", {}), **action.get("choices", {})}}\
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
        out.unread += [f"option {k}: {u}" for u in got.unread]
        out.action = out.action or got.action
    return out


def _search(client: Any, card: str, use: str, ability: dict[str, Any] | None, card_type: str,
            script: dict[str, Any], printed: dict[str, Any], focus: int | None) -> Rehearsal:
    """The first version of the action (targets, choices, battle) whose rehearsal holds, or whose
    only want is abilities to rehearse alone; else the first legal one."""
    tokens = more.tokens_for(ability, focus is not None)
    depleted = more.restores_self(ability) and (focus is not None or not more.depletes_self(ability))
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
    costs = [op for ab in script.get("abilities") or [] if "play" in ab and isinstance(ab.get("cost"), list)
             for op in ab["cost"]] if use == "play" else cost  # (a play printed in two parts: its COST: in either)
    for battle in situations(costs) if use != "resource" else ("none",):
        probe = probe if battle == "none" else battle_table(client, card, use, battle, tokens, depleted)
        for choices in choices_for(ability or {}):
            tried = {**action, "choices": {**action.get("choices", {}), **choices}} if choices else action
            picks = picks_in(cost)
            versions = legal_versions(probe, tried, picks) or [x for n in range(picks + 1, 4) for x in legal_versions(probe, tried, n, 2)]
            for legal in itertools.chain(versions, shaped_versions(probe, tried, cost, effect)):
                legal = {**legal, "choices": {**legal.get("choices", {}), **divided_for(ability or {}, legal.get("targets", []))}}\
                    if divided_for(ability or {}, legal.get("targets", [])) else legal
                result = _run(client, card, use, battle, legal, ability, effect, card_type, script, printed, focus)
                if result.holds or (focus is None and not result.problems):
                    return result
                first = result if first is None or first.problems and not result.problems else first
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
    from rulings.engine_coverage import UNREHEARSED
    from rulings.scripts import automation

    out = []
    for name in catalog.names("spoils"):
        level = automation("spoils", name, catalog.effective("spoils", name).text)
        if level.level == "full" or len(level.not_covered) == 1 and level.not_covered[0] in UNREHEARSED:
            out.append(name)
    return out


def main() -> None:
    """``python -m tests.scenarios.spoils_pool --write``: rehearses every eligible card and writes the
    list of those that hold (without ``--write``, prints each result).  ``python -m
    tests.scenarios.spoils_pool NAME...`` rehearses the cards named (eligible or not) and prints what
    failed, also the abilities it could not see act; it writes nothing, but with ``--add``, which adds those that
    hold (and are eligible) to the list as it is."""
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
        said = "; ".join([*result.problems, *(f"unchecked: {u}" for u in result.unchecked),
                          *(f"meaning unread: {u}" for u in result.unread)])
        print(f"{'yes' if result.holds else 'no '}  {name}: {said[:300 if names else 200]}")
        if result.holds:
            held.append(name)
            if result.use != "trigger":
                actions[name] = {"battle": result.battle, "action": result.action}
    print(f"{len(held)} cards hold")
    if "--add" in sys.argv and names:  # the cards named that hold, added to the list as it is
        old = _pool()
        held = sorted({*listed(), *(n for n in held if n in eligible(catalog))}, key=str.casefold)
        actions = {**(old.get("actions") or {}), **{n: a for n, a in actions.items() if n in held}}
        _write(held, {n: actions[n] for n in held if n in actions})
    if "--write" in sys.argv and not names:
        _write(held, actions)


def _write(held: list[str], actions: dict[str, Any]) -> None:
    POOL.write_text("# The Spoils: cards the pool rehearsal plays and checks (tests/scenarios/spoils_pool.py);\n"
                    "# written by `python -m tests.scenarios.spoils_pool --write` (or `... --add NAME...`), checked by\n"
                    "# tests/scenarios/spoils/test_pool.py.  The coverage report calls only these cards full.\n"
                    + yaml.safe_dump({"game": "spoils", "cards": held, "actions": actions}, sort_keys=False,
                                     allow_unicode=True, width=120),
                    encoding="utf-8")


if __name__ == "__main__":
    main()
