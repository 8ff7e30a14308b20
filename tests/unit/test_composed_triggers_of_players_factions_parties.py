"""Issue 24: the events of a trigger whose subject is no card -- a player flipping a coin (and losing it), a
faction losing influence (spoils.408.3b), a party being formed (spoils.302.6, 302.7, 608.1b, 608.1d) -- and the
parts said of a card's event -- a party's size (302.5), a Covert party blocked (507.3), a card played attached to
this one (301.1), an amount of damage (408.1), a count of tokens (409) -- read as compositions
(``effects.triggers.Happens``), the old whole phrases their aliases (a counted one with its number in ``n``).

The engine fires "a coin is flipped" / "your opponent flips a coin" for the player whose effect flips it, "an
attacking party is formed" once for the attack declared, "... formed including this card" once, for that
member; what no happening tells it of (a flip lost, influence lost, a blocking party formed with no member
named) leaves a composition written anew to the judge (fail closed).  The texts are made for the test."""
from __future__ import annotations

import pytest

from adjudicator.effects.language import CardScript
from adjudicator.effects.triggers import ALIASES, COUNTED, TRIGGER_WORDS
from adjudicator.spoils import enforcement
from adjudicator.spoils.model.state import CardSpec
from adjudicator.spoils.text.trigger_read import trigger_docs
from events.models import spoils as E
from rulings.convert_spoils.card_scripts import script_for
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, pass_tactics, prepare_game, rules_of
from tests.unit.test_composed_triggers import composition_holds, made_up_script

NEW = {
    "If your opponent flips a coin, draw a card.": {"event": "flips_coin", "subject": "opponent"},
    "Whenever a player flips a coin, draw a card.": {"event": "flips_coin", "subject": "a_player"},
    "If a blocking party is formed including this card, draw a card.":
        {"event": "party_formed", "subject": "blocking_party", "including": "self"},
    "When an attacking or blocking party is formed including the attached character, draw a card.":
        {"event": "party_formed", "subject": "attacking_or_blocking_party", "including": "attached"},
    "If a blocking party is formed including the attached character and at least 1 other character, draw a card.":
        {"event": "party_formed", "subject": "blocking_party", "including": "attached", "others": 1},
    "If a character you control attacks in a party with more than 2 members, draw a card.":
        {"event": "attacks", "subject": {"cards": "character", "quantity": "a", "controller": "you"}, "more_than": 2},
    "If a character you control blocks a Covert party, draw a card.":
        {"event": "blocks", "subject": {"cards": "character", "quantity": "a", "controller": "you"}, "covert": True},
    "If your opponent plays an item attached to this card, draw a card.":
        {"event": "plays", "subject": "opponent", "what": {"cards": "item", "quantity": "an"}, "attached_to": "self"},
    "If any amount of damage greater than 2 is inflicted to a character you control, draw a card.":
        {"event": "damaged", "subject": {"cards": "character", "quantity": "a", "controller": "you"}, "passive": True,
         "amount_over": 2},
    "If a character you control has at least 3 tokens on it, draw a card.":
        {"event": "has_tokens", "subject": {"cards": "character", "quantity": "a", "controller": "you"}, "tokens": 3},
}
"""New combinations the engine evaluates whole."""
OLD = {"coin_flipped": "if a coin is flipped", "you_lose_coin_flip": "if you lose a coin flip",
       "your_faction_loses_influence": "if your faction loses influence",
       "opponent_faction_loses_influence": "if your opponent's faction loses influence",
       "party_formed": "if an attacking or blocking party is formed",
       "attacking_party_formed": "if an attacking party is formed",
       "party_formed_with_self": "when an attacking or blocking party is formed including {self}",
       "attacking_party_with_self": "if an attacking party is formed including {self}",
       "attacking_party_with_attached": "if an attacking party is formed including the attached character",
       "attacks_in_party_larger": "if {self} attacks in a party with more than {n} members",
       "attacking_party_with_self_and_others": "if an attacking party is formed including {self} and at least {n} "
                                               "other characters",
       "blocks_covert_party": "if {self} blocks a Covert party",
       "you_play_gear_attached": "if you play a \"gear\" card attached to {self}",
       "damage_greater_than": "if any amount of damage greater than {n} is inflicted to {self}",
       "has_tokens": "if {self} has at least {n} tokens on it"}
