"""The typed effect language: every document the engines accept today reads unchanged and dumps
back to itself; misspelt operations and fields, two operations in one object and values of the
wrong kind are refused with the JSON path of the bad field."""
from __future__ import annotations

import pytest

from adjudicator.effects import EffectError, dump, normalise, parse_effect, parse_effects, parse_play
from adjudicator.effects.base import Say

# The effect documents of the three engines' docstrings, seed cards and tests (surveyed by grep
# over adjudicator/ and tests/ for "effects", "effect=", "play_effect", "triggers", "replacements").
ENGINE_DOCUMENTS = [
    # Buffy (adjudicator/buffy/overrides.py, seed cards, tests)
    {"permit": "buffy.fight.attacker-refreshed"},
    {"permit": "buffy.move.once-per-turn", "once_per_turn": True},
    {"permit": "buffy.fatigue.cannot-act"},
    {"permit": "buffy.x", "while_at": "The Bronze", "for": "Spike", "once_per_turn": True},
    {"forbid": "buffy.fight.start"},
    {"set": "destiny_to_win", "value": 6},
    {"set": "fatigue_penalty", "value": 0},
    {"avoid_fatigue": True, "for": "Faith", "once_per_turn": True},
    {"gain": {"butt_kicking": 1}, "when": "fighting_opponent_main"},
    {"fight_talent": "smarts"},
    {"grant_traits": ["SPELLCRAFT"]},
    # The Spoils (adjudicator/spoils/text/precedence.py docstring, resolution's operations, tests)
    {"permit": "spoils.608.1b", "applies_to": "self"},
    {"permit": "spoils.608.1b", "applies_to": "your_characters"},
    {"forbid": "spoils.608.1a", "applies_to": "opponent"},
    {"forbid": "spoils.204.1"},
    {"modify": {"parameter": "strength", "by": 1}, "applies_to": "your_characters"},
    {"modify": {"parameter": "cost", "by": -1}, "applies_to": {"controller": "you", "type": "item"}},
    {"modify": {"parameter": "damage", "by": -1}, "applies_to": "your_faction"},
    {"modify": {"parameter": "strength", "by": 2}},
    {"modify": {"card": "g", "life": -2}},
    {"modify": {"card": "g", "strength": 2}, "until": "turn"},
    {"gain": "covert", "applies_to": "attached"},
    {"gain": "covert", "card": "c1", "until": "turn"},
    {"lose": "covert", "applies_to": "opponent_characters"},
    {"provides": "OO"},
    {"draw": 1},
    {"draw": {"count": 2, "player": "opponent", "cards": ["Elitism"]}},
    {"play_resource": 1},
    {"play_resource": {"card": "Elitism", "face_up": True}},
    {"discard": 1},
    {"discard": {"count": 1, "player": "opponent"}},
    {"damage": 1, "to": "opponent_faction"},
    {"damage": 2, "to": "g"},
    {"damage": {"amount": 3, "to": ["c1", "c2"]}},
    {"lose_influence": 2},
    {"lose_influence": {"amount": 1, "player": "opponent"}},
    {"lose_influence": {"amount": 2, "player": "each"}},
    {"gain_influence": 3},
    {"destroy": "m1"}, {"destroy": ["a", "b"]},
    {"return_to_hand": "c1"}, {"remove_from_game": "c1"}, {"shuffle_into_deck": "c1"}, {"put_in_discard": "c1"},
    {"deplete": "c1"}, {"restore": ["c1"]}, {"gain_control": "raider"}, {"gain_control": "c1", "player": "p2"},
    {"remove_from_battle": "c1"}, {"add_to_battle": "c2", "party": "blocking"},
    {"tokens": 2, "card": "m1"}, {"tokens": -1},
    {"create_token": "micromajig"}, {"create_token": "micromajig", "id": "m1"},
    {"create_token": {"name": "Soldier", "type": "character"}, "count": 2},
    {"put_into_play": "Sleeping Guard"}, {"put_into_play": "Sword", "attach_to": "c1", "id": "c9"},
    {"terminate": "previous"}, {"heal": 2, "card": "c1"},
    {"when": "card_enters_play", "name": "Herald's fanfare", "effect": {"draw": 1}},
    {"when": "card_enters_play", "name": "Echo", "effect": {"create_token": "micromajig"}},
    {"when": "start_of_your_turn", "effect": [{"draw": 1}, {"discard": 1}]},
    {"instead_of": "destroy", "do": "hand"},
    {"instead_of": "destroy", "do": "removed"},
    {"instead_of": "hand", "do": "destroy", "applies_to": "characters"},
    # WoW Miniatures (card overrides, rulings)
    {"permit": "wowmini.302.3"}, {"forbid": "wowmini.300.5"}, {"permit": True},
    # Rulings of any game
    {"note": "slow clock"},
]


@pytest.mark.parametrize("doc", ENGINE_DOCUMENTS, ids=lambda d: next(iter(d)))
def test_every_engine_document_reads_and_dumps_back_unchanged(doc):
    node = parse_effect(doc)
    assert dump(node) == doc
    assert node.words().strip()


