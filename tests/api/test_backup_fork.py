"""A judge's backup and a what-if fork over HTTP (issue 22): the state after a backup to N is the
state at N, the log keeps every event (those backed over are marked), the audit names the backup
and stays valid, export and import keep it, and a fork starts from the parent's state at N."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import act, buffy_game, state

DECKS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn" / "decks"
ALICE_DECK = DECKS / "Precon -1st Edition- Arcanist.o8d"
BOB_DECK = DECKS / "Precon -1st Edition- Warlord.o8d"
needs_decks = pytest.mark.skipif(not ALICE_DECK.exists(), reason="the shared OCTGN decks are not present")


@pytest.fixture
def deck_client(spoils_cards):
    from api import create_app

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    app.extensions["cards"] = spoils_cards
    yield app.test_client()
    app.extensions["games"].close()


def without_position(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "position"}


def spoils_game(client) -> str:
    """A Spoils game from two real decks, after both mulligans and alice's develop draw (position 6)."""
    body = {"game": "spoils", "first_player": "alice",
            "players": [{"id": "alice", "deck": ALICE_DECK.read_text(encoding="utf-8-sig")},
                        {"id": "bob", "deck": BOB_DECK.read_text(encoding="utf-8-sig")}]}
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    act(client, gid, {"type": "mulligan", "player": "alice", "count": 0})
    act(client, gid, {"type": "mulligan", "player": "bob", "count": 0})
    act(client, gid, {"type": "draw", "player": "alice", "count": 1})
    return gid


def backup(client, gid: str, to: Any, reason: str = "the draw was recorded for the wrong player", **kw):
    return client.post(f"/games/{gid}/backup", json={"to": to, "reason": reason, **kw})


@needs_decks
def test_the_state_after_a_backup_to_n_is_the_state_at_n(deck_client):
    gid = spoils_game(deck_client)
    last = deck_client.get(f"/games/{gid}").get_json()["position"]
    at_n = state(deck_client, gid, 2)
    r = backup(deck_client, gid, 2, judge="Jo")
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert body["position"] == last + 1 and [e["type"] for e in body["events"]] == ["GameBackedUp"]
    after = state(deck_client, gid)
    assert after["position"] == last + 1  # positions still count up
    assert without_position(after) == without_position(at_n)
    assert without_position(body["state"]) == without_position(at_n)
    # The game goes on from there: bob's mulligan again, as at position 2.
    first_time = [e["type"] for e in deck_client.get(f"/games/{gid}/events?after=2&limit=3").get_json()["events"]]
    again = act(deck_client, gid, {"type": "mulligan", "player": "bob", "count": 0})
    assert [e["type"] for e in again["events"]] == first_time == ["MulliganTaken", "TurnStarted", "CardsRestored"]
    assert again["events"][0]["position"] == last + 2


@needs_decks
def test_the_log_keeps_every_event_and_marks_those_backed_over(deck_client):
    gid = spoils_game(deck_client)
    last = deck_client.get(f"/games/{gid}").get_json()["position"]
    backup(deck_client, gid, 2, judge="Jo")
    events = deck_client.get(f"/games/{gid}/events").get_json()["events"]
    assert [e["position"] for e in events] == list(range(1, last + 2))
    marked = {e["position"]: e.get("backed_over_by") for e in events}
    assert marked == {p: (last + 1 if 2 < p <= last else None) for p in range(1, last + 2)}
    assert events[-1]["action"] == {"type": "backup", "to": 2, "reason": "the draw was recorded for the wrong player",
                                    "by": "Jo"}
    game = deck_client.get(f"/games/{gid}").get_json()
    assert game["backups"] == [{"position": last + 1, "to": 2, "reason": "the draw was recorded for the wrong player",
                                "by": "Jo"}]


