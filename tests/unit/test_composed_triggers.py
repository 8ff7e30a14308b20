"""Issue 24, "a grammar, not a list": a trigger is an opener, a subject and an event (``effects.triggers.Happens``).

The converter reads "<when|whenever|if> <a noun phrase> <an event>" and "at the start/end of <whose> turn" with
the noun-phrase grammar it reads every selector with; a composition an old name stands for is written by that
name (the packaged scripts say the same words), any other as the composition.  The engine fires a composition
when a happening of its event concerns a card its subject takes (spoils.503.1), and a subject qualifier it
cannot evaluate makes the trigger not covered and never fire (fail closed).  The texts here are made for the
test: known phrases in combinations no printed card has."""
from __future__ import annotations

import pytest

from adjudicator.effects import normalise
from adjudicator.effects.base import Say
from adjudicator.effects.language import CardScript
from adjudicator.effects.triggers import ALIASES, PHRASES, TRIGGER_WORDS, Happens
from adjudicator.spoils import enforcement
from adjudicator.spoils.text.trigger_read import trigger_docs
from adjudicator.spoils.model.state import CardSpec
from events.models import spoils as E
from rulings.convert_spoils.card_scripts import script_for
from rulings.convert_spoils.triggers import happens
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, pass_tactics, prepare_game, tactic

NEW = {
    "Whenever a character your opponent controls leaves play, draw a card.":
        {"event": "leaves_play", "subject": {"cards": "character", "quantity": "a", "controller": "opponent"}},
    "Whenever a Gearsmith character enters play under your control, draw a card.":
        {"event": "enters_play", "subject": {"cards": "character", "quantity": "a", "adjectives": ["gearsmith"]},
         "under": "you"},
    "If this card inflicts battle damage to a faction, draw a card.":
        {"event": "inflicts_battle_damage", "subject": "self", "to": {"cards": "faction", "quantity": "a"}},
    "At the end of each player's turn, draw a card.": {"event": "end_of_turn", "turn": "each_player"},
    "If your opponent's character attacks, draw a card.":
        {"event": "attacks", "subject": {"cards": "character", "quantity": "bare", "whose": "your opponent's"}},
    "When a depleted item you control is destroyed, draw a card.":
        {"event": "destroyed", "subject": {"cards": "item", "quantity": "a", "adjectives": ["depleted"],
                                           "controller": "you"}},
    "If the attached character is damaged, draw a card.": {"event": "damaged", "subject": "attached"},
    "If a \"dragon\" character is put into your discard pile from play, draw a card.":
        {"event": "put_in_discard_from_play", "subject": {"cards": "character", "quantity": "a", "subtype": "dragon"},
         "pile": "your"},
    "If your opponent plays an item, draw a card.":
        {"event": "plays", "subject": "opponent", "what": {"cards": "item", "quantity": "an"}},
    "Whenever a player plays a \"gear\" card, draw a card.":
        {"event": "plays", "subject": "a_player", "what": {"cards": "card", "quantity": "a", "subtype": "gear"}},
    "If your opponent draws any number of cards, draw a card.": {"event": "draws", "subject": "opponent"},
    "If a player attacks, draw a card.": {"event": "attacks", "subject": "a_player"},
    "When your opponent is attacked, draw a card.": {"event": "attacked", "subject": "opponent"},
    "Whenever a character you control is destroyed by battle damage, draw a card.":
        {"event": "destroyed", "subject": {"cards": "character", "quantity": "a", "controller": "you"}, "battle": True},
    "When another character you control enters play, draw a card.":
        {"event": "enters_play", "subject": {"cards": "character", "quantity": "another", "controller": "you"}},
    "Whenever a character you control attacks or blocks, draw a card.":
        {"event": "attacks", "subject": {"cards": "character", "quantity": "a", "controller": "you"},
         "or_event": "blocks"},
    "If a character you control is destroyed during a battle, draw a card.":
        {"event": "destroyed", "subject": {"cards": "character", "quantity": "a", "controller": "you"},
         "during": "a battle"},
    "Whenever battle damage is inflicted to a character you control while it's attacking, draw a card.":
        {"event": "damaged", "subject": {"cards": "character", "quantity": "a", "controller": "you"}, "battle": True,
         "passive": True, "while": "attacking"},
    "If battle damage is inflicted to this card, draw a card.":
        {"event": "damaged", "subject": "self", "battle": True, "passive": True},
    "Whenever an item your opponent controls is depleted, draw a card.":
        {"event": "becomes_depleted", "subject": {"cards": "item", "quantity": "an", "controller": "opponent"},
         "said": "is depleted"},
}
"""New combinations of known parts, and the composition each is read as."""


