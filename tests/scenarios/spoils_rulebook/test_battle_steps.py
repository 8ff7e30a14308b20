"""A battle of The Spoils walked step by step through the API, each step checked against the rule
that describes it (608, 609 of the comprehensive rules), with real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data

SOLDIERS = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
            "b1": {"card": "Stalwart Soldier", "controller": "bob"}}


def _pass(t, who: str) -> dict:
    t.act({"type": "pass", "player": who})
    return t.last


def test_an_attack_depletes_the_attackers_and_opens_a_round_of_tactics_before_blocks(client):
    """spoils.608.1c: after the attack is declared each player may play tactics and use abilities
    before blockers are declared, the attacker first; spoils.303.1: attacking depletes the attacker."""
    t = new_game(client, position(cards=SOLDIERS))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert types(t.last) == ["AttackDeclared", "CardsDepleted", "BattleStageStarted"]
    assert "spoils.608.1c" in cited(t.last) and t.card("a1")["depleted"] is True
    state = t.state()
    assert (state["battle"]["stage"], state["to_act"]) == ("attack_tactics", "alice")


def test_after_blocks_step_a_lets_both_players_act_then_the_speed_level_is_found(client):
    """spoils.609.1a: once blocks are declared the attacking player, then the defending player, may
    play tactics and use abilities; spoils.609.1b: when both pass, the highest speed among the
    characters that have not dealt damage is found and those characters assign their damage."""
    t = new_game(client, position(cards=SOLDIERS))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    _pass(t, "alice"), _pass(t, "bob")
    t.act({"type": "block", "player": "bob", "blockers": ["b1"]})
    assert "spoils.609.1a" in cited(t.last) and t.state()["to_act"] == "alice"
    _pass(t, "alice")
    step_b = _pass(t, "bob")
    assert {"spoils.609.1b", "spoils.609.1d"} <= cited(step_b)


def test_damage_assigned_with_nothing_to_choose_is_assigned_for_the_player(client):
    """spoils.engine.automatic-assignment: an unblocked attacker has only the faction to hit, so its
    damage is assigned without asking its player; spoils.609.1e then gives both players a round of
    tactics before the damage is dealt."""
    t = new_game(client, position(cards=SOLDIERS))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    _pass(t, "alice"), _pass(t, "bob")
    t.act({"type": "block", "player": "bob", "blockers": []})
    _pass(t, "alice")
    assigned = _pass(t, "bob")
    assert "DamageAssignedByRule" in types(assigned)
    assert {"spoils.engine.automatic-assignment", "spoils.609.1e"} <= cited(assigned)
    assert t.state()["battle"]["stage"] == "tactics_e"


def test_step_f_deals_all_assigned_damage_and_an_unblocked_attack_costs_influence(client):
    """spoils.609.1f: the assigned battle damage is dealt all at once; spoils.202.4: damage to a
    faction takes that much influence (3 from Stalwart Soldier's strength 3); spoils.609.1h: the
    battle ends with the surviving characters depleted."""
    t = new_game(client, position(cards=SOLDIERS))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(blockers=[])
    assert {"spoils.609.1f", "spoils.609.1h"} <= cited(t.last)
    assert "InfluenceLost" in types(t.last) and t.influence("bob") == 22, "spoils.202.4"
    assert t.card("a1")["depleted"] is True and t.state()["battle"] is None


def test_characters_whose_damage_reaches_their_life_are_destroyed(client):
    """spoils.204.5: a character whose damage this turn reaches its life is destroyed at once; two
    Stalwart Soldiers (3 strength, 3 life) blocking each other both go to the discard pile."""
    t = new_game(client, position(cards=SOLDIERS))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(blockers=["b1"])
    assert types(t.last).count("CardDestroyed") == 2, "spoils.204.5"
    assert "a1" not in t.state()["cards"] and "b1" not in t.state()["cards"]
    assert t.state()["players"]["alice"]["discard"] == ["Stalwart Soldier"]


def test_a_location_can_be_attacked_and_is_destroyed_at_its_structure(client):
    """spoils.207.3: an opponent's location may be the target of an attack; spoils.408.5: it is
    destroyed once the damage it has taken reaches its structure."""
    cards = {"a1": SOLDIERS["a1"], "l1": {"card": "The Currency Bazaar", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert t.card("l1")["structure"] == 3, "spoils.207.4: the damage that destroys it"
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"], "target": "l1"})
    assert "spoils.207.3" in cited(t.last)
    t.fight()
    assert "spoils.408.5" in cited(t.last) and "l1" not in t.state()["cards"], "spoils.207.5"
    assert t.influence("bob") == 25


def test_damage_taken_earlier_this_turn_counts_and_does_not_lower_life(client):
    """spoils.faq.damage-not-life-loss: a Stalwart Soldier with 2 damage still has life 3;
    spoils.408.8: the single point the Unimportant Wizard deals takes it to its life, so that point
    destroys it (spoils.204.5)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice", "damage": 2},
             "b1": {"card": "Unimportant Wizard", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert t.card("a1")["effective"]["life"] == 3, "spoils.faq.damage-not-life-loss"
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(blockers=["b1"])
    destroyed = {e["data"]["card_id"]: e["data"]["reason"] for e in t.last["events"] if e["type"] == "CardDestroyed"}
    assert destroyed["a1"] == "3 damage >= 3 life", "spoils.408.8"
    assert "a1" not in t.state()["cards"]
