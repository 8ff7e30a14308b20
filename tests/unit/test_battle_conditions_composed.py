"""Issue 24, "a grammar, not a list", for battles: what two printed cards said in one node each (Martial Arts
Master's edge over the opposing party, LeoKaiser's lone attack blocked only by large parties) is read as general
parts that compose, and a card nobody printed that combines them otherwise converts and is enforced.

- conditions of a battle, joined by "and" (504.1: in force while every one holds): "this card is in a battle"
  (302.9), "there is at least one character in the opposing party" (302.10, cards counted now), "it is the only
  member of an attacking party" (302.6, 302.12);
- an amount: "X, where X is this card's speed minus the highest speed among characters in the opposing party"
  (502.2; never below 0, 410.4);
- a restriction on blocking: "only parties with at least N members can block it" (608.1d with the card over the
  rules, 101.1), static, or lasting from an effect ("This turn, A and while C, B": the duration said once lasts
  for both parts), read when the blockers are declared;
- fail closed: a condition the engine cannot count is not covered and changes nothing.

The texts are made for the test: the parts in combinations no printed card has."""
from __future__ import annotations

import pytest

from adjudicator.effects import normalise
from adjudicator.effects.language import CardScript
from adjudicator.spoils import enforcement
from adjudicator.spoils.builder import abilities_from_text
from adjudicator.spoils.table import Refused
from adjudicator.spoils.text.continuous import stat
from rulings.convert_spoils.card_scripts import script_for
from tests.scenarios.spoils.engine.tables import (
    character,
    in_play,
    prepare_game,
    rules_of,
)

EDGE = "While this card is in a battle and there is at least one character in the opposing party, it gains 2 strength."
FAST = ("While this card is in a battle, it gains X strength, where X is this card's speed minus the highest speed "
        "among characters in the opposing party.")
SLOW = ("While this card is attacking and there is at least one character in the opposing party, it gains X life, "
        "where X is this card's strength minus the lowest strength among characters in the opposing party.")
ALONE = "While this card is the only member of an attacking party, only parties with at least 2 members can block it."
GO_BIG = ("GO BIG\nCOST: Pay 1.\nEFFECT: This turn, this card gains 1 speed and while it is the only member of an "
          "attacking party, only parties with at least 3 members can block it.")
COMPOSED = {"character": [EDGE, FAST, SLOW, ALONE, GO_BIG]}
"""New combinations of the parts, each converted with nothing left to the judge."""


def _script(text: str, kind: str = "character") -> CardScript:
    return CardScript.model_validate(script_for(kind, text, "Made Up"))


def _scripted(spec: dict, text: str) -> dict:
    return {**spec, "text": text, "script": script_for(spec["type"], text, spec["name"]),
            "abilities": [a.model_dump() for a in abilities_from_text(text)]}


@pytest.mark.parametrize("text", COMPOSED["character"])
def test_a_new_combination_converts_says_itself_back_and_is_covered(text):
    script = _script(text)
    assert script.not_covered == [], text
    assert normalise(script.words(script.say("spoils"))) == normalise(text.replace("\n", " "))
    assert enforcement.unenforced(script) == [], text


def test_the_parts_are_general_nodes():
    [static] = _script(EDGE).abilities
    [while_] = static.static
    assert while_.dump() == {"while": {"all_of": [{"during": "in_battle"},
                                                  {"there_are": {"cards": "character", "quantity": "a",
                                                                 "in_party": "opposing"}}]},
                             "then": [{"modify": {"strength": 2}, "card": "it"}]}
    [ability] = _script(GO_BIG).abilities
    [both] = ability.effect
    assert both.dump() == {"and": [{"modify": {"speed": 1}, "card": "self"},
                                   {"while": {"during": "only_attacking_member", "subject": "it"},
                                    "then": [{"only_parties_block": "it", "at_least": 3}]}],
                           "until": "turn"}


def test_a_condition_the_engine_cannot_count_is_not_covered_and_changes_nothing():
    """Cards in a discard pile are not counted by the cards-in-play reader: the condition is the judge's, and the
    engine never reads it as true (the card keeps its printed strength)."""
    text = "While there is at least one character in your discard pile, this card gains 2 strength."
    script = _script(text)
    assert script.not_covered == [] and enforcement.unenforced(script), text
    t = prepare_game({"a": in_play("p1", _scripted(character("Grave Watcher", 1, 3, 1), text))})
    assert stat(t.state, "a", "strength")[0] == 1


# --- the engine ------------------------------------------------------------------------------------------------

def _to_blocks(t) -> None:
    for _ in range(4):
        b = t.state.battle
        if b.stage == "blocks":
            return
        t.act({"type": "pass", "player": t.state.to_act})
    raise AssertionError("no blockers step")


def test_two_conditions_joined_by_and_hold_only_together():
    """spoils.504.1, spoils.302.9, spoils.302.10: at home the card is in no battle (1 strength); attacking and not
    blocked there is no character in the opposing party (1); blocked, both hold (3)."""
    cards = {"a": in_play("p1", _scripted(character("Edge Runner", 1, 3, 4), EDGE)),
             "b": in_play("p2", character("Wall", 0, 5, 1))}
    t = prepare_game(cards)
    assert stat(t.state, "a", "strength")[0] == 1
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    assert stat(t.state, "a", "strength")[0] == 1
    _to_blocks(t)
    t.act({"type": "block", "player": "p2", "blockers": ["b"]})
    assert stat(t.state, "a", "strength")[0] == 3
    u = prepare_game(cards)
    u.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    _to_blocks(u)
    u.act({"type": "block", "player": "p2", "blockers": []})
    assert stat(u.state, "a", "strength")[0] == 1


