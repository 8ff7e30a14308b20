"""The Spoils engine's contract: parsing actions, creating games, documents, status, card data."""
from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core import InvalidAction, InvalidSetup
from adjudicator.registry import engine_for
from adjudicator.spoils.builder import abilities_from_text, deck_problems, faction_from_card, spec_from_card
from adjudicator.spoils.engine import SpoilsEngine
from adjudicator.kernel import Change, combine
from adjudicator.spoils.text.subjects import SPOILS
from events.models.base import registry
from events.models.common import GameCreated
from tests.scenarios.spoils.engine.tables import character, in_play, prepare_game

ENGINE = SpoilsEngine()


def test_registry_finds_the_spoils_engine():
    assert isinstance(engine_for("spoils"), SpoilsEngine)


def test_create_returns_game_created_with_a_full_state_document():
    [event] = ENGINE.create([{"id": "a"}, {"id": "b"}], "a", None)
    assert isinstance(event, GameCreated) and event.game_name == "spoils" and event.first_player == "a"
    doc = event.state
    assert doc["game"] == "spoils" and doc["position"] == 0 and doc["stage"] == "mulligan"
    assert doc["players"]["a"]["faction"]["influence"] == 25 and doc["players"]["b"]["hand"] == 9


@pytest.mark.parametrize("action, field", [
    ({"type": "fly", "player": "p1"}, "type"),
    ({"type": "attack", "player": "p1"}, "attackers"),
    ({"type": "attack", "player": "p1", "attackers": []}, "attackers"),
    ({"type": "pass", "player": "p1", "colour": "red"}, "colour"),
    ({"type": "assign_damage", "player": "p1", "assignments": [{"from": "a", "to": "b", "amount": -1}]},
     "assignments.0.amount"),
    ({"type": "pass", "player": "p9"}, "player"),
    ({"type": "play_card", "player": "p1", "card": "No Such Card"}, "card"),
    ({"type": "play_card", "player": "p1", "card": {"name": "X", "type": "spell"}}, "card.type"),
    ({"type": "play_card", "player": "p1", "card": {"name": "X", "type": "tactic"}, "effect": {"explode": 1}},
     "effect.0"),
    ({"type": "respond", "player": "p2"}, "card"),
])
def test_unparseable_actions_raise_invalid_action_naming_the_field(action, field):
    t = prepare_game()
    with pytest.raises(InvalidAction) as info:
        t.check(action)
    assert field in [e["field"] for e in info.value.errors], info.value.errors


@pytest.mark.parametrize("setup, field", [
    ({"stage": "main", "active_player": "p1", "players": {"p1": {"hand": "many"}}}, "setup.players.p1.hand"),
    ({"stage": "battle"}, "setup.stage"),
    ({"stage": "main", "active_player": "p1", "cards": {"x": {"name": "X", "type": "character",
                                                             "owner": "p7", "controller": "p1"}}}, "setup"),
    ({"seating": ["p1", "p3"]}, "setup.seating"),
    ({"players": {"p1": {"faction": {"influence": "lots"}}}}, "setup.players.p1.faction.influence"),
])
def test_setups_that_do_not_fit_raise_invalid_setup_with_field_errors(setup, field):
    with pytest.raises(InvalidSetup) as info:
        ENGINE.create([{"id": "p1"}, {"id": "p2"}], "p1", setup)
    assert any(e["field"].startswith(field) for e in info.value.errors), info.value.errors


def test_first_player_must_be_a_player():
    with pytest.raises(InvalidSetup):
        ENGINE.create([{"id": "p1"}, {"id": "p2"}], "p3", None)


def test_document_carries_effective_statistics_icons_and_the_open_window():
    t = prepare_game({"k": in_play("p1", character("Knight", 2, 3, 3), modifiers=[{"strength": 2, "until": "turn"}])})
    doc = t.document()
    assert doc["cards"]["k"]["effective"] == {"strength": 4, "life": 3, "speed": 3, "keywords": [], "types": ["character"]}
    assert doc["players"]["p1"]["icons"] == {"R": 4} and doc["players"]["p1"]["unattached"] == 4
    assert doc["window"] == {"step": "main", "players": ["p1"]}


def test_evolve_leaves_the_given_state_untouched():
    t = prepare_game()
    before = t.state.model_dump()
    decision = ENGINE.decide(t.state, {"type": "end_turn", "player": "p1"})
    ENGINE.evolve(t.state, decision.events[0])
    assert t.state.model_dump() == before


def test_every_spoils_event_is_registered_and_frozen():
    types = registry.types("spoils")
    for name in ("CardPlayed", "PlayerPassed", "AttackDeclared", "DamageDealt", "InfluenceLost", "GameDrawn",
                 "TurnStarted", "PlayResolved", "CardDestroyed", "RulingRecorded", "GameCreated"):
        assert name in types
    event = types["PlayerPassed"](player="p1", window="main")
    with pytest.raises(Exception):
        event.player = "p2"
    assert types["PlayerPassed"].is_action and not types["DamageDealt"].is_action


def test_status_reports_the_winner():
    t = prepare_game()
    assert ENGINE.status(t.state) == ("in_progress", None)
    t.act({"type": "concede", "player": "p2"})
    assert ENGINE.status(t.state) == ("finished", {"player": "p1", "by": "concession"})


def test_increases_come_before_reductions_and_reductions_stop_at_zero():
    assert combine(2, [Change(-3, "a"), Change(1, "b")], "x", SPOILS)[0] == 0
    value, trace = combine(1, [Change(-3, "a")], "x", SPOILS)
    assert value == 0 and [t.rule for t in trace] == ["spoils.410.3", "spoils.410.4"]


# --- card data --------------------------------------------------------------------------------

