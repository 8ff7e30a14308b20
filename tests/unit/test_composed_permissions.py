"""Issue 24, "a grammar, not a list", for what cards can or must do: who + "can"/"must" + an act
(``effects.permissions.Able``).

The converter reads "<who> can|must <act> [only once each turn] [if it can] [this turn]" with the noun-phrase
grammar; a composition a name of ``CAN_WORDS`` stands for is written by that name (the engine applies those,
the packaged scripts are unchanged); any other is written as the composition.  The engine applies a composition in
a static ability whose act and limits it applies for the names (can block Covert parties, can attack only once
each turn, must attack / block / block this card if it can) for whichever cards a subject it reads selects
(``rules.composed_able``); any other (a duration, an act or limit it does not apply, a subject qualifier the
selector does not carry) is not covered: left to the judge, never guessed at."""
from __future__ import annotations

import pytest

from adjudicator.effects import normalise
from adjudicator.effects.base import Say
from adjudicator.effects.language import CardScript
from adjudicator.effects.permissions import ABLE_ALIASES, CAN_WORDS, Able
from adjudicator.spoils import enforcement
from adjudicator.spoils.text.scripts import walk
from rulings.convert_spoils.card_scripts import script_for


def _script(text: str) -> CardScript:
    return CardScript.model_validate(script_for("character", text, "Made Up"))


def test_each_named_permission_that_is_a_composition_says_its_words():
    for name, able in ABLE_ALIASES.items():
        assert normalise(able.words(Say(self_name="this card"))) == normalise(CAN_WORDS[name].format(self="this card"))
        [ability] = _script(CAN_WORDS[name].format(self="this card").capitalize() + ".").abilities
        assert [op.dump() for op in ability.static] == [{"can": name}], name


NEW = {
    "Each character you control must attack if it can.":
        {"able": "must", "act": "attack", "who": {"cards": "character", "quantity": "each", "controller": "you"},
         "if_able": True},
    "Characters your opponent controls can block Covert parties.":
        {"able": "can", "act": "block_covert_parties",
         "who": {"cards": "character", "quantity": "bare", "controller": "opponent", "plural": True}},
    "This turn, each character your opponent controls must block this card if it can.":
        {"able": "must", "act": "block_self", "who": {"cards": "character", "quantity": "each", "controller": "opponent"},
         "if_able": True, "until": "turn"},
    "Players can block only once each turn.": {"able": "can", "act": "block", "who": "players", "once_each_turn": True},
}
"""New combinations of the known parts, and the composition each is read as."""


APPLIED = {"Each character you control must attack if it can.",
           "Characters your opponent controls can block Covert parties."}
"""The new combinations the engine applies (``rules.composed_able``); the others are left to the judge: "this
turn" in a static ability, "only once each turn" for blocks."""


@pytest.mark.parametrize("text", sorted(NEW))
def test_a_new_combination_converts_says_itself_back_and_is_applied_or_left_to_the_judge(text):
    script = _script(text)
    [ability] = script.abilities
    [able] = ability.static
    assert able == Able.model_validate(NEW[text]) and not script.not_covered
    assert normalise(script.words(script.say("spoils"))) == normalise(text)
    if text in APPLIED:
        assert enforcement.unenforced(script) == [], text
    else:
        assert enforcement.unenforced(script), text  # not applied by the engine: not covered, never "anything"


LEFT = ["Characters with Covert must attack if they can.",  # a bound ("with ..."): read by no selector here
        "Each character you control must attack.",  # "must" without "if it can"
        "Players can block only once each turn.",  # an act and a limit the engine has no reader for
        "This turn, characters you control must attack if they can.",  # a duration, in a static ability
        "If this card attacks, each character your opponent controls must block if it can."]  # not a static ability
"""Compositions that convert but stay left to the judge (fail closed), each with why."""


@pytest.mark.parametrize("text", LEFT)
def test_what_the_engine_cannot_apply_of_a_composition_stays_left_to_the_judge(text):
    script = _script(text)
    assert any(isinstance(node, Able) for node in walk(script.abilities)) and not script.not_covered, text
    assert enforcement.unenforced(script), text


def test_what_is_not_who_can_or_must_do_an_act_is_not_read_so():
    for text in ("Covert parties can be blocked by characters without Covert.",
                 "Only characters with at least 2 speed can block it.", "This card cannot attack."):
        assert not any(isinstance(node, Able) for node in walk(_script(text).abilities)), text


RUN = {("tactic", ("COST: Pick a character you control.\n\nEFFECT: This turn, the character must attack if it "
                   "can.")): True,
       ("character", ("When this card enters play, you may pick a character. If you do, it must block if it can "
                      "this turn.")): True,
       ("character", "If this card attacks, this card must attack if it can this turn."): True,
       ("tactic", ("COST: Pick a character you control.\n\nEFFECT: This turn, the character can block Covert "
                   "parties.")): True,
       ("tactic", ("COST: Pick a character you control.\n\nEFFECT: This turn, the character can attack only once "
                   "each turn.")): False,  # a limit a play's effect starts: no reader
       ("character", "If you are attacked, this card must attack if it can."): False,  # no "this turn": no check
       ("character", "If this card attacks, each character your opponent controls must block if it can."): False}
"""Compositions a play or a trigger runs (``battle_rules._able``): applied (True) for the cards the text found,
"this turn" to attack; otherwise left to the judge (False), each with why."""


@pytest.mark.parametrize("kind,text", sorted(RUN))
def test_a_composition_a_play_or_a_trigger_runs_is_applied_for_the_cards_it_found_or_left(kind, text):
    script = CardScript.model_validate(script_for(kind, text, "Made Up"))
    assert any(isinstance(node, Able) for node in walk(script.abilities)) and not script.not_covered, text
    assert (enforcement.unenforced(script) == []) == RUN[(kind, text)], text
