"""Issue 16, findings 3 and 4: imports that could not be replayed, and idempotent game ids that an
import could squat.  An import is now replayed the way every later read replays it before it says
201, every event must name the game's engine, only judges and admins import, and an id reserved by
another key's idempotent creation is never taken."""
from __future__ import annotations

import json

import pytest

from api import create_app
from events.service.application import GameService
from events.service.envelope import GENESIS
from events.service.export import export_lines, parse_line

GAME = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
BUFFY = {"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}]}
TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
NDJSON = "application/x-ndjson"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def rehashed(lines: list[str]) -> str:
    """The lines with the hash chain recomputed, as an attacker with the file would."""
    out, prev = [], GENESIS
    for n, line in enumerate(lines, start=1):
        env = parse_line(line, n).model_copy(update={"prev_hash": prev}).sealed()
        prev = env.hash
        out.extend(export_lines([env]))
    return "".join(out)


@pytest.fixture
def secured(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite'}", "AUTH": "required", "TESTING": True,
                      "REQUEST_LOG": "0"})
    keys = app.extensions["keys"]
    made = {role: keys.create(role) for role in ("admin", "judge", "recorder", "reader")}
    made["judge2"] = keys.create("judge")
    yield app, app.test_client(), made
    keys.close()
    app.extensions["games"].close()


def test_an_export_whose_last_line_names_another_engine_is_refused_naming_the_position(client):
    source = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"}).test_client()
    gid = source.post("/games", json=BUFFY).get_json()["id"]
    for player in ("p1", "p2"):
        r = source.post(f"/games/{gid}/actions?mode=record", json={"type": "pass", "player": player})
        assert r.status_code == 201, r.get_json()
    lines = source.get(f"/games/{gid}/export").get_data(as_text=True).splitlines()
    last = json.loads(lines[-1])
    lines[-1] = json.dumps({**last, "game": "spoils"})
    r = client.post("/games/import", data=rehashed(lines), content_type=NDJSON)
    assert r.status_code == 422, r.get_json()
    assert r.get_json()["position"] == last["position"] and "spoils" in r.get_json()["detail"]
    assert client.get(f"/games/{gid}").status_code == 404


def test_an_import_that_the_reads_could_not_replay_is_refused_before_201(client):
    source = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"}).test_client()
    gid = source.post("/games", json=GAME).get_json()["id"]
    assert source.post(f"/games/{gid}/actions", json=TICK).status_code == 201
    lines = source.get(f"/games/{gid}/export").get_data(as_text=True).splitlines()
    second = json.loads(lines[1])
    # a stored event the engine cannot apply (data of the wrong shape), chain recomputed
    lines[1] = json.dumps({**second, "data": {"nonsense": True}, "action": None})
    r = client.post("/games/import", data=rehashed(lines), content_type=NDJSON)
    assert r.status_code == 422 and r.get_json()["position"] == 2, r.get_json()
    assert client.get(f"/games/{gid}").status_code == 404


def test_only_judges_and_admins_import(secured):
    _, client, made = secured
    source = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"}).test_client()
    gid = source.post("/games", json=GAME).get_json()["id"]
    text = source.get(f"/games/{gid}/export").get_data(as_text=True)
    for role in ("recorder", "reader"):
        r = client.post("/games/import", data=text, content_type=NDJSON, headers=bearer(made[role][1]))
        assert r.status_code == 403, (role, r.get_json())
    assert client.get(f"/games/{gid}", headers=bearer(made["reader"][1])).status_code == 404
    r = client.post("/games/import", data=text, content_type=NDJSON, headers=bearer(made["judge"][1]))
    assert r.status_code == 201


def test_an_import_never_takes_an_id_reserved_by_another_keys_idempotent_creation(secured):
    _, client, made = secured
    judge_key, judge = made["judge"]
    other = bearer(made["judge2"][1])
    # the forged log: a game at the judge's reserved id, carrying the judge's key id and digest
    forger = GameService("memory://")
    scoped = f"{judge_key.id}/create-table-7"
    forged = forger.create_game_once("wowmini", GAME["players"], None, None, idempotency_key=scoped)[0]
    assert forged.id.version == 5
    text = "".join(export_lines(forger.stored_events(forged.id)))
    r = client.post("/games/import", data=text, content_type=NDJSON, headers=other)
    assert r.status_code == 422 and "reserved" in r.get_json()["detail"], r.get_json()
    # a log at a reserved id that does not derive it is refused too
    lines = text.splitlines()
    first = json.loads(lines[0])
    first.pop("idempotency_key"), first.pop("request_digest")
    r = client.post("/games/import", data=rehashed([json.dumps(first)]), content_type=NDJSON, headers=other)
    assert r.status_code == 422 and "reserved" in r.get_json()["detail"], r.get_json()
    # so the judge's own creation makes its own game, not a replay of a forged one
    r = client.post("/games", json=GAME, headers={**bearer(judge), "Idempotency-Key": "create-table-7"})
    assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers
    assert r.get_json()["id"] == str(forged.id)
    assert client.get(f"/games/{forged.id}/events", headers=bearer(judge)).get_json()["events"][0]["actor"] is None


def test_the_key_that_created_a_game_may_import_it_back(secured):
    _, client, made = secured
    judge_key, judge = made["judge"]
    source = GameService("memory://")
    created = source.create_game_once("wowmini", GAME["players"], None, None,
                                      idempotency_key=f"{judge_key.id}/k1")[0]
    text = "".join(export_lines(source.stored_events(created.id)))
    r = client.post("/games/import", data=text, content_type=NDJSON, headers=bearer(judge))
    assert r.status_code == 201, r.get_json()
    again = client.post("/games", json=GAME, headers={**bearer(judge), "Idempotency-Key": "k1"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
