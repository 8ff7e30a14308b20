"""Who may attack and with whom, played by name through the API: a faction that cannot be attacked,
parties that must have one member, at least two or an even number, attacks only once each turn,
characters made to attack, an attack in the opponent's turn or turned onto a location
(spoils.503.1, spoils.608.1).  Each test cites the card and the rules; a forbidden attack is refused
with its rule and nothing is appended."""
from __future__ import annotations

from tests.scenarios.spoils.actions import attack as _attack, block as _block
from tests.scenarios.spoils.readings import rule_set as _rule_set
from tests.scenarios.spoils.steps import refused_unchanged as _refused, to_blocks as _to_blocks
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card, position, rule_ids as _rules)

pytestmark = needs_data


def test_narrow_passage_lets_each_player_attack_only_once_each_turn(client):
    """Narrow Passage (bob's location): "Players can attack only once each turn." (spoils.603.2c,
    spoils.101.1): after a first attack, alice's second attack with another Stalwart Soldier is
    refused (nothing appended); without the Passage she attacks twice."""
    for passage in (True, False):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                 "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
        if passage:
            cards["n1"] = {"card": "Narrow Passage", "controller": "bob"}
        t = new_game(client, position(cards=cards))
        t.act(_attack("a1"))
        t.fight()
        if passage:
            assert "spoils.101.1" in _refused(t, _attack("a2"))
            assert "attack" not in t.legal("alice")
        else:
            t.act(_attack("a2"))
            t.fight()
        assert t.influence("bob") == (22 if passage else 19) and t.audit_valid()


def test_carnival_king_conga_line_sends_its_pick_alone_and_every_blocker_on_it(client):
    """Carnival King's CONGA LINE: "COST: Pay 3. Deplete this card. Pick a character not in a battle.
    EFFECT: This turn, all characters able to block the character must do so. When an attacking party
    is formed including the character, it must have only 1 member." (spoils.505.1, spoils.101.1,
    spoils.608.1b, spoils.608.1d): alice's Stalwart Soldier picked, an attack with it and another
    Soldier is refused; alone it attacks, and bob's block with his Scout only is refused (his Nimble
    Conscript is able to block too): both block. Without the CONGA LINE the two Soldiers attack."""
    cards = {"k1": {"card": "Carnival King", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Scout", "controller": "bob"},
             "b2": {"card": "Nimble Conscript", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "DDD"}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "k1", "ability": "CONGA LINE",
                               "targets": ["a1"]})
    assert t.card("k1")["depleted"] is True
    assert "spoils.101.1" in _refused(t, _attack("a1", "a2"))
    t.act(_attack("a1"))
    _to_blocks(t)
    assert "spoils.505.1" in _refused(t, _block("bob", "b1"))
    assert "spoils.505.1" in _refused(t, _block("bob"))
    t.act(_block("bob", "b1", "b2"))
    assert t.audit_valid()
    u = new_game(client, position(cards=cards))
    u.act(_attack("a1", "a2"))
    _to_blocks(u)
    u.act(_block("bob", "b1"))
    assert u.audit_valid()


