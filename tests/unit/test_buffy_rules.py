"""The Buffy engine rule by rule, on the engine itself (no HTTP): each test sets a position, acts,
and checks what the rules say, including the rule id every refusal cites."""
from __future__ import annotations

from typing import Any

import pytest

from adjudicator import engine_for
from adjudicator.buffy.state import BuffyState
from rulings.catalog import catalog

ENGINE = engine_for("buffy")


# --- harness ------------------------------------------------------------------------------------

def game(setup: dict[str, Any] | None = None, players=("p1", "p2"), first: str = "p1") -> BuffyState:
    state = None
    for e in ENGINE.create([{"id": p} for p in players], first, setup or {}):
        state = ENGINE.evolve(state, e)
    return state


def do(state: BuffyState, action: dict[str, Any]) -> tuple[BuffyState, list[str]]:
    """Appends a legal action; returns the state after it and the event types it recorded."""
    decision = ENGINE.decide(state, action)
    assert decision.legal, (action, decision.violations)
    for e in decision.events:
        state = ENGINE.evolve(state, e)
    return state, [type(e).__name__ for e in decision.events]


def refused(state: BuffyState, action: dict[str, Any]) -> list[str]:
    """The rule ids a refused action cites (each in the catalog)."""
    decision = ENGINE.decide(state, action)
    assert not decision.legal, action
    rules = [v.rule for v in decision.violations]
    assert all(r in catalog() for r in rules), rules
    return rules


def passes(state: BuffyState, *players: str) -> tuple[BuffyState, list[str]]:
    kinds: list[str] = []
    for p in players:
        state, kinds = do(state, {"type": "pass", "player": p})
    return state, kinds


def ch(name: str, owner: str, location: str, bk: int = 0, smarts: int = 0, weirdness: int = 0, charm: int = 0,
       **extra: Any) -> dict[str, Any]:
    return {"owner": owner, "name": name, "location": location,
            "talents": {"butt_kicking": bk, "smarts": smarts, "weirdness": weirdness, "charm": charm}, **extra}


def fight_at_battle(extra_chars: dict[str, Any] | None = None, **setup: Any) -> BuffyState:
    chars = {"a": ch("Attacker", "p1", "p2.1", bk=3, smarts=1), "d": ch("Defender", "p2", "p2.1", bk=2), **(extra_chars or {})}
    s = game({"step": "conflict", "characters": chars, **setup})
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    s, _ = passes(s, "p1", "p2")
    s, _ = do(s, {"type": "draw", "player": "p1", "count": 5})
    s, _ = do(s, {"type": "draw", "player": "p2", "count": 5})
    assert s.phase.stage == "battle"
    return s


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


# --- fatigue and the resource step ----------------------------------------------------------------

def test_learning_a_skill_fatigues_needs_a_refreshed_character_and_happens_once_a_turn():
    s = game({"step": "resource", "characters": {"w": ch("Willow", "p1", "p1.1", smarts=3),
                                                 "t": ch("Tara", "p1", "p1.1", smarts=5, fatigued=True)}})
    skill = {"name": "Wicca", "talents": {"weirdness": 1}, "requirement": {"smarts": 3}}
    assert refused(s, {"type": "attach_skill", "player": "p1", "character": "t", "skill": skill}) == ["buffy.fatigue.cannot-act"]
    s, kinds = do(s, {"type": "attach_skill", "player": "p1", "character": "w", "skill": skill})
    assert kinds == ["SkillAttached", "CharacterFatigued"] and s.characters["w"].fatigued
    assert ENGINE.to_document(s)["characters"]["w"]["effective_talents"] == {
        "butt_kicking": -1, "smarts": 2, "weirdness": 0, "charm": -1}
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert "buffy.resource.skills" in refused(s, {"type": "attach_skill", "player": "p1", "character": "w", "skill": skill})


