"""Cards never seen, read by the grammar (issue: "a grammar of the text, not a list of cards"): a card of each
type chosen among cards described and "the remaining" ones after it, a subject that names each player or each
opponent, a number chosen by "that player", a number of cards put from a hand "or their entire hand", and a count
of what the sentence before did ("the number of cards that player put on the bottom of their deck").  The
sentences below are printed by no card together: each converts to general nodes that say it back."""
from __future__ import annotations

import pytest

from adjudicator.effects import EffectError, normalise, parse_effects
from adjudicator.effects.language import dump
from rulings import convert_spoils as CV


def _heads(doc) -> list[str]:
    """Every key of the documents, at any depth."""
    if isinstance(doc, list):
        return [k for d in doc for k in _heads(d)]
    if isinstance(doc, dict):
        return [*doc, *(k for v in doc.values() for k in _heads(v))]
    return []


@pytest.mark.parametrize("sentence, parts", [
    ("Each player reveals their hand, chooses a card of each type in it, and discards the remaining cards.",
     {"both_players", "reveal", "choose_of_each_type", "discard"}),
    ("Each opponent chooses a card of each non-resource type they control.", {"both_players", "choose_of_each_type"}),
    ("Choose a card of each non-resource type you control.", {"choose_of_each_type"}),
    ("That player chooses a number for X.", {"choose_x"}),
    ("Both players put 2 cards from their hand on the bottom of their deck, or their entire hand if they have less "
     "than 2 cards in it.", {"both_players", "put", "or_all_if_fewer"}),
    ("Put X cards from your hand on top of your deck in any order, or your entire hand if you have less than X cards "
     "in it.", {"put", "any_order", "or_all_if_fewer"}),
    ("Put the top Y cards of your deck into your hand, where Y is the number of cards you put on the bottom of your "
     "deck.", {"x_where", "put"}),
    ("Your opponent draws X cards, where X is the number of cards your opponent put on top of their deck.",
     {"x_where", "draw"}),
])
def test_a_new_combination_of_the_parts_converts_and_says_itself_back(sentence, parts):
    docs = CV.sentence_ops(sentence)
    nodes = parse_effects(docs, "spoils")
    assert normalise(" ".join(n.words(CV.SAY) for n in nodes)) == normalise(sentence)
    assert parts <= set(_heads(docs))
    assert not {"choose_each_type", "hand_cycle"} & set(_heads(docs))


def test_each_opponent_chooses_among_their_own_cards_and_each_player_among_theirs():
    [mine] = CV.sentence_ops("Choose a card of each non-resource type you control.")
    assert mine == {"choose_of_each_type": {"cards": "non-resource card", "controller": "you"}}
    [each] = CV.sentence_ops("Each opponent chooses a card of each non-resource type they control.")
    assert each == {"both_players": [{"choose_of_each_type": {"cards": "non-resource card", "controller": "they"}}],
                    "who": "each_opponent"}
    [counted] = CV.sentence_ops("Put the top Y cards of your deck into your hand, where Y is the number of cards that "
                                "player put on the bottom of their deck.")
    assert counted["x_where"] == {"stat": "cards_put", "of": "that_player", "to": "deck_bottom"}
    assert counted["name"] == "Y" and counted["then"][0]["put"]["count"] == "Y"


@pytest.mark.parametrize("doc, field, says", [
    ({"choose_of_each_type": {"cards": "character"}}, "effects.0", "a card of each type among cards of a kind"),
    ({"put": "it", "to": "deck_bottom", "or_all_if_fewer": True}, "effects.0", "needs a number of cards from a zone"),
    ({"both_players": [{"draw": 1}], "who": "everybody"}, "effects.0.who", "'each_opponent'"),
    ({"choose_x": True, "who": "their_opponent"}, "effects.0.who", "'that_player'"),
])
def test_the_new_fields_refuse_what_they_cannot_mean(doc, field, says):
    with pytest.raises(EffectError) as info:
        parse_effects([doc], "spoils")
    assert info.value.errors[0]["field"] == field and says in info.value.errors[0]["message"]


SPATCHCOCKING = ("Each player choose a card of each non-resource type they control.",
                 "Each opponent reveals their hand, chooses a card of each non-resource type in it, and discards the "
                 "remaining non-resource cards.")
EMBIGGENER = ("That player chooses a number for X. Both players put X cards from their hand on the bottom of their deck "
              "in any order, or their entire hand if they have less than X cards in it. Both players put the top Y "
              "cards of their deck into their hand, where Y is the number of cards that player put on the bottom of "
              "their deck.")


def test_the_old_heads_read_as_the_compositions_the_converter_writes():
    for old, said in zip(("in_play", "opponents_hands"), SPATCHCOCKING):
        (read,) = parse_effects([{"choose_each_type": old}], "spoils")
        assert read.words() == said
        assert [dump(read)] == CV.sentence_ops(said)
    (cycle,) = parse_effects([{"hand_cycle": "X"}], "spoils")
    assert dump(cycle)["and"] == CV.sentences(EMBIGGENER)  # the three sentences, in order
