"""Damage divided however a player wants, played by name through the API: among picked characters or
attacking characters, up to an amount, or Y read off the characters each player controls
(spoils.406.3, spoils.408.1).  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.positions import bob_characters as _bobs
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


BOBS = ["Creaky Old Swordsman", "Dock Sentinel", "Brash Basher"]


def _bob(n: int) -> dict[str, dict[str, str]]:
    return {f"b{i}": {"card": name, "controller": "bob"} for i, name in enumerate(BOBS[:n], start=1)}


@needs_data
def test_mass_confusion_deals_y_the_difference_in_characters(client):
    """Mass Confusion: "COST: Choose a number for X. Pay X. Pick X characters. EFFECT: Inflict Y damage
    divided however you want to the characters, where Y is the number of characters your opponent
    controls minus the number of characters you control."  Bob controls 3 characters and alice 1: Dock
    Sentinel (life 4) takes 2 (spoils.406.3, spoils.408.1); with bob at 1 character too, Y is 0."""
    for bobs, damage in ((3, 2), (1, 0)):
        cards = {"a1": {"card": "Sleeping Guard", "controller": "alice"}, **_bob(bobs)}
        if bobs == 1:
            cards = {"a1": cards["a1"], "b2": {"card": "Dock Sentinel", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Mass Confusion"]}, icons={"alice": "RRR"}))
        t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Mass Confusion",
                                   "targets": [["b2"]], "choices": {"x": 1, "divided": {"b2": damage}}})
        assert t.card("b2")["damage"] == damage, bobs


def test_trip_wire_divides_up_to_3_damage_among_the_attacking_characters(client):
    """Trip Wire: "COST: Play this only while you are being attacked. EFFECT: Inflict up to 3 damage
    divided however you want to the attacking characters." spoils.402.1 (the split, choices.divided),
    spoils.408.4: bob attacks with two characters; 2 damage destroy his Swordsman (life 2), 1 lands on
    his Dock Sentinel.  "The attacking characters" once named no card, so no split could be given."""
    t = new_game(client, position(active="bob", cards={"b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
                                                       "b2": {"card": "Dock Sentinel", "controller": "bob"}},
                                  hands={"alice": ["Trip Wire"]}, icons={"alice": "RRRRRRRR"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1", "b2"]})
    wire = _play("Trip Wire", divided={"b1": 2, "b2": 1})
    for _ in range(5):
        if t.state()["to_act"] == "alice" and t.check(wire).get("legal"):
            break
        who = t.state()["to_act"]
        t.act({"type": "block", "player": who, "blockers": []} if "block" in t.legal(who) else {"type": "pass", "player": who})
    t.act(wire)
    t.act({"type": "pass", "player": "bob"})
    assert {cid: c["damage"] for cid, c in t.state()["cards"].items()} == {"b2": 1}


def test_cannon_squadron_divides_up_to_2_damage_among_the_picked_characters(client):
    """Cannon Squadron: "FIRE! COST: Deplete this card. Pick 2 or fewer characters. EFFECT: Inflict up
    to 2 damage divided however you want to the characters." spoils.402.1 (choices.divided), spoils.408.4:
    one damage to each of bob's characters; a split naming a card not picked is refused."""
    cards = {"x1": {"card": "Cannon Squadron", "controller": "alice"},
             "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}, "b2": {"card": "Dock Sentinel", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    fire = {"type": "use_ability", "player": "alice", "card": "x1", "ability": "FIRE!", "targets": [["b1", "b2"]]}
    assert "spoils.402.1" in _rules(t.refuse({**fire, "choices": {"divided": {"x1": 2}}}))  # as it is used
    t = new_game(client, position(cards=cards))
    t.act({**fire, "choices": {"divided": {"b1": 1, "b2": 1}}})
    t.act({"type": "pass", "player": "bob"})
    assert t.card("b1")["damage"] == 1 and t.card("b2")["damage"] == 1


def test_mass_confusion_divides_y_damage_where_y_is_the_difference_in_characters(client):
    """Mass Confusion: "COST: Choose a number for X. Pay X. Pick X characters. EFFECT: Inflict Y damage
    divided however you want to the characters, where Y is the number of characters your opponent
    controls minus the number of characters you control."  Bob controls 3 characters, alice 1: Y is 2,
    divided onto Dock Sentinel (spoils.406.3, spoils.408.1); with bob down to 1 character Y is 0 and
    the Sentinel takes nothing."""
    for bobs, damage in ((3, 2), (1, 0)):
        cards = {"a1": {"card": "Sleeping Guard", "controller": "alice"}, **_bobs(bobs)}
        if bobs == 1:
            cards = {"a1": cards["a1"], "b2": {"card": "Dock Sentinel", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Mass Confusion"]}, icons={"alice": "RRR"}))
        t.resolve("alice", "bob", _play("Mass Confusion", ["b2"], x=1, divided={"b2": damage}))
        assert t.card("b2")["damage"] == damage, bobs
        assert sum(1 for r in t.state()["players"]["alice"]["resources"].values() if r.get("attached")) == 1
