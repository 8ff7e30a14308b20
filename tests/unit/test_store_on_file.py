"""A write looks for the store's file (``store_gone``, one stat) only when the store is an SQLite file:
the kind is read once, not from the environment on every write.  A memory or PostgreSQL store is
never looked for (``store_gone`` said None for them anyway); an SQLite file deleted under the service
still refuses the next write."""
from __future__ import annotations

from pathlib import Path

import pytest

from events.service import application
from events.service.application import GameService, StoreBusy

TICK = {"type": "advance_time", "player": "p1", "ticks": 1}
PLAYERS = [{"id": "p1"}, {"id": "p2"}]


def test_only_an_sqlite_file_is_looked_for_on_each_write(tmp_path: Path, monkeypatch):
    looked: list[str | None] = []
    real = application.store_gone
    monkeypatch.setattr(application, "store_gone", lambda svc: looked.append(real(svc)) or looked[-1])
    memory = GameService("memory://")
    gid = memory.create_game("wowmini", PLAYERS).id
    memory.append(gid, TICK)
    assert looked == [] and real(memory) is None
    memory.close()
    file = tmp_path / "games.sqlite"
    svc = GameService(f"sqlite:///{file}")
    gid = svc.create_game("wowmini", PLAYERS).id
    svc.append(gid, TICK)
    assert looked == [None, None]
    file.unlink()
    with pytest.raises(StoreBusy, match="is gone"):
        svc.append(gid, TICK)
    svc.close()
