"""The README's examples run as printed, against a live server started as the README says
(``adjudicator serve``, the default per-user store): "A game in five requests" and "Cards and
decks".  The one change made to the text is the address: ``localhost:8000`` becomes the free port
the test's server listens on.  Every curl runs with ``--fail-with-body``, so a 4xx or 5xx fails."""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data" / "spoils-octgn"
pytestmark = pytest.mark.slow


def block(section: str) -> str:
    """The first indented code block under the README heading ``## section``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    part = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    lines, started = [], False
    for line in part.splitlines():
        if line.startswith("    ") and line.strip():
            started = True
            lines.append(line[4:])
        elif started:
            break
    assert lines, f"no example under {section!r}"
    return "\n".join(lines)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ADJUDICATOR_")}
    env.update(XDG_DATA_HOME=str(home), PYTHONPATH=str(ROOT), ADJUDICATOR_LOG_LEVEL="warning")
    port = free_port()
    cli = shutil.which("adjudicator")
    command = [cli] if cli else [sys.executable, "-c", "from api.cli import main; main()"]
    proc = subprocess.Popen([*command, "serve", "--port", str(port), "--workers", "1"], env=env, cwd=home,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while True:
        try:
            requests.get(base + "/health", timeout=10)
            break
        except requests.RequestException:
            assert proc.poll() is None and time.time() < deadline, proc.stdout.read().decode() if proc.stdout else ""
            time.sleep(0.2)
    yield port, env, command
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=15)


def run(example: str, port: int, env: dict, command: list[str]) -> str:
    script = "\n".join([
        "set -euo pipefail",
        'curl() { command curl --fail-with-body --show-error "$@"; }',
        f"adjudicator() {{ {' '.join(map(repr, command))} \"$@\"; }}",
        example.replace("localhost:8000", f"127.0.0.1:{port}"),
    ])
    done = subprocess.run(["bash", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{example}\n--- stdout\n{done.stdout[-3000:]}\n--- stderr\n{done.stderr[-3000:]}"
    return done.stdout


def test_a_game_in_five_requests_runs_as_printed(served):
    example = block("A game in five requests")
    assert "ID=$(" in example and "$ID" in example
    out = run(example + '\necho "ID=$ID"', *served)
    gid = re.search(r"ID=([0-9a-f-]{36})", out).group(1)
    assert '"FightStarted"' in out and '"legal"' in out and '"templates"' in out
    port = served[0]
    assert requests.get(f"http://127.0.0.1:{port}/games/{gid}", timeout=10).json()["position"] >= 2


@pytest.mark.skipif(not SHARED.exists(), reason="the shared OCTGN data is not present")
def test_cards_and_decks_run_as_printed(served):
    example = block("Cards and decks")
    assert "%20" in example and "format=limited" in example and "--format limited" in example
    out = run(example, *served)
    assert '"Quotidian Misfire"' in out
    assert "51 cards: valid" in out and '"valid":true' in out.replace(" ", "")
