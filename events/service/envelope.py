"""What the store keeps for each event of a game: the domain event and its audit trail.

The hash chain: every stored event carries ``hash = sha256(canonical JSON of {game_id, position,
game, type, schema_version, data, actor, action, mode, violations, timestamp, prev_hash, batch,
hash_scheme})`` where ``prev_hash`` is the hash of the event at the previous position (64 zeros for
position 1).  The scheme is versioned: ``hash_scheme`` 2 (every event sealed since issue 23) covers
the batch number, so moving an event into another batch breaks the chain too; an envelope without
the field is of scheme 1 (no batch, no scheme in the content), the way events stored and exported
before were hashed, so those still verify and import.  A chain never goes back from 2 to 1 (the
audit reports such a link).  Editing,
removing, reordering or swapping stored rows breaks the chain at the first position concerned,
which the audit names.  The chain proves integrity against edits that do not recompute it; an
attacker with write access who recomputes every hash is stopped only by keeping the latest hash
somewhere else (the export carries it; see docs in the README).
"""
from __future__ import annotations

import hashlib
from datetime import datetime
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from events.service.json_text import json_writer

GENESIS = "0" * 64
HASH_SCHEME = 2  # the scheme ``sealed`` writes: the batch number is part of the hashed content
Mode = Literal["enforce", "record", "import"]


def canonical(data: Any) -> bytes:
    return _canonical_json(data).encode()