def test_a_talent_requirement_is_met_by_one_character_after_its_fatigue_penalty():
    s = game({"step": "resource", "characters": {"w": ch("Willow", "p1", "p1.1", bk=3, fatigued=True)}})
    item = {"name": "Axe", "requirement": {"butt_kicking": 3}}
    assert refused(s, {"type": "attach_item", "player": "p1", "character": "w", "item": item}) == ["buffy.talent-requirement"]


def test_items_two_per_character_may_replace_one_do_not_fatigue_and_go_to_fatigued_characters():
    s = game({"step": "resource", "characters": {"b": ch("Buffy", "p1", "p1.1", bk=3, fatigued=True,
                                                         attachments=[{"name": "Crossbow", "kind": "item"},
                                                                      {"name": "Crossbow", "kind": "item"}])}})
    axe = {"name": "Fire Axe", "talents": {"butt_kicking": 2}}
    assert refused(s, {"type": "attach_item", "player": "p1", "character": "b", "item": axe}) == ["buffy.resource.items"]
    s, kinds = do(s, {"type": "attach_item", "player": "p1", "character": "b", "item": axe, "replaces": "Crossbow"})
    assert kinds == ["ItemAttached"]
    assert [a.name for a in s.characters["b"].attachments] == ["Crossbow", "Fire Axe"]
    assert s.players["p1"].discard == ["Crossbow"] and s.players["p1"].hand == 4


def test_an_item_with_a_trait_requirement_needs_the_trait_which_tome_of_mediocrity_grants():
    spell_book = {"name": "Book of Spells", "trait_requirements": ["SPELLCRAFT"]}
    s = game({"step": "resource", "characters": {"h": ch("Hansel and Gretel", "p1", "p1.1")}})
    assert refused(s, {"type": "attach_item", "player": "p1", "character": "h", "item": spell_book}) == ["buffy.trait-requirement"]
    s, _ = do(s, {"type": "attach_item", "player": "p1", "character": "h", "item": {"name": "Tome of Mediocrity"}})
    assert s.characters["h"].attachments[0].effects == [{"grant_traits": ["SPELLCRAFT"]}]
    s, _ = do(s, {"type": "pass", "player": "p2"})
    do(s, {"type": "attach_item", "player": "p1", "character": "h", "item": spell_book})


def test_trading_an_item_needs_one_location_happens_once_per_item_and_counts_as_a_play():
    s = game({"step": "resource", "characters": {
        "w": ch("Willow", "p1", "p1.1", attachments=[{"name": "Bat Sonar", "kind": "item"}]),
        "b": ch("Buffy", "p1", "p1.1"), "far": ch("Giles", "p1", "p1.2")}})
    assert refused(s, {"type": "trade_item", "player": "p1", "item": "Bat Sonar", "from": "w", "to": "far"}) == [
        "buffy.resource.trade"]
    s, _ = do(s, {"type": "trade_item", "player": "p1", "item": "Bat Sonar", "from": "w", "to": "b"})
    assert s.to_act == "p2" and s.characters["b"].attachments[0].name == "Bat Sonar" and s.players["p1"].hand == 5
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "trade_item", "player": "p1", "item": "Bat Sonar", "from": "b", "to": "w"}) == [
        "buffy.resource.trade"]


def test_characters_are_played_at_level_one_on_your_own_spaces_from_hand():
    s = game({"step": "resource", "players": {"p1": {"hand": 0}}})
    xander = {"name": "Xander", "kind": "companion"}
    assert refused(s, {"type": "play_character", "player": "p1", "at": "p1.1", "character": xander}) == [
        "buffy.resource.play-character"]
    s = game({"step": "resource"})
    assert refused(s, {"type": "play_character", "player": "p1", "at": "p2.1", "character": xander}) == [
        "buffy.resource.play-character"]
    assert refused(s, {"type": "play_character", "player": "p1", "at": "p1.1", "character": {**xander, "level": 2}}) == [
        "buffy.resource.play-character"]
    s, _ = do(s, {"type": "play_character", "player": "p1", "at": "p1.4", "character": xander})
    assert s.characters["xander"].location == "p1.4" and s.players["p1"].hand == 4


