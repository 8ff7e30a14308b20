"""The Spoils cards whose printed sentences no script said back before: the effect language's nodes
for them say the printed words, refuse a misspelt field, and the converter reads the printed
sentences into them (the scenarios that play these cards are in tests/scenarios/spoils/)."""
from __future__ import annotations

import pytest

from adjudicator.effects import EffectError, normalise, parse_effects
from rulings import convert_spoils as CV


@pytest.mark.parametrize("doc, said", [
    ({"instead": [{"and": [{"reflip_coin": True}, {"draw": 1}]}]}, "Reflip that coin and draw a card instead."),
    ({"gain_subtype": "sarcophyle"}, 'It gains the "sarcophyle" subtype.'),
    ({"split": [{"count": 1, "to": "hand"}, {"count": "the_rest", "to": "discard"}]},
     "Put 1 into your hand and the rest into your discard pile."),
    ({"split": [{"count": 1, "to": "hand"}, {"count": 1, "to": "deck_bottom"}], "by": "they"},
     "They put 1 into their hand and 1 on the bottom of their deck."),
    ({"next_time_destroyed": {"cards": "character", "quantity": "the"}, "how": "battle",
      "then": [{"instead": [{"gain_control": "it"}]}]},
     "The next time the character is destroyed during this battle, take control of it instead."),
    ({"as_printed": [{"return_to_hand": {"cards": "resource", "quantity": "the"}}], "printed": "its_owner"},
     "Put the resource into it's owner's hand."),
    ({"as_printed": [{"remove_from_battle": "it"}], "printed": "combat"}, "Remove it from combat."),
    ({"if_it_is": {"cards": "character", "subtype": "kaiser"}, "then": [{"draw": 1}]},
     'Draw a card if it is a "kaiser" character.'),
    ({"damage": 1, "to": "picked", "additional": True}, "Inflict 1 additional damage to the character."),
    ({"discard": 1, "player": "opponent", "numeral": True}, "Your opponent discards 1 card."),
    ({"modify": {"strength": 1, "also": True}, "card": "picked", "until": "turn", "until_last": True},
     "The character also gains 1 strength this turn."),
    ({"do_the_same": True}, "Do the same."),
    ({"control_additional": "EEEE"}, "This turn, you control an additional [E][E][E][E]."),
    ({"opponent_chooses_of": "X"}, "Your opponent chooses X of those cards."),
    ({"search": "copies_of_the_card", "and_reveal": True},
     "Search your deck for any number of copies of the card and reveal them."),
    ({"reveal": "opponent_hand"}, "Your opponent reveals their hand."),
    ({"if_they": "dont", "then": [{"draw": 1}]}, "If they don't, draw a card."),
    ({"reveal": "your_hand"}, "Reveal your hand."),
    ({"search": "same_name", "then": "reveal_and_deck_top"},
     "Search your deck for a card with the same name, reveal it, and put it on top of your deck."),
    ({"by_them": [{"destroy": {"cards": "character", "quantity": "bare", "count": "X", "controller": "they"}}]},
     "They destroy X characters they control."),
    ({"later": "end_of_turn", "do": [{"destroy": "self"}]}, "At the end of the turn, destroy this card."),
    ({"reveal_until": {"cards": "character", "with": "numeric cost X or less"}},
     "Reveal cards from the top of your deck until a character with numeric cost X or less is revealed or no "
     "cards are left."),
    ({"as_printed": [{"draw": 1}], "printed": "then"}, "Then, draw a card."),
    ({"next_damage": "X", "to": "first_picked", "instead_to": "second_picked", "this_turn_first": False},
     "The next X damage inflicted to the first picked card this turn is inflicted to the second picked card instead."),
    ({"play_total": {"cards": "card", "quantity": "any_number"}, "free": True},
     "Play any number of cards for free with total numeric cost X or less."),
    ({"x_where": {"stat": "count", "of": {"cards": "character", "quantity": "all", "controller": "you"}}, "name": "Y",
      "then": [{"damage": "Y", "to": "picked"}]},
     "Inflict Y damage to the character, where Y is the number of characters you control."),
    ({"among_picked": [{"damage": 1, "to": {"cards": "character", "quantity": "another_one", "plural": True}}]},
     "Inflict 1 damage to another one of the characters."),
    ({"damage": "Y", "divided": True, "divided_by": "opponent", "to": "attacking_party"},
     "Inflict Y damage divided however your opponent wants to the attacking party."),
    ({"x_if_it_is": {"cards": "card", "quantity": "an", "subtype": "adriel"}, "then": 0, "else": 3},
     'If it is an "adriel" card then X is 0, otherwise X is 3.'),
    ({"play_card": "self", "cost": 1}, "Play this card for 1."),
    ({"put_into_play": {"cards": "card", "quantity": "the", "subtype": "gear"}, "under": "you", "attached_to": "picked"},
     'Put the "gear" card into play under your control attached to the character.'),
    ({"terminate_to_hand": {"cards": "card", "quantity": "the"}},
     "Terminate the card, but put it into its owner's hand instead of their discard pile."),
    ({"owner_puts_on_top": "a card from their hand"}, "Its owner puts a card from their hand on the top of their deck."),
])
def test_new_nodes_say_the_printed_words(doc, said):
    [node] = parse_effects([doc], "spoils")
    assert node.words() == said
    assert node.dump() == doc


