"""The Spoils engine at an in-memory table, cards in play: kinds of damage and when it heals,
destruction at 0 life, influence loss that is not damage, uniqueness, attachments leaving with their
target, tokens, and a character whose controller changes in a battle.  Its scenarios join the
invariants run (``MECHANISMS``)."""
from __future__ import annotations

from typing import Callable

from adjudicator.spoils.table import Table
from events.models import spoils as E
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, prepare_game, rules_of, tactic


# --- 408 damage -------------------------------------------------------------------------------

def scenario_damage_kinds() -> Table:
    pool = {"Firebolt": tactic("Firebolt", [{"damage": 2, "to": "grunt"}, {"damage": 2, "to": "tower"}])}
    t = prepare_game({"grunt": in_play("p2", character("Grunt", 1, 3, 3)),
                      "tower": in_play("p2", {"name": "Watchtower", "type": "location", "structure": 3})},
                     pool=pool)
    t.act({"type": "play_card", "player": "p1", "card": "Firebolt"})
    t.act({"type": "pass", "player": "p2"})
    t.act({"type": "end_turn", "player": "p1"})
    t.act({"type": "pass", "player": "p2"})
    t.act({"type": "draw", "player": "p2"})
    t.act({"type": "end_turn", "player": "p2"})
    t.act({"type": "pass", "player": "p1"})
    t.act({"type": "draw", "player": "p1"})
    t.act({"type": "play_card", "player": "p1", "card": "Firebolt"})
    t.act({"type": "pass", "player": "p2"})
    return t


def test_character_damage_heals_each_turn_location_damage_stays():
    t = scenario_damage_kinds()
    destroyed = [e.card_id for e in events_of(t, E.CardDestroyed)]
    assert destroyed == ["tower"]                       # 2 + 2 >= 3 structure, over two turns
    assert t.state.cards["grunt"].damage == 2            # 2 this turn only; last turn's 2 were healed
    assert t.state.players["p2"].discard == ["Watchtower"]


def test_character_is_destroyed_when_damage_reaches_life():
    t = prepare_game({"g": in_play("p2", character("Grunt", 1, 2, 3))},
                     pool={"Zap": tactic("Zap", {"damage": 2, "to": "g"})})
    t.act({"type": "play_card", "player": "p1", "card": "Zap"})
    d = t.act({"type": "pass", "player": "p2"})
    assert any(isinstance(e, E.CardDestroyed) and e.rule == "spoils.408.4" for e in d.events)


def test_a_character_with_zero_life_is_destroyed():
    t = prepare_game({"g": in_play("p2", character("Grunt", 1, 2, 3))},
                     pool={"Wither": tactic("Wither", {"modify": {"card": "g", "life": -2}, "until": "turn"})})
    t.act({"type": "play_card", "player": "p1", "card": "Wither"})
    d = t.act({"type": "pass", "player": "p2"})
    assert [e.rule for e in d.events if isinstance(e, E.CardDestroyed)] == ["spoils.faq.zero-life"]


def test_influence_loss_is_not_damage():
    shield = {"name": "Bulwark", "type": "location", "structure": 5,
              "effects": [{"modify": {"parameter": "damage", "by": -1}, "applies_to": "your_faction"}]}
    pool = {"Hex": tactic("Hex", [{"damage": 2, "to": "opponent_faction"}, {"lose_influence": 2}])}
    t = prepare_game({"b": in_play("p2", shield)}, pool=pool)
    t.act({"type": "play_card", "player": "p1", "card": "Hex"})
    t.act({"type": "pass", "player": "p2"})
    lost = [(e.amount, e.cause, e.rule) for e in events_of(t, E.InfluenceLost)]
    assert lost == [(1, "damage", "spoils.408.3"), (2, "effect", "spoils.408.3b")]
    assert t.state.players["p2"].faction.influence == 22


# --- 507.5 uniqueness, 301.4 attachments, 409 tokens -----------------------------------------

def scenario_uniqueness() -> Table:
    beatrix = character("Beatrix Winterbottom", 2, 2, 3, unique="Beatrix")
    t = prepare_game({"b1": in_play("p1", beatrix), "b3": in_play("p2", beatrix)},
                     pool={"Beatrix Winterbottom": beatrix})
    t.act({"type": "play_card", "player": "p1", "card": "Beatrix Winterbottom", "id": "b2"})
    t.act({"type": "pass", "player": "p2"})
    t.act({"type": "choose", "player": "p1", "choice": "b2"})
    return t


def test_controlling_two_cards_of_the_same_unique_keeps_one_of_the_controllers_choice():
    t = scenario_uniqueness()
    required = events_of(t, E.ChoiceRequired)[0]
    assert (required.kind, required.player, required.options, required.rule) == ("unique", "p1", ["b1", "b2"], "spoils.507.5a")
    assert [e.card_id for e in events_of(t, E.CardDestroyed)] == ["b1"]
    assert {"b2", "b3"} <= set(t.state.cards)  # the opponent's own copy stays


