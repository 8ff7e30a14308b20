"""The smaller worked examples of the Buffy rules documents (traits, requirements, items, trading,
uniqueness, talent stacks), played through the HTTP API on every store."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from tests.conftest import act, buffy_game, state
from tests.scenarios.buffy_moves import (
    action_card, character, check, event, finish_phase, passes, refused, to_battle, types, walk,
)


def hansel_and_gretel_with_the_tome(client) -> str:
    """000, X (traits): Fairy Tales Are Real needs SPELLCRAFT; Hansel and Gretel carry Tome of
    Mediocrity, which gives it, so with enough talent they overcome the challenge."""
    gid = buffy_game(client, {"step": "resource", "challenges": {"fairy": {
        "name": "Fairy Tales Are Real", "owner": "p2", "location": "p1.1", "goals": {"weirdness": 3}, "destiny": 3,
        "required_traits": ["SPELLCRAFT"]}}, "characters": {
        "hg": character("Hansel and Gretel", "p1", "p1.1", bk=1, weirdness=3)}})
    given = act(client, gid, {"type": "attach_item", "player": "p1", "character": "hg", "item": {"name": "Tome of Mediocrity"}})
    assert given["state"]["characters"]["hg"]["attachments"][0]["effects"] == [{"grant_traits": ["SPELLCRAFT"]}]
    passes(client, gid, "p2", "p1")
    act(client, gid, {"type": "face_challenge", "player": "p1", "challenge": "fairy", "characters": ["hg"]})
    to_battle(client, gid, "p1", "p2", 5, 3)
    assert state(client, gid)["phase"]["standing"]["missing_traits"] == []
    passes(client, gid, "p1", "p2")
    resolved = passes(client, gid, "p1", "p2")
    assert event(resolved, "ChallengeResolved")["overcome"] is True
    assert any(t["rule"]["id"] == "buffy.challenge.traits" and "SPELLCRAFT is among" in t["detail"] for t in resolved["because"])
    assert resolved["state"]["players"]["p1"]["destiny"] == 3
    finish_phase(client, gid, "p1", "p2")
    return gid


def test_tome_of_mediocrity_gives_hansel_and_gretel_the_spellcraft_fairy_tales_are_real_needs(client):
    hansel_and_gretel_with_the_tome(client)


def faith_plays_slayers_handiwork(client) -> str:
    """000, X (talent requirements): Slayer's Handiwork needs a character with 3 butt-kicking."""
    gid = buffy_game(client, {"step": "resource", "players": {"p2": {"hand": 5}}, "characters": {
        "faith": character("Faith", "p1", "p1.1", bk=3), "giles": character("Giles", "p1", "p1.1", bk=2),
        "xander": character("Xander", "p2", "p2.1", bk=2), "oz": character("Oz", "p2", "p2.1", bk=2)}})
    played = act(client, gid, {"type": "play_effect", "player": "p1", "card": "Slayer's Handiwork"})
    assert event(played, "EffectPlayed")["effect"] == {"requirement": {"butt_kicking": 3}}
    assert any(t["rule"]["id"] == "buffy.talent-requirement" and "Faith meets" in t["detail"] for t in played["because"])
    # Two characters with 2 each do not add up to 3: a requirement is met by one character alone.
    refused(client, gid, {"type": "play_effect", "player": "p2", "card": "Slayer's Handiwork"}, "buffy.talent-requirement")
    return gid


def test_slayers_handiwork_needs_one_character_with_three_butt_kicking(client):
    faith_plays_slayers_handiwork(client)


