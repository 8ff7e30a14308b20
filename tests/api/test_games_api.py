"""The v1 core routes: happy and unhappy paths."""
from __future__ import annotations

from tests.conftest import BUFFY, SPIKE, act, buffy_game, state


def test_create_returns_201_with_location_and_position_one(client):
    r = client.post("/games", json={"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1"})
    assert r.status_code == 201
    body = r.get_json()
    assert body["game"] == "buffy" and body["position"] == 1
    assert r.headers["Location"].endswith(f"/games/{body['id']}")
    game = client.get(r.headers["Location"]).get_json()
    assert game == {"id": body["id"], "game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}],
                    "position": 1, "status": "in_progress", "winner": None}


def test_setup_round_trips_the_state_document(client):
    gid = buffy_game(client, {"step": "resource", "time_of_day": "night", "turn": 4,
                              "characters": {"spike": SPIKE, "buffy": BUFFY},
                              "players": {"p1": {"destiny": 3, "hand": 4}}})
    doc = state(client, gid)
    again = buffy_game(client, doc)
    copy = state(client, again)
    assert copy == doc
    assert copy["turn"] == 4 and copy["time_of_day"] == "night" and copy["players"]["p1"]["destiny"] == 3


def test_unknown_game_is_404_problem(client):
    for path in ("/games/0b8c5a8e-4e5b-4d8e-9a33-000000000000", "/games/not-a-uuid/state"):
        r = client.get(path)
        assert r.status_code == 404
        assert r.content_type == "application/problem+json"
        assert r.get_json()["type"] == "/problems/not-found"


def test_stale_if_match_is_409_and_appends_nothing(client):
    gid = buffy_game(client, {"step": "movement"})
    r = client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p1"}, headers={"If-Match": '"1"'})
    assert r.status_code == 201
    r = client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p2"}, headers={"If-Match": '"1"'})
    assert r.status_code == 409
    assert r.get_json()["position"] == 2 and r.get_json()["type"] == "/problems/stale-position"
    r = client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p2", "expected_position": 1})
    assert r.status_code == 409
    assert client.get(f"/games/{gid}").get_json()["position"] == 2


