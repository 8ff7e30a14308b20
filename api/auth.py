"""API keys with roles, given as ``Authorization: Bearer <key>``.

Roles: ``admin`` (everything, and manages keys), ``judge`` (creates and imports games, appends
actions and rulings, runs audits), ``recorder`` (creates games and appends actions to the games it
was given; a game it creates is given to it), ``reader`` (reads only; ``POST .../check`` is a read:
it appends nothing).  An import stores a whole log and an audit replays one (a long log costs
seconds of a worker), so both need a judge or admin key.

Off unless configured: ``ADJUDICATOR_AUTH=required`` (or ``create_app({"AUTH": "required"})``).
``ADJUDICATOR_PUBLIC_READS=1`` (or ``PUBLIC_READS``) lets reads through without a key.  ``/health``,
``/openapi.yaml`` and ``/docs`` are always public.  A missing, unknown or revoked key is 401, a key
whose role does not allow the request is 403, both problem+json, and the request never reaches
the view, so nothing is appended.

Keys live in the event store's database, in two small tables of their own
(``adjudicator_api_keys`` and ``adjudicator_api_key_games``), through sqlite3 or psycopg; with
``memory://`` they live in the process.  A key is ``adj_<id>_<secret>``: ``id`` is public (it
names the key in logs, lists and revocation); only ``sha256("<id>:<secret>")`` is stored.  The secret
is 256 random bits, so a fast hash is enough: there is nothing to guess that a slow KDF would protect.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Iterator
from urllib.parse import parse_qs, urlparse

from flask import Blueprint, Flask, Response, current_app, g, jsonify, request, url_for

ROLES = ("admin", "judge", "recorder", "reader")
PERMISSIONS: dict[str, set[str]] = {
    "admin": {"read", "create", "append", "ruling", "import", "audit", "write", "admin"},
    "judge": {"read", "create", "append", "ruling", "import", "audit", "write"},
    "recorder": {"read", "create", "append"},
    "reader": {"read"},
}
# What each view needs; any other GET is "read" and any other write is "write" (judge or admin).
ENDPOINT_PERMISSION = {
    "games.create_game": "create",
    "games.append_action": "append",
    "games.append_ruling": "ruling",
    "games.check": "read",
    "cards.validate": "read",  # POST /decks/{game}/validate stores nothing
    "transfer.import_log": "import",
    "games.audit": "audit",
}
GAME_SCOPED = {"games.append_action"}  # a recorder needs the game
GRANT_ON_SUCCESS = {"games.create_game", "transfer.import_log"}  # a recorder is given what it creates
# Always public: the contract, the docs page, liveness.  Other modules may add their pages.
PUBLIC_ENDPOINTS = {"docs.health", "docs.openapi_yaml", "docs.docs_page", "docs.problem_page", "docs.docs_asset",
                    "static", "console.console_page"}

TOKEN_PREFIX = "adj"


class UnknownRole(ValueError):
    pass


@dataclass
class ApiKey:
    id: str
    role: str
    label: str | None = None
    games: list[str] = field(default_factory=list)
    created_at: str | None = None
    revoked_at: str | None = None

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "role": self.role, "label": self.label, "games": self.games,
                "created_at": self.created_at, "revoked_at": self.revoked_at}

    def allows(self, permission: str, game: str | None = None) -> bool:
        if permission not in PERMISSIONS.get(self.role, set()):
            return False
        if self.role == "recorder" and game is not None:
            return game in self.games
        return True


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def digest(key_id: str, secret: str) -> str:
    return hashlib.sha256(f"{key_id}:{secret}".encode()).hexdigest()


def split_token(token: str) -> tuple[str, str] | None:
    parts = token.strip().split("_", 2)
    if len(parts) != 3 or parts[0] != TOKEN_PREFIX or not parts[1] or not parts[2]:
        return None
    return parts[1], parts[2]


class KeyStore:
    """Creates, lists, revokes and checks API keys.  Subclasses keep them somewhere."""

    def create(self, role: str, games: list[str] | tuple[str, ...] = (), label: str | None = None) -> tuple[ApiKey, str]:
        """Returns the key and its token (shown once).  Raises UnknownRole."""
        if role not in ROLES:
            raise UnknownRole(f"unknown role {role!r}: expected one of {', '.join(ROLES)}")
        key = ApiKey(id=secrets.token_hex(6), role=role, label=label, games=[str(x) for x in games], created_at=_now())
        secret = secrets.token_urlsafe(32)
        self._insert(key, digest(key.id, secret))
        for game in key.games:
            self.grant(key.id, game)
        return key, f"{TOKEN_PREFIX}_{key.id}_{secret}"

    def check(self, token: str) -> ApiKey | None:
        """The live key for a token, or None (unknown, wrong secret, revoked)."""
        parts = split_token(token)
        if parts is None:
            return None
        found = self._get(parts[0])
        if found is None:
            return None
        key, stored = found
        if key.revoked_at is not None or not hmac.compare_digest(stored, digest(parts[0], parts[1])):
            return None
        return key

    # backends
    def _insert(self, key: ApiKey, hashed: str) -> None: raise NotImplementedError
    def _get(self, key_id: str) -> tuple[ApiKey, str] | None: raise NotImplementedError
    def grant(self, key_id: str, game_id: str) -> None: raise NotImplementedError
    def list(self) -> list[ApiKey]: raise NotImplementedError
    def revoke(self, key_id: str) -> ApiKey | None: raise NotImplementedError
    def close(self) -> None: pass


class MemoryKeyStore(KeyStore):
    def __init__(self) -> None:
        self._keys: dict[str, tuple[ApiKey, str]] = {}
        self._lock = threading.Lock()

    def _insert(self, key: ApiKey, hashed: str) -> None:
        with self._lock:
            self._keys[key.id] = (ApiKey(**{**key.__dict__, "games": []}), hashed)

    def _get(self, key_id: str) -> tuple[ApiKey, str] | None:
        with self._lock:
            found = self._keys.get(key_id)
            return (ApiKey(**{**found[0].__dict__, "games": list(found[0].games)}), found[1]) if found else None

    def grant(self, key_id: str, game_id: str) -> None:
        with self._lock:
            key = self._keys[key_id][0]
            if game_id not in key.games:
                key.games.append(game_id)

    def list(self) -> list[ApiKey]:
        with self._lock:
            return [ApiKey(**{**k.__dict__, "games": list(k.games)}) for k, _ in self._keys.values()]

    def revoke(self, key_id: str) -> ApiKey | None:
        with self._lock:
            found = self._keys.get(key_id)
            if found is None:
                return None
            if found[0].revoked_at is None:
                found[0].revoked_at = _now()
            return ApiKey(**{**found[0].__dict__, "games": list(found[0].games)})


class SqlKeyStore(KeyStore):
    """The two tables, through a DB-API connection; ``p`` is the driver's placeholder."""

    p = "?"

    def __init__(self, prefix: str = "") -> None:
        self.keys = f"{prefix}adjudicator_api_keys"
        self.games = f"{prefix}adjudicator_api_key_games"
        self._ready = False
        self._ready_lock = threading.Lock()

    @contextmanager
    def _conn(self) -> Iterator[Any]:
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        return text.replace("?", self.p)

    def _ensure(self) -> None:
        if self._ready:
            return
        with self._ready_lock:
            if self._ready:
                return
            with self._conn() as c:
                c.execute(f"CREATE TABLE IF NOT EXISTS {self.keys} (id TEXT PRIMARY KEY, hash TEXT NOT NULL, "
                          "role TEXT NOT NULL, label TEXT, created_at TEXT NOT NULL, revoked_at TEXT)")
                c.execute(f"CREATE TABLE IF NOT EXISTS {self.games} (key_id TEXT NOT NULL, game_id TEXT NOT NULL, "
                          "PRIMARY KEY (key_id, game_id))")
            self._ready = True

    def _insert(self, key: ApiKey, hashed: str) -> None:
        self._ensure()
        with self._conn() as c:
            c.execute(self._sql(f"INSERT INTO {self.keys} (id, hash, role, label, created_at) VALUES (?, ?, ?, ?, ?)"),
                      (key.id, hashed, key.role, key.label, key.created_at))

    def _games_of(self, c: Any, key_id: str) -> list[str]:
        rows = c.execute(self._sql(f"SELECT game_id FROM {self.games} WHERE key_id = ? ORDER BY game_id"), (key_id,))
        return [r[0] for r in rows.fetchall()]

    def _get(self, key_id: str) -> tuple[ApiKey, str] | None:
        self._ensure()
        with self._conn() as c:
            row = c.execute(self._sql(f"SELECT id, hash, role, label, created_at, revoked_at FROM {self.keys} "
                                      "WHERE id = ?"), (key_id,)).fetchone()
            if row is None:
                return None
            key = ApiKey(id=row[0], role=row[2], label=row[3], created_at=row[4], revoked_at=row[5],
                         games=self._games_of(c, key_id) if row[2] == "recorder" else [])
            return key, row[1]

    def grant(self, key_id: str, game_id: str) -> None:
        self._ensure()
        with self._conn() as c:
            c.execute(self._sql(f"INSERT INTO {self.games} (key_id, game_id) VALUES (?, ?) ON CONFLICT DO NOTHING"),
                      (key_id, game_id))

    def list(self) -> list[ApiKey]:
        self._ensure()
        with self._conn() as c:
            rows = c.execute(f"SELECT id, role, label, created_at, revoked_at FROM {self.keys} "
                             "ORDER BY created_at, id").fetchall()
            return [ApiKey(id=r[0], role=r[1], label=r[2], created_at=r[3], revoked_at=r[4],
                           games=self._games_of(c, r[0])) for r in rows]

    def revoke(self, key_id: str) -> ApiKey | None:
        self._ensure()
        with self._conn() as c:
            c.execute(self._sql(f"UPDATE {self.keys} SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"),
                      (_now(), key_id))
        found = self._get(key_id)
        return found[0] if found else None


