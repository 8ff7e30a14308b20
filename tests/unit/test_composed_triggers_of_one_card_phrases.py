"""Issue 24: triggers once read as one card's whole phrase, composed of a subject and an event
(``effects.triggers.Happens``), the old name an alias of the composition (spoils.503.1):

- "when a character with 3 strength of less enters play under and opponent's control" (Pony Slaystation, as
  printed): a subject bounded by a stat ("with 3 strength or less") entering play under whose control, its
  misprints kept as the card's words (``effects.triggers.PRINTED_AS``, ``Trigger.printed``);
- "if this card is put into your discard pile from anywhere" (Mountainous Golem): the event ``put_in_discard``,
  a card arriving in a discard pile from anywhere, which the engine reads for the card itself only
  (``forbidden.discard_arrivals``): another subject leaves the trigger to the judge (fail closed);
- "if a character is put into your opponent's hand from play, you may pay 1 instead" (Geiseric, the Souleater):
  the event ``put_in_hand_from_play`` into whose hand, read only as a replacement (spoils.506.1,
  ``replacements.hand_replaced``, its subject as ``scripts.matches`` reads it): said without "instead" it is left
  to the judge, never fired after the card went;
- "if an effect controlled by your opponent causes you to discard any number of cards" (Phalludrix, the
  Impotenator): the player's event ``discards`` with whose effect causes it (``Happens.by``, spoils.305.1), fired
  as the discard happens (``ops.discards_undone``) when both the player and the effect's controller are the ones
  it names.

The texts are made for the test: new combinations of the same parts."""
from __future__ import annotations

import pytest

from adjudicator.effects import normalise
from adjudicator.effects.triggers import ALIASES, TRIGGER_WORDS, Happens
from adjudicator.spoils import enforcement
from events.models import spoils as E
from rulings.convert_spoils.card_scripts import script_for
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, prepare_game
from tests.unit.test_composed_triggers import composition_holds, made_up_script

_YOURS = {"cards": "character", "quantity": "a", "controller": "you"}
_GLOATER = "If an effect controlled by you causes your opponent to discard any number of cards, draw a card."
_MISER = ("If a character with 2 strength or less is put into a player's hand from play, you may pay 1 instead. If "
          "you do, remove it from the game.")
_KEEPER = ("If a character you control is put into your hand from play, you may pay 1 instead. If you do, remove it "
           "from the game.")
NEW = {
    "If a character with 2 strength or less enters play under your control, draw a card.":
        {"event": "enters_play", "subject": {"cards": "character", "quantity": "a", "with": "2 strength or less"},
         "under": "you"},
    "If this card is put into a discard pile from anywhere, remove it from the game.":
        {"event": "put_in_discard", "subject": "self", "pile": "a"},
    _MISER: {"event": "put_in_hand_from_play", "hand": "a_player",
             "subject": {"cards": "character", "quantity": "a", "with": "2 strength or less"}},
    _KEEPER: {"event": "put_in_hand_from_play", "hand": "you", "subject": _YOURS},
    _GLOATER: {"event": "discards", "subject": "opponent", "by": "you"},
}
"""New combinations the engine evaluates whole."""
OLD = {"weak_character_enters_under_opponent": "when a character with 3 strength or less enters play under your "
                                               "opponent's control",
       "put_in_discard_from_anywhere": "if {self} is put into your discard pile from anywhere",
       "character_to_opponent_hand_from_play": "if a character is put into your opponent's hand from play",
       "opponent_effect_discards_yours": "if an effect controlled by your opponent causes you to discard any number "
                                         "of cards"}
"""The old phrases, aliases now, in the words of their composition."""


def _scripted(spec: dict, text: str) -> dict:
    return {**spec, "text": text, "script": script_for(spec["type"], text, spec["name"])}


def _tactic(name: str, text: str) -> dict:
    return _scripted({"name": name, "type": "tactic", "cost": 0, "threshold": ""}, text)


def _resolved(t) -> list[str]:
    return [e.name.split(":")[0] for e in events_of(t, E.TriggerResolved)]


@pytest.mark.parametrize("text", sorted(NEW))
def test_a_new_combination_converts_to_a_composition_the_engine_evaluates(text):
    composition_holds(text, NEW[text])


@pytest.mark.parametrize("name", sorted(OLD))
def test_each_old_phrase_is_an_alias_read_back_by_its_name(name):
    assert TRIGGER_WORDS[name] == OLD[name] and name in ALIASES
    text = OLD[name].format(self="this card") + ", draw a card."
    [ability] = made_up_script("character", text).abilities
    assert ability.when == name and ability.happens == ALIASES[name][1]