def made_up_script(kind: str, text: str, name: str = "Made Up") -> CardScript:
    """The script the converter writes for a made-up card of ``kind`` printing ``text``."""
    return CardScript.model_validate(script_for(kind, text, name))


def composition_holds(text: str, happens: dict) -> None:
    """A made-up character printing ``text`` converts to one composed trigger waiting for ``happens``, says the
    text back, and leaves nothing uncovered or unenforced."""
    script = made_up_script("character", text)
    [ability] = script.abilities
    assert ability.composed and ability.when == Happens.model_validate(happens)
    assert normalise(script.words(script.say("spoils"))) == normalise(text)
    assert not script.not_covered and not enforcement.unenforced(script)


@pytest.mark.parametrize("text", sorted(NEW))
def test_a_new_combination_converts_to_a_composition_that_says_the_text_back(text):
    composition_holds(text, NEW[text])


def test_each_old_name_is_the_composition_it_stands_for_and_says_its_old_words():
    """The names scripts were written with are aliases: their words are the composition's (the packaged
    scripts render back the same, tests/unit/test_effects_scripts.py), and a printed text saying them is
    written by the name again."""
    for name, (opener, composition) in ALIASES.items():  # (a counted one: its number, 0 here, is the trigger's n)
        assert TRIGGER_WORDS[name] == f"{opener} {composition.clause(Say(self_name='{self}'))}".replace(" 0 ", " {n} ")
        text = TRIGGER_WORDS[name].format(self="this card", n=2) + ", draw a card."
        [ability] = made_up_script("character", text).abilities
        assert ability.when == name or (ability.when in ALIASES and ALIASES[ability.when][1] == composition), name
    assert not set(ALIASES) & set(PHRASES)


def test_the_opener_printed_is_kept_and_a_name_is_chosen_by_it():
    assert happens("Whenever this card leaves play")[0] == "whenever"
    assert made_up_script("character", "If this card leaves play, draw a card.").abilities[0].when == "if_leaves_play"
    assert made_up_script("character", "When this card leaves play, draw a card.").abilities[0].when == "leaves_play"
    script = made_up_script("character", "Whenever a character you control is destroyed, draw a card.")
    assert script.abilities[0].when == "your_character_destroyed" and script.abilities[0].opener == "whenever"


@pytest.mark.parametrize("head", [
    "If a die is rolled",                             # no event of the game's closed set
    "If your faction is formed",                      # a faction is no party: the event takes a party
    "If a character loses influence",                 # only a faction loses influence (408.3b)
    "If a blocking party is formed including a character you control",  # a member named one card at a time
    "If 2 characters are destroyed",                  # not one card at a time
    "If a character in your discard pile is destroyed",  # not in play
    "When a card that provides at least [R] enters play under your control",  # no noun phrase
    "If a character attacks or a character blocks",   # two subjects: not one composition
])
def test_what_is_not_a_subject_and_an_event_is_not_composed(head):
    assert happens(head) is None


@pytest.mark.parametrize("text,unread", [
    ("If a picked character is destroyed, draw a card.", "picked"),
    ("If a character with the highest strength is destroyed, draw a card.", "with the highest strength"),
    ("If a character with X strength or less is destroyed, draw a card.", "with X strength or less"),
    ("If your opponent plays a depleted item, draw a card.", "depleted"),
])
def test_a_subject_the_engine_cannot_evaluate_is_not_covered_and_never_fires(text, unread):
    script = made_up_script("character", text)
    assert script.abilities[0].composed
    [left] = enforcement.unenforced(script)
    assert unread in left
    spec = CardSpec.model_validate({**character("Made Up", 1, 1, 1), "text": text,
                                    "script": script_for("character", text, "Made Up")})
    assert trigger_docs(spec, dict) == []  # never "any character"


