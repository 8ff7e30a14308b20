"""An audit of cards the coverage report calls "full" against their printed texts (a sample drawn with
``random.Random(23)``): each test here is a discrepancy found and fixed, played through the API in
the situation the text is about, with the case where it must not apply.  Each test cites the card,
its text paraphrased and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


THANK_GOD = "THANK GOD WE INVENTED THE..."


def test_the_whatever_device_finds_only_an_item_with_numeric_cost_x_or_less(client):
    """The Whatever Device: choose X, pay X and destroy it; search the deck for an item whose numeric
    cost is X or less, then play it free or put it into the hand.  spoils.312.1 (the search finds only
    what the text looks for), spoils.406.1 (numeric cost): with X = 2, Makeshift Contrivance (6) named
    as found is not taken, it stays in the deck and is neither played nor put into the hand; with
    X = 6 it is played (spoils.604.2, spoils.308.1)."""
    def game(x):
        t = new_game(client, position(cards={"d1": {"card": "The Whatever Device", "controller": "alice"}},
                                      icons={"alice": "EEEEEE"},
                                      decks={"alice": ["Makeshift Contrivance", "Legacy Warmachine"]}))
        t.act({"type": "use_ability", "player": "alice", "card": "d1", "ability": THANK_GOD, "targets": [],
               "choices": {"x": x, "found": ["Makeshift Contrivance"]}})
        return t, t.act({"type": "pass", "player": "bob"})
    t, types = game(2)
    alice = t.state()["players"]["alice"]
    assert "CardPlayed" not in types and not t.named("Makeshift Contrivance")
    assert alice["hand_cards"] == [] and "Makeshift Contrivance" in alice["deck_cards"]
    u, types = game(6)
    assert "CardPlayed" in types


def test_trip_wire_divides_its_damage_only_among_the_attacking_characters(client):
    """Trip Wire: played only while you are being attacked; up to 3 damage divided however you want
    among the attacking characters.  spoils.402.1: a split naming bob's Dock Sentinel, which does not
    attack, or 4 damage, is refused as Trip Wire is played (nothing recorded) instead of being accepted
    and then stopping bob's pass from resolving it; 3 on the attacking Swordsman destroys it
    (spoils.408.4)."""
    t = new_game(client, position(active="bob", cards={"b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
                                                       "b2": {"card": "Dock Sentinel", "controller": "bob"}},
                                  hands={"alice": ["Trip Wire"]}, icons={"alice": "RRRR"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    while not (t.state()["to_act"] == "alice" and t.check(_play("Trip Wire", divided={"b1": 3})).get("legal")):
        who = t.state()["to_act"]
        t.act({"type": "block", "player": who, "blockers": []} if "block" in t.legal(who) else {"type": "pass", "player": who})
    before = t.state()["position"]
    for split in ({"b2": 1}, {"b1": 4}, {"b1": 1, "b2": 2}):
        assert "spoils.402.1" in _rules(t.refuse(_play("Trip Wire", divided=split)))
    assert t.state()["position"] == before
    t.act(_play("Trip Wire", divided={"b1": 3}))
    t.act({"type": "pass", "player": "bob"})
    assert "b1" not in t.state()["cards"] and t.card("b2")["damage"] == 0


def test_voidal_nullification_chamber_cannot_dissolve_with_fewer_than_4_tokens(client):
    """Voidal Nullification Chamber: DISSOLVE's cost removes 4 tokens from the Chamber (only with an
    even number of characters in play, then a character picked) to destroy that character; ENERGIZE
    (pay 2) puts a token on it.  spoils.401.3b (a cost that takes something from a card is paid only
    if the card has it), spoils.401.2: with 3 tokens DISSOLVE is refused, nothing recorded; after
    ENERGIZE it has 4 and bob's Creaky Old Swordsman is destroyed (spoils.304.1), the tokens gone."""
    cards = {"v1": {"card": "Voidal Nullification Chamber", "controller": "alice", "tokens": 3},
             "b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
             "b2": {"card": "Dock Sentinel", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GG"}))
    dissolve = {"type": "use_ability", "player": "alice", "card": "v1", "ability": "DISSOLVE", "targets": ["b1"]}
    before = t.state()["position"]
    assert "spoils.401.3b" in _rules(t.refuse(dissolve))
    assert t.state()["position"] == before and t.card("v1")["tokens"] == 3
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "v1", "ability": "ENERGIZE", "targets": []})
    t.resolve("alice", "bob", dissolve)
    assert "b1" not in t.state()["cards"] and t.card("v1")["tokens"] == 0
