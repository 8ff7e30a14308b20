"""Fail closed where a node is read decides its meaning: what the engine does not do as the text says is shown to the
judge as not covered, and the engine never does something else in its place.

- a "while" in an effect (a play's, an ability's: not a static ability's) is run for the party changes of a card in a
  battle and the restriction on the parties able to block it, for a duration (504.1, 602.1b); any other "while" of an
  effect is the judge's, and the coverage says so;
- a static "<changes>, where X is <a number>" (502.2) whose number the static reader does not compute ("twice", a
  count, a numeric cost) changes nothing and is not covered;
- "only characters with at least X speed can block it, where X is ..." (608.1d with the card over the rules, 101.1)
  reads X in full ("this card's speed minus 1"), or restricts nothing and is not covered ("twice");
- a condition of a running effect is read of the card its text names: "if this card is depleted" of the card whose
  ability it is, not of the character the ability picked (504.1).

The texts are made for the test; the printed cards are named where one shows the same."""
from __future__ import annotations

import pytest

from adjudicator.effects.language import CardScript
from adjudicator.spoils import enforcement
from adjudicator.spoils.builder import abilities_from_text
from adjudicator.spoils.table import Refused
from adjudicator.spoils.text.continuous import stat
from rulings.convert_spoils.card_scripts import script_for
from rulings.scripts import scripts
from tests.scenarios.spoils.engine.tables import character, in_play, prepare_game, rules_of


def _script(text: str, kind: str = "character") -> CardScript:
    return CardScript.model_validate(script_for(kind, text, "Made Up"))


def _scripted(spec: dict, text: str) -> dict:
    return {**spec, "text": text, "script": script_for(spec["type"], text, spec["name"]),
            "abilities": [a.model_dump() for a in abilities_from_text(text)]}


def _resolve(t) -> None:
    while t.state.pending:
        t.act({"type": "pass", "player": t.state.to_act})


# --- a "while" in an effect ------------------------------------------------------------------------------------

STOMP = "STOMP\nCOST: Pay 1.\nEFFECT: This turn, while this card is attacking, it gains 2 strength."
ROAR_FOREVER = ("ROAR\nCOST: Pay 1.\nEFFECT: While this card is in a battle, all characters in the opposing party lose "
                "2 speed.")
ROAR = ("ROAR\nCOST: Pay 1.\nEFFECT: This turn, while this card is in a battle, all characters in the opposing party "
        "lose 2 speed.")


@pytest.mark.parametrize("text", [STOMP, ROAR_FOREVER])
def test_a_while_of_an_effect_the_engine_does_not_run_is_not_covered(text):
    """spoils.504.1: the engine leaves these to the judge (``while_battle._while``): a change of the card itself
    while it attacks, and a change with no duration the engine could end (602.1b)."""
    script = _script(text)
    assert script.not_covered == []
    said = text.split("EFFECT: ")[1]
    assert enforcement.unenforced(script) == [said]


def test_a_while_of_an_effect_the_engine_does_not_run_changes_nothing():
    """spoils.504.1: STOMP is the judge's: attacking, the card keeps its printed strength."""
    t = prepare_game({"a": in_play("p1", _scripted(character("Stomper", 1, 3, 1), STOMP))})
    t.act({"type": "use_ability", "player": "p1", "card": "a", "ability": "STOMP", "targets": []})
    _resolve(t)
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    assert stat(t.state, "a", "strength")[0] == 1


def test_the_whiles_of_an_effect_the_engine_runs_stay_covered():
    """spoils.504.1, spoils.608.1d: "this turn, while this card is in a battle, <party> lose 2 speed" (Jumping
    Screamspider's SCREAM) and "this turn, ... and while it is the only member of an attacking party, only parties
    with at least 3 members can block it" (LeoKaiser: the duration said once for both parts)."""
    assert enforcement.unenforced(_script(ROAR)) == []
    packaged = scripts("spoils")
    for name in ("Jumping Screamspider", "LeoKaiser"):
        assert enforcement.unenforced(packaged.get(name)) == [], name


# --- a static "where X is ..." ---------------------------------------------------------------------------------

HAND = "This card gains X strength, where X is the number of cards in your hand."
TWICE = "While this card is attacking, it gains X strength, where X is twice this card's speed."


HAND_SAID_APART = "This card gains X strength. X is the number of cards in your hand."


@pytest.mark.parametrize("text, left", [
    (HAND, [HAND]), (TWICE, ["It gains X strength, where X is twice this card's speed."]),
    (HAND_SAID_APART, ["This card gains X strength.", "X is the number of cards in your hand."])])
