"""The Spoils, narrated: whole situations played through the engine at an in-memory table.

Each ``scenario_*`` function plays a situation and returns its table; the tests below state what
the rules make of it, and ``tests/unit/test_spoils_invariants.py`` replays every position of every
scenario (legal actions agree with decide, events replay to the same state, positions round-trip)."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from adjudicator.spoils.table import Table
from events.models import spoils as E
from events.models.common import RulingRecorded
from tests.scenarios.spoils.engine.tables import POOL, character, events_of, in_play, pass_tactics, prepare_game


# --- 1. a full battle at speeds 4, 3 and 0 ----------------------------------------------------

def scenario_battle_at_speeds_4_3_0() -> Table:
    t = prepare_game({
        "swift": in_play("p1", character("Swift Outrider", 3, 2, 4)),
        "medium": in_play("p1", character("Steady Footman", 2, 3, 3)),
        "slow": in_play("p1", character("Lumbering Ogre", 4, 4, 0)),
        "guard": in_play("p2", character("Gate Guard", 4, 3, 3)),
        "wall": in_play("p2", character("Shield Wall", 2, 2, 3)),
    })
    t.act({"type": "attack", "player": "p1", "attackers": ["swift", "medium", "slow"]})
    pass_tactics(t)                                                    # 608.1c
    t.act({"type": "block", "player": "p2", "blockers": ["guard", "wall"]})
    pass_tactics(t)                                                    # 609.1a, X = 4
    t.act({"type": "assign_damage", "player": "p1",
           "assignments": [{"from": "swift", "to": "guard", "amount": 3}]})
    pass_tactics(t)                                                    # 609.1e, then 609.1f
    pass_tactics(t)                                                    # 609.1a, X = 3
    t.act({"type": "assign_damage", "player": "p2",                    # Medium went to Wall by itself
           "assignments": [{"from": "wall", "to": "swift", "amount": 2}]})
    pass_tactics(t)
    pass_tactics(t)                                                    # X = 0: no blocker left
    pass_tactics(t)
    return t


def test_battle_resolves_speed_levels_4_3_0_in_order():
    t = scenario_battle_at_speeds_4_3_0()
    levels = [e.speed for e in events_of(t, E.BattleStageStarted) if e.stage == "assign_attacker"]
    assert levels == [4, 3, 0]


def test_blocker_destroyed_before_its_speed_deals_no_damage():
    t = scenario_battle_at_speeds_4_3_0()
    destroyed = [e.card_id for e in events_of(t, E.CardDestroyed)]
    assert destroyed[0] == "guard"
    sources = [a["source"] for e in events_of(t, E.DamageAssigned) + events_of(t, E.DamageAssignedByRule)
               for a in e.assignments]
    assert "guard" not in sources
    assert "wall" in sources  # the other speed-3 blocker did deal its damage


def test_damage_at_one_speed_is_applied_simultaneously():
    t = scenario_battle_at_speeds_4_3_0()
    at_three = next(e for e in events_of(t, E.BattleDamageApplied) if e.speed == 3)
    assert at_three.totals == {"wall": 2, "swift": 2}
    assert {"wall", "swift"} <= {e.card_id for e in events_of(t, E.CardDestroyed)}


def test_leftover_damage_reaches_the_faction_once_no_blocker_is_left():
    t = scenario_battle_at_speeds_4_3_0()
    to_target = [e for e in events_of(t, E.DamageAssignedByRule) if e.speed == 0]
    assert to_target and to_target[0].assignments == [{"source": "slow", "to": "faction:p2", "amount": 4}]
    assert to_target[0].rule == "spoils.intro.unblocked-damage-to-target"
    lost = events_of(t, E.InfluenceLost)
    assert [(e.player, e.amount, e.influence, e.cause) for e in lost] == [("p2", 4, 21, "damage")]


def test_battle_ends_with_survivors_depleted_and_the_turn_resumes():
    t = scenario_battle_at_speeds_4_3_0()
    ended = events_of(t, E.BattleEnded)
    assert len(ended) == 1 and sorted(ended[0].depleted) == ["medium", "slow"]
    s = t.state
    assert s.battle is None and s.to_act == "p1"
    assert s.cards["medium"].depleted and s.cards["slow"].depleted
    assert s.cards["medium"].damage == 0


def test_blockers_do_not_deplete_when_they_block():
    t = prepare_game({"a": in_play("p1", character("Raider", 1, 5, 3)),
                      "b": in_play("p2", character("Sentry", 1, 5, 2))})
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    pass_tactics(t)
    t.act({"type": "block", "player": "p2", "blockers": ["b"]})
    assert not t.state.cards["b"].depleted
    assert t.state.cards["a"].depleted


# --- 2. a response chain three deep -----------------------------------------------------------

def scenario_response_chain_three_deep() -> tuple[Table, list]:
    t = prepare_game(hand_cards=(["Gnarled Recruit", "Second Wind"], ["Sting", "Counterspite"]), hands=(2, 2))
    marks = []
    marks.append(t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit", "id": "recruit"}))
    marks.append(t.act({"type": "respond", "player": "p2", "card": "Sting"}))
    marks.append(t.act({"type": "respond", "player": "p1", "card": "Second Wind"}))
    marks.append(t.act({"type": "respond", "player": "p2", "card": "Counterspite"}))
    for player in ("p1", "p2", "p1", "p2"):
        marks.append(t.act({"type": "pass", "player": player}))
    return t, marks


def test_response_chain_resolves_most_recent_first():
    t, marks = scenario_response_chain_three_deep()
    resolved = [e.name for e in events_of(t, E.PlayResolved)]
    assert resolved == ["Counterspite", "Second Wind", "Sting", "Gnarled Recruit"]
    assert "recruit" in t.state.cards and t.state.to_act == "p1" and not t.state.pending


def test_each_response_waits_for_the_other_player_only():
    t, marks = scenario_response_chain_three_deep()
    # After each play, only its opponent may act; one pass by that opponent resolves it.
    to_act = [st.to_act for st in t.states]
    played = [i for i, e in enumerate(t.log) if isinstance(e, E.CardPlayed)]
    assert [to_act[i] for i in played] == ["p2", "p1", "p2", "p1"]
    passes = [m for m in marks if any(isinstance(e, E.PlayerPassed) for e in m.events)]
    assert all(sum(isinstance(e, E.PlayResolved) for e in m.events) == 1 for m in passes)


def test_chain_trace_explains_why_a_single_pass_closes_the_window():
    t, marks = scenario_response_chain_three_deep()
    rules = {b.rule: b.detail for b in marks[4].because}
    assert "spoils.607.2b" in rules and "priority" in rules["spoils.607.2b"]
    assert "spoils.607.2c" in rules and "stack" in rules["spoils.607.2c"]


def test_responses_record_what_they_answer():
    t, _ = scenario_response_chain_three_deep()
    played = events_of(t, E.CardPlayed)
    assert [p.response_to for p in played] == [None, played[0].pending_id, played[1].pending_id, played[2].pending_id]


def test_chain_effects_apply_in_resolution_order():
    t, _ = scenario_response_chain_three_deep()
    s = t.state
    assert s.players["p1"].faction.influence == 23   # Counterspite (lose 1) and Sting (1 damage)
    assert s.players["p1"].hand == 1                  # played 2, Second Wind drew 1


# --- 3. responding to one's own play ------------------------------------------------------------

def scenario_respond_to_own_play() -> tuple[Table, Any, Any]:
    t = prepare_game(hand_cards=(["Gnarled Recruit", "Sting"], []), hands=(2, 3))
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    refused = t.check({"type": "respond", "player": "p1", "card": "Sting"})
    passing = t.check({"type": "pass", "player": "p1"})
    return t, refused, passing


def test_responding_to_ones_own_play_is_refused_with_607_1():
    t, refused, _ = scenario_respond_to_own_play()
    assert [v.rule for v in refused.violations] == ["spoils.607.1"]
    assert "own" in refused.violations[0].message
    # A judge may still record it: the tactic would wait, like any play, for p2's responses.
    played = refused.events[0]
    assert isinstance(played, E.CardPlayed) and played.response_to == t.state.pending[-1].id


def test_the_player_who_played_cannot_pass_for_the_opponent():
    _, _, passing = scenario_respond_to_own_play()
    assert [v.rule for v in passing.violations] == ["spoils.607.1"]


def test_playing_a_tactic_on_ones_own_turn_while_own_play_waits_is_refused():
    t, _, _ = scenario_respond_to_own_play()
    decision = t.check({"type": "play_card", "player": "p1", "card": "Sting"})
    assert "spoils.607.1" in [v.rule for v in decision.violations]


# --- 4. end of turn with a response -------------------------------------------------------------

def scenario_end_of_turn_with_a_response() -> tuple[Table, dict]:
    t = prepare_game(hand_cards=([], ["Parting Jab"]), hands=(3, 1))
    marks = {}
    marks["announce"] = t.act({"type": "end_turn", "player": "p1"})
    marks["to act after announce"] = t.state.to_act
    marks["late play"] = t.check({"type": "play_card", "player": "p1", "card": POOL["Gnarled Recruit"]})
    marks["respond"] = t.act({"type": "respond", "player": "p2", "card": "Parting Jab"})
    marks["p1 passes"] = t.act({"type": "pass", "player": "p1"})
    marks["p2 passes"] = t.act({"type": "pass", "player": "p2"})
    return t, marks


def test_opponent_gets_a_last_chance_to_respond_to_end_of_turn():
    t, marks = scenario_end_of_turn_with_a_response()
    assert [b.rule for b in marks["announce"].because][0] == "spoils.610.1"
    assert marks["to act after announce"] == "p2"
    assert not any(isinstance(e, E.TurnEnded) for e in marks["respond"].events + marks["p1 passes"].events)


def test_response_to_end_of_turn_resolves_then_the_turn_ends():
    t, marks = scenario_end_of_turn_with_a_response()
    assert [type(e).__name__ for e in marks["p1 passes"].events][:2] == ["PlayerPassed", "PlayResolved"]
    assert t.state.players["p1"].faction.influence == 23
    ended = [type(e).__name__ for e in marks["p2 passes"].events]
    assert ended[:4] == ["PlayerPassed", "PlayResolved", "TurnEnded", "TurnStarted"]
    assert t.state.active_player == "p2" and t.state.turn == 4 and t.state.stage == "develop"


def test_no_play_after_announcing_the_end_of_the_turn():
    _, marks = scenario_end_of_turn_with_a_response()
    [violation] = marks["late play"].violations
    assert violation.rule == "spoils.204.1" and "end of turn waits for responses (604.1g)" in violation.message


def test_start_of_turn_restores_and_heals():
    t = prepare_game({"c": in_play("p2", character("Bruised Guard", 1, 3, 3), damage=2, depleted=True)})
    t.state.players["p2"].resources["b1"].attached = True
    t.act({"type": "end_turn", "player": "p1"})
    d = t.act({"type": "pass", "player": "p2"})
    restored = next(e for e in d.events if isinstance(e, E.CardsRestored))
    assert restored.player == "p2" and restored.cards == ["c"] and restored.resources == ["b1"]
    assert t.state.cards["c"].damage == 0 and not t.state.cards["c"].depleted
    assert t.state.cards["c"].can_attack


# --- 5. attacking the turn a character entered play ---------------------------------------------

def scenario_new_character_attacks() -> tuple[Table, Any]:
    t = prepare_game(hand_cards=(["Gnarled Recruit"], []), hands=(1, 0))
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit", "id": "recruit"})
    t.act({"type": "pass", "player": "p2"})
    refused = t.check({"type": "attack", "player": "p1", "attackers": ["recruit"]})
    return t, refused


def test_character_cannot_attack_the_turn_it_entered_play():
    t, refused = scenario_new_character_attacks()
    assert [v.rule for v in refused.violations] == ["spoils.608.1b"]
    assert "since the start of the turn" in refused.violations[0].message
    # Recorded anyway, it would still make a battle (a judge may log what happened).
    assert [type(e).__name__ for e in refused.events][:2] == ["AttackDeclared", "CardsDepleted"]


def test_character_may_attack_from_its_controllers_next_turn():
    t, _ = scenario_new_character_attacks()
    t.act({"type": "end_turn", "player": "p1"})
    t.act({"type": "pass", "player": "p2"})
    t.act({"type": "draw", "player": "p2"})
    t.act({"type": "end_turn", "player": "p2"})
    t.act({"type": "pass", "player": "p1"})
    t.act({"type": "draw", "player": "p1"})
    assert t.check({"type": "attack", "player": "p1", "attackers": ["recruit"]}).legal


def test_a_judge_ruling_permits_what_608_1b_forbids_and_the_trace_names_it():
    t, _ = scenario_new_character_attacks()
    t.ruling(RulingRecorded(judge="head judge", ruling_id="R-7", rule="spoils.608.1b", card="Gnarled Recruit",
                            effect={"permit": "spoils.608.1b"}, reason="the card's errata gives it haste"))
    decision = t.check({"type": "attack", "player": "p1", "attackers": ["recruit"]})
    assert decision.legal
    entry = next(b for b in decision.because if b.rule == "spoils.608.1b")
    assert entry.outcome == "overridden" and entry.overridden_by.kind == "ruling"
    assert entry.overridden_by.ruling_id == "R-7"


def test_a_card_in_play_permits_what_608_1b_forbids_by_the_golden_rule():
    t = prepare_game({"drums": in_play("p1", {"name": "War Drums", "type": "location", "structure": 4,
                                              "effects": [{"permit": "spoils.608.1b", "applies_to": "your_characters"}]}),
                      "fresh": in_play("p1", character("Eager Squire", 1, 1, 3), can_attack=False)})
    decision = t.check({"type": "attack", "player": "p1", "attackers": ["fresh"]})
    assert decision.legal
    rules = [(b.rule, b.outcome, b.overridden_by.name if b.overridden_by else None) for b in decision.because]
    assert ("spoils.608.1b", "overridden", "War Drums") in rules
    assert ("spoils.101.1", "applied", "War Drums") in rules


def test_a_ruling_forbidding_overrides_a_permission_cannot_beats_can():
    t = prepare_game({"drums": in_play("p1", {"name": "War Drums", "type": "location", "structure": 4,
                                              "effects": [{"permit": "spoils.608.1b", "applies_to": "your_characters"}]}),
                      "fresh": in_play("p1", character("Eager Squire", 1, 1, 3), can_attack=False)})
    t.ruling(RulingRecorded(judge="j", ruling_id="R-1", rule="spoils.608.1b", card=None,
                            effect={"forbid": "spoils.608.1b"}, reason="tournament ruling"))
    decision = t.check({"type": "attack", "player": "p1", "attackers": ["fresh"]})
    assert [v.rule for v in decision.violations] == ["spoils.608.1b"]
    assert "spoils.402.7" in [b.rule for b in decision.because]


# --- 6. a draw by simultaneous 0 influence -----------------------------------------------------

def scenario_mutual_ruin_draw() -> Table:
    t = prepare_game(influence=(2, 2), hand_cards=(["Mutual Ruin"], []), hands=(1, 0))
    t.act({"type": "play_card", "player": "p1", "card": "Mutual Ruin"})
    t.act({"type": "pass", "player": "p2"})
    return t


def test_both_factions_reaching_zero_at_once_is_a_draw():
    t = scenario_mutual_ruin_draw()
    assert [(e.player, e.influence) for e in events_of(t, E.InfluenceLost)] == [("p1", 0), ("p2", 0)]
    assert {e.player for e in events_of(t, E.PlayerLost)} == {"p1", "p2"}
    drawn = events_of(t, E.GameDrawn)
    assert len(drawn) == 1 and drawn[0].rule == "spoils.102.2"
    assert t.engine.status(t.state) == ("finished", {"player": None, "by": "draw"})


def test_one_faction_at_zero_loses_and_the_other_wins():
    t = prepare_game(influence=(5, 1), hand_cards=(["Sting"], []), hands=(1, 0))
    t.act({"type": "play_card", "player": "p1", "card": "Sting"})
    t.act({"type": "pass", "player": "p2"})
    assert t.engine.status(t.state) == ("finished", {"player": "p1", "by": "influence"})
    assert events_of(t, E.GameWon)[0].rule == "spoils.102.1"


def test_no_action_after_the_game_is_over():
    from adjudicator.core import GameOver

    t = scenario_mutual_ruin_draw()
    with pytest.raises(GameOver):
        t.check({"type": "concede", "player": "p1"})


SCENARIOS: dict[str, Callable[[], Table]] = {
    "battle at speeds 4, 3, 0": scenario_battle_at_speeds_4_3_0,
    "response chain three deep": lambda: scenario_response_chain_three_deep()[0],
    "respond to own play": lambda: scenario_respond_to_own_play()[0],
    "end of turn with a response": lambda: scenario_end_of_turn_with_a_response()[0],
    "new character attacks": lambda: scenario_new_character_attacks()[0],
    "mutual ruin draw": scenario_mutual_ruin_draw,
}