"""The whole phrases these events replace, in the words the packaged scripts print them with."""


@pytest.mark.parametrize("text", sorted(NEW))
def test_a_new_combination_converts_to_a_composition_the_engine_evaluates(text):
    composition_holds(text, NEW[text])


@pytest.mark.parametrize("name", sorted(OLD))
def test_each_old_phrase_is_an_alias_saying_its_old_words_and_read_back_by_its_name(name):
    """A counted one ("more than {n} members") holds its number in the trigger's ``n``, its composition's own."""
    assert TRIGGER_WORDS[name] == OLD[name] and name in ALIASES
    text = OLD[name].format(self="this card", n=2) + ", draw a card."
    [ability] = made_up_script("character", text).abilities
    assert ability.when == name and ability.n == (2 if name in COUNTED else None)
    assert ability.happens.model_dump(exclude_defaults=True).get(COUNTED.get(name, "n")) == ability.n


@pytest.mark.parametrize("text,unread", [
    ("If your opponent loses a coin flip, draw a card.", "a coin flip lost"),
    ("If a blocking party is formed, draw a card.", "a blocking party formed"),
    ("Whenever your faction loses influence, draw a card.", "your faction loses influence"),  # an old name: the
    ("If an attacking or blocking party is formed, draw a card.", "attacking or blocking party is formed"),  # words
    ("If your opponent's faction loses influence, draw a card.", "faction loses influence"),  # (amounts only)
])
def test_what_no_happening_tells_the_engine_of_is_not_covered_and_never_fires(text, unread):
    script = made_up_script("character", text)
    [left] = enforcement.unenforced(script)
    assert unread in left
    spec = CardSpec.model_validate({**character("Made Up", 1, 1, 1), "text": text,
                                    "script": script_for("character", text, "Made Up")})
    assert trigger_docs(spec, dict) == []


def _scripted(spec: dict, text: str) -> dict:
    return {**spec, "text": text, "script": script_for(spec["type"], text, spec["name"])}


def _resolved(t) -> list[str]:
    return [e.name.split(":")[0] for e in events_of(t, E.TriggerResolved)]


TOSS = {"name": "Toss", "type": "tactic", "cost": 0, "threshold": ""}


def test_your_opponent_flipping_a_coin_fires_your_own_flip_does_not():
    """A coin flipped by the effect of the player the trigger names (spoils.503.1)."""
    toss = _scripted(TOSS, "Flip a coin. If you win, draw a card.")
    watcher = _scripted(character("Coin Watcher", 0, 2, 1), "If your opponent flips a coin, draw a card.")
    t = prepare_game({"w": in_play("p2", watcher)}, pool={"Toss": toss})
    hand = t.state.players["p2"].hand
    t.act({"type": "play_card", "player": "p1", "card": "Toss", "choices": {"coin": "lose"}})
    t.act({"type": "pass", "player": "p2"})
    assert _resolved(t) == ["Coin Watcher"] and t.state.players["p2"].hand == hand + 1
    t = prepare_game({"w": in_play("p1", watcher)}, pool={"Toss": toss})
    t.act({"type": "play_card", "player": "p1", "card": "Toss", "choices": {"coin": "lose"}})
    t.act({"type": "pass", "player": "p2"})
    assert _resolved(t) == []


