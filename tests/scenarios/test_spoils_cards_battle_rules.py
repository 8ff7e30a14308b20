"""Spoils cards of round 4, battle rules: who can block, who must attack or block, how big a party is,
which party is Covert, where battle damage goes; each played by name through the API, the card's
printed text changing the outcome (compared with the same battle without it, or the action it forbids
refused with the rule, nothing appended)."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card, position, rule_ids)

pytestmark = needs_data


def _attack(*attackers: str, player: str = "alice", target: str | None = None) -> dict:
    action = {"type": "attack", "player": player, "attackers": list(attackers)}
    return action | ({"target": target} if target else {})


def _to_blocks(t) -> None:
    """Both players pass at the attack's tactics step: the blockers step begins (608.1c-d)."""
    t.fight(stop="blocks")


def _block(player: str, *blockers: str) -> dict:
    return {"type": "block", "player": player, "blockers": list(blockers)}


def _refused(t, action: dict) -> list[str]:
    before = t.state()["position"]
    rules = rule_ids(t.refuse(action))
    assert t.state()["position"] == before
    return rules


def test_recyclable_golem_with_a_token_blocks_a_covert_party(client):
    """Recyclable Golem (6/6/3): "While there is a token on this card, it loses 2 strength and 2 life
    and can block Covert parties." (spoils.507.3b, spoils.101.1): alice's Sneaking Spitspider (COVERT)
    attacks alone, a covert party (spoils.507.3a); bob's Golem without a token cannot block it (refused,
    nothing appended), with a token it is a 4/4 and blocks."""
    for tokens in (0, 1):
        cards = {"s1": {"card": "Sneaking Spitspider", "controller": "alice"},
                 "g1": {"card": "Recyclable Golem", "controller": "bob", "tokens": tokens}}
        t = new_game(client, position(cards=cards))
        assert (t.card("g1")["effective"]["strength"], t.card("g1")["effective"]["life"]) == \
            ((4, 4) if tokens else (6, 6))
        t.act(_attack("s1"))
        _to_blocks(t)
        if not tokens:
            assert "spoils.507.3b" in _refused(t, _block("bob", "g1"))
            continue
        t.act(_block("bob", "g1"))
        t.fight()
        assert "s1" not in t.state()["cards"] and t.card("g1")["damage"] == 2
        assert t.influence("bob") == 25 and t.audit_valid()


