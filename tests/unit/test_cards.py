"""The card catalog: most-recent-edition per game, dates, distinct Buffy characters, matching."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from rulings.cards import (
    MOST_RECENT_RULE,
    AmbiguousCard,
    CardCatalog,
    CardDataError,
    CardNotFound,
    Printing,
    clean_text,
    name_key,
    repair_mojibake,
    same_text,
)
from rulings.catalog import catalog as rule_catalog
from rulings.editions import Edition, Editions
from rulings.importers import import_card_files, import_octgn_sets, seed_catalog

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
SETS_DIR = SHARED / "data" / "spoils-octgn" / "sets"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "cards_decks"

OLD_DAY, NEW_DAY = date(2005, 1, 1), date(2008, 6, 1)


@pytest.fixture
def errata_catalog() -> CardCatalog:
    """Two fixture sets with known release days: a card reprinted with new text in the second."""
    editions = Editions(
        [
            Edition("spoils", "Errata Fixture Old", 1, OLD_DAY, "day"),
            Edition("spoils", "Errata Fixture New", 2, NEW_DAY, "day"),
        ]
    )
    catalog = CardCatalog(editions=editions)
    import_octgn_sets([FIXTURES / "errata_old.xml", FIXTURES / "errata_new.xml"], catalog)
    return catalog


@pytest.fixture(scope="module")
def spoils() -> CardCatalog:
    catalog = CardCatalog()
    import_octgn_sets(sorted(SETS_DIR.glob("*.xml")), catalog)
    return catalog


@pytest.fixture(scope="module")
def seeded() -> CardCatalog:
    return seed_catalog()


# -- most recent version, The Spoils -------------------------------------------------------------


def test_reprint_with_changed_text_reads_as_newer(errata_catalog):
    card = errata_catalog.effective("spoils", "Fixture Reprinted Tactic")
    assert card.printing.edition == "Errata Fixture New"
    assert card.text == "Pick a character. Inflict 3 damage to it."
    assert card.rule_id == "spoils.105.1"
    assert card.rules == ("spoils.105.1", "spoils.201.1b")
    assert [p.edition for p in card.differs_from] == ["Errata Fixture Old"]
    assert [p.edition for p in card.printings] == ["Errata Fixture Old", "Errata Fixture New"]


def test_as_of_before_the_reprint_reads_as_older(errata_catalog):
    card = errata_catalog.effective("spoils", "Fixture Reprinted Tactic", as_of=date(2007, 12, 31))
    assert card.printing.edition == "Errata Fixture Old"
    assert card.text == "Pick a character. Inflict 2 damage to it."
    assert card.as_of == date(2007, 12, 31)
    assert not card.uncertain


def test_as_of_the_release_day_of_the_reprint_reads_as_newer(errata_catalog):
    card = errata_catalog.effective("spoils", "Fixture Reprinted Tactic", as_of=NEW_DAY)
    assert card.printing.edition == "Errata Fixture New"


def test_as_of_before_any_printing_finds_no_card(errata_catalog):
    with pytest.raises(CardNotFound, match="released on or before 2004-12-31"):
        errata_catalog.effective("spoils", "Fixture Reprinted Tactic", as_of=date(2004, 12, 31))


def test_changed_text_is_reported_as_a_text_change_and_encoding_apart(errata_catalog):
    report = errata_catalog.reprint_report("spoils")
    assert report.distinct_cards == 2 and len(report.reprinted_cards) == 2
    assert [(c.name, c.before.edition, c.after.edition, c.changed) for c in report.text_changes] == [
        ("Fixture Reprinted Tactic", "Errata Fixture Old", "Errata Fixture New", ("text",))
    ]
    assert report.encoding_only == ("Fixture Retyped Apostrophe",)


def test_encoding_difference_alone_keeps_the_card_text(errata_catalog):
    card = errata_catalog.effective("spoils", "Fixture Retyped Apostrophe")
    assert card.printing.edition == "Errata Fixture New"
    assert card.differs_from == ()
    # The new printing's U+FFFD stood for an apostrophe; it is read back as one.
    assert card.text == "Look at your opponent\u2019s hand. Draw a card."


def test_edition_argument_does_not_pick_an_older_printing_of_a_spoils_card(spoils):
    card = spoils.effective("spoils", "Quotidian Misfire", edition="1st Edition")
    assert card.printing.edition == "2nd Edition"


def test_real_reprint_before_second_edition_reads_first_edition(spoils):
    card = spoils.effective("spoils", "Quotidian Misfire", as_of=date(2008, 1, 1))
    assert card.printing.edition == "1st Edition"
    assert not card.uncertain


def test_undated_reprint_makes_the_answer_uncertain_not_guessed(spoils):
    card = spoils.effective("spoils", "Quotidian Misfire", as_of=date(2014, 1, 1))
    assert card.printing.edition == "1st Edition"
    assert card.uncertain
    assert any("2nd Edition" in note for note in card.notes)
    later = spoils.effective("spoils", "Quotidian Misfire", as_of=date(2017, 6, 1))
    assert later.printing.edition == "2nd Edition" and not later.uncertain


def test_unknown_card_is_not_found(spoils):
    with pytest.raises(CardNotFound, match="no spoils card named"):
        spoils.effective("spoils", "Card Nobody Printed")


# -- Buffy: most recent edition, characters excluded -----------------------------------------------


def test_buffy_character_levels_stay_two_cards(seeded):
    cards = seeded.cards("buffy", "Buffy Summers")
    assert [(c.printing.card_type, c.printing.level) for c in cards] == [("Character", 1), ("Character", 2)]
    with pytest.raises(AmbiguousCard) as caught:
        seeded.effective("buffy", "buffy summers")
    assert len(caught.value.cards) == 2
    level_two = seeded.effective("buffy", "Buffy Summers", level=2)
    assert level_two.printing.fields["destiny_requirement"] == 4
    assert level_two.rule_id == "buffy.most-recent-edition"
    assert "excluded" in level_two.reason


def test_buffy_character_reprinted_in_a_later_set_stays_a_card_of_its_own(seeded):
    catalog = seeded.copy()
    import_card_files([FIXTURES / "cards_two_buffy_sets.yaml"], catalog)
    level_one = [c for c in catalog.cards("buffy", "Buffy Summers") if c.printing.level == 1]
    assert sorted(c.printing.edition for c in level_one) == [
        "Fixture Set One", "Fixture Set Two", "Rules documents (set not named)"
    ]
    first = catalog.effective("buffy", "Buffy Summers", level=1, edition="fixture set one")
    assert first.text == "Fixture text of the first printing."
    assert first.printings == (first.printing,)


def test_buffy_non_character_reads_as_its_most_recent_edition(seeded):
    catalog = seeded.copy()
    import_card_files([FIXTURES / "cards_two_buffy_sets.yaml"], catalog)
    crossbow = catalog.effective("buffy", "Crossbow")
    # The placeholder edition of the seed data has order 1, before the fixture sets.
    assert crossbow.printing.edition == "Fixture Set Two"
    assert crossbow.text == "New crossbow text."
    assert crossbow.rule_id == "buffy.most-recent-edition"
    older = catalog.effective("buffy", "Crossbow", as_of=date(2001, 12, 31))
    assert older.text == "Old crossbow text."


def test_seed_catalog_is_not_changed_by_imports_into_its_copy(seeded):
    catalog = seeded.copy()
    import_card_files([FIXTURES / "cards_two_buffy_sets.yaml"], catalog)
    assert [p.edition for p in seeded.printings("buffy", "Crossbow")] == ["Rules documents (set not named)"]
    assert seeded.editions.get("buffy", "Fixture Set One") is None


# -- WoW Miniatures ------------------------------------------------------------------------------


def test_wowmini_reads_the_most_recent_printing_under_the_inferred_rule(seeded):
    catalog = seeded.copy()
    import_card_files([FIXTURES / "cards_wowmini.json"], catalog)
    card = catalog.effective("wowmini", "bear form")
    assert card.rule_id == "wowmini.most-recent-edition"
    assert card.printing.edition == "Fixture WoW Reprint"
    assert card.text == "Fixture reprint text."
    assert rule_catalog().get("wowmini.most-recent-edition").inferred


# -- names and texts -----------------------------------------------------------------------------


def test_name_keys_ignore_case_accents_apostrophes_and_mojibake():
    assert name_key("Faith\u2019s Motel") == name_key("FAITHS MOTEL") == name_key("faith's  motel")
    assert name_key("Dethm\u00fcrderbl\u00fcdgeon") == name_key("Dethmurderbludgeon")
    assert name_key("Dethm\u00c3\u00bcrderbl\u00c3\u00bcdgeon") == name_key("Dethmurderbludgeon")


def test_name_that_lost_its_accented_letters_is_still_found():
    catalog = CardCatalog(editions=Editions([Edition("spoils", "E", 1)]))
    catalog.add(Printing("spoils", "Dethm\ufffdrderbl\ufffddgeon", "E", 1, text="x"))
    assert catalog.printings("spoils", "Dethm\u00fcrderbl\u00fcdgeon")


def test_same_text_ignores_encoding_but_not_wording():
    assert same_text("a player\ufffds hand", "a players hand")
    assert same_text("a player\u2019s hand", "a player's hand")
    assert same_text("COST: Pay 1.\r\n\r\nEFFECT: Draw.", "COST: Pay 1. EFFECT: Draw.")
    assert same_text("UNIQUE Dethm\u00fcrder", "UNIQUE Dethmrder")
    assert same_text("UNIQUE Dethm\u00fcrder", "UNIQUE Dethmurder")
    assert not same_text("Inflict 2 damage.", "Inflict 3 damage.")
    assert not same_text("Draw a card.", "Draw two cards.")


def test_clean_text_repairs_mojibake_and_lost_apostrophes():
    assert repair_mojibake("don\u00e2\u20ac\u2122t") == "don\u2019t"
    assert repair_mojibake("caf\u00e9\u2026") == "caf\u00e9\u2026"  # real accents stay
    assert clean_text("your opponent\ufffds deck\r\n") == "your opponent\u2019s deck"


# -- catalog hygiene -----------------------------------------------------------------------------


def test_printings_are_added_all_or_none():
    catalog = CardCatalog(editions=Editions([Edition("spoils", "E", 1)]))
    good = Printing("spoils", "Good Card", "E", 1, card_id="id-1", source="a.xml")
    clash = Printing("spoils", "Other Card", "E", 1, card_id="id-1", source="b.xml")
    with pytest.raises(CardDataError, match="card id id-1 is both"):
        catalog.add_all([good, clash])
    assert len(catalog) == 0


def test_every_rule_the_catalog_and_decks_cite_is_in_the_rule_catalog():
    rules = rule_catalog()
    cited = set(MOST_RECENT_RULE.values()) | {"spoils.201.1b"}
    cited |= {
        "spoils.103.1a", "spoils.103.1b", "spoils.103.1c", "spoils.103.2a", "spoils.103.2b",
        "spoils.deck.unknown-card", "buffy.deck.essence", "buffy.deck.alignment",
        "buffy.deck.minimum-size", "buffy.deck.copies", "buffy.deck.actions-half",
        "buffy.deck.characters-half", "buffy.deck.locations", "buffy.deck.challenges",
        "buffy.deck.unknown-card",
    }
    assert sorted(r for r in cited if r not in rules) == []


def test_effective_card_answer_is_json_serialisable(spoils):
    answer = spoils.effective("spoils", "Quotidian Misfire", as_of=date(2014, 1, 1)).to_dict()
    decoded = json.loads(json.dumps(answer))
    assert decoded["rule"] == "spoils.105.1"
    assert decoded["printing"]["edition"] == "1st Edition"
    assert [p["edition"] for p in decoded["printings"]] == ["1st Edition", "2nd Edition"]
    assert decoded["uncertain"] is True
