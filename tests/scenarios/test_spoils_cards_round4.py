"""Spoils cards the pool rehearsal no longer plays since their picks are checked (round 4), played by
name through the API: each test shows the card's printed text changing the game, and cites the card
and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card, rule_ids)

pytestmark = needs_data


def test_tamper_picks_only_a_character_with_an_ability(client):
    """Tamper: "COST: Pick a character with an ability in its rules text. EFFECT: Destroy the
    character." (spoils.310.1, spoils.401.2): bob's Stalwart Soldier has no ability, so picking it is
    refused (nothing appended); his Fiscal Intercessor has PLEAD, so it is picked and destroyed."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Fiscal Intercessor", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Tamper"]}, icons={"alice": "EEE"}))
    before = t.state()["position"]
    refused = t.client.post(f"/games/{t.gid}/actions", json=play_card("Tamper", "b1"))
    assert refused.status_code == 422 and "spoils.310.1" in rule_ids(refused.get_json()["violations"])
    assert t.state()["position"] == before
    t.resolve("alice", "bob", play_card("Tamper", "b2"))
    cards_now = t.state()["cards"]
    assert "b2" not in cards_now and "b1" in cards_now
    assert t.audit_valid()
