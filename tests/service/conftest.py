"""A second PostgreSQL server for the sharding tests: a cluster of its own on another port, made
with Debian's ``pg_createcluster`` when this machine has none (scripts/test makes it in CI).

``ADJUDICATOR_TEST_SHARD_URL`` names the second server's database (default
``postgresql://postgres@127.0.0.1:5433/postgres``).  Under CI=true a missing second server is an
error; elsewhere the sharding tests skip with the reason.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from pathlib import Path
from typing import Iterator

import pytest

from tests.conftest import IN_CI, PG_URL

SHARD_URL = os.environ.get("ADJUDICATOR_TEST_SHARD_URL", "postgresql://postgres@127.0.0.1:5433/postgres")
CLUSTER = "shard2"


def _connect_problem(url: str) -> str | None:
    try:
        import psycopg

        with psycopg.connect(url.split("?")[0], connect_timeout=3) as conn:
            conn.execute("select 1")
        return None
    except Exception as exc:  # noqa: BLE001 - any failure to connect means "no server"
        return f"no PostgreSQL server answers at {url}: {exc}"


def start_second_cluster(port: int = 5433) -> str | None:
    """Makes (if needed) and starts the cluster ``shard2`` on ``port``; returns why it cannot."""
    if shutil.which("pg_createcluster") is None or not Path("/etc/postgresql").is_dir():
        return "pg_createcluster is not installed (Debian's postgresql-common)"
    versions = sorted(os.listdir("/etc/postgresql"))
    if not versions:
        return "no PostgreSQL version under /etc/postgresql"
    version = versions[-1]
    if not (Path("/etc/postgresql") / version / CLUSTER).is_dir():
        made = subprocess.run(["pg_createcluster", version, CLUSTER, "-p", str(port), "--",
                               "--auth=trust"], capture_output=True, text=True, timeout=120)
        if made.returncode != 0:
            return f"pg_createcluster failed: {made.stderr.strip()[-300:]}"
    started = subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, CLUSTER, "start"],
                             capture_output=True, text=True, timeout=120)
    if started.returncode != 0 and "already running" not in started.stderr:
        return f"pg_ctlcluster start failed: {started.stderr.strip()[-300:]}"
    return None


@pytest.fixture(scope="session")
def two_shards() -> Iterator[list[str]]:
    """Two database URLs on two PostgreSQL servers, each in a schema of its own."""
    problem = _connect_problem(PG_URL)
    if problem is None and _connect_problem(SHARD_URL) is not None:
        problem = start_second_cluster(int(SHARD_URL.rsplit(":", 1)[1].split("/")[0]))
        problem = problem or _connect_problem(SHARD_URL)
    if problem:
        if IN_CI:
            pytest.fail(f"CI must run the sharding tests for real, but {problem}")
        pytest.skip(problem)
    import psycopg

    schema = f"shard_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    bases = [PG_URL.split("?")[0], SHARD_URL.split("?")[0]]
    for base in bases:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
    yield [f"{base}?schema={schema}" for base in bases]
    for base in bases:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