def test_94r913_my_908570pp3r5_makes_the_picked_characters_attack(client):
    """94r913 My 908570pp3r5: "COST: ... X is 2. Pick X or fewer characters. EFFECT: This turn, the
    characters must attack if they can. Draw a card." (spoils.505.1, spoils.603.2d): alice picks her
    Stalwart Soldier and draws; she cannot end the turn while it can still attack (refused, nothing
    appended); once it has attacked, she can. Without the tactic she ends the turn at once."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["94r913 My 908570pp3r5"]}, icons={"alice": "EEE"}))
    t.resolve("alice", "bob", play_card("94r913 My 908570pp3r5", "a1"))
    assert t.state()["players"]["alice"]["hand"] == 1
    assert "spoils.505.1" in _refused(t, {"type": "end_turn", "player": "alice"})
    assert "end_turn" not in t.legal("alice")
    t.act(_attack("a1"))
    t.fight()
    t.end_turn("alice", "bob")
    assert t.state()["active_player"] == "bob" and t.audit_valid()
    u = new_game(client, position(cards=cards))
    u.end_turn("alice", "bob")
    assert u.state()["active_player"] == "bob" and u.audit_valid()


def test_architectural_restitution_turns_the_attack_onto_a_location(client):
    """Architectural Restitution: "COST: Play this only while your opponent is attacking. Pick a location
    in your discard pile. EFFECT: Put the location into play under your control. Change the target of
    your opponent's attack to the location." (spoils.608.1a, spoils.101.1, spoils.609.1c): bob's
    unblocked Stalwart Soldier attacks alice's faction; after the Restitution its 3 damage goes to the
    Narrow Passage it brought back from alice's discard pile (structure 3, destroyed) and alice keeps her
    25 influence; without it she loses 3."""
    for restitution in (True, False):
        setup = position(active="bob", cards={"b1": {"card": "Stalwart Soldier", "controller": "bob"}},
                         hands={"alice": ["Architectural Restitution"]}, icons={"alice": "GGGG"})
        setup["players"]["alice"]["discard"] = ["Narrow Passage"]
        t = new_game(client, setup)
        t.act(_attack("b1", player="bob"))
        if restitution:
            t.act({"type": "pass", "player": "bob"})
            t.resolve("alice", "bob", play_card("Architectural Restitution", "Narrow Passage"))
            (loc,) = t.named("Narrow Passage")
            assert t.state()["battle"]["target"] == {"kind": "location", "card": loc, "player": "alice"}
        t.fight()
        alice = t.state()["players"]["alice"]
        assert t.influence("alice") == (25 if restitution else 22)
        assert alice["discard"] == (["Architectural Restitution", "Narrow Passage"] if restitution else ["Narrow Passage"])
        assert t.audit_valid()


def test_counter_attack_attacks_in_the_opponents_turn_then_draws(client):
    """Counter Attack: "COST: Play this only during your opponent's turn and not during a battle. EFFECT:
    Attack your opponent. Draw a card. (... You must resolve the battle before you draw the card.)"
    (spoils.101.1 over spoils.603.2c, spoils.608.1, spoils.607.1): in response to bob announcing the end
    of his turn, alice's Stalwart Soldier attacks bob's faction (3 damage, he has no blocker); alice
    draws only once the battle is over, then bob's end of turn waits for responses again. In her own
    turn the tactic is refused (nothing appended)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    setup = position(active="bob", cards=cards, hands={"alice": ["Counter Attack"]}, icons={"alice": "DDD"})
    t = new_game(client, setup)
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "respond", "player": "alice", "card": "Counter Attack", "choices": {"attackers": ["a1"]}})
    t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert s["battle"]["attacker"] == "alice" and s["players"]["alice"]["hand"] == 0
    t.fight()
    s = t.state()
    assert t.influence("bob") == 22 and s["players"]["alice"]["hand"] == 1 and s["cards"]["a1"]["depleted"]
    assert s["active_player"] == "bob" and s["pending"] and s["battle"] is None
    t.act({"type": "pass", "player": "alice"})
    assert t.state()["active_player"] == "alice"
    assert t.audit_valid()
    u = new_game(client, position(cards=cards, hands={"alice": ["Counter Attack"]}, icons={"alice": "DDD"}))
    assert "spoils.401.3a" in _refused(u, play_card("Counter Attack", attackers=["a1"]))


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


