"""The Buffy engine rule by rule, on the engine itself (no HTTP), the resource step and movement:
learning skills, items and trading them, characters played and their uniqueness, resurrection, moves
between spaces and vampires at night; each refusal cites its rule id."""
from __future__ import annotations

import pytest

from tests.unit.buffy_positions import ENGINE, ch, do, game, refused


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