class SqliteKeyStore(SqlKeyStore):
    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path

    @contextmanager
    def _conn(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(self.path, timeout=10)
        try:
            with conn:  # commits, or rolls back on error
                yield conn
        finally:
            conn.close()


class PostgresKeyStore(SqlKeyStore):
    p = "%s"

    def __init__(self, conninfo: str, schema: str | None) -> None:
        super().__init__(prefix=f'"{schema}".' if schema else "")
        self.conninfo = conninfo
        self._pool = None
        self._pool_lock = threading.Lock()

    def _get_pool(self):
        # Made on first use, so each gunicorn worker (forked before first use) has its own.
        if self._pool is None:
            with self._pool_lock:
                if self._pool is None:
                    from psycopg_pool import ConnectionPool

                    self._pool = ConnectionPool(self.conninfo, min_size=1, max_size=4, open=True,
                                                kwargs={"autocommit": False})
        return self._pool

    @contextmanager
    def _conn(self) -> Iterator[Any]:
        with self._get_pool().connection() as conn:  # commits on success, rolls back on error
            yield conn

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None


def key_store_for(url: str | None) -> KeyStore:
    """The key store that lives beside the event store named by ``url``."""
    from events.service.store import env_for, shard_urls

    env = env_for(url)
    module = env["PERSISTENCE_MODULE"].rsplit(".", 1)[-1]
    if module == "sqlite" and env["SQLITE_DBNAME"] != ":memory:":
        return SqliteKeyStore(env["SQLITE_DBNAME"])
    if module == "postgres":
        u = urlparse(shard_urls(url)[0])  # with shards, the keys live on the first one
        schema = parse_qs(u.query).get("schema", [None])[0]
        return PostgresKeyStore(u._replace(query="", scheme="postgresql").geturl(), schema)
    return MemoryKeyStore()


class Standing:
    """Whether keys still hold, for responses that outlive their request (live streams): a key
    is looked up in the key store at most once per ``every`` seconds in this process, however
    many of its streams ask, so a revocation (or anything that makes ``KeyStore.check`` refuse
    the key) reaches every open stream within ``every`` seconds of their next question; in the
    process that revoked it, at once (``forget``)."""

    def __init__(self, store: KeyStore, every: float = 1.0):
        self.store = store
        self.every = every
        self._known: dict[str, tuple[float, float, bool]] = {}  # token -> (monotonic, wall clock, holds)
        self._lock = threading.Lock()

    def holds(self, token: str, fresh_after: float | None = None) -> bool:
        """Whether the key still holds, from an answer at most ``every`` seconds old, and given
        after ``fresh_after`` (a wall-clock time: a batch stored then is sent only on an answer
        the store gave later, so nothing appended after a revocation goes out, on any host).
        Raises whatever the key store raises when it cannot answer."""
        now, wall = time.monotonic(), time.time()
        with self._lock:
            known = self._known.get(token)
        if known is not None and now - known[0] < self.every and (fresh_after is None or known[1] >= fresh_after):
            return known[2]
        ok = self.store.check(token) is not None
        with self._lock:
            if len(self._known) > 10_000:
                self._known.clear()
            self._known[token] = (now, wall, ok)
        return ok

    def forget(self) -> None:
        """A key was revoked here: every stream of this process asks the store again."""
        with self._lock:
            self._known.clear()


def standing_check() -> Callable[[float | None], bool] | None:
    """For the current request, a check that its key still holds (for as long as a response
    lasts), or None when the request was let through without a key (auth off, public reads)."""
    if g.get("api_key") is None:
        return None
    token = request.headers.get("Authorization", "").partition(" ")[2].strip()
    standing = current_app.extensions.setdefault("key_standing", Standing(current_app.extensions["keys"]))
    return lambda fresh_after=None: standing.holds(token, fresh_after)


# --------------------------------------------------------------------------------------- HTTP
bp = Blueprint("keys", __name__)


def keys() -> KeyStore:
    from api.errors import Problem

    if not current_app.config.get("AUTH_ENFORCED"):
        # Without auth anybody could mint a key that would hold once auth is turned on.
        raise Problem(403, "forbidden", "Keys are managed over HTTP only when auth is required",
                      "this service runs without ADJUDICATOR_AUTH=required: create keys with `adjudicator keys create`")
    return current_app.extensions["keys"]


@bp.get("/keys")
def list_keys():
    from api.schemas import PageArgs

    args = PageArgs().load(request.args)
    found = keys().list()
    page = found[args["after"]: args["after"] + args["limit"]]
    end = args["after"] + len(page)
    nxt = url_for("keys.list_keys", after=end, limit=args["limit"]) if end < len(found) else None
    return {"keys": [k.public() for k in page], "next": nxt}


@bp.post("/keys")
def create_key():
    from marshmallow import RAISE, Schema, fields, validate

    from api.games import json_body

    class CreateKey(Schema):
        class Meta:
            unknown = RAISE

        role = fields.String(required=True, validate=validate.OneOf(ROLES))
        games = fields.List(fields.UUID(), load_default=list)
        label = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=200))

    body = CreateKey().load(json_body())
    key, token = keys().create(body["role"], [str(x) for x in body["games"]], body["label"])
    resp = jsonify({**key.public(), "key": token})
    resp.status_code = 201
    return resp


