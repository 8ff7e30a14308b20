"""Card names as typed (rulings/name_search.py): Scryfall's fuzzy and exact lookups and autocomplete."""
from __future__ import annotations

import pytest

from rulings.name_search import autocomplete, exact_name, fuzzy_name, normal

NAMES = ["Micromajig Maker", "Micromajig Master", "Micromajig Token", "Agile Highwayman", "Jacque's Trap",
         "Exploding Sock Puppet!", "Elitism", "Crest of Elitism", "Essence of Elitism", "Gnat",
         "Lugubrious Finger Trap", "Dazzling Trapezist"]


def test_normal_drops_case_and_punctuation():
    assert normal("  Exploding Sock-Puppet! ") == "exploding sock puppet"
    assert normal("Jacque's Trap") == "jacques trap"


@pytest.mark.parametrize("typed, meant", [
    ("micromajig maker", "Micromajig Maker"),       # case
    ("JACQUES TRAP", "Jacque's Trap"),              # punctuation
    ("Agile Highway", "Agile Highwayman"),          # a word cut short (the 404)
    ("micro mak", "Micromajig Maker"),              # every word cut short
    ("sock puppet", "Exploding Sock Puppet!"),      # words of the name, not its start
    ("Micromajg Makr", "Micromajig Maker"),         # missing letters
    ("elitism", "Elitism"),                         # a whole name beats the names it is part of
])
def test_fuzzy_finds_the_card_meant(typed, meant):
    found = fuzzy_name(NAMES, typed)
    assert found.name == meant and not found.ambiguous


def test_several_cards_that_fit_alike_are_an_ambiguity_not_a_guess():
    found = fuzzy_name(NAMES, "micro ma")
    assert found.name is None and found.ambiguous
    assert found.candidates == ("Micromajig Maker", "Micromajig Master")


@pytest.mark.parametrize("typed", ["zzzz qqq", "gate", "", "!!!"])
def test_nothing_close_finds_nothing(typed):
    found = fuzzy_name(NAMES, typed)
    assert found.name is None and not found.ambiguous and found.candidates == ()


def test_exact_wants_the_whole_name_case_aside():
    assert exact_name(NAMES, "  micromajig   MAKER ") == "Micromajig Maker"
    assert exact_name(NAMES, "Micromajig Make") is None


def test_autocomplete_starting_with_first_then_containing_at_most_twenty():
    assert autocomplete(NAMES, "trap") == ["Dazzling Trapezist", "Jacque's Trap", "Lugubrious Finger Trap"]
    assert autocomplete(NAMES, "eli") == ["Elitism", "Crest of Elitism", "Essence of Elitism"]
    assert autocomplete(NAMES, "e") == []  # fewer than 2 characters
    many = [f"Card {i:02}" for i in range(30)]
    assert autocomplete(many, "card") == many[:20]
