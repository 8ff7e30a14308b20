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


def test_a_character_that_must_block_is_not_able_to_block_a_party_covert_by_a_members_text(client):
    """Cloaked Creeper: "While this card is a member of an attacking party, the party is Covert."
    with Defense Attorney: "If you are attacked, this card must block if it can." (spoils.507.3a-b,
    spoils.505.1): alice's Creeper and Stalwart Soldier attack together; the party is Covert though
    the Soldier has no Covert, so bob's Attorney (no Covert) cannot block it (refused) and so is not
    bound to: bob declares no blockers. The same attack without the Creeper binds the Attorney."""
    cards = {"c1": {"card": "Cloaked Creeper", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "d1": {"card": "Defense Attorney", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["c1", "a1"]})
    t.fight(stop="blocks")
    refused = t.refuse({"type": "block", "player": "bob", "blockers": ["d1"]})
    assert "spoils.507.3b" in rule_ids(refused)
    assert "BlockersDeclared" in t.act({"type": "block", "player": "bob", "blockers": []})
    u = new_game(client, position(cards=cards))
    u.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    u.fight(stop="blocks")
    assert "spoils.505.1" in rule_ids(u.refuse({"type": "block", "player": "bob", "blockers": []}))
    assert "BlockersDeclared" in u.act({"type": "block", "player": "bob", "blockers": ["d1"]})
    assert t.audit_valid() and u.audit_valid()
