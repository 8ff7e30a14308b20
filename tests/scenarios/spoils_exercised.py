"""The cards the Spoils scenario tests and pool rehearsals saw act, recorded from the tests that passed (issue
24: "the list of exercised cards is what the tests that passed report, not a text search of their source").

Every game these tests play goes through the ``client`` fixture of ``spoils_table``, whose app calls
``after_request`` after each answer: an accepted action (``POST /games/{id}/actions``, 201) adds to the running
test's record the cards the answer shows acting, by name: the card the action plays, each event's ``source``
(the card whose effect it is), the card a played or triggered event names, and each card the trace says
overrode a rule (a continuous ability), and in a recording run the cards it names by id to act (the card
whose ability it uses, attackers, blockers); a refused action (422) or a check adds the cards its trace says
overrode a rule.  Names outside the game's card pool are left out.
``tests/scenarios/conftest.py`` keeps a test's record only when the test passed and, when
``SPOILS_EXERCISED_DIR`` names a directory, writes the names of the session (one file per pytest worker).

``python -m tests.scenarios.spoils_exercised DIR`` merges those files into ``rulings/data/spoils_exercised.yaml``,
which the coverage report reads (``rulings.engine_coverage.exercised``):

    SPOILS_EXERCISED_DIR=/tmp/exercised python -m pytest tests/scenarios
    python -m tests.scenarios.spoils_exercised /tmp/exercised
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import yaml

RECORD = Path(__file__).resolve().parents[2] / "rulings" / "data" / "spoils_exercised.yaml"
NAMED_BY = {"CardPlayed": "name", "TacticPlayed": "name", "CardEnteredPlay": "name", "ResourcePlayed": "name"}
"""Events that name the card acting (played, entering play as it is played)."""
SEEN: set[str] = set()
"""The cards seen acting during the running test."""
PASSED: set[str] = set()
"""The cards seen acting in the tests of this session that passed."""


def shown_acting(action: dict[str, Any], answer: dict[str, Any]) -> set[str]:
    """The card names an accepted action's answer shows acting (before the pool's filter)."""
    names = {action["card"]} if isinstance(action.get("card"), str) else set()
    for event in answer.get("events") or []:
        data = event.get("data") or {}
        if isinstance(data.get("source"), str):
            names.add(data["source"])
        field = NAMED_BY.get(str(event.get("type")))
        if field and isinstance(data.get(field), str):
            names.add(data[field])
        for trigger in data.get("triggers") or [] if event.get("type") == "TriggersPending" else []:
            if isinstance(trigger, dict) and isinstance(trigger.get("name"), str):
                names.add(trigger["name"])
    return names | overriders(answer)


GOLDEN = "spoils.101.1"
SAYS = re.compile(r"^(?P<name>[^:\"]+?) (?:says|forbids|permits|lets)\b")
"""How the engine words a card's text overriding a rule (the golden rule): "Narrow Passage says ..."."""


def _rule_id(entry: dict[str, Any]) -> str:
    rule = entry.get("rule")
    return str(rule.get("id") if isinstance(rule, dict) else rule)


def overriders(answer: dict[str, Any]) -> set[str]:
    """The cards an answer says changed what a rule allows (a continuous ability forbidding or permitting:
    the trace's ``overridden_by``, or a golden-rule violation or note opening with the card's name), as an
    accepted or refused action (422) or a check (``POST /check``) shows them."""
    out = {who["name"] for step in answer.get("because") or [] if isinstance(who := step.get("overridden_by"), dict)
           and who.get("kind") == "card" and isinstance(who.get("name"), str)}
    for entry in [*(answer.get("violations") or []), *(answer.get("because") or [])]:
        said = SAYS.match(str(entry.get("message") or entry.get("detail") or "")) if isinstance(entry, dict) else None
        if said and _rule_id(entry) == GOLDEN:
            out.add(said.group("name"))
    return out


def after_request(app: Any, request: Any, response: Any) -> Any:
    """Records what a Spoils answer shows acting (the app's ``after_request``): all of it for an accepted
    action, the cards overriding a rule for a refused action or a check."""
    accepted = response.status_code == 201 and request.path.endswith("/actions")
    judged = (response.status_code == 422 and request.path.endswith("/actions")) or \
        (response.status_code == 200 and request.path.endswith("/check"))
    if request.method != "POST" or not (accepted or judged):
        return response
    try:
        action, answer = request.get_json(silent=True) or {}, json.loads(response.get_data(as_text=True))
    except ValueError:
        return response
    if not isinstance(answer, dict):
        return response
    known = _known(app)
    names = shown_acting(action, answer) if accepted else overriders(answer)
    if accepted and os.environ.get("SPOILS_EXERCISED_DIR"):  # (a recording run) the cards it names by id
        names |= by_id(app, request.path.rsplit("/", 1)[0], action)
    SEEN.update(known[n.casefold()] for n in names if n.casefold() in known)
    return response


def _known(app: Any) -> dict[str, str]:
    """The pool's card names by their case-folded form (worked out once per app)."""
    known = app.extensions.get("exercised.known")
    if known is None:
        catalog = app.extensions.get("cards")
        known = {n.casefold(): n for n in catalog.names("spoils")} if catalog is not None else {}
        app.extensions["exercised.known"] = known
    return known


def by_id(app: Any, game: str, action: dict[str, Any]) -> set[str]:
    """The names of the cards an action names by id to act (the card whose ability it uses, attackers,
    blockers), read from the game's state after it."""
    ids = [action.get("card"), *(action.get("attackers") or []), *(action.get("blockers") or [])]
    ids = [i for i in ids if isinstance(i, str)]
    if not ids:
        return set()
    cards = (app.test_client().get(f"{game}/state").get_json(silent=True) or {}).get("cards") or {}
    return {cards[i]["name"] for i in ids if isinstance(cards.get(i), dict) and isinstance(cards[i].get("name"), str)}


def write_session(directory: str, worker: str) -> None:
    """The names seen in the session's passed tests, to ``directory/exercised-<worker>.txt``."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"exercised-{worker}.txt").write_text("".join(f"{n}\n" for n in sorted(PASSED)), encoding="utf-8")


def merged(directory: str) -> list[str]:
    return sorted({line.strip() for p in Path(directory).glob("exercised-*.txt")
                   for line in p.read_text(encoding="utf-8").splitlines() if line.strip()})


def recorded() -> list[str]:
    """The names in the committed record."""
    if not RECORD.is_file():
        return []
    return list((yaml.safe_load(RECORD.read_text(encoding="utf-8")) or {}).get("cards") or [])


def main() -> None:
    names = merged(sys.argv[1])
    RECORD.write_text("# The Spoils: cards the scenario tests and pool rehearsals that passed saw act through the API\n"
                      "# (tests/scenarios/spoils_exercised.py records them; written by `python -m\n"
                      "# tests.scenarios.spoils_exercised DIR` after `SPOILS_EXERCISED_DIR=DIR python -m pytest tests/scenarios`).\n"
                      "# The coverage report counts them as exercised (rulings.engine_coverage).\n"
                      + yaml.safe_dump({"game": "spoils", "cards": names}, sort_keys=False, allow_unicode=True, width=120),
                      encoding="utf-8")
    print(f"{len(names)} cards recorded in {RECORD}")


if __name__ == "__main__" and os.environ.get("PYTEST_CURRENT_TEST") is None:
    main()