def test_a_known_misprint_reads_as_the_composition_and_says_back_as_printed():
    """"3 strength of less", "under and opponent's control": the composition, kept in the card's words."""
    text = "If a character with 4 strength of less enters play under and opponent's control, draw a card."
    script = made_up_script("character", text)
    [ability] = script.abilities
    assert ability.happens == Happens.model_validate(
        {"event": "enters_play", "subject": {"cards": "character", "quantity": "a", "with": "4 strength or less"},
         "under": "opponent"})
    assert ability.printed == ["of_less", "under_and"]
    assert normalise(script.words(script.say("spoils"))) == normalise(text)


def test_a_character_with_the_strength_bound_entering_under_you_fires_a_stronger_or_theirs_does_not():
    """spoils.503.1: the subject's bound (its strength as it enters) and whose control it enters under, each
    enforced: a 2-strength Squire played by the watcher's controller fires; a 3-strength Knight (over the
    bound) and a Squire the opponent plays do not."""
    watcher = _scripted(character("Gatekeeper", 0, 3, 1),
                        "If a character with 2 strength or less enters play under your control, draw a card.")
    pool = {"Squire": character("Squire", 2, 2, 2, cost=0), "Knight": character("Knight", 3, 3, 2, cost=0)}
    for player, card, drawn in (("p1", "Squire", 1), ("p1", "Knight", 0), ("p2", "Squire", 0)):
        t = prepare_game({"w": in_play("p1", watcher)}, pool=pool, active=player,
                         hand_cards=([card], []) if player == "p1" else ([], [card]))
        hand = t.state.players["p1"].hand
        t.act({"type": "play_card", "player": player, "card": card})
        t.act({"type": "pass", "player": "p2" if player == "p1" else "p1"})
        played = 1 if player == "p1" else 0
        assert _resolved(t) == ["Gatekeeper"] * drawn, (player, card)
        assert t.state.players["p1"].hand == hand - played + drawn, (player, card)


def test_this_card_put_into_a_discard_pile_is_removed_from_the_game_returned_to_hand_it_is_not():
    """spoils.503.1: destroyed, the Wraith goes to its owner's discard pile (301.4) and is removed from the game;
    returned to its owner's hand it arrives in no discard pile and stays there."""
    wraith = _scripted(character("Ash Wraith", 2, 2, 2),
                       "If this card is put into a discard pile from anywhere, remove it from the game.")
    pool = {"Ash Wraith": wraith,
            "Smite": _tactic("Smite", "COST: Pick a character.\n\nEFFECT: Destroy the character."),
            "Recall": _tactic("Recall", "COST: Pick a character.\n\nEFFECT: Put the character into its owner's hand.")}
    t = prepare_game({"w": in_play("p1", wraith)}, pool=pool, active="p2")
    t.act({"type": "play_card", "player": "p2", "card": "Smite", "targets": ["w"]})
    t.act({"type": "pass", "player": "p1"})
    assert "w" not in t.state.cards
    assert t.state.players["p1"].removed == ["Ash Wraith"] and "Ash Wraith" not in t.state.players["p1"].discard
    t = prepare_game({"w": in_play("p1", wraith)}, pool=pool, active="p2")
    hand = t.state.players["p1"].hand
    t.act({"type": "play_card", "player": "p2", "card": "Recall", "targets": ["w"]})
    t.act({"type": "pass", "player": "p1"})
    assert "w" not in t.state.cards and t.state.players["p1"].hand == hand + 1
    assert t.state.players["p1"].removed == []


@pytest.mark.parametrize("text,unread", [
    ("If a character you control is put into a discard pile from anywhere, remove it from the game.",
     "another card put into a discard pile from anywhere"),
    ("If this card is put into your discard pile from anywhere, draw a card.", ""),
])
def test_what_the_engine_does_not_carry_out_is_not_covered_and_never_acts(text, unread):
    """Another card arriving (no happening tells of it), or an effect other than removing the card itself
    (``forbidden.discard_arrivals`` carries out that one only): left to the judge, never done as "anything"."""
    script = made_up_script("character", text)
    [left] = enforcement.unenforced(script)
    assert unread in left
    card = _scripted(character("Made Up", 1, 1, 1), text)
    pool = {"Made Up": card, "Smite": _tactic("Smite", "COST: Pick a character.\n\nEFFECT: Destroy the character.")}
    t = prepare_game({"m": in_play("p1", card)}, pool=pool, active="p2")
    hand = t.state.players["p1"].hand
    t.act({"type": "play_card", "player": "p2", "card": "Smite", "targets": ["m"]})
    t.act({"type": "pass", "player": "p1"})
    assert t.state.players["p1"].discard == ["Made Up"] and t.state.players["p1"].removed == []
    assert t.state.players["p1"].hand == hand and _resolved(t) == []