# --- the engine: a composition fires for the cards its subject takes (spoils.503.1) ---------------------------

def _scripted(spec: dict, text: str) -> dict:
    return {**spec, "text": text, "script": script_for(spec["type"], text, spec["name"])}


def _resolved(t) -> list[str]:
    return [e.name for e in events_of(t, E.TriggerResolved)]


def test_a_character_your_opponent_controls_leaving_play_fires_and_yours_does_not():
    watcher = _scripted(character("Grim Tallyman", 1, 2, 1),
                        "Whenever a character your opponent controls leaves play, draw a card.")
    t = prepare_game({"w": in_play("p1", watcher), "theirs": in_play("p2", character("Theirs", 1, 1, 1)),
                      "mine": in_play("p1", character("Mine", 1, 1, 1))},
                     pool={"Purge": tactic("Purge", [{"destroy": "theirs"}]),
                           "Purge Mine": tactic("Purge Mine", [{"destroy": "mine"}])})
    hand = t.state.players["p1"].hand
    t.act({"type": "play_card", "player": "p1", "card": "Purge"})
    t.act({"type": "pass", "player": "p2"})
    assert t.state.players["p1"].hand == hand and len(_resolved(t)) == 1  # played one, drew one
    t.act({"type": "play_card", "player": "p1", "card": "Purge Mine"})
    t.act({"type": "pass", "player": "p2"})
    assert t.state.players["p1"].hand == hand - 1 and len(_resolved(t)) == 1


def test_a_gearsmith_character_entering_under_your_control_fires_another_does_not():
    chorus = _scripted({"name": "Gear Chorus", "type": "location", "structure": 5},
                       "Whenever a Gearsmith character enters play under your control, draw a card.")
    t = prepare_game({"c": in_play("p1", chorus)},
                     pool={"Cog Adept": character("Cog Adept", 1, 1, 1, trade="Gearsmith"),
                           "Plain Adept": character("Plain Adept", 1, 1, 1, trade="Warlord")})
    hand = t.state.players["p1"].hand
    t.act({"type": "play_card", "player": "p1", "card": "Plain Adept"})
    t.act({"type": "pass", "player": "p2"})
    assert t.state.players["p1"].hand == hand - 1 and not _resolved(t)
    t.act({"type": "play_card", "player": "p1", "card": "Cog Adept"})
    t.act({"type": "pass", "player": "p2"})
    assert t.state.players["p1"].hand == hand - 1 and [n.split(":")[0] for n in _resolved(t)] == ["Gear Chorus"]


def _battle(t, blockers: list[str] = ()) -> None:
    for _ in range(30):
        s = t.state
        if s.battle is None:
            return
        if s.battle.stage == "blocks" and s.to_act == s.battle.defender:
            t.act({"type": "block", "player": s.to_act, "blockers": list(blockers)})
        else:
            t.act({"type": "pass", "player": s.to_act})
    raise AssertionError("the battle did not end")


def test_battle_damage_to_a_faction_fires_and_battle_damage_to_a_blocker_does_not():
    """spoils.609.1: an unblocked attacker inflicts its battle damage to the defending faction; blocked,
    to the blocker."""
    text = "If this card inflicts battle damage to a faction, draw a card."
    t = prepare_game({"a": in_play("p1", _scripted(character("Ember Raider", 2, 2, 3), text))})
    hand = t.state.players["p1"].hand
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    _battle(t)
    assert t.state.players["p2"].faction.influence == 23 and t.state.players["p1"].hand == hand + 1
    t = prepare_game({"a": in_play("p1", _scripted(character("Ember Raider", 2, 2, 3), text)),
                      "b": in_play("p2", character("Wall", 0, 5, 1))})
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    pass_tactics(t)
    _battle(t, ["b"])
    assert t.state.players["p2"].faction.influence == 25 and t.state.players["p1"].hand == hand and not _resolved(t)


