"""The golden rule: a card in play, or a judge ruling, makes the engine allow what a rule forbids,
and every answer's trace names the rule and the card or ruling that overrode it."""
from __future__ import annotations

import pytest

from tests.conftest import act, buffy_game, state
from tests.scenarios.buffy_moves import (
    character, check, event, finish_phase, overridden, passes, refused, to_battle, types, walk,
)

MOTEL = {"p2.3": {"name": "Faith's Motel", "owner": "p2"}}


def faith_stunt_doubles_at_her_motel(client) -> str:
    """000, X (fatigue): Faith is fatigued at Faith's Motel, whose text says that once per turn what
    would fatigue her does not while she is there; so she may stunt-double although fatigued, once."""
    gid = buffy_game(client, {"step": "conflict", "locations": MOTEL, "characters": {
        "faith": character("Faith", "p2", "p2.3", bk=4, smarts=1, weirdness=2, charm=2, kind="hero",
                           alignment="good", fatigued=True),
        "xander": character("Xander", "p2", "p2.3", bk=1, charm=2, kind="companion", alignment="good"),
        "pack": character("The Pack", "p1", "p2.3", bk=2, kind="minion", alignment="evil"),
        "pack2": character("Vampire Minion", "p1", "p2.3", bk=2, kind="minion", alignment="evil"),
    }})
    assert state(client, gid)["locations"]["p2.3"]["effects"] == [
        {"avoid_fatigue": True, "for": "Faith", "once_per_turn": True}]          # the seed effect of the card
    act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "pack", "defender": "xander"})
    act(client, gid, {"type": "pass", "player": "p1"})
    doubled = act(client, gid, {"type": "stunt_double", "player": "p2", "character": "faith"})
    assert types(doubled) == ["StuntDoubleUsed", "FatigueAvoided"]
    assert event(doubled, "FatigueAvoided")["by"] == "Faith's Motel"
    lifted = overridden(doubled["because"], "buffy.fatigue.cannot-act")
    assert lifted and lifted[0]["overridden_by"]["name"] == "Faith's Motel" and lifted[0]["overridden_by"]["kind"] == "card"
    assert any(t["rule"]["id"] == "buffy.golden-rule" and t["overridden_by"]["name"] == "Faith's Motel"
               for t in doubled["because"])
    s = doubled["state"]
    assert s["phase"]["defender"] == "faith" and s["phase"]["stood_in_for"] == "xander"
    assert s["characters"]["faith"]["fatigued"] is True                       # she stays as she was
    assert "buffy.fatigue.avoid" in s["characters"]["faith"]["used_once_per_turn"]

    to_battle(client, gid, "p1", "p2")
    assert state(client, gid)["phase"]["standing"]["totals"] == {"pack": 2, "faith": 3}  # 4 minus her fatigue
    passes(client, gid, "p1", "p2")
    resolved = passes(client, gid, "p1", "p2")
    assert event(resolved, "FightResolved")["winner"] == "faith"
    finish_phase(client, gid, "p1", "p2")

    # Later the same turn: the motel's once-per-turn is spent, so the fatigued Faith may not stand in.
    act(client, gid, {"type": "pass", "player": "p2"})
    act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "pack2", "defender": "xander"})
    act(client, gid, {"type": "pass", "player": "p1"})
    body = refused(client, gid, {"type": "stunt_double", "player": "p2", "character": "faith"}, "buffy.fatigue.cannot-act")
    assert body["rules"] == ["buffy.fatigue.cannot-act"]
    return gid


def test_faiths_motel_lets_a_fatigued_faith_stunt_double_once_per_turn(client):
    faith_stunt_doubles_at_her_motel(client)


