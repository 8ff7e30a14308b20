"""Clients generate and run from the served spec: openapi-python-client (typed models, no
warning, one model per action type) runs the README's game and a Spoils game from two deck lists
(``play_card`` by name) against a live server; openapi-typescript (npm) generates types
that the README's game, written as typed requests, compiles against (tsc, strict).

Slow (they generate code); CI runs them (scripts/test installs scripts/clients/typescript's npm
packages).  Without node, or without the npm packages outside CI, the TypeScript test skips saying why.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = ROOT / "scripts" / "clients"
TS = CLIENTS / "typescript"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
SETS = ROOT.parent / "shared" / "data" / "spoils-octgn" / "sets"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def live():
    """A server on a free localhost port: (base URL, the spec it serves saved to a file)."""
    from werkzeug.serving import make_server

    from api import create_app

    config = {"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"}
    if SETS.is_dir():  # The Spoils' cards, for the game from decks
        config["CARDS_DIR"] = str(SETS)
    app = create_app(config)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    yield base, requests.get(base + "/openapi.yaml", timeout=30).text
    server.shutdown()
    thread.join(timeout=5)


def test_the_python_client_generates_without_warnings_and_plays_the_readme_game_and_a_spoils_game(live, tmp_path):
    base, spec = live
    (tmp_path / "openapi.yaml").write_text(spec)
    generator = shutil.which("openapi-python-client") or pytest.fail("openapi-python-client is a test dependency")
    out = tmp_path / "adjudicator_client"
    made = subprocess.run([generator, "generate", "--path", str(tmp_path / "openapi.yaml"), "--output-path", str(out),
                           "--meta", "none", "--config", str(CLIENTS / "openapi-python-client.yaml")],
                          capture_output=True, text=True, timeout=600)
    said = made.stdout + made.stderr
    assert made.returncode == 0, said
    assert "Warning" not in said and "WARNING" not in said and "Unable" not in said, said
    models = {p.stem for p in (out / "models").glob("*.py")}
    assert {"buffy_start_fight", "spoils_attack", "wow_mini_attack_with", "buffy_state", "buffy_setup"} <= models
    ran = subprocess.run([sys.executable, str(CLIENTS / "readme_game.py"), base, str(tmp_path)],
                         capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "appended start_fight: position" in ran.stdout and "FightStarted" in ran.stdout
    assert {"spoils_play_card", "spoils_play_tactic", "wow_mini_pass", "wow_mini_end_turn"} <= models
    if not SETS.is_dir():
        pytest.skip("the shared OCTGN sets are not present: no Spoils game from decks")
    spoils = subprocess.run([sys.executable, str(CLIENTS / "spoils_game.py"), base, str(tmp_path),
                             str(ROOT / "docs" / "decks")], capture_output=True, text=True, timeout=300)
    assert spoils.returncode == 0, spoils.stdout + spoils.stderr
    assert "play_card: position 9, events ['CardPlayed', 'ResourcesAttached']" in spoils.stdout, spoils.stdout
    assert "in play ['Micromajig Maker', 'Micromajig Token']" in spoils.stdout, spoils.stdout


def test_the_typescript_types_generate_without_warnings_and_the_readme_game_compiles(live, tmp_path):
    _, spec = live
    bins = TS / "node_modules" / ".bin"
    problem = ("node is not installed" if not shutil.which("node") else
               "the npm packages are not installed (npm ci --prefix scripts/clients/typescript)"
               if not (bins / "openapi-typescript").exists() else None)
    if problem:
        if IN_CI:
            pytest.fail(f"CI must build the TypeScript client, but {problem}")
        pytest.skip(problem)
    work = tmp_path / "ts"
    work.mkdir()
    (work / "openapi.yaml").write_text(spec)
    for name in ("tsconfig.json", "readme_game.ts"):
        shutil.copy(TS / name, work / name)
    made = subprocess.run([str(bins / "openapi-typescript"), str(work / "openapi.yaml"), "-o", str(work / "schema.d.ts"),
                           "--default-non-nullable", "false"], capture_output=True, text=True, timeout=300)
    said = made.stdout + made.stderr
    assert made.returncode == 0, said
    assert "warn" not in said.lower() and "error" not in said.lower(), said
    types = (work / "schema.d.ts").read_text()
    assert 'type: "start_fight"' in types and "BuffyStartFight" in types and "SpoilsAttack" in types
    built = subprocess.run([str(bins / "tsc"), "-p", str(work / "tsconfig.json")], capture_output=True, text=True,
                           timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
