"""The Spoils, mechanism by mechanism: game start, develop, faction abilities, costs and thresholds,
damage, uniqueness, attachments, tokens, control changes, triggers, replacements, loops, covert
and unblockable parties, and the precedence rules.  Scenarios here join the invariants run."""
from __future__ import annotations

from typing import Callable

import pytest

from adjudicator.spoils.table import Refused, Table
from events.models import spoils as E
from events.models.common import RulingRecorded
from tests.scenarios.test_spoils_scenarios import (
    POOL, character, events_of, in_play, pass_tactics, prepare_game, tactic,
)


def rules_of(decision) -> list[str]:
    return [v.rule for v in decision.violations]


# --- 601 game start ---------------------------------------------------------------------------

def fresh_game(first: str | None = "p1", **setup) -> Table:
    players = [{"id": "p1", "faction": {"starting_resources": ["Rage", "Rage"]}, "deck": 60},
               {"id": "p2", "faction": {"name": "Moist Cave of the Darkpump", "starting_influence": 20,
                                        "starting_resources": ["Obsession", "Greed"]}, "deck": 60}]
    return Table(players, first, {"card_pool": POOL, **setup})


def scenario_game_start() -> Table:
    t = fresh_game()
    t.act({"type": "mulligan", "player": "p1", "count": 0})
    t.act({"type": "mulligan", "player": "p2", "count": 3})
    t.act({"type": "play_resource", "player": "p1", "card": "Rage", "face_up": True})
    return t


def test_factions_start_in_play_at_their_starting_influence():
    s = fresh_game().state
    assert s.players["p1"].faction.influence == 25
    assert s.players["p2"].faction.influence == 20 and s.players["p2"].faction.name == "Moist Cave of the Darkpump"


def test_starting_resources_are_in_play_face_up():
    s = fresh_game().state
    assert [(r.name, r.face_up, r.icons) for r in s.players["p2"].resources.values()] == \
        [("Obsession", True, "O"), ("Greed", True, "G")]


def test_first_player_draws_eight_second_player_nine():
    s = fresh_game().state
    assert (s.players["p1"].hand, s.players["p2"].hand) == (8, 9)
    assert (s.players["p1"].deck, s.players["p2"].deck) == (50, 49)
    assert s.stage == "mulligan" and s.to_act == "p1"


def test_mulligan_is_single_and_clockwise_then_the_first_turn_begins():
    t = fresh_game()
    assert rules_of(t.check({"type": "mulligan", "player": "p2", "count": 1})) == ["spoils.601.1g"]
    t.act({"type": "mulligan", "player": "p1", "count": 2, "cards": ["Sting", "Sting"], "drawn": ["Second Wind"]})
    assert t.state.players["p1"].hand == 8 and t.state.players["p1"].deck_cards == ["Sting", "Sting"]
    assert t.state.players["p1"].hand_cards == ["Second Wind"]
    assert rules_of(t.check({"type": "mulligan", "player": "p1", "count": 1})) == ["spoils.601.1g", "spoils.601.1f"]
    d = t.act({"type": "mulligan", "player": "p2", "count": 0})
    assert [type(e).__name__ for e in d.events] == ["MulliganTaken", "TurnStarted", "CardsRestored"]
    assert t.state.turn == 1 and t.state.active_player == "p1" and t.state.stage == "develop"


def test_a_player_chosen_at_random_decides_who_plays_first():
    t = fresh_game(first=None, chooser="p2")
    assert t.state.stage == "choose_first_player" and t.state.chooser == "p2"
    assert t.log[0].first_player == "p2"
    assert rules_of(t.check({"type": "choose_first_player", "player": "p1", "first_player": "p1"})) == ["spoils.601.1c"]
    d = t.act({"type": "choose_first_player", "player": "p2", "first_player": "p1"})
    assert d.events[1] == E.StartingHandsDrawn(hands={"p1": 8, "p2": 9})
    assert t.state.first_player == "p1" and t.state.stage == "mulligan"


def test_the_random_chooser_is_seeded_and_recorded():
    a = fresh_game(first=None, seed=7).state.chooser
    assert a == fresh_game(first=None, seed=7).state.chooser and a in ("p1", "p2")


# --- 602 start of turn, develop --------------------------------------------------------------

def test_develop_is_a_draw_or_a_resource_not_both():
    t = scenario_game_start()
    assert t.state.stage == "main" and len(t.state.players["p1"].resources) == 3
    d = t.check({"type": "draw", "player": "p1"})
    assert rules_of(d) == ["spoils.faq.draw-or-resource"]


