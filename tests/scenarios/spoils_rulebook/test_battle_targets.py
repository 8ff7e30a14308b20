"""A battle's target and its damage in The Spoils (spoils.407.5, faq.speed-zero), through the API with
real cards."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data

FUMAST = "First Unified Market of Abstract Secure Theoreticals"


def test_a_location_attacked_that_changes_controller_is_no_longer_the_target(client):
    """spoils.407.5: alice's Stalwart Soldier attacks bob's F.U.M.A.S.T.; during the battle her Gus
    VanBaymaven takes control of the location, which stops being the attack's target and takes no
    damage."""
    cards = {"s1": {"card": "Stalwart Soldier", "controller": "alice"},
             "g1": {"card": "Gus VanBaymaven", "controller": "alice"},
             "l1": {"card": FUMAST, "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GGG"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["s1"], "target": "l1"})
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "g1",
                               "ability": "ALL YOUR BAYS ARE BELONG TO GUS", "targets": ["l1"]})
    assert "spoils.407.5" in cited(t.last)
    assert t.state()["battle"]["target_lost"] is True, "spoils.407.5"
    t.fight()
    assert t.card("l1")["controller"] == "alice" and t.card("l1")["damage"] == 0, "spoils.407.5"


def test_a_speed_zero_character_still_deals_its_damage(client):
    """spoils.faq.speed-zero: alice's Pit Boss has speed 0 (no [D] for it); unblocked, it still deals
    its 2 damage to bob's faction."""
    t = new_game(client, position(cards={"p1": {"card": "Pit Boss", "controller": "alice"}}, icons={"alice": "R"}))
    assert t.card("p1")["effective"]["speed"] == 0
    t.act({"type": "attack", "player": "alice", "attackers": ["p1"]})
    t.fight()
    assert t.influence("bob") == 23, "spoils.faq.speed-zero"