@pytest.mark.parametrize("speeds, blocks, strength", [((1, 3), True, 1 + (5 - 3)), ((6,), True, 1), ((3,), False, 1)])
def test_x_is_this_cards_speed_minus_the_highest_speed_in_the_opposing_party(speeds, blocks, strength):
    """spoils.502.2, spoils.302.10, spoils.410.4: a 1/3/5 blocked by characters of speed 1 and 3 gains 5 - 3 = 2;
    blocked by a speed 6 it gains nothing (X never below 0); not blocked there is no speed to compare."""
    blockers = {f"b{i}": in_play("p2", character(f"Blocker {i}", 0, 5, v)) for i, v in enumerate(speeds)}
    t = prepare_game({"a": in_play("p1", _scripted(character("Quick Study", 1, 3, 5), FAST)), **blockers})
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    _to_blocks(t)
    t.act({"type": "block", "player": "p2", "blockers": sorted(blockers) if blocks else []})
    assert stat(t.state, "a", "strength")[0] == strength


def test_the_lowest_strength_among_them_is_read_too():
    """spoils.502.2: a 4/3/1 attacking, blocked by characters of strength 1 and 3, gains 4 - 1 = 3 life."""
    cards = {"a": in_play("p1", _scripted(character("Slow Study", 4, 3, 1), SLOW)),
             "b1": in_play("p2", character("Weak", 1, 5, 1)), "b2": in_play("p2", character("Strong", 3, 5, 1))}
    t = prepare_game(cards)
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    _to_blocks(t)
    t.act({"type": "block", "player": "p2", "blockers": ["b1", "b2"]})
    assert stat(t.state, "a", "life")[0] == 3 + 3


def _blockers(n: int) -> dict:
    return {f"b{i}": in_play("p2", character(f"Guard {i}", 1, 3, 1)) for i in range(n)}


def test_a_static_restriction_refuses_a_smaller_party_while_the_card_attacks_alone():
    """spoils.608.1d, spoils.101.1, spoils.302.12: attacking alone, a party of 1 is refused (nothing appended), a
    party of 2 blocks; attacking with another character, 1 blocker may block it."""
    lone = _scripted(character("Lone Titan", 3, 3, 3), ALONE)
    t = prepare_game({"a": in_play("p1", lone), **_blockers(2)})
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    _to_blocks(t)
    before = len(t.log)
    with pytest.raises(Refused) as refused:
        t.act({"type": "block", "player": "p2", "blockers": ["b0"]})
    assert "spoils.101.1" in rules_of(refused.value.decision) and len(t.log) == before
    t.act({"type": "block", "player": "p2", "blockers": ["b0", "b1"]})
    u = prepare_game({"a": in_play("p1", lone), "f": in_play("p1", character("Friend", 1, 1, 1)), **_blockers(1)})
    u.act({"type": "attack", "player": "p1", "attackers": ["a", "f"]})
    _to_blocks(u)
    u.act({"type": "block", "player": "p2", "blockers": ["b0"]})


def _gone_big(*attackers: str) -> object:
    kaiser = _scripted(character("Big Kitten", 2, 2, 2), GO_BIG)
    cards = {"k": in_play("p1", kaiser), "f": in_play("p1", character("Friend", 1, 1, 1)), **_blockers(3)}
    t = prepare_game(cards)
    t.act({"type": "use_ability", "player": "p1", "card": "k", "ability": "GO BIG", "targets": []})
    while t.state.pending:
        t.act({"type": "pass", "player": t.state.to_act})
    assert stat(t.state, "k", "speed")[0] == 3  # this turn, 1 speed more
    t.act({"type": "attack", "player": "p1", "attackers": list(attackers)})
    _to_blocks(t)
    return t


def test_a_lasting_restriction_with_its_condition_refuses_2_blockers_and_allows_3():
    """spoils.608.1d, spoils.101.1, spoils.504.1: "This turn, this card gains 1 speed and while it is the only member
    of an attacking party, only parties with at least 3 members can block it.": alone, 2 blockers are refused
    (nothing appended) and 3 block."""
    t = _gone_big("k")
    before = len(t.log)
    with pytest.raises(Refused) as refused:
        t.act({"type": "block", "player": "p2", "blockers": ["b0", "b1"]})
    assert "spoils.101.1" in rules_of(refused.value.decision) and len(t.log) == before
    t.act({"type": "block", "player": "p2", "blockers": ["b0", "b1", "b2"]})


def test_the_lasting_restriction_is_gone_when_the_card_is_not_alone():
    """spoils.504.1, spoils.302.6: the condition is read as the blockers are declared: with a second attacker the
    card is not the only member of its party, and 2 (or 1) blockers may block."""
    t = _gone_big("k", "f")
    t.act({"type": "block", "player": "p2", "blockers": ["b0", "b1"]})
