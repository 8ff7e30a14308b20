"""Issue 23, item 6: a card import is seen by every running worker.  Each worker checks the cards
directory's catalog version (two stats per request) and reloads its catalog when an import changed
it, so two app instances over the same directory (two gunicorn workers, two hosts sharing it) answer
alike right after an import, without a restart."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from api import create_app
from api.cli import main
from tests.conftest import SHARED

SET = SHARED / "data" / "spoils-octgn" / "sets" / "Seed_3_Fall_of_Marmothoa.xml"
CARD = "/cards/spoils/Cowslaw"
pytestmark = pytest.mark.skipif(not SET.exists(), reason="the shared OCTGN data is not present")


def worker(cards: Path):
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0", "CARDS_DIR": str(cards)})
    return app, app.test_client()


def imported(cards: Path, *files: Path) -> None:
    result = CliRunner().invoke(main, ["cards", "import", *map(str, files), "--cards-dir", str(cards)])
    assert result.exit_code == 0, result.output


def test_two_workers_see_a_card_import_without_a_restart(tmp_path):
    cards = tmp_path / "cards"
    first, second = worker(cards), worker(cards)
    for _, client in (first, second):
        assert client.get(CARD).status_code == 404  # both have read (and cached) the catalog without the set
    imported(cards, SET)
    for _, client in (first, second):
        r = client.get(CARD)
        assert r.status_code == 200, r.get_json()
        assert r.get_json()["name"] == "Cowslaw"


def test_the_catalog_is_read_again_only_when_its_version_changes(tmp_path):
    cards = tmp_path / "cards"
    imported(cards, SET)
    app, client = worker(cards)
    assert client.get(CARD).status_code == 200
    catalog = app.extensions["cards"]
    assert client.get(CARD).status_code == 200
    assert app.extensions["cards"] is catalog  # unchanged directory: the same catalog, not read again
    imported(cards, SET)  # the same file again: a new import is a new version
    assert client.get(CARD).status_code == 200
    assert app.extensions["cards"] is not catalog


def test_a_catalog_given_to_the_app_is_kept(tmp_path, spoils_cards):
    app, client = worker(tmp_path / "empty")
    app.extensions["cards"] = spoils_cards  # as tests and embedders inject one
    assert client.get(CARD).status_code == 200
    assert app.extensions["cards"] is spoils_cards


def test_every_gunicorn_worker_sees_an_import(tmp_path):
    import os
    import signal
    import subprocess
    import time

    import requests

    from tests.api.test_serve import free_port
    from tests.api.test_serve_limits import environment, serve_command

    cards = tmp_path / "cards"
    port = free_port()
    command = serve_command(port)
    command[command.index("--workers") + 1] = "2"
    proc = subprocess.Popen(command, cwd=tmp_path, env={**environment(tmp_path), "ADJUDICATOR_CARDS_DIR": str(cards)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}{CARD}"
    try:
        deadline = time.time() + 90
        while True:
            try:
                requests.get(f"http://127.0.0.1:{port}/health", timeout=15)
                break
            except requests.RequestException:
                assert proc.poll() is None and time.time() < deadline
                time.sleep(0.2)
        assert {requests.get(url, timeout=15).status_code for _ in range(20)} == {404}  # both workers loaded it
        imported(cards, SET)
        assert {requests.get(url, timeout=15).status_code for _ in range(20)} == {200}
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
