"""Abilities and keywords of The Spoils through the API, read against the rules (606, 306.3, 406.4,
507.3, 602.1b), with real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data

LIQUIDATE = {"type": "use_ability", "player": "alice", "card": "e1", "ability": "LIQUIDATE", "targets": [],
             "choices": {"discarded": ["Distraction"]}}


def _auctioneer(client):
    cards = {"e1": {"card": "Real Estate Auctioneer", "controller": "alice"}}
    return new_game(client, position(cards=cards, hands={"alice": ["Distraction"]}, icons={"alice": "GGGG"},
                                     decks={"alice": ["Greed", "Rage", "Elitism"]}))


def test_an_abilitys_costs_are_paid_as_it_is_used(client):
    """spoils.606.1c: Real Estate Auctioneer's LIQUIDATE costs 2, a discard and depleting itself; all
    are paid as it is used (spoils.305.1 for the discard), before bob may respond (spoils.606.1f)."""
    t = _auctioneer(client)
    t.act(LIQUIDATE)
    assert types(t.last) == ["AbilityUsed", "ResourcesAttached", "CardsDepleted", "CardsDiscarded"]
    assert {"spoils.606.1c", "spoils.305.1", "spoils.606.1f"} <= cited(t.last)
    alice = t.state()["players"]["alice"]
    assert alice["unattached"] == 2, "spoils.406.4: the ability's numeric cost is its 'pay 2'"
    assert alice["discard"] == ["Distraction"] and t.card("e1")["depleted"] is True


def test_an_ability_resolves_after_responses_and_its_draw_is_one_event(client):
    """spoils.606.1g: when bob passes, LIQUIDATE resolves; spoils.306.3: "draw 2 cards" is one draw
    of two cards, a single event."""
    t = _auctioneer(client)
    t.act(LIQUIDATE)
    t.act({"type": "pass", "player": "bob"})
    assert "spoils.606.1g" in cited(t.last)
    draws = [e["data"] for e in t.last["events"] if e["type"] == "CardsDrawn"]
    assert len(draws) == 1 and draws[0]["count"] == 2, "spoils.306.3"
    assert t.state()["players"]["alice"]["hand"] == 2


def _air_travel(client):
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Air Travel"]}, icons={"alice": "OOO"},
                                  decks={"alice": ["Greed"]}))
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Air Travel", "targets": ["a1"]})
    return t


def test_a_character_that_gains_covert_has_the_keyword(client):
    """spoils.507.3d: after Air Travel the Stalwart Soldier really has Covert among its keywords."""
    t = _air_travel(client)
    assert t.card("a1")["effective"]["keywords"] == ["covert"], "spoils.507.3d"


def test_a_covert_party_cannot_be_blocked_by_characters_without_covert(client):
    """spoils.507.3a: the Soldier attacks alone with Covert; bob's Soldier lacks it, so no block is
    offered and the answer cites the rule."""
    t = _air_travel(client)
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert "spoils.507.3a" in cited(t.last)
    assert "block" not in t.legal("bob")


def test_effects_lasting_this_turn_end_when_the_next_turn_starts(client):
    """spoils.602.1b: Air Travel gave Covert "this turn"; at the start of bob's turn it is gone."""
    t = _air_travel(client)
    t.end_turn("alice", "bob")
    assert t.card("a1")["effective"]["keywords"] == [], "spoils.602.1b"


def test_a_character_may_use_its_ability_the_turn_it_comes_into_play(client):
    """spoils.204.3a: the Real Estate Auctioneer alice has just played uses LIQUIDATE at once, though
    it could not attack this turn."""
    t = new_game(client, position(hands={"alice": ["Real Estate Auctioneer", "Greed"]}, icons={"alice": "GGGGGGGG"},
                                  decks={"alice": ["Rage", "Rage"]}))
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Real Estate Auctioneer", "targets": []})
    (cid,) = t.named("Real Estate Auctioneer")
    t.act({"type": "use_ability", "player": "alice", "card": cid, "ability": "LIQUIDATE", "targets": [],
           "choices": {"discarded": ["Greed"]}})
    assert "spoils.606.1c" in cited(t.last) and t.card(cid)["depleted"] is True, "spoils.204.3a"


def test_a_character_removed_from_battle_deals_no_damage(client):
    """spoils.302.15: Temple Guardian's DEFLECT removes alice's attacking Brute from the battle, so it
    is no longer in the attacking party and deals nothing (spoils.intro.removed-before-damage)."""
    cards = {"a1": {"card": "Plodding Brute", "controller": "alice"},
             "g1": {"card": "Temple Guardian", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"bob": "GGG"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "use_ability", "player": "bob", "card": "g1", "ability": "DEFLECT", "targets": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    assert "spoils.302.15" in cited(t.last) and "RemovedFromBattle" in types(t.last)
    assert t.state()["battle"]["attackers"] == []
    t.fight()
    assert t.influence("bob") == 25, "spoils.intro.removed-before-damage"


def test_a_coin_flip_is_taken_as_recorded(client):
    """spoils.engine.coin-flip: Fwing! flips a coin; the action records it won (the Soldier gains 1
    strength this turn) or lost (it does not), and the answer cites the rule."""
    for coin, strength in (("win", 4), ("lose", 3)):
        t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"}},
                                      hands={"alice": ["Fwing!"]}, icons={"alice": "DD"}))
        t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Fwing!", "targets": ["a1"],
                                   "choices": {"coin": coin}})
        assert "spoils.engine.coin-flip" in cited(t.last)
        assert t.card("a1")["effective"]["strength"] == strength