@pytest.mark.parametrize("existing, played, player, allowed", [
    (("Drusilla", "villain", "p1", "p1.1", False), ("Drusilla", "villain", False), "p2", False),   # 002 example
    (("The Pack", "minion", "p1", "p1.1", False), ("The Pack", "minion", False), "p2", True),      # each may have one
    (("The Pack", "minion", "p1", "p1.1", False), ("The Pack", "minion", False), "p1", False),     # but one each
    (("Spike", "villain", "p1", "p1.1", True), ("Spike", "villain", True), "p2", True),            # same main character
    (("Spike", "villain", "p1", "p1.1", True), ("Spike", "villain", False), "p2", False),
    (("The Master", "villain", "p1", "discard", True), ("The Master", "villain", False), "p2", False),  # essence
    (("Willow", "companion", "p2", "discard", False), ("Willow", "companion", False), "p2", True),
    (("Angel", "hero", "p1", "discard", False), ("Angel", "hero", False), "p2", True),  # a discarded supporting hero
])
def test_uniqueness_of_characters(existing, played, player, allowed):
    name, kind, owner, location, main = existing
    s = game({"step": "resource", "active_player": player, "characters": {
        "old": ch(name, owner, location, kind=kind, main=main)}}, first=player)
    pname, pkind, pmain = played
    action = {"type": "play_character", "player": player, "at": f"{player}.2",
              "character": {"name": pname, "kind": pkind, "main": pmain}}
    if allowed:
        do(s, action)
    else:
        assert refused(s, action) == ["buffy.uniqueness"]


def test_a_resurrected_main_character_returns_to_hand_bare_and_is_played_again_next_turn():
    s = game({"step": "resource", "characters": {"buffy": ch("Buffy Summers", "p1", "discard", bk=4, main=True, level=2)},
              "players": {"p1": {"hand": 4, "discard": ["Buffy Summers"]}}})
    again = {"type": "play_character", "player": "p1", "at": "p1.1",
             "character": {"name": "Buffy Summers", "main": True, "kind": "hero", "talents": {"butt_kicking": 3}}}
    assert refused(s, again) == ["buffy.resource.resurrect"]
    s, kinds = do(s, {"type": "resurrect_main", "player": "p1", "character": "buffy"})
    assert kinds == ["MainCharacterResurrected"]
    buffy = s.characters["buffy"]
    assert buffy.location == "hand" and buffy.level == 1 and buffy.attachments == [] and s.players["p1"].hand == 5
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {**again}) == ["buffy.resource.resurrect"]
    # Next turn's resource step: she comes back under the same id, a level-1 card.
    s = game({"step": "resource", "characters": {"buffy": {**ch("Buffy Summers", "p1", "hand", main=True)}}})
    s, _ = do(s, again)
    assert s.characters["buffy"].location == "p1.1" and s.characters["buffy"].talents.butt_kicking == 3
    assert s.characters["buffy"].effects  # the seed effect of her card


# --- movement -------------------------------------------------------------------------------------

