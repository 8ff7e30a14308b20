"""Properties every position of every Spoils scenario must have.

* ``legal_actions`` agrees with ``decide``: every concrete action it lists is legal, and every
  probe action that ``decide`` accepts is covered by an action it lists.
* Replaying the log one event at a time with ``evolve`` from ``GameCreated`` gives the engine's
  state, and ``evolve`` never mutates the state it is given.
* ``to_document`` round-trips through ``create(setup=...)``.
* Every rule id the engine cites is in the rule catalog.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core import InvalidAction
from adjudicator.spoils.engine import SpoilsEngine
from adjudicator.spoils.model.state import SpoilsState
from rulings.catalog import catalog
from tests.scenarios.spoils.engine import test_abilities_and_costs as abilities_and_costs
from tests.scenarios.spoils.engine import test_game_start as game_start
from tests.scenarios.spoils.engine import test_parties_and_attacks as parties_and_attacks
from tests.scenarios.spoils.engine import test_permanents_in_play as permanents_in_play
from tests.scenarios.spoils.engine import test_triggers_and_loops as triggers_and_loops
from tests.scenarios.spoils.engine.test_narratives import SCENARIOS

MECHANISMS = {**game_start.MECHANISMS, **abilities_and_costs.MECHANISMS, **permanents_in_play.MECHANISMS,
              **triggers_and_loops.MECHANISMS, **parties_and_attacks.MECHANISMS}
ALL = {**SCENARIOS, **MECHANISMS}

ENGINE = SpoilsEngine()
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", params=sorted(ALL))
def played(request):
    return request.param, ALL[request.param]()


def _plain(state: SpoilsState) -> dict[str, Any]:
    doc = state.model_dump(mode="json")
    doc.pop("position")
    return doc


def _probes(s: SpoilsState, p: str) -> list[dict[str, Any]]:
    probes: list[dict[str, Any]] = [
        {"type": "pass", "player": p}, {"type": "end_turn", "player": p}, {"type": "draw", "player": p},
        {"type": "play_resource", "player": p}, {"type": "mulligan", "player": p, "count": 0},
        {"type": "block", "player": p, "blockers": []},
        {"type": "faction_ability", "player": p, "ability": "DRAW"},
        {"type": "respond", "player": p, "faction_ability": "DRAW"},
    ]
    for q in s.seating:
        probes.append({"type": "choose_first_player", "player": p, "first_player": q})
    for cid, card in s.cards.items():
        if card.type == "character":
            probes.append({"type": "attack", "player": p, "attackers": [cid]})
            probes.append({"type": "block", "player": p, "blockers": [cid]})
    if s.choice is not None:
        probes += [{"type": "choose", "player": p, "choice": o} for o in s.choice.options]
    return probes


def _covered(action: dict[str, Any], listed: list[dict[str, Any]]) -> bool:
    for la in listed:
        if la["type"] != action["type"] and not (action["type"] == "faction_ability" and la["type"] == "respond"):
            continue
        if action["type"] == "attack":
            if set(action["attackers"]) <= set(la.get("attackers", [])) and la.get("target") == action.get("target"):
                return True
        elif action["type"] == "block":
            if la.get("blockers") == action["blockers"] or set(action["blockers"]) <= set(la.get("blockers", [])):
                return True
        elif action["type"] in ("faction_ability", "respond"):
            if action.get("ability", action.get("faction_ability")) == la.get("ability", la.get("faction_ability")):
                return True
        elif all(la.get(k) == v for k, v in action.items() if k not in ("count",)):
            return True
    return False


def test_legal_actions_agree_with_decide_at_every_position(played):
    name, table = played
    for position, state in enumerate(table.states, start=1):
        if state.winner is not None:
            assert all(not ENGINE.legal_actions(state, p) for p in state.seating)
            continue
        for p in state.seating:
            listed = ENGINE.legal_actions(state, p)
            for la in listed:
                try:
                    decision = ENGINE.decide(state, la.action)
                except InvalidAction:
                    continue  # a template: fields left open for the player
                assert decision.legal, (name, position, la.action, decision.violations)
                assert la.rules and all(r.startswith("spoils.") for r in la.rules)
            actions = [la.action for la in listed]
            for probe in _probes(state, p):
                try:
                    decision = ENGINE.decide(state, probe)
                except InvalidAction:
                    continue
                if decision.legal:
                    assert _covered(probe, actions), (name, position, probe, actions)


def test_every_decision_explains_itself(played):
    name, table = played
    for state in table.states:
        if state.winner is not None:
            continue
        for p in state.seating:
            for probe in _probes(state, p)[:6]:
                try:
                    decision = ENGINE.decide(state, probe)
                except InvalidAction:
                    continue
                assert decision.because, (name, probe)
                assert all(v.rule.startswith("spoils.") for v in decision.violations)


def test_replaying_events_with_evolve_gives_the_engine_state(played):
    name, table = played
    state = None
    for position, event in enumerate(table.log, start=1):
        before = None if state is None else _plain(state)
        nxt = ENGINE.evolve(state, event)
        if state is not None:
            assert _plain(state) == before, f"{name}: evolve mutated its input at {position}"
        state = nxt
        state.position = position
        assert _plain(state) == _plain(table.states[position - 1]), (name, position, type(event).__name__)
    assert _plain(state) == _plain(table.state)


def test_every_position_round_trips_through_create_setup(played):
    name, table = played
    for position, state in enumerate(table.states, start=1):
        doc = ENGINE.to_document(state)
        [created] = ENGINE.create([{"id": p} for p in state.seating], state.first_player, doc)
        again = ENGINE.apply(None, created)
        assert _plain(again) == _plain(state), (name, position)
        assert ENGINE.to_document(again) | {"position": 0} == doc | {"position": 0}


# --- rule ids -----------------------------------------------------------------------------------

def cited_rule_ids() -> set[str]:
    sources = list((ROOT / "adjudicator" / "spoils").rglob("*.py")) + [ROOT / "events" / "models" / "spoils.py"]
    found: set[str] = set()
    for path in sources:
        for match in re.finditer(r"(?<![\w.])spoils\.[0-9a-z.\-]+", path.read_text(encoding="utf-8")):
            rule = match.group(0).rstrip(".")
            if rule.split(".")[1] in ("engine", "intro", "faq") or rule.split(".")[1][:1].isdigit():
                found.add(rule)
    return found


def test_engine_cites_rule_ids_the_catalog_serves():
    ids = cited_rule_ids()
    assert len(ids) > 60
    missing = sorted(i for i in ids if i not in catalog())
    assert not missing, f"rule ids cited by the Spoils engine but absent from the catalog: {missing}"