def test_an_attacking_party_formed_fires_once_for_the_party_and_including_this_card_only_with_it():
    """spoils.608.1b: an attacking party of two is formed once; "including this card" fires when it is a member."""
    every = _scripted(character("War Drummer", 0, 2, 1), "Whenever an attacking party is formed, draw a card.")
    member = _scripted(character("Flag Bearer", 1, 2, 3), "If a blocking party is formed including this card, "
                                                           "draw a card.")
    cards = {"d": in_play("p2", every), "f": in_play("p1", member), "a": in_play("p1", character("A", 1, 3, 3)),
             "b": in_play("p1", character("B", 1, 3, 3)), "x": in_play("p2", character("X", 1, 3, 3))}
    t = prepare_game(cards)
    hands = (t.state.players["p1"].hand, t.state.players["p2"].hand)
    t.act({"type": "attack", "player": "p1", "attackers": ["a", "b", "f"]})
    assert _resolved(t) == ["War Drummer"] and t.state.players["p2"].hand == hands[1] + 1  # not one per member
    t = prepare_game(cards, active="p2")
    t.act({"type": "attack", "player": "p2", "attackers": ["x"]})
    assert _resolved(t) == ["War Drummer"]
    pass_tactics(t)
    t.act({"type": "block", "player": "p1", "blockers": ["f"]})
    assert _resolved(t) == ["War Drummer", "Flag Bearer"] and t.state.players["p1"].hand == hands[0] + 1


def test_a_party_formed_including_this_card_demands_its_size_whatever_its_words():
    """A composition written anew ("it must have at least 2 members") is a demand checked as the party forms
    (spoils.608.1d, 101.1), as the old names' were: no trigger fires after."""
    text = "If a blocking party is formed including this card, it must have at least 2 members."
    oaf = _scripted(character("Timid Oaf", 1, 2, 3), text)
    assert CardScript.model_validate(oaf["script"]).abilities[0].composed
    cards = {"o": in_play("p1", oaf), "a": in_play("p1", character("A", 1, 3, 3)),
             "x": in_play("p2", character("X", 1, 3, 3))}
    t = prepare_game(cards, active="p2")
    t.act({"type": "attack", "player": "p2", "attackers": ["x"]})
    pass_tactics(t)
    assert "spoils.101.1" in rules_of(t.check({"type": "block", "player": "p1", "blockers": ["o"]}))
    assert not rules_of(t.check({"type": "block", "player": "p1", "blockers": ["a"]}))
    t.act({"type": "block", "player": "p1", "blockers": ["o", "a"]})
    assert t.state.battle.blockers == ["o", "a"] and _resolved(t) == [] and not t.state.triggers


def test_a_party_of_more_than_n_members_fires_for_each_member_attacking_and_its_old_name_with_its_n():
    """"... attacks in a party with more than 1 member" (spoils.302.5, 608.1b): each character of a party of two
    attacks in it, a lone attacker does not; "formed including this card and at least 1 other character" (the
    old name, ``n`` 1) once, for the party of two."""
    crowd = _scripted(character("Crowd Brawler", 0, 2, 1),
                      "If a character you control attacks in a party with more than 1 member, draw a card.")
    leader = _scripted(character("Pack Leader", 1, 2, 3), "If an attacking party is formed including this card "
                                                           "and at least 1 other character, draw a card.")
    assert CardScript.model_validate(leader["script"]).abilities[0].when == "attacking_party_with_self_and_others"
    cards = {"c": in_play("p1", crowd), "l": in_play("p1", leader), "a": in_play("p1", character("A", 1, 3, 3))}
    t = prepare_game(cards)
    hand = t.state.players["p1"].hand
    t.act({"type": "attack", "player": "p1", "attackers": ["a", "l"]})
    while t.state.triggers:
        t.act({"type": "choose", "player": "p1", "choice": t.state.triggers[0].id})
    assert sorted(_resolved(t)) == ["Crowd Brawler", "Crowd Brawler", "Pack Leader"]
    assert t.state.players["p1"].hand == hand + 3
    t = prepare_game(cards)
    t.act({"type": "attack", "player": "p1", "attackers": ["l"]})
    assert _resolved(t) == [] and t.state.players["p1"].hand == hand