def test_moves_go_to_adjacent_spaces_or_through_the_park():
    s = game({"step": "movement", "characters": {"x": ch("Xander", "p1", "p1.1"), "y": ch("Oz", "p1", "p1.1"),
                                                 "z": ch("Tara", "p1", "park")}})
    assert refused(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.3"}) == ["buffy.move.adjacent"]
    s, _ = do(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.2"})
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.1"}) == ["buffy.move.once-per-turn"]
    s, kinds = do(s, {"type": "move", "player": "p1", "character": "z", "to": "p1.4"})
    assert kinds == ["CharacterMoved"]                                         # park to your own location
    s, _ = do(s, {"type": "pass", "player": "p2"})
    s, kinds = do(s, {"type": "move", "player": "p1", "character": "y", "to": "p2.1"})
    assert kinds == ["CharacterMoved"] and not s.characters["y"].fatigued     # facing spaces are adjacent


def test_a_setup_may_replace_the_board_adjacency():
    adjacency = {"park": [], "p1.1": ["p2.4"], "p1.2": [], "p1.3": [], "p1.4": [],
                 "p2.1": [], "p2.2": [], "p2.3": [], "p2.4": ["p1.1"]}
    s = game({"step": "movement", "adjacency": adjacency, "characters": {"x": ch("Xander", "p1", "p1.1")}})
    assert refused(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.2"}) == ["buffy.move.adjacent"]
    do(s, {"type": "move", "player": "p1", "character": "x", "to": "p2.4"})


def test_vampires_move_only_at_night_twice_one_space_at_a_time():
    spike = ch("Spike", "p1", "p1.1", traits=["VAMPIRE"])
    day = game({"step": "movement", "characters": {"s": spike}})
    assert refused(day, {"type": "move", "player": "p1", "character": "s", "to": "p1.2"}) == ["buffy.move.vampires-night"]
    s = game({"step": "movement", "time_of_day": "night", "characters": {"s": spike}})
    s, _ = do(s, {"type": "move", "player": "p1", "character": "s", "to": "p1.2"})
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "move", "player": "p1", "character": "s", "to": "p1.4"}) == ["buffy.move.adjacent"]
    s, _ = do(s, {"type": "move", "player": "p1", "character": "s", "to": "p1.3"})
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "move", "player": "p1", "character": "s", "to": "p1.4"}) == ["buffy.move.vampires-twice"]


# --- draw step, decks, victory --------------------------------------------------------------------

def test_the_draw_step_discards_down_to_five_then_any_then_draws_back_to_five():
    s = game({"step": "draw", "players": {"p1": {"hand": 7, "resource_deck": 10}}})
    assert refused(s, {"type": "pass", "player": "p1"}) == ["buffy.draw-step.discard-to-five"]
    assert refused(s, {"type": "draw", "player": "p1", "count": 1}) == ["buffy.draw-step.discard-to-five",
                                                                        "buffy.draw-step.draw-to-five"]
    s, _ = do(s, {"type": "discard", "player": "p1", "count": 4})
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "pass", "player": "p1"}) == ["buffy.draw-step.draw-to-five"]
    assert refused(s, {"type": "draw", "player": "p1", "count": 3}) == ["buffy.draw-step.draw-to-five"]
    s, _ = do(s, {"type": "draw", "player": "p1", "count": 2})
    assert s.players["p1"].hand == 5 and s.players["p1"].resource_deck == 8
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "discard", "player": "p1", "count": 1}) == ["buffy.step.draw"]


def test_an_empty_resource_deck_recycles_the_discard_pile_but_never_the_crypt():
    s = game({"step": "draw", "players": {"p1": {"hand": 2, "resource_deck": 1, "discard": ["a", "b", "c"],
                                                 "crypt": ["Hyenas in the Classroom"]}}})
    s, kinds = do(s, {"type": "draw", "player": "p1", "count": 3})
    p = s.players["p1"]
    assert p.hand == 5 and p.resource_deck == 1 and p.discard == [] and p.crypt == ["Hyenas in the Classroom"]


def test_with_nothing_left_to_draw_play_simply_goes_on():
    s = game({"step": "draw", "players": {"p1": {"hand": 2, "resource_deck": 0, "discard": []}}})
    assert refused(s, {"type": "draw", "player": "p1", "count": 1}) == ["buffy.deck.recycling"]
    s, _ = passes(s, "p1")
    assert s.consecutive_passes == 1


def test_six_turns_alone_in_the_park_win_and_a_shared_or_empty_park_resets_the_count():
    s = game({"step": "end", "characters": {"x": ch("Xander", "p1", "park")},
              "players": {"p1": {"park_control_turns": 5}}})
    s, kinds = passes(s, "p1", "p2")
    assert kinds[-1] == "GameWon" and s.winner.player == "p1" and s.winner.by == "park"
    s = game({"step": "end", "characters": {"x": ch("Xander", "p1", "park"), "y": ch("Spike", "p2", "park")},
              "players": {"p1": {"park_control_turns": 5}}})
    s, _ = passes(s, "p1", "p2")
    assert s.winner is None and s.players["p1"].park_control_turns == 0
    s = game({"step": "end", "players": {"p1": {"park_control_turns": 3}}})
    s, _ = passes(s, "p1", "p2")
    assert s.players["p1"].park_control_turns == 0
    s = game({"step": "end", "characters": {"x": ch("Xander", "p1", "park")}, "players": {"p1": {"park_control_turns": 2}}})
    s, _ = passes(s, "p1", "p2")
    assert s.players["p1"].park_control_turns == 3 and s.step == "prologue" and s.active_player == "p2"