def test_develop_comes_before_the_turns_other_actions():
    t = fresh_game()
    t.act({"type": "mulligan", "player": "p1", "count": 0})
    t.act({"type": "mulligan", "player": "p2", "count": 0})
    d = t.check({"type": "faction_ability", "player": "p1", "ability": "DRAW"})
    assert rules_of(d)[0] == "spoils.202.8"
    assert "spoils.engine.develop-first" in [b.rule for b in d.because]


def test_only_real_resources_are_played_face_up_face_down_gives_volition():
    t = fresh_game()
    t.act({"type": "mulligan", "player": "p1", "count": 0})
    t.act({"type": "mulligan", "player": "p2", "count": 0})
    assert rules_of(t.check({"type": "play_resource", "player": "p1", "card": "Sting", "face_up": True})) == ["spoils.203.2"]
    t.act({"type": "play_resource", "player": "p1", "card": "Sting"})
    res = list(t.state.players["p1"].resources.values())[-1]
    assert not res.face_up and res.provided() == "V"
    assert t.document()["players"]["p1"]["icons"] == {"R": 2, "V": 1}


# --- faction abilities and responses ----------------------------------------------------------

def scenario_faction_ability_on_the_opponents_turn() -> Table:
    t = prepare_game(hand_cards=(["Gnarled Recruit"], []), hands=(1, 2))
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    t.act({"type": "respond", "player": "p2", "faction_ability": "DRAW", "cards": ["Sting"]})
    t.act({"type": "pass", "player": "p1"})
    return t


def test_faction_draw_ability_is_used_in_response_on_the_opponents_turn():
    t = scenario_faction_ability_on_the_opponents_turn()
    used = events_of(t, E.FactionAbilityUsed)[0]
    assert used.player == "p2" and used.cost == 3
    assert sum(r.attached for r in t.state.players["p2"].resources.values()) == 3
    assert t.state.players["p2"].hand == 3 and "Sting" in t.state.players["p2"].hand_cards
    assert t.state.to_act == "p2" and t.state.pending[-1].name == "Gnarled Recruit"


def test_faction_ability_on_the_opponents_turn_needs_something_to_respond_to():
    t = prepare_game()
    d = t.check({"type": "faction_ability", "player": "p2", "ability": "DRAW"})
    assert rules_of(d) == ["spoils.faq.faction-ability-timing"]


def test_faction_resource_ability_pays_four_and_plays_a_resource():
    t = prepare_game(hands=(2, 0))
    t.act({"type": "faction_ability", "player": "p1", "ability": "RESOURCE",
           "resource": {"card": "Rage", "face_up": True}})
    t.act({"type": "pass", "player": "p2"})
    res = t.state.players["p1"].resources
    assert len(res) == 5 and sum(r.attached for r in res.values()) == 4
    assert t.state.players["p1"].hand == 1


# --- 604-606, 405, 406 ------------------------------------------------------------------------

def test_threshold_counts_icons_in_play_attached_or_not_and_never_spends_them():
    pool = {"Brute": character("Brute", 3, 3, 3, cost=2, threshold="RR"),
            "Imp": character("Imp", 1, 1, 3, cost=0, threshold="RRRR")}
    t = prepare_game(hands=(2, 0), pool=pool)
    t.act({"type": "play_card", "player": "p1", "card": "Brute"})
    t.act({"type": "pass", "player": "p2"})
    d = t.act({"type": "play_card", "player": "p1", "card": "Imp"})  # two resources attached, four icons still
    assert "spoils.405.2" in [b.rule for b in d.because if b.outcome == "allowed"]


def test_missing_threshold_is_refused_with_405_2():
    t = prepare_game(pool={"Mystic": character("Mystic", 1, 1, 3, cost=1, threshold="OO")})
    d = t.check({"type": "play_card", "player": "p1", "card": "Mystic"})
    assert rules_of(d) == ["spoils.405.2"]
    assert "lacks OO" in d.violations[0].message


def test_unpayable_cost_is_refused_and_the_play_undone_whole():
    t = prepare_game(resources=(1, 4), pool={"Giant": character("Giant", 5, 5, 1, cost=6)})
    d = t.check({"type": "play_card", "player": "p1", "card": "Giant"})
    assert rules_of(d) == ["spoils.309.1"]
    assert "spoils.604.1e" in [b.rule for b in d.because]


