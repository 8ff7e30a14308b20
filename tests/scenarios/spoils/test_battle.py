"""Characters in a battle, played by name through the API: parties formed (a soldier's party gains
life, the other members speed up), statistics changed while a card is in a battle or for the rest of
it, a member destroyed into both parties (spoils.608.1, spoils.609.1).  Each test compares the battle
with the same one without the card and cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import attack as _attack, block as _block
from tests.scenarios.spoils.positions import SOLDIERS
from tests.scenarios.spoils.steps import refused_unchanged as _refused, to_blocks as _to_blocks
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_lieutenant_general_gives_the_other_soldiers_of_its_party_1_life(client):
    """Lieutenant General: "If an attacking party is formed including this character, all other
    "soldier" characters in that party gain 1 life this turn." (spoils.503.1, spoils.608.1b): alice
    attacks with the General, a Stalwart Soldier (soldier) and an Agile Highwayman (outlaw): the Soldier
    has 4 life, the Highwayman and the General keep theirs, and a Soldier left at home stays at 3."""
    cards = {"g1": {"card": "Lieutenant General", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Agile Highwayman", "controller": "alice"},
             "a3": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("g1", "a1", "a2"))
    for _ in range(4):
        s = t.state()
        if t.card("a1")["effective"]["life"] == 4 or not s.get("to_act"):
            break
        t.act({"type": "pass", "player": s["to_act"]})
    lives = {c: t.card(c)["effective"]["life"] for c in ("g1", "a1", "a2", "a3")}
    assert lives == {"g1": 4, "a1": 4, "a2": 1, "a3": 3}
    assert t.audit_valid()


def test_bask_bomb_blows_up_an_attacker_into_both_parties(client):
    """Bask Bomb: "COST: Play this only while you are attacking and your opponent is blocking. Destroy an
    attacking character you control. X is twice its strength. Y is its strength. EFFECT: Inflict X damage
    divided however you want to the blocking party. Inflict Y damage divided however your opponent wants
    to the attacking party." (spoils.401.3a, spoils.402.1): before bob blocks it is refused (nothing
    appended); once he blocks with a Scout and an Agile Highwayman, alice destroys her Stalwart Soldier
    (X = 6, Y = 3), splits 6 as 3 on the Scout and 3 on the Highwayman, and bob puts the 3 on her Nimble
    Conscript: all three are destroyed before any battle damage."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Nimble Conscript", "controller": "alice"},
             "b1": {"card": "Scout", "controller": "bob"},
             "b2": {"card": "Agile Highwayman", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Bask Bomb"]}, icons={"alice": "RRR"}))
    t.act(_attack("a1", "a2"))
    bomb = play_card("Bask Bomb", "a1", divided={"b1": 3, "b2": 3}, their={"divided": {"a2": 3}})
    assert "spoils.401.3a" in _refused(t, bomb)
    _to_blocks(t)
    t.act(_block("bob", "b1", "b2"))
    t.resolve("alice", "bob", bomb)
    assert not {"a1", "a2", "b1", "b2"} & set(t.state()["cards"])
    assert t.audit_valid()


def test_bask_bomb_asks_its_player_only_for_their_own_division(client):
    """Bask Bomb's legal action (402.1): once bob blocks, alice is asked for the attacker she destroys and
    for the split of X on the blocking party; the Y damage bob divides ("however your opponent wants",
    ``Damage.divided_by``) is his split, never asked of her."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Nimble Conscript", "controller": "alice"},
             "b1": {"card": "Scout", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Bask Bomb"]}, icons={"alice": "RRR"}))
    t.act(_attack("a1", "a2"))
    _to_blocks(t)
    t.act(_block("bob", "b1"))
    listed = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()["actions"]
    (bomb,) = [a for a in listed if a["action"].get("card") == "Bask Bomb"]
    assert [(n["kind"], n["path"]) for n in bomb["needs"]] == [("target", ["targets", 0]),
                                                              ("divided", ["choices", "divided"])]
    assert "however you want to the blocking party" in bomb["needs"][1]["text"]
    assert not any("opponent" in n["text"] for n in bomb["needs"])


def test_bask_bomb_offers_its_split_among_the_blocking_party_only(client):
    """Bask Bomb: "... Destroy an attacking character you control. ... EFFECT: Inflict X damage divided
    however you want to the blocking party." (spoils.402.1, spoils.608.1d): the split alice is asked for is
    among bob's blockers (Scout, Agile Highwayman), not the attacker her cost destroys."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Nimble Conscript", "controller": "alice"},
             "b1": {"card": "Scout", "controller": "bob"},
             "b2": {"card": "Agile Highwayman", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Bask Bomb"]}, icons={"alice": "RRR"}))
    t.act(_attack("a1", "a2"))
    _to_blocks(t)
    t.act(_block("bob", "b1", "b2"))
    listed = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()["actions"]
    (bomb,) = [a for a in listed if a["action"].get("card") == "Bask Bomb"]
    split = bomb["needs"][1]
    assert split["kind"] == "divided" and "among" not in split
    assert sorted(c["id"] for c in split["allowed"]) == ["b1", "b2"]


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


def test_rumply_ruse_speeds_up_the_party_of_its_player(client):
    """Rumply Ruse: "COST: Play this only during a battle. EFFECT: This turn, all characters in your party
    gain 1 speed." (spoils.401.3a, spoils.608.1c, spoils.609.1b): out of battle it is refused; played by
    alice before blocks, her Stalwart Soldier (3/3/3) strikes bob's blocking Soldier first at speed 4 and
    survives, where without it both are destroyed."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Rumply Ruse"]}, icons={"alice": "DDD"})
    t = new_game(client, setup)
    assert _rules(t.refuse(_play("Rumply Ruse"))) == ["spoils.401.3a"]
    for ruse in (True, False):
        t = new_game(client, setup)
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        if ruse:
            t.resolve("alice", "bob", _play("Rumply Ruse"))
            assert t.card("a1")["effective"]["speed"] == 4 and t.card("b1")["effective"]["speed"] == 3
        t.fight(blockers=["b1"])
        assert sorted(t.state()["cards"]) == (["a1"] if ruse else [])
        assert t.audit_valid()


def test_jumping_screamspider_slows_the_opposing_party_in_its_battle(client):
    """Jumping Screamspider (1/1/4, Covert): "SCREAM COST: This card loses Covert this turn. EFFECT: This
    turn, while this card is in a battle, all characters in the opposing party lose 2 speed." (spoils.504.1,
    spoils.609.1b): after SCREAM it attacks with a Stalwart Soldier; bob's blocking Soldier is at speed 1
    (his other Soldier, out of the battle, keeps 3) and is destroyed before it strikes: alice loses
    nothing; without SCREAM it strikes alice's Soldier at speed 3 and both Soldiers are destroyed."""
    cards = {"j1": {"card": "Jumping Screamspider", "controller": "alice"}, **SOLDIERS,
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    damage = {"bob": [{"source": "b1", "to": "a1", "amount": 3}],
              "alice": [{"source": "j1", "to": "b1", "amount": 1}, {"source": "a1", "to": "b1", "amount": 3}]}
    for scream in (True, False):
        t = new_game(client, position(cards=cards))
        if scream:
            t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "j1", "ability": "SCREAM",
                                       "targets": []})
            assert "covert" not in t.card("j1")["effective"]["keywords"] and t.card("b1")["effective"]["speed"] == 3
        t.act({"type": "attack", "player": "alice", "attackers": ["j1", "a1"]})
        t.fight(blockers=["b1"], stop="tactics_a")
        assert [t.card(c)["effective"]["speed"] for c in ("b1", "b2")] == ([1, 3] if scream else [3, 3])
        t.fight(blockers=["b1"], assignments=damage)
        assert sorted(t.state()["cards"]) == (["a1", "b2", "j1"] if scream else ["b2", "j1"])
        assert t.audit_valid()


