"""Backups and forks, the same for every game (no engine knows them).

A *backup* is the event ``GameBackedUp{to, reason, by}`` at a position B: the state at B is the
state at ``to``, and the game goes on from there.  The events between ``to`` and B stay in the log,
readable, *backed over* by the backup; positions keep counting up.  A backup to a position that is
itself after an earlier backup gets the state that position had (the state at N is always the
state the log had at N).

A *fork* is a new game whose ``GameCreated`` holds a parent game's state at a position; the
creation envelope's ``action`` (``{"type": "fork", "parent", "at", "parent_hash"}``) links it to
its parent, inside the hash chain.

The projector (``events.service.application.project_game``) asks a ``Rewind`` for the state at
``to``: the application service reads it from the store (snapshots make it cheap); a log held in
memory (an import being checked, the audit) folds its own envelopes (``fold``).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence
from uuid import UUID

from events.models.base import registry
from events.models.common import GameCreated
from events.service.envelope import StoredGameEvent

BACKUP = "GameBackedUp"
FORK = "fork"  # the ``action.type`` of a forked game's creation envelope
BACKUP_ACTION = "backup"  # the ``action.type`` of a backup's envelope

Rewind = Callable[[int], Any]
"""A position -> the state the game had there (a state the caller may keep and change)."""


class BackupRefused(ValueError):
    """A backup or fork that cannot be made: the position is outside the log, or nothing would be
    backed over."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.field = field


def backup_target(env: StoredGameEvent) -> int | None:
    """The position a stored backup goes back to, or None for any other event."""
    if env.type != BACKUP:
        return None
    return int(env.data["to"])


def backup_entry(env: StoredGameEvent) -> dict[str, Any] | None:
    """What a game keeps of a backup envelope: ``{"position", "to", "reason", "by"}``, or None."""
    to = backup_target(env)
    if to is None:
        return None
    return {"position": env.originator_version, "to": to, "reason": env.data.get("reason"),
            "by": env.data.get("by")}


def backed_over_by(backups: Sequence[dict[str, Any]], position: int) -> int | None:
    """The position of the first backup that put the game back before ``position`` (so the event
    there no longer counts), or None."""
    for backup in backups:
        if backup["to"] < position < backup["position"]:
            return backup["position"]
    return None


def check_target(to: Any, current: int, field: str = "to") -> int:
    """``to`` as a position a backup (or fork) may name in a log at ``current``.  Raises
    BackupRefused."""
    if not isinstance(to, int) or isinstance(to, bool):
        raise BackupRefused(f"{field} must be a whole position (1..{current}), got {to!r}", field)
    if not 1 <= to <= current:
        raise BackupRefused(f"position {to} is outside the log (1..{current})", field)
    return to


def check_settled(to: int, following: StoredGameEvent | None, field: str = "to") -> None:
    """A backup or fork names a settled position: the end of a batch (an action and the
    consequences the rules derived from it), never a state halfway through one.  ``following`` is
    the stored event after ``to`` (None at the head).  Raises BackupRefused."""
    if following is None or following.batch == following.originator_version:
        return
    start = following.batch
    raise BackupRefused(f"position {to} is inside the batch that starts at {start} (an action and its consequences): "
                        f"name {start - 1}, before that action, or the batch's last position, after it", field)


def rewound(state: Any, to: int, at: int) -> Any:
    """Checks that a state read for a backup is the one at ``to`` and gives it the position ``at``."""
    if state is None or getattr(state, "position", to) != to:
        raise ValueError(f"the state read for the backup to {to} is at {getattr(state, 'position', None)}")
    state.position = at
    return state


def fold(engine: Any, envelopes: Sequence[StoredGameEvent], upto: int) -> Any:
    """The state at ``upto`` of a log held in memory (its envelopes from position 1, in order),
    backups included.  Raises ValueError when the log does not reach ``upto``."""
    state = None
    for env in envelopes:
        pos = env.originator_version
        if pos > upto:
            break
        to = backup_target(env)
        if to is not None:
            if not 1 <= to < pos:
                raise ValueError(f"the backup at {pos} names position {to}, not one before it")
            state = fold(engine, envelopes, to)
        else:
            state = engine.apply(state, registry.load(env.game, env.type, env.data, env.schema_version))
        state.position = pos
    if state is None or state.position != upto:
        raise ValueError(f"the log does not reach position {upto}")
    return state


def fork_created(parent: StoredGameEvent, state: Any) -> GameCreated:
    """The creation event of a game that starts from ``state`` (a parent's state), with the
    parent's players and first player (``parent`` is the parent's creation envelope)."""
    dump = state.model_dump(mode="json", by_alias=True)
    return GameCreated(game_name=parent.data.get("game_name", parent.game), players=parent.data.get("players", []),
                       first_player=parent.data.get("first_player"), state=dump)


def fork_action(parent_id: Any, at: int, parent_hash: str, by: str | None, reason: str | None) -> dict[str, Any]:
    """The ``action`` of a forked game's creation envelope: where it comes from."""
    out: dict[str, Any] = {"type": FORK, "parent": str(parent_id), "at": at, "parent_hash": parent_hash}
    if by:
        out["by"] = by
    if reason:
        out["reason"] = reason
    return out


def parent_of(env: StoredGameEvent) -> dict[str, Any] | None:
    """``{"id", "at", "hash"}`` of the game and position a forked game started from, or None."""
    action = env.action or {}
    if env.type != "GameCreated" or action.get("type") != FORK:
        return None
    return {"id": action.get("parent"), "at": action.get("at"), "hash": action.get("parent_hash")}


def audit_fork(service: Any, game_id: Any, rows: Sequence[Any], report: dict[str, Any]) -> dict[str, Any]:
    """Adds to a forked game's audit report what its log alone cannot show: that its first state
    is its parent's state at the position it names, with the parent's hash there.  ``report["fork"]``
    says what was checked; a fork whose parent in this store disagrees is a ``fork`` finding at
    position 1 (the report is then not valid).  A parent outside this store (an imported fork) is
    reported as not checked.  Returns the report."""
    first = rows[0] if rows and isinstance(rows[0], StoredGameEvent) else None
    parent = parent_of(first) if first is not None else None
    if parent is None:
        return report
    try:
        source = service.state_at(UUID(str(parent["id"])), int(parent["at"]))
    except (LookupError, ValueError, TypeError):  # no such game or position in this store
        report["fork"] = {**parent, "checked": False,
                          "message": "the parent game or position is not in this store: the first state is not checked"}
        return report
    problems = []
    if source.last_hash != parent["hash"]:
        problems.append(f"the parent's hash at position {parent['at']} is not the one the fork recorded")
    forked = service.state_at(game_id, 1)
    mine, theirs = (_without_position(service.document(first.game, s.state)) for s in (forked, source))
    if mine != theirs:
        problems.append(f"the first state is not the parent's state at position {parent['at']}")
    report["fork"] = {**parent, "checked": True, "message": "; ".join(problems) or
                      f"the first state is the parent's state at position {parent['at']}"}
    if problems:
        report["violations"] = sorted(report["violations"] + [{"position": 1, "kind": "fork", "message": p}
                                                              for p in problems], key=lambda f: (f["position"], f["kind"]))
        report["valid"] = False
    return report


def _without_position(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "position"}