def test_high_court_of_demands_keeps_the_faction_from_being_attacked(client):
    """High Court of Demands: "Your opponent cannot attack your faction." Alice's attack on bob's faction is
    refused, named or by default (spoils.101.1 over spoils.608.1a); attacking the Court itself, a location, is
    allowed (spoils.207.3)."""
    cards = {"h1": {"card": "High Court of Demands", "controller": "bob"}, "a1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in _rule_set(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"], "target": "bob"}))
    assert "spoils.101.1" in _rule_set(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"], "target": "h1"})
    assert t.state()["battle"]["target"] == {"kind": "location", "card": "h1", "player": "bob"}


def test_hangdog_alley_allows_attacking_parties_of_one_member_only(client):
    """Hangdog Alley: "If an attacking party is formed, it must have only 1 member." Alice's party of two is
    refused (spoils.101.1 over spoils.608.1b); a party of one attacks."""
    cards = {"h1": {"card": "Hangdog Alley", "controller": "bob"}, "a1": {"card": "Plodding Brute", "controller": "alice"},
             "a2": {"card": "Surplus Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in _rule_set(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1", "a2"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert t.state()["battle"]["attackers"] == ["a1"]


def test_insect_appreciator_blocks_only_in_a_party_with_an_even_number_of_members(client):
    """Insect Appreciator: "When an attacking or blocking party is formed including this card, it must have an
    even number of members." Bob's block with the Appreciator alone is refused (spoils.101.1 over
    spoils.608.1d); with a Surplus Soldier beside it, two members, it blocks."""
    cards = {"a1": {"card": "Plodding Brute", "controller": "alice"}, "i1": {"card": "Insect Appreciator", "controller": "bob"},
             "s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(stop="blocks")
    assert "spoils.101.1" in _rule_set(t.refuse({"type": "block", "player": "bob", "blockers": ["i1"]}))
    t.act({"type": "block", "player": "bob", "blockers": ["i1", "s1"]})
    assert t.state()["battle"]["blockers"] == ["i1", "s1"]


def test_the_legal_attack_is_a_party_that_meets_the_demands_on_its_size(client):
    """Insect Appreciator: "When an attacking or blocking party is formed including this card, it must have an
    even number of members." With the Appreciator and two Surplus Soldiers, alice's whole party (3) is refused
    (spoils.101.1 over spoils.608.1b); the legal actions still offer her an attack, with a party of those that
    meets the demand, and it is accepted."""
    cards = {"i1": {"card": "Insect Appreciator", "controller": "alice"},
             "s1": {"card": "Surplus Soldier", "controller": "alice"}, "s2": {"card": "Surplus Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in _rule_set(t.refuse({"type": "attack", "player": "alice", "attackers": ["i1", "s1", "s2"]}))
    listed = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()["actions"]
    attacks = [a["action"] for a in listed if a["action"]["type"] == "attack"]
    assert len(attacks) == 1 and set(attacks[0]["attackers"]) < {"i1", "s1", "s2"}
    assert "i1" not in attacks[0]["attackers"] or len(attacks[0]["attackers"]) % 2 == 0
    t.act(attacks[0])
    assert t.state()["battle"]["attackers"] == attacks[0]["attackers"]


def test_theocratic_senate_of_marduun_keeps_the_faction_from_being_attacked(client):
    """Theocratic Senate of Marduun: "Your opponent cannot attack your faction." Alice's attack on bob's faction is
    refused (spoils.101.1 over spoils.608.1a); bob's own attack on alice's faction is not."""
    cards = {"t1": {"card": "Theocratic Senate of Marduun", "controller": "bob"},
             "a1": {"card": "Plodding Brute", "controller": "alice"}, "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in _rule_set(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    u = new_game(client, position(active="bob", cards=cards))
    u.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    assert u.state()["battle"]["target"]["kind"] == "faction"


def test_anxious_oaf_attacks_only_with_company(client):
    """Anxious Oaf: "When an attacking or blocking party is formed including this card, it must have at least 2
    members." Alone it cannot attack (spoils.101.1 over spoils.608.1b); with Plodding Brute it does."""
    cards = {"o1": {"card": "Anxious Oaf", "controller": "alice"}, "a1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in _rule_set(t.refuse({"type": "attack", "player": "alice", "attackers": ["o1"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["o1", "a1"]})
    assert t.state()["battle"]["attackers"] == ["o1", "a1"]


def test_the_legal_blocks_offer_a_party_that_meets_the_demands_on_its_size(client):
    """Insect Appreciator on the defending side, with two Surplus Soldiers: blocking with it alone (1) or with all
    three is refused (spoils.101.1 over spoils.608.1d: "it must have an even number of members"); the legal
    actions still offer bob a block with it, in a party that meets the demand, and it is accepted."""
    cards = {"a1": {"card": "Surplus Soldier", "controller": "alice"},
             "i1": {"card": "Insect Appreciator", "controller": "bob"},
             "s1": {"card": "Surplus Soldier", "controller": "bob"}, "s2": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    _to_blocks(t)
    assert "spoils.101.1" in _rule_set(t.refuse({"type": "block", "player": "bob", "blockers": ["i1"]}))
    assert "spoils.101.1" in _rule_set(t.refuse({"type": "block", "player": "bob", "blockers": ["i1", "s1", "s2"]}))
    listed = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "bob"}).get_json()["actions"]
    blocks = [a["action"] for a in listed if a["action"]["type"] == "block" and "i1" in a["action"]["blockers"]]
    assert blocks and all(len(b["blockers"]) % 2 == 0 for b in blocks), blocks
    t.act(blocks[0])
    assert t.state()["battle"]["blockers"] == blocks[0]["blockers"]
