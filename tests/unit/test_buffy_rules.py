"""The Buffy engine rule by rule, on the engine itself (no HTTP), fights and challenges: each test sets
a position, acts, and checks what the rules say, including the rule id every refusal cites (the
resource step and movement: test_buffy_resources_and_movement.py; the draw step, victory and
multiplayer: test_buffy_turns_and_victory.py; the positions: buffy_positions.py)."""
from __future__ import annotations

from typing import Any

from adjudicator.buffy.state import BuffyState
from tests.unit.buffy_positions import ENGINE, ch, do, fight_at_battle, game, passes, refused


# --- fights ---------------------------------------------------------------------------------------

def test_a_fatigued_character_cannot_start_a_fight_but_may_be_attacked():
    s = game({"step": "conflict", "characters": {
        "a": ch("A", "p1", "p2.1", bk=3, fatigued=True), "b": ch("B", "p1", "p2.1", bk=3),
        "d": ch("D", "p2", "p2.1", bk=1, fatigued=True)}})
    assert refused(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"}) == ["buffy.fight.attacker-refreshed"]
    s, kinds = do(s, {"type": "start_fight", "player": "p1", "attacker": "b", "defender": "d"})
    assert kinds == ["FightStarted"] and s.phase.defender == "d" and s.to_act == "p1"


def test_a_fight_needs_both_characters_at_one_location_and_an_opponents_defender():
    s = game({"step": "conflict", "characters": {
        "a": ch("A", "p1", "p2.1", bk=3), "mine": ch("M", "p1", "p2.1"), "far": ch("F", "p2", "p2.2")}})
    assert refused(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "far"}) == ["buffy.fight.same-location"]
    assert refused(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "mine"}) == ["buffy.fight.start"]


def test_a_stunt_double_is_a_refreshed_character_of_the_defender_at_the_fight_and_fights_fatigued():
    s = game({"step": "conflict", "characters": {
        "a": ch("A", "p1", "p2.1", bk=3), "d": ch("D", "p2", "p2.1", bk=1),
        "sd": ch("Double", "p2", "p2.1", bk=4), "tired": ch("Tired", "p2", "p2.1", bk=5, fatigued=True),
        "away": ch("Away", "p2", "p2.2", bk=5), "other": ch("Other", "p1", "p2.1")}})
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    assert set(refused(s, {"type": "stunt_double", "player": "p1", "character": "other"})) == {"buffy.fight.stunt-double"}
    s, _ = do(s, {"type": "pass", "player": "p1"})
    assert refused(s, {"type": "stunt_double", "player": "p2", "character": "tired"}) == ["buffy.fatigue.cannot-act"]
    assert refused(s, {"type": "stunt_double", "player": "p2", "character": "away"}) == ["buffy.fight.stunt-double"]
    s, kinds = do(s, {"type": "stunt_double", "player": "p2", "character": "sd"})
    assert kinds == ["StuntDoubleUsed", "CharacterFatigued"]
    assert s.phase.defender == "sd" and s.characters["sd"].fatigued
    assert ENGINE.to_document(s)["phase"]["standing"]["totals"] == {"a": 3, "sd": 3}  # 4 minus fatigue
    s, _ = do(s, {"type": "pass", "player": "p1"})
    assert refused(s, {"type": "stunt_double", "player": "p2", "character": "d"}) == ["buffy.fight.stunt-double"]


def test_stunt_doubles_belong_to_the_choose_stage():
    s = fight_at_battle({"sd": ch("Double", "p2", "p2.1", bk=4)})
    assert "buffy.fight.stunt-double" in refused(s, {"type": "stunt_double", "player": "p1", "character": "sd"})


def test_both_fighters_draw_five_and_nobody_passes_the_draw_stage():
    s = game({"step": "conflict", "characters": {"a": ch("A", "p1", "p2.1", bk=3), "d": ch("D", "p2", "p2.1")}})
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    s, _ = passes(s, "p1", "p2")
    assert s.phase.stage == "draw"
    assert refused(s, {"type": "pass", "player": "p1"}) == ["buffy.fight.draw"]
    assert refused(s, {"type": "draw", "player": "p1", "count": 3}) == ["buffy.fight.draw"]
    s, _ = do(s, {"type": "draw", "player": "p1", "count": 5})
    s, kinds = do(s, {"type": "draw", "player": "p2", "count": 5})
    assert kinds == ["CardsDrawn", "StageStarted"] and s.phase.stage == "battle" and s.to_act == "p1"


