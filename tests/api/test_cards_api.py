"""/cards and /decks over HTTP, and the cards/decks CLI commands."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from api import create_app
from api.cli import main
from tests.conftest import SHARED

SETS = SHARED / "data" / "spoils-octgn" / "sets"
DECKS = SHARED / "data" / "spoils-octgn" / "decks"


@pytest.fixture(scope="module")
def cards_dir(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("cards")
    result = CliRunner().invoke(main, ["cards", "import", str(SETS), "--cards-dir", str(directory)])
    assert result.exit_code == 0, result.output
    return directory


@pytest.fixture(scope="module")
def cards_client(cards_dir):
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "CARDS_DIR": str(cards_dir)})
    return app.test_client()


def test_cli_import_reports_distinct_and_reprinted_cards(tmp_path):
    result = CliRunner().invoke(main, ["cards", "import", str(SETS), "--cards-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "757 distinct cards, 300 reprinted, 0 with changed text" in result.output
    assert len(list(tmp_path.glob("*.xml"))) == len(list(SETS.glob("*.xml")))


def test_a_broken_file_names_file_and_line_and_leaves_the_catalog_as_it_was(tmp_path, cards_dir):
    target = tmp_path / "cards"
    shutil.copytree(cards_dir, target)
    before = sorted(p.name for p in target.iterdir())
    broken = tmp_path / "Broken_Set.xml"
    broken.write_text('<?xml version="1.0"?>\n<set name="Broken">\n  <cards>\n    <card id="x" name="A">\n</set>\n')
    result = CliRunner().invoke(main, ["cards", "import", str(broken), "--cards-dir", str(target)])
    assert result.exit_code == 1
    assert "Broken_Set.xml" in result.output and "line" in result.output
    assert sorted(p.name for p in target.iterdir()) == before


def test_a_reprinted_spoils_card_reads_as_its_most_recent_edition(cards_client):
    names = cards_client.get("/cards/spoils?limit=1000").get_json()["names"]
    catalog_doc = None
    for name in names:
        doc = cards_client.get(f"/cards/spoils/{name}").get_json()
        if len(doc.get("printings", [])) > 1:
            catalog_doc = doc
            break
    assert catalog_doc is not None, "the OCTGN data has reprints"
    latest = max(p["edition_order"] for p in catalog_doc["printings"])
    assert catalog_doc["printing"]["edition_order"] == latest
    assert catalog_doc["rule"]["id"] == "spoils.105.1"
    assert cards_client.get(f"/rules/{catalog_doc['rule']['id']}").status_code == 200


def test_a_buffy_character_with_two_printings_is_two_cards(cards_client):
    doc = cards_client.get("/cards/buffy/Buffy Summers").get_json()
    assert doc["ambiguous"] is True and len(doc["cards"]) == 2
    one = cards_client.get("/cards/buffy/Buffy Summers?level=2").get_json()
    assert one["ambiguous"] is False and one["printing"]["level"] == 2


def test_unknown_card_and_bad_date_are_problems(cards_client):
    r = cards_client.get("/cards/spoils/No Such Card Anywhere")
    assert r.status_code == 404 and r.content_type == "application/problem+json"
    r = cards_client.get("/cards/spoils/Anything?as_of=yesterday")
    assert r.status_code == 422 and "as_of" in r.get_json()["detail"]


@pytest.mark.parametrize("deck", sorted(p.name for p in DECKS.glob("*.o8d")))
def test_every_shared_deck_validates_over_http(cards_client, deck):
    body = (DECKS / deck).read_bytes()
    r = cards_client.post("/decks/spoils/validate", data=body, content_type="application/xml")
    assert r.status_code == 200, r.get_json()
    doc = r.get_json()
    short = [f for f in doc["findings"] if f["rule"]["id"] == "spoils.103.1b"]
    assert doc["valid"] == (doc["cards"] >= 75 and not [f for f in doc["findings"] if f["severity"] == "error"])
    if doc["cards"] < 75:
        assert short, doc
    for f in doc["findings"]:
        assert cards_client.get(f"/rules/{f['rule']['id']}").status_code == 200


def test_a_malformed_deck_is_a_4xx_naming_the_problem(cards_client):
    r = cards_client.post("/decks/spoils/validate", data=b"<deck><section name='x'><card qty='1'>A</card>",
                          content_type="application/xml")
    assert r.status_code == 422 and r.get_json()["type"] == "/problems/invalid-deck"
    assert "line" in r.get_json()["detail"]
    r = cards_client.post("/decks/spoils/validate", json={"game": "spoils", "cards": [{"name": "X", "count": 0}]})
    assert r.status_code == 422
    # text/plain is a plain-text deck list now (tests/api/test_conventions.py); other types are 415
    r = cards_client.post("/decks/spoils/validate", data=b"deck", content_type="application/pdf")
    assert r.status_code == 415


def test_cli_validates_a_deck_with_rule_ids(cards_dir):
    deck = next(iter(sorted(DECKS.glob("Precon -1st*.o8d"))))
    result = CliRunner(env={"ADJUDICATOR_CARDS_DIR": str(cards_dir)}).invoke(main, ["decks", "validate", str(deck)])
    assert result.exit_code == 1
    assert "spoils.103.1b" in result.output
