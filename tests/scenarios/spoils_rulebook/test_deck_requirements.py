"""Deck requirements of The Spoils (spoils.103.1, 103.2, 103.2c, 202.1, 203.5b), checked by the deck
validator against the shared card data."""
from __future__ import annotations

from rulings.decks import validate_deck
from rulings.importers import parse_deck
from tests.scenarios.spoils_table import needs_data

pytestmark = needs_data


def _deck(cards: dict[str, int], factions: list[str], fmt: str = "constructed"):
    entries = [{"name": n, "count": c} for n, c in cards.items()] + [{"name": f, "count": 1} for f in factions]
    return parse_deck({"game": "spoils", "format": fmt, "cards": entries})


def _rules(deck, spoils_cards) -> list[str]:
    return [f.rule_id for f in validate_deck("spoils", deck, spoils_cards)]


def test_a_constructed_deck_meets_every_requirement(spoils_cards):
    """spoils.103.1 with spoils.203.5b: one Faction, 75 cards besides it, 71 of them Greed staples (any
    number of staples) and 4 Air Travel: nothing to report."""
    deck = _deck({"Greed": 71, "Air Travel": 4}, ["The Tournament Faction"])
    assert _rules(deck, spoils_cards) == [], "spoils.103.1"
    assert deck.total() == 76, "spoils.203.5b"


def test_a_deck_with_two_factions_is_refused(spoils_cards):
    """spoils.202.1: a deck holds one Faction card only; with two, the constructed check reports
    spoils.103.1a."""
    deck = _deck({"Greed": 75}, ["The Tournament Faction", "Drowned Catacombs"])
    assert _rules(deck, spoils_cards) == ["spoils.103.1a"], "spoils.202.1"


def test_a_limited_deck_has_no_copy_limit(spoils_cards):
    """spoils.103.2 with spoils.103.2c: a limited deck of 45 cards besides its Faction may hold 6 Air
    Travel; only a short deck is reported (spoils.103.2b)."""
    assert _rules(_deck({"Greed": 39, "Air Travel": 6}, ["The Tournament Faction"], "limited"),
                  spoils_cards) == [], "spoils.103.2c"
    assert _rules(_deck({"Greed": 38, "Air Travel": 6}, ["The Tournament Faction"], "limited"),
                  spoils_cards) == ["spoils.103.2b"], "spoils.103.2"
