"""A Buffy challenge stage by stage (000, VII and IX), and the causes of fatigue (000, X) that do
not come from a fight, and the park victory."""
from __future__ import annotations

from typing import Any

from tests.scenarios.buffy.table import BUFFY, SPIKE, Table, character, cited, events

WILLOW = character("p1", "Willow", "p2.3", kind="companion",
                   talents={"butt_kicking": 1, "smarts": 4, "weirdness": 2, "charm": 1})
TRIAL = {"name": "Research Party", "owner": "p2", "location": "p2.3", "alignment": "good",
         "goals": {"smarts": 4}, "destiny": 3}


def challenge_at(stage: str, goals: dict[str, int] | None = None, **setup: Any) -> dict[str, Any]:
    phase = {"kind": "challenge", "stage": stage, "initiator": "p1", "defending_player": "p2",
             "challenge": "c1", "characters": ["w"]}
    trial = {**TRIAL, "goals": goals or TRIAL["goals"]}
    return {"step": "conflict", "phase": phase, "characters": {"w": WILLOW, **setup.pop("characters", {})},
            "challenges": {"c1": trial}, **setup}


def test_facing_a_challenge_opens_its_choose_stage_with_the_attacker(memory_client):
    """buffy.challenge.choose: facing a challenge opens its choose stage, the attacking player first;
    buffy.challenge.suspends-step: the conflict step waits meanwhile."""
    t = Table(memory_client, {"step": "conflict", "characters": {"w": WILLOW}, "challenges": {"c1": TRIAL}})
    faced = t.act({"type": "face_challenge", "player": "p1", "challenge": "c1", "characters": ["w"]})
    assert (faced["state"]["phase"]["stage"], faced["state"]["to_act"]) == ("choose", "p1")
    assert {"buffy.challenge.choose", "buffy.challenge.suspends-step"} <= cited(faced)
    assert faced["state"]["suspended"][0]["step"] == "conflict"


def test_the_challenge_battle_stage_follows_the_draws(memory_client):
    """buffy.challenge.battle: when the attacker has drawn five and the defender three, the battle
    stage begins, the attacker first."""
    t = Table(memory_client, challenge_at("draw"))
    t.act({"type": "draw", "player": "p1", "count": 5})
    opened = t.act({"type": "draw", "player": "p2", "count": 3})
    assert (opened["state"]["phase"]["stage"], opened["state"]["to_act"]) == ("battle", "p1")
    assert "buffy.challenge.battle" in cited(opened)


def test_the_challenge_resolves_when_both_pass_in_its_resolve_stage(memory_client):
    """buffy.challenge.resolve: only two passes in a row in the resolve stage resolve the challenge."""
    t = Table(memory_client, challenge_at("resolve"))
    assert not events(t.act({"type": "pass", "player": "p1"}), "ChallengeResolved")
    two = t.act({"type": "pass", "player": "p2"})
    assert events(two, "ChallengeResolved") and "buffy.challenge.resolve" in cited(two)


def test_meeting_every_goal_overcomes_the_challenge_for_its_destiny(memory_client):
    """buffy.challenge.resolution and buffy.challenge.overcome: Willow's 4 smarts meet the goal of 4
    (a tie goes to the attacker); p1 gains the challenge's 3 destiny and it goes to the crypt."""
    answer = Table(memory_client, challenge_at("resolve")).passes("p1", "p2")
    resolved = events(answer, "ChallengeResolved")[0]
    assert resolved["overcome"] is True
    assert answer["state"]["players"]["p1"]["destiny"] == 3
    assert "c1" not in answer["state"]["challenges"] and answer["state"]["players"]["p2"]["crypt"] == ["Research Party"]
    assert {"buffy.challenge.resolution", "buffy.challenge.overcome"} <= cited(answer)


def test_falling_short_of_a_goal_costs_one_destiny_and_the_challenge_stays(memory_client):
    """buffy.challenge.failed: 4 smarts against a goal of 5: p1 loses one destiny and the challenge
    stays in play."""
    t = Table(memory_client, challenge_at("resolve", goals={"smarts": 5}, players={"p1": {"destiny": 2}}))
    answer = t.passes("p1", "p2")
    assert events(answer, "ChallengeResolved")[0]["overcome"] is False
    assert answer["state"]["players"]["p1"]["destiny"] == 1 and "c1" in answer["state"]["challenges"]
    assert "buffy.challenge.failed" in cited(answer)


