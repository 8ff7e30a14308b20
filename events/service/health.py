"""Is the event store there?  What /health answers, what a write checks first, and what
``adjudicator serve`` checks before it starts workers.

* An SQLite file deleted (or moved) while the service runs: SQLite keeps writing to the open,
  unlinked file and every write would be lost when the process ends.  ``store_gone`` notices (one
  ``stat`` per write) and the write is refused as StoreUnavailable (503), never acknowledged.
* PostgreSQL unreachable, or its tables dropped: the store's error, in one line.
"""
from __future__ import annotations

from typing import Any

from events.service.store_presence import store_gone, store_kind


class StoreUnavailable(Exception):
    """The store cannot take requests now (unreachable, its file or tables gone): a 503."""


def one_line(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {' '.join(str(exc).split())}"[:500]


def health(service: Any) -> dict[str, Any]:
    """{"status": "ok"|"unavailable", "store": kind, "problem": what is wrong or None}, after one
    read of the store."""
    problem = store_gone(service)
    if problem is None:
        try:
            service.list_games(limit=1)
        except Exception as exc:  # noqa: BLE001 - /health reports whatever stops the store
            problem = one_line(exc)
            if "does not exist" in problem or "no such table" in problem:
                problem = f"the store's tables are missing ({problem})"
    return {"status": "ok" if problem is None else "unavailable", "store": store_kind(service), "problem": problem}


def prepare_store(url: str | None) -> str:
    """Run by ``adjudicator serve`` before any worker starts: reaches the store within
    ``ADJUDICATOR_STORE_TIMEOUT``, creates its tables once (workers then find them; PostgreSQL
    creation is also serialised by an advisory lock for servers on several hosts) and reads it
    once.  Returns the store's description.  Raises StoreUnavailable with one line saying why."""
    from events.service.application import GameService
    from events.service.store import describe, env_for

    env = env_for(url)
    if env["PERSISTENCE_MODULE"].endswith("postgres"):
        from events.service.postgres import StoreUnreachable, probe

        try:
            probe(env)
        except StoreUnreachable as exc:
            raise StoreUnavailable(str(exc)) from None
    try:
        service = GameService(url)
    except Exception as exc:  # noqa: BLE001 - whatever stops the store, said on one line
        raise StoreUnavailable(f"cannot open {describe(url)}: {one_line(exc)}") from None
    try:
        report = health(service)
    finally:
        service.close()
    if report["problem"] is not None:
        raise StoreUnavailable(f"{describe(url)}: {report['problem']}")
    return describe(url)
