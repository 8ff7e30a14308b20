"""WoW Miniatures through the HTTP API: create from a position, act, refuse with rules, record,
rulings, legal actions, dry runs, the audit."""
from __future__ import annotations

from typing import Any

from tests.conftest import act, state
from tests.unit.test_wowmini_table import druid, hunter, orc, priest

SETUP = {"characters": {"malfurion": druid(square=(2, 2)), "grunt": orc((3, 3), clock=20)}}


def wow_game(client, setup: dict[str, Any] | None = None) -> str:
    r = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}],
                                    "first_player": "p1", "setup": setup or SETUP})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def in_bear_form(client) -> str:
    gid = wow_game(client)
    act(client, gid, {"type": "play_card", "player": "p1", "character": "malfurion", "card": "Bear Form"})
    act(client, gid, {"type": "pass", "player": "p1"})
    return gid


def test_a_wowmini_game_is_created_from_a_position_and_its_state_round_trips(client):
    gid = wow_game(client)
    game = client.get(f"/games/{gid}").get_json()
    assert (game["game"], game["position"], game["status"]) == ("wowmini", 1, "in_progress")
    doc = state(client, gid)
    assert doc["acting"] == "malfurion" and doc["position"] == 1
    assert doc["characters"]["malfurion"]["effective"]["class"] == "Druid"
    copy = state(client, wow_game(client, doc))
    assert copy == doc


def test_a_setup_that_breaks_the_action_bar_rules_is_refused_with_fields(client):
    bad = druid()
    bad["action_bar"].append(dict(bad["action_bar"][0]))
    r = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}], "setup": {"characters": {"m": bad}}})
    assert r.status_code == 422 and r.content_type == "application/problem+json"
    body = r.get_json()
    assert body["errors"] == [{"field": "setup.characters.m.action_bar.4",
                               "message": "a second card named 'Bear Form' in the same action bar (wowmini.300.2)"}]


def test_playing_a_form_appends_the_card_and_its_consequences(client):
    gid = wow_game(client)
    out = act(client, gid, {"type": "play_card", "player": "p1", "character": "malfurion", "card": "Bear Form"})
    assert [e["type"] for e in out["events"]] == ["CardPlayed", "FormEntered"]
    assert out["state"]["characters"]["malfurion"]["form"]["name"] == "Bear Form"
    assert any(b["rule"]["id"] == "wowmini.302.2" for b in out["because"])


def test_bear_form_refusal_is_a_422_citing_302_3(client):
    gid = in_bear_form(client)
    r = client.post(f"/games/{gid}/actions", json={"type": "play_card", "player": "p1", "character": "malfurion",
                                                   "card": "Wrath", "targets": ["grunt"]})
    assert r.status_code == 422 and r.content_type == "application/problem+json"
    body = r.get_json()
    assert [v["rule"]["id"] for v in body["violations"]] == ["wowmini.302.3"]
    assert body["violations"][0]["rule"]["title"].startswith("A form that grants paid abilities")
    assert client.get(f"/games/{gid}").get_json()["position"] == 5


def test_a_judge_records_an_illegal_play_and_the_audit_reports_it(client):
    gid = in_bear_form(client)
    out = act(client, gid, {"type": "play_card", "player": "p1", "character": "malfurion", "card": "Wrath",
                            "targets": ["grunt"]}, mode="record")
    assert out["recorded"] is True and out["violations"][0]["rule"]["id"] == "wowmini.302.3"
    report = client.get(f"/games/{gid}/audit").get_json()
    found = [v for v in report["violations"] if v["kind"] == "violation"]
    assert [(v["position"], v["recorded"], [r["id"] for r in v["rules"]]) for v in found] == [(6, True, ["wowmini.302.3"])]
    assert not [v for v in report["violations"] if v["kind"] == "mismatch"]