_EVICT = "COST: Pick a character.\n\nEFFECT: Put the character into its owner's hand."


@pytest.mark.parametrize("watcher,target,replaced", [
    (_MISER, "s2", True),    # a player's hand (p2's), 2 strength: removed from the game instead
    (_MISER, "k2", False),   # 3 strength: over the bound
    (_KEEPER, "s1", True),   # the watcher's controller's character, into their hand
    (_KEEPER, "s2", False),  # the opponent's character, into the opponent's hand: not "your hand"
])
def test_a_card_put_into_a_hand_from_play_is_replaced_as_the_composition_says(watcher, target, replaced):
    """spoils.506.1, 503.1: the subject's bound and whose hand, each enforced as the card leaves play; the
    watcher's controller pays 1 and the card is removed from the game instead of going to its owner's hand."""
    cards = {"w": in_play("p1", _scripted(character("Soul Miser", 0, 3, 1), watcher)),
             "s1": in_play("p1", character("Squire", 2, 2, 2)), "s2": in_play("p2", character("Squire", 2, 2, 2)),
             "k2": in_play("p2", character("Knight", 3, 3, 2))}
    t = prepare_game(cards, pool={"Evict": _tactic("Evict", _EVICT)}, active="p2")
    owner = cards[target]["owner"]
    hand = t.state.players[owner].hand
    t.act({"type": "play_card", "player": "p2", "card": "Evict", "targets": [target]})
    t.act({"type": "pass", "player": "p1"})
    assert target not in t.state.cards
    gone = t.state.players[owner].removed == [cards[target]["name"]]
    played = 1 if owner == "p2" else 0  # (Evict, from p2's hand)
    assert gone == replaced and t.state.players[owner].hand == hand - played + (0 if replaced else 1)
    assert bool(events_of(t, E.ReplacementApplied)) == replaced and _resolved(t) == []


def test_a_card_put_into_a_hand_said_without_instead_is_not_covered_and_never_fires():
    """No happening after a card went to a hand fires a trigger (only a replacement reads the event): "draw a card"
    is left to the judge, and the card goes to its owner's hand."""
    text = "If a character is put into your opponent's hand from play, draw a card."
    assert enforcement.unenforced(made_up_script("character", text)) == [text]
    cards = {"w": in_play("p1", _scripted(character("Soul Miser", 0, 3, 1), text)),
             "s2": in_play("p2", character("Squire", 2, 2, 2))}
    t = prepare_game(cards, pool={"Evict": _tactic("Evict", _EVICT)}, active="p2")
    hands = (t.state.players["p1"].hand, t.state.players["p2"].hand)
    t.act({"type": "play_card", "player": "p2", "card": "Evict", "targets": ["s2"]})
    t.act({"type": "pass", "player": "p1"})
    assert (t.state.players["p1"].hand, t.state.players["p2"].hand) == (hands[0], hands[1] - 1 + 1)  # Evict played
    assert _resolved(t) == [] and not events_of(t, E.ReplacementApplied)


@pytest.mark.parametrize("player,text,drawn", [
    ("p1", "Your opponent discards a card.", 1),  # p1's effect, p2 discards: fires
    ("p2", "Your opponent discards a card.", 0),  # p2's effect, p1 discards: neither the player nor the effect's
    ("p1", "Discard a card.", 0),                 # p1's effect, p1 discards: not "your opponent"
    ("p2", "Discard a card.", 0),                 # p2 discards by their own effect: not "an effect controlled by you"
])
def test_a_discard_fires_when_the_player_and_the_effects_controller_are_those_named(player, text, drawn):
    """spoils.305.1, 503.1: "If an effect controlled by you causes your opponent to discard any number of cards":
    the watcher's controller (p1) draws as the discard happens, only for their own effect and their opponent's
    discard."""
    cards = {"w": in_play("p1", _scripted(character("Gloater", 0, 3, 1), _GLOATER))}
    t = prepare_game(cards, pool={"Tantrum": _tactic("Tantrum", text)}, active=player)
    hands = {p: t.state.players[p].hand for p in ("p1", "p2")}
    t.act({"type": "play_card", "player": player, "card": "Tantrum"})
    t.act({"type": "pass", "player": "p2" if player == "p1" else "p1"})
    assert events_of(t, E.CardsDiscarded)
    discarder = {"p1": "p2", "p2": "p1"}[player] if text.startswith("Your opponent") else player
    expected = {p: hands[p] - (p == player) - (p == discarder) + (drawn if p == "p1" else 0) for p in hands}
    assert {p: t.state.players[p].hand for p in hands} == expected