BUFFY_PLAYS = [
    {"requirement": {"butt_kicking": 3}}, {"requirement": {"charm": 3}, "discard_minions": True},
    {"stage": "fight/resolve"}, {"stage": ["fight/battle", "fight/resolve"]}, {"leave_fight": "a"},
    {"leave_challenge": "w"}, {"fight_talent": "charm"}, {"pay_destiny": 2}, {"gain_destiny": 1},
    {"fatigue_card": {"character": "anyanka", "attachment": "Symbol of Anyanka"}}, {"fatigue": ["d"]}, {},
]


@pytest.mark.parametrize("doc", BUFFY_PLAYS, ids=str)
def test_buffy_play_records_read_and_dump_back(doc):
    assert parse_play(doc).dump() == doc


@pytest.mark.parametrize("doc, field, says", [
    ({"damge": 2}, "effect", "did you mean 'damage'"),
    ({"destory": "c1"}, "effect", "did you mean 'destroy'"),
    ({"draw": 1, "damage": 2}, "effect", "2 operations (draw, damage)"),
    ({"damage": 2, "tox": "c1"}, "effect.tox", "Extra inputs"),
    ({"draw": "lots"}, "effect.draw", ""),
    ({"modify": {"parameter": "strength", "bye": 1}}, "effect.modify", ""),
    ({"when": "enters_play", "effect": [{"drw": 1}]}, "effect.effect.0", "did you mean 'draw'"),
    ({"when": "someday", "effect": {"draw": 1}}, "effect.when", ""),
    ({"instead_of": "destroy", "do": "explode"}, "effect.do", ""),
    ({"provides": "OX"}, "effect", "unknown resource icons"),
    ("draw", "effect", "expected an object"),
])
def test_bad_documents_are_refused_naming_the_field(doc, field, says):
    with pytest.raises(EffectError) as info:
        parse_effect(doc)
    fields = [e["field"] for e in info.value.errors]
    assert any(f.startswith(field) for f in fields), fields
    assert says in str(info.value) + " ".join(e["message"] for e in info.value.errors)


@pytest.mark.parametrize("doc, game, field", [
    ({"gain": 5}, "buffy", "effect.gain"),
    ({"gain": "covert"}, "buffy", "effect.gain"),
    ({"fight_talent": "nonsense"}, "buffy", "effect.fight_talent"),
    ({"set": "destiny_to_win", "value": "x"}, "buffy", "effect.value"),
    ({"set": "destiny_to_wn", "value": 5}, "buffy", "effect.set"),
    ({"permit": "spoils.608.1b"}, "buffy", "effect.permit"),
    ({"fight_talent": "smarts"}, "spoils", "effect"),
    ({"play_resource": 1}, "wowmini", "effect"),
])
def test_game_vocabulary_is_checked_at_the_door(doc, game, field):
    with pytest.raises(EffectError) as info:
        parse_effect(doc, game)
    assert field in [e["field"] for e in info.value.errors]


def test_a_list_names_the_index_of_the_bad_document():
    with pytest.raises(EffectError) as info:
        parse_effects([{"draw": 1}, {"destroy": "c1"}, {"damge": 1}], "spoils")
    assert info.value.errors[0]["field"] == "effects.2"


def test_buffy_play_records_refuse_unknown_keys():
    with pytest.raises(EffectError) as info:
        parse_play({"requirement": {"charm": 3}, "discard_minons": True})
    assert info.value.errors[0]["field"] == "effect.discard_minons"


def test_words_say_the_operation_as_a_card_prints_it():
    assert parse_effect({"damage": 2, "to": "opponent_faction"}).words() == "Inflict 2 damage to your opponent's faction."
    assert parse_effect({"lose_influence": {"amount": 2, "player": "each"}}).words() == "Each player's faction loses 2 influence."
    assert parse_effect({"draw": {"count": 2, "player": "opponent"}}).words() == "Your opponent draws 2 cards."
    assert parse_effect({"gain": {"butt_kicking": 1}, "when": "fighting_opponent_main"}).words(Say("BUFFY")) == \
        "BUFFY has +1 butt-kicking in a fight against an opponent's Main Character."
    assert parse_effect({"when": "enters_play", "effect": {"draw": 1}}).words() == "When this card enters play, draw a card."


@pytest.mark.parametrize("a, b", [
    ("FLIP UP: 2 [O][O]", "flip up 2 {O}{O}"),
    ("Inflict 2 damage to the character.", "inflict  2 Damage to the character"),
    ("Your opponent\u2019s faction loses 1 influence.", "Your opponent's faction loses 1 influence"),
    ("This turn, it gains +1 strength.", "this turn it gains +1 strength"),
])
def test_the_normaliser_ignores_case_punctuation_whitespace_and_symbols(a, b):
    assert normalise(a) == normalise(b)


def test_the_normaliser_keeps_words_and_numbers_apart():
    assert normalise("Inflict 2 damage.") != normalise("Inflict 3 damage.")
    assert normalise("[O]") != normalise("[G]")