@needs_decks
def test_the_audit_names_the_backup_and_stays_valid(deck_client):
    gid = spoils_game(deck_client)
    last = deck_client.get(f"/games/{gid}").get_json()["position"]
    backup(deck_client, gid, 2, judge="Jo")
    act(deck_client, gid, {"type": "mulligan", "player": "bob", "count": 0})
    report = deck_client.get(f"/games/{gid}/audit").get_json()
    assert report["valid"], report["violations"]
    assert report["positions"] == deck_client.get(f"/games/{gid}").get_json()["position"]
    [named] = report["backups"]
    assert named["position"] == last + 1 and named["to"] == 2 and named["by"] == "Jo"
    assert named["backed_over"] == list(range(3, last + 1))
    assert "backed the game up to position 2" in named["explanation"] and "wrong player" in named["explanation"]


@needs_decks
def test_export_and_import_keep_the_backup(deck_client):
    gid = spoils_game(deck_client)
    backup(deck_client, gid, 2, judge="Jo")
    act(deck_client, gid, {"type": "mulligan", "player": "bob", "count": 0})
    exported = deck_client.get(f"/games/{gid}/export").get_data()
    before = {p: state(deck_client, gid, p) for p in range(1, deck_client.get(f"/games/{gid}").get_json()["position"] + 1)}

    from api import create_app

    other = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    try:
        client = other.test_client()
        r = client.post("/games/import", data=exported, content_type="application/x-ndjson")
        assert r.status_code == 201, r.get_json()
        assert r.get_json()["audit"]["valid"] and len(r.get_json()["audit"]["backups"]) == 1
        assert {p: state(client, gid, p) for p in before} == before
        assert client.get(f"/games/{gid}").get_json()["backups"][0]["to"] == 2
    finally:
        other.extensions["games"].close()


@needs_decks
def test_a_fork_starts_from_the_parents_state_at_n(deck_client):
    gid = spoils_game(deck_client)
    at_n = state(deck_client, gid, 2)
    r = deck_client.post(f"/games/{gid}/fork", json={"at": 2, "reason": "what if bob had mulliganed?", "judge": "Jo"})
    assert r.status_code == 201, r.get_json()
    fork = r.get_json()
    assert fork["id"] != gid and fork["position"] == 1 and r.headers["Location"].endswith(f"/games/{fork['id']}")
    game = deck_client.get(f"/games/{fork['id']}").get_json()
    assert game["parent"]["id"] == gid and game["parent"]["at"] == 2
    assert game["players"] == deck_client.get(f"/games/{gid}").get_json()["players"]
    assert without_position(state(deck_client, fork["id"], 1)) == without_position(at_n)
    # Each game goes its own way: the fork's actions leave the parent alone.
    parent_at = deck_client.get(f"/games/{gid}").get_json()["position"]
    legal = deck_client.get(f"/games/{fork['id']}/legal-actions?player=bob").get_json()["actions"]
    act(deck_client, fork["id"], next(a["action"] for a in legal if a["action"]["type"] == "mulligan"))
    assert deck_client.get(f"/games/{gid}").get_json()["position"] == parent_at
    assert deck_client.get(f"/games/{fork['id']}/audit").get_json()["valid"]


@pytest.fixture(params=["2", "0"], ids=["snapshots every 2 positions", "no snapshots"])
def buffy_client(request):
    """A store that snapshots every 2 positions (states read through snapshots taken after a
    backup), and one that never does."""
    from api import create_app
    from events.service.application import GameService

    service = GameService("memory://", env={"ADJUDICATOR_SNAPSHOT_INTERVAL": request.param})
    app = create_app({"SERVICE": service, "TESTING": True})
    yield app.test_client()
    app.extensions["games"].close()


def settled(client, gid: str) -> list[int]:
    """The positions that end a batch (an action and its consequences), in order."""
    events = client.get(f"/games/{gid}/events").get_json()["events"]
    return [e["position"] for e, nxt in zip(events, events[1:] + [None]) if nxt is None or nxt["batch"] != e["batch"]]