def test_cost_increases_apply_before_reductions_and_never_below_zero():
    pool = {"Trinket": {"name": "Trinket", "type": "item", "cost": 2}}
    t = prepare_game({
        "guild": in_play("p1", {"name": "Thrifty Guild", "type": "location", "structure": 5,
                                "effects": [{"modify": {"parameter": "cost", "by": -3},
                                             "applies_to": {"controller": "you", "type": "item"}}]}),
        "tax": in_play("p2", {"name": "Tax Office", "type": "location", "structure": 5,
                              "effects": [{"modify": {"parameter": "cost", "by": 1},
                                           "applies_to": {"controller": "opponent"}}]}),
    }, pool=pool)
    d = t.act({"type": "play_card", "player": "p1", "card": "Trinket"})
    assert events_of(t, E.CardPlayed)[0].cost == 0  # 2 + 1 - 3, not (2 - 3 -> 0) + 1
    steps = next(b for b in d.because if b.rule == "spoils.410.3")
    assert "+1 (Tax Office)" in steps.detail and "-3 (Thrifty Guild)" in steps.detail


def test_card_played_for_free_costs_nothing_but_needs_its_threshold():
    t = prepare_game(resources=(0, 0), pool={"Gift": character("Gift", 1, 1, 1, cost=4, threshold="")})
    d = t.act({"type": "play_card", "player": "p1", "card": "Gift", "free": True})
    assert events_of(t, E.CardPlayed)[0].cost == 0 and "spoils.308.1" in [b.rule for b in d.because]


