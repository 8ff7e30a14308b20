"""Where battle damage goes and how much of it, played by name through the API: damage that must be
assigned to one card, assigned past the blockers to the target, reduced to 0 for a battle, a party or
Covert attackers, inflicted again elsewhere (spoils.609.1c, spoils.506.3).  Each test cites the card
and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import attack as _attack
from tests.scenarios.spoils.steps import declare_attack as _declare_attack, refused_unchanged as _refused
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_courageous_paladin_draws_all_the_battle_damage(client):
    """Courageous Paladin (2/3/3): "All battle damage that could be assigned to this card must be
    assigned to it." (spoils.609.1c, spoils.505.1): bob blocks alice's Stalwart Soldier with the Paladin
    and a Nimble Conscript (3/2/3); alice's 3 damage assigned to the Conscript is refused (nothing
    appended), split between them too; all of it goes to the Paladin, which is destroyed while the
    Conscript is untouched."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "p1": {"card": "Courageous Paladin", "controller": "bob"},
             "b2": {"card": "Nimble Conscript", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("a1"))
    t.fight(blockers=["p1", "b2"], stop="assign_attacker")
    to_scout = {"type": "assign_damage", "player": "alice", "assignments": [{"from": "a1", "to": "b2", "amount": 3}]}
    assert "spoils.505.1" in _refused(t, to_scout)
    split = {"type": "assign_damage", "player": "alice", "assignments": [
        {"from": "a1", "to": "b2", "amount": 1}, {"from": "a1", "to": "p1", "amount": 2}]}
    assert "spoils.505.1" in _refused(t, split)
    t.act({"type": "assign_damage", "player": "alice", "assignments": [{"from": "a1", "to": "p1", "amount": 3}]})
    t.fight()
    state = t.state()
    assert "p1" not in state["cards"] and state["cards"]["b2"]["damage"] == 0
    assert t.audit_valid()


