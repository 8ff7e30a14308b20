"""Deck lists (OCTGN .o8d and JSON) and deck-construction findings with their rules."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulings.cards import CardCatalog, CardDataError
from rulings.decks import DeckEntry, DeckError, DeckList, validate_deck
from rulings.importers import import_card_files, import_octgn_sets, load_deck, load_deck_json, load_o8d, parse_deck, seed_catalog

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
OCTGN = SHARED / "data" / "spoils-octgn"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "cards_decks"

# Cards besides the Faction card, per official deck (Game Deck plus the Faction section's
# starting resources, which are part of the deck).
DECK_SIZES = {
    "2 Player Starter - Arcanist-Warlord.o8d": 75,
    "New Player Starter (2nd-Shade) - Arcanist.o8d": 40,
    "New Player Starter (2nd-Shade) - Banker.o8d": 39,
    "New Player Starter (2nd-Shade) - Gearsmith.o8d": 39,
    "New Player Starter (2nd-Shade) - Rogue.o8d": 39,
    "Precon - Seed 1 - Arcanist.o8d": 50,
    "Precon - Seed 1 - Banker.o8d": 50,
    "Precon - Seed 1 - Gearsmith.o8d": 50,
    "Precon - Seed 1 - Rogue.o8d": 50,
    "Precon - Seed 1 - Warlord.o8d": 50,
    "Precon -1st Edition- Arcanist.o8d": 51,
    "Precon -1st Edition- Gearsmith.o8d": 51,
    "Precon -1st Edition- Rogue.o8d": 51,
    "Precon -1st Edition- Warlord.o8d": 51,
}
# The "2nd-Shade" starters use cards of a set the OCTGN data does not include.
UNKNOWN_IN_SHADE_STARTERS = {"Arcanist": 8, "Banker": 10, "Gearsmith": 6, "Rogue": 7}


@pytest.fixture(scope="module")
def spoils() -> CardCatalog:
    catalog = CardCatalog()
    import_octgn_sets(sorted((OCTGN / "sets").glob("*.xml")), catalog)
    return catalog


@pytest.fixture(scope="module")
def buffy() -> CardCatalog:
    catalog = seed_catalog()
    import_card_files([FIXTURES / "cards_extra_challenges.yaml"], catalog)
    return catalog


def spoils_deck(cards: dict[str, int], faction: str | None = "The Tournament Faction", format: str = "constructed") -> DeckList:
    data = {"game": "spoils", "format": format, "cards": [{"name": n, "count": c} for n, c in cards.items()]}
    if faction:
        data["faction"] = faction
    return parse_deck(data)


def rule_ids(findings) -> list[str]:
    return [f.rule_id for f in findings]


# -- The Spoils: the official decks --------------------------------------------------------------


def test_shared_deck_files_are_all_there():
    assert {p.name for p in (OCTGN / "decks").glob("*.o8d")} == set(DECK_SIZES)


@pytest.mark.parametrize("file_name", sorted(DECK_SIZES))
def test_every_official_deck_validates_and_short_ones_cite_103_1b(spoils, file_name):
    deck = load_o8d(OCTGN / "decks" / file_name, spoils, allow_unknown=True)
    findings = validate_deck("spoils", deck, spoils)
    size = DECK_SIZES[file_name]
    assert deck.total() == size + 1  # plus its Faction card
    expected = [] if size >= 75 else ["spoils.103.1b"]
    trade = file_name.rsplit(" - ", 1)[-1].removesuffix(".o8d")
    if "2nd-Shade" in file_name:
        expected.append("spoils.deck.unknown-card")
    assert rule_ids(findings) == expected
    if size < 75:
        short = findings[0]
        assert short.severity == "error"
        assert f"{size} cards besides its Faction card" in short.message and f"{75 - size} short" in short.message
    if "2nd-Shade" in file_name:
        assert findings[-1].severity == "warning"
        assert len(findings[-1].cards) == UNKNOWN_IN_SHADE_STARTERS[trade]


@pytest.mark.parametrize("file_name", sorted(DECK_SIZES))
def test_official_decks_against_the_limited_minimum(spoils, file_name):
    deck = load_o8d(OCTGN / "decks" / file_name, spoils, format="limited", allow_unknown=True)
    ids = [r for r in rule_ids(validate_deck("spoils", deck, spoils)) if r != "spoils.deck.unknown-card"]
    assert ids == ([] if DECK_SIZES[file_name] >= 45 else ["spoils.103.2b"])


def test_o8d_sections_quantities_and_ids_are_read(spoils):
    deck = load_o8d(OCTGN / "decks" / "Precon - Seed 1 - Banker.o8d", spoils)
    assert list(deck.sections()) == ["Game Deck", "Faction"]
    faction = deck.sections()["Faction"]
    assert [(e.name, e.count) for e in faction] == [("Order of the Golden String", 1), ("Greed", 2)]
    greed = deck.sections()["Game Deck"][0]
    assert (greed.name, greed.count, greed.card_id) == ("Greed", 16, "7e9610d4-c06d-437d-a5e6-000000000008")
    assert greed.line == 4


def test_unknown_card_id_is_refused_naming_file_line_and_id_unless_allowed(spoils):
    starter = OCTGN / "decks" / "New Player Starter (2nd-Shade) - Arcanist.o8d"
    with pytest.raises(CardDataError) as caught:
        load_o8d(starter, spoils)
    assert caught.value.path.endswith("New Player Starter (2nd-Shade) - Arcanist.o8d")
    assert caught.value.line is not None
    assert "unknown card id 7e9610d4-c06d-437d-a5e6-0000110" in caught.value.problem

    with pytest.raises(CardDataError) as fixture:
        load_o8d(FIXTURES / "deck_unknown_id.o8d", spoils)
    assert fixture.value.line == 5 and "Card Nobody Printed" in fixture.value.problem


@pytest.mark.parametrize(
    "file_name, line, problem",
    [
        ("deck_malformed.o8d", 6, "malformed XML: mismatched tag"),
        ("deck_bad_quantity.o8d", 5, "quantity 'two'"),
        ("deck_missing_id.o8d", 4, "has no id attribute"),
    ],
)
def test_broken_deck_file_is_refused_naming_file_line_and_problem(spoils, file_name, line, problem):
    with pytest.raises(CardDataError) as caught:
        load_o8d(FIXTURES / file_name, spoils)
    assert caught.value.path.endswith(file_name)
    assert caught.value.line == line
    assert problem in caught.value.problem


def test_reading_a_deck_leaves_the_catalog_unchanged(spoils):
    before = len(spoils)
    with pytest.raises(CardDataError):
        load_o8d(FIXTURES / "deck_unknown_id.o8d", spoils)
    load_o8d(FIXTURES / "deck_unknown_id.o8d", spoils, allow_unknown=True)
    assert len(spoils) == before


# -- The Spoils: rules 103 -----------------------------------------------------------------------


def test_copy_limit_exempts_staples_but_not_other_cards(spoils):
    deck = spoils_deck({"Greed": 60, "Air Travel": 5, "Gnat": 4, "Forget": 6})
    findings = validate_deck("spoils", deck, spoils)
    copies = [f for f in findings if f.rule_id == "spoils.103.1c"]
    assert [f.cards for f in copies] == [("Air Travel",), ("Forget",)]
    assert all(f.severity == "error" for f in copies)
    assert rule_ids(findings) == ["spoils.103.1c", "spoils.103.1c"]  # 75 cards: size is fine


def test_copies_of_one_name_add_up_across_printings_and_spellings(spoils):
    deck = parse_deck(
        {
            "game": "spoils",
            "faction": "The Tournament Faction",
            "cards": [
                {"name": "Greed", "count": 71},
                {"name": "Quotidian Misfire", "count": 2, "id": "7e9610d4-c06d-437d-a5e6-000003026220"},
                {"name": "quotidian misfire", "count": 3},
            ],
        }
    )
    findings = validate_deck("spoils", deck, spoils)
    assert [(f.rule_id, f.cards) for f in findings] == [("spoils.103.1c", ("Quotidian Misfire",))]
    assert "5 copies" in findings[0].message


def test_card_that_says_any_number_of_copies_is_exempt(spoils):
    clowns = [n for n in spoils.names("spoils") if "as many copies" in spoils.effective("spoils", n).text]
    assert clowns, "the data has a card allowing any number of copies"
    deck = spoils_deck({"Greed": 65, clowns[0]: 10})
    assert validate_deck("spoils", deck, spoils) == []


def test_limited_deck_has_no_copy_limit_but_a_45_card_minimum(spoils):
    assert validate_deck("spoils", spoils_deck({"Greed": 40, "Air Travel": 5}, format="limited"), spoils) == []
    short = validate_deck("spoils", spoils_deck({"Greed": 30, "Air Travel": 5}, format="limited"), spoils)
    assert rule_ids(short) == ["spoils.103.2b"]


def test_faction_count_is_checked_with_the_format_rule(spoils):
    none = validate_deck("spoils", spoils_deck({"Greed": 75}, faction=None), spoils)
    assert rule_ids(none) == ["spoils.103.1a"]
    two = spoils_deck({"Greed": 75, "Order of the Golden String": 1})
    assert rule_ids(validate_deck("spoils", two, spoils)) == ["spoils.103.1a"]
    assert rule_ids(validate_deck("spoils", spoils_deck({"Greed": 45}, faction=None, format="limited"), spoils)) == [
        "spoils.103.2a"
    ]


def test_unknown_format_game_and_wowmini_decks_are_refused(spoils):
    deck = spoils_deck({"Greed": 75})
    with pytest.raises(DeckError, match="format"):
        validate_deck("spoils", DeckList("spoils", "sealed", entries=deck.entries), spoils)
    with pytest.raises(DeckError, match="not a 'buffy' deck"):
        validate_deck("buffy", deck, spoils)
    with pytest.raises(DeckError, match="wowmini"):
        validate_deck("wowmini", DeckList("wowmini", entries=(DeckEntry("Bear Form", 1, "cards"),)), spoils)


# -- Buffy ---------------------------------------------------------------------------------------


def legal_buffy() -> DeckList:
    return load_deck_json(FIXTURES / "deck_buffy_legal.json")


def with_changes(deck: DeckList, section: str, name: str, count: int | None, level: int | None = None) -> DeckList:
    """The deck with ``name`` in ``section`` set to ``count`` copies (None removes it)."""
    entries = [e for e in deck.entries if not (e.section == section and e.name == name and e.level == level)]
    if count:
        entries.append(DeckEntry(name, count, section, level=level))
    return DeckList(deck.game, deck.format, deck.name, deck.source, tuple(entries))


def test_legal_buffy_deck_has_no_findings(buffy):
    deck = legal_buffy()
    assert deck.name == "Fixture slayer deck"
    assert sum(e.count for e in deck.entries if e.section == "resource") == 40
    assert validate_deck("buffy", deck, buffy) == []


@pytest.mark.parametrize(
    "section, name, count, level, rule, cards",
    [
        ("resource", "Bat Sonar", None, None, "buffy.deck.minimum-size", ()),
        ("resource", "Crossbow", 4, None, "buffy.deck.copies", ("Crossbow",)),
        ("resource", "Spike", 1, None, "buffy.deck.alignment", ("Spike",)),
        ("resource", "The Bronze", 1, None, "buffy.deck.locations", ("The Bronze",)),
        ("resource", "Hyenas in the Classroom", 1, None, "buffy.deck.challenges", ("Hyenas in the Classroom",)),
        ("locations", "Public Restroom", 5, None, "buffy.deck.locations",
         ("Hospital", "Natural History Museum", "Public Restroom", "Streets of Sunnydale", "The Bronze")),
        ("challenges", "Fixture Challenge D", None, None, "buffy.deck.challenges", ()),
        ("challenges", "Fixture Challenge D", 2, None, "buffy.deck.challenges", ("Fixture Challenge D",)),
        ("essence", "Buffy Summers", None, None, "buffy.deck.essence", ()),
    ],
)
def test_each_buffy_deck_rule_is_reported_with_its_id(buffy, section, name, count, level, rule, cards):
    deck = with_changes(legal_buffy(), section, name, count, level)
    errors = [f for f in validate_deck("buffy", deck, buffy) if f.severity == "error"]
    assert [(f.rule_id, f.cards) for f in errors][:1] == [(rule, cards)]


def test_buffy_locations_may_exceed_three_copies_but_not_eight_in_all(buffy):
    deck = with_changes(legal_buffy(), "locations", "Public Restroom", 4)
    assert validate_deck("buffy", deck, buffy) == []


def test_buffy_actions_and_characters_are_at_most_half(buffy):
    actions = legal_buffy()
    for name in ("Tome of Mediocrity", "Crossbow", "Fire Axe"):
        actions = with_changes(actions, "resource", name, None)
    assert rule_ids(validate_deck("buffy", actions, buffy)) == ["buffy.deck.minimum-size", "buffy.deck.actions-half"]

    characters = legal_buffy()
    for name in ("Cafeteria Soylent Green", "Dig Up the Corpse", "Self-Referential Humor", "Demon Theory",
                 "Slayer's Handiwork", "Join the Pep Squad", "Bat Sonar", "Fire Axe"):
        characters = with_changes(characters, "resource", name, None)
    characters = with_changes(characters, "resource", "Buffy Summers", 3, level=2)
    findings = validate_deck("buffy", characters, buffy)  # 12 characters in 18 cards
    assert rule_ids(findings) == ["buffy.deck.minimum-size", "buffy.deck.characters-half"]
    assert findings[1].cards == ("Buffy Summers (level 2)", "Cordelia", "Giles", "Willow")


def test_buffy_character_levels_count_as_different_cards_for_copies(buffy):
    deck = with_changes(legal_buffy(), "resource", "Buffy Summers", 3, level=2)
    deck = with_changes(deck, "resource", "Buffy Summers", 3, level=1)
    assert "buffy.deck.copies" not in rule_ids(validate_deck("buffy", deck, buffy))


def test_buffy_deck_mixing_sides_without_an_essence_side_is_reported(buffy):
    deck = parse_deck(
        {"game": "buffy", "essence": "The Master", "resource": [{"name": "Willow"}, {"name": "The Pack"}]}
    )
    alignment = [f for f in validate_deck("buffy", deck, buffy) if f.rule_id == "buffy.deck.alignment"]
    assert [(f.severity, f.cards) for f in alignment] == [
        ("error", ("The Pack", "Willow")),
        ("warning", ("The Master",)),
    ]


def test_buffy_unknown_cards_are_warned_about_not_guessed(buffy):
    deck = with_changes(legal_buffy(), "resource", "A Card From Another Set", 1)
    findings = validate_deck("buffy", deck, buffy)
    assert [(f.rule_id, f.severity, f.cards) for f in findings] == [
        ("buffy.deck.unknown-card", "warning", ("A Card From Another Set",))
    ]


def test_unknown_buffy_section_is_refused(buffy):
    deck = DeckList("buffy", entries=(DeckEntry("Crossbow", 1, "sideboard"),))
    with pytest.raises(DeckError, match="sideboard"):
        validate_deck("buffy", deck, buffy)


# -- JSON deck lists -----------------------------------------------------------------------------


def test_json_deck_list_reads_sections_counts_and_levels():
    deck = legal_buffy()
    sections = deck.sections()
    assert list(sections) == ["essence", "resource", "locations", "challenges"]
    assert [(e.name, e.count, e.level) for e in sections["resource"][:2]] == [("Buffy Summers", 1, 2), ("Giles", 3, None)]
    assert len(sections["challenges"]) == 7


def test_broken_json_deck_is_refused_naming_file_and_line():
    with pytest.raises(CardDataError) as caught:
        load_deck_json(FIXTURES / "deck_bad.json")
    assert caught.value.path.endswith("deck_bad.json") and caught.value.line == 2
    assert "not valid JSON" in caught.value.problem


@pytest.mark.parametrize(
    "data, problem",
    [
        ({"game": "spoils", "cards": [{"name": "Greed", "count": 0}]}, "cards.0"),
        ({"game": "spoils", "cards": [{"count": 2}]}, "name"),
        ({"game": "spoils", "essence": "Buffy Summers"}, "no 'essence' section"),
        ({"game": "chess", "cards": ["Pawn"]}, "unknown game"),
        ({"game": "buffy"}, "lists no cards"),
        ({"game": "buffy", "resource": [], "sideboard": []}, "sideboard"),
    ],
)
def test_invalid_json_deck_is_refused_with_the_problem(data, problem):
    with pytest.raises(CardDataError) as caught:
        parse_deck(data, "body")
    assert caught.value.path == "body" and problem in caught.value.problem


def test_load_deck_dispatches_on_the_extension(spoils, tmp_path):
    assert load_deck(OCTGN / "decks" / "Precon - Seed 1 - Banker.o8d", spoils).game == "spoils"
    assert load_deck(FIXTURES / "deck_buffy_legal.json", spoils).game == "buffy"
    other = tmp_path / "deck.pdf"
    other.write_text("4 Greed", encoding="utf-8")
    with pytest.raises(CardDataError, match="unknown deck file type"):
        load_deck(other, spoils)