def test_faiths_motel_stops_the_fatigue_of_a_refreshed_faith_who_stunt_doubles(client):
    gid = buffy_game(client, {"step": "conflict", "locations": MOTEL, "characters": {
        "faith": character("Faith", "p2", "p2.3", bk=4, kind="hero", alignment="good"),
        "xander": character("Xander", "p2", "p2.3", bk=1, kind="companion", alignment="good"),
        "pack": character("The Pack", "p1", "p2.3", bk=2, kind="minion", alignment="evil"),
    }})
    act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "pack", "defender": "xander"})
    act(client, gid, {"type": "pass", "player": "p1"})
    doubled = act(client, gid, {"type": "stunt_double", "player": "p2", "character": "faith"})
    assert types(doubled) == ["StuntDoubleUsed", "FatigueAvoided"]
    assert doubled["state"]["characters"]["faith"]["fatigued"] is False
    assert overridden(doubled["because"], "buffy.fatigue.stunt-double")[0]["overridden_by"]["name"] == "Faith's Motel"


def test_faiths_motel_helps_only_faith_and_only_there(client):
    gid = buffy_game(client, {"step": "conflict", "locations": MOTEL, "characters": {
        "faith": character("Faith", "p2", "p2.2", bk=4, kind="hero", fatigued=True),
        "oz": character("Oz", "p2", "p2.2", bk=1, kind="companion"),
        "willow": character("Willow", "p2", "p2.3", bk=1, kind="companion", fatigued=True),
        "xander": character("Xander", "p2", "p2.3", bk=1, kind="companion"),
        "pack": character("The Pack", "p1", "p2.3", bk=2, kind="minion"),
        "pack2": character("Vampire Minion", "p1", "p2.2", bk=2, kind="minion"),
    }})
    act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "pack", "defender": "xander"})
    act(client, gid, {"type": "pass", "player": "p1"})
    at_the_motel = check(client, gid, {"type": "stunt_double", "player": "p2", "character": "willow"})
    assert [v["rule"]["id"] for v in at_the_motel["violations"]] == ["buffy.fatigue.cannot-act"]
    assert act(client, gid, {"type": "pass", "player": "p2"})["state"]["phase"]["stage"] == "draw"
    other = buffy_game(client, {"step": "conflict", "locations": MOTEL, "characters": {
        "faith": character("Faith", "p2", "p2.2", bk=4, kind="hero", fatigued=True),
        "oz": character("Oz", "p2", "p2.2", bk=1, kind="companion"),
        "pack": character("The Pack", "p1", "p2.2", bk=2, kind="minion"),
    }})
    act(client, other, {"type": "start_fight", "player": "p1", "attacker": "pack", "defender": "oz"})
    act(client, other, {"type": "pass", "player": "p1"})
    elsewhere = check(client, other, {"type": "stunt_double", "player": "p2", "character": "faith"})
    assert [v["rule"]["id"] for v in elsewhere["violations"]] == ["buffy.fatigue.cannot-act"]


