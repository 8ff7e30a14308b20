"""Is the store still the one the service opened?  What a write checks first (one ``stat``): an
SQLite file deleted or replaced while the service runs would swallow every write, so the write is
refused (see ``events.service.health`` for /health and the start-up check, which read it too)."""
from __future__ import annotations

import os
from typing import Any


def store_kind(service: Any) -> str:
    return str(service.env.get("PERSISTENCE_MODULE", "")).rsplit(".", 1)[-1] or "unknown"


def store_gone(service: Any) -> str | None:
    """Why the store's file is gone (an SQLite file deleted or replaced since it was opened), or
    None."""
    if store_kind(service) != "sqlite":
        return None
    name = service.env.get("SQLITE_DBNAME", "")
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    opened = getattr(service, "_store_inode", None)
    try:
        now = os.stat(name).st_ino
    except OSError:
        return f"the SQLite file {name} is gone (deleted or moved while the service was running)"
    if opened is None:
        service._store_inode = now
    elif opened != now:
        return f"the SQLite file {name} was replaced while the service was running"
    return None