def test_the_end_of_each_players_turn_and_an_old_name_the_engine_did_not_match_fire_by_their_composition():
    """"At the end of your opponent's turn" was a name the engine had no matcher for (not covered); as the
    composition it stands for it fires at the end of the opponent's turn only (spoils.602.5)."""
    each = _scripted(character("Tick", 1, 1, 1), "At the end of each player's turn, draw a card.")
    theirs = _scripted(character("Tock", 1, 1, 1), "At the end of your opponent's turn, draw a card.")
    assert CardScript.model_validate(theirs["script"]).abilities[0].when == "end_of_opponent_turn"
    assert not enforcement.unenforced(CardScript.model_validate(theirs["script"]))
    t = prepare_game({"tick": in_play("p1", each), "tock": in_play("p2", theirs)})
    t.act({"type": "end_turn", "player": "p1"})
    t.act({"type": "pass", "player": "p2"})
    first = next(tr.id for tr in t.state.triggers if tr.card_id == "tock")  # the active player orders them (503.4)
    t.act({"type": "choose", "player": "p1", "choice": first})
    assert [n.split(":")[0] for n in _resolved(t)] == ["Tock", "Tick"]
    t = prepare_game({"tick": in_play("p1", each), "tock": in_play("p2", theirs)}, active="p2")
    t.act({"type": "end_turn", "player": "p2"})  # the end of Tock's controller's own turn
    t.act({"type": "pass", "player": "p1"})
    assert [n.split(":")[0] for n in _resolved(t)] == ["Tick"]


def test_your_opponent_playing_an_item_fires_a_character_does_not():
    """"If your opponent plays an item" (spoils.604.2): the card played is what the trigger names, by its kind."""
    watcher = _scripted(character("Pawn Broker", 1, 2, 1), "If your opponent plays an item, draw a card.")
    t = prepare_game({"w": in_play("p1", watcher)}, active="p2",
                     pool={"Trinket": {"name": "Trinket", "type": "item", "cost": 1, "threshold": ""},
                           "Squire": character("Squire", 1, 1, 1, cost=1)})
    hand = t.state.players["p1"].hand
    t.act({"type": "play_card", "player": "p2", "card": "Squire"})
    t.act({"type": "pass", "player": "p1"})
    assert t.state.players["p1"].hand == hand and not _resolved(t)
    t.act({"type": "play_card", "player": "p2", "card": "Trinket"})
    t.act({"type": "pass", "player": "p1"})
    assert t.state.players["p1"].hand == hand + 1 and [n.split(":")[0] for n in _resolved(t)] == ["Pawn Broker"]


def test_a_player_attacking_fires_for_either_player_your_opponent_attacked_only_when_it_is():
    each = _scripted(character("Drummer", 0, 2, 1), "If a player attacks, draw a card.")
    attacked = _scripted(character("Lookout", 0, 2, 1), "When your opponent is attacked, draw a card.")
    t = prepare_game({"d": in_play("p2", each), "l": in_play("p1", attacked),
                      "a": in_play("p1", character("A", 1, 1, 3))})
    hands = (t.state.players["p1"].hand, t.state.players["p2"].hand)
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    while t.state.triggers:
        t.act({"type": "choose", "player": "p1", "choice": t.state.triggers[0].id})
    assert sorted(n.split(":")[0] for n in _resolved(t)) == ["Drummer", "Lookout"]
    assert (t.state.players["p1"].hand, t.state.players["p2"].hand) == (hands[0] + 1, hands[1] + 1)


def test_battle_damage_inflicted_to_this_card_fires_other_damage_does_not():
    """"If battle damage is inflicted to this card" (spoils.609.1): a tactic's damage (spoils.408.1) is not
    battle damage; the attacker's, as it blocks, is."""
    text = "If battle damage is inflicted to this card, draw a card."
    t = prepare_game({"w": in_play("p2", _scripted(character("Stout Wall", 0, 5, 1), text)),
                      "a": in_play("p1", character("Raider", 1, 3, 3))},
                     pool={"Singe": tactic("Singe", [{"damage": 1, "to": "w"}])})
    hand = t.state.players["p2"].hand
    t.act({"type": "play_card", "player": "p1", "card": "Singe"})
    t.act({"type": "pass", "player": "p2"})
    assert t.state.cards["w"].damage == 1 and not _resolved(t)
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    pass_tactics(t)
    _battle(t, ["w"])
    assert t.state.cards["w"].damage == 2 and t.state.players["p2"].hand == hand + 1 and len(_resolved(t)) == 1


