"""The append path at the floor and the store without a global lock (issue 15).

* two workers (two services on one store) meet on one game: the one whose cache is behind gets
  409 with If-Match, or is decided again without it; the log stays gapless;
* a worker whose cache is behind answers reads and decisions from the store's truth;
* eight writers on eight games at once while a reader tails the global order: the reader sees every
  stored event exactly once, each game's events in position order;
* a game created and played on each of two PostgreSQL shards through one service, audit valid on
  both (the second server is a cluster of its own, tests/service/shards.py).
"""
from __future__ import annotations

import threading
from uuid import UUID, uuid4

import pytest

from api import create_app
from bench.build import create_body
from events.service.application import GameService, IllegalAction, StalePosition
from tests.conftest import pg_url

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
PLAYERS = [{"id": "p1"}, {"id": "p2"}]


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite'}"
    return pg_url(request.getfixturevalue("pg_schema"))


def positions(svc: GameService, gid: UUID) -> list[int]:
    return [e.originator_version for e in svc.stored_events(gid)]


def test_two_workers_on_one_game_409_and_a_gapless_log(store_url):
    one, two = GameService(store_url), GameService(store_url)
    try:
        gid = one.create_game("wowmini", PLAYERS).id
        assert one.append(gid, TICK).position == 2  # worker one caches the game at 2
        assert two.append(gid, {**TICK, "player": "p2"}).position == 3
        with pytest.raises(StalePosition) as raised:  # one's cache says 2: the store says 3
            one.append(gid, TICK, expected_position=2)
        assert raised.value.current == 3
        again = one.append(gid, TICK)  # no position named: decided again on the store's truth
        assert again.position == 4 and again.events[0].data["time"] == 3
        assert positions(one, gid) == positions(two, gid) == [1, 2, 3, 4]
        assert one.audit(gid)["valid"] and two.audit(gid)["valid"]
    finally:
        one.close()
        two.close()


def test_a_worker_whose_cache_is_behind_answers_from_the_store(store_url):
    one, two = GameService(store_url), GameService(store_url)
    a = create_app({"SERVICE": one, "DATABASE_URL": store_url, "REQUEST_LOG": "0"}).test_client()
    b = create_app({"SERVICE": two, "DATABASE_URL": store_url, "REQUEST_LOG": "0"}).test_client()
    try:
        gid = a.post("/games", json=create_body()).get_json()["id"]  # Buffy where passes are legal
        before = a.get(f"/games/{gid}/state").get_json()  # cached by worker one
        first = before["to_act"]
        assert b.post(f"/games/{gid}/actions", json={"type": "pass", "player": first}).status_code == 201
        now = a.get(f"/games/{gid}/state").get_json()
        assert now["position"] > before["position"] and now == b.get(f"/games/{gid}/state").get_json()
        second = now["to_act"]
        assert second != first
        # legal only at the store's position, not at the one worker one cached
        r = a.post(f"/games/{gid}/actions", json={"type": "pass", "player": second})
        assert r.status_code == 201, r.get_json()
        after = r.get_json()["position"]
        assert after > now["position"]
        assert a.get(f"/games/{gid}/state").get_json() == b.get(f"/games/{gid}/state").get_json()
        check = a.post(f"/games/{gid}/check", json={"action": {"type": "pass", "player": second}}).get_json()
        assert check["position"] == after
    finally:
        one.close()
        two.close()


GAMES = {"buffy": lambda: (create_body()["players"], "p1", create_body()["setup"]),
         "spoils": lambda: ([{"id": "p1", "deck": 30}, {"id": "p2", "deck": 30}], "p1", None),
         "wowmini": lambda: (PLAYERS, None, None)}


def next_action(svc: GameService, gid: UUID, i: int) -> dict:
    """A legal action of the player to act (WoW Miniatures: time passes, by either player)."""
    log = svc.game(gid)
    if log.game == "wowmini":
        return {**TICK, "player": ("p1", "p2")[i % 2]}
    engine = svc_engine(log.game)
    player = log.state.to_act
    legal = [la.action for la in engine.legal_actions(log.state, player)
             if la.action.get("type") != "concede" and decides_legal(engine, log.state, la.action)]
    return legal[i % len(legal)]


def svc_engine(game: str):
    from adjudicator import engine_for

    return engine_for(game)