def test_malformed_bodies_are_4xx_problems_naming_the_fault(client):
    gid = buffy_game(client)
    cases = [
        (client.post("/games", data="{", content_type="application/json"), 400, "invalid-json"),
        (client.post("/games", data="x", content_type="text/plain"), 415, "unsupported-media-type"),
        (client.post("/games", json=[1]), 400, "invalid-json"),
        (client.post("/games", json={"game": "chess", "players": [{"id": "a"}]}), 422, "invalid-request"),
        (client.post("/games", json={"game": "buffy", "players": [{"id": "a"}], "colour": "red"}), 422, "invalid-request"),
        (client.post(f"/games/{gid}/actions", json={"type": "fly", "player": "p1"}), 422, "invalid-action"),
        (client.post(f"/games/{gid}/actions", json={"type": "move", "player": "p1"}), 422, "invalid-action"),
        (client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p9"}), 422, "invalid-action"),
        (client.get(f"/games/{gid}/state?at=99"), 404, "position-not-found"),
        (client.get(f"/games/{gid}/state?at=zero"), 422, "invalid-request"),
        (client.get(f"/games/{gid}/legal-actions"), 422, "invalid-request"),
    ]
    for r, status, kind in cases:
        assert r.status_code == status, r.get_json()
        assert r.content_type == "application/problem+json"
        body = r.get_json()
        assert body["type"] == f"/problems/{kind}"
        assert body["detail"]
    unknown = client.post("/games", json={"game": "buffy", "players": [{"id": "a"}], "colour": "red"}).get_json()
    assert "colour" in unknown["detail"]
    missing = client.post(f"/games/{gid}/actions", json={"type": "move", "player": "p1"}).get_json()
    assert {e["field"] for e in missing["errors"]} == {"character", "to"}
    assert client.get(f"/games/{gid}").get_json()["position"] == 1


def test_check_is_a_dry_run(client):
    gid = buffy_game(client, {"step": "movement", "characters": {"spike": SPIKE}})
    verdict = client.post(f"/games/{gid}/check", json={"action": {"type": "move", "player": "p1", "character": "spike", "to": "p1.3"}}).get_json()
    assert verdict["legal"] is False
    assert [v["rule"]["id"] for v in verdict["violations"]] == ["buffy.move.vampires-night"]
    assert any(t["rule"]["id"] == "buffy.move.vampires-night" and t["outcome"] == "forbidden" for t in verdict["because"])
    ok = client.post(f"/games/{gid}/check", json={"action": {"type": "pass", "player": "p1"}, "at": 1}).get_json()
    assert ok["legal"] is True and ok["events"][0]["type"] == "PlayerPassed"
    assert client.get(f"/games/{gid}").get_json()["position"] == 1


def test_legal_actions_agree_with_check(client):
    gid = buffy_game(client, {"step": "conflict", "characters": {"spike": SPIKE, "buffy": BUFFY}})
    listed = client.get(f"/games/{gid}/legal-actions?player=p1").get_json()
    types = {a["action"]["type"] for a in listed["actions"]}
    assert {"pass", "start_fight"} <= types
    for item in listed["actions"]:
        assert item["rules"], item
        if "choose" in item["description"]:
            continue
        verdict = client.post(f"/games/{gid}/check", json={"action": item["action"]}).get_json()
        assert verdict["legal"], (item, verdict["violations"])
    assert client.get(f"/games/{gid}/legal-actions?player=p2").get_json()["actions"] == []


def test_record_mode_appends_an_illegal_action_flagged_and_the_audit_lists_it(client):
    gid = buffy_game(client, {"step": "movement", "characters": {"spike": SPIKE}})
    out = act(client, gid, {"type": "move", "player": "p1", "character": "spike", "to": "p1.3"}, mode="record")
    assert out["recorded"] is True
    assert out["violations"][0]["rule"]["id"] == "buffy.move.vampires-night"
    assert out["state"]["characters"]["spike"]["location"] == "p1.3"
    events = client.get(f"/games/{gid}/events").get_json()["events"]
    assert events[-1]["mode"] == "record" and events[-1]["violations"]
    report = client.get(f"/games/{gid}/audit").get_json()
    assert report["valid"] is True and report["recorded_violations"] == 1
    assert report["violations"][0]["position"] == 2
    assert report["violations"][0]["rules"][0]["id"] == "buffy.move.vampires-night"


def test_events_are_paginated_with_a_next_link(client):
    gid = buffy_game(client, {"step": "movement"})
    for p in ("p1", "p2", "p1"):
        act(client, gid, {"type": "pass", "player": p})
    page = client.get(f"/games/{gid}/events?limit=2").get_json()
    assert [e["position"] for e in page["events"]] == [1, 2]
    seen = [e["position"] for e in page["events"]]
    while page["next"]:
        page = client.get(page["next"]).get_json()
        assert len(page["events"]) <= 2
        seen += [e["position"] for e in page["events"]]
    total = client.get(f"/games/{gid}").get_json()["position"]
    assert seen == list(range(1, total + 1)) and total == 5


def test_a_finished_game_refuses_actions(client):
    gid = buffy_game(client, {"winner": {"player": "p1", "by": "destiny"}, "players": {"p1": {"destiny": 10}}})
    assert client.get(f"/games/{gid}").get_json()["status"] == "finished"
    r = client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p1"})
    assert r.status_code == 409 and r.get_json()["type"] == "/problems/game-over"


def test_rules_search_filters_the_inferred_choices(memory_client):
    inferred = memory_client.get("/rules?inferred=true&limit=1000").get_json()
    assert inferred["total"] > 0 and all(r["inferred"] for r in inferred["rules"])
    assert "buffy.board.adjacency" in {r["id"] for r in inferred["rules"]}
    printed = memory_client.get("/rules?game=spoils&inferred=false&q=golden").get_json()
    assert any(r["id"] == "spoils.101.1" for r in printed["rules"])
    assert memory_client.get("/rules?inferred=maybe").status_code == 422
