"""What counts as battle damage in The Spoils (spoils.faq.battle-damage), through the API with Venomous
Sacspider ("if this card is destroyed by battle damage, your opponent discards their hand")."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def test_damage_from_a_tactic_is_not_battle_damage(client):
    """spoils.faq.battle-damage: alice's Perforate destroys bob's Venomous Sacspider with 3 damage; that is
    a tactic's damage, not battle damage, so alice keeps her hand."""
    t = new_game(client, position(cards={"v1": {"card": "Venomous Sacspider", "controller": "bob"}},
                                  hands={"alice": ["Perforate", "Pinch", "Distraction"]}, icons={"alice": "RRRRR"}))
    t.resolve("alice", "bob", play_card("Perforate", "v1", x=3))
    s = t.state()
    assert "v1" not in s["cards"], "spoils.faq.battle-damage"
    assert s["players"]["alice"]["hand_cards"] == ["Pinch", "Distraction"], "spoils.faq.battle-damage"


def test_damage_dealt_in_the_battle_is(client):
    """spoils.faq.battle-damage: the same Sacspider blocking alice's attacking Stalwart Soldier dies of
    the damage the Soldier assigns in the battle: that is battle damage, and alice discards her hand."""
    t = new_game(client, position(cards={"v1": {"card": "Venomous Sacspider", "controller": "bob"},
                                         "s1": {"card": "Stalwart Soldier", "controller": "alice"}},
                                  hands={"alice": ["Pinch", "Distraction"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["s1"]})
    t.fight(blockers=["v1"])
    s = t.state()
    assert "v1" not in s["cards"] and s["players"]["alice"]["hand"] == 0, "spoils.faq.battle-damage"