# Made once: json.dumps with ``default=`` builds a new encoder on every call (each hash, each audit step).
_canonical_json = json_writer(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


class StoredGameEvent(BaseModel):
    """The envelope: a domain event at a position of a game's log (``originator_version``)."""

    model_config = ConfigDict(frozen=True)

    originator_id: UUID
    originator_version: int
    timestamp: datetime
    game: str
    type: str
    schema_version: int = 1
    data: dict[str, Any]
    actor: str | None = None
    action: dict[str, Any] | None = None
    batch: int
    mode: Mode = "enforce"
    violations: list[dict[str, Any]] = Field(default_factory=list)
    prev_hash: str = GENESIS
    hash: str = ""
    # 1: the content hashed before batches were covered (rows and exports made before); 2: with the
    # batch.  ``sealed`` always writes the newest scheme.
    hash_scheme: Literal[1, 2] = 1
    # Set on the first event of a batch appended with an Idempotency-Key: the key and a digest of
    # the request, so a retry finds the original answer (in the log itself, on every worker).
    idempotency_key: str | None = None
    request_digest: str | None = None

    @property
    def position(self) -> int:
        return self.originator_version

    def chained_content(self) -> dict[str, Any]:
        return {
            "game_id": str(self.originator_id),
            "position": self.originator_version,
            "game": self.game,
            "type": self.type,
            "schema_version": self.schema_version,
            "data": self.data,
            "actor": self.actor,
            "action": self.action,
            "mode": self.mode,
            "violations": self.violations,
            "timestamp": self.timestamp.isoformat(),
            "prev_hash": self.prev_hash,
            # Only when present, so the hashes of events stored before these fields still verify.
            **({"idempotency_key": self.idempotency_key, "request_digest": self.request_digest}
               if self.idempotency_key is not None else {}),
            **({"batch": self.batch, "hash_scheme": self.hash_scheme} if self.hash_scheme >= 2 else {}),
        }

    def compute_hash(self) -> str:
        text = _content_text(self.__dict__)
        if text is None:
            text = _canonical_json(self.chained_content())
        return hashlib.sha256(text.encode()).hexdigest()

    def sealed(self) -> "StoredGameEvent":
        """The envelope hashed with the newest scheme (one copy when it is made with that scheme)."""
        newest = self if self.hash_scheme == HASH_SCHEME else self.model_copy(update={"hash_scheme": HASH_SCHEME})
        return newest.model_copy(update={"hash": newest.compute_hash()})

    @classmethod
    def seal_new(cls, **fields: Any) -> "StoredGameEvent":
        """``cls(**fields, hash_scheme=HASH_SCHEME).sealed()`` without its copy: the same envelope
        (fields, fields set), its hash written into the one it builds, which nobody holds yet."""
        env = cls(**fields, hash_scheme=HASH_SCHEME)
        env.__dict__["hash"] = env.compute_hash()  # as model_copy(update=...) writes it, in place
        env.__pydantic_fields_set__.add("hash")
        return env

    def public(self) -> dict[str, Any]:
        """The event as the API shows it."""
        out: dict[str, Any] = {
            "position": self.originator_version,
            "type": self.type,
            "data": self.data,
            "actor": self.actor,
            "timestamp": self.timestamp.isoformat(),
            "batch": self.batch,
            "mode": self.mode,
            "hash": self.hash,
            "prev_hash": self.prev_hash,
        }
        if self.action is not None:
            out["action"] = self.action
        if self.violations:
            out["violations"] = self.violations
        if self.idempotency_key is not None:
            out["idempotency_key"] = self.idempotency_key
        return out


_FIELDS = len(StoredGameEvent.model_fields)
_chunks, _join = _canonical_json.chunks, "".join  # type: ignore[attr-defined]
# The last (timestamp, game id) written and their texts; held, so ``is`` never meets a recycled id.
_last_names: tuple[Any, Any, str, str] = (None, None, "", "")


def _content_text(f: dict[str, Any]) -> str | None:
    """``_canonical_json(chained_content())``, written in its sorted key order with the nested values
    (data, action, violations) written by the same writer, when the other values are of the exact
    types written here (str, int, None; a UUID and a datetime, as validated); None otherwise (the
    writer's way).  ``tests/unit/test_envelope_fast_paths.py`` compares the two."""
    if len(f) != _FIELDS:  # a field missing (model_construct): chained_content raises as it always did
        return None
    t, q = type, encode_basestring
    actor, key, digest, scheme, batch = f["actor"], f["idempotency_key"], f["request_digest"], f["hash_scheme"], f["batch"]
    position, version, game, kind, mode, prev = (f["originator_version"], f["schema_version"], f["game"], f["type"],
                                                 f["mode"], f["prev_hash"])
    if not (t(f["originator_id"]) is UUID and t(f["timestamp"]) is datetime and t(position) is int
            and t(version) is int and t(scheme) is int and t(batch) is int and t(game) is str and t(kind) is str
            and t(mode) is str and t(prev) is str and (actor is None or t(actor) is str)
            and (key is None or t(key) is str) and (digest is None or t(digest) is str)):
        return None
    global _last_names
    action, violations, data, stamp, game_id = f["action"], f["violations"], f["data"], f["timestamp"], f["originator_id"]
    last = _last_names  # the batch's events share their timestamp and game id: written once
    if last[0] is not stamp or last[1] is not game_id:
        last = _last_names = (stamp, game_id, stamp.isoformat(), str(game_id))
    chained = (f',"batch":{batch}', f',"hash_scheme":{scheme}') if scheme >= 2 else ("", "")
    keyed = ("", "") if key is None else (
        ',"idempotency_key":' + q(key), ',"request_digest":' + ("null" if digest is None else q(digest)))
    # The nested values by the writer's C encoder itself (what _canonical_json(value) returns); the
    # game id (a UUID's text) and the timestamp (isoformat) hold nothing to escape.
    return (f'{{"action":{"null" if action is None else _join(_chunks(action, 0))},'
            f'"actor":{"null" if actor is None else q(actor)}{chained[0]},"data":{_join(_chunks(data, 0))},'
            f'"game":{q(game)},"game_id":"{last[3]}"{chained[1]}{keyed[0]},"mode":{q(mode)},'
            f'"position":{position},"prev_hash":{q(prev)}{keyed[1]},"schema_version":{version},'
            f'"timestamp":"{last[2]}","type":{q(kind)},'
            f'"violations":{"[]" if t(violations) is list and not violations else _join(_chunks(violations, 0))}}}')
