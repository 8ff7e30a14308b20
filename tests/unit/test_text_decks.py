"""Plain-text deck lists (rulings/importers/text_decks.py), as OCTGN and Cockatrice export them."""
from __future__ import annotations

import pytest

from rulings.cards import CardDataError
from rulings.importers import load_deck
from rulings.importers.octgn import MAX_DECK_CARDS, MAX_QUANTITY
from rulings.importers.text_decks import looks_like_text_list, parse_text_deck

EXPORT = """// Gearsmith, exported as text
Faction:
1 The Tournament Faction

Game Deck:
30 Elitism
4x Micromajig Maker
2 x Jacque's Trap
# a comment
1 Xylophone Golem
"""


def test_sections_quantities_and_comments():
    deck = parse_text_deck(EXPORT, "deck.txt")
    assert [(e.section, e.count, e.name, e.line) for e in deck.entries] == [
        ("Faction", 1, "The Tournament Faction", 3), ("Game Deck", 30, "Elitism", 6),
        ("Game Deck", 4, "Micromajig Maker", 7), ("Game Deck", 2, "Jacque's Trap", 8),
        ("Game Deck", 1, "Xylophone Golem", 10)]  # "1 X..." is a name, not "1x ..."
    assert deck.total() == 38 and deck.game == "spoils" and deck.format == "constructed"


def test_cards_before_any_header_go_to_the_main_section_and_a_faction_to_its_own(spoils_cards):
    deck = parse_text_deck("1 The Tournament Faction\n20 Elitism\n", catalog=spoils_cards)
    assert [(e.section, e.name) for e in deck.entries] == [("Faction", "The Tournament Faction"),
                                                           ("Game Deck", "Elitism")]


@pytest.mark.parametrize("text, problem", [
    ("Game Deck\n0 Elitism\n", "line 2: card 'Elitism' has quantity 0"),
    (f"{MAX_QUANTITY + 1} Elitism\n", f"quantity {MAX_QUANTITY + 1}, expected a whole number from 1 to {MAX_QUANTITY}"),
    ("9" * 5000 + " Elitism\n", "more than 4 digits"),
    (f"{MAX_QUANTITY} A\n{MAX_QUANTITY} B\n", f"line 2: the deck has more than {MAX_DECK_CARDS} cards"),
    ("12\n", "line 1: expected a quantity and a card name"),
    ("SB: 2 Elitism\n", "line 1: a sideboard line"),
    ("// nothing\n\n", "the deck lists no cards"),
])
def test_a_bad_line_is_refused_naming_it(text, problem):
    with pytest.raises(CardDataError) as caught:
        parse_text_deck(text, "deck.txt")
    assert str(caught.value).startswith("deck.txt") and problem in str(caught.value)


def test_xml_is_not_a_text_list():
    assert not looks_like_text_list('\ufeff  <?xml version="1.0"?><deck/>')
    assert looks_like_text_list("1 The Tournament Faction")


def test_load_deck_reads_a_txt_file_by_its_extension(tmp_path, spoils_cards):
    path = tmp_path / "gearsmith.txt"
    path.write_text(EXPORT, encoding="utf-8")
    deck = load_deck(path, spoils_cards, format="limited")
    assert deck.format == "limited" and deck.name == "gearsmith" and deck.source == str(path)
    assert deck.section("Faction")[0].name == "The Tournament Faction"