def buffy_gets_crossbows_and_a_fire_axe(client) -> str:
    """001, V.5 (items): Buffy receives a Crossbow, the opponent plays, she receives a second; a
    Fire Axe from hand then replaces one of them, which is discarded.  No item fatigues her."""
    gid = buffy_game(client, {"step": "resource", "characters": {
        "buffy": character("Buffy Summers", "p1", "p1.1", bk=3, main=True, kind="hero")}})
    crossbow = {"name": "Crossbow", "talents": {"weirdness": 1}}
    act(client, gid, {"type": "attach_item", "player": "p1", "character": "buffy", "item": crossbow})
    act(client, gid, {"type": "pass", "player": "p2"})
    second = act(client, gid, {"type": "attach_item", "player": "p1", "character": "buffy", "item": crossbow})
    assert [a["name"] for a in second["state"]["characters"]["buffy"]["attachments"]] == ["Crossbow", "Crossbow"]
    assert second["state"]["characters"]["buffy"]["fatigued"] is False
    act(client, gid, {"type": "pass", "player": "p2"})
    refused(client, gid, {"type": "attach_item", "player": "p1", "character": "buffy", "item": {"name": "Fire Axe"}},
            "buffy.resource.items")
    axe = act(client, gid, {"type": "attach_item", "player": "p1", "character": "buffy",
                            "item": {"name": "Fire Axe", "talents": {"butt_kicking": 2}}, "replaces": "Crossbow"})
    buffy = axe["state"]["characters"]["buffy"]
    assert [a["name"] for a in buffy["attachments"]] == ["Crossbow", "Fire Axe"]
    assert buffy["total_talents"]["butt_kicking"] == 5 and buffy["total_talents"]["weirdness"] == 1
    assert axe["state"]["players"]["p1"]["discard"] == ["Crossbow"]
    return gid


def test_buffy_carries_two_crossbows_and_a_fire_axe_replaces_one(client):
    buffy_gets_crossbows_and_a_fire_axe(client)


def willow_gives_buffy_the_bat_sonar(client) -> str:
    """001, V.5 (trading): Willow and Buffy are at the same location; Willow's Bat Sonar goes to
    Buffy, which counts as a play, so it is the opponent's turn to act."""
    gid = buffy_game(client, {"step": "resource", "characters": {
        "buffy": character("Buffy Summers", "p1", "p1.2", bk=3, main=True, kind="hero"),
        "willow": character("Willow", "p1", "p1.2", smarts=4, kind="companion",
                            attachments=[{"name": "Bat Sonar", "kind": "item", "talents": {"smarts": 1}}])}})
    traded = act(client, gid, {"type": "trade_item", "player": "p1", "item": "Bat Sonar", "from": "willow", "to": "buffy"})
    s = traded["state"]
    assert [a["name"] for a in s["characters"]["buffy"]["attachments"]] == ["Bat Sonar"]
    assert s["characters"]["willow"]["attachments"] == [] and s["to_act"] == "p2" and s["players"]["p1"]["hand"] == 5
    act(client, gid, {"type": "pass", "player": "p2"})
    refused(client, gid, {"type": "trade_item", "player": "p1", "item": "Bat Sonar", "from": "buffy", "to": "willow"},
            "buffy.resource.trade")
    return gid


def test_willow_gives_buffy_the_bat_sonar_and_play_passes_to_the_opponent(client):
    willow_gives_buffy_the_bat_sonar(client)


def two_spike_decks(client) -> str:
    """002, VI (uniqueness): both players play Spike as main character; the opponent cannot play
    Drusilla while yours is in play, but both may have The Pack."""
    gid = buffy_game(client, {"step": "resource", "characters": {
        "spike": character("Spike", "p1", "p1.1", bk=3, main=True, kind="villain", traits=["VAMPIRE"]),
        "drusilla": character("Drusilla", "p1", "p1.1", bk=2, kind="villain", traits=["VAMPIRE"]),
        "pack": character("The Pack", "p1", "p1.1", bk=4, kind="minion")}}, first="p2")
    act(client, gid, {"type": "play_character", "player": "p2", "at": "p2.1",
                      "character": {"name": "Spike", "main": True, "kind": "villain", "traits": ["VAMPIRE"]}})
    act(client, gid, {"type": "pass", "player": "p1"})
    body = refused(client, gid, {"type": "play_character", "player": "p2", "at": "p2.2",
                                 "character": {"name": "Drusilla", "kind": "villain"}}, "buffy.uniqueness")
    assert "Drusilla" in body["detail"]
    pack = act(client, gid, {"type": "play_character", "player": "p2", "at": "p2.2",
                             "character": {"name": "The Pack", "kind": "minion", "talents": {"butt_kicking": 4}}})
    assert pack["state"]["characters"]["the-pack"]["owner"] == "p2"
    assert pack["state"]["characters"]["spike-2"]["owner"] == "p2"
    return gid


