"""Numeric costs of The Spoils read against rule 406 (406.3a, 406.5b, 406.6): paid last, after the
extra costs; reductions for a type of card do not touch a "pay" an effect asks for; never below 0.
Real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data

SIEGE = {"m1": {"card": "Siege Machine", "controller": "alice"}}
RAM = {"type": "use_ability", "player": "alice", "card": "m1", "ability": "BATTERING RAM", "targets": ["alice.r1"]}


def _resources(t, player: str = "alice") -> dict[str, bool]:
    return {rid: r["attached"] for rid, r in t.state()["players"][player]["resources"].items()}


def test_the_numeric_cost_is_paid_after_the_extra_costs(client):
    """spoils.406.3a: the numeric cost is always paid last, once the extra costs are done.  Siege
    Machine's BATTERING RAM costs "Pay 2. Destroy a resource you control."  With two unattached
    resources, destroying one first leaves one to pay 2: the ability cannot be used, and nothing is
    recorded.  With three, the destroyed one is gone before paying, so the other two both pay."""
    t = new_game(client, position(cards=SIEGE, icons={"alice": "RR"}))
    before = t.state()["position"]
    assert "spoils.406.3a" in rule_ids(t.refuse(RAM)) and t.state()["position"] == before
    t = new_game(client, position(cards=SIEGE, icons={"alice": "RRR"}))
    t.act(RAM)
    assert "ResourceDestroyed" in types(t.last)
    assert _resources(t) == {"alice.r2": True, "alice.r3": True}, "spoils.406.3a"


def test_a_resource_already_attached_may_be_the_one_destroyed(client):
    """spoils.406.3a with spoils.203.3a: a resource attached earlier this turn is still one alice
    controls; destroying it for the extra cost leaves both unattached ones to pay the 2."""
    t = new_game(client, position(cards=SIEGE, icons={"alice": "RRR"}, attached={"alice": 1}))
    t.act(RAM)
    assert _resources(t) == {"alice.r2": True, "alice.r3": True}, "spoils.406.3a"


def test_a_reduction_for_a_card_type_leaves_an_effects_pay_alone(client):
    """spoils.406.5b: a "pay N" an effect asks for is a numeric cost, but not the cost of a card being
    played, so a reduction for playing a type of card does not lower it.  Alice's Ensmallment Ray
    makes the characters she plays cost 2 less; when bob attacks, her depleted Class Action Defender's
    "you may pay 2: restore this card" still costs her 2 resources."""
    cards = {"d1": {"card": "Class Action Defender", "controller": "alice", "depleted": True},
             "r1": {"card": "Ensmallment Ray", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(active="bob", cards=cards, icons={"alice": "GGG"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    assert "CardsRestoredByEffect" in types(t.last) and t.card("d1")["depleted"] is False
    assert t.state()["players"]["alice"]["unattached"] == 1, "spoils.406.5b"


def test_a_numeric_cost_stops_at_zero(client):
    """spoils.406.6: a numeric cost cannot go below 0.  After 1337! ("the next card you play this turn
    costs 4 less"), alice's Kettinger (cost 2) costs 0: she attaches nothing, and the 2 left over of the
    reduction give her nothing back."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["1337!", "Kettinger"]}, icons={"alice": "EEER"},
                                  decks={"alice": ["Greed"]}))
    t.resolve("alice", "bob", play_card("1337!"))
    assert t.state()["players"]["alice"]["unattached"] == 1
    t.act(play_card("Kettinger", attach_to="a1"))
    assert "ResourcesAttached" not in types(t.last)
    t.act({"type": "pass", "player": "bob"})
    assert t.state()["players"]["alice"]["unattached"] == 1, "spoils.406.6"
    assert t.card("a1")["effective"]["strength"] == 5
