"""Uniqueness of characters and locations (``buffy.uniqueness``, ``buffy.location.unique``), in play
and in positions entered directly: a position that breaks them is refused with a 4xx problem that
cites the rule, as a played card that breaks them is refused."""
from __future__ import annotations

from tests.scenarios.buffy.table import BUFFY, SPIKE, Table, character, refused_setup


def test_a_position_with_two_main_characters_for_one_player_is_refused(memory_client):
    """buffy.uniqueness: a player's deck is built around one main character; a position that gives
    p1 two main characters at once is not a position the game can reach."""
    second = character("p1", "The Master", "p1.3", main=True, kind="villain")
    refused_setup(memory_client, {"characters": {"spike": SPIKE, "master": second, "buffy": BUFFY}},
                  "buffy.uniqueness")


def test_both_players_may_have_the_same_main_character_in_a_position(memory_client):
    """buffy.uniqueness: the one exception to the duplication limits is that both players may play
    the same main character, so two main Spikes, one per player, are a legal position."""
    other = {**SPIKE, "owner": "p2", "location": "p2.2"}
    t = Table(memory_client, {"characters": {"spike": SPIKE, "spike-2": other}})
    assert {c["owner"] for c in t.state()["characters"].values()} == {"p1", "p2"}


def test_a_hero_twice_in_a_position_is_refused(memory_client):
    """buffy.uniqueness: a hero exists once in the whole game; Willow in play for p2 and again for
    p1 cannot both stand."""
    refused_setup(memory_client, {"characters": {
        "spike": SPIKE, "buffy": BUFFY,
        "willow": character("p2", "Willow Rosenberg", "p2.1", kind="hero"),
        "willow-2": character("p1", "Willow Rosenberg", "p1.1", kind="hero")}}, "buffy.uniqueness")


def test_a_supporting_copy_of_a_main_character_kept_by_its_essence_is_refused_in_a_position(memory_client):
    """buffy.uniqueness: a main character in the discard pile stays unique through its essence, so
    the opponent cannot have the same card in play as a supporting character."""
    master = character("p1", "The Master", "discard", main=True, kind="villain")
    refused_setup(memory_client, {"characters": {"master": master, "buffy": BUFFY,
                                                 "master-2": character("p2", "The Master", "p2.1")}},
                  "buffy.uniqueness")


def test_a_player_with_two_copies_of_one_minion_in_a_position_is_refused(memory_client):
    """buffy.uniqueness: minions may be duplicated in the game but each player has one of each in
    play at a time; one Pack per player is fine, two for p1 are not."""
    pack = character("p1", "The Pack", "p1.1", kind="minion")
    Table(memory_client, {"characters": {"spike": SPIKE, "buffy": BUFFY, "pack": pack,
                                         "pack-2": {**pack, "owner": "p2", "location": "p2.1"}}})
    refused_setup(memory_client, {"characters": {"spike": SPIKE, "buffy": BUFFY, "pack": pack,
                                                 "pack-2": {**pack, "location": "p1.3"}}}, "buffy.uniqueness")


def test_a_main_character_counts_as_a_hero_or_villain_when_a_supporting_copy_is_played(memory_client):
    """buffy.uniqueness: a main character is a hero or a villain even when the position does not say
    which, so p2 cannot play a supporting Spike while p1's main Spike is in play."""
    spike = {k: v for k, v in SPIKE.items() if k != "kind"}
    t = Table(memory_client, {"step": "resource", "active_player": "p2",
                              "characters": {"spike": spike, "buffy": BUFFY}})
    t.refuse({"type": "play_character", "player": "p2", "at": "p2.1", "character": {"name": "Spike"}},
             "buffy.uniqueness")


def test_two_copies_of_a_unique_location_in_a_position_are_refused(memory_client):
    """buffy.location.unique: a unique location can be in play only once; two Bronzes are refused,
    while a non-unique location may be in play for both players."""
    bronze = {"name": "The Bronze", "owner": "p1", "unique": True}
    refused_setup(memory_client, {"locations": {"p1.1": bronze, "p2.1": {**bronze, "owner": "p2"}}},
                  "buffy.location.unique")
    restroom = {"name": "Public Restroom", "owner": "p1"}
    t = Table(memory_client, {"locations": {"p1.1": restroom, "p2.1": {**restroom, "owner": "p2"}}})
    assert len(t.state()["locations"]) == 2
