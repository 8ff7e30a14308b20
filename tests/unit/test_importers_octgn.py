"""Importing The Spoils' OCTGN set files: counts, reprints, encoding, broken files."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulings.cards import CardCatalog, CardDataError
from rulings.importers import import_octgn_sets, load_octgn_set

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
SETS_DIR = SHARED / "data" / "spoils-octgn" / "sets"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "cards_decks"

CARDS_PER_SET = {
    "1st_Edition.xml": 220,
    "1st_Edition_part_2.xml": 165,
    "2nd_Edition.xml": 300,
    "Factions_Resources.xml": 29,
    "Seed_Children_of_the_Lingamorph.xml": 220,
    "Seed_2_Gloamspikes_Revenge.xml": 110,
    "Seed_3_Fall_of_Marmothoa.xml": 30,
}
# The reprints whose raw text differs, each only by a lost or mangled character.
ENCODING_ONLY = {
    "Assimilation Center", "Auction House", "Card Counter", "Dethmurderbludgeon, the Craghammer",
    "Downsizing", "Humiliating Torture Apparatus", "Irresistible Bribe", "Quotidian Misfire",
    "Rudo Mangod", "Stolen Inspiration", "Subsection 5, Paragraph 12", "The Billionaire",
}


def set_files() -> list[Path]:
    return sorted(SETS_DIR.glob("*.xml"))


@pytest.fixture(scope="module")
def imported() -> tuple[CardCatalog, object]:
    catalog = CardCatalog()
    report = import_octgn_sets(set_files(), catalog)
    return catalog, report


def test_shared_set_files_are_all_there():
    assert {p.name for p in set_files()} == set(CARDS_PER_SET)


@pytest.mark.parametrize("file_name, cards", sorted(CARDS_PER_SET.items()))
def test_each_set_file_yields_one_printing_per_card(file_name, cards):
    catalog = CardCatalog()
    printings = load_octgn_set(SETS_DIR / file_name, catalog.editions)
    assert len(printings) == cards
    assert len({p.card_id for p in printings}) == cards
    assert all(p.game == "spoils" and p.name and p.source.endswith(file_name) for p in printings)


def test_every_set_imports_with_the_counts_of_distinct_and_reprinted_cards(imported):
    catalog, report = imported
    assert report.printings_read == sum(CARDS_PER_SET.values()) == 1074
    assert len(catalog) == 1074
    assert report.distinct_cards == 757
    assert report.reprinted_cards == 300
    assert report.warnings == ()


def test_reprints_all_go_from_first_edition_sets_to_second_edition(imported):
    catalog, report = imported
    for name in report.reprints.reprinted_cards:
        editions = [p.edition for p in catalog.printings("spoils", name)]
        assert editions[-1] == "2nd Edition", name
        assert editions[0] in ("1st Edition", "1st Edition part 2"), name


def test_no_reprint_is_called_an_errata_for_an_encoding_difference(imported):
    _, report = imported
    assert report.reprints.text_changes == ()
    assert set(report.reprints.encoding_only) == ENCODING_ONLY


def test_encoding_only_reprint_reads_as_newest_printing_with_best_preserved_characters(imported):
    catalog, _ = imported
    card = catalog.effective("spoils", "Quotidian Misfire")
    assert card.printing.edition == "2nd Edition"
    assert card.rule_id == "spoils.105.1"
    assert "player\u2019s hand" in card.text  # 2nd Edition lost the apostrophe, 1st Edition had a U+FFFD
    assert card.text_rendered_from is not None and card.text_rendered_from.edition == "1st Edition"
    assert card.differs_from == ()

    sword = catalog.effective("spoils", "Dethmurderbludgeon, the Craghammer")
    assert "Dethm\u00fcrderbl\u00fcdgeon" in sword.text  # 2nd Edition dropped both umlauts


def test_a_stray_symbol_in_an_older_printing_is_not_kept(imported):
    catalog, _ = imported
    card = catalog.effective("spoils", "Assimilation Center")
    assert card.text.startswith('"RECRUIT"')
    assert card.text_rendered_from is None


def test_names_match_whatever_the_case_punctuation_or_lost_letters(imported):
    catalog, _ = imported
    assert catalog.printings("spoils", "quotidian MISFIRE")
    assert catalog.printings("spoils", "Subsection 5 Paragraph 12")
    assert catalog.printings("spoils", "Dethm\u00fcrderbl\u00fcdgeon, the Craghammer")
    assert catalog.printings("spoils", "DETHMURDERBLUDGEON the craghammer")
    assert catalog.printings("spoils", "no such card") == []


def test_card_ids_resolve_to_their_printing(imported):
    catalog, _ = imported
    greed = catalog.by_id("spoils", "7e9610d4-c06d-437d-a5e6-000000000008")
    assert greed is not None and greed.name == "Greed" and greed.edition == "Factions & Resources"
    assert greed.fields["subtype"] == "Staple"


def test_set_order_and_release_dates_come_from_the_editions_data(imported):
    catalog, _ = imported
    first = catalog.by_id("spoils", "7e9610d4-c06d-437d-a5e6-000003001220")
    second = catalog.by_id("spoils", "7e9610d4-c06d-437d-a5e6-000010001300")
    assert (first.edition, first.released) == ("1st Edition", "2006-11")
    assert (second.edition, second.released) == ("2nd Edition", None)
    assert first.edition_order < second.edition_order


def test_import_reports_progress_once_per_file():
    calls: list[tuple[int, int]] = []
    import_octgn_sets(set_files(), CardCatalog(), progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 7) for i in range(1, 8)]


def test_reimporting_a_set_replaces_its_printings_instead_of_duplicating_them():
    catalog = CardCatalog()
    import_octgn_sets([SETS_DIR / "1st_Edition.xml"], catalog)
    report = import_octgn_sets([SETS_DIR / "1st_Edition.xml"], catalog)
    assert len(catalog) == 220
    assert report.distinct_cards == 220


def test_set_missing_from_the_editions_data_goes_after_the_known_sets_with_a_warning():
    catalog = CardCatalog()
    report = import_octgn_sets([SETS_DIR / "2nd_Edition.xml", FIXTURES / "errata_old.xml"], catalog)
    fixture = catalog.printings("spoils", "Fixture Reprinted Tactic")[0]
    second = catalog.printings("spoils", "Quotidian Misfire")[0]
    assert fixture.edition == "Errata Fixture Old"
    assert fixture.edition_order > second.edition_order
    assert fixture.released is None
    assert len(report.warnings) == 1 and "Errata Fixture Old" in report.warnings[0]


def test_malformed_set_is_refused_naming_file_line_and_problem_and_catalog_is_unchanged():
    catalog = CardCatalog()
    import_octgn_sets([SETS_DIR / "Seed_3_Fall_of_Marmothoa.xml"], catalog)
    before = catalog.all_printings()
    with pytest.raises(CardDataError) as caught:
        import_octgn_sets([SETS_DIR / "1st_Edition.xml", FIXTURES / "set_malformed.xml"], catalog)
    error = caught.value
    assert error.path.endswith("set_malformed.xml")
    assert error.line == 8
    assert "malformed XML" in error.problem and "mismatched tag" in error.problem
    assert "set_malformed.xml, line 8" in str(error)
    assert catalog.all_printings() == before  # 1st Edition, read first, was not added either


def test_card_without_name_is_refused_naming_file_and_line():
    catalog = CardCatalog()
    with pytest.raises(CardDataError) as caught:
        import_octgn_sets([FIXTURES / "set_missing_name.xml"], catalog)
    assert caught.value.path.endswith("set_missing_name.xml")
    assert caught.value.line == 8
    assert "no name attribute" in caught.value.problem
    assert len(catalog) == 0


def test_missing_file_is_refused_naming_it(tmp_path):
    with pytest.raises(CardDataError) as caught:
        import_octgn_sets([tmp_path / "nowhere.xml"], CardCatalog())
    assert "nowhere.xml" in str(caught.value) and "cannot read" in caught.value.problem


def test_file_of_another_octgn_game_is_refused(tmp_path):
    other = tmp_path / "other.xml"
    other.write_text(
        (FIXTURES / "errata_old.xml").read_text(encoding="utf-8").replace(
            "844d5fe3-bdb5-4ad2-ba83-88c2c2db6d88", "00000000-1111-2222-3333-444444444444"
        ),
        encoding="utf-8",
    )
    with pytest.raises(CardDataError, match="is not The Spoils"):
        import_octgn_sets([other], CardCatalog())


def test_windows_1252_file_is_read_with_a_warning(tmp_path):
    legacy = tmp_path / "legacy.xml"
    text = (FIXTURES / "errata_old.xml").read_text(encoding="utf-8")
    legacy.write_bytes(text.replace('encoding="utf-8"', 'encoding="windows-1252"').encode("cp1252"))
    catalog = CardCatalog()
    report = import_octgn_sets([legacy], catalog)
    card = catalog.effective("spoils", "Fixture Retyped Apostrophe")
    assert "opponent\u2019s hand" in card.text
    assert not any("Windows-1252" in w for w in report.warnings)  # the declared encoding is honoured


def test_undeclared_windows_1252_bytes_are_decoded_with_a_warning(tmp_path):
    legacy = tmp_path / "legacy.xml"
    text = (FIXTURES / "errata_old.xml").read_text(encoding="utf-8")
    legacy.write_bytes(text.encode("cp1252"))  # still claims utf-8
    catalog = CardCatalog()
    report = import_octgn_sets([legacy], catalog)
    assert "opponent\u2019s hand" in catalog.effective("spoils", "Fixture Retyped Apostrophe").text
    assert any("read as Windows-1252" in w for w in report.warnings)
