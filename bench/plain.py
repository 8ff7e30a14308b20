"""The floor of figure 7: a plain Flask + psycopg append service on the same gunicorn settings.

``POST /games/<id>/actions`` parses the JSON body and stores it at the game's next position with
one ``INSERT ... SELECT max(position) + 1`` (one round trip; the primary key (game, position)
refuses a second row at a position, and a lost race is tried again), then answers the position.
No rules, no hashes, no cache: what any append service pays for HTTP, JSON and one durable insert.

    PLAIN_DATABASE_URL=postgresql://... PLAIN_SCHEMA=name gunicorn -k gthread --threads 4 bench.plain:app
"""
from __future__ import annotations

import json
import os
import threading
from typing import Any
from uuid import UUID

import psycopg
from flask import Flask, jsonify, request
from psycopg_pool import ConnectionPool

app = Flask(__name__)
SCHEMA = os.environ.get("PLAIN_SCHEMA", "public")
_pool: ConnectionPool | None = None
_lock = threading.Lock()
INSERT = (f'INSERT INTO "{SCHEMA}".plain_events (game_id, position, body) '
          f'SELECT %s, coalesce(max(position), 0) + 1, %s FROM "{SCHEMA}".plain_events WHERE game_id = %s '
          "RETURNING position")


def create_table(url: str, schema: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE TABLE IF NOT EXISTS "{schema}".plain_events (game_id uuid NOT NULL, '
                     "position bigint NOT NULL, body jsonb NOT NULL, PRIMARY KEY (game_id, position))")


def pool() -> ConnectionPool:
    global _pool
    with _lock:  # opened in the worker, after gunicorn's fork
        if _pool is None:
            _pool = ConnectionPool(os.environ["PLAIN_DATABASE_URL"], min_size=2, max_size=8,
                                   kwargs={"autocommit": True}, open=True)
        return _pool


@app.post("/games/<gid>/actions")
def append(gid: str) -> Any:
    body = request.get_json()
    game = UUID(gid)
    for _ in range(20):
        try:
            with pool().connection() as conn:
                row = conn.execute(INSERT, (game, json.dumps(body), game), prepare=True).fetchone()
            return jsonify({"position": row[0]}), 201
        except psycopg.errors.UniqueViolation:
            continue
    return jsonify({"error": "conflict"}), 409
