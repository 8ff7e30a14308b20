"""Coverage of The Spoils' card pool by scripts, visible and honest: GET /cards/spoils/{name}
carries the card's script and its automation level, GET /cards/spoils?automation=LEVEL lists and
counts, and ``adjudicator cards coverage spoils`` prints the same numbers."""
from __future__ import annotations

from click.testing import CliRunner

from api.cli import main
from rulings.scripts import scripts
from tests.api.test_cards_api import cards_client  # noqa: F401 - fixtures shared with the /cards tests
from tests.api.test_cards_api import cards_dir  # noqa: F401


def test_a_full_card_shows_its_script_and_nothing_uncovered(cards_client):
    full = cards_client.get("/cards/spoils?automation=full&limit=1").get_json()
    assert full["count"] > 0
    doc = cards_client.get(f"/cards/spoils/{full['names'][0]}").get_json()
    assert doc["automation"] == {"level": "full", "not_covered": [], "stale": False, "source": "packaged"} and doc["script"]


def test_a_card_carries_its_script_as_typed_operations(cards_client):
    doc = cards_client.get("/cards/spoils/Precise Sabotage").get_json()
    assert doc["script"]["abilities"][0]["cost"] == [{"pick": {"cards": "item", "quantity": "an"}}]
    assert doc["script"]["abilities"][0]["play"] == [{"destroy": {"cards": "item", "quantity": "the"}}]


def test_a_card_that_is_not_full_lists_the_printed_sentences_left_to_the_judge(cards_client):
    listed = cards_client.get("/cards/spoils?automation=none&limit=1000").get_json()
    assert listed["automation"] == "none" and listed["count"] == listed["total"] == len(listed["names"]) > 0
    doc = cards_client.get(f"/cards/spoils/{listed['names'][0]}").get_json()
    assert doc["automation"]["level"] == "none" and doc["automation"]["not_covered"]
    for sentence in doc["automation"]["not_covered"]:
        assert sentence.split(":")[-1].strip()[:12] in doc["text"]


def test_the_levels_partition_the_pool_and_agree_with_the_cli(cards_client, cards_dir):
    counts = {level: cards_client.get(f"/cards/spoils?automation={level}&limit=1").get_json()["count"]
              for level in ("full", "partial", "none")}
    assert sum(counts.values()) == cards_client.get("/cards/spoils?limit=1").get_json()["total"] == 757
    result = CliRunner().invoke(main, ["cards", "coverage", "spoils"], env={"ADJUDICATOR_CARDS_DIR": str(cards_dir)})
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith(
        f"spoils: 757 cards; {counts['full']} full ({100 * counts['full'] / 757:.1f}%), {counts['partial']} partial")
    assert "not covered:" in result.output


def test_every_full_card_over_http_renders_back_to_its_text(cards_client):
    names = cards_client.get("/cards/spoils?automation=full&limit=1000").get_json()["names"]
    packaged = scripts("spoils")
    assert names and all(packaged.get(n) is not None for n in names)


def test_an_unknown_level_is_a_422_naming_it(cards_client):
    answer = cards_client.get("/cards/spoils?automation=most")
    assert answer.status_code == 422 and "automation" in answer.get_data(as_text=True)


def test_a_card_without_a_script_says_none(cards_client):
    doc = cards_client.get("/cards/buffy/Giles").get_json()
    assert doc["script"] is None and doc["automation"]["level"] == "none"


def test_coverage_of_an_empty_catalog_says_to_import_the_cards_first(tmp_path):
    result = CliRunner().invoke(main, ["cards", "coverage", "spoils"], env={"ADJUDICATOR_CARDS_DIR": str(tmp_path / "cards")})
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].startswith("spoils: 0 cards")
    assert "no spoils cards in the catalog" in result.stderr and "adjudicator cards import" in result.stderr