def test_penetrate_sends_the_blocked_damage_to_the_target(client):
    """Penetrate: "COST: Pick an attacking character you control. EFFECT: If the character assigns battle
    damage to the blocking party during this battle, assign it to the target of the attack instead."
    (spoils.506.1, spoils.609.1c, spoils.609.1f): alice's Stalwart Soldier, blocked by bob's Nimble
    Conscript (3/2/3), deals its 3 damage to bob's faction and the Conscript survives; without
    Penetrate the Conscript is destroyed and bob's faction is untouched."""
    for penetrate in (True, False):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                 "b1": {"card": "Nimble Conscript", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Penetrate"]}, icons={"alice": "RR"}))
        t.act(_attack("a1"))
        if penetrate:
            t.resolve("alice", "bob", play_card("Penetrate", "a1"))
        t.fight(blockers=["b1"])
        assert ("b1" in t.state()["cards"]) is penetrate
        assert t.influence("bob") == (22 if penetrate else 25)
        assert t.audit_valid()


def test_mafia_lawyer_destroyed_in_battle_gains_the_opposing_strength(client):
    """Mafia Lawyer (3/3/3): "If this card is destroyed during a battle, your faction gains X influence,
    where X is the total strength of the opposing party." (spoils.503.1, spoils.502.2): blocking alice's
    Stalwart Soldier and Nimble Conscript (3 + 3 strength), bob's Lawyer is destroyed and his faction
    gains 6 influence (the Conscript it damaged left play with it: the party as it was, last known)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Nimble Conscript", "controller": "alice"},
             "m1": {"card": "Mafia Lawyer", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("a1", "a2"))
    t.fight(blockers=["m1"], assignments={"bob": [{"from": "m1", "to": "a2", "amount": 3}]})
    assert "m1" not in t.state()["cards"] and "a2" not in t.state()["cards"] and t.influence("bob") == 31
    assert t.audit_valid()


def test_virtuous_razer_inflicts_its_battle_damage_again_to_a_location(client):
    """Virtuous Razer (3/1/3): "If this card inflicts battle damage, you may pick a location. If you do,
    inflict the same amount of damage to that location." (spoils.609.1f, spoils.503.1, spoils.408.5):
    unblocked, it inflicts 3 to bob's faction, then alice picks bob's The Currency Bazaar (structure 3),
    which takes 3 and is destroyed; picking a character is refused (spoils.310.1); not picking, the
    Bazaar is untouched."""
    cards = {"v1": {"card": "Virtuous Razer", "controller": "alice"},
             "l1": {"card": "The Currency Bazaar", "controller": "bob"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for pick in (["l1"], []):
        t = new_game(client, position(cards=cards))
        t.act({"type": "attack", "player": "alice", "attackers": ["v1"]})
        t.fight(stop="tactics_e")
        t.act({"type": "pass", "player": "alice"})
        if pick:
            wrong = {"type": "pass", "player": "bob", "choices": {"targets": ["b1"]}}
            assert _rules(t.refuse(wrong)) == ["spoils.310.1"]
        t.act({"type": "pass", "player": "bob", "choices": {"targets": pick}})
        assert t.influence("bob") == 22 and ("l1" in t.state()["cards"]) is not bool(pick)
        assert t.state()["players"]["bob"]["discard"] == (["The Currency Bazaar"] if pick else [])
        assert t.audit_valid()


def test_hypnotic_plafond_reduces_battle_damage_from_covert_parties_to_its_faction_to_0(client):
    """Hypnotic Plafond: "Reduce all battle damage inflicted to your faction by characters in Covert
    parties to 0."  Alice's Concealed Goon (Covert, strength 5) attacks alone, a Covert party
    (spoils.507.3a): bob's faction loses nothing (spoils.408.2, spoils.410.4).  With Stalwart Soldier
    in the party it is no Covert party and bob loses 8 influence (spoils.408.3)."""
    for attackers, influence in ((["a1"], 25), (["a1", "a2"], 17)):
        cards = {"p1": {"card": "Hypnotic Plafond", "controller": "bob"},
                 "a1": {"card": "Concealed Goon", "controller": "alice"},
                 "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
        t = new_game(client, position(cards=cards))
        _declare_attack(t, attackers)
        t.fight()
        assert t.influence("bob") == influence, attackers


def test_inconvenient_roadblock_reduces_the_battles_damage_to_0(client):
    """Inconvenient Roadblock: "COST: Play this only during a battle. EFFECT: Reduce all battle damage
    inflicted during this battle to 0. Draw a card."  Bob plays it as alice's Stalwart Soldier attacks
    (spoils.401.3a): her 3 battle damage to his faction is reduced to 0 (spoils.408.2, spoils.410.4)
    and he draws (without it, bob loses 3); outside a battle it cannot be played; the effect ends with
    the battle (spoils.608.1)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Inconvenient Roadblock"]}, icons={"bob": "GGG"}))
    assert "spoils.401.3a" in _rules(t.refuse(_play("Inconvenient Roadblock", player="bob")))
    for roadblock, influence in ((True, 25), (False, 22)):
        t = new_game(client, position(cards=cards, hands={"bob": ["Inconvenient Roadblock"]}, icons={"bob": "GGG"}))
        _declare_attack(t, ["a1"])
        t.act({"type": "pass", "player": "alice"})  # the attacker plays first (spoils.608.1c)
        if roadblock:
            t.resolve("bob", "alice", _play("Inconvenient Roadblock", player="bob"))
        t.fight()
        assert t.influence("bob") == influence
        assert t.state()["players"]["bob"]["hand_cards"] == ([] if roadblock else ["Inconvenient Roadblock"])
        assert t.state()["effects"] == []  # it lasted this battle only


def test_spiky_atlasphere_destroys_the_blockers_and_its_character_deals_no_battle_damage(client):
    """Spiky Atlasphere: "If the attached character is blocked, destroy all members of the blocking
    party. Reduce the attached character's battle damage during this battle to 0."  Alice's Stalwart
    Soldier (4 strength with the Atlasphere) is blocked by Creaky Old Swordsman: the Swordsman is
    destroyed (spoils.503.1, spoils.304.1); with no blocker left its 4 damage would go to bob's faction
    (spoils.609.1b), but the Soldier's battle damage this battle is 0 (spoils.408.2, spoils.410.4), a
    lasting effect that ends with the battle."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "s1": {"card": "Spiky Atlasphere", "controller": "alice", "attached_to": "a1"},
             "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _declare_attack(t, ["a1"])
    t.fight(["b1"], stop="tactics_a")
    assert "b1" not in t.state()["cards"]
    effects = [x["effect"] for x in t.state()["effects"]]
    assert effects == [{"reduce_damage_to_zero": "attached_battle_damage", "cards": ["a1"], "player": "alice"}]
    t.fight()
    assert t.state()["effects"] == [] and t.influence("bob") == 25


def test_necromantic_healer_reduces_battle_damage_to_each_member_of_its_party_by_1(client):
    """Necromantic Healer: "If battle damage is inflicted to a character in a party with this card,
    reduce the amount by 1. (This includes this character.)"  Agile Highwayman (2 strength, speed 4)
    blocks alice's party and strikes Creaky Old Swordsman (life 2) first: with the Healer in the party
    the Swordsman takes 1 (spoils.408.2, spoils.410.3), survives and destroys the Highwayman; without
    it the Swordsman is destroyed before it strikes (spoils.609.1)."""
    for attackers, survives in ((["a1", "a2"], True), (["a1"], False)):
        cards = {"a1": {"card": "Creaky Old Swordsman", "controller": "alice"},
                 "a2": {"card": "Necromantic Healer", "controller": "alice"},
                 "b1": {"card": "Agile Highwayman", "controller": "bob"}}
        t = new_game(client, position(cards=cards))
        _declare_attack(t, attackers)
        t.fight(["b1"], {"bob": [{"source": "b1", "to": "a1", "amount": 2}],
                         "alice": [{"source": "a1", "to": "b1", "amount": 3}]})
        assert ("a1" in t.state()["cards"]) is survives, attackers
        assert ("b1" in t.state()["cards"]) is not survives


def _flattener_attacks(client, attacker: str, blockers: list[str]):
    setup = position(cards={"a1": {"card": attacker, "controller": "alice"},
                            "b1": {"card": "Legacy Warmachine", "controller": "bob"},
                            "b2": {"card": "Legacy Warmachine", "controller": "bob"}})
    t = new_game(client, setup)
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(blockers=blockers, stop="assign_attacker")
    return t


def test_colossal_flattener_assigns_its_damage_past_the_blocker_to_the_faction(client):
    """Colossal Flattener: "While this card is attacking, you may assign its battle damage to the
    target of the attack instead of the blocking party." spoils.609.1c (attackers assign to the
    blocking party) as its text changes it (spoils.101.1): blocked by one Legacy Warmachine, alice is
    asked (no automatic assignment) and puts its 6 damage on bob's faction; the blocker takes none."""
    t = _flattener_attacks(client, "Colossal Flattener", ["b1"])
    assert t.state()["battle"]["stage"] == "assign_attacker"
    t.act({"type": "assign_damage", "player": "alice", "assignments": [{"from": "a1", "to": "faction:bob", "amount": 6}]})
    t.fight()
    assert t.influence("bob") == 19 and "b1" in t.state()["cards"]


def test_raging_bask_may_still_assign_to_the_blockers(client):
    """Raging Bask (same text): "may" — alice can also assign its 4 damage to the blocker as 609.1c
    says (Legacy Warmachine, 5 life, takes 4); bob's faction loses nothing."""
    t = _flattener_attacks(client, "Raging Bask", ["b1"])
    t.act({"type": "assign_damage", "player": "alice", "assignments": [{"from": "a1", "to": "b1", "amount": 4}]})
    t.fight()
    assert t.influence("bob") == 25 and t.card("b1")["damage"] == 4


def test_a_character_without_the_text_cannot_assign_past_blockers(client):
    """Brash Basher blocked by two characters: its damage goes to the blocking party only
    (spoils.609.1c); naming bob's faction is refused, nothing appended."""
    t = _flattener_attacks(client, "Brash Basher", ["b1", "b2"])
    bad = {"type": "assign_damage", "player": "alice", "assignments": [{"from": "a1", "to": "faction:bob", "amount": 6}]}
    assert "spoils.609.1c" in [v["rule"]["id"] for v in t.refuse(bad)]