def decides_legal(engine, state, action: dict) -> bool:
    from adjudicator.core import InvalidAction

    try:
        return engine.decide(state, action).legal
    except InvalidAction:  # a template, its fields to fill in
        return False


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_cached_state_after_appends_is_the_replayed_state(store_url, game):
    """What an append leaves in the cache (decided on the one copy of the state it makes, or
    applied) is what a replay gives."""
    svc = GameService(store_url)
    try:
        gid = svc.create_game(game, *GAMES[game]()).id
        for i in range(12):
            svc.append(gid, next_action(svc, gid, i))
        cached = svc.game(gid)
        fresh = GameService(store_url)
        try:
            replayed = fresh.game(gid)
            assert cached.version == replayed.version > 12
            assert svc.document(game, cached.state) == fresh.document(game, replayed.state)
            assert cached.state == replayed.state and cached.last_hash == replayed.last_hash
        finally:
            fresh.close()
    finally:
        svc.close()


REFUSED = {"buffy": lambda state: {"type": "pass", "player": "p2" if state.to_act == "p1" else "p1"},  # not their turn
           "spoils": lambda state: {"type": "end_turn", "player": "p2"},  # during the mulligans
           "wowmini": lambda state: {"type": "pass", "player": "p1"}}  # nobody is taking a turn


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_refused_append_leaves_the_cached_game_untouched(game):
    svc = GameService("memory://")
    try:
        gid = svc.create_game(game, *GAMES[game]()).id
        svc.append(gid, next_action(svc, gid, 0))
        cached = svc.game(gid)
        before = svc.document(game, cached.state)
        with pytest.raises(IllegalAction):
            svc.append(gid, REFUSED[game](cached.state))
        assert svc.game(gid) is cached and svc.document(game, cached.state) == before
        assert svc.append(gid, next_action(svc, gid, 1)).position > cached.version  # and play goes on from it
        assert svc.document(game, cached.state) == before  # the new position is a new state
    finally:
        svc.close()


def test_the_global_order_has_every_event_once_under_eight_writers(store_url):
    svc = GameService(store_url)
    reader = GameService(store_url)
    try:
        games = [svc.create_game("wowmini", PLAYERS).id for _ in range(8)]
        seen: list[tuple[int, UUID, int]] = []
        done = threading.Event()
        errors: list[BaseException] = []

        def tail() -> None:
            cursor = 0
            try:
                while True:
                    last_round = done.is_set()
                    page, cursor = reader.global_order(after=cursor, limit=50)
                    seen.extend((c, e.originator_id, e.originator_version) for c, e in page)
                    if last_round and not page:
                        return
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        def write(gid: UUID) -> None:  # eight threads, each on its own game, at once
            try:
                for _ in range(12):
                    svc.append(gid, TICK)
            except BaseException as exc:  # noqa: BLE001
                errors.append(exc)

        tailer = threading.Thread(target=tail)
        tailer.start()
        writers = [threading.Thread(target=write, args=(g,)) for g in games]
        for t in writers:
            t.start()
        for t in writers:
            t.join()
        done.set()
        tailer.join(timeout=120)
        assert not errors, errors
        keys = [(g, p) for _, g, p in seen]
        assert len(keys) == len(set(keys)), "an event was seen twice"
        stored = {(g, p) for g in games for p in positions(svc, g)}
        assert stored <= set(keys), f"{len(stored - set(keys))} stored events never seen by the reader"
        assert all(len(positions(svc, g)) == 13 for g in games)
        cursors = [c for c, _, _ in seen]
        assert cursors == sorted(cursors), "the order went back"
        for g in games:  # each game's events in position order
            mine = [p for _, gg, p in seen if gg == g]
            assert mine == list(range(1, 14))
    finally:
        svc.close()
        reader.close()


def test_a_game_on_each_of_two_shards(two_shards):
    svc = GameService(" ".join(two_shards))
    try:
        recorder = svc.recorder
        assert len(recorder.shards) == 2
        by_shard: dict[int, UUID] = {}
        while len(by_shard) < 2:  # new games are placed by a hash of their id
            gid = svc.create_game("wowmini", PLAYERS).id
            by_shard.setdefault(recorder.directory.shard_of(gid), gid)
        for shard, gid in by_shard.items():
            for player in ("p1", "p2", "p1"):
                svc.append(gid, {**TICK, "player": player})
            assert svc.append_ruling(gid, {"judge": "j1", "rule": "wowmini.timeline", "effect": {"note": "slow clock"},
                                               "reason": "table talk"}).position == 5
            report = svc.audit(gid)
            assert report["valid"] is True and report["positions"] == 5, report
            # the rows are on that shard's server and on no other
            assert len(recorder.shards[shard].select_events(gid)) == 5
            assert recorder.shards[1 - shard].select_events(gid) == []
        fresh = GameService(",".join(two_shards))  # another worker finds each game through the directory
        try:
            for gid in by_shard.values():
                assert fresh.game(gid).version == 5
            listed = {g["id"] for g in fresh.list_games(limit=1000)[0]}
            assert {str(g) for g in by_shard.values()} <= listed
        finally:
            fresh.close()
    finally:
        svc.close()