def test_a_character_you_control_destroyed_by_battle_damage_fires_destroyed_otherwise_it_does_not():
    """"... is destroyed by battle damage": destroyed for its damage (spoils.408.4) after battle damage
    (spoils.609.1); destroyed by a tactic's effect it does not fire."""
    text = "Whenever a character you control is destroyed by battle damage, draw a card."
    t = prepare_game({"w": in_play("p2", _scripted(character("Mourner", 0, 3, 1), text)),
                      "g": in_play("p2", character("Guard", 0, 1, 1)), "g2": in_play("p2", character("Guard", 0, 1, 1)),
                      "a": in_play("p1", character("Raider", 2, 3, 3))},
                     pool={"Purge": tactic("Purge", [{"destroy": "g2"}])})
    hand = t.state.players["p2"].hand
    t.act({"type": "play_card", "player": "p1", "card": "Purge"})
    t.act({"type": "pass", "player": "p2"})
    assert "g2" not in t.state.cards and not _resolved(t)
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    pass_tactics(t)
    _battle(t, ["g"])
    assert "g" not in t.state.cards and t.state.players["p2"].hand == hand + 1 and len(_resolved(t)) == 1


def test_another_character_you_control_entering_fires_this_one_entering_does_not():
    text = "When another character you control enters play, draw a card."
    t = prepare_game(pool={"Herald": _scripted(character("Herald", 1, 1, 1, cost=1), text),
                           "Squire": character("Squire", 1, 1, 1, cost=1)})
    hand = t.state.players["p1"].hand
    t.act({"type": "play_card", "player": "p1", "card": "Herald"})
    t.act({"type": "pass", "player": "p2"})
    assert t.state.players["p1"].hand == hand - 1 and not _resolved(t)
    t.act({"type": "play_card", "player": "p1", "card": "Squire"})
    t.act({"type": "pass", "player": "p2"})
    assert t.state.players["p1"].hand == hand - 1 and len(_resolved(t)) == 1


def test_a_character_you_control_attacking_or_blocking_fires_once_for_each():
    """"... attacks or blocks": either event (spoils.608.1, 608.1d), each once."""
    text = "Whenever a character you control attacks or blocks, draw a card."
    t = prepare_game({"w": in_play("p1", _scripted(character("Drill Sergeant", 0, 3, 1), text)),
                      "a": in_play("p1", character("Raider", 1, 3, 3)), "b": in_play("p2", character("Foe", 1, 3, 3))})
    hand = t.state.players["p1"].hand
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    assert t.state.players["p1"].hand == hand + 1 and len(_resolved(t)) == 1
    _battle(t)
    t = prepare_game({"w": in_play("p1", _scripted(character("Drill Sergeant", 0, 3, 1), text)),
                      "a": in_play("p1", character("Guard", 1, 3, 3)), "b": in_play("p2", character("Foe", 1, 3, 3))},
                     active="p2")
    t.act({"type": "attack", "player": "p2", "attackers": ["b"]})
    pass_tactics(t)
    _battle(t, ["a"])
    assert t.state.players["p1"].hand == hand + 1 and len(_resolved(t)) == 1


def test_battle_damage_to_a_character_you_control_while_it_is_attacking_fires_while_blocking_does_not():
    text = "Whenever battle damage is inflicted to a character you control while it's attacking, draw a card."
    cards = {"w": in_play("p1", _scripted(character("War Drummer", 0, 3, 1), text)),
             "a": in_play("p1", character("Raider", 1, 5, 3)), "b": in_play("p2", character("Foe", 1, 5, 3))}
    t = prepare_game(cards)
    hand = t.state.players["p1"].hand
    t.act({"type": "attack", "player": "p1", "attackers": ["a"]})
    pass_tactics(t)
    _battle(t, ["b"])
    assert t.state.cards["a"].damage == 1 and t.state.players["p1"].hand == hand + 1 and len(_resolved(t)) == 1
    t = prepare_game(cards, active="p2")
    t.act({"type": "attack", "player": "p2", "attackers": ["b"]})
    pass_tactics(t)
    _battle(t, ["a"])
    assert t.state.cards["a"].damage == 1 and t.state.players["p1"].hand == hand and not _resolved(t)
