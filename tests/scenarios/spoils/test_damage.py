"""Damage of The Spoils' cards, played by name through the API: the next damage redirected or reduced
(delayed replacements, spoils.506.3), damage reduced to 0 above an amount or from a character, damage
to each picked character, a chain of damage that goes on while it destroys, damage that grows as
influence falls, and cards that damage cannot destroy.  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability as _ability
from tests.scenarios.spoils.steps import declare_attack as _declare_attack
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, play_card, position, rule_ids as _rules, rule_ids)

pytestmark = needs_data


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
    before = t.state()["position"]
    assert "spoils.310.1" in rule_ids(t.refuse(play_card("Manful Skirmish", ["b1", "b2", "a1"], targets=["b1", "b1"])))
    assert t.state()["position"] == before  # refused as it is made (spoils.engine.choices-when-made), nothing appended
    u = new_game(client, setup)
    u.resolve("alice", "bob", play_card("Manful Skirmish", ["b1", "b2", "a1"], targets=["b1", "b2"]))
    state = u.state()
    assert state["cards"]["b1"]["depleted"] is True and "b2" not in state["cards"]
    assert state["cards"]["a1"]["effective"]["strength"] == 5 and not state["cards"]["a1"]["depleted"]
    assert state["players"]["alice"]["hand"] == 1
    assert t.audit_valid() and u.audit_valid()


def test_scintillating_chamber_pot_stops_the_characters_damage_to_your_faction_and_its_restoring(client):
    """Scintillating Chamber Pot: "TANTALIZE COST: Pay 1. Deplete this card. Pick a character. EFFECT: This turn,
    reduce all damage the character inflicts to your faction to 0. The character cannot be restored until
    the start of your next turn." spoils.410.4 (bob's unblocked Plodding Brute inflicts 0 to alice's faction),
    spoils.303.3 (used on alice's turn, bob's depleted Brute stays depleted as his turn starts)."""
    pot = {"p1": {"card": "Scintillating Chamber Pot", "controller": "alice"}}
    tantalize = {"type": "use_ability", "player": "alice", "card": "p1", "ability": "TANTALIZE", "targets": ["b1"]}
    t = new_game(client, position(active="bob", cards=pot | {"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  icons={"alice": "G"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.act({"type": "pass", "player": "bob"})
    t.act(tantalize)
    t.act({"type": "pass", "player": "bob"})
    t.fight()
    assert t.influence("alice") == 25
    u = new_game(client, position(cards=pot | {"b1": {"card": "Plodding Brute", "controller": "bob", "depleted": True}},
                                  icons={"alice": "G"}))
    u.resolve("alice", "bob", tantalize)
    u.end_turn("alice", "bob")
    assert u.card("b1")["depleted"] is True


def test_a_series_of_tubes_takes_the_next_damage_of_a_node(client):
    """A Series of Tubes (5/5/3): "REDIRECT COST: Pick a "node" character. EFFECT: This turn, the next 1
    damage inflicted to the character is inflicted to this card instead." and "All other "node"
    characters gain 1 strength and 1 life." (spoils.506.3, spoils.408.4): bob's Target Practice inflicts
    2 damage to alice's Basic Node (2 life with the Tubes): with REDIRECT used first, 1 of it goes to the
    Tubes and the Node survives with 1 damage; without, the Node is destroyed (and its own "If this card is
    destroyed, destroy all other "node" cards." takes the Tubes along)."""
    cards = {"t1": {"card": "A Series of Tubes", "controller": "alice"},
             "n1": {"card": "Basic Node", "controller": "alice"}}
    for redirect in (True, False):
        t = new_game(client, position(cards=cards, hands={"bob": ["Target Practice"]}, icons={"bob": "RR"},
                                      active="bob"))
        t.act(_play("Target Practice", "n1", player="bob"))
        if redirect:  # in response: the REDIRECT resolves first (607.2)
            t.resolve("alice", "bob", _ability("t1", "REDIRECT", "n1"))
        t.act({"type": "pass", "player": "alice"})
        cards_now = t.state()["cards"]
        if redirect:
            assert (cards_now["n1"]["damage"], cards_now["t1"]["damage"]) == (1, 1)
            assert "spoils.506.3" in t.trace_text()
        else:
            assert "n1" not in cards_now and "t1" not in cards_now  # the Node's "destroy all other node cards"
        assert t.audit_valid()


def test_tiny_shiny_reduces_the_next_damage_and_becomes_a_resource(client):
    """Tiny Shiny: "COST: Pick a character. EFFECT: Reduce the next damage inflicted to the character this
    turn by 2. Put this card into play under its owner's control as a face-down resource instead of into
    their discard pile." (spoils.506.3, spoils.408.2, spoils.411.1): alice's Stalwart Soldier (3/3/3)
    attacks and is blocked by bob's Soldier: it takes 3 - 2 = 1 damage and survives (without Tiny Shiny
    both die); only the next damage is reduced: a Pinch afterwards still deals its 1; Tiny Shiny is a
    face-down resource, not in the discard pile."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for shiny in (True, False):
        t = new_game(client, position(cards=cards, hands={"alice": ["Tiny Shiny", "Pinch"]}, icons={"alice": "GGGRR"}))
        if shiny:
            t.resolve("alice", "bob", _play("Tiny Shiny", "a1"))
            assert "Tiny Shiny" not in t.state()["players"]["alice"]["discard"]
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"])
        assert "b1" not in t.state()["cards"]
        if not shiny:
            assert "a1" not in t.state()["cards"] and t.audit_valid()
            continue
        assert t.card("a1")["damage"] == 1
        t.resolve("alice", "bob", _play("Pinch", "a1"))
        assert t.card("a1")["damage"] == 2
        assert t.audit_valid()


def test_purifying_priest_sends_the_next_faction_damage_to_a_location(client):
    """Purifying Priest: "BANISH COST: Pick a location. EFFECT: The next 1 damage inflicted to your faction
    this turn is inflicted to the location instead." (spoils.506.3, spoils.408.3, spoils.408.5): bob's Bask
    Bile inflicts 5 damage to alice's faction; alice answers with BANISH on her Narrow Passage: her faction
    loses 4 influence and the Passage takes 1 damage (without it, 5 influence)."""
    cards = {"p1": {"card": "Purifying Priest", "controller": "alice"},
             "l1": {"card": "Narrow Passage", "controller": "alice"}}
    for banish in (True, False):
        t = new_game(client, position(cards=cards, hands={"bob": ["Bask Bile"]}, icons={"bob": "RRRRRRR"},
                                      active="bob"))
        t.act(_play("Bask Bile", "faction:alice", player="bob"))
        if banish:
            t.resolve("alice", "bob", _ability("p1", "BANISH", "l1"))
        t.act({"type": "pass", "player": "alice"})
        assert t.influence("alice") == (21 if banish else 20)
        assert t.card("l1")["damage"] == (1 if banish else 0)
        assert t.audit_valid()


def test_delectable_boon_moves_the_next_x_damage_to_the_second_picked_card(client):
    """Delectable Boon: "COST: Choose a number for X. Pay X. Pick 2 characters, locations, and/or factions.
    EFFECT: The next X damage inflicted to the first picked card this turn is inflicted to the second
    picked card instead." (spoils.506.3, spoils.408.3, spoils.408.4): with X = 2, alice picks her Stalwart
    Soldier (3/3/3), then bob's faction; her Soldier attacks and is blocked by bob's Soldier: 2 of the 3
    damage go to bob's faction (23 influence) and her Soldier survives with 1 damage."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Delectable Boon"]}, icons={"alice": "GGGG"}))
    t.resolve("alice", "bob", _play("Delectable Boon", ["a1", "faction:bob"], x=2))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(blockers=["b1"])
    assert "b1" not in t.state()["cards"] and t.card("a1")["damage"] == 1
    assert t.influence("bob") == 23
    assert t.audit_valid()


def test_needless_beating_grows_as_the_opposing_influence_falls(client):
    """Needless Beating: "Inflict 2 damage to the character. If your opponent's faction has 15 influence or
    less, inflict 1 additional damage to the character. If ... 10 influence or less, inflict 1 damage to
    each character your opponent controls. If ... 5 influence or less, draw a card." (spoils.202.3,
    spoils.504.1, spoils.408.4): on bob's Stalwart Soldier (3/3/3), beside another Soldier: at 25 influence
    2 damage; at 15, 3 (destroyed); at 10, also 1 damage to the other Soldier; at 5, alice also draws."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    for influence, first, second, drawn in ((25, 2, 0, 0), (15, None, 0, 0), (10, None, 1, 0), (5, None, 1, 1)):
        faction = {"name": "bob's faction", "influence": influence, "starting_influence": 25}
        t = new_game(client, position(cards=cards, hands={"alice": ["Needless Beating"]}, icons={"alice": "RRRRRR"},
                                      factions={"bob": faction}))
        t.resolve("alice", "bob", _play("Needless Beating", "b1"))
        state = t.state()
        if first is None:
            assert "b1" not in state["cards"], influence
        else:
            assert state["cards"]["b1"]["damage"] == first, influence
        assert state["cards"]["b2"]["damage"] == second, influence
        assert state["players"]["alice"]["hand"] == drawn, influence
        assert t.audit_valid()


def test_limited_liability_lets_only_costs_destroy(client):
    """Limited Liability: "This turn, cards can only be destroyed by costs, and all inflicted damage is
    reduced to 0." (spoils.402.7a, spoils.408.2a, spoils.401.3): after it, alice's Crushing Usury ("Destroy
    the character. Your faction loses 3 influence.") leaves bob's Stalwart Soldier in play (alice still loses
    3), Target Practice's 2 damage is reduced to 0, but Cashier's Window's CASH IN ("COST: Destroy a character
    you control") still destroys alice's Soldier; without Limited Liability the Usury destroys bob's Soldier."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "w1": {"card": "Cashier's Window", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    hands = {"alice": ["Limited Liability", "Crushing Usury", "Target Practice"]}
    for liability in (True, False):
        t = new_game(client, position(cards=cards, hands=hands, icons={"alice": "GGGGGGRR"}))
        if liability:
            t.resolve("alice", "bob", _play("Limited Liability"))
        t.resolve("alice", "bob", _play("Crushing Usury", "b1"))
        assert t.influence("alice") == 22
        if not liability:
            assert "b1" not in t.state()["cards"] and t.audit_valid()
            continue
        assert "b1" in t.state()["cards"] and "spoils.402.7a" in t.trace_text()
        t.resolve("alice", "bob", _play("Target Practice", "b1"))
        assert t.card("b1")["damage"] == 0
        t.resolve("alice", "bob", _ability("w1", "CASH IN", "a1"))
        assert "a1" not in t.state()["cards"] and "Stalwart Soldier" in t.state()["players"]["alice"]["discard"]
        assert t.audit_valid()


def test_scorching_runicution_burns_the_character_wearing_the_gear(client):
    """Scorching Runicution: "COST: Pick a "gear" card. X is its numeric cost. EFFECT: Inflict X damage to
    the character the "gear" card is attached to. Destroy the "gear" card." (spoils.406.3, spoils.408.4,
    spoils.304.1): on the Lugubrious Finger Trap (numeric cost 3) attached to bob's Club Mau Bouncer
    (2/4/3): the Bouncer takes 3 damage and survives, the Trap goes to bob's discard pile."""
    cards = {"b1": {"card": "Club Mau Bouncer", "controller": "bob"},
             "g1": {"card": "Lugubrious Finger Trap", "controller": "bob", "attached_to": "b1"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Scorching Runicution"]}, icons={"alice": "EE"}))
    t.resolve("alice", "bob", _play("Scorching Runicution", "g1"))
    assert t.card("b1")["damage"] == 3 and "g1" not in t.state()["cards"]
    assert t.state()["players"]["bob"]["discard"] == ["Lugubrious Finger Trap"]
    assert t.audit_valid()


def test_smear_campaign_costs_the_wearer_s_controller_what_it_inflicts(client):
    """Smear Campaign: "ATTACH to Character. If the attached character inflicts damage, inflict the same
    amount of damage to the character's controller's faction." (spoils.503.1, spoils.408.3, spoils.408.7):
    alice's Stalwart Soldier (3/3/3) wearing it attacks bob unblocked: bob's faction loses 3, and so does
    alice's (22 each); blocked by bob's Soldier, alice's faction still loses 3 (her Soldier dies in the trade
    and the Campaign with it: the trigger reads the character as last known, spoils.engine.last-known);
    without the Campaign alice keeps her 25."""
    for smear, blocked in ((True, False), (True, True), (False, False)):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                 "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
        if smear:
            cards["s1"] = {"card": "Smear Campaign", "controller": "alice", "attached_to": "a1"}
        t = new_game(client, position(cards=cards))
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"] if blocked else [])
        assert t.influence("bob") == (25 if blocked else 22)
        assert t.influence("alice") == (22 if smear else 25), (smear, blocked)
        assert t.audit_valid()


def test_lugubrious_node_survives_the_destruction_of_the_other_nodes(client):
    """Lugubrious Node: "This card cannot be destroyed by the effects of "node" cards." (spoils.402.7a,
    spoils.engine.last-known): bob's Target Practice kills alice's Basic Node, whose "If this card is
    destroyed, destroy all other "node" cards." destroys her Hub Node but not the Lugubrious Node; bob's
    Precise Sabotage (not a node card) then destroys it."""
    cards = {"n1": {"card": "Basic Node", "controller": "alice"},
             "n2": {"card": "Hub Node", "controller": "alice"},
             "l1": {"card": "Lugubrious Node", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Target Practice", "Precise Sabotage"]},
                                  icons={"bob": "RREEE"}, active="bob"))
    t.resolve("bob", "alice", _play("Target Practice", "n1", player="bob"))
    assert set(t.state()["cards"]) == {"l1"} and "spoils.402.7a" in t.trace_text()
    t.resolve("bob", "alice", _play("Precise Sabotage", "l1", player="bob"))
    assert t.state()["cards"] == {} and "Lugubrious Node" in t.state()["players"]["alice"]["discard"]
    assert t.audit_valid()


def test_top_secret_subterranean_goofarium_takes_no_damage_from_covert_characters(client):
    """Top-Secret Subterranean Goofarium (structure 4): "Characters with Cover cannot inflict damage to this
    card." (Covert, spoils.507.3; spoils.402.7, spoils.408.1): bob attacks it with his Sneaking Spitspider
    (Covert, 2 strength) and a Stalwart Soldier (3): only the Soldier's 3 damage is inflicted; attacked by
    two Soldiers (6 damage), it is destroyed."""
    for covert in (True, False):
        cards = {"l1": {"card": "Top-Secret Subterranean Goofarium", "controller": "alice"},
                 "b1": {"card": "Sneaking Spitspider" if covert else "Stalwart Soldier", "controller": "bob"},
                 "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
        t = new_game(client, position(cards=cards, active="bob"))
        t.act({"type": "attack", "player": "bob", "attackers": ["b1", "b2"], "target": "l1"})
        t.fight()
        if covert:
            assert t.card("l1")["damage"] == 3 and "spoils.402.7" in t.trace_text()
        else:
            assert "l1" not in t.state()["cards"]
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


def test_quipmajig_reduces_the_damage_of_the_covert_character_it_insults_to_0(client):
    """Quipmajig: "INSULT COST: Deplete this card. Pick a character with Covert. EFFECT: Deplete the
    character. This turn, reduce all damage inflicted by it to 0."  Bob's Concealed Goon (Covert,
    strength 5) attacks alice; insulted, its battle damage to her faction is reduced to 0 (spoils.408.2,
    spoils.410.4); without the insult she loses 5.  A character without Covert cannot be picked
    (spoils.310.1)."""
    cards = {"q1": {"card": "Quipmajig", "controller": "alice"},
             "b1": {"card": "Concealed Goon", "controller": "bob"}, "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    for insult, influence in ((True, 25), (False, 20)):
        t = new_game(client, position(active="bob", cards=cards))
        _declare_attack(t, ["b1"], player="bob")
        t.act({"type": "pass", "player": "bob"})
        if insult:
            assert "spoils.310.1" in _rules(t.refuse({"type": "use_ability", "player": "alice", "card": "q1",
                                                      "ability": "INSULT", "targets": ["b2"]}))
            t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "q1", "ability": "INSULT",
                                       "targets": ["b1"]})
        t.fight()
        assert t.influence("alice") == influence, insult


def test_scintillating_chamber_pot_reduces_the_picked_characters_damage_to_your_faction_to_0(client):
    """Scintillating Chamber Pot: "TANTALIZE COST: Pay 1. Deplete this card. Pick a character. EFFECT:
    This turn, reduce all damage the character inflicts to your faction to 0. The character cannot be
    restored until the start of your next turn."  Bob's attacking Stalwart Soldier deals alice's
    faction no damage this turn (spoils.408.2, spoils.410.4): 3 without the pot."""
    cards = {"p1": {"card": "Scintillating Chamber Pot", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for used, influence in ((True, 25), (False, 22)):
        t = new_game(client, position(active="bob", cards=cards, icons={"alice": "G"}))
        _declare_attack(t, ["b1"], player="bob")
        t.act({"type": "pass", "player": "bob"})
        if used:
            t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "p1", "ability": "TANTALIZE",
                                       "targets": ["b1"]})
        t.fight()
        assert t.influence("alice") == influence, used


def test_class_action_defender_reduces_damage_greater_than_4_to_it_to_0(client):
    """Class Action Defender (2/3): "If any amount of damage greater than 4 is inflicted to this card,
    reduce it to 0."  Blocking alice's Brash Basher (strength 6) it takes no damage (spoils.408.2) and
    survives; Stalwart Soldier's 3 damage is not greater than 4 and destroys it (spoils.408.4)."""
    for attacker, survives in (("Brash Basher", True), ("Stalwart Soldier", False)):
        cards = {"a1": {"card": attacker, "controller": "alice"},
                 "d1": {"card": "Class Action Defender", "controller": "bob"}}
        t = new_game(client, position(cards=cards))
        _declare_attack(t, ["a1"])
        t.fight(["d1"])
        assert ("d1" in t.state()["cards"]) is survives, attacker
        assert not survives or t.card("d1")["damage"] == 0
