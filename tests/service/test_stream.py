"""GET /games/{id}/stream and /games/stream in one process (Flask's test client), on every store:
catch-up then the live tail, each batch once and in order; resuming with Last-Event-ID, ?after=N
and game=ID:N; NDJSON; heartbeats; the cap's 503; the errors; access as for reads."""
from __future__ import annotations

import json
import threading
from typing import Any, Iterator

import pytest

from api import create_app

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}


def new_game(client) -> str:
    r = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def tick(client, gid: str, headers: dict[str, str] | None = None) -> dict[str, Any]:
    r = client.post(f"/games/{gid}/actions", json=TICK, headers=headers)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


class Reader:
    """Reads a streaming test-client response item by item (SSE or NDJSON)."""

    def __init__(self, resp) -> None:
        assert resp.status_code == 200, resp.get_data(as_text=True)
        self.resp = resp
        self.chunks: Iterator[bytes] = iter(resp.response)
        self.heartbeats = 0
        self.ndjson = resp.mimetype == "application/x-ndjson"

    def items(self, count: int, max_chunks: int = 200) -> list[dict[str, Any]]:
        """The next ``count`` batches (with ``_id``, the SSE id); heartbeats are counted."""
        out: list[dict[str, Any]] = []
        for _ in range(max_chunks):
            if len(out) == count:
                return out
            chunk = next(self.chunks).decode()
            if self.ndjson:
                if chunk.strip():
                    out.append(json.loads(chunk))
                else:
                    self.heartbeats += 1
                continue
            fields = dict(line.split(": ", 1) for line in chunk.strip().splitlines() if ": " in line and not line.startswith(":"))
            if "data" in fields:
                out.append({**json.loads(fields["data"]), "_id": fields.get("id")})
            elif chunk.startswith(": heartbeat"):
                self.heartbeats += 1
        raise AssertionError(f"only {len(out)} of {count} items in {max_chunks} chunks")

    def close(self) -> None:
        self.resp.close()


@pytest.fixture
def app(database_url: str):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "REQUEST_LOG": "0",
                      "STREAM_HEARTBEAT": 0.1, "STREAM_CAP": 3})
    yield app
    app.extensions["games"].close()


def positions(items: list[dict[str, Any]]) -> list[int]:
    return [e["position"] for item in items for e in item["events"]]


def test_catch_up_then_live_tail_in_order_each_once(client):
    gid = new_game(client)
    appended = [tick(client, gid) for _ in range(3)]
    reader = Reader(client.get(f"/games/{gid}/stream", buffered=False))
    assert reader.resp.headers["Content-Type"].startswith("text/event-stream")
    assert reader.resp.headers["X-Accel-Buffering"] == "no"
    caught_up = reader.items(4)
    assert [i["position"] for i in caught_up] == [1, 2, 3, 4]
    assert [i["_id"] for i in caught_up] == ["1", "2", "3", "4"]
    assert caught_up[0]["events"][0]["type"] == "GameCreated"
    for item, answer in zip(caught_up[1:], appended):  # the same events and hashes the append answered
        assert [(e["position"], e["hash"]) for e in item["events"]] == [(e["position"], e["hash"]) for e in answer["events"]]
        assert item["hash"] == answer["events"][-1]["hash"]
        assert item["summary"]["status"] == "in_progress"
        assert item["summary"]["time"] == answer["state"]["time"]
    for a, b in zip(caught_up, caught_up[1:]):
        assert b["prev_hash"] == a["hash"]  # the chain, batch to batch
    threading.Timer(0.05, lambda: [tick(client, gid) for _ in range(2)]).start()
    live = reader.items(2)
    assert [i["position"] for i in live] == [5, 6]
    assert positions(caught_up + live) == list(range(1, 7))
    reader.items(0)
    reader.close()


def test_resume_with_last_event_id_or_after_gets_exactly_what_was_missed(client):
    gid = new_game(client)
    for _ in range(5):
        tick(client, gid)
    by_header = Reader(client.get(f"/games/{gid}/stream", headers={"Last-Event-ID": "3"}, buffered=False))
    assert [i["position"] for i in by_header.items(3)] == [4, 5, 6]
    by_query = Reader(client.get(f"/games/{gid}/stream?after=5", buffered=False))
    both = Reader(client.get(f"/games/{gid}/stream?after=1", headers={"Last-Event-ID": "6"}, buffered=False))
    tick(client, gid)
    assert [i["position"] for i in by_query.items(2)] == [6, 7]
    assert [i["position"] for i in both.items(1)] == [7]  # the header (a browser's reconnection) wins
    for r in (by_header, by_query, both):
        r.close()


