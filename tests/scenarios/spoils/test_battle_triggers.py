"""Triggers of a battle, played by name through the API: "if this card attacks", "is blocked",
"blocks", "inflicts damage", a character damaged by this card destroyed, a card depleted as it
attacks or as the battle ends (spoils.503.1, spoils.608.1, spoils.609.1).  Each test shows the card's
text changing the outcome and cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.readings import hand_size as _hand, stat as _stat
from tests.scenarios.spoils.steps import (
    attack_and_pass as _attack, fight_choosing as _fight, resolve_triggers as _order, resolve_triggers as _settle)
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def test_club_mau_bouncer_strikes_back_at_the_character_damaging_it(client):
    """Club Mau Bouncer (2/4/3): "If a character inflicts damage to this card, inflict 1 damage to that
    character." (spoils.609.1, spoils.504.1): bob's Stalwart Soldier (3/3/3) attacks, the Bouncer blocks
    and survives 3 damage; the Soldier takes 2 in battle, which alone it would survive, plus 1 from the
    Bouncer, and is destroyed."""
    cards = {"c1": {"card": "Club Mau Bouncer", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, active="bob"))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.fight(blockers=["c1"])
    assert "b1" not in t.state()["cards"] and "c1" in t.state()["cards"]
    assert t.audit_valid()


def test_spry_archer_damages_the_opposing_faction_as_it_attacks(client):
    """Spry Archer (2/1/4): "If this card attacks, inflict 1 damage to your opponent's faction."  As it
    attacks (spoils.608.1) its trigger costs bob 1 influence (spoils.503.1), though bob's Stalwart
    Soldier blocks it and no battle damage reaches bob's faction (spoils.609.1)."""
    cards = {"a1": {"card": "Spry Archer", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    _settle(t)
    t.fight(blockers=["b1"])
    assert t.influence("bob") == 24 and not t.named("Spry Archer") and t.audit_valid()


def test_crazed_deputy_grows_when_it_is_blocked_and_survives(client):
    """Crazed Deputy (1/1): "If this card is blocked, it gains 2 strength and 2 life this turn." Bob's
    Surplus Soldier blocks it (spoils.608.1d): the Deputy becomes 3/3 (spoils.503.1), so the Soldier's
    1 damage does not destroy it and its 3 damage destroys the Soldier (spoils.609.1, spoils.408.4)."""
    cards = {"d1": {"card": "Crazed Deputy", "controller": "alice"}, "s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "d1")
    t.act({"type": "block", "player": "bob", "blockers": ["s1"]})
    assert _stat(t, "d1", "strength") == 3 and _stat(t, "d1", "life") == 3
    _fight(t)
    assert t.named("Crazed Deputy") and not t.named("Surplus Soldier")


def test_menacing_mauler_damages_each_member_of_the_blocking_party(client):
    """Menacing Mauler: "If this card is blocked, inflict 1 damage to each member of the blocking party."
    Bob blocks with two 1-life Surplus Soldiers (spoils.608.1d): both are destroyed by the trigger
    (spoils.408.4) before any battle damage, and the Mauler takes none."""
    cards = {"m1": {"card": "Menacing Mauler", "controller": "alice"},
             "s1": {"card": "Surplus Soldier", "controller": "bob"}, "s2": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "m1")
    t.act({"type": "block", "player": "bob", "blockers": ["s1", "s2"]})
    assert not t.named("Surplus Soldier")
    _fight(t)
    assert t.card("m1")["damage"] == 0


def test_fleshripping_scenepuller_gains_4_strength_for_each_blocker(client):
    """Fleshripping Scenepuller (4 strength): "If this card is blocked, this turn it gains 4 strength for
    each member in the opposing party." Two Stalwart Soldiers block it (spoils.302.10: the opposing party):
    it has 12 strength."""
    cards = {"f1": {"card": "Fleshripping Scenepuller", "controller": "alice"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}, "s2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "f1")
    t.act({"type": "block", "player": "bob", "blockers": ["s1", "s2"]})
    assert _stat(t, "f1", "strength") == 12


def test_unscrupulous_attendant_gives_a_blocker_1_life(client):
    """Unscrupulous Attendant (2/3): "If a character you control blocks, it gains 1 life this turn." Blocking
    alice's Stalwart Soldier (3 strength), the Attendant has 4 life (spoils.503.1) and survives the battle
    (spoils.408.4)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "u1": {"card": "Unscrupulous Attendant", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "a1")
    t.act({"type": "block", "player": "bob", "blockers": ["u1"]})
    assert _stat(t, "u1", "life") == 4
    _fight(t)
    assert t.named("Unscrupulous Attendant") and t.card("u1")["damage"] == 3


def test_dethmurderbludgeon_when_its_character_is_blocked_or_damages_a_faction(client):
    """Dethmurderbludgeon, the Craghammer: "If the attached character is blocked, your opponent's faction
    loses 2 influence. If the attached character inflicts damage to a faction, you may pick a character.
    If you do, inflict 2 damage to it." Blocked, bob loses 2 influence (spoils.408.3b); unblocked, the
    3 battle damage to bob's faction (spoils.408.2b) lets alice inflict 2 damage to bob's Stalwart
    Soldier."""
    cards = {"a1": {"card": "Surplus Soldier", "controller": "alice"},
             "w1": {"card": "Dethmurderbludgeon, the Craghammer", "controller": "alice", "attached_to": "a1"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "a1")
    t.act({"type": "block", "player": "bob", "blockers": ["s1"]})
    assert t.influence("bob") == 23
    t = new_game(client, position(cards=cards))
    _attack(t, "a1")
    _fight(t, targets=["s1"])
    assert t.influence("bob") == 22 and t.card("s1")["damage"] == 2


def test_affectionate_dollkeeper_destroys_the_character_it_damages(client):
    """Affectionate Dollkeeper (2/2, speed 4): "[D][D][D]: If this card inflicts damage to a character,
    destroy that character." With [D][D][D] (spoils.502.2) its 2 damage at speed 4 destroys bob's blocking
    Plodding Brute (3 life) before the Brute strikes at speed 2 (spoils.609.1); without it, the Brute
    survives and destroys the Dollkeeper."""
    cards = {"d1": {"card": "Affectionate Dollkeeper", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "DDD"}))
    _attack(t, "d1")
    _fight(t, ["b1"])
    assert not t.named("Plodding Brute") and t.named("Affectionate Dollkeeper")
    t = new_game(client, position(cards=cards, icons={"alice": "DD"}))
    _attack(t, "d1")
    _fight(t, ["b1"])
    assert t.named("Plodding Brute") and not t.named("Affectionate Dollkeeper")


def test_poisoned_blade_destroys_the_character_its_bearer_damages(client):
    """Poisoned Blade: "If the attached character inflicts damage to a character, destroy the damaged
    character." Alice's Surplus Soldier (1 strength, speed 3) carries it: its 1 damage destroys bob's
    blocking Plodding Brute (3 life, speed 2) before the Brute strikes (spoils.609.1, spoils.304.1)."""
    cards = {"a1": {"card": "Surplus Soldier", "controller": "alice"},
             "p1": {"card": "Poisoned Blade", "controller": "alice", "attached_to": "a1"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "a1")
    _fight(t, ["b1"])
    assert not t.named("Plodding Brute") and t.named("Surplus Soldier")


def test_venomous_sacspider_destroyed_by_battle_damage_empties_the_opponents_hand(client):
    """Venomous Sacspider (2/1): "If this card is destroyed by battle damage, your opponent discards their
    hand." Blocked and destroyed by bob's Stalwart Soldier's battle damage (spoils.609.1, spoils.408.4),
    it makes bob discard his two cards (spoils.305.1)."""
    cards = {"v1": {"card": "Venomous Sacspider", "controller": "alice"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Gnat", "Key Man"]}))
    _attack(t, "v1")
    _fight(t, ["s1"])
    assert not t.named("Venomous Sacspider") and _hand(t, "bob") == 0


def test_callow_liegeman_and_sagacious_31f_in_a_larger_attacking_party(client):
    """Callow Liegeman (2/2): "If this card attacks in a party with more than 1 member, it gains 1 strength
    and 1 life this turn." Sagacious 31f: "If an attacking party is formed including this card and at least
    2 other characters, you may search your deck for a card. If you do, put it into your hand." A party of
    three (spoils.608.1b): the Liegeman is 3/3 and alice finds Key Man in her deck (spoils.312.1)."""
    cards = {"l1": {"card": "Callow Liegeman", "controller": "alice"},
             "g1": {"card": "Sagacious 31f", "controller": "alice"},
             "s1": {"card": "Surplus Soldier", "controller": "alice"}}
    decks = {"alice": ["Gnat", "Key Man", "Gnat"]}
    t = new_game(client, position(cards=cards, decks=decks))
    t.act({"type": "attack", "player": "alice", "attackers": ["l1", "g1", "s1"]})
    _order(t, found="Key Man")
    assert _stat(t, "l1", "strength") == 3 and _stat(t, "l1", "life") == 3
    assert t.state()["players"]["alice"]["hand_cards"] == ["Key Man"]
    t = new_game(client, position(cards=cards, decks=decks))
    t.act({"type": "attack", "player": "alice", "attackers": ["l1", "g1"], "choices": {"found": "Key Man"}})
    assert _stat(t, "l1", "strength") == 3 and _hand(t, "alice") == 0


def _apparatus() -> dict:
    return position(cards={"a1": {"card": "Brash Basher", "controller": "alice"},
                           "h1": {"card": "Humiliating Torture Apparatus", "controller": "bob"}})


def _lost(t) -> list[tuple[str, int]]:
    return [(e["data"]["player"], e["data"]["amount"]) for e in t.events() if e["type"] == "InfluenceLost"]


def test_humiliating_torture_apparatus_an_attacker_depleted_costs_its_controller_1(client):
    """Humiliating Torture Apparatus (bob's): "If a card is depleted, that card's controller's faction
    loses 1 influence." Alice's Brash Basher attacks and is depleted (spoils.608.1b, 303.1): the
    trigger (spoils.503.1) makes alice's faction, not bob's, lose 1 influence before any damage."""
    t = new_game(client, _apparatus())
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert t.card("a1")["depleted"] and _lost(t) == [("alice", 1)] and t.influence("alice") == 24


def test_humiliating_torture_apparatus_the_survivor_of_a_battle_depleted(client):
    """Humiliating Torture Apparatus: a blocker is depleted when the battle ends (spoils.609.1h), not
    when it blocks (608.1d). Alice's Legacy Warmachine attacks (depleted: alice loses 1); bob's Brash
    Basher blocks, destroys it at speed 3 and survives, depleted at the battle's end: bob loses 1;
    the attacker, already depleted and gone, is not depleted again (spoils.303.2)."""
    setup = position(cards={"a1": {"card": "Legacy Warmachine", "controller": "alice"},
                            "b1": {"card": "Brash Basher", "controller": "bob"},
                            "h1": {"card": "Humiliating Torture Apparatus", "controller": "bob"}})
    t = new_game(client, setup)
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert (t.influence("alice"), t.influence("bob")) == (24, 25)
    t.fight(blockers=["b1"])
    assert "a1" not in t.state()["cards"] and t.card("b1")["depleted"]
    assert (t.influence("alice"), t.influence("bob")) == (24, 24)