def test_an_action_card_adds_one_of_its_printed_icons_and_others_add_one_to_any_talent():
    s = fight_at_battle()
    card = {"name": "Punch", "kind": "action", "icons": {"butt_kicking": 2, "smarts": 1}}
    assert refused(s, {"type": "boost", "player": "p1", "talent": "charm", "card": card}) == ["buffy.talent-stack.action-icons"]
    s, _ = do(s, {"type": "boost", "player": "p1", "talent": "smarts", "card": card})
    assert s.phase.stacks["p1"][0].value == 1
    s, _ = do(s, {"type": "boost", "player": "p2", "talent": "weirdness", "card": {"name": "Episode", "kind": "episode"}})
    assert s.phase.stacks["p2"][0].value == 1 and s.phase.stacks["p2"][0].talent == "weirdness"


def test_one_card_at_a_time_in_turn():
    s = fight_at_battle()
    s, _ = do(s, {"type": "boost", "player": "p1", "talent": "butt_kicking", "card": {"name": "Stake", "kind": "item"}})
    assert refused(s, {"type": "boost", "player": "p1", "talent": "butt_kicking",
                       "card": {"name": "Stake", "kind": "item"}}) == ["buffy.one-card-at-a-time"]


def test_talent_in_stacks_never_meets_a_talent_requirement():
    s = fight_at_battle()
    s, _ = do(s, {"type": "boost", "player": "p1", "talent": "butt_kicking",
                  "card": {"name": "Big punch", "kind": "action", "icons": {"butt_kicking": 3}}})
    s, _ = do(s, {"type": "pass", "player": "p2"})
    rules = refused(s, {"type": "play_effect", "player": "p1", "card": "Heavy blow",
                        "effect": {"requirement": {"butt_kicking": 5}}})
    assert rules == ["buffy.talent-requirement"]
    s, _ = do(s, {"type": "play_effect", "player": "p1", "card": "Light blow", "effect": {"requirement": {"butt_kicking": 3}}})


def test_an_action_played_in_a_fight_needs_a_fighter_to_meet_its_requirement():
    s = fight_at_battle({"charming": ch("Charming", "p1", "p1.1", charm=9)})
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Join the Pep Squad"}) == ["buffy.talent-requirement"]


def test_slayers_handiwork_needs_three_butt_kicking_in_one_character():
    s = game({"step": "resource", "characters": {"f": ch("Faith", "p1", "p1.1", bk=2), "g": ch("Giles", "p1", "p1.1", bk=2)}})
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Slayer's Handiwork"}) == ["buffy.talent-requirement"]
    s = game({"step": "resource", "characters": {"f": ch("Faith", "p1", "p1.1", bk=3)}})
    s, kinds = do(s, {"type": "play_effect", "player": "p1", "card": "Slayer's Handiwork"})
    assert kinds == ["EffectPlayed"] and s.players["p1"].discard == ["Slayer's Handiwork"]


def test_a_character_leaving_a_fight_loses_at_once_without_being_discarded():
    s = fight_at_battle(players={"p2": {"destiny": 2}})
    s, kinds = do(s, {"type": "play_effect", "player": "p1", "card": "Vanish", "effect": {"leave_fight": "a"}})
    assert kinds[:2] == ["EffectPlayed", "CharacterLeftPhase"] and "FightResolved" in kinds
    assert s.phase.stage == "discard" and s.phase.outcome["winner"] == "d" and s.phase.outcome["losers"] == ["a"]
    assert s.characters["a"].location == "p2.1" and s.characters["a"].fatigued   # a surviving attacker tires
    assert s.characters["d"].location == "p2.1" and not s.characters["d"].fatigued
    assert s.players["p2"].destiny == 3