def test_a_static_x_the_engine_does_not_compute_is_not_covered_and_changes_nothing(text, left):
    """spoils.502.2: the static reader computes a statistic of the card itself, the highest or lowest among cards
    in play, less a number or such a statistic, given by "where X is"; a count of a hand, "twice", or an X said in
    a sentence of its own it does not, so the card keeps its printed strength, and the sentences are the judge's."""
    script = _script(text)
    assert script.not_covered == [] and enforcement.unenforced(script) == left
    t = prepare_game({"a": in_play("p1", _scripted(character("Counter", 1, 3, 2), text))})
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    assert stat(t.state, "a", "strength")[0] == 1


def test_a_printed_static_x_of_that_card_is_not_covered():
    """spoils.502.2: Axeclaw Grandchest's "This card gains X strength, where X is the numeric cost of that card."
    (the revealed top card of its deck) is not computed by the static reader: the judge's."""
    left = enforcement.unenforced(scripts("spoils").get("Axeclaw Grandchest"))
    assert "This card gains X strength, where X is the numeric cost of that card." in left


def test_the_static_xs_the_engine_computes_stay_covered():
    """spoils.502.2: "this card's speed minus the highest speed among characters in the opposing party" (Martial
    Arts Master), "their printed life minus 2" (Fornicaves), "this card's speed" (Wild Boars)."""
    packaged = scripts("spoils")
    for name in ("Martial Arts Master", "Fornicaves", "Wild Boars"):
        assert enforcement.unenforced(packaged.get(name)) == [], name


# --- "only characters with at least X speed can block it, where X is ..." --------------------------------------

ALONE = ("While this card is the only member of an attacking party, only characters with at least X speed can block "
         "it, where X is this card's speed {}.")


def _attacking_alone(text: str, blocker_speed: int):
    t = prepare_game({"a": in_play("p1", _scripted(character("Lone Boar", 2, 3, 4), text)),
                      "b": in_play("p2", character("Guard", 1, 3, blocker_speed))})
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    for _ in range(4):
        if t.state.battle.stage == "blocks":
            return t
        t.act({"type": "pass", "player": t.state.to_act})
    raise AssertionError("no blockers step")


def test_x_minus_a_number_is_read_in_full():
    """spoils.608.1d, spoils.101.1, spoils.502.2: a speed 4 card alone says X is 4 - 1 = 3: a speed 3 character
    blocks it, a speed 2 one is refused (nothing appended)."""
    text = ALONE.format("minus 1")
    assert enforcement.unenforced(_script(text)) == []
    _attacking_alone(text, 3).act({"type": "block", "player": "p2", "blockers": ["b"]})
    t = _attacking_alone(text, 2)
    before = len(t.log)
    with pytest.raises(Refused) as refused:
        t.act({"type": "block", "player": "p2", "blockers": ["b"]})
    assert "spoils.101.1" in rules_of(refused.value.decision) and len(t.log) == before


def test_twice_x_is_not_covered_and_restricts_nothing():
    """spoils.608.1d, spoils.502.2: "twice this card's speed" is not read: the sentence is the judge's, and the
    engine refuses no blocker for it (never the speed itself in its place)."""
    text = ALONE.replace("this card's speed {}.", "twice this card's speed.")
    script = _script(text)
    assert script.not_covered == [] and enforcement.unenforced(script) == [
        "Only characters with at least X speed can block it, where X is twice this card's speed."]
    _attacking_alone(text, 4).act({"type": "block", "player": "p2", "blockers": ["b"]})


# --- a condition of a running effect, of the card its text names -----------------------------------------------

JOLT = "JOLT\nCOST: Pick a character.\nEFFECT: If this card is depleted, inflict 2 damage to the character."


@pytest.mark.parametrize("depleted, damage", [(True, 2), (False, 0)])
def test_if_this_card_is_depleted_is_read_of_this_card_not_of_the_character_picked(depleted, damage):
    """spoils.504.1: the ability's card is (is not) depleted, the character picked is not: 2 damage (none)."""
    t = prepare_game({"a": in_play("p1", _scripted(character("Jolter", 1, 3, 1), JOLT), depleted=depleted),
                      "b": in_play("p2", character("Target", 1, 5, 1))})
    t.act({"type": "use_ability", "player": "p1", "card": "a", "ability": "JOLT", "targets": ["b"]})
    _resolve(t)
    assert t.state.cards["b"].damage == damage
