"""A grammar, not a list of cards: texts no printed card has, made of the parts Spatchcocking and Ambiguity
Embiggener are read as, converted at import and enforced through the API without a rule of their own.

"Each player reveals their hand, chooses a card of each type in it, and discards the remaining cards." (each
player in turn, spoils.402.2; a hand revealed, 403.2a; the choice checked as it is made, 402.1; the rest
discarded, 305.1); "Choose a card of each non-resource type you control. Destroy all remaining non-resource cards
you control." (304.1: the cards not kept); "Choose a number for X. Put X cards from your hand on the bottom of your
deck, or your entire hand if you have less than X cards in it. Put the top Y cards of your deck into your hand,
where Y is the number of cards you put on the bottom of your deck." (410.2, 402.5)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.effects import CardScript
from adjudicator.spoils.enforcement import unenforced
from tests.api.made_sets import imported_set, served
from tests.scenarios.spoils_table import needs_data, new_game, play_card, position, rule_ids

pytestmark = needs_data

MADE = {  # name: (type, trade, threshold, cost, strength/life/speed, text)
    "Even Keel": ("Tactic", "Arcanist", "", "0", None,
                  "Each player reveals their hand, chooses a card of each type in it, and discards the remaining "
                  "cards."),
    "Winnowing Rite": ("Tactic", "Arcanist", "", "0", None,
                       "Choose a card of each non-resource type you control. Destroy all remaining non-resource cards "
                       "you control."),
    "Tide Ledger": ("Tactic", "Arcanist", "", "0", None,
                    "Choose a number for X. Put X cards from your hand on the bottom of your deck, or your entire hand "
                    "if you have less than X cards in it. Put the top Y cards of your deck into your hand, where Y is "
                    "the number of cards you put on the bottom of your deck."),
    "Plain Recruit": ("Character", "Warlord", "", "1", (1, 1, 1), "COVERT"),
    "Cog Recruit": ("Character", "Gearsmith", "", "1", (1, 1, 1), "COVERT"),
    "Brass Lamp": ("Item", "Gearsmith", "", "1", None, "This card gains 1 structure."),
}
"""Made-up cards: three new combinations of the parts, and plain cards of three types they choose among."""
COMPOSED = ("Even Keel", "Winnowing Rite", "Tide Ledger")


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> Path:
    return imported_set(tmp_path_factory, "Composed Choices Test Set", MADE)


@pytest.fixture(scope="module")
def client(imported):
    yield from served(imported)


def test_each_new_combination_converts_to_general_parts_with_nothing_left_to_the_judge(imported):
    kept = yaml.safe_load((imported / "scripts" / "spoils.yaml").read_text(encoding="utf-8"))["cards"]
    for name in COMPOSED:
        script = CardScript.model_validate(kept[name])
        assert not script.not_covered, (name, script.not_covered)
        assert unenforced(script) == [], name
    [play] = kept["Even Keel"]["abilities"]
    [each] = play["play"]
    assert each["who"] == "each" and [next(iter(op)) for op in each["both_players"]] == [
        "reveal", "choose_of_each_type", "discard"]


def test_each_player_reveals_keeps_one_card_of_each_type_and_discards_the_rest(client):
    """Even Keel: alice keeps her Cog Recruit and her Lamp, discards her Plain Recruit; bob (his choice in
    choices.their) keeps his Recruit, his Lamp and Winnowing Rite, discards Tide Ledger. Alice keeping two
    characters is refused as she plays the card (spoils.402.1)."""
    hands = {"alice": ["Even Keel", "Plain Recruit", "Cog Recruit", "Brass Lamp"],
             "bob": ["Plain Recruit", "Brass Lamp", "Tide Ledger", "Winnowing Rite"]}
    t = new_game(client, position(hands=hands))
    assert "spoils.402.1" in rule_ids(t.refuse(play_card("Even Keel", keep=["Plain Recruit", "Cog Recruit"])))
    t.act(play_card("Even Keel", keep=["Cog Recruit"], their={"keep": ["Winnowing Rite"]}))
    t.act({"type": "pass", "player": "bob"})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert sorted(alice["hand_cards"]) == ["Brass Lamp", "Cog Recruit"]
    assert sorted(alice["discard"]) == ["Even Keel", "Plain Recruit"]
    assert sorted(bob["hand_cards"]) == ["Brass Lamp", "Plain Recruit", "Winnowing Rite"]
    assert bob["discard"] == ["Tide Ledger"]
    assert t.audit_valid()


def test_the_remaining_cards_are_those_not_kept_and_only_the_players_own(client):
    """Winnowing Rite: alice keeps r2 and l2 (choices.keep): her other Recruit and Lamp are destroyed, bob's
    Recruit stays (spoils.304.1, "you control"); keeping bob's card is refused (spoils.402.1)."""
    cards = {"r1": {"card": "Plain Recruit", "controller": "alice"}, "r2": {"card": "Cog Recruit", "controller": "alice"},
             "l1": {"card": "Brass Lamp", "controller": "alice"}, "l2": {"card": "Brass Lamp", "controller": "alice"},
             "b1": {"card": "Plain Recruit", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Winnowing Rite"]}))
    assert "spoils.402.1" in rule_ids(t.refuse(play_card("Winnowing Rite", keep=["b1"])))
    t.resolve("alice", "bob", play_card("Winnowing Rite", keep=["r2", "l2"]))
    state = t.state()
    assert sorted(state["cards"]) == ["b1", "l2", "r2"]
    assert sorted(state["players"]["alice"]["discard"]) == ["Brass Lamp", "Plain Recruit", "Winnowing Rite"]
    assert t.audit_valid()


def test_x_cards_or_the_entire_hand_put_back_and_as_many_taken(client):
    """Tide Ledger: X = 5 with 2 cards left in hand puts both back (spoils.402.5) and takes the top 2; X = -1 is
    refused as the card is played (spoils.401.3, 410.2)."""
    setup = position(hands={"alice": ["Tide Ledger", "Plain Recruit", "Brass Lamp"]},
                     decks={"alice": ["Cog Recruit", "Even Keel", "Winnowing Rite"]})
    t = new_game(client, setup)
    assert t.refuse(play_card("Tide Ledger", x=-1))
    t.resolve("alice", "bob", play_card("Tide Ledger", x=5, put=["Plain Recruit", "Brass Lamp"],
                                        drawn=["Cog Recruit", "Even Keel"]))
    alice = t.state()["players"]["alice"]
    assert sorted(alice["hand_cards"]) == ["Cog Recruit", "Even Keel"]
    assert sorted(alice["deck_cards"]) == ["Brass Lamp", "Plain Recruit", "Winnowing Rite"]
    assert t.audit_valid()