def test_martial_arts_master_outspeeds_its_blocker_into_strength(client):
    """Martial Arts Master (1/3/6): "While this card is in a battle and there is at least one character in
    the opposing party, it gains X strength, where X is this card's speed minus the highest speed among
    characters in the opposing party." (spoils.302.10, spoils.201.7b, spoils.609.1): at home it has 1 strength;
    attacking, blocked by bob's Stalwart Soldier (3/3/3), it has 1 + (6 - 3) = 4 and destroys the Soldier,
    which its printed 1 strength could not."""
    cards = {"m1": {"card": "Martial Arts Master", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert t.card("m1")["effective"]["strength"] == 1
    t.act({"type": "attack", "player": "alice", "attackers": ["m1"]})
    t.fight(blockers=["b1"], stop="tactics_a")
    assert t.card("m1")["effective"]["strength"] == 4
    t.fight()
    assert "b1" not in t.state()["cards"]
    assert t.audit_valid()


def test_topplemajig_slows_the_opposing_party_while_in_a_battle(client):
    """Topplemajig: "While this card is in a battle, all characters in the opposing party lose 1 speed."
    (spoils.608.1b, spoils.608.1d: the parties): alice attacks with Topplemajig and a Stalwart Soldier;
    once bob's Stalwart Soldier blocks, it is at speed 2 while alice's party keeps its speed (1 and 3);
    before the block, and for bob's Soldier standing aside, nothing changes (the engine once applied
    nothing)."""
    cards = {"t1": {"card": "Topplemajig", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["t1", "a1"]})
    t.fight(stop="blocks")
    assert t.card("b1")["effective"]["speed"] == 3
    t.act({"type": "block", "player": "bob", "blockers": ["b1"]})
    speeds = {c: t.card(c)["effective"]["speed"] for c in ("b1", "b2", "t1", "a1")}
    assert speeds == {"b1": 2, "b2": 3, "t1": 1, "a1": 3}


def test_horrendous_behemoth_weakens_and_slows_the_opposing_party(client):
    """Horrendous Behemoth (4/4/2): "While this card is in a battle, characters in the opposing party lose
    1 strength and 1 speed." (spoils.608.1b, spoils.608.1d): bob attacks with a Topplemajig (4/4/1,
    whose own text slows the Behemoth to 1) and the Behemoth blocks: the Topplemajig is 3/4/0, so the
    Behemoth, faster, deals its damage first (spoils.204.4c, spoils.609.1b) and destroys it before it
    strikes: the Behemoth ends the battle undamaged (with speeds 1 and 1 both would have died)."""
    cards = {"h1": {"card": "Horrendous Behemoth", "controller": "alice"},
             "t1": {"card": "Topplemajig", "controller": "bob"}}
    t = new_game(client, position(cards=cards, active="bob"))
    t.act({"type": "attack", "player": "bob", "attackers": ["t1"]})
    t.fight(stop="blocks")
    t.act({"type": "block", "player": "alice", "blockers": ["h1"]})
    assert (t.card("t1")["effective"]["strength"], t.card("t1")["effective"]["speed"]) == (3, 0)
    assert (t.card("h1")["effective"]["strength"], t.card("h1")["effective"]["speed"]) == (4, 1)
    t.fight()
    assert "t1" not in t.state()["cards"] and t.card("h1")["damage"] == 0