def test_blocking_a_covert_party_fires_blocking_another_does_not():
    """"... blocks a Covert party" (spoils.302.11, 507.3a-b): only a Covert character blocks one, and it blocks
    only those (507.3c): the Lurker blocks the Covert Shade, the Guard the Brute."""
    text = "If a character you control blocks a Covert party, draw a card."
    cards = {"w": in_play("p2", _scripted(character("Night Watch", 0, 2, 1), text)),
             "lurker": in_play("p2", character("Lurker", 1, 3, 3, keywords=["covert"])),
             "shade": in_play("p1", character("Shade", 1, 3, 3, keywords=["covert"])),
             "brute": in_play("p1", character("Brute", 1, 3, 3)), "guard": in_play("p2", character("Guard", 1, 3, 3))}
    for attacker, blocker, drawn in (("shade", "lurker", 1), ("brute", "guard", 0)):
        t = prepare_game(cards)
        hand = t.state.players["p2"].hand
        t.act({"type": "attack", "player": "p1", "attackers": [attacker]})
        pass_tactics(t)
        t.act({"type": "block", "player": "p2", "blockers": [blocker]})
        assert t.state.players["p2"].hand == hand + drawn and _resolved(t) == ["Night Watch"] * drawn


def test_an_item_played_attached_to_this_card_fires_attached_elsewhere_it_does_not():
    """"If your opponent plays an item attached to this card" (spoils.301.1, 604.2): the play names this card."""
    host = _scripted(character("Lightning Rod", 0, 3, 1), "If your opponent plays an item attached to this card, "
                                                           "draw a card.")
    blade = {"name": "Rusty Blade", "type": "item", "cost": 1, "threshold": "", "attach_to": "character"}
    cards = {"h": in_play("p2", host), "x": in_play("p2", character("X", 1, 3, 3))}
    for target, drawn in (("h", 1), ("x", 0)):
        t = prepare_game(cards, pool={"Rusty Blade": blade})
        hand = t.state.players["p2"].hand
        t.act({"type": "play_card", "player": "p1", "card": "Rusty Blade", "attach_to": target})
        assert t.state.players["p2"].hand == hand + drawn and _resolved(t) == ["Lightning Rod"] * drawn


def _tactic(name: str, text: str) -> dict:
    return _scripted({"name": name, "type": "tactic", "cost": 0, "threshold": ""}, text)


def test_damage_greater_than_n_fires_damage_of_n_does_not():
    """"If any amount of damage greater than 1 is inflicted to ..." (spoils.408.1): the damage just inflicted."""
    watcher = _scripted(character("Glass Jaw", 0, 5, 1), "If any amount of damage greater than 1 is inflicted to a "
                                                          "character you control, draw a card.")
    pool = {f"Hit {n}": _tactic(f"Hit {n}", f"COST: Pick a character.\n\nEFFECT: Inflict {n} damage to the "
                                             "character.") for n in (1, 2)}
    for hit, drawn in (("Hit 1", 0), ("Hit 2", 1)):
        t = prepare_game({"w": in_play("p2", watcher)}, pool=pool)
        hand = t.state.players["p2"].hand
        t.act({"type": "play_card", "player": "p1", "card": hit, "targets": ["w"]})
        t.act({"type": "pass", "player": "p2"})
        assert t.state.cards["w"].damage == int(hit[-1])
        assert t.state.players["p2"].hand == hand + drawn and _resolved(t) == ["Glass Jaw"] * drawn


def test_tokens_reaching_n_fire_fewer_do_not():
    """"If a character you control has at least 2 tokens on it" (spoils.409): as tokens are put on it."""
    watcher = _scripted(character("Hoarder", 0, 3, 1), "If a character you control has at least 2 tokens on it, "
                                                        "draw a card.")
    pool = {"Mark": _tactic("Mark", "COST: Pick a character.\n\nEFFECT: Put a token on the character.")}
    t = prepare_game({"w": in_play("p2", watcher)}, pool=pool, active="p2")
    hand = t.state.players["p2"].hand
    for tokens, drawn in ((1, 0), (2, 1)):
        t.act({"type": "play_card", "player": "p2", "card": "Mark", "targets": ["w"]})
        t.act({"type": "pass", "player": "p1"})
        assert t.state.cards["w"].tokens == tokens and t.state.players["p2"].hand == hand - tokens + drawn