def listener(url: str, channel: str):
    import psycopg

    conn = psycopg.connect(url.split("?")[0], autocommit=True)
    conn.execute(f'LISTEN "{channel}"')
    return conn


def payloads(conn, expected: int) -> list[str]:
    got = [n.payload for n in conn.notifies(timeout=2.0, stop_after=expected)]
    got += [n.payload for n in conn.notifies(timeout=0.3)]  # and nothing more
    return got


def test_an_append_on_postgresql_sends_the_streams_wakeup_in_its_own_insert(pg_schema):
    """One statement stores the batch and notifies the other processes' streams; the hub's
    separate notifier never opens its connection; a write the store refuses notifies nobody; an
    imported log notifies its last position."""
    from bench.build import reseal
    from events.service.live import hub_for

    url = pg_url(pg_schema)
    one, two = GameService(url), GameService(url)
    hub = hub_for(one)
    conn = listener(url, hub.channel())
    try:
        gid = one.create_game("wowmini", PLAYERS).id
        one.append(gid, TICK)
        two.append(gid, {**TICK, "player": "p2"})
        with pytest.raises(StalePosition):  # one's insert at position 3 meets two's row
            one.append(gid, TICK, expected_position=2)
        copy = uuid4()
        one.import_log(reseal(one.stored_events(gid), copy))
        assert payloads(conn, 4) == [f"{gid} 1", f"{gid} 2", f"{gid} 3", f"{copy} 3"]
        assert hub._notifier._conn is None and hub_for(two)._notifier._conn is None
    finally:
        conn.close()
        one.close()
        two.close()


def test_a_game_on_the_second_shard_still_wakes_the_streams(two_shards):
    """Listeners listen on the first shard's server: its inserts notify in their own statement,
    the second shard's writes through the hub's notifier."""
    from events.service.live import hub_for

    svc = GameService(" ".join(two_shards))
    conn = listener(two_shards[0], hub_for(svc).channel())
    try:
        by_shard: dict[int, UUID] = {}
        made = 0
        while len(by_shard) < 2:
            gid = svc.create_game("wowmini", PLAYERS).id
            by_shard.setdefault(svc.recorder.directory.shard_of(gid), gid)
            made += 1
        assert len(payloads(conn, made)) == made  # the creations, on either shard
        for gid in by_shard.values():
            svc.append(gid, TICK)
        assert sorted(payloads(conn, 2)) == sorted(f"{gid} 2" for gid in by_shard.values())
    finally:
        conn.close()
        svc.close()


def test_prefer_return_minimal_leaves_the_state_out():
    client = create_app({"DATABASE_URL": "memory://", "REQUEST_LOG": "0"}).test_client()
    gid = client.post("/games", json={"game": "wowmini", "players": PLAYERS}).get_json()["id"]
    r = client.post(f"/games/{gid}/actions", json=TICK, headers={"Prefer": "return=minimal"})
    assert r.status_code == 201 and r.headers["Preference-Applied"] == "return=minimal"
    body = r.get_json()
    assert body["position"] == 2 and body["events"][0]["type"] and "state" not in body and "because" not in body
    full = client.post(f"/games/{gid}/actions", json=TICK).get_json()
    assert full["position"] == 3 and full["state"]["position"] == 3 and "because" in full


def test_a_list_of_shards_is_understood_everywhere_a_url_is():
    from api.auth import PostgresKeyStore, key_store_for
    from events.service.store import SHARDS_VAR, StoreConfigError, describe, env_for

    urls = "postgresql://a@db1:5432/games?schema=s1, postgresql://b@db2:5433/games?schema=s2"
    env = env_for(urls)
    assert env["POSTGRES_HOST"] == "db1" and env["POSTGRES_SCHEMA"] == "s1" and len(env[SHARDS_VAR].split()) == 2
    assert describe(urls) == "2 PostgreSQL shards: a@db1:5432/games, b@db2:5433/games"
    keys = key_store_for(urls)  # the API keys live on the first shard
    assert isinstance(keys, PostgresKeyStore) and "db1" in keys.conninfo and "db2" not in keys.conninfo
    with pytest.raises(StoreConfigError):
        env_for("sqlite:///games.sqlite postgresql://b@db2/games")
    assert env_for("/tmp/a folder/games.sqlite")["SQLITE_DBNAME"] == "/tmp/a folder/games.sqlite"