def test_nothing_else_happens_until_the_unique_choice_is_made():
    beatrix = character("Beatrix Winterbottom", 2, 2, 3, unique="Beatrix")
    t = prepare_game({"b1": in_play("p1", beatrix)}, pool={"Beatrix Winterbottom": beatrix})
    t.act({"type": "play_card", "player": "p1", "card": "Beatrix Winterbottom", "id": "b2"})
    t.act({"type": "pass", "player": "p2"})
    assert rules_of(t.check({"type": "end_turn", "player": "p1"})) == ["spoils.507.5a"]
    assert [la.action["choice"] for la in t.engine.legal_actions(t.state, "p1") if la.action["type"] == "choose"] == ["b1", "b2"]


def scenario_attachment_leaves_with_its_target() -> Table:
    blade = {"name": "Rusty Blade", "type": "item", "cost": 1, "attach_to": "character", "strength": 2}
    t = prepare_game({"knight": in_play("p1", character("Knight", 2, 2, 3))},
                     pool={"Rusty Blade": blade, "Smite": tactic("Smite", {"destroy": "knight"})})
    t.act({"type": "play_card", "player": "p1", "card": "Rusty Blade", "attach_to": "knight", "id": "blade"})
    t.act({"type": "pass", "player": "p2"})
    t.act({"type": "end_turn", "player": "p1"})
    t.act({"type": "respond", "player": "p2", "card": "Smite"})
    t.act({"type": "pass", "player": "p1"})
    return t


def test_gear_adjusts_the_attached_characters_statistics():
    blade = {"name": "Rusty Blade", "type": "item", "cost": 1, "attach_to": "character", "strength": 2}
    t = prepare_game({"knight": in_play("p1", character("Knight", 2, 2, 3))}, pool={"Rusty Blade": blade})
    t.act({"type": "play_card", "player": "p1", "card": "Rusty Blade", "attach_to": "knight"})
    t.act({"type": "pass", "player": "p2"})
    assert t.document()["cards"]["knight"]["effective"]["strength"] == 4


def test_attachments_leave_play_with_their_target():
    t = scenario_attachment_leaves_with_its_target()
    destroyed = [(e.card_id, e.rule) for e in events_of(t, E.CardDestroyed)]
    assert destroyed == [("knight", "spoils.304.1"), ("blade", "spoils.301.4")]
    assert sorted(t.state.players["p1"].discard) == ["Knight", "Rusty Blade"]


def test_attachment_without_a_target_is_refused_with_507_2a():
    blade = {"name": "Rusty Blade", "type": "item", "cost": 1, "attach_to": "character", "strength": 2}
    t = prepare_game(pool={"Rusty Blade": blade})
    assert rules_of(t.check({"type": "play_card", "player": "p1", "card": "Rusty Blade"})) == ["spoils.507.2a"]


def scenario_tokens() -> Table:
    pool = {"Majig Factory": tactic("Majig Factory", [{"create_token": "micromajig", "id": "m1"},
                                                        {"tokens": 2, "card": "m1"}]),
            "Scrap": tactic("Scrap", {"destroy": "m1"})}
    t = prepare_game(pool=pool)
    t.act({"type": "play_card", "player": "p1", "card": "Majig Factory"})
    t.act({"type": "pass", "player": "p2"})
    t.act({"type": "play_card", "player": "p1", "card": "Scrap"})
    t.act({"type": "pass", "player": "p2"})
    return t


def test_micromajig_tokens_are_gearsmith_characters_that_vanish_when_they_leave_play():
    t = scenario_tokens()
    entered = events_of(t, E.CardEnteredPlay)[0]
    assert entered.how == "token" and entered.rule == "spoils.409.3c"
    assert (entered.card["strength"], entered.card["life"], entered.card["speed"], entered.card["subtypes"]) == (1, 1, 3, ["majig"])
    assert events_of(t, E.TokensChanged)[0].tokens == 2
    assert "m1" not in t.state.cards and "Micromajig Token" not in t.state.players["p1"].discard


# --- 407 control ------------------------------------------------------------------------------

def scenario_control_change_in_battle() -> Table:
    pool = {"Defection": tactic("Defection", {"gain_control": "raider"})}
    t = prepare_game({"raider": in_play("p1", character("Raider", 3, 3, 3)),
                      "sentry": in_play("p2", character("Sentry", 1, 4, 2))},
                     pool=pool, hand_cards=([], ["Defection"]), hands=(0, 1))
    t.act({"type": "attack", "player": "p1", "attackers": ["raider"]})
    t.act({"type": "pass", "player": "p1"})
    t.act({"type": "play_card", "player": "p2", "card": "Defection"})
    t.act({"type": "pass", "player": "p1"})
    t.act({"type": "pass", "player": "p2"})
    t.act({"type": "block", "player": "p2", "blockers": []})
    return t


def test_a_character_whose_controller_changes_leaves_the_battle():
    t = scenario_control_change_in_battle()
    removed = events_of(t, E.RemovedFromBattle)
    assert [(e.card_id, e.rule) for e in removed] == [("raider", "spoils.407.4")]
    assert t.state.cards["raider"].controller == "p2" and not t.state.cards["raider"].can_attack
    assert t.state.battle is None and events_of(t, E.BattleEnded)[0].depleted == []



MECHANISMS: dict[str, Callable[[], Table]] = {
    "damage kinds": scenario_damage_kinds,
    "uniqueness": scenario_uniqueness,
    "attachment leaves with its target": scenario_attachment_leaves_with_its_target,
    "tokens": scenario_tokens,
    "control change in battle": scenario_control_change_in_battle,
}
