"""`adjudicator games create --game spoils --deck PLAYER=FILE ...`: a game from two deck files."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from api.cli import main

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn"
DECK_FILES = sorted((DATA / "decks").glob("*.o8d")) if DATA.exists() else []
pytestmark = pytest.mark.skipif(not DECK_FILES, reason="the shared OCTGN data is not present")


@pytest.fixture(scope="module")
def cards_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("cards")
    for xml in (DATA / "sets").glob("*.xml"):
        (folder / xml.name).symlink_to(xml)
    return folder


def run(tmp_path: Path, cards_dir: Path, *args: str):
    env = {"ADJUDICATOR_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite'}", "ADJUDICATOR_CARDS_DIR": str(cards_dir)}
    return CliRunner().invoke(main, list(args), env=env)


@pytest.mark.parametrize("deck", DECK_FILES, ids=[p.stem for p in DECK_FILES])
def test_every_shared_deck_starts_a_game_from_the_cli(tmp_path, cards_dir, deck):
    result = run(tmp_path, cards_dir, "games", "create", "--game", "spoils", "--deck", f"alice={deck}",
                 "--deck", f"bob={DECK_FILES[0]}", "--as-of", "2016-12-31", "--first-player", "alice",
                 "--allow-unknown")
    assert result.exit_code == 0, result.output
    game_id = result.output.split()[0]
    listed = run(tmp_path, cards_dir, "games")
    assert game_id in listed.output
    replay = run(tmp_path, cards_dir, "replay", game_id)
    assert replay.exit_code == 0 and '"cards_as_of": "2016-12-31"' in replay.output.replace('":"', '": "')


def test_a_missing_deck_file_and_a_bad_argument_are_one_line_errors(tmp_path, cards_dir):
    missing = run(tmp_path, cards_dir, "games", "create", "--game", "spoils", "--deck", "alice=/no/such.o8d")
    assert missing.exit_code == 1 and "no such deck file" in missing.output
    usage = run(tmp_path, cards_dir, "games", "create", "--game", "spoils", "--deck", "alice")
    assert usage.exit_code == 2 and "PLAYER=FILE" in usage.output
