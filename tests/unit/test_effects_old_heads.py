"""Issue 24: a node type that served one card's sentence was folded into a general node; a script stored
with its old head still reads, as the general form, and says the same words back."""
from __future__ import annotations

import pytest

from adjudicator.effects.language import dump, parse_effects
from adjudicator.effects.old_heads import OLD_HEADS


@pytest.mark.parametrize("old, new, words", [
    ({"if_you_do_and": {"during": "it_is_staple_resource"}, "then": [{"draw": 1}]},
     {"if_you_do": [{"draw": 1}], "also_if": {"during": "it_is_staple_resource"}},
     "If you do and it is a staple resource, draw a card."),
    ({"opponents_may_create": 3}, {"create_token": "micromajig", "count": 3, "who": "each_opponent"},
     "Each opponent may put 3 Micromajig tokens into play under their control."),
    ({"double_tokens": {"cards": "card", "quantity": "the"}}, {"tokens": "double", "card": {"cards": "card", "quantity": "the"}},
     "Double the number of tokens on the card."),
    ({"redirect": 1, "source": "your_faction", "to": {"cards": "location", "quantity": "the"}, "this_turn_first": False},
     {"next_damage": 1, "to": "your_faction", "instead_to": {"cards": "location", "quantity": "the"},
      "this_turn_first": False},
     "The next 1 damage inflicted to your faction this turn is inflicted to the location instead."),
    ({"reduce_next_damage": 2, "to": {"cards": "character", "quantity": "the"}},
     {"next_damage": 2, "to": {"cards": "character", "quantity": "the"}},
     "Reduce the next damage inflicted to the character this turn by 2."),
    ({"after_that": [{"draw": 1}]}, {"as_printed": [{"draw": 1}], "printed": "then"}, "Then, draw a card."),
    ({"if_played_same_name": "an_opponent", "at_least": 2, "then": [{"draw": 1}]},
     {"if": {"during": "opponent_played_same_name", "n": 2}, "then": [{"draw": 1}]},
     "If an opponent played at least 2 cards with the same name this turn, draw a card."),
    ({"put_attached": {"cards": "card", "quantity": "the", "subtype": "gear"}, "to": {"cards": "character", "quantity": "the"}},
     {"put_into_play": {"cards": "card", "quantity": "the", "subtype": "gear"}, "under": "you",
      "attached_to": {"cards": "character", "quantity": "the"}},
     'Put the "gear" card into play under your control attached to the character.'),
    ({"play_for": "self", "cost": 1}, {"play_card": "self", "cost": 1}, "Play this card for 1."),
    ({"opponent_divides": [{"damage": "Y", "divided": True, "to": "attacking_party"}]},
     {"damage": "Y", "to": "attacking_party", "divided": True, "divided_by": "opponent"},
     "Inflict Y damage divided however your opponent wants to the attacking party."),
    ({"edge_over_opposing": "strength", "compared": "speed"},
     {"while": {"all_of": [{"during": "in_battle"},
                           {"there_are": {"cards": "character", "quantity": "a", "in_party": "opposing"}}]},
      "then": [{"x_where": {"stat": "speed", "of": "self", "phrase": "possessive",
                            "minus": {"stat": "speed", "among": "highest",
                                      "of": {"cards": "character", "quantity": "bare", "plural": True,
                                             "in_party": "opposing"}}},
                "then": [{"modify": {"strength": "X"}, "card": "it"}]}]},
     ("While this card is in a battle and there is at least one character in the opposing party, it gains X strength, "
      "where X is this card's speed minus the highest speed among characters in the opposing party.")),
    ({"alone_blocked_by_at_least": 3, "also": [{"modify": {"strength": 8, "life": 8, "speed": 2, "commas": True},
                                                "card": "self", "until": "turn"}]},
     {"and": [{"modify": {"strength": 8, "life": 8, "speed": 2, "commas": True}, "card": "self"},
              {"while": {"during": "only_attacking_member", "subject": "it"},
               "then": [{"only_parties_block": "it", "at_least": 3}]}], "until": "turn"},
     ("This turn, this card gains 8 strength, 8 life, and 2 speed and while it is the only member of an attacking "
      "party, only parties with at least 3 members can block it.")),
])
def test_an_old_head_reads_as_the_general_form(old, new, words):
    (read,) = parse_effects([old], "spoils")
    assert dump(read) == new
    assert read.words() == words
    assert next(iter(old)) in OLD_HEADS


def test_a_mapping_naming_no_old_head_is_left_alone():
    (read,) = parse_effects([{"if_you_do": [{"draw": 1}]}], "spoils")
    assert dump(read) == {"if_you_do": [{"draw": 1}]} and read.also_if is None


def test_a_token_count_menu_stored_whole_reads_as_its_parts():
    """``token_count_modes`` (once one node for Meat of the Mountain's paragraph) reads as "that player may add or
    remove a token from this card", then "if they do" the switch on the new number of tokens (409.1); a line's
    "That player's opponent discards a card." once written as a printed variant names that player's opponent."""
    line0 = {"tokens": 0, "effects": [{"as_printed": [{"discard": 1, "player": "opponent"}],
                                        "printed": "that_players_opponent"}]}
    line3 = {"tokens": 3, "at_least": True, "effects": [{"may": [{"play_resource": 1}], "who": "that_player"}]}
    (read,) = parse_effects([{"token_count_modes": [line0, line3]}], "spoils")
    may, if_they = dump(read)["and"]
    assert may == {"may": [{"tokens": 1, "either": True}], "who": "that_player"}
    assert if_they["if_they"] == "do" and if_they["then"][0]["by_tokens_on"] == "self"
    assert if_they["then"][0]["lines"][0]["effects"] == [{"discard": 1, "player": "that_players_opponent"}]
    assert read.words().startswith("That player may add or remove a token from this card")
    assert "0 TOKENS: That player's opponent discards a card." in read.words()
