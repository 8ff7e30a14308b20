"""Numeric costs of abilities in The Spoils (spoils.406.5, 406.5a, 410.5), through the API with
F.U.M.A.S.T. ("reduce the numeric cost of your faction's abilities by 1, to a minimum of 1")."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data

FUMAST = "First Unified Market of Abstract Secure Theoreticals"


def test_a_pay_in_an_ability_is_a_numeric_cost_that_reductions_lower(client):
    """spoils.406.5 with spoils.406.5a: the faction's DRAW says "pay 3"; that is a numeric cost, so
    F.U.M.A.S.T. lowers it by 1 and alice pays 2."""
    t = new_game(client, position(cards={"f1": {"card": FUMAST, "controller": "alice"}}, icons={"alice": "GGGG"},
                                  decks={"alice": ["Greed"]}))
    t.resolve("alice", "bob", {"type": "faction_ability", "player": "alice", "ability": "DRAW"})
    assert t.state()["players"]["alice"]["unattached"] == 2, "spoils.406.5a"
    assert t.state()["players"]["alice"]["hand"] == 1, "spoils.406.5"


def test_a_minimum_does_not_raise_a_lower_cost(client):
    """spoils.410.5: Drowned Catacombs' SNEAK pays X, the number of characters bob controls: none, so X
    is 0; F.U.M.A.S.T.'s "to a minimum of 1" does not raise that 0, and alice pays nothing."""
    t = new_game(client, position(cards={"f1": {"card": FUMAST, "controller": "alice"},
                                         "d1": {"card": "Skilled Negotiator", "controller": "alice"}},
                                  icons={"alice": "DD"}, factions={"alice": "Drowned Catacombs"}))
    t.resolve("alice", "bob", {"type": "faction_ability", "player": "alice", "ability": "SNEAK", "targets": ["d1"]})
    assert t.state()["players"]["alice"]["unattached"] == 2, "spoils.410.5"
