"""Spoils cards the engine enforces but no scenario played (final a), played by name through the API:
each test shows the card's printed text changing the game, and cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _ability(card: str, ability: str, *targets, player: str = "alice") -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}


def test_martial_arts_trainee_cannot_be_picked_by_the_opponent(client):
    """Martial Arts Trainee: "Your opponent cannot pick this card." (spoils.304.1): bob's Fiscal
    Intercessor's PLEAD ("COST: Deplete this card. Pick a character.") cannot pick alice's Trainee
    (refused, nothing appended) but picks alice's Stalwart Soldier; alice herself may pick the Trainee
    with her own Intercessor."""
    cards = {"m1": {"card": "Martial Arts Trainee", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "f1": {"card": "Fiscal Intercessor", "controller": "alice"},
             "f2": {"card": "Fiscal Intercessor", "controller": "bob"}}
    t = new_game(client, position(cards=cards, active="bob"))
    before = t.state()["position"]
    t.refuse(_ability("f2", "PLEAD", "m1", player="bob"))
    assert t.state()["position"] == before
    t.resolve("bob", "alice", _ability("f2", "PLEAD", "a1", player="bob"))
    assert t.card("f2")["depleted"] is True
    u = new_game(client, position(cards=cards))
    u.resolve("alice", "bob", _ability("f1", "PLEAD", "m1"))
    assert u.card("f1")["depleted"] is True
    assert t.audit_valid() and u.audit_valid()


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


def test_entrancing_harlot_speeds_up_the_other_members_of_its_party(client):
    """Entrancing Harlot: "If this card attacks, all other members of its party gain 1 speed this turn."
    (spoils.608.1b, spoils.608.1d): alice attacks with the Harlot and a Stalwart Soldier: the Soldier is
    at speed 4, the Harlot keeps 5, and a Soldier left at home stays at 3."""
    cards = {"h1": {"card": "Entrancing Harlot", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert t.card("a1")["effective"]["speed"] == 3
    t.act({"type": "attack", "player": "alice", "attackers": ["h1", "a1"]})
    for _ in range(4):
        s = t.state()
        if t.card("a1")["effective"]["speed"] == 4 or not s.get("to_act"):
            break
        t.act({"type": "pass", "player": s["to_act"]})
    speeds = {c: t.card(c)["effective"]["speed"] for c in ("h1", "a1", "a2")}
    assert speeds == {"h1": 5, "a1": 4, "a2": 3}
    assert t.audit_valid()


def test_ceremonious_groomer_is_flipped_face_down_instead_of_destroyed(client):
    """Ceremonious Groomer (2/3/3): "If this card is destroyed, flip it face-down under its owner's
    control instead." (spoils.504.1, spoils.505.1): blocking bob's Stalwart Soldier it takes 3 damage;
    instead of going to the discard pile it is flipped face down under alice's control, where a face-down
    card is a resource providing one Volition (spoils.506.1, spoils.411.1)."""
    cards = {"c1": {"card": "Ceremonious Groomer", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, active="bob"))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.fight(blockers=["c1"])
    state = t.state()
    assert "c1" not in state["cards"] and state["players"]["alice"]["discard"] == []
    assert state["players"]["alice"]["icons"] == {"V": 1}
    assert t.audit_valid()


def test_dwarvish_grimalkin_draws_for_each_threshold_met(client):
    """Dwarvish Grimalkin: "[G][G]: When this card enters play, draw a card. [G]x5: ... draw a card.
    [G]x9: ... draw a card." (spoils.311.1, spoils.410.3): played with one Greed it draws nothing, with
    two one card, with five two cards (both triggers, in the order alice chooses, spoils.503.4)."""
    for icons, drawn in (("G", 0), ("GG", 1), ("GGGGG", 2)):
        t = new_game(client, position(hands={"alice": ["Dwarvish Grimalkin"]}, icons={"alice": icons}))
        t.resolve("alice", "bob", _play("Dwarvish Grimalkin"))
        for _ in range(4):
            choice = t.state().get("choice")
            if not choice:
                break
            t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0]})
        p = t.state()["players"]["alice"]
        assert (p["hand"], p["deck"]) == (drawn, 30 - drawn), icons
        assert t.audit_valid()


def test_fiscal_intercessor_pleads_one_damage_off(client):
    """Fiscal Intercessor: "PLEAD COST: Deplete this card. Pick a character. EFFECT: If damage is
    inflicted to the character this turn, reduce the amount by 1." (spoils.606.1, spoils.506.1): alice
    pleads for her Stalwart Soldier (3/3/3), which then attacks and is blocked by bob's Soldier: it takes
    2 damage instead of 3 and survives, while bob's Soldier is destroyed; without the plea both die."""
    cards = {"f1": {"card": "Fiscal Intercessor", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for plead in (True, False):
        t = new_game(client, position(cards=cards))
        if plead:
            t.resolve("alice", "bob", _ability("f1", "PLEAD", "a1"))
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"])
        assert "b1" not in t.state()["cards"]
        assert (t.card("a1")["damage"] == 2) if plead else ("a1" not in t.state()["cards"])
        assert t.audit_valid()


def test_eccentric_technician_attacks_only_once_and_restores(client):
    """3cc3n7r1c 73chn1c14n: "This card can attack only once each turn. ... RESTORE: [E][E][E] COST: Pay
    3. EFFECT: Restore this card." (spoils.606.1, spoils.101.1): after attacking (and being depleted,
    spoils.609.1h) it restores itself for 3, yet a second attack the same turn is refused by its text,
    and nothing is appended."""
    cards = {"e1": {"card": "3cc3n7r1c 73chn1c14n", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "EEE"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["e1"]})
    t.fight()
    assert t.card("e1")["depleted"] is True and t.influence("bob") == 24
    t.resolve("alice", "bob", _ability("e1", "RESTORE: [E][E][E]"))
    assert t.card("e1")["depleted"] is False
    before = t.state()["position"]
    assert "spoils.101.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["e1"]}))
    assert t.state()["position"] == before
    assert t.audit_valid()


def test_arcana_department_requires_an_even_party(client):
    """Arcana Department (bob's location): "If an attacking or blocking party is formed, it must have an
    even number of members." (spoils.101.1, spoils.608.1b): alice's attack with one Stalwart Soldier is
    refused and nothing is appended; with two it is made."""
    cards = {"d1": {"card": "Arcana Department", "controller": "bob"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    before = t.state()["position"]
    assert "spoils.101.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    assert t.state()["position"] == before
    t.act({"type": "attack", "player": "alice", "attackers": ["a1", "a2"]})
    assert t.state()["battle"] is not None
    assert t.audit_valid()


def test_assistant_mud_whisperer_restores_a_character_at_the_opponents_turn(client):
    """Assistant Mud Whisperer: "At the start of your opponent's turn, you may pick a character. If you
    do, restore it." (spoils.502.2, spoils.602.1): alice ends her turn with two depleted Stalwart
    Soldiers; at the start of bob's turn the Whisperer restores the one picked, the other stays
    depleted (alice's cards are not restored at bob's turn otherwise)."""
    cards = {"m1": {"card": "Assistant Mud Whisperer", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice", "depleted": True},
             "a2": {"card": "Stalwart Soldier", "controller": "alice", "depleted": True}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "end_turn", "player": "alice"})
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["a1"]}})
    assert (t.card("a1")["depleted"], t.card("a2")["depleted"]) == (False, True)
    assert t.audit_valid()


def test_foul_diviner_removes_a_tactic_of_the_discard_pile_to_be_played(client):
    """Foul Diviner: "COST: Remove a tactic in your discard pile from the game." (spoils.401.2,
    spoils.604.1): with an empty discard pile the play is refused and nothing is appended; with Cowslaw
    in it, the Diviner enters play and Cowslaw is removed from the game."""
    setup = position(hands={"alice": ["Foul Diviner"]}, icons={"alice": "OOOO"})
    t = new_game(client, setup)
    before = t.state()["position"]
    assert "spoils.401.2" in _rules(t.refuse(_play("Foul Diviner", "Cowslaw")))
    assert t.state()["position"] == before
    setup["players"]["alice"]["discard"] = ["Cowslaw"]
    u = new_game(client, setup)
    u.resolve("alice", "bob", _play("Foul Diviner", "Cowslaw"))
    alice = u.state()["players"]["alice"]
    assert u.named("Foul Diviner") and alice["discard"] == [] and alice["removed"] == ["Cowslaw"]
    assert t.audit_valid() and u.audit_valid()


def test_flagitious_denunciator_bounces_a_character_and_strips_one_from_the_hand(client):
    """Flagitious Denunciator: "DENOUNCE COST: Pay 2. Pick a character. Destroy this card. EFFECT: Put
    the character into its owner's hand. Look at your opponent's hand and choose a character in it.
    Your opponent discards that character." (spoils.401.3, spoils.403.1, spoils.606.1): bob's Stalwart
    Soldier goes back to his hand, the Denunciator to alice's discard pile, and bob discards the Gnat
    alice chose, keeping his Dragon Juice."""
    cards = {"f1": {"card": "Flagitious Denunciator", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OO"}, hands={"bob": ["Gnat", "Dragon Juice"]}))
    t.act({"type": "use_ability", "player": "alice", "card": "f1", "ability": "DENOUNCE", "targets": ["b1"],
           "choices": {"chosen": "Gnat"}})
    t.act({"type": "pass", "player": "bob"})
    state = t.state()
    assert state["cards"] == {}
    assert sorted(state["players"]["bob"]["hand_cards"]) == ["Dragon Juice", "Stalwart Soldier"]
    assert state["players"]["bob"]["discard"] == ["Gnat"]
    assert state["players"]["alice"]["discard"] == ["Flagitious Denunciator"]
    assert t.audit_valid()