def test_a_ruling_permits_the_card_and_the_trace_names_it(client):
    gid = in_bear_form(client)
    r = client.post(f"/games/{gid}/rulings", json={"judge": "head judge", "rule": "wowmini.302.3", "card": "Wrath",
                                                   "effect": {"permit": "wowmini.302.3"}, "reason": "errata"})
    assert r.status_code == 201, r.get_json()
    out = act(client, gid, {"type": "play_card", "player": "p1", "character": "malfurion", "card": "Wrath",
                            "targets": ["grunt"]})
    entry = [b for b in out["because"] if b["rule"]["id"] == "wowmini.302.3"][0]
    assert entry["outcome"] == "overridden" and entry["overridden_by"]["kind"] == "ruling"
    assert out["state"]["characters"]["grunt"]["damage"] == 4


def test_every_listed_legal_action_checks_legal(client):
    gid = in_bear_form(client)
    for player in ("p1", "p2"):
        body = client.get(f"/games/{gid}/legal-actions?player={player}").get_json()
        assert body["position"] == 5
        concrete = [a for a in body["actions"] if a["action"]["type"] not in ("damage", "heal", "destroy", "advance_time")
                    and not (a["action"]["type"] == "move" and "to" not in a["action"])]
        assert concrete or player == "p2"
        for item in concrete:
            verdict = client.post(f"/games/{gid}/check", json={"action": item["action"]}).get_json()
            assert verdict["legal"], (item, verdict["violations"])
    p1 = client.get(f"/games/{gid}/legal-actions?player=p1").get_json()
    assert p1["to_act"] == "p1"
    maul = [a for a in p1["actions"] if a["action"].get("ability") == "Maul"]
    assert maul and any(r["id"] == "wowmini.302.3" for r in maul[0]["rules"])


def test_an_unparsable_action_is_invalid_with_fields(client):
    gid = wow_game(client)
    r = client.post(f"/games/{gid}/actions", json={"type": "play_card", "player": "p1"})
    assert r.status_code == 422 and r.get_json()["type"] == "/problems/invalid-action"
    assert {e["field"] for e in r.get_json()["errors"]} == {"character", "card"}


def test_a_second_pet_replaces_the_first_through_the_api(client):
    gid = wow_game(client, {"characters": {"rexxar": hunter((4, 4)), "grunt": orc((8, 8), clock=40)}})
    act(client, gid, {"type": "play_card", "player": "p1", "character": "rexxar", "card": "Call Wolf", "square": [5, 4]})
    act(client, gid, {"type": "pass", "player": "p1", "wait": 1})
    act(client, gid, {"type": "pass", "player": "p1", "wait": 2})
    out = act(client, gid, {"type": "play_card", "player": "p1", "character": "rexxar", "card": "Call Raptor",
                            "square": [3, 3]})
    assert [e["type"] for e in out["events"]] == ["CardPlayed", "PetRemoved", "PetSummoned"]
    assert out["events"][1]["data"]["reason"] == "replaced"
    before = state(client, gid, at=out["events"][0]["position"] - 1)
    assert before["characters"]["pet-1"]["status"] == "in_play"
    assert out["state"]["characters"]["pet-1"]["status"] == "removed"


def test_a_dry_run_of_a_totem_buff_appends_nothing(client):
    gid = wow_game(client, {"characters": {"anduin": priest(square=(2, 2)), "grunt": orc((5, 5), clock=9)},
                            "totems": {"t1": {"name": "Searing Totem", "owner": "p2", "square": [5, 5], "health": 3}}})
    verdict = client.post(f"/games/{gid}/check", json={"action": {
        "type": "play_card", "player": "p1", "character": "anduin", "card": "Shadow Word: Pain", "targets": ["t1"]}}).get_json()
    assert verdict["legal"] is False and verdict["events"] == []
    assert verdict["violations"][0]["rule"]["id"] == "wowmini.303.2"
    assert client.get(f"/games/{gid}").get_json()["position"] == 1