def test_both_players_may_play_spike_and_the_pack_but_only_one_drusilla(client):
    two_spike_decks(client)


def test_the_masters_essence_keeps_him_unique_from_the_discard_pile(client):
    """002, VI: the Master, a main character, was staked and lies in the discard pile; the opponent
    still may not play the Master as a supporting character."""
    gid = buffy_game(client, {"step": "resource", "characters": {
        "master": character("The Master", "p1", "discard", bk=5, main=True, kind="villain")}}, first="p2")
    refused(client, gid, {"type": "play_character", "player": "p2", "at": "p2.1",
                          "character": {"name": "The Master", "kind": "villain"}}, "buffy.uniqueness")


def join_the_pep_squad(client) -> str:
    """002, VI (action cards): Buffy plays Join the Pep Squad (3 charm): every minion is discarded."""
    gid = buffy_game(client, {"step": "resource", "characters": {
        "buffy": character("Buffy Summers", "p1", "p1.1", bk=3, charm=3, main=True, kind="hero"),
        "pack": character("The Pack", "p2", "p2.1", bk=4, kind="minion"),
        "pack2": character("The Pack", "p1", "p1.1", bk=4, kind="minion"),
        "spike": character("Spike", "p2", "p2.1", bk=3, main=True, kind="villain")}})
    played = act(client, gid, {"type": "play_effect", "player": "p1", "card": "Join the Pep Squad"})
    assert sorted(e["data"]["character"] for e in played["events"] if e["type"] == "CharacterDiscarded") == ["pack", "pack2"]
    assert played["state"]["characters"]["spike"]["location"] == "p2.1"
    return gid


def test_join_the_pep_squad_discards_every_minion(client):
    join_the_pep_squad(client)


def talent_stack_examples(client) -> str:
    """002, VI (talent stacks): a Crossbow adds one weirdness; an action adds only a talent it has an
    icon for (Xander cannot boost charm with weirdness); a character card never goes in a stack."""
    gid = buffy_game(client, {"step": "conflict", "challenges": {"c": {
        "name": "A Weird Challenge", "owner": "p2", "location": "p1.1", "goals": {"weirdness": 3, "charm": 2}, "destiny": 2}},
        "characters": {"xander": character("Xander", "p1", "p1.1", weirdness=2, charm=1)}})
    act(client, gid, {"type": "face_challenge", "player": "p1", "challenge": "c", "characters": ["xander"]})
    to_battle(client, gid, "p1", "p2", 5, 3)
    boosted = act(client, gid, {"type": "boost", "player": "p1", "talent": "weirdness", "card": {"name": "Crossbow", "kind": "item"}})
    assert boosted["state"]["phase"]["standing"]["totals"] == {"weirdness": 3, "charm": 1}
    act(client, gid, {"type": "pass", "player": "p2"})
    refused(client, gid, {"type": "boost", "player": "p1", "talent": "charm",
                          "card": action_card("Weird Science", weirdness=2)}, "buffy.talent-stack.action-icons")
    r = client.post(f"/games/{gid}/actions", json={"type": "boost", "player": "p1", "talent": "charm",
                                                   "card": {"name": "Giles", "kind": "character"}})
    assert r.status_code == 422 and r.get_json()["type"] == "/problems/invalid-action"
    return gid


def test_a_crossbow_adds_one_and_an_action_only_its_own_icons(client):
    talent_stack_examples(client)


SCENARIOS: dict[str, Callable[[Any], str]] = {
    "hansel-and-gretel": hansel_and_gretel_with_the_tome,
    "slayers-handiwork": faith_plays_slayers_handiwork,
    "crossbows-and-fire-axe": buffy_gets_crossbows_and_a_fire_axe,
    "bat-sonar": willow_gives_buffy_the_bat_sonar,
    "two-spike-decks": two_spike_decks,
    "join-the-pep-squad": join_the_pep_squad,
    "talent-stacks": talent_stack_examples,
}


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_legal_actions_agree_with_check_in_card_examples(memory_client, scenario):
    gid = SCENARIOS[scenario](memory_client)
    assert walk(memory_client, gid) > 0