def test_a_backup_works_for_buffy_too_and_a_backup_of_a_backup_finds_the_state_it_names(buffy_client):
    client = buffy_client
    gid = buffy_game(client, {"step": "movement"})
    act(client, gid, {"type": "pass", "player": "p1"})
    act(client, gid, {"type": "pass", "player": "p2"})
    act(client, gid, {"type": "pass", "player": "p1"})
    _, a, b, _ = settled(client, gid)
    at = {p: state(client, gid, p) for p in (a, b)}
    first = backup(client, gid, a).get_json()["position"]  # the state at a
    assert without_position(state(client, gid)) == without_position(at[a])
    second = backup(client, gid, b).get_json()["position"]  # the state at b, before the first backup
    assert without_position(state(client, gid)) == without_position(at[b])
    third = backup(client, gid, first).get_json()["position"]  # the state at the first backup: at a
    assert without_position(state(client, gid)) == without_position(at[a])
    assert third == second + 1 == first + 2
    report = client.get(f"/games/{gid}/audit").get_json()
    assert report["valid"], report["violations"]
    assert [(x["position"], x["to"]) for x in report["backups"]] == [(first, a), (second, b), (third, first)]
    fork = client.post(f"/games/{gid}/fork", json={"at": third}).get_json()
    assert without_position(state(client, fork["id"])) == without_position(at[a])


def test_a_backup_or_fork_names_a_settled_position_never_one_inside_a_batch(client):
    gid = buffy_game(client, {"step": "movement"})
    act(client, gid, {"type": "pass", "player": "p1"})
    act(client, gid, {"type": "pass", "player": "p2"})  # the pass ends the step: one batch of several events
    ends = settled(client, gid)
    inside = next(p for p in range(1, ends[-1]) if p not in ends)
    for path, field in (("backup", "to"), ("fork", "at")):
        r = client.post(f"/games/{gid}/{path}", json={field: inside, "reason": "x"})
        assert r.status_code == 422, r.get_json()
        assert f"position {inside} is inside the batch" in r.get_json()["detail"]
        assert r.get_json()["errors"][0]["field"] == field
    assert client.get(f"/games/{gid}").get_json()["position"] == ends[-1]


def test_bad_backups_and_forks_are_422_and_append_nothing(client):
    gid = buffy_game(client, {"step": "movement"})
    act(client, gid, {"type": "pass", "player": "p1"})
    cases = [({"to": 9, "reason": "x"}, "to"), ({"to": 2, "reason": "x"}, "to"), ({"to": 0, "reason": "x"}, "to"),
             ({"to": "1", "reason": "x"}, "to"), ({"to": 1}, "reason"), ({"to": 1, "reason": "x", "colour": 1}, "colour")]
    for body, field in cases:
        r = client.post(f"/games/{gid}/backup", json=body)
        assert r.status_code == 422, (body, r.get_json())
        assert r.content_type == "application/problem+json"
        assert r.get_json()["type"] == "/problems/invalid-request"
        assert field in str(r.get_json()), (body, r.get_json())
    r = client.post(f"/games/{gid}/fork", json={"at": 3})
    assert r.status_code == 422 and "outside the log" in r.get_json()["detail"]
    assert client.post("/games/0b8c5a8e-4e5b-4d8e-9a33-000000000000/backup", json={"to": 1, "reason": "x"}).status_code == 404
    assert client.get(f"/games/{gid}").get_json()["position"] == 2


def test_a_backup_needs_a_judge_key(tmp_path):
    from api import create_app

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "AUTH": "required"})
    try:
        keys = app.extensions["keys"]
        _, recorder = keys.create("recorder")
        _, judge = keys.create("judge")
        client = app.test_client()
        gid = client.post("/games", json={"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}],
                                          "first_player": "p1", "setup": {"step": "movement"}},
                          headers={"Authorization": f"Bearer {judge}"}).get_json()["id"]
        passed = client.post(f"/games/{gid}/actions", json={"type": "pass", "player": "p1"},
                             headers={"Authorization": f"Bearer {judge}"})
        assert passed.status_code == 201
        refused = client.post(f"/games/{gid}/backup", json={"to": 1, "reason": "x"},
                              headers={"Authorization": f"Bearer {recorder}"})
        assert refused.status_code == 403
        done = client.post(f"/games/{gid}/backup", json={"to": 1, "reason": "x"},
                           headers={"Authorization": f"Bearer {judge}"})
        assert done.status_code == 201
        assert done.get_json()["events"][0]["data"]["by"] == judge.split("_")[1]
    finally:
        app.extensions["games"].close()