def test_a_card_in_play_sets_the_fight_talent_and_an_effect_can_change_it_mid_fight():
    s = fight_at_battle(locations={"p2.1": {"name": "Library", "owner": "p2", "effects": [{"fight_talent": "smarts"}]}})
    assert s.phase.resolving_talent == "smarts"
    s, kinds = do(s, {"type": "play_effect", "player": "p1", "card": "Brawl", "effect": {"fight_talent": "butt_kicking"}})
    assert "FightTalentChanged" in kinds and s.phase.resolving_talent == "butt_kicking"
    assert refused(game({"step": "resource"}), {"type": "play_effect", "player": "p1", "card": "Brawl",
                                                 "effect": {"fight_talent": "charm"}}) == ["buffy.fight.talent"]


def test_an_effect_is_played_only_in_the_stage_it_names():
    s = fight_at_battle()
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Late",
                       "effect": {"stage": "fight/resolve"}}) == ["buffy.effect.play"]
    do(s, {"type": "play_effect", "player": "p1", "card": "On time", "effect": {"stage": ["fight/battle", "fight/resolve"]}})


# --- challenges -----------------------------------------------------------------------------------

def card(name: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "goals": {"smarts": 2}, "destiny": 1, **extra}


def test_placing_challenges_one_per_player_per_location_no_duplicates_location_specific():
    s = game({"locations": {"p2.2": {"name": "The Bronze", "owner": "p2"}},
              "challenges": {"x": {"name": "Old", "owner": "p1", "location": "p2.1"}}})
    assert refused(s, {"type": "pass", "player": "p1"}) == ["buffy.prologue.place-challenge"]
    assert refused(s, {"type": "place_challenge", "player": "p1", "at": "p2.1", "challenge": card("New")}) == [
        "buffy.prologue.one-per-location"]
    assert refused(s, {"type": "place_challenge", "player": "p1", "at": "p2.3", "challenge": card("Old")}) == [
        "buffy.prologue.no-duplicate"]
    assert refused(s, {"type": "place_challenge", "player": "p1", "at": "p2.3",
                       "challenge": card("Bronze only", location_specific="The Bronze")}) == ["buffy.prologue.location-specific"]
    assert refused(s, {"type": "place_challenge", "player": "p1", "at": "park", "challenge": card("New")}) == [
        "buffy.prologue.place-challenge"]
    assert refused(s, {"type": "place_challenge", "player": "p1", "unplayable": True, "challenge": card("New")}) == [
        "buffy.prologue.must-place"]
    s, _ = do(s, {"type": "place_challenge", "player": "p1", "at": "p2.2",
                  "challenge": card("Bronze only", location_specific="The Bronze")})
    assert s.challenges["bronze-only"].owner == "p1" and s.players["p1"].challenge_deck == 6
    assert refused(s, {"type": "place_challenge", "player": "p2", "at": "p2.4",
                       "challenge": card("Bronze only")}) == ["buffy.prologue.no-duplicate"]


def test_a_challenge_that_fits_nowhere_goes_to_the_bottom():
    s = game({"locations": {"p2.2": {"name": "The Bronze", "owner": "p2"}},
              "challenges": {"x": {"name": "Mine", "owner": "p1", "location": "p2.2"}}})
    s, kinds = do(s, {"type": "place_challenge", "player": "p1", "unplayable": True,
                      "challenge": card("Bronze only", location_specific="The Bronze")})
    assert kinds == ["ChallengeSentToBottom"] and s.players["p1"].challenge_placed
    assert refused(s, {"type": "place_challenge", "player": "p2", "at": "p1.1", "challenge": card("Mine")}) == [
        "buffy.prologue.no-duplicate"]


def test_an_overcome_challenge_in_the_crypt_never_comes_back():
    s = game({"players": {"p2": {"crypt": ["Hyenas in the Classroom"]}}})
    assert refused(s, {"type": "place_challenge", "player": "p1", "at": "p1.1",
                       "challenge": card("Hyenas in the Classroom")}) == ["buffy.crypt"]