def test_every_character_who_faced_the_challenge_is_fatigued(memory_client):
    """buffy.fatigue.challenge: overcome or not, the characters who faced the challenge are fatigued
    when it resolves."""
    answer = Table(memory_client, challenge_at("resolve")).passes("p1", "p2")
    assert answer["state"]["characters"]["w"]["fatigued"] is True
    assert "buffy.fatigue.challenge" in cited(answer)


def test_a_challenge_nobody_faces_any_more_fails_at_once(memory_client):
    """buffy.challenge.no-participants: when the only character facing it leaves, the challenge
    resolves at once, not overcome."""
    t = Table(memory_client, challenge_at("battle"))
    answer = t.act({"type": "play_effect", "player": "p1", "card": "Flee", "effect": {"leave_challenge": "w"}})
    resolved = events(answer, "ChallengeResolved")[0]
    assert resolved["overcome"] is False and answer["state"]["phase"]["stage"] == "discard"
    assert "buffy.challenge.no-participants" in cited(answer)


def test_the_discard_stage_makes_a_player_discard_down_to_five(memory_client):
    """buffy.challenge.discard: a player with more than five cards discards down to five before
    passing; then both pass and the conflict step resumes."""
    t = Table(memory_client, challenge_at("discard", players={"p1": {"hand": 7}}))
    t.refuse({"type": "pass", "player": "p1"}, "buffy.challenge.discard")
    t.act({"type": "discard", "player": "p1", "count": 2})
    over = t.passes("p2", "p1")
    assert over["state"]["phase"] is None and over["state"]["step"] == "conflict"


def test_learning_a_skill_fatigues_the_character(memory_client):
    """buffy.fatigue.skill: the character who receives a skill becomes fatigued."""
    t = Table(memory_client, {"step": "resource", "characters": {"spike": SPIKE}})
    answer = t.act({"type": "attach_skill", "player": "p1", "character": "spike", "skill": {"name": "Kung Fu"}})
    assert answer["state"]["characters"]["spike"]["fatigued"] is True
    assert "buffy.fatigue.skill" in cited(answer)


def test_a_card_effect_fatigues_too(memory_client):
    """buffy.fatigue.card-effect: besides the five causes, a card's effect fatigues a character."""
    t = Table(memory_client, {"step": "conflict", "characters": {"spike": SPIKE, "buffy": BUFFY}})
    answer = t.act({"type": "play_effect", "player": "p1", "card": "Sleeping Spell", "effect": {"fatigue": ["buffy"]}})
    assert answer["state"]["characters"]["buffy"]["fatigued"] is True
    assert "buffy.fatigue.card-effect" in cited(answer)


def test_the_causes_of_fatigue_include_moving_from_the_park_to_an_opponents_location(memory_client):
    """buffy.fatigue.causes: moving from the park to an opponent's location is one of the causes of
    fatigue; the move fatigues Xander and the answer names the cause under the general rule."""
    xander = character("p1", "Xander", "park", kind="companion")
    t = Table(memory_client, {"step": "movement", "characters": {"x": xander}})
    answer = t.act({"type": "move", "player": "p1", "character": "x", "to": "p2.1"})
    assert answer["state"]["characters"]["x"]["fatigued"] is True
    assert events(answer, "CharacterFatigued")[0]["rule"] == "buffy.fatigue.park-to-opponent"
    assert any(b["rule"]["id"] == "buffy.fatigue.causes" and "park" in b["detail"] for b in answer["because"])


def test_six_turns_alone_in_the_park_win(memory_client):
    """buffy.victory.park: p1, whose characters alone stand in the park at the end of a sixth
    consecutive turn, wins the game."""
    t = Table(memory_client, {"step": "end", "characters": {"spike": {**SPIKE, "location": "park"}, "buffy": BUFFY},
                              "players": {"p1": {"park_control_turns": 5}}})
    answer = t.passes("p1", "p2")
    assert answer["state"]["winner"] == {"player": "p1", "by": "park"}
    assert "buffy.victory.park" in cited(answer)