def test_destiny_cannot_be_paid_on_credit():
    s = game({"step": "resource", "players": {"p1": {"destiny": 1}}})
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Costly", "effect": {"pay_destiny": 2}}) == [
        "buffy.destiny.floor"]
    s, _ = do(s, {"type": "play_effect", "player": "p1", "card": "Cheap", "effect": {"pay_destiny": 1}})
    assert s.players["p1"].destiny == 0


def test_ten_destiny_from_an_effect_wins_at_once():
    s = game({"step": "resource", "players": {"p1": {"destiny": 9}}})
    s, kinds = do(s, {"type": "play_effect", "player": "p1", "card": "Gift", "effect": {"gain_destiny": 1}})
    assert kinds[-1] == "GameWon" and s.winner.by == "destiny"


def test_a_setup_at_ten_destiny_is_won_at_creation():
    s = game({"players": {"p2": {"destiny": 10}}})
    assert s.winner is not None and s.winner.player == "p2"


# --- multiplayer ----------------------------------------------------------------------------------

def test_a_fight_among_three_players_alternates_between_its_two_players_only():
    s = game({"step": "conflict", "characters": {"a": ch("A", "p1", "p3.1", bk=3), "d": ch("D", "p3", "p3.1", bk=1)}},
             players=("p1", "p2", "p3"))
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    assert s.phase.defending_player == "p3"
    s, _ = do(s, {"type": "pass", "player": "p1"})
    assert s.to_act == "p3"
    assert "buffy.one-card-at-a-time" in refused(s, {"type": "pass", "player": "p2"})
    s, _ = do(s, {"type": "pass", "player": "p3"})
    assert s.phase.stage == "draw"
    s, _ = do(s, {"type": "draw", "player": "p1", "count": 5})
    assert s.to_act == "p3"
    s, _ = do(s, {"type": "draw", "player": "p3", "count": 5})
    s, _ = passes(s, "p1", "p3", "p1", "p3")
    assert s.phase.stage == "discard" and s.phase.outcome["winner"] == "a"
    s, _ = do(s, {"type": "discard", "player": "p1", "count": 5})
    s, _ = do(s, {"type": "discard", "player": "p3", "count": 5})
    s, kinds = passes(s, "p1", "p3")
    assert kinds[-1] == "PhaseEnded" and s.to_act == "p2"          # clockwise after the attacker


def test_facing_your_own_challenge_you_choose_the_defending_opponent():
    chal = {"mine": {"name": "Mine", "owner": "p1", "location": "p1.1", "goals": {"smarts": 1}},
            "theirs": {"name": "Theirs", "owner": "p2", "location": "p1.1", "goals": {"smarts": 1}}}
    chars = {"w": ch("Willow", "p1", "p1.1", smarts=3)}
    s = game({"step": "conflict", "characters": chars, "challenges": chal}, players=("p1", "p2", "p3"))
    face = {"type": "face_challenge", "player": "p1", "characters": ["w"]}
    assert refused(s, {**face, "challenge": "mine"}) == ["buffy.multiplayer"]
    assert refused(s, {**face, "challenge": "mine", "defender": "p1"}) == ["buffy.multiplayer"]
    assert refused(s, {**face, "challenge": "theirs", "defender": "p3"}) == ["buffy.multiplayer"]
    s3, _ = do(s, {**face, "challenge": "mine", "defender": "p3"})
    assert s3.phase.defending_player == "p3" and s3.to_act == "p1"
    two = game({"step": "conflict", "characters": chars, "challenges": chal})
    two, _ = do(two, {**face, "challenge": "mine"})
    assert two.phase.defending_player == "p2"


