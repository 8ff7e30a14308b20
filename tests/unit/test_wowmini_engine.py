"""The WoW Miniatures engine contract: replay, round trip, parsing, setup checks, judge rulings and card
text overriding rules, and the rule catalog (the rules of 300-301 one at a time are in
test_wowmini_bar_and_buffs.py)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from adjudicator.core import GameOver, InvalidAction, InvalidSetup
from adjudicator.registry import engine_for
from adjudicator.wowmini.engine import WowMiniEngine, restriction_fits
from adjudicator.wowmini.legal import candidates
from adjudicator.wowmini.state import Character
from events.models.base import registry
from events.models.common import RulingRecorded
from rulings.catalog import catalog
from tests.unit.test_wowmini_table import (
    ENGINE, MIND_BLAST, Table, assert_legal_actions_agree, card, druid, hunter, orc, priest, replay, shaman, warrior)


def busy_table() -> Table:
    """A game that goes through every kind of piece: forms, buffs, a totem, pets, destruction."""
    table = Table({"characters": {
        "malfurion": druid(square=(2, 2)),
        "anduin": priest(square=(2, 4), clock=1),
        "rexxar": hunter((4, 4), clock=2),
        "thrall": shaman((7, 7), clock=3, points=5),
        "grunt": orc((3, 3), clock=4, spawn=[9, 0]),
    }, "vp_target": 50})
    table.do(type="play_card", player="p1", character="malfurion", card="Mark of the Wild", targets=["anduin"])
    table.do(type="pass", player="p1", wait=10)
    table.do(type="play_card", player="p1", character="anduin", card="Power Word: Fortitude", targets=["malfurion"])
    table.do(type="pass", player="p1", wait=10)
    table.do(type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[5, 5])
    table.do(type="pass", player="p1", wait=10)
    table.do(type="play_card", player="p2", character="thrall", card="Searing Totem")
    table.do(type="pass", player="p2", wait=10)
    assert table.state.acting == "grunt"
    table.do(type="damage", player="p2", source="thrall", target="malfurion", amount=4)
    table.do(type="destroy", player="p1", character="grunt", source="malfurion")
    table.do(type="respawn", player="p2", character="grunt")
    table.do(type="damage", player="p1", source="rexxar", target="thrall", amount=25)
    assert table.state.players["p1"].victory_points == 5
    assert table.state.acting == "pet-3"
    table.do(type="pass", player="p1", wait=20)
    assert table.state.acting == "grunt"  # respawned with its clock unchanged
    table.do(type="pass", player="p2", wait=20)
    table.do(type="play_card", player="p1", character="malfurion", card="Bear Form")
    assert table.state.characters["malfurion"].form is not None
    return table


# --- the event log is the truth --------------------------------------------------------------

def test_replaying_the_events_one_by_one_gives_the_engines_state_at_every_position():
    table = busy_table()
    states = replay(table.events)
    assert len(states) == len(table.positions) == len(table.events)
    for n, (replayed, recorded) in enumerate(zip(states, table.positions), start=1):
        assert replayed.position == n
        assert ENGINE.to_document(replayed) == ENGINE.to_document(recorded)


def test_legal_actions_agree_with_decide_at_every_position_of_a_busy_game():
    table = busy_table()
    assert sum(assert_legal_actions_agree(state) for state in table.positions) > 100


def test_events_survive_their_stored_form():
    table = busy_table()
    for event in table.events:
        stored = json.loads(json.dumps(event.payload()))
        again = registry.load("wowmini", event.type_name(), stored, event.version)
        assert again == event


def test_evolve_leaves_the_previous_state_untouched():
    table = busy_table()
    before = table.positions[3]
    snapshot = before.model_dump()
    ENGINE.evolve(before, table.events[4])
    assert before.model_dump() == snapshot


def test_to_document_round_trips_through_create_after_every_action():
    # Inside a batch (between TurnEnded and TurnStarted) nobody is acting; ``"acting": null`` in a
    # setup means "not given", so create fills it: positions at rest are the round-trip positions.
    table = busy_table()
    assert len(table.at_rest) > 15
    for state in table.at_rest:
        doc = ENGINE.to_document(state)
        created = ENGINE.create([{"id": "p1"}, {"id": "p2"}], "p1", json.loads(json.dumps(doc)))
        again = ENGINE.evolve(None, created[0])
        again_doc = ENGINE.to_document(again)
        assert {**again_doc, "position": None} == {**doc, "position": None}


def test_the_registry_finds_the_engine():
    assert isinstance(engine_for("wowmini"), WowMiniEngine)


# --- parsing ---------------------------------------------------------------------------------

def test_an_unknown_action_type_is_invalid():
    table = busy_table()
    with pytest.raises(InvalidAction) as info:
        table.engine.decide(table.state, {"type": "fly", "player": "p1"})
    assert info.value.errors[0]["field"] == "type"


def test_missing_and_malformed_fields_are_named():
    table = Table({"characters": {"malfurion": druid()}})
    with pytest.raises(InvalidAction) as info:
        table.engine.decide(table.state, {"type": "play_card", "player": "p1", "targets": "x"})
    assert {e["field"] for e in info.value.errors} >= {"character", "card", "targets"}
    with pytest.raises(InvalidAction) as info:
        table.engine.decide(table.state, {"type": "play_card", "player": "p9", "character": "malfurion", "card": "Wrath"})
    assert info.value.errors[0]["field"] == "player"
    with pytest.raises(InvalidAction) as info:
        table.engine.decide(table.state, {"type": "play_card", "player": "p1", "character": "nobody", "card": "Wrath"})
    assert info.value.errors[0]["field"] == "character"
    with pytest.raises(InvalidAction) as info:
        table.engine.decide(table.state, {"type": "play_card", "player": "p1", "character": "malfurion", "card": "Fireball"})
    assert info.value.errors[0]["field"] == "card"


def test_a_finished_game_refuses_every_action():
    table = Table({"characters": {"rexxar": hunter((4, 4)), "grunt": orc((6, 4), clock=9, points=3)},
                   "vp_target": 3})
    won = table.do(type="attack", player="p1", character="rexxar", target="grunt")
    assert won.violations == []
    table.do(type="destroy", player="p1", character="grunt", source="rexxar")
    assert table.engine.status(table.state) == ("finished", {"player": "p1", "by": "victory_points"})
    assert table.engine.legal_actions(table.state, "p1") == []
    with pytest.raises(GameOver):
        table.engine.decide(table.state, {"type": "pass", "player": "p1"})


# --- setup ---------------------------------------------------------------------------------

def setup_error(setup) -> list[dict]:
    with pytest.raises(InvalidSetup) as info:
        ENGINE.create([{"id": "p1"}, {"id": "p2"}], "p1", setup)
    return info.value.errors


def test_a_setup_for_another_game_is_refused():
    errors = setup_error({"game": "buffy"})
    assert errors[0]["field"] == "setup.game"


def test_a_bar_may_not_hold_two_cards_of_a_name():
    errors = setup_error({"characters": {"anduin": priest(bar=[MIND_BLAST, MIND_BLAST])}})
    assert any("wowmini.300.2" in e["message"] and e["field"].endswith("action_bar.1") for e in errors)


def test_a_bar_may_not_hold_a_card_whose_restriction_does_not_fit():
    errors = setup_error({"characters": {"varian": warrior(bar=[MIND_BLAST])}})
    assert any("wowmini.202.2" in e["message"] for e in errors)


def test_generic_cards_fit_anyone_and_restrictions_read_class_race_faction():
    ch = Character(owner="p1", class_="Shaman", race="Orc", faction="Horde")
    assert restriction_fits("", ch)
    assert restriction_fits("Shaman", ch) and restriction_fits("Horde Shaman", ch)
    assert restriction_fits("Druid / Shaman", ch)
    assert not restriction_fits("Alliance Shaman", ch) and not restriction_fits("Druid", ch)


def test_a_pet_has_no_action_bar_and_a_player_one_pet():
    wolf = {"owner": "p1", "square": [1, 1], "master": "rexxar", "action_bar": [MIND_BLAST]}
    second = {"owner": "p1", "square": [1, 2], "master": "rexxar"}
    errors = setup_error({"characters": {"rexxar": hunter(), "wolf": wolf, "cat": second}})
    assert any("wowmini.300.1" in e["message"] for e in errors)
    assert any("wowmini.304.1" in e["message"] for e in errors)


def test_two_characters_may_not_share_a_square_but_totem_cards_need_health():
    errors = setup_error({"characters": {"a": warrior(square=(1, 1)), "b": orc((1, 1)),
                                         "c": shaman((5, 5), bar=[card("Bad Totem", kind="totem")])}})
    messages = " ".join(e["message"] for e in errors)
    assert "wowmini.movement" in messages and "wowmini.303.3" in messages


# --- the golden rule: rulings and card text ----------------------------------------------------

def ruling(effect, card=None, **fields):
    return RulingRecorded(judge="j1", ruling_id=fields.pop("ruling_id", "r1"), rule=fields.pop("rule", "wowmini.302.3"),
                          card=card, effect=effect, reason="table ruling", **fields)


def test_a_ruling_permits_a_card_the_form_would_forbid():
    table = Table({"characters": {"malfurion": druid(), "grunt": orc((5, 2), clock=20)}})
    table.do(type="play_card", player="p1", character="malfurion", card="Bear Form")
    table.do(type="pass", player="p1")
    table.record([ruling({"permit": "wowmini.302.3"}, card="Wrath")])
    assert table.state.rulings[0]["ruling_id"] == "r1"
    wrath = table.do(type="play_card", player="p1", character="malfurion", card="Wrath", targets=["grunt"])
    overridden = [t for t in wrath.because if t.rule == "wowmini.302.3"][0]
    assert overridden.outcome == "overridden"
    assert overridden.overridden_by.kind == "ruling" and overridden.overridden_by.ruling_id == "r1"
    # The ruling names Wrath only: the druid's own attack stays forbidden.
    table.refuse("wowmini.302.3", type="attack", player="p1", character="malfurion", target="grunt")


def test_a_ruling_forbids_what_a_rule_allows_and_expires():
    table = Table({"characters": {"anduin": priest(square=(2, 2)), "grunt": orc((5, 2), clock=20)}})
    table.record([ruling({"forbid": "wowmini.300.5"}, card="Mind Blast", ruling_id="r7", until_position=2)])
    refused = table.refuse("wowmini.300.5", type="play_card", player="p1", character="anduin", card="Mind Blast",
                           targets=["grunt"])
    assert "Mind Blast forbids it" in refused.violations[0].message
    assert [t.overridden_by.ruling_id for t in refused.because if t.overridden_by] == ["r7", "r7"]
    table.do(type="reveal_card", player="p1", character="anduin", card="Shadowform")
    table.do(type="play_card", player="p1", character="anduin", card="Mind Blast", targets=["grunt"])


def test_card_text_may_permit_what_a_rule_forbids():
    thorns = card("Barkskin", cost=1, overrides=[{"permit": "wowmini.302.3"}], restriction="Druid")
    table = Table({"characters": {"malfurion": druid(bar=[card("Bear Form", kind="form", cost=2,
                                                              grants=[{"name": "Maul", "damage": 5}]), thorns]),
                                  "grunt": orc((5, 2), clock=20)}})
    table.do(type="play_card", player="p1", character="malfurion", card="Bear Form")
    table.do(type="pass", player="p1")
    bark = table.do(type="play_card", player="p1", character="malfurion", card="Barkskin")
    entry = [t for t in bark.because if t.rule == "wowmini.302.3"][0]
    assert entry.outcome == "overridden" and entry.overridden_by.kind == "card" and entry.overridden_by.name == "Barkskin"


# --- the catalog ---------------------------------------------------------------------------------

CHAPTER = (["wowmini.300"] + [f"wowmini.300.{i}" for i in range(1, 6)]
           + ["wowmini.301", "wowmini.301.1", "wowmini.301.2"] + [f"wowmini.301.2{c}" for c in "abcde"]
           + ["wowmini.302"] + [f"wowmini.302.{i}" for i in range(1, 6)]
           + ["wowmini.303"] + [f"wowmini.303.{i}" for i in range(1, 5)]
           + ["wowmini.304", "wowmini.304.1", "wowmini.304.2", "wowmini.304.2a", "wowmini.304.2b"])
SOURCES = Path(__file__).resolve().parents[2] / "adjudicator" / "wowmini"


def test_every_rule_of_chapter_3_is_in_the_catalog_in_english():
    for rule_id in CHAPTER:
        rule = catalog().get(rule_id)
        assert rule is not None, rule_id
        assert not rule.inferred and rule.source_document == "003_12b49723c528d6e8.txt"
        assert not re.search(r"\b(le|la|les|une|des|personnage)\b", rule.summary), rule_id


def test_every_rule_id_the_engine_cites_is_in_the_catalog():
    cited = set()
    for path in SOURCES.glob("*.py"):
        cited |= set(re.findall(r"""["'](wowmini\.[0-9a-z.]+)["']""", path.read_text(encoding="utf-8")))
    assert len(cited) > 30
    assert sorted(i for i in cited if i not in catalog()) == []


def test_rules_outside_the_chapter_are_marked_inferred():
    for rule_id in ("wowmini.202.2", "wowmini.403.2", "wowmini.405.3", "wowmini.703", "wowmini.timeline",
                    "wowmini.board", "wowmini.movement", "wowmini.respawn", "wowmini.victory"):
        assert catalog().get(rule_id).inferred, rule_id


def test_every_refusal_in_a_busy_game_cites_the_catalog():
    table = busy_table()
    probes = [
        {"type": "play_card", "player": "p2", "character": "malfurion", "card": "Wrath", "targets": ["grunt"]},
        {"type": "move", "player": "p1", "character": "totem-4", "to": [0, 0]},
        {"type": "heal", "player": "p1", "target": "totem-4", "amount": 1},
        {"type": "leave_form", "player": "p1", "character": "anduin"},
        {"type": "pass", "player": "p2"},
    ]
    for action in probes:
        decision = table.engine.decide(table.state, action)
        assert decision.violations, action
        assert all(v.rule in catalog() for v in decision.violations)


def test_what_a_judge_may_record_anyway_always_applies():
    """Illegal actions (here: every candidate played by the wrong player, and effects on every
    piece) still yield events that apply cleanly, or none at all."""
    table = busy_table()
    recorded = 0
    for state in table.at_rest[::4] + table.at_rest[-1:]:
        pieces = list(state.characters) + list(state.totems)
        actions = [{**a, "player": other} for p in state.seating for a, _ in candidates(state, p)
                   for other in state.seating if other != p]
        actions += [{"type": kind, "player": "p1", "target": pid, **extra} for pid in pieces
                     for kind, extra in (("damage", {"amount": 30, "area": True}), ("heal", {"amount": 2}),
                                         ("destroy", {}))]
        actions += [{"type": "respawn", "player": "p2", "character": pid, "square": [11, 11]} for pid in pieces]
        for action in actions:
            try:
                decision = ENGINE.decide(state, action)
            except InvalidAction:
                continue
            after = state
            for event in decision.events:
                after = ENGINE.evolve(after, event)
            ENGINE.to_document(after)
            recorded += bool(decision.violations and decision.events)
    assert recorded > 20
