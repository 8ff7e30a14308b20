"""Game logs out and in: the export is JSON Lines with hashes, an import rebuilds the same game
(same id, same hashes, same state), audits it on the way in and refuses a broken chain naming the
position; the CLI does the same with a progress bar."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from api import create_app
from api.cli import main as cli

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
NDJSON = "application/x-ndjson"


def fresh(url: str = "memory://"):
    return create_app({"DATABASE_URL": url, "TESTING": True, "REQUEST_LOG": "0"}).test_client()


def played(client, ticks: int = 4) -> str:
    gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    for i in range(ticks):
        assert client.post(f"/games/{gid}/actions", json={**TICK, "player": "p1" if i % 2 else "p2"}).status_code == 201
    # a ruling too, so every kind of batch travels
    client.post(f"/games/{gid}/rulings", json={"judge": "j", "rule": "wowmini.timeline", "effect": {}, "reason": "r"})
    return gid


def export(client, gid: str) -> str:
    r = client.get(f"/games/{gid}/export")
    assert r.status_code == 200 and r.mimetype == NDJSON
    return r.get_data(as_text=True)


def test_export_is_one_event_per_line_with_hashes(client):
    gid = played(client)
    lines = export(client, gid).splitlines()
    events = client.get(f"/games/{gid}/events").get_json()["events"]
    assert len(lines) == len(events) == 6
    docs = [json.loads(line) for line in lines]
    assert [d["position"] for d in docs] == list(range(1, 7))
    assert all(d["game_id"] == gid for d in docs)
    assert [d["hash"] for d in docs] == [e["hash"] for e in events]
    assert docs[0]["prev_hash"] == "0" * 64 and docs[1]["prev_hash"] == docs[0]["hash"]


def test_an_import_rebuilds_the_same_game(client):
    source = fresh()
    gid = played(source)
    text = export(source, gid)
    r = client.post("/games/import", data=text, content_type=NDJSON)
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert body["id"] == gid and body["position"] == 6 and body["audit"]["valid"] is True
    assert body["head"] == json.loads(text.splitlines()[-1])["hash"]
    assert client.get(f"/games/{gid}/state").get_json() == source.get(f"/games/{gid}/state").get_json()
    assert export(client, gid) == text
    assert client.get(f"/games/{gid}/audit").get_json()["valid"] is True
    # the game goes on where it stopped
    assert client.post(f"/games/{gid}/actions", json=TICK, headers={"If-Match": '"6"'}).status_code == 201
    # and the same import again is refused: the store never overwrites a log
    again = client.post("/games/import", data=text, content_type=NDJSON)
    assert again.status_code == 409 and again.get_json()["type"] == "/problems/game-exists"


@pytest.mark.parametrize("damage, position", [
    ("edit", 3), ("delete", 3), ("reorder", 3), ("drop-first", 1),
])
def test_an_import_with_a_broken_chain_is_refused_naming_the_position(damage, position):
    source = fresh()
    gid = played(source)
    lines = export(source, gid).splitlines()
    if damage == "edit":
        doc = json.loads(lines[2])
        doc["data"]["ticks"] = 9
        lines[2] = json.dumps(doc)
    elif damage == "delete":
        del lines[2]
    elif damage == "reorder":
        lines[2], lines[3] = lines[3], lines[2]
    else:
        del lines[0]
    target = fresh()
    r = target.post("/games/import", data="\n".join(lines), content_type=NDJSON)
    assert r.status_code == 422 and r.mimetype == "application/problem+json", r.get_json()
    assert r.get_json()["type"] == "/problems/import-refused" and r.get_json()["position"] == position
    assert f"position {position}" in r.get_json()["detail"]
    assert target.get(f"/games/{gid}").status_code == 404, "nothing was stored"


def test_an_unparsable_or_foreign_file_is_refused():
    target = fresh()
    r = target.post("/games/import", data='{"game_id": "x"\n', content_type=NDJSON)
    assert r.status_code == 400 and r.get_json()["line"] == 1
    r = target.post("/games/import", data='{"game_id": "x", "position": 1}\n', content_type=NDJSON)
    assert r.status_code == 422 and r.get_json()["line"] == 1
    assert target.post("/games/import", data="", content_type=NDJSON).status_code == 422
    assert target.post("/games/import", json={"a": 1}).status_code == 415
    source = fresh()
    one, two = played(source, 1), played(source, 1)
    mixed = export(source, one) + export(source, two)
    r = target.post("/games/import", data=mixed, content_type=NDJSON)
    assert r.status_code == 422 and "one game" in r.get_json()["detail"]


def test_the_cli_exports_and_imports_with_a_progress_bar(tmp_path):
    src, dst = f"sqlite:///{tmp_path / 'a.sqlite'}", f"sqlite:///{tmp_path / 'b.sqlite'}"
    gid = played(fresh(src), ticks=30)
    runner = CliRunner()
    out = runner.invoke(cli, ["--database-url", src, "export", gid])
    assert out.exit_code == 0, out.output
    file = tmp_path / "game.jsonl"
    file.write_text(out.stdout)
    assert len(out.stdout.splitlines()) == 32
    done = runner.invoke(cli, ["--database-url", dst, "import", str(file)])
    assert done.exit_code == 0, done.output
    assert f"imported game {gid}: 32 events" in done.stdout
    assert "reading events" in done.stderr
    assert runner.invoke(cli, ["--database-url", dst, "audit", gid]).exit_code == 0
    # a broken file is refused with the position
    lines = out.stdout.splitlines()
    del lines[10]
    file.write_text("\n".join(lines))
    refused = runner.invoke(cli, ["--database-url", f"sqlite:///{tmp_path / 'c.sqlite'}", "import", str(file)])
    assert refused.exit_code == 1 and "position 11" in refused.stderr
    assert runner.invoke(cli, ["--database-url", dst, "export", "00000000-0000-0000-0000-000000000000"]).exit_code == 1


def test_an_import_may_be_larger_than_an_ordinary_request_body():
    source = fresh()
    text = export(source, played(source, ticks=10))
    small = create_app({"DATABASE_URL": "memory://", "MAX_CONTENT_LENGTH": 2000, "REQUEST_LOG": "0"}).test_client()
    assert len(text) > 2000
    assert small.post("/games/import", data=text, content_type=NDJSON).status_code == 201
    tiny = create_app({"DATABASE_URL": "memory://", "MAX_IMPORT_LENGTH": 2000, "REQUEST_LOG": "0"}).test_client()
    r = tiny.post("/games/import", data=text, content_type=NDJSON)
    assert r.status_code == 413 and r.mimetype == "application/problem+json"