def test_turns_go_clockwise_in_seating_order():
    s = game({"step": "end"}, players=("p1", "p2", "p3"), first="p3")
    s, _ = passes(s, "p3", "p1", "p2")
    assert s.active_player == "p1" and s.turn == 2 and s.to_act == "p1"


# --- golden rule: permissions spent once per turn -------------------------------------------------

def test_a_once_per_turn_permission_is_recorded_when_used_and_restored_next_turn():
    s = game({"step": "movement", "characters": {
        "x": ch("Xander", "p1", "p1.1", effects=[{"permit": "buffy.move.once-per-turn", "once_per_turn": True}])}})
    s, _ = do(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.2"})
    s, _ = do(s, {"type": "pass", "player": "p2"})
    s, kinds = do(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.3"})
    assert kinds == ["CharacterMoved", "OncePerTurnUsed"]
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.4"}) == ["buffy.move.once-per-turn"]


def test_join_the_pep_squad_discards_every_minion_and_a_minion_fighter_loses_the_fight():
    s = game({"step": "conflict", "players": {"p1": {"destiny": 1}}, "characters": {
        "pack": ch("The Pack", "p1", "p2.1", bk=4, kind="minion"), "pack2": ch("The Pack", "p2", "p2.2", kind="minion"),
        "buffy": ch("Buffy Summers", "p2", "p2.1", bk=3, charm=3, kind="hero", main=True)}})
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "pack", "defender": "buffy"})
    s, _ = do(s, {"type": "pass", "player": "p1"})
    s, kinds = do(s, {"type": "play_effect", "player": "p2", "card": "Join the Pep Squad"})
    assert kinds.count("CharacterDiscarded") == 2 and "FightResolved" in kinds
    assert s.phase.outcome["winner"] == "buffy" and s.phase.stage == "discard"
    assert s.characters["pack"].location == s.characters["pack2"].location == "discard"
    assert s.players["p2"].destiny == 1 and s.players["p1"].destiny == 1


def test_a_power_used_from_play_needs_the_card_in_play_and_nothing_is_played_in_a_draw_stage():
    s = game({"step": "resource", "characters": {"d": ch("Drusilla", "p1", "p1.1", kind="villain")}})
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Symbol of Anyanka", "source": "play"}) == [
        "buffy.effect.play"]
    s, kinds = do(s, {"type": "play_effect", "player": "p1", "card": "Drusilla", "source": "play",
                      "effect": {"fatigue_card": {"character": "d"}}})
    assert kinds == ["EffectPlayed", "CharacterFatigued"] and s.players["p1"].hand == 5
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Drusilla", "source": "play",
                       "effect": {"fatigue_card": {"character": "d"}}}) == ["buffy.fatigue.cannot-act"]
    s = game({"step": "conflict", "characters": {"a": ch("A", "p1", "p2.1", bk=3), "d": ch("D", "p2", "p2.1")}})
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    s, _ = passes(s, "p1", "p2")
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Anything"}) == ["buffy.fight.draw"]


def test_events_recorded_before_the_new_fields_still_replay():
    from events.models.base import registry

    s = game({"step": "conflict", "characters": {"a": ch("A", "p1", "p2.1", bk=3), "d": ch("D", "p2", "p2.1")}})
    started = registry.load("buffy", "FightStarted", {"player": "p1", "attacker": "a", "defender": "d",
                                                      "defending_player": "p2"})
    s = ENGINE.evolve(s, started)
    assert s.phase.resolving_talent == "butt_kicking" and s.to_act == "p1"
    played = registry.load("buffy", "EffectPlayed", {"player": "p1", "card": "Old card", "effect": {}})
    s = ENGINE.evolve(s, played)
    assert s.players["p1"].hand == 4 and s.players["p1"].discard == ["Old card"]
