"""The README's "Play from the terminal" runs as printed: its first code block is read from the
README, each command (continuation lines joined) runs in bash from the repository's root against a
temporary SQLite store (ADJUDICATOR_DATABASE_URL) and card directory (ADJUDICATOR_CARDS_DIR), and
what each one prints is checked.  ``NAME=$(...)`` keeps the command's output in ``$NAME`` for the
commands after it, as a shell would.  The README's second block, an excerpt of `legal`'s answer, is
checked against what `legal` prints."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETS = ROOT.parent / "shared" / "data" / "spoils-octgn" / "sets"
pytestmark = [pytest.mark.slow,  # sixteen processes, each importing the engines (about 2 minutes)
              pytest.mark.skipif(not SETS.is_dir(), reason="the shared OCTGN sets are not present")]
ASSIGN = re.compile(r"^([A-Z_]+)=\$\((.*)\)$", re.S)


def readme_blocks(section: str) -> list[str]:
    """The indented code blocks under the README heading ``## section``, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    part = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in part.splitlines():
        if line.startswith("    ") and line.strip():
            current.append(line[4:])
        elif current and line.strip():
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return ["\n".join(b) for b in blocks]


def commands(block: str) -> list[str]:
    """The block's commands, a line ending in a backslash joined with the next."""
    out, pending = [], ""
    for line in block.splitlines():
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        out.append((pending + line.strip()).strip())
        pending = ""
    return out


# What each command of the block must print (a fragment of stdout) and its exit code.  A command
# missing here fails the test: the README and this table change together.
EXPECTED: dict[str, tuple[int, list[str]]] = {
    "adjudicator cards import ../shared/data/spoils-octgn/sets": (0, ["printings in the catalog"]),
    "adjudicator decks validate --format limited docs/decks/gearsmith-starter.txt": (0, ["48 cards: valid"]),
    "adjudicator games": (0, ["spoils", "alice,bob", "position 1", "in_progress"]),
    "adjudicator legal $GAME alice": (0, ["keep the starting hand",
                                          '{"type": "mulligan", "player": "alice", "count": 0}   [spoils.601.1f]']),
    "adjudicator act $GAME alice mulligan count=0": (0, ["appended at position 2:", "(MulliganTaken)", "to act: bob"]),
    "adjudicator act $GAME bob mulligan count=0": (0, ["appended at position 5:", "turn started", "to act: alice"]),
    "adjudicator act $GAME alice play_resource card=Elitism face_up=true":
        (0, ["appended at position 7:", "resource played:", "name Elitism", "face up yes"]),
    'adjudicator check $GAME alice play_card card="Micromajig Maker"':
        (0, ["legal at position 7", "would append: CardPlayed"]),
    'adjudicator act $GAME alice play_card card="Micromajig Maker"':
        (0, ["appended at position 9:", "card played:", "card Micromajig Maker", "to act: bob"]),
    "adjudicator check $GAME alice end_turn":
        (1, ["illegal at position 9", "spoils.604.1g (Playing a card: responses): Micromajig Maker waits for "
                                      "responses first"]),
    "adjudicator act $GAME bob pass": (0, ["player passed", "card entered play:", "card Micromajig Maker"]),
    "adjudicator state $GAME": (0, ["at position 15: in progress", "format limited", "c2 Micromajig Maker"]),
    "adjudicator state $GAME --at 7 --json": (0, ['"position": 7', '"format": "limited"']),
    "adjudicator export $GAME --format text": (0, ['[Game "spoils"]', "alice    play card: card Micromajig Maker",
                                                   '[Result "in progress at position 15"]']),
}


def _bash(command: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture()
def shell_env(tmp_path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ADJUDICATOR_")}
    env.update(ADJUDICATOR_DATABASE_URL=f"sqlite:///{tmp_path / 'games.sqlite'}",
               ADJUDICATOR_CARDS_DIR=str(tmp_path / "cards"), XDG_DATA_HOME=str(tmp_path / "data"),
               PYTHONPATH=str(ROOT))
    if not shutil.which("adjudicator", path=env.get("PATH")):  # the console script, else the module
        shim = tmp_path / "bin"
        shim.mkdir()
        (shim / "adjudicator").write_text(f'#!/bin/sh\nexec {sys.executable} -c "from api.cli import main; main()" "$@"\n')
        (shim / "adjudicator").chmod(0o755)
        env["PATH"] = f"{shim}{os.pathsep}{env.get('PATH', '')}"
    return env


def test_the_play_from_the_terminal_commands_run_as_printed(shell_env):
    block = readme_blocks("Play from the terminal")[0]
    ran = []
    for command in commands(block):
        assigned = ASSIGN.match(command)
        if assigned:
            name, inner = assigned.groups()
            done = _bash(inner, shell_env)
            assert done.returncode == 0, (command, done.stderr)
            value = done.stdout.strip()
            assert re.fullmatch(r"[0-9a-f-]{36}", value), (command, done.stdout)  # -q prints the id alone
            shell_env[name] = value
            continue
        assert command in EXPECTED, f"README command without an expected answer here: {command!r}"
        code, fragments = EXPECTED[command]
        done = _bash(command, shell_env)
        assert done.returncode == code, (command, done.stdout, done.stderr)
        for fragment in fragments:
            assert fragment in done.stdout, (command, fragment, done.stdout)
        if command == "adjudicator legal $GAME alice":  # the README's second block is an excerpt of it
            assert readme_blocks("Play from the terminal")[1] in done.stdout, done.stdout
        assert "Traceback" not in done.stderr, done.stderr
        ran.append(command)
    assert set(ran) == set(EXPECTED), set(EXPECTED) - set(ran)
    state = json.loads(_bash("adjudicator state $GAME --json", shell_env).stdout)
    assert state["format"] == "limited" and state["position"] == 15