def test_cloaked_creeper_makes_its_whole_party_covert(client):
    """Cloaked Creeper: "COVERT. While this card is a member of an attacking party, the party is
    Covert." (spoils.507.3a-b, spoils.101.1): alice attacks with the Creeper and a Stalwart Soldier
    (no Covert): the party is Covert, so bob's Scout cannot block it (refused, nothing appended) and
    only his Sneaking Spitspider (COVERT) can; two Soldiers without the Creeper are blocked by the
    Scout."""
    cards = {"c1": {"card": "Cloaked Creeper", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Scout", "controller": "bob"},
             "b2": {"card": "Sneaking Spitspider", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("c1", "a1"))
    assert t.state()["battle"]["covert"] is True
    _to_blocks(t)
    assert "spoils.507.3b" in _refused(t, _block("bob", "b1"))
    t.act(_block("bob", "b2"))
    assert t.audit_valid()
    u = new_game(client, position(cards=cards))
    u.act(_attack("a1", "a2"))
    _to_blocks(u)
    u.act(_block("bob", "b1"))
    assert u.audit_valid()


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


def test_wild_boars_alone_is_blocked_only_by_characters_as_fast(client):
    """Wild Boars (2/2/4): "While this card is the only member of an attacking party, only characters
    with at least X speed can block it, where X is this card's speed." (spoils.608.1d, spoils.101.1):
    attacking alone, bob's Stalwart Soldier (speed 3) cannot block it (refused, nothing appended) but
    his Scout (speed 4) can; in a party with a Soldier, the Boars are blocked by the slow Soldier."""
    cards = {"w1": {"card": "Wild Boars", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Scout", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("w1"))
    _to_blocks(t)
    assert "spoils.101.1" in _refused(t, _block("bob", "b1"))
    t.act(_block("bob", "b2"))
    assert t.audit_valid()
    u = new_game(client, position(cards=cards))
    u.act(_attack("w1", "a1"))
    _to_blocks(u)
    u.act(_block("bob", "b1"))
    assert u.audit_valid()


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


def test_throatstabber_depletes_itself_when_its_coin_flip_is_lost(client):
    """Throatstabber: "When this card enters play, flip a coin. If you lose, deplete this card."
    (spoils.503.1, spoils.303.1): the flip recorded as lost, it enters play depleted; won, it stays
    restored."""
    for coin, depleted in (("lose", True), ("win", False)):
        t = new_game(client, position(hands={"alice": ["Throatstabber"]}, icons={"alice": "DDD"}))
        t.act(play_card("Throatstabber"))
        t.act({"type": "pass", "player": "bob", "choices": {"coin": coin}})
        (cid,) = t.named("Throatstabber")
        assert t.card(cid)["depleted"] is depleted
        assert t.audit_valid()


def test_essence_of_deception_destroys_a_character_damaged_this_turn(client):
    """Essence of Deception, OPTION 3: "COST: Pick a character. EFFECT: If damage has been inflicted to
    the character this turn, destroy it." (spoils.504.1, spoils.304.1): alice's Stalwart Soldier (3/3/3)
    survives 2 damage from bob's blocking Agile Highwayman (2/1/4); the Essence then destroys it, while
    played on her other Soldier, undamaged this turn, it does nothing."""
    for target, destroyed in (("a1", True), ("a2", False)):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                 "a2": {"card": "Stalwart Soldier", "controller": "alice"},
                 "b1": {"card": "Agile Highwayman", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Essence of Deception"]}, icons={"alice": "DD"}))
        t.act(_attack("a1"))
        t.fight(blockers=["b1"])
        assert t.card("a1")["damage"] == 2
        t.resolve("alice", "bob", play_card("Essence of Deception", target, option=3))
        assert (target not in t.state()["cards"]) is destroyed and "a2" in t.state()["cards"] or destroyed
        assert t.state()["players"]["alice"]["discard"] == (["Stalwart Soldier", "Essence of Deception"]
                                                            if destroyed else ["Essence of Deception"])
        assert t.audit_valid()


def test_hideous_hexapede_of_horror_inflicts_6_to_each_character_picked(client):
    """Hideous Hexapede of Horror: "COST: Pay 6. Destroy this card. Pick 6 characters. EFFECT: Inflict 6
    damage to each of the characters. Inflict 6 damage to all factions. ..." (spoils.606.1,
    spoils.408.4): the six Stalwart Soldiers picked are destroyed, a seventh not picked is untouched,
    and both factions lose 6 influence."""
    cards = {f"b{i}": {"card": "Stalwart Soldier", "controller": "bob"} for i in range(1, 5)}
    cards |= {f"a{i}": {"card": "Stalwart Soldier", "controller": "alice"} for i in range(1, 4)}
    cards["h1"] = {"card": "Hideous Hexapede of Horror", "controller": "alice"}
    six = ["Gnat"] * 6
    setup = position(cards=cards, icons={"alice": "OOOOOO"}, hands={"alice": six, "bob": six})
    for p in ("alice", "bob"):
        setup["players"][p]["discard"] = list(six)
    t = new_game(client, setup)
    picked = ["b1", "b2", "b3", "b4", "a1", "a2"]
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "h1", "targets": [picked],
                               "choices": {"targets": [six] * 4, "removed": six, "their": {"removed": six}},
                               "ability": "HIDEOUSLY HORRENDOUS HEX OF HELLISHLY HORRIFYING HATRED"})
    state = t.state()
    assert sorted(state["cards"]) == ["a3"] and state["cards"]["a3"]["damage"] == 0
    assert t.influence("alice") == t.influence("bob") == 19
    for p in ("alice", "bob"):
        player = state["players"][p]
        assert (player["hand"], player["deck"], len(player["removed"])) == (0, 24, 18)
    assert t.audit_valid()


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


def test_chain_reaction_goes_on_only_while_its_damage_destroys(client):
    """Chain Reaction: "COST: Pick a location. EFFECT: Inflict 3 damage to the location. If it is destroyed
    by that damage, you may pick a character. If you do, inflict 2 damage to that character. If it is
    destroyed by that damage, inflict 1 damage to your opponent's faction and draw a card."
    (spoils.504.1, spoils.408.4): bob's Narrow Passage (structure 3) is destroyed, then his Agile
    Highwayman (life 1), so bob loses 1 influence and alice draws; on his Top-Secret Subterranean
    Goofarium (structure 4) the chain stops at once: the Highwayman is untouched."""
    for location, chained in (("Narrow Passage", True), ("Top-Secret Subterranean Goofarium", False)):
        cards = {"l1": {"card": location, "controller": "bob"},
                 "b1": {"card": "Agile Highwayman", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Chain Reaction"]}, icons={"alice": "R"}))
        t.resolve("alice", "bob", play_card("Chain Reaction", "l1", targets=["b1"]))
        state = t.state()
        assert ("l1" in state["cards"], "b1" in state["cards"]) == ((False, False) if chained else (True, True))
        assert t.influence("bob") == (24 if chained else 25)
        assert state["players"]["alice"]["hand"] == (1 if chained else 0)
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


def test_manful_skirmish_deals_a_different_fate_to_each_character_picked(client):
    """Manful Skirmish: "COST: Pick 3 characters. EFFECT: Deplete one of the characters. Inflict 1 damage
    to another one of the characters. The remaining character gains 2 strength this turn. Draw a card."
    (spoils.310.1, spoils.402.1): alice picks bob's Scout and Agile Highwayman and her Stalwart Soldier;
    she depletes the Scout, the Highwayman (1 life) takes the 1 damage and is destroyed, her Soldier has 5
    strength and she draws. Naming the depleted Scout again for the damage is refused (nothing
    appended): each is one of the characters once."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Scout", "controller": "bob"},
             "b2": {"card": "Agile Highwayman", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Manful Skirmish"]}, icons={"alice": "RRRR"})
    t = new_game(client, setup)
    t.act(play_card("Manful Skirmish", ["b1", "b2", "a1"], targets=["b1", "b1"]))
    before = t.state()["position"]
    assert "spoils.310.1" in rule_ids(t.refuse({"type": "pass", "player": "bob"}))
    assert t.state()["position"] == before
    u = new_game(client, setup)
    u.resolve("alice", "bob", play_card("Manful Skirmish", ["b1", "b2", "a1"], targets=["b1", "b2"]))
    state = u.state()
    assert state["cards"]["b1"]["depleted"] is True and "b2" not in state["cards"]
    assert state["cards"]["a1"]["effective"]["strength"] == 5 and not state["cards"]["a1"]["depleted"]
    assert state["players"]["alice"]["hand"] == 1
    assert t.audit_valid() and u.audit_valid()


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
