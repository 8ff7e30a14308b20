"""Shared fixtures: a service and a Flask client on each store (memory, SQLite file, PostgreSQL).

PostgreSQL: ADJUDICATOR_TEST_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/test). Each
test session (and each xdist worker) works in its own schema, dropped at the end.  Under CI=true a
missing server is an error, never a skip; elsewhere the PostgreSQL cases skip with the reason.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = (ROOT / ".." / "shared").resolve()
PG_URL = os.environ.get("ADJUDICATOR_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(autouse=True)
def _cli_database_url_restored() -> Iterator[None]:
    """The CLI's ``--database-url`` sets ``ADJUDICATOR_DATABASE_URL`` for the processes it starts (``serve``'s
    workers); a test that runs the CLI in this process would leave it set for every later test of the same
    worker (a server started by a later test then opened that store, not its own): each test gets back what
    it found."""
    before = os.environ.get("ADJUDICATOR_DATABASE_URL")
    yield
    if before is None:
        os.environ.pop("ADJUDICATOR_DATABASE_URL", None)
    else:
        os.environ["ADJUDICATOR_DATABASE_URL"] = before


def _pg_problem() -> str | None:
    try:
        import psycopg

        with psycopg.connect(PG_URL.split("?")[0], connect_timeout=3) as conn:
            conn.execute("select 1")
        return None
    except Exception as exc:  # noqa: BLE001 - any failure to connect means "no server"
        return f"no PostgreSQL server answers at {PG_URL}: {exc}"


@pytest.fixture(scope="session")
def pg_schema() -> Iterator[str]:
    problem = _pg_problem()
    if problem:
        if IN_CI:
            pytest.fail(f"CI must run the PostgreSQL tests for real, but {problem}")
        pytest.skip(problem)
    import psycopg

    schema = f"t_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(PG_URL.split("?")[0], autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    yield schema
    with psycopg.connect(PG_URL.split("?")[0], autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def pg_url(schema: str) -> str:
    return f"{PG_URL.split('?')[0]}?schema={schema}"


SHM = Path("/dev/shm")


def _sqlite_dir(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """Where a test's SQLite file goes: a directory of its own in the memory-backed /dev/shm when this
    machine has one, removed after the test, else ``tmp_path``.  The same SQLite file (WAL, locks, every
    commit); only its fsync costs nothing there, where on a disk shared with other work each commit of
    the store waited for it (about 50 ms a test, measured on the two-core machine)."""
    if not (SHM.is_dir() and os.access(SHM, os.W_OK)):
        return tmp_path
    directory = Path(tempfile.mkdtemp(prefix="adjudicator-test-", dir=SHM))
    request.addfinalizer(lambda: shutil.rmtree(directory, ignore_errors=True))
    return directory


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "memory":
        return "memory://"
    if request.param == "sqlite":
        return f"sqlite:///{_sqlite_dir(request, tmp_path) / 'games.sqlite'}"
    schema = request.getfixturevalue("pg_schema")
    return pg_url(schema)


@pytest.fixture
def app(database_url: str):
    from api import create_app

    app = create_app({"DATABASE_URL": database_url, "TESTING": True})
    yield app
    app.extensions["games"].close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def memory_client():
    from api import create_app

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    return app.test_client()


# --- builders ---------------------------------------------------------------------------------

SPIKE = {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2", "alignment": "evil",
         "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, "traits": ["VAMPIRE"]}
BUFFY = {"owner": "p2", "name": "Buffy Summers", "main": True, "location": "p1.2", "alignment": "good",
         "talents": {"butt_kicking": 3, "smarts": 0, "weirdness": 2, "charm": 2}, "traits": ["HUMAN"]}


def buffy_game(client, setup: dict[str, Any] | None = None, players=("p1", "p2"), first="p1") -> str:
    r = client.post("/games", json={"game": "buffy", "players": [{"id": p} for p in players],
                                    "first_player": first, "setup": setup})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def act(client, gid: str, action: dict[str, Any], status: int = 201, **query) -> dict[str, Any]:
    url = f"/games/{gid}/actions"
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    r = client.post(url, json=action)
    assert r.status_code == status, (action, r.get_json())
    return r.get_json()


def state(client, gid: str, at: int | None = None) -> dict[str, Any]:
    r = client.get(f"/games/{gid}/state" + (f"?at={at}" if at else ""))
    assert r.status_code == 200, r.get_json()
    return r.get_json()


# --- the order tests run in -----------------------------------------------------------------------

def pytest_collection_modifyitems(config, items) -> None:
    """The long-running tests (``slow``) first, the rest in their usual order: under xdist the
    workers then share the long ones from the start and finish together on short ones, instead of
    one worker running a long test alone at the end (the same tests run; only their order moves)."""
    items.sort(key=lambda item: 0 if item.get_closest_marker("slow") else 1)


# --- measurements in the terminal summary ------------------------------------------------------

def pytest_terminal_summary(terminalreporter) -> None:
    """What tests record with ``record_property``: ``fuzz_requests`` (tests/api/test_fuzz.py, added
    up) and ``summary`` lines (timings of the service tests).  Works under xdist too."""
    fuzz: dict[str, int] = {}
    lines: list[str] = []
    for key in ("passed", "failed"):
        for report in terminalreporter.stats.get(key, []):
            if getattr(report, "when", None) != "call":
                continue
            props = list(getattr(report, "user_properties", []))
            operation = next((str(v) for n, v in props if n == "fuzz_operation"), report.nodeid)
            for name, value in props:
                if name == "fuzz_requests":
                    fuzz[operation] = max(fuzz.get(operation, 0), int(value))
                elif name == "summary":
                    lines.append(str(value))
    if not fuzz and not lines:
        return
    terminalreporter.section("measurements")
    if fuzz:
        terminalreporter.write_line(f"schemathesis: {sum(fuzz.values())} generated requests over {len(fuzz)} "
                                    "operations (tests/api/test_fuzz.py)")
    for line in lines:
        terminalreporter.write_line(line)


# --- The Spoils' real card data -----------------------------------------------------------------

SPOILS_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "spoils-octgn"


@pytest.fixture(scope="session")
def spoils_cards():
    """The card catalog of the shared OCTGN sets (every printing of The Spoils) plus the seed cards."""
    from rulings.importers import SEED_FILES, build_catalog

    catalog, _ = build_catalog([SPOILS_DATA / "sets"], SEED_FILES)
    return catalog
