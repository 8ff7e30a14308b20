"""Builders for WoW Miniatures tests (a table that records a game event by event), the check that
``legal_actions`` agrees with ``decide``, and tests of the creation defaults they rely on."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from adjudicator.core import Decision, InvalidAction, InvalidSetup
from adjudicator.wowmini.engine import WowMiniEngine
from adjudicator.wowmini.state import WowMiniState
from events.models.base import DomainEvent
from rulings.catalog import catalog

ENGINE = WowMiniEngine()


# --- cards and characters -------------------------------------------------------------------

def card(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, **fields}


BEAR_FORM = card("Bear Form", kind="form", cost=2, restriction="Druid",
                 grants=[{"name": "Maul", "cost": 3, "damage": 5, "range": "melee", "target": "enemy"}],
                 attack={"damage": 5, "range": "melee", "cost": 3}, health=26)
CAT_FORM = card("Cat Form", kind="form", cost=1, restriction="Druid",
                grants=[{"name": "Shred", "cost": 2, "damage": 4, "range": "melee", "target": "enemy"}])
WRATH = card("Wrath", cost=3, damage=4, range="ranged", target="enemy", restriction="Druid")
MARK_OF_THE_WILD = card("Mark of the Wild", kind="buff", cost=2, duration=20, modifiers={"health": 2})
SHADOWFORM = card("Shadowform", kind="form", cost=2, restriction="Priest", modifiers={})
MIND_BLAST = card("Mind Blast", cost=3, damage=5, range="ranged", target="enemy", restriction="Priest")
FORTITUDE = card("Power Word: Fortitude", kind="buff", cost=2, duration=30, restriction="Priest",
                 modifiers={"health": 3}, counters={"fortitude": 1})
SHADOW_WORD_PAIN = card("Shadow Word: Pain", kind="debuff", cost=2, duration=10, restriction="Priest",
                        notes="Instant, Shadow")
SEARING_TOTEM = card("Searing Totem", kind="totem", cost=2, health=3, restriction="Shaman")
CALL_WOLF = card("Call Wolf", kind="pet", cost=3, restriction="Hunter",
                 pet={"name": "Wolf", "health": 8, "attack": {"damage": 2, "range": "melee", "cost": 2}})
CALL_RAPTOR = card("Call Raptor", kind="pet", cost=2, restriction="Hunter",
                   pet={"name": "Raptor", "health": 6, "attack": {"damage": 3, "range": "melee", "cost": 2}})


def character(owner: str, name: str, cls: str, race: str, faction: str, square: list[int], *,
              bar: list[dict[str, Any]] = (), **fields: Any) -> dict[str, Any]:
    return {"owner": owner, "name": name, "class": cls, "race": race, "faction": faction, "square": square,
            "health": fields.pop("health", 20), "action_bar": [copy.deepcopy(c) for c in bar], **fields}


def druid(square=(2, 2), **fields) -> dict[str, Any]:
    return character("p1", "Malfurion", "Druid", "Night Elf", "Alliance", list(square),
                     bar=fields.pop("bar", [BEAR_FORM, CAT_FORM, WRATH, MARK_OF_THE_WILD]),
                     attack={"damage": 3, "range": "ranged", "cost": 3}, **fields)


def priest(square=(2, 2), owner="p1", **fields) -> dict[str, Any]:
    return character(owner, "Anduin", "Priest", "Human", "Alliance", list(square),
                     bar=fields.pop("bar", [SHADOWFORM, MIND_BLAST, FORTITUDE, SHADOW_WORD_PAIN]), **fields)


def warrior(square=(3, 2), owner="p1", **fields) -> dict[str, Any]:
    return character(owner, "Varian", "Warrior", "Human", "Alliance", list(square),
                     attack={"damage": 4, "range": "melee", "cost": 3}, **fields)


def shaman(square=(6, 6), owner="p2", **fields) -> dict[str, Any]:
    return character(owner, "Thrall", "Shaman", "Orc", "Horde", list(square),
                     bar=fields.pop("bar", [SEARING_TOTEM]), **fields)


def orc(square, owner="p2", **fields) -> dict[str, Any]:
    return character(owner, fields.pop("name", "Grunt"), "Warrior", "Orc", "Horde", list(square),
                     attack={"damage": 3, "range": "melee", "cost": 3}, **fields)


def hunter(square=(4, 4), owner="p1", **fields) -> dict[str, Any]:
    return character(owner, "Rexxar", "Hunter", "Orc", "Horde", list(square),
                     bar=fields.pop("bar", [CALL_WOLF, CALL_RAPTOR]),
                     attack={"damage": 3, "range": "ranged", "cost": 3}, **fields)


# --- the table ------------------------------------------------------------------------------

def assert_cites_catalog(decision: Decision) -> None:
    assert decision.because, "every decision explains itself"
    for v in decision.violations:
        assert v.rule in catalog(), f"violation cites {v.rule}, which is not in the catalog"
    for t in decision.because:
        assert t.rule in catalog(), f"trace cites {t.rule}, which is not in the catalog"


class Table:
    """A game recorded event by event, keeping the state at every position."""

    def __init__(self, setup: dict[str, Any] | None = None, players=("p1", "p2"), first: str = "p1"):
        self.engine = ENGINE
        self.events: list[DomainEvent] = ENGINE.create([{"id": p} for p in players], first, setup)
        self.state: WowMiniState = ENGINE.evolve(None, self.events[0])
        self.positions: list[WowMiniState] = [self.state]
        self.at_rest: list[WowMiniState] = [self.state]  # the state after each whole batch

    def decide(self, **action: Any) -> Decision:
        decision = self.engine.decide(self.state, action)
        assert_cites_catalog(decision)
        return decision

    def do(self, **action: Any) -> Decision:
        decision = self.decide(**action)
        assert decision.legal, decision.violations
        self.record(decision.events)
        return decision

    def refuse(self, *rules: str, **action: Any) -> Decision:
        decision = self.decide(**action)
        assert not decision.legal, f"{action} was legal"
        assert set(rules) <= {v.rule for v in decision.violations}, decision.violations
        return decision

    def record(self, events: list[DomainEvent]) -> None:
        for event in events:
            self.state = self.engine.evolve(self.state, event)
            self.events.append(event)
            self.positions.append(self.state)
        self.at_rest.append(self.state)

    def types(self, decision: Decision) -> list[str]:
        return [type(e).__name__ for e in decision.events]

    @property
    def doc(self) -> dict[str, Any]:
        return self.engine.to_document(self.state)

    def check_every_position(self) -> None:
        for state in self.positions:
            assert_legal_actions_agree(state)


FILL = {"advance_time": {"ticks": 1}}


def assert_legal_actions_agree(state: WowMiniState) -> int:
    """Every concrete legal action decides legal; templates missing only choosable fields parse
    once filled (``FILL``) or fail only for the missing fields.  Returns the number decided."""
    decided = 0
    if state.winner is not None:
        return 0
    for player in state.seating:
        for legal in ENGINE.legal_actions(state, player):
            assert all(r in catalog() for r in legal.rules), legal
            action = {**legal.action, **FILL.get(legal.action["type"], {})}
            try:
                decision = ENGINE.decide(state, action)
            except InvalidAction as exc:
                assert exc.errors, legal
                assert all("required" in e["message"].lower() or "name a target" in e["message"]
                           for e in exc.errors), (legal, exc.errors)
                continue
            assert_cites_catalog(decision)
            assert decision.legal, (state.position, action, decision.violations)
            decided += 1
    return decided


def replay(events: list[DomainEvent]) -> list[WowMiniState]:
    states, state = [], None
    for event in events:
        state = ENGINE.evolve(state, event)
        states.append(state)
    return states


# --- tests of the creation defaults the builders rely on -----------------------------------

def test_create_fills_defaults_and_starts_the_lowest_clock():
    table = Table({"characters": {"malfurion": druid(clock=4), "thrall": shaman(clock=1)}})
    doc = table.doc
    assert doc["game"] == "wowmini" and doc["position"] == 1
    assert doc["acting"] == "thrall"
    assert doc["board"] == {"width": 12, "height": 12, "blocked": []}
    bar = doc["characters"]["malfurion"]["action_bar"]
    assert {(c["face"], c["orientation"]) for c in bar} == {("down", "ready")}
    assert doc["players"]["p1"] == {"party": "p1", "victory_points": 0}


def test_create_refuses_a_setup_with_field_errors():
    with pytest.raises(InvalidSetup) as info:
        ENGINE.create([{"id": "p1"}], "p1", {"characters": {"x": {"owner": "p1", "health": 0}}})
    fields = {e["field"] for e in info.value.errors}
    assert "setup.characters.x.health" in fields


def test_the_agreement_helper_decides_something():
    table = Table({"characters": {"malfurion": druid(), "thrall": shaman(clock=5)}})
    assert assert_legal_actions_agree(table.state) > 5