def willow_stunt_doubles_by_a_judge_ruling(client) -> str:
    """A judge rules that Willow (a card with no such effect) may act although fatigued; the engine
    honours the ruling from then on and names it in every trace."""
    gid = buffy_game(client, {"step": "conflict", "characters": {
        "willow": character("Willow", "p2", "p2.1", bk=2, smarts=4, kind="companion", alignment="good", fatigued=True),
        "xander": character("Xander", "p2", "p2.1", bk=1, kind="companion", alignment="good"),
        "pack": character("The Pack", "p1", "p2.1", bk=2, kind="minion", alignment="evil"),
    }})
    act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "pack", "defender": "xander"})
    act(client, gid, {"type": "pass", "player": "p1"})
    refused(client, gid, {"type": "stunt_double", "player": "p2", "character": "willow"}, "buffy.fatigue.cannot-act")
    r = client.post(f"/games/{gid}/rulings", json={
        "judge": "Head judge", "rule": "buffy.fatigue.cannot-act", "card": "Willow",
        "effect": {"permit": "buffy.fatigue.cannot-act"},
        "reason": "The players agreed at the table that Willow's resolve lets her step in although fatigued."})
    assert r.status_code == 201, r.get_json()
    ruling_id = r.get_json()["events"][0]["data"]["ruling_id"]
    verdict = check(client, gid, {"type": "stunt_double", "player": "p2", "character": "willow"})
    assert verdict["legal"] is True
    lifted = overridden(verdict["because"], "buffy.fatigue.cannot-act")
    assert lifted[0]["overridden_by"] == {"kind": "ruling", "name": "Willow", "ruling_id": ruling_id,
                                          "effect": "{'permit': 'buffy.fatigue.cannot-act'}"}
    doubled = act(client, gid, {"type": "stunt_double", "player": "p2", "character": "willow"})
    assert types(doubled) == ["StuntDoubleUsed"]                    # already fatigued: no new fatigue
    assert overridden(doubled["because"], "buffy.fatigue.cannot-act")[0]["overridden_by"]["ruling_id"] == ruling_id
    assert doubled["state"]["phase"]["defender"] == "willow"
    # The ruling concerns Willow only: the fatigued Xander still may not face anything.
    assert state(client, gid)["rulings"][0]["card"] == "Willow"
    to_battle(client, gid, "p1", "p2")
    assert state(client, gid)["phase"]["standing"]["totals"] == {"pack": 2, "willow": 1}
    passes(client, gid, "p1", "p2")
    resolved = passes(client, gid, "p1", "p2")
    assert event(resolved, "FightResolved")["winner"] == "pack"
    assert resolved["state"]["characters"]["willow"]["location"] == "discard"
    return gid


def test_a_judge_ruling_lets_a_fatigued_willow_stunt_double_and_the_trace_names_it(client):
    willow_stunt_doubles_by_a_judge_ruling(client)


def test_a_ruling_can_forbid_what_a_rule_permits(client):
    gid = buffy_game(client, {"step": "conflict", "characters": {
        "spike": character("Spike", "p1", "p2.1", bk=3, main=True, kind="villain"),
        "buffy": character("Buffy Summers", "p2", "p2.1", bk=3, main=True, kind="hero"),
    }})
    client.post(f"/games/{gid}/rulings", json={"judge": "J", "rule": "buffy.fight.start", "card": "Spike",
                                               "effect": {"forbid": "buffy.fight.start"}, "reason": "a card says so"})
    verdict = check(client, gid, {"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"})
    assert [v["rule"]["id"] for v in verdict["violations"]] == ["buffy.fight.start"]
    assert any(t["outcome"] == "forbidden" and (t.get("overridden_by") or {}).get("kind") == "ruling"
               for t in verdict["because"])


@pytest.mark.parametrize("scenario", [faith_stunt_doubles_at_her_motel, willow_stunt_doubles_by_a_judge_ruling],
                         ids=["faiths-motel", "judge-ruling"])
def test_legal_actions_agree_with_check_in_golden_rule_scenarios(memory_client, scenario):
    gid = scenario(memory_client)
    assert walk(memory_client, gid) > 0


def test_a_ruling_that_lowers_the_destiny_to_win_takes_effect_with_the_next_action(client):
    gid = buffy_game(client, {"step": "movement", "players": {"p2": {"destiny": 6}}})
    r = client.post(f"/games/{gid}/rulings", json={"judge": "J", "rule": "buffy.victory.destiny",
                                                   "effect": {"set": "destiny_to_win", "value": 6},
                                                   "reason": "a short game agreed by both players"})
    assert r.status_code == 201
    out = act(client, gid, {"type": "pass", "player": "p1"})
    assert types(out) == ["PlayerPassed", "GameWon"] and out["state"]["winner"] == {"player": "p2", "by": "destiny"}
    won = [t for t in out["because"] if t["rule"]["id"] == "buffy.victory.destiny"]
    assert won and won[0]["overridden_by"]["kind"] == "ruling"