def test_a_backup_on_a_log_that_moved_on_is_409_and_a_retried_one_is_answered_once(client):
    gid = buffy_game(client, {"step": "movement"})
    act(client, gid, {"type": "pass", "player": "p1"})
    seen = client.get(f"/games/{gid}").get_json()["position"]
    act(client, gid, {"type": "pass", "player": "p2"})
    stale = client.post(f"/games/{gid}/backup", json={"to": 1, "reason": "x"}, headers={"If-Match": f'"{seen}"'})
    assert stale.status_code == 409 and stale.get_json()["type"] == "/problems/stale-position"
    now = client.get(f"/games/{gid}").get_json()["position"]
    assert now > seen
    key = {"Idempotency-Key": "backup-once"}
    first = client.post(f"/games/{gid}/backup", json={"to": 1, "reason": "x"}, headers=key)
    again = client.post(f"/games/{gid}/backup", json={"to": 1, "reason": "x"}, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert first.get_json()["position"] == again.get_json()["position"] == now + 1
    assert client.get(f"/games/{gid}").get_json()["position"] == now + 1


def test_a_forks_audit_checks_its_first_state_against_its_parent_when_the_store_has_it(client):
    gid = buffy_game(client, {"step": "movement"})
    act(client, gid, {"type": "pass", "player": "p1"})
    fork = client.post(f"/games/{gid}/fork", json={"at": 2}).get_json()["id"]
    report = client.get(f"/games/{fork}/audit").get_json()
    assert report["valid"], report["violations"]
    assert report["fork"]["checked"] and report["fork"]["id"] == gid and report["fork"]["at"] == 2
    assert "is the parent's state at position 2" in report["fork"]["message"]
    # The fork's log alone in another store: nothing to compare with, and it says so.
    from api import create_app

    other = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    try:
        elsewhere = other.test_client()
        r = elsewhere.post("/games/import", data=client.get(f"/games/{fork}/export").get_data(),
                           content_type="application/x-ndjson")
        assert r.status_code == 201, r.get_json()
        alone = elsewhere.get(f"/games/{fork}/audit").get_json()
        assert alone["valid"] and alone["fork"]["checked"] is False
    finally:
        other.extensions["games"].close()


def test_a_fork_whose_first_state_is_not_its_parents_is_a_finding():
    from events.service.application import GameService
    from events.service.backups import audit_fork

    service = GameService("memory://")
    try:
        parent = service.create_game("buffy", [{"id": "p1"}, {"id": "p2"}], "p1", {"step": "movement"})
        other = service.create_game("buffy", [{"id": "p1"}, {"id": "p2"}], "p1", {"step": "conflict"})
        rows = service.raw_events(other.id)
        forged = [rows[0].model_copy(update={"action": {"type": "fork", "parent": str(parent.id), "at": 1,
                                                         "parent_hash": parent.last_hash}})]
        report = audit_fork(service, other.id, forged, {"valid": True, "violations": []})
        assert not report["valid"] and report["violations"][0]["kind"] == "fork"
        assert "not the parent's state at position 1" in report["fork"]["message"]
    finally:
        service.close()


def test_a_backup_that_names_its_own_position_or_a_later_one_never_replays_forever():
    from adjudicator import engine_for
    from events.service.application import GameService, project_game
    from events.service.backups import fold

    service = GameService("memory://")
    try:
        log = service.create_game("buffy", [{"id": "p1"}, {"id": "p2"}], "p1", {"step": "movement"})
        service.append(log.id, {"type": "pass", "player": "p1"})
        result = service.backup(log.id, 1, "x")
        rows = service.stored_events(log.id)
        forged = rows[:-1] + [rows[-1].model_copy(update={"data": {**rows[-1].data, "to": result.position}})]
        with pytest.raises(ValueError, match="cannot go back to"):
            project_game(None, forged, service.rewinder(log.id))
        with pytest.raises(ValueError, match="not one before it"):
            fold(engine_for("buffy"), forged, result.position)
    finally:
        service.close()
