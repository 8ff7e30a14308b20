"""The console script's errors: one line on stderr, the exit code documented in --help (1 refused,
2 usage), never a traceback; --version; a default store that does not depend on the directory."""
from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from click.testing import CliRunner

from api import create_app
from api.cli import main as cli

ROOT = Path(__file__).resolve().parents[2]
UNKNOWN = "00000000-0000-0000-0000-000000000000"


@pytest.fixture()
def store(tmp_path) -> tuple[str, str]:
    """A SQLite store with one WoW Minis game of three events: (url, game id)."""
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    client = create_app({"DATABASE_URL": url, "TESTING": True, "REQUEST_LOG": "0"}).test_client()
    gid = client.post("/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}).get_json()["id"]
    for player in ("p1", "p2"):
        assert client.post(f"/games/{gid}/actions", json={"type": "advance_time", "player": player, "ticks": 1}).status_code == 201
    return url, gid


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def one_error_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("error: ") and "Traceback" not in stderr
    return lines[0]


@pytest.mark.parametrize("args, words", [
    (("replay", UNKNOWN), "no game"),
    (("replay", "not-a-uuid"), "no game not-a-uuid"),
    (("audit", "nonexistent"), "no game nonexistent"),
    (("audit", UNKNOWN), "no game"),
    (("export", "nonexistent"), "no game nonexistent"),
    (("export", UNKNOWN), "no game"),
    (("keys", "revoke", "nope"), "no key nope"),
])
def test_a_refused_request_is_one_line_and_exit_1(store, args, words):
    url, _ = store
    code, out, err = run("--database-url", url, *args)
    assert code == 1 and out == ""
    assert words in one_error_line(err)


def test_replay_at_a_position_past_the_log_is_one_line_and_exit_1(store):
    url, gid = store
    code, out, err = run("--database-url", url, "replay", gid, "--at", "99")
    assert code == 1 and out == ""
    assert "position 99 is outside the log (1..3)" in one_error_line(err)
    code, out, _ = run("--database-url", url, "replay", gid, "--at", "2")
    assert code == 0 and '"position": 2' in out


def test_audit_and_export_give_the_same_code_for_the_same_error(store):
    url, _ = store
    assert run("--database-url", url, "audit", UNKNOWN)[0] == run("--database-url", url, "export", UNKNOWN)[0] == 1


def test_an_unknown_card_is_one_line_and_exit_1(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CARDS_DIR", str(tmp_path / "cards"))
    code, out, err = run("cards", "show", "spoils", "No Such Card")
    assert code == 1 and out == ""
    assert "no spoils card named 'No Such Card'" in one_error_line(err)


@pytest.mark.parametrize("args", [
    ("bogus",),
    ("replay",),
    ("replay", UNKNOWN, "--at", "zz"),
    ("serve", "--port", "many"),
    ("cards", "show", "spoils", "Anything", "--as-of", "yesterday"),
])
def test_a_usage_error_is_one_line_and_exit_2(args, tmp_path):
    code, out, err = run("--database-url", "memory://", *args)
    assert code == 2 and out == ""
    assert "--help" in one_error_line(err)


def test_help_documents_the_exit_codes_and_version_prints_the_package_version():
    code, out, _ = run("--help")
    assert code == 0
    assert "Exit codes:" in out and "1  the request was refused" in out and "2  usage" in out
    code, out, _ = run("--version")
    assert code == 0 and out.strip() == f"adjudicator {version('ccg-adjudicator')}"


def _script(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from api.cli import main; main()", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_default_store_is_per_user_not_per_directory_and_its_creation_is_announced(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ADJUDICATOR_")}
    env.update(XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    store = tmp_path / "data" / "adjudicator" / "adjudicator.sqlite"
    first = _script(["games"], one, env)
    assert first.returncode == 0 and f"creating a new store at {store}" in first.stderr
    assert store.exists() and not (one / "var").exists()
    second = _script(["games"], two, env)
    assert second.returncode == 0 and "creating" not in second.stderr and not (two / "var").exists()
    assert f"no games in the SQLite file {store}" in second.stderr


def test_an_unexpected_failure_is_still_one_line_without_a_traceback(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    broken = tmp_path / "not-a-dir"
    broken.write_text("a file where the store's folder should be")
    done = _script(["--database-url", f"sqlite:///{broken}/games.sqlite", "games"], tmp_path, env)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("error: ")
