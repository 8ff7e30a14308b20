"""Costs paid as though one were the opponent, in The Spoils, read against rule 401.2a, with real cards
from the shared sets (The Billionaire lets alice use bob's abilities, their extra costs satisfied as
though bob were using them)."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position, rule_ids  # noqa: F401

pytestmark = needs_data

CARDS = {"p1": {"card": "The Billionaire", "controller": "alice"},
         "l1": {"card": "The Currency Bazaar", "controller": "bob"},
         "e1": {"card": "Real Estate Auctioneer", "controller": "bob"}}


def _table(client):
    return new_game(client, position(cards=CARDS, icons={"alice": "DDD"}, hands={"bob": ["Greed", "Rage"]},
                                     decks={"bob": ["Elitism", "Obsession"]}))


def test_a_cost_needing_the_opponents_hidden_hand_cannot_be_satisfied(client):
    """spoils.401.2a: satisfying a cost as though one were the opponent uses only what one knows; to
    discard a card of some kind from the opponent's hand, that hand must be shown by an effect in
    force.  Alice would use bob's Currency Bazaar's TRADE ("Pay 1. Discard a resource."): picking a
    resource in bob's hand needs that hand shown, and no effect shows it, so the use is refused and
    nothing is recorded."""
    t = _table(client)
    before = t.state()["position"]
    trade = {"type": "use_ability", "player": "alice", "card": "l1", "ability": "TRADE", "targets": [],
             "choices": {"discarded": ["Greed"], "found": ["Elitism"]}}
    assert rule_ids(t.refuse(trade)) == ["spoils.401.2a"]
    assert t.state()["position"] == before and t.state()["players"]["bob"]["hand"] == 2


def test_a_cost_any_card_satisfies_needs_no_knowledge(client):
    """spoils.401.2a, the other side: "Discard a card" asks for no kind of card, so alice can satisfy
    it as bob without seeing his hand; bob's Real Estate Auctioneer's LIQUIDATE is used and one card of
    bob's hand is discarded (as the action records it)."""
    t = _table(client)
    t.act({"type": "use_ability", "player": "alice", "card": "e1", "ability": "LIQUIDATE", "targets": [],
           "choices": {"discarded": ["Rage"]}})
    bob = t.state()["players"]["bob"]
    assert (bob["hand"], bob["discard"]) == (1, ["Rage"]), "spoils.401.2a"
