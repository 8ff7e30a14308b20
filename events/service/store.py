"""Event store settings: ``ADJUDICATOR_DATABASE_URL`` to the eventsourcing library's environment.

* unset / ``sqlite:///path/to/file.sqlite`` / a bare path: an SQLite file, created on first use
  (default ``adjudicator.sqlite`` in the per-user data directory, see ``data_dir()``, whatever the
  working directory);
* ``postgresql://user:password@host:port/dbname?schema=name``: PostgreSQL through psycopg 3;
* ``memory://``: the library's in-memory recorders (tests).

Events are stored through a mapper that writes the pydantic envelope as canonical JSON, with the
library's compressor and cipher when configured (``COMPRESSOR_TOPIC``, ``CIPHER_TOPIC``,
``CIPHER_KEY``).
"""
from __future__ import annotations

import os
from datetime import datetime
from json.encoder import encode_basestring_ascii  # type: ignore[attr-defined]
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from eventsourcing.persistence import Mapper, StoredEvent
from pydantic import TypeAdapter

from events.service.envelope import StoredGameEvent
from events.service.json_text import json_writer
from events.service.limits import INT_MAX, INT_MIN, STORED_MAX_DEPTH, check_document, parse_stored, plain_within



def data_dir() -> Path:
    """The per-user data directory: ``$ADJUDICATOR_HOME``, else ``$XDG_DATA_HOME/adjudicator``, else
    ``~/.local/share/adjudicator``.  Defaults live here so a command run from any directory finds
    the same store."""
    if os.environ.get("ADJUDICATOR_HOME"):
        return Path(os.environ["ADJUDICATOR_HOME"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "adjudicator"


def default_sqlite() -> Path:
    """The SQLite file used when no database URL is set."""
    return data_dir() / "adjudicator.sqlite"


class StoreConfigError(ValueError):
    """The database URL cannot be understood."""


SHARDS_VAR = "ADJUDICATOR_SHARDS"


def shard_urls(url: str | None) -> list[str]:
    """The URLs of a list of PostgreSQL shards (comma- or space-separated), or [url] (a single
    URL or file path, which may itself hold spaces)."""
    if (url or "").count("://") < 2:
        return [(url or "").strip()]
    return [p for p in url.replace(",", " ").split() if p]


def _postgres_env(url: str) -> dict[str, str]:
    """The environment of one PostgreSQL URL.  Raises StoreConfigError."""
    u = urlparse(url)
    if not u.path.strip("/"):
        raise StoreConfigError(f"{url!r} names no database")
    env = {
        # The library's factory with bounded waits and no retries for minutes (an outage is a
        # 503 within ADJUDICATOR_STORE_TIMEOUT seconds), tables created under an advisory lock.
        "PERSISTENCE_MODULE": "events.service.postgres",
        "POSTGRES_DBNAME": unquote(u.path.strip("/")),
        "POSTGRES_HOST": u.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(u.port or 5432),
        "POSTGRES_USER": unquote(u.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(u.password or ""),
        "POSTGRES_POOL_SIZE": "2",  # connections kept open; up to 12 under load (overflow)
        "POSTGRES_MAX_OVERFLOW": "10",
        "POSTGRES_CONN_MAX_AGE": "600",
        # No ping before every use of a pooled connection (a round trip per call): the
        # recorder retries a broken connection once instead (events/service/recorders.py).
        "POSTGRES_PRE_PING": "n",
        "APPLICATION_RECORDER_TOPIC": "events.service.recorders:GameRecorder",
    }
    query = parse_qs(u.query)
    if "schema" in query:
        env["POSTGRES_SCHEMA"] = query["schema"][0]
    return env


def env_for(url: str | None) -> dict[str, str]:
    """The eventsourcing environment for a database URL, or for a list of PostgreSQL shards (the
    first shard's settings, and every shard's URL under ``ADJUDICATOR_SHARDS``).  Raises
    StoreConfigError."""
    urls = shard_urls(url)
    if len(urls) > 1:
        if not all(u.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")) for u in urls):
            raise StoreConfigError(f"{url!r}: only PostgreSQL stores can be listed as shards")
        for u in urls:
            env_for(u)  # each one must be understood
        return {**env_for(urls[0]), SHARDS_VAR: " ".join(urls)}
    url = (url or "").strip()
    if url in ("memory://", "memory:", "popo://"):
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if url.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        return _postgres_env(url)
    if url.startswith("sqlite:"):
        path = url[len("sqlite:"):]
        path = path[2:] if path.startswith("//") else path
        if path in ("", "/"):
            raise StoreConfigError(f"{url!r} names no file")
        if path.startswith("/") and not path.startswith("//") and url.startswith("sqlite:///"):
            path = path  # sqlite:///abs/path -> /abs/path
    elif url:
        if "://" in url:
            raise StoreConfigError(
                f"unsupported database URL {url!r}: use sqlite:///FILE, postgresql://... or memory://")
        path = url
    else:
        path = str(default_sqlite())
    if path == ":memory:":
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": ":memory:"}
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(file),
        "SQLITE_LOCK_TIMEOUT": "10",
    }


def describe(url: str | None) -> str:
    urls = shard_urls(url)
    if len(urls) > 1:
        return f"{len(urls)} PostgreSQL shards: " + ", ".join(describe(u).split(" ", 1)[1] for u in urls)
    env = env_for(url)
    module = env["PERSISTENCE_MODULE"].rsplit(".", 1)[-1]
    if module == "sqlite":
        return f"SQLite file {env['SQLITE_DBNAME']}"
    if module == "postgres":
        return f"PostgreSQL {env['POSTGRES_USER']}@{env['POSTGRES_HOST']}:{env['POSTGRES_PORT']}/{env['POSTGRES_DBNAME']}"
    return "in-memory store"


TOPIC_PREFIX = "adjudicator:"
# json.dumps(body, sort_keys=True, separators=(",", ":")) with its encoder made once, not per event.
_stored_json = json_writer(sort_keys=True, separators=(",", ":"))


_ROW = tuple(name for name in StoredGameEvent.model_fields if name not in ("originator_id", "originator_version"))
_TIMESTAMP = TypeAdapter(datetime)


def stored_body(env: StoredGameEvent) -> dict[str, Any]:
    """``env.model_dump(mode="json", exclude={"originator_id", "originator_version"})``, checked
    against the limits: nothing is stored that parse_stored cannot read back.  Made from the fields
    themselves when they hold plain JSON values only (the usual row: JSON mode would dump each as
    it is), else by ``model_dump``.  Raises DocumentRejected."""
    fields = env.__dict__
    body = {name: fields[name] for name in _ROW}
    body["timestamp"] = _dumped_time(env.timestamp)  # as the field is dumped
    if plain_within(body, STORED_MAX_DEPTH):
        return body
    return check_document(env.model_dump(mode="json", exclude={"originator_id", "originator_version"}),
                          STORED_MAX_DEPTH)


def _dumped_time(timestamp: datetime) -> Any:
    """``_TIMESTAMP.dump_python(timestamp, mode="json")``: the call it makes, with its defaults."""
    return _dump_time(timestamp, mode="json")


_dump_time = _TIMESTAMP.serializer.to_python


# The nested values by the writer's C encoder itself (what _stored_json(value) returns).
_chunks, _join = _stored_json.chunks, "".join  # type: ignore[attr-defined]
# The last timestamp dumped and its text; held, so ``is`` never meets a recycled id.
_last_time: tuple[Any, Any] = (None, None)


def _plain_text(value: Any) -> bool:
    """A plain str that UTF-8 can write (no lone surrogate): what ``plain_within`` lets through."""
    if type(value) is not str:
        return False
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def stored_text(env: StoredGameEvent) -> str:
    """``_stored_json(stored_body(env))``, written in its sorted key order when the fields are plain:
    the scalars of the exact types written here (str, int, None) within the limits, the nested values
    (data, action, violations) within them one level down (their place in the row) and written by
    the same writer.  Otherwise ``stored_body``'s way.  Raises DocumentRejected."""
    f = env.__dict__
    t, q, text = type, encode_basestring_ascii, _plain_text
    actor, key, digest, action, data, violations = (f["actor"], f["idempotency_key"], f["request_digest"],
                                                    f["action"], f["data"], f["violations"])
    batch, scheme, version, stamp = f["batch"], f["hash_scheme"], f["schema_version"], f["timestamp"]
    if not (text(f["game"]) and text(f["hash"]) and text(f["mode"]) and text(f["prev_hash"]) and text(f["type"])
            and (actor is None or text(actor)) and (key is None or text(key)) and (digest is None or text(digest))
            and t(batch) is int and INT_MIN <= batch <= INT_MAX and t(scheme) is int and INT_MIN <= scheme <= INT_MAX
            and t(version) is int and INT_MIN <= version <= INT_MAX and t(stamp) is datetime
            and (action is None or plain_within(action, STORED_MAX_DEPTH - 1))
            and (data is None or plain_within(data, STORED_MAX_DEPTH - 1))
            and ((t(violations) is list and not violations) or plain_within(violations, STORED_MAX_DEPTH - 1))):
        return _stored_json(stored_body(env))
    global _last_time
    last = _last_time  # the batch's events share their timestamp: dumped once
    if last[0] is not stamp:
        last = _last_time = (stamp, _dumped_time(stamp))
    stamp = last[1]
    if t(stamp) is not str:  # pragma: no cover - pydantic dumps a datetime as text
        return _stored_json(stored_body(env))
    return (f'{{"action":{"null" if action is None else _join(_chunks(action, 0))},'
            f'"actor":{"null" if actor is None else q(actor)},"batch":{batch},"data":{_join(_chunks(data, 0))},'
            f'"game":{q(f["game"])},"hash":{q(f["hash"])},"hash_scheme":{scheme},'
            f'"idempotency_key":{"null" if key is None else q(key)},"mode":{q(f["mode"])},'
            f'"prev_hash":{q(f["prev_hash"])},"request_digest":{"null" if digest is None else q(digest)},'
            f'"schema_version":{version},"timestamp":{q(stamp)},"type":{q(f["type"])},'
            f'"violations":{"[]" if t(violations) is list and not violations else _join(_chunks(violations, 0))}}}')


class EnvelopeMapper(Mapper):
    """Stores StoredGameEvent envelopes as canonical JSON (compressed and enciphered if set)."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        env: StoredGameEvent = domain_event
        state = stored_text(env).encode()
        if self.compressor:
            state = self.compressor.compress(state)
        if self.cipher:
            state = self.cipher.encrypt(state)
        return StoredEvent(
            originator_id=env.originator_id,
            originator_version=env.originator_version,
            topic=f"{TOPIC_PREFIX}{env.game}/{env.type}/v{env.schema_version}",
            state=state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        state = stored_event.state
        if self.cipher:
            state = self.cipher.decrypt(state)
        if self.compressor:
            state = self.compressor.decompress(state)
        body = parse_stored(state)  # pydantic's JSON parser: a third of json.loads's time on a replay
        body["originator_id"] = stored_event.originator_id
        body["originator_version"] = stored_event.originator_version
        return StoredGameEvent.model_validate(body)


def created_topic(game: str) -> str:
    return f"{TOPIC_PREFIX}{game}/GameCreated/v1"
