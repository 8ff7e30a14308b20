"""Issue 24, "a grammar, not a list", for what cards can or must do: who + "can"/"must" + an act
(``effects.permissions.Able``).

The converter reads "<who> can|must <act> [only once each turn] [if it can] [this turn]" with the noun-phrase
grammar; a composition a name of ``CAN_WORDS`` stands for is written by that name (the engine applies those,
the packaged scripts are unchanged); any other is written as the composition and, the engine not applying it
yet, is not covered: left to the judge, never guessed at."""
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


@pytest.mark.parametrize("text", sorted(NEW))
def test_a_new_combination_converts_says_itself_back_and_is_left_to_the_judge(text):
    script = _script(text)
    [ability] = script.abilities
    [able] = ability.static
    assert able == Able.model_validate(NEW[text]) and not script.not_covered
    assert normalise(script.words(script.say("spoils"))) == normalise(text)
    assert enforcement.unenforced(script), text  # not applied by the engine: not covered, never "anything"


def test_what_is_not_who_can_or_must_do_an_act_is_not_read_so():
    for text in ("Covert parties can be blocked by characters without Covert.",
                 "Only characters with at least 2 speed can block it.", "This card cannot attack."):
        assert not any(isinstance(node, Able) for node in walk(_script(text).abilities)), text