def test_character_cannot_be_played_on_the_opponents_turn():
    t = prepare_game(active="p2")
    d = t.check({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    assert rules_of(d) == ["spoils.204.1"]


def test_a_ruling_forbids_what_a_rule_permits():
    t = prepare_game()
    t.ruling(RulingRecorded(judge="j", ruling_id="R-2", rule="spoils.204.1", card="Gnarled Recruit",
                            effect={"forbid": "spoils.204.1"}, reason="banned for this event"))
    d = t.check({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    assert rules_of(d) == ["spoils.204.1"] and "forbidden by Gnarled Recruit" in d.violations[0].message
    entry = next(b for b in d.because if b.rule == "spoils.204.1")
    assert entry.outcome == "overridden" and entry.overridden_by.ruling_id == "R-2"


def test_abilities_pay_costs_and_deplete():
    totem = {"name": "Blood Totem", "type": "item", "abilities": [
        {"name": "BLEED", "cost": 1, "deplete": True, "effect": {"damage": 1, "to": "opponent_faction"}}]}
    t = prepare_game({"totem": in_play("p1", totem)})
    t.act({"type": "use_ability", "player": "p1", "card": "totem", "ability": "bleed"})
    assert t.state.cards["totem"].depleted
    t.act({"type": "pass", "player": "p2"})
    assert t.state.players["p2"].faction.influence == 24
    assert rules_of(t.check({"type": "use_ability", "player": "p1", "card": "totem", "ability": "BLEED"})) == ["spoils.303.2"]


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


# --- 503 triggers, 506 replacements, 414 loops ----------------------------------------------

def scenario_trigger_order() -> Table:
    herald = {"name": "Herald", "type": "location", "structure": 5,
              "triggers": [{"when": "card_enters_play", "name": "Herald's fanfare", "effect": {"draw": 1}}]}
    spy = {"name": "Spy Nest", "type": "location", "structure": 5,
           "triggers": [{"when": "card_enters_play", "name": "Spy report", "effect": {"draw": 1}}]}
    t = prepare_game({"herald": in_play("p1", herald), "spy": in_play("p2", spy)})
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    t.act({"type": "pass", "player": "p2"})
    spy_trigger = next(tr.id for tr in t.state.triggers if tr.card_id == "spy")
    t.act({"type": "choose", "player": "p1", "choice": spy_trigger})
    return t


def test_simultaneous_triggers_of_both_players_are_ordered_by_the_active_player():
    t = scenario_trigger_order()
    required = events_of(t, E.ChoiceRequired)[0]
    assert required.kind == "trigger_order" and required.player == "p1" and required.rule == "spoils.503.4"
    assert [e.name for e in events_of(t, E.TriggerResolved)] == ["Spy report", "Herald's fanfare"]
    assert [e.player for e in events_of(t, E.CardsDrawn)] == ["p2", "p1"]


def test_triggers_cannot_be_responded_to():
    t = prepare_game()
    d = t.act({"type": "resolve_trigger", "player": "p1", "name": "Dwarvish Grimalkin", "effect": {"draw": 1}})
    assert [type(e).__name__ for e in d.events] == ["TriggerRecorded", "CardsDrawn"]
    assert "spoils.503.2" in [b.rule for b in d.because] and not t.state.pending


def scenario_replacements() -> Table:
    phoenix = character("Phoenix", 2, 2, 3, replacements=[{"instead_of": "destroy", "do": "hand"}])
    undertow = {"name": "Undertow", "type": "location", "structure": 5,
                "replacements": [{"instead_of": "hand", "do": "destroy", "applies_to": "characters"}]}
    t = prepare_game({"phoenix": in_play("p2", phoenix), "undertow": in_play("p1", undertow),
                      "lark": in_play("p2", character("Lark", 1, 1, 3,
                                                      replacements=[{"instead_of": "destroy", "do": "removed"}]))},
                     pool={"Purge": tactic("Purge", [{"destroy": "phoenix"}, {"destroy": "lark"}])})
    t.act({"type": "play_card", "player": "p1", "card": "Purge"})
    t.act({"type": "pass", "player": "p2"})
    return t


def test_replacements_each_apply_once_to_the_same_event():
    t = scenario_replacements()
    applied = [(e.card_id, e.instead_of, e.done) for e in events_of(t, E.ReplacementApplied)]
    assert applied[:2] == [("phoenix", "destroy", "hand"), ("phoenix", "hand", "destroy")]
    assert [e.card_id for e in events_of(t, E.CardDestroyed)] == ["phoenix"]  # the cycle stops (506.5)


def test_a_replacement_changes_where_a_destroyed_card_goes():
    t = scenario_replacements()
    left = events_of(t, E.CardLeftPlay)
    assert [(e.card_id, e.to) for e in left] == [("lark", "removed")]
    assert t.state.players["p2"].removed == ["Lark"] and "Lark" not in t.state.players["p2"].discard


def scenario_endless_loop() -> Table:
    echo = {"name": "Echo Forge", "type": "location", "structure": 5,
            "triggers": [{"when": "card_enters_play", "name": "Echo", "effect": {"create_token": "micromajig"}}]}
    t = prepare_game({"forge": in_play("p1", echo)})
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    t.act({"type": "pass", "player": "p2"})
    return t


def test_an_endless_loop_of_effects_ends_the_game_in_a_draw():
    t = scenario_endless_loop()
    drawn = events_of(t, E.GameDrawn)
    assert len(drawn) == 1 and drawn[0].rule == "spoils.414.1"
    assert t.engine.status(t.state) == ("finished", {"player": None, "by": "draw"})


# --- 507.3 covert, 412 unblockable, 402.6 lose beats gain, attacking locations ------------

def covert_game() -> Table:
    return prepare_game({"shade": in_play("p1", character("Shade", 2, 2, 3, keywords=["covert"])),
                         "guard": in_play("p2", character("Guard", 2, 2, 3)),
                         "lurker": in_play("p2", character("Lurker", 1, 1, 3, keywords=["covert"]))})


def test_only_covert_characters_block_a_covert_party():
    t = covert_game()
    t.act({"type": "attack", "player": "p1", "attackers": ["shade"]})
    pass_tactics(t)
    assert rules_of(t.check({"type": "block", "player": "p2", "blockers": ["guard"]})) == ["spoils.507.3b"]
    assert t.check({"type": "block", "player": "p2", "blockers": ["lurker"]}).legal


def test_covert_characters_block_only_covert_parties():
    t = covert_game()
    t.state.cards["guard"].controller = "p1"
    t.state.cards["guard"].owner = "p1"
    t.act({"type": "attack", "player": "p1", "attackers": ["guard"]})
    pass_tactics(t)
    assert rules_of(t.check({"type": "block", "player": "p2", "blockers": ["lurker"]})) == ["spoils.507.3c"]


def test_losing_covert_beats_gaining_it():
    cloak = {"name": "Shadow Cloak", "type": "location", "structure": 3,
             "effects": [{"gain": "covert", "applies_to": "your_characters"}]}
    lamp = {"name": "Searchlight", "type": "location", "structure": 3,
            "effects": [{"lose": "covert", "applies_to": "opponent_characters"}]}
    t = prepare_game({"scout": in_play("p1", character("Scout", 1, 1, 3)), "cloak": in_play("p1", cloak),
                      "lamp": in_play("p2", lamp)})
    from adjudicator.spoils.precedence import keywords

    kws, trace = keywords(t.state, "scout")
    assert "covert" not in kws and [e.rule for e in trace] == ["spoils.402.6"]


def test_an_unblockable_party_cannot_be_blocked_and_hits_the_faction():
    t = prepare_game({"ghost": in_play("p1", character("Ghost", 2, 1, 3, keywords=["unblockable"])),
                      "guard": in_play("p2", character("Guard", 2, 2, 3))})
    t.act({"type": "attack", "player": "p1", "attackers": ["ghost"]})
    d = t.act({"type": "pass", "player": "p1"})
    d = t.act({"type": "pass", "player": "p2"})
    assert [e.stage for e in d.events if isinstance(e, E.BattleStageStarted)] == ["repeat", "tactics_a"]
    assert "spoils.413.1" in [b.rule for b in d.because]
    pass_tactics(t)
    pass_tactics(t)
    assert t.state.players["p2"].faction.influence == 23


def scenario_attack_a_location() -> Table:
    t = prepare_game({"ram": in_play("p1", character("Battering Ram", 3, 4, 1)),
                      "keep": in_play("p2", {"name": "Old Keep", "type": "location", "structure": 3})})
    t.act({"type": "attack", "player": "p1", "attackers": ["ram"], "target": "keep"})
    pass_tactics(t)                        # p2 has no character: no blockers step (608.1d)
    pass_tactics(t)
    pass_tactics(t)
    return t


def test_attacking_a_location_damages_and_destroys_it():
    t = scenario_attack_a_location()
    assert events_of(t, E.AttackDeclared)[0].target == {"kind": "location", "card": "keep", "player": "p2"}
    assert [e.card_id for e in events_of(t, E.CardDestroyed)] == ["keep"]
    assert t.state.players["p2"].faction.influence == 25


def test_a_player_cannot_attack_their_own_location_or_while_not_active():
    t = prepare_game({"ram": in_play("p1", character("Battering Ram", 3, 4, 1)),
                      "mine": in_play("p1", {"name": "My Keep", "type": "location", "structure": 3})})
    assert rules_of(t.check({"type": "attack", "player": "p1", "attackers": ["ram"], "target": "mine"})) == ["spoils.608.1a"]
    t2 = prepare_game({"ram": in_play("p1", character("Battering Ram", 3, 4, 1))}, active="p2")
    assert rules_of(t2.check({"type": "attack", "player": "p1", "attackers": ["ram"]})) == ["spoils.603.2c"]


def test_depleted_characters_do_not_attack():
    t = prepare_game({"tired": in_play("p1", character("Tired", 1, 1, 3), depleted=True)})
    assert rules_of(t.check({"type": "attack", "player": "p1", "attackers": ["tired"]})) == ["spoils.303.2"]


def test_refused_actions_raise_at_the_table_with_their_rules():
    t = prepare_game()
    with pytest.raises(Refused, match="spoils.603.2d"):
        t.act({"type": "pass", "player": "p1"})


MECHANISMS: dict[str, Callable[[], Table]] = {
    "game start": scenario_game_start,
    "faction ability on the opponent's turn": scenario_faction_ability_on_the_opponents_turn,
    "damage kinds": scenario_damage_kinds,
    "uniqueness": scenario_uniqueness,
    "attachment leaves with its target": scenario_attachment_leaves_with_its_target,
    "tokens": scenario_tokens,
    "control change in battle": scenario_control_change_in_battle,
    "trigger order": scenario_trigger_order,
    "replacements": scenario_replacements,
    "endless loop": scenario_endless_loop,
    "attack a location": scenario_attack_a_location,
}


def scenario_terminated_play() -> Table:
    t = prepare_game(pool={"Nullify": tactic("Nullify", {"terminate": "previous"}, cost=2)},
                     hand_cards=(["Gnarled Recruit"], ["Nullify"]), hands=(1, 1))
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit", "id": "recruit"})
    t.act({"type": "respond", "player": "p2", "card": "Nullify"})
    t.act({"type": "pass", "player": "p1"})
    return t


def test_a_terminated_card_never_resolves_and_goes_to_the_discard_pile():
    t = scenario_terminated_play()
    assert [e.rule for e in events_of(t, E.PlayTerminated)] == ["spoils.314.1"]
    assert "recruit" not in t.state.cards and t.state.players["p1"].discard == ["Gnarled Recruit"]
    assert not t.state.pending and t.state.to_act == "p1"


MECHANISMS["terminated play"] = scenario_terminated_play
