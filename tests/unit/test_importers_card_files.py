"""The YAML/JSON card format and the packaged Buffy and WoW Miniatures seed cards."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulings.cards import CardCatalog, CardDataError
from rulings.importers import SEED_FILES, import_card_files, seed_catalog
from rulings.scripts import script_of

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "cards_decks"

BUFFY_NAMED_IN_DOCUMENTS = {
    "Buffy Summers", "Giles", "Spike", "Drusilla", "Willow", "Cordelia", "Faith", "Anyanka",
    "Hansel and Gretel", "The Pack", "Faith's Motel", "Symbol of Anyanka", "Tome of Mediocrity",
    "Crossbow", "Fire Axe", "Bat Sonar", "Hyenas in the Classroom", "Fairy Tales Are Real",
    "You Can Trust the Technopagan", "Cafeteria Soylent Green", "Dig Up the Corpse",
    "Self-Referential Humor", "Demon Theory", "Slayer's Handiwork", "Join the Pep Squad",
}


@pytest.fixture(scope="module")
def seeded() -> CardCatalog:
    return seed_catalog()


def test_seed_catalog_holds_every_card_the_buffy_documents_name(seeded):
    assert BUFFY_NAMED_IN_DOCUMENTS <= set(seeded.names("buffy"))
    assert set(seeded.names("wowmini")) == {"Bear Form", "Shadowform", "Mind Blast"}


def test_seed_cards_carry_the_values_the_documents_give(seeded):
    level_one = seeded.effective("buffy", "Buffy Summers", level=1)
    assert level_one.printing.fields["traits"] == ["HUMAN"]
    assert "+1 butt-kicking" in level_one.text and "Main Character" in level_one.text
    assert seeded.effective("buffy", "Buffy Summers", level=2).printing.fields["destiny_requirement"] == 4
    hyenas = seeded.effective("buffy", "Hyenas in the Classroom").printing
    assert (hyenas.card_type, hyenas.fields["goals"]) == ("Challenge", {"charm": 4, "smarts": 9})
    assert seeded.effective("buffy", "Fairy Tales Are Real").printing.fields["trait_requirements"] == ["SPELLCRAFT"]
    # What the Tome grants is one fact, in its script (rulings/data/scripts/buffy.yaml).
    assert script_of("buffy", "Tome of Mediocrity").effects()[0].grant_traits == ["SPELLCRAFT"]
    assert seeded.effective("buffy", "Slayer's Handiwork").printing.fields["requirements"] == {"butt_kicking": 3}
    assert seeded.effective("buffy", "Join the Pep Squad").printing.fields["requirements"] == {"charm": 3}
    assert seeded.effective("buffy", "The Pack").printing.fields["role"] == "minion"
    assert seeded.effective("wowmini", "Bear Form").printing.fields["kind"] == "form"


def test_seed_values_the_documents_do_not_give_stay_null(seeded):
    level_one = seeded.effective("buffy", "Buffy Summers", level=1).printing
    assert level_one.fields["talents"] is None
    assert level_one.cost is None
    assert seeded.effective("buffy", "Symbol of Anyanka").printing.card_type is None
    mind_blast = seeded.effective("wowmini", "Mind Blast").printing
    assert mind_blast.text == "" and mind_blast.fields["tics"] is None and mind_blast.fields["kind"] is None


def test_seed_files_are_the_packaged_ones():
    assert [p.name for p in SEED_FILES] == ["buffy_cards.yaml", "wowmini_cards.yaml"]
    assert all(p.is_file() for p in SEED_FILES)


def test_import_returns_one_report_per_game_and_reports_progress():
    calls: list[tuple[int, int]] = []
    reports = import_card_files(SEED_FILES, CardCatalog(), progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 2), (2, 2)]
    by_game = {r.game: r for r in reports}
    assert by_game["wowmini"].distinct_cards == 3
    assert by_game["buffy"].printings_read == 33
    # 32 names, 33 cards: Buffy Summers level 1 and level 2 are two distinct cards of one name.
    assert by_game["buffy"].distinct_cards == 33


def test_bad_yaml_is_refused_naming_file_and_line_and_catalog_is_unchanged(seeded):
    catalog = seeded.copy()
    before = catalog.all_printings()
    with pytest.raises(CardDataError) as caught:
        import_card_files([FIXTURES / "cards_two_buffy_sets.yaml", FIXTURES / "cards_bad_yaml.yaml"], catalog)
    assert caught.value.path.endswith("cards_bad_yaml.yaml")
    assert caught.value.line == 7
    assert "not valid YAML" in caught.value.problem
    assert catalog.all_printings() == before
    assert catalog.editions.get("buffy", "Fixture Set One") is None


def test_card_without_a_name_is_refused_naming_its_line():
    with pytest.raises(CardDataError) as caught:
        import_card_files([FIXTURES / "cards_missing_name.yaml"], CardCatalog())
    assert caught.value.line == 6
    assert "card 2" in caught.value.problem and "name" in caught.value.problem


def test_card_of_an_unknown_edition_is_refused():
    with pytest.raises(CardDataError, match="unknown buffy edition 'A Set Nobody Has Heard Of'"):
        import_card_files([FIXTURES / "cards_unknown_edition.yaml"], CardCatalog())


def test_card_listed_twice_is_refused(tmp_path):
    twice = tmp_path / "twice.yaml"
    twice.write_text(
        "game: buffy\nedition: rulebook\ncards:\n  - {name: Crossbow, type: Item}\n  - {name: crossbow, type: item}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardDataError) as caught:
        import_card_files([twice], CardCatalog())
    assert caught.value.line == 5 and "listed twice (first at line 4)" in caught.value.problem


def test_unknown_game_and_unknown_keys_are_refused(tmp_path):
    wrong_game = tmp_path / "game.yaml"
    wrong_game.write_text("game: chess\ncards: []\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="unknown game 'chess'"):
        import_card_files([wrong_game], CardCatalog())
    extra_key = tmp_path / "extra.yaml"
    extra_key.write_text("game: buffy\ncardz: []\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="cardz"):
        import_card_files([extra_key], CardCatalog())


def test_broken_json_card_file_is_refused_with_its_line(tmp_path):
    broken = tmp_path / "cards.json"
    broken.write_text('{"game": "wowmini",\n "cards": [\n  {"name": "Bear Form",}\n ]}\n', encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        import_card_files([broken], CardCatalog())
    assert caught.value.line == 3 and "not valid JSON" in caught.value.problem


def test_build_catalog_joins_seed_cards_and_octgn_sets_with_one_progress_count(tmp_path):
    from rulings.importers import build_catalog

    sets_dir = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "spoils-octgn" / "sets"
    calls: list[tuple[int, int]] = []
    catalog, reports = build_catalog([sets_dir], progress=lambda d, t: calls.append((d, t)))
    assert calls == [(i, 9) for i in range(1, 10)]
    assert [(r.game, r.distinct_cards, r.reprinted_cards) for r in reports] == [
        ("buffy", 33, 0), ("wowmini", 3, 0), ("spoils", 757, 300)
    ]
    assert len(catalog) == 33 + 3 + 1074