def test_ndjson_with_heartbeat_lines(client):
    gid = new_game(client)
    reader = Reader(client.get(f"/games/{gid}/stream", headers={"Accept": "application/x-ndjson"}, buffered=False))
    assert reader.ndjson
    assert [i["position"] for i in reader.items(1)] == [1]
    for _ in range(2):  # idle: an empty line every STREAM_HEARTBEAT
        assert next(reader.chunks) == b"\n"
    tick(client, gid)
    assert [i["position"] for i in reader.items(1)] == [2]
    reader.close()


def test_sse_heartbeats_on_an_idle_stream(client):
    gid = new_game(client)
    reader = Reader(client.get(f"/games/{gid}/stream?after=1", buffered=False))
    assert next(reader.chunks).startswith(b"retry:")
    assert next(reader.chunks) == b": heartbeat\n\n"
    reader.close()


def test_several_games_in_one_stream_with_a_cursor(client):
    one, two = new_game(client), new_game(client)
    tick(client, one)
    reader = Reader(client.get(f"/games/stream?game={one}&game={two}", buffered=False))
    first = reader.items(3)
    assert {(i["game_id"], i["position"]) for i in first} == {(one, 1), (one, 2), (two, 1)}
    tick(client, two)
    item = reader.items(1)[0]
    assert (item["game_id"], item["position"]) == (two, 2)
    assert dict(p.split(":") for p in item["_id"].split(",")) == {one: "2", two: "2"}
    reader.close()
    tick(client, one)
    again = Reader(client.get(f"/games/stream?game={one}&game={two}", headers={"Last-Event-ID": item["_id"]},
                              buffered=False))
    assert [(i["game_id"], i["position"]) for i in again.items(1)] == [(one, 3)]
    again.close()
    by_param = Reader(client.get(f"/games/stream?game={one}:2&game={two}:2", buffered=False))
    assert [(i["game_id"], i["position"]) for i in by_param.items(1)] == [(one, 3)]
    by_param.close()


def test_a_stream_that_closes_frees_its_place_under_the_cap(app, client):
    gid = new_game(client)
    readers = [Reader(client.get(f"/games/{gid}/stream", buffered=False)) for _ in range(3)]
    for r in readers:
        r.items(1)
    full = client.get(f"/games/{gid}/stream")
    assert full.status_code == 503
    assert full.mimetype == "application/problem+json"
    assert full.get_json()["type"] == "/problems/streams-full" and full.get_json()["cap"] == 3
    assert full.headers["Retry-After"]
    readers.pop().close()
    again = Reader(client.get(f"/games/{gid}/stream", buffered=False))
    assert [i["position"] for i in again.items(1)] == [1]
    for r in [*readers, again]:
        r.close()
    from events.service.live import hub_for

    hub = hub_for(app.extensions["games"])
    assert hub.streams == 0 and hub.subscribed() == []


@pytest.mark.parametrize("path, status, kind", [
    ("/games/not-a-uuid/stream", 404, "not-found"),
    ("/games/00000000-0000-0000-0000-000000000000/stream", 404, "not-found"),
    ("/games/{gid}/stream?after=x", 400, "invalid-request"),
    ("/games/{gid}/stream?after=-1", 400, "invalid-request"),
    ("/games/{gid}/stream?after=9", 404, "position-not-found"),
    ("/games/stream", 400, "invalid-request"),
    ("/games/stream?game={gid}:zz", 400, "invalid-request"),
    ("/games/stream?game={gid}&game=00000000-0000-0000-0000-000000000000", 404, "not-found"),
])
def test_bad_requests_are_problems(client, path, status, kind):
    gid = new_game(client)
    r = client.get(path.format(gid=gid))
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == "application/problem+json"
    assert r.get_json()["type"] == f"/problems/{kind}"


def test_a_bad_cursor_is_a_problem(client):
    gid = new_game(client)
    r = client.get(f"/games/stream?game={gid}", headers={"Last-Event-ID": "7"})
    assert r.status_code == 400 and "cursor" in r.get_json()["detail"]


