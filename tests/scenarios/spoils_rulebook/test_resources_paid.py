"""Paying with resources in The Spoils (spoils.203.3a, 203.7, 309.1), through the API: only the
resources not yet attached pay, and paying attaches them to the faction instead of depleting them."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def test_resources_already_attached_cannot_pay_again(client):
    """spoils.203.3a: alice controls three Rage staples, two already attached this turn; the Stalwart
    Soldier costs 3, so the one unattached resource cannot pay it: refused (spoils.309.1)."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}, attached={"alice": 2}))
    assert rule_ids(t.refuse(play_card("Stalwart Soldier"))) == ["spoils.309.1"], "spoils.203.3a"
    assert t.state()["players"]["alice"]["unattached"] == 1


def test_paying_attaches_resources_and_never_depletes_them(client):
    """spoils.203.7: paying the Soldier's 3 attaches the three resources to alice's faction; none is
    depleted (a resource is never depleted)."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", play_card("Stalwart Soldier"))
    resources = t.state()["players"]["alice"]["resources"].values()
    assert all(r["attached"] for r in resources) and not any(r.get("depleted") for r in resources), "spoils.203.7"
    assert t.state()["players"]["alice"]["unattached"] == 0