def challenge_game(**extra: Any) -> BuffyState:
    chars = {"w": ch("Willow", "p1", "p2.1", smarts=3, alignment="good"),
             "t": ch("Tired", "p1", "p2.1", smarts=3, alignment="good", fatigued=True),
             "e": ch("Evil", "p1", "p2.1", smarts=3, alignment="evil"),
             "far": ch("Far", "p1", "p2.2", smarts=3, alignment="good"),
             "x": ch("Xander", "p2", "p2.1", smarts=3, alignment="good"),
             **extra.pop("characters", {})}
    return game({"step": "conflict", "characters": chars,
                 "challenges": {"c": {"name": "C", "owner": "p2", "location": "p2.1", "alignment": "good",
                                      "goals": {"smarts": 5}, "destiny": 2}}, **extra})


def test_facing_a_challenge_needs_refreshed_characters_there_of_its_side():
    s = challenge_game()
    face = {"type": "face_challenge", "player": "p1", "challenge": "c"}
    assert refused(s, {**face, "characters": ["t"]}) == ["buffy.fatigue.cannot-act"]
    assert refused(s, {**face, "characters": ["far"]}) == ["buffy.challenge.same-location"]
    assert refused(s, {**face, "characters": ["e"]}) == ["buffy.challenge.alignment"]
    assert refused(s, {**face, "characters": ["x"]}) == ["buffy.challenge.face"]
    assert refused(s, {**face, "characters": ["w", "w"]}) == ["buffy.challenge.face"]
    s, kinds = do(s, {**face, "characters": ["w"]})
    assert kinds == ["ChallengeFaced"] and s.phase.defending_player == "p2"


def test_each_player_faces_a_challenge_once_per_turn_but_another_player_may_try_it():
    s = challenge_game()
    s, _ = do(s, {"type": "face_challenge", "player": "p1", "challenge": "c", "characters": ["w"]})
    s, _ = passes(s, "p1", "p2")
    s, _ = do(s, {"type": "draw", "player": "p1", "count": 5})
    s, _ = do(s, {"type": "draw", "player": "p2", "count": 3})
    s, _ = passes(s, "p1", "p2", "p1", "p2")
    assert s.phase.outcome["overcome"] is False and s.challenges["c"].faced_by == ["p1"]
    s, _ = do(s, {"type": "discard", "player": "p1", "count": 5})
    s, _ = do(s, {"type": "discard", "player": "p2", "count": 3})
    s, kinds = passes(s, "p1", "p2")
    assert kinds[-1] == "PhaseEnded" and s.to_act == "p2"
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "face_challenge", "player": "p1", "challenge": "c", "characters": ["far"]}) == [
        "buffy.challenge.once-per-turn", "buffy.challenge.same-location"]


def test_in_a_challenge_only_the_goals_talents_are_boosted_by_either_player():
    s = challenge_game()
    s, _ = do(s, {"type": "face_challenge", "player": "p1", "challenge": "c", "characters": ["w"]})
    s, _ = passes(s, "p1", "p2")
    s, _ = do(s, {"type": "draw", "player": "p1", "count": 5})
    s, _ = do(s, {"type": "draw", "player": "p2", "count": 3})
    item = {"name": "Crossbow", "kind": "item"}
    assert refused(s, {"type": "boost", "player": "p1", "talent": "charm", "card": item}) == ["buffy.challenge.boost-goals-only"]
    s, _ = do(s, {"type": "boost", "player": "p1", "talent": "smarts", "card": item})
    assert refused(s, {"type": "boost", "player": "p2", "talent": "charm", "card": item}) == ["buffy.challenge.defender-raises"]


def test_a_challenge_fails_at_once_when_its_last_participant_leaves():
    s = challenge_game(players={"p1": {"destiny": 3}})
    s, _ = do(s, {"type": "face_challenge", "player": "p1", "challenge": "c", "characters": ["w"]})
    s, kinds = do(s, {"type": "play_effect", "player": "p1", "card": "Run away", "effect": {"leave_challenge": "w"}})
    assert "ChallengeResolved" in kinds and s.phase.stage == "discard"
    assert s.phase.outcome["overcome"] is False and s.players["p1"].destiny == 2 and "c" in s.challenges
    assert not s.characters["w"].fatigued  # no longer a participant when it resolved