def test_access_as_for_reads():
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "AUTH": "required", "REQUEST_LOG": "0",
                      "STREAM_HEARTBEAT": 0.1})
    client = app.test_client()
    keys = app.extensions["keys"]
    _, judge = keys.create("judge")
    _, reader_key = keys.create("reader")
    gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]},
                      headers={"Authorization": f"Bearer {judge}"}).get_json()["id"]
    assert client.get(f"/games/{gid}/stream").status_code == 401
    assert client.get(f"/games/stream?game={gid}").status_code == 401
    assert client.get(f"/games/{gid}/stream", headers={"Authorization": "Bearer adj_x_y"}).status_code == 401
    reader = Reader(client.get(f"/games/{gid}/stream", headers={"Authorization": f"Bearer {reader_key}"},
                               buffered=False))
    tick(client, gid, headers={"Authorization": f"Bearer {judge}"})
    assert [i["position"] for i in reader.items(2)] == [1, 2]
    reader.close()


def test_resuming_inside_a_batch_gives_the_rest_of_it(client):
    r = client.post("/games", json={"game": "spoils", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1"})
    gid = r.get_json()["id"]
    conceded = client.post(f"/games/{gid}/actions", json={"type": "concede", "player": "p1"}).get_json()
    batch = [e["position"] for e in conceded["events"]]
    assert len(batch) >= 2, "a batch of several events"
    from_start = Reader(client.get(f"/games/{gid}/stream", buffered=False))
    whole = from_start.items(2)[1]
    assert (whole["first"], whole["position"]) == (batch[0], batch[-1])
    assert whole["summary"]["status"] == "finished" and whole["summary"]["winner"]["player"] == "p2"
    inside = Reader(client.get(f"/games/{gid}/stream?after={batch[0]}", buffered=False))
    rest = inside.items(1)[0]
    assert [e["position"] for e in rest["events"]] == batch[1:]
    assert rest["hash"] == whole["hash"] and rest["summary"] == whole["summary"]
    from_start.close()
    inside.close()


def test_the_hub_gives_every_subscriber_exactly_its_batches_whatever_it_joins_at():
    """Subscribers joining at random positions between appends (so the shared cache is cold, warm,
    behind or ahead of them) each receive exactly the batches after their position, in order."""
    import random

    from events.service.application import GameService
    from events.service.live import hub_for

    svc = GameService("memory://")
    gid = svc.create_game("wowmini", [{"id": "p1"}, {"id": "p2"}]).id
    hub = hub_for(svc)
    rng = random.Random(17)
    subs: list[tuple[int, Any, list[int]]] = []
    head = 1
    for step in range(200):  # past the 64 batches the hub caches per game
        if rng.random() < 0.4:
            sub = hub.subscribe({gid: rng.randint(0, head)})
            subs.append((sub.after[gid], sub, []))
        else:
            head = svc.append(gid, TICK).position
        for _, sub, got in subs:
            if rng.random() < 0.7:  # some subscribers lag behind and read several batches at once
                got.extend(b.position for b in sub.pending())
    for start, sub, got in subs:
        got.extend(b.position for b in sub.pending())
        assert got == list(range(start + 1, head + 1)), (start, got)
        sub.close()
    assert hub.subscribed() == []
    svc.close()


def test_each_id_of_a_several_games_stream_names_only_what_was_sent(client):
    one, two = new_game(client), new_game(client)
    reader = Reader(client.get(f"/games/stream?game={one}&game={two}", buffered=False))
    reader.items(2)
    for _ in range(2):  # both games move on before the stream reads either
        tick(client, one)
        tick(client, two)
    sent: dict[str, int] = {one: 1, two: 1}
    for item in reader.items(4):
        sent[item["game_id"]] = item["position"]
        assert dict(p.split(":") for p in item["_id"].split(",")) == {g: str(n) for g, n in sent.items()}
    assert sent == {one: 3, two: 3}
    reader.close()


def test_a_stream_closed_before_it_was_read_frees_its_place(app, client):
    gid = new_game(client)
    for _ in range(5):  # more than the cap (3): each closed at once, never iterated
        resp = client.get(f"/games/{gid}/stream", buffered=False)
        assert resp.status_code == 200
        resp.close()
    head = client.head(f"/games/{gid}/stream")
    assert head.status_code == 200 and head.data == b""
    head.close()  # as every WSGI server does once it has sent the headers
    from events.service.live import hub_for

    hub = hub_for(app.extensions["games"])
    assert hub.streams == 0 and hub.subscribed() == []