@pytest.mark.parametrize("doc, field", [
    ({"instead": [{"draw": 1}], "insted": True}, "effects.0.insted"),
    ({"split": [{"count": 1, "too": "hand"}, {"count": 1, "to": "hand"}]}, "effects.0.split.0.too"),
    ({"as_printed": [{"draw": 1}], "printed": "typo"}, "effects.0.printed"),
    ({"gain_subtype": "sarcophyle", "crad": "it"}, "effects.0.crad"),
    ({"next_time_destroyed": "it", "how": "forever", "then": [{"draw": 1}]}, "effects.0.how"),
    ({"later": "next_week", "do": [{"draw": 1}]}, "effects.0.later"),
    ({"control_additional": "EZ"}, "effects.0.control_additional"),
    ({"by_them": [{"destroy": "it"}], "who": "they"}, "effects.0.who"),
])
def test_new_nodes_refuse_misspelt_fields(doc, field):
    with pytest.raises(EffectError) as info:
        parse_effects([doc], "spoils")
    assert info.value.errors[0]["field"] == field


@pytest.mark.parametrize("sentence", [
    "If you win X, is 3.",
    "If your opponent's faction has 15 influence or less, inflict 1 additional damage to the character.",
    "If you control at least [G][G], draw 1 card.",
    "If you win, the character also gains 1 strength this turn.",
    'It gains an additional 1 strength and 1 life if it is a "kaiser" character.',
    "Put the resource into it's owner's hand.",
    "The next time the character is destroyed during this battle, take control of it instead.",
    "If you do, deplete it and remove it from combat.",
    "Put 1 into your hand and 1 on the bottom of your deck.",
    "Put all revealed characters and items into play under your control.",
    "Pick 2 characters, locations, and/or factions.",
    "Shuffle all tactics revealed this way into their deck.",
    "Inflict 1 damage to another one of the characters.",
    "If you do, put 1 card on the bottom of that deck and 1 card on the top.",
    "Then, if your opponent has 3 or fewer cards in their hand, remove the character from the game.",
    "At the start of your next turn, if this card is in play, put the removed character into play under your control.",
    "If the the picked character has X+X strength or less, destroy it.",
    "Pay X, where X is 7 minus the number of [R] you control.",
    "Inflict Y damage divided however you want to the characters, where Y is the number of characters your opponent "
    "controls minus the number of characters you control.",
])
def test_the_converter_reads_the_printed_sentences(sentence):
    docs = CV.sentence_ops(sentence)
    said = " ".join(n.words(CV.SAY) for n in parse_effects(docs, "spoils"))
    assert normalise(said) == normalise(sentence)


def test_a_cost_printed_on_two_lines_reads_as_one():
    assert CV.blocks("GRAPPLE\nCOST: Pick a character.\nDestroy this card.\nEFFECT: Draw a card.") == \
        [["GRAPPLE", "COST: Pick a character. Destroy this card.", "EFFECT: Draw a card."]]


def test_a_trigger_without_a_space_after_its_comma_reads():
    doc = CV.paragraph("If a character is put into your opponent's hand from play,you may pay 1 instead.", False)
    assert doc == {"when": "character_to_opponent_hand_from_play", "effect": [{"may": [{"instead": [{"pay": 1}]}]}]}