def test_printed_card_text_gives_keywords_abilities_and_statistics():
    spec = spec_from_card("Shrouded Demon", "Character", "3", "COVERT\n\n[O][O][O]: This card gains 2 life.",
                          {"threshold": "O", "strength": "2", "life": "1", "speed": "3", "subtype": "demon",
                           "trade": "Arcanist"})
    assert (spec.type, spec.cost, spec.threshold, spec.strength, spec.life, spec.speed) == ("character", 3, "O", 2, 1, 3)
    assert spec.keywords == ["covert"] and spec.subtypes == ["demon"]
    gear = spec_from_card("Blade", "Item", "1", "ATTACH to Character\nUNIQUE Bladefist", {"strength": "+2"})
    assert gear.attach_to == "character" and gear.strength == 2 and gear.unique == "Bladefist"
    staple = spec_from_card("Obsession", "Resource", "", "Provides - [O]", {"subtype": "Staple"})
    assert staple.provides == "O" and staple.is_staple


def test_faction_text_gives_influence_draws_and_abilities():
    text = ("Influence 20\nSTARTING RESOURCES: 1 Rage, 1 staple resource.\nSTARTING DRAW: 8 going first, 9 going "
            "second.\nDRAW\nCOST: Pay 3.\nEFFECT: Draw a card.\nRESOURCE\nCOST: Pay 4.\nEFFECT: Play a resource.\n"
            "FOR GREAT JUSTICE!\nCOST: Pay 5.  Pick a character you control.\nEFFECT: Inflict X damage.")
    faction = faction_from_card("Hall of Great Justice", text)
    assert faction.influence == 20 and faction.starting_draw == {"first": 8, "second": 9}
    assert [(a.name, a.cost) for a in faction.abilities] == [("DRAW", 3), ("RESOURCE", 4), ("FOR GREAT JUSTICE!", 5)]
    assert faction.abilities[0].effect == [{"draw": 1}] and faction.abilities[2].effect == []


def test_ability_costs_read_pay_and_deplete():
    [ability] = abilities_from_text("ZAP\nCOST: Deplete this card. Pay 2.\nEFFECT: Inflict 1 damage.")
    assert (ability.name, ability.cost, ability.deplete) == ("ZAP", 2, True)


def test_deck_size_and_copy_limits():
    pool = {"Obsession": {"keywords": ["staple"]}, "Imp": {}}
    problems = deck_problems(["Imp"] * 5 + ["Obsession"] * 40, pool)
    assert [p["rule"] for p in problems] == ["spoils.103.1b", "spoils.103.1c"]
    assert deck_problems(["Imp"] * 5 + ["Obsession"] * 40, pool, "limited") == []
    assert deck_problems(["Imp"] * 4 + ["Obsession"] * 71, pool) == []


DECKS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn"


@pytest.mark.skipif(not DECKS.exists(), reason="the shared OCTGN data is not present")
def test_every_real_deck_builds_a_game():
    from adjudicator.spoils.builder import game_from_decks
    from rulings.importers import build_catalog, load_o8d

    catalog, _ = build_catalog([DECKS / "sets"], card_files=[])
    for path in sorted((DECKS / "decks").glob("*.o8d")):
        deck = load_o8d(path, catalog, allow_unknown=True)
        players, setup = game_from_decks({"p1": deck, "p2": deck}, catalog)
        [created] = ENGINE.create(players, "p1", setup)
        state = ENGINE.apply(None, created)
        assert len(state.players["p1"].resources) == 2, path.name
        assert state.players["p1"].hand == state.players["p1"].faction.starting_draw["first"]
        assert state.players["p2"].deck == len(players[1]["deck"]) - 9
        assert players[0]["deck_problems"], f"{path.name}: a precon is smaller than 75 cards (103.1b)"


def test_with_three_players_every_opponent_passes_in_turn_before_a_play_resolves():
    from adjudicator.spoils.table import Table
    from tests.scenarios.spoils.engine.tables import POOL

    setup = {"stage": "main", "turn": 2, "active_player": "p1", "card_pool": POOL,
             "players": {p: {"hand": 3, "resources": {f"{p}r{i}": {"name": "Rage", "icons": "R"} for i in range(4)}}
                         for p in ("p1", "p2", "p3")}}
    t = Table(("p1", "p2", "p3"), "p1", setup)
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    assert t.document()["window"]["players"] == ["p2", "p3"] and t.state.to_act == "p2"
    d = t.act({"type": "pass", "player": "p2"})
    assert [type(e).__name__ for e in d.events] == ["PlayerPassed"] and t.state.to_act == "p3"
    t.act({"type": "respond", "player": "p3", "card": "Sting"})
    assert t.document()["window"]["players"] == ["p1", "p2"]
    t.act({"type": "pass", "player": "p1"})
    d = t.act({"type": "pass", "player": "p2"})
    assert [e.name for e in d.events if type(e).__name__ == "PlayResolved"] == ["Sting"]
    assert t.state.to_act == "p3"  # back in the window of the first play, where p3 was deciding
    d = t.act({"type": "pass", "player": "p3"})
    assert [e.name for e in d.events if type(e).__name__ == "PlayResolved"] == ["Gnarled Recruit"]


def test_a_ruling_may_change_a_parameter_of_a_card():
    from events.models.common import RulingRecorded

    t = prepare_game({"k": in_play("p1", character("Knight", 2, 3, 3))})
    t.ruling(RulingRecorded(judge="j", ruling_id="R-9", rule="spoils.201.7b", card="Knight",
                            effect={"modify": {"parameter": "strength", "by": 2}}, reason="errata"))
    assert t.document()["cards"]["k"]["effective"]["strength"] == 4