@bp.delete("/keys/<key_id>")
def revoke_key(key_id: str):
    from api.errors import Problem

    key = keys().revoke(key_id)
    standing = current_app.extensions.get("key_standing")
    if standing is not None:
        standing.forget()
    if key is None:
        raise Problem(404, "not-found", "No such key", f"no API key {key_id!r}")
    return key.public()


# --------------------------------------------------------------------------------------- policy
def auth_mode(app: Flask) -> str:
    return str(app.config.get("AUTH") or os.environ.get("ADJUDICATOR_AUTH") or "off").lower()


def _flag(value: Any) -> bool:
    return str(value).lower() in ("1", "true", "yes", "on")


def _denied(status: int, detail: str) -> Response:
    from api.errors import problem_response

    if status == 401:
        resp = problem_response(401, "unauthorized", "An API key is required", detail)
        resp.headers["WWW-Authenticate"] = 'Bearer realm="adjudicator"'
        return resp
    return problem_response(403, "forbidden", "This key may not do that", detail)


def permission_for(endpoint: str | None, method: str) -> str | None:
    if endpoint is None or endpoint in PUBLIC_ENDPOINTS or method == "OPTIONS":
        return None
    if endpoint in ENDPOINT_PERMISSION:
        return ENDPOINT_PERMISSION[endpoint]
    if endpoint.startswith("keys."):
        return "admin"
    return "read" if method in ("GET", "HEAD") else "write"


