"""Issue 16, finding 5: a stored snapshot was trusted unchecked (``"destiny":3`` edited to 9 changed
what GET state served, and both audits said valid).  Snapshots now carry the chain hash of their
position and a digest of their content, checked on every read (a bad one is dropped, logged and
rebuilt from the log), and the audit reports a snapshot that disagrees with the log."""
from __future__ import annotations

import logging
import sqlite3

import pytest

from events.service.application import GameService
from events.service.snapshots import GameSnapshot, code_fingerprint, snapshot_key

PLAYERS = [{"id": "p1"}, {"id": "p2"}]
ENV = {"ADJUDICATOR_SNAPSHOT_INTERVAL": "2"}


def fresh(url: str) -> GameService:
    return GameService(url, env=ENV)  # a new process: nothing cached


def played(url: str) -> tuple[str, dict]:
    service = fresh(url)
    gid = service.create_game("buffy", PLAYERS).id
    for i in range(5):
        service.append(gid, {"type": "pass", "player": "p1" if i % 2 == 0 else "p2"}, mode="record")
    state = service.state_at(gid, 5).state
    service.close()
    return gid, {"state": state}


def snapshot_rows(path: str, gid) -> list[tuple[int, bytes]]:
    key = snapshot_key(gid, code_fingerprint())
    with sqlite3.connect(path) as db:
        return db.execute("SELECT originator_version, state FROM stored_snapshots WHERE originator_id=? "
                          "ORDER BY originator_version", (key.hex,)).fetchall()


def edit_snapshot(path: str, gid, version: int, edit) -> None:
    key = snapshot_key(gid, code_fingerprint())
    with sqlite3.connect(path) as db:
        (state,) = db.execute("SELECT state FROM stored_snapshots WHERE originator_id=? AND originator_version=?",
                              (key.hex, version)).fetchone()
        db.execute("UPDATE stored_snapshots SET state=? WHERE originator_id=? AND originator_version=?",
                   (edit(state), key.hex, version))


class Caught(logging.Handler):
    """The snapshot logger's records, whatever the app's logging set-up (it may not propagate)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def snapshot_log():
    logger = logging.getLogger("adjudicator.snapshots")
    handler = Caught()
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.WARNING)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "games.sqlite"
    return str(path), f"sqlite:///{path}"


def test_an_edited_snapshot_is_dropped_logged_and_rebuilt_from_the_log(store, snapshot_log):
    path, url = store
    gid, truth = played(url)
    versions = [v for v, _ in snapshot_rows(path, gid)]
    assert 4 in versions, versions
    edit_snapshot(path, gid, 4, lambda s: s.replace(b'"destiny":0', b'"destiny":9'))
    assert b'"destiny":9' in dict(snapshot_rows(path, gid))[4]

    service = fresh(url)
    log = service.state_at(gid, 5)
    assert log.state == truth["state"]
    assert all(p.destiny != 9 for p in log.state.players.values())
    assert any("dropped and rebuilt" in r.getMessage() and "digest" in r.getMessage() for r in snapshot_log.records)
    # rebuilt: the row at 4 is back, with the true content, and it passes its checks
    rebuilt = dict(snapshot_rows(path, gid))[4]
    assert b'"destiny":9' not in rebuilt
    snap = GameSnapshot.model_validate_json(rebuilt)
    assert snap.digest == snap.content_digest()
    assert service.audit(gid)["snapshots"] == {"checked": len(versions), "bad": []}


def test_a_snapshot_edited_with_its_digest_recomputed_is_reported_by_the_audit(store):
    path, url = store
    gid, truth = played(url)

    def forge(raw: bytes) -> bytes:
        snap = GameSnapshot.model_validate_json(raw.replace(b'"destiny":0', b'"destiny":9'))
        return snap.sealed().model_dump_json().encode()

    edit_snapshot(path, gid, 4, forge)
    report = fresh(url).audit(gid)
    assert report["valid"] is False
    assert report["snapshots"]["bad"] == [{"position": 4, "problem": "it disagrees with the log replayed to its position"}]
    assert [f["kind"] for f in report["violations"] if f["position"] == 4] == ["snapshot"]


def test_a_snapshot_from_another_log_fails_its_chain_hash(store, snapshot_log):
    path, url = store
    gid, truth = played(url)

    def other_chain(raw: bytes) -> bytes:
        snap = GameSnapshot.model_validate_json(raw)
        return snap.model_copy(update={"chain_hash": "f" * 64}).sealed().model_dump_json().encode()

    edit_snapshot(path, gid, 4, other_chain)
    service = fresh(url)
    assert service.state_at(gid, 5).state == truth["state"]
    assert any("chain hash" in r.getMessage() for r in snapshot_log.records)
    assert fresh(url).audit(gid)["snapshots"]["bad"] == []  # rebuilt by the read


def test_an_unreadable_snapshot_row_is_dropped_not_a_500(store):
    path, url = store
    gid, truth = played(url)
    edit_snapshot(path, gid, 4, lambda s: b"not json at all")
    assert fresh(url).audit(gid)["snapshots"]["bad"][0]["position"] == 4
    assert fresh(url).state_at(gid, 5).state == truth["state"]