def register(app: Flask) -> None:
    store = app.config.get("KEY_STORE") or key_store_for(app.config.get("DATABASE_URL"))
    app.extensions["keys"] = store
    app.register_blueprint(bp)
    mode = auth_mode(app)
    if mode in ("off", "0", "false", "no", "none", ""):
        return
    if mode != "required":
        raise ValueError(f"ADJUDICATOR_AUTH={mode!r}: expected 'required' (or unset for no auth)")
    public_reads = _flag(app.config.get("PUBLIC_READS", os.environ.get("ADJUDICATOR_PUBLIC_READS", "")))
    app.config["AUTH_ENFORCED"] = True

    @app.before_request
    def _authorize():
        needed = permission_for(request.endpoint, request.method)
        if needed is None:
            return None
        header = request.headers.get("Authorization", "")
        if not header:
            if needed == "read" and public_reads:
                return None
            return _denied(401, "send Authorization: Bearer <key>")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return _denied(401, "the Authorization header must be 'Bearer <key>'")
        key = store.check(token.strip())
        if key is None:
            return _denied(401, "the API key is unknown or revoked")
        g.principal = key.id
        g.api_key = key
        game = (request.view_args or {}).get("gid") if request.endpoint in GAME_SCOPED else None
        if not key.allows(needed, game):
            if key.role == "recorder" and needed in PERMISSIONS["recorder"]:
                return _denied(403, f"this recorder key was not given game {game}")
            return _denied(403, f"a {key.role} key may not {needed}"
                                + (" (needs an admin key)" if needed == "admin" else ""))
        return None

    @app.after_request
    def _grant(resp: Response) -> Response:
        key = g.get("api_key")
        if key is not None and key.role == "recorder" and request.endpoint in GRANT_ON_SUCCESS \
                and resp.status_code in (200, 201):
            body = resp.get_json(silent=True) or {}
            if isinstance(body.get("id"), str):
                try:
                    store.grant(key.id, body["id"])
                except Exception:  # noqa: BLE001 - the game exists; an admin can still give it
                    logging.getLogger("adjudicator.api").exception(
                        "could not give game %s to recorder key %s", body["id"], key.id)
        return resp
