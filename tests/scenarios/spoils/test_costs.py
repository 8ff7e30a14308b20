"""Costs of The Spoils' acts, played by name through the API: taxes ("your opponent must pay 2 to
attack", to play a tactic, to use an ability, to search a deck, to pick a character; spoils.505.1: a
player who cannot pay cannot act), "or" costs, amounts read off this turn's history, and numeric costs
reduced or counted (cheaper items, characters, tactics and faction abilities).  Each test cites the
card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.positions import characters_of as _chars, with_discard as _with_discard
from tests.scenarios.spoils.readings import attached_resources as _attached, unattached as _unattached
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_ensmallment_ray_reduces_characters_to_a_minimum_of_1(client):
    """Ensmallment Ray: "Reduce the numeric cost of characters you play by 2, to a minimum of 1."
    Creaky Old Swordsman (cost 3) costs 1; Portly Tradesmau (cost 2) costs 1, not 0: of three resources
    one is left (spoils.406.3: reductions, here with a floor)."""
    t = new_game(client, position(cards={"e1": {"card": "Ensmallment Ray", "controller": "alice"}},
                                  hands={"alice": ["Creaky Old Swordsman", "Portly Tradesmau"]}, icons={"alice": "RGG"}))
    t.resolve("alice", "bob", _play("Creaky Old Swordsman"))
    assert t.state()["players"]["alice"]["unattached"] == 2
    t.resolve("alice", "bob", _play("Portly Tradesmau"))
    assert t.named("Portly Tradesmau", "alice") and t.state()["players"]["alice"]["unattached"] == 1


def test_rudimentary_lathe_makes_items_cheaper(client):
    """Rudimentary Lathe: "The numeric cost of items you play is reduced by 1, to a minimum of 1."
    Runic Battery (cost 2) costs 1 (spoils.406.3)."""
    t = new_game(client, position(cards={"l1": {"card": "Rudimentary Lathe", "controller": "alice"}},
                                  hands={"alice": ["Runic Battery"]}, icons={"alice": "EEE"}))
    t.resolve("alice", "bob", _play("Runic Battery", may=False))
    assert t.named("Runic Battery", "alice") and t.state()["players"]["alice"]["unattached"] == 2


def test_toxic_cultivator_discounts_tactics_with_an_even_number_of_characters(client):
    """Toxic Cultivator: "While you control an even number of characters, reduce the numeric cost of
    tactics you play by 1, to a minimum of 1." With a second character Scrag (cost 2) costs 1; alone
    it costs 2 (spoils.504.1, spoils.406.3)."""
    for extra, left in (({"a1": {"card": "Agile Highwayman", "controller": "alice"}}, 1), ({}, 0)):
        setup = _with_discard(position(cards={"c1": {"card": "Toxic Cultivator", "controller": "alice"}, **extra,
                                              **_chars("bob", 1)},
                                       hands={"alice": ["Scrag"]}, icons={"alice": "DD"}), "bob", 5)
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Scrag", "b1"))
        assert t.state()["players"]["alice"]["unattached"] == left, extra


def test_ministry_of_other_smaller_ministries_makes_the_opponent_pay_2_to_attack(client):
    """The Ministry of Other Smaller Ministries: "Your opponent must pay 2 to attack." spoils.505.1:
    with 1 unattached resource alice cannot attack (nothing appended); with 2 she attacks and attaches
    both (309.1); bob, the Ministry's controller, attacks for free on his turn."""
    cards = {"m1": {"card": "The Ministry of Other Smaller Ministries", "controller": "bob"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "R"}))
    violations = t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert "spoils.505.1" in _rules(violations)
    assert t.card("a1")["depleted"] is False and t.state()["battle"] is None
    u = new_game(client, position(cards=cards, icons={"alice": "RR"}))
    u.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert _attached(u, "alice") == 2 and "The Ministry of Other Smaller Ministries" in u.trace_text()
    v = new_game(client, position(active="bob", cards={"m1": cards["m1"], "b1": {"card": "Stalwart Soldier",
                                                                                 "controller": "bob"}}))
    v.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    assert v.state()["battle"] is not None


def test_auspicious_tax_makes_the_attached_characters_controller_pay_3_to_attack_with_it(client):
    """Auspicious Tax (gear attached to alice's Stalwart Soldier): "The attached character's controller
    must pay 3 to attack with it." spoils.505.1: with 2 resources alice cannot attack with it, but can
    with her other character; with 3 she attacks with it and pays 3."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Plodding Brute", "controller": "alice"},
             "g1": {"card": "Auspicious Tax", "controller": "bob", "attached_to": "a1"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}))
    assert "spoils.505.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a2"]})
    assert _attached(t, "alice") == 0
    u = new_game(client, position(cards=cards, icons={"alice": "RRR"}))
    u.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert _attached(u, "alice") == 3 and "Auspicious Tax" in u.trace_text()


def test_vilghame_manewaft_makes_the_opponent_pay_1_to_play_a_tactic(client):
    """Vilghame Manewaft: "Your opponent must pay 1 to play a tactic." Distraction costs 0: alice
    with 1 resource pays 1 for it; without an unattached resource she cannot play it (spoils.505.1);
    the tax is not part of the numeric cost (406.3)."""
    cards = {"v1": {"card": "Vilghame Manewaft", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Distraction"]}, icons={"alice": "R"}, attached={"alice": 1}))
    assert "spoils.505.1" in _rules(t.refuse(_play("Distraction", "v1")))
    u = new_game(client, position(cards=cards, hands={"alice": ["Distraction"]}, icons={"alice": "R"}))
    u.resolve("alice", "bob", _play("Distraction", "v1"))
    assert _attached(u, "alice") == 1 and u.card("v1")["depleted"] is True


def test_department_of_rejections_taxes_a_characters_ability_and_a_search(client):
    """Department of Rejections: "Your opponent must pay 2 to search their deck. Your opponent must
    pay 2 to use a character's ability." spoils.505.1: Hidden Sniper's SHARPSHOOT (pay 1) costs alice 3;
    with 2 resources she cannot use it.  Keen Stratagem (cost 1) searches her deck as it resolves:
    she pays 2 more then, and without them the search is not made (402.5)."""
    cards = {"d1": {"card": "Department of Rejections", "controller": "bob"},
             "h1": {"card": "Hidden Sniper", "controller": "alice"},
             "b1": {"card": "Surplus Soldier", "controller": "bob"}}
    sharpshoot = {"type": "use_ability", "player": "alice", "card": "h1", "ability": "SHARPSHOOT", "targets": ["b1"]}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}))
    assert "spoils.505.1" in _rules(t.refuse(sharpshoot))
    u = new_game(client, position(cards=cards, icons={"alice": "RRR"}))
    u.resolve("alice", "bob", sharpshoot)
    assert _attached(u, "alice") == 3 and "b1" not in u.state()["cards"]
    deck = ["Sleeping Guard", "Greed"]
    v = new_game(client, position(cards=cards, hands={"alice": ["Keen Stratagem"]}, icons={"alice": "GGG"},
                                  decks={"alice": deck}))
    v.resolve("alice", "bob", _play("Keen Stratagem", found=["Greed"]))
    assert _attached(v, "alice") == 3 and "Greed" in v.state()["players"]["alice"]["hand_cards"]
    w = new_game(client, position(cards=cards, hands={"alice": ["Keen Stratagem"]}, icons={"alice": "GG"},
                                  decks={"alice": deck}))
    w.resolve("alice", "bob", _play("Keen Stratagem", found=["Greed"]))
    assert _attached(w, "alice") == 1 and "Greed" in w.state()["players"]["alice"]["deck_cards"]


def test_lucky_charm_makes_the_opponent_pay_1_to_pick_a_character_its_controller_controls(client):
    """Lucky Charm: "Your opponent must pay 1 to pick a character you control." spoils.505.1:
    Distraction (cost 0) picking bob's character costs alice 1 (refused without a resource); picking
    her own character costs nothing."""
    cards = {"l1": {"card": "Lucky Charm", "controller": "bob"},
             "b1": {"card": "Surplus Soldier", "controller": "bob"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Distraction"]}, icons={"alice": "R"}, attached={"alice": 1}))
    assert "spoils.505.1" in _rules(t.refuse(_play("Distraction", "b1")))
    t.resolve("alice", "bob", _play("Distraction", "a1"))
    assert t.card("a1")["depleted"] is True and _attached(t, "alice") == 1
    u = new_game(client, position(cards=cards, hands={"alice": ["Distraction"]}, icons={"alice": "R"}))
    u.act(_play("Distraction", "b1"))
    assert "Lucky Charm: alice must pay 1" in u.trace_text()
    u.act({"type": "pass", "player": "bob"})
    assert u.card("b1")["depleted"] is True and _attached(u, "alice") == 1


def test_ectypal_stave_pays_2_plus_the_numeric_cost_of_the_last_tactic_played_this_turn(client):
    """Ectypal Stave: "COUNTERFEIT COST: Use this only if a tactic has been played this turn. Pay 2+X, where
    X is the numeric cost of the last tactic played this turn. Deplete this card. EFFECT: Duplicate the
    tactic." spoils.406.3 (X read as the cost is paid), spoils.309.1: after Rate Hike (cost 3) it costs 5;
    alice with 4 resources left cannot pay, with 5 she does and gains 2 more influence (307.1)."""
    cards = {"e1": {"card": "Ectypal Stave", "controller": "alice"}}
    counterfeit = {"type": "use_ability", "player": "alice", "card": "e1", "ability": "COUNTERFEIT"}
    t = new_game(client, position(cards=cards, hands={"alice": ["Rate Hike"]}, icons={"alice": "GGGOOOO"}))
    t.resolve("alice", "bob", _play("Rate Hike"))
    assert "spoils.309.1" in _rules(t.refuse(counterfeit))
    u = new_game(client, position(cards=cards, hands={"alice": ["Rate Hike"]}, icons={"alice": "GGGOOOOO"}))
    u.resolve("alice", "bob", _play("Rate Hike"))
    u.resolve("alice", "bob", counterfeit)
    assert u.influence("alice") == 29 and _attached(u, "alice") == 8


MAJIG = {"name": "Micromajig Token", "type": "character", "subtypes": ["majig"], "strength": 1, "life": 1, "speed": 3,
         "token": True, "controller": "alice"}


def test_time_traveler_tourist_trap_pays_1_or_destroys_a_micromajig_token(client):
    """Time Traveler Tourist Trap: "ENSNARE COST: Pay 1 or destroy a Micromajig token you control. EFFECT:
    Put a token on this card." spoils.401.3 (the option the action names, choices.option), spoils.401.2:
    without a resource, paying is refused; destroying the token pays instead; with a resource and no
    option named, alice pays 1 (the first option she can do) and keeps her token."""
    cards = {"t1": {"card": "Time Traveler Tourist Trap", "controller": "alice"}, "m1": MAJIG}
    ensnare = {"type": "use_ability", "player": "alice", "card": "t1", "ability": "ENSNARE"}
    t = new_game(client, position(cards=cards))
    assert "spoils.401.2" in _rules(t.refuse(ensnare | {"choices": {"option": 1}}))
    t.resolve("alice", "bob", ensnare | {"choices": {"option": 2}, "targets": ["m1"]})
    assert "m1" not in t.state()["cards"] and t.card("t1")["tokens"] == 1
    u = new_game(client, position(cards=cards, icons={"alice": "E"}))
    u.resolve("alice", "bob", ensnare)
    assert "m1" in u.state()["cards"] and u.card("t1")["tokens"] == 1 and _attached(u, "alice") == 1


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


def test_aroused_stiffbone_costs_seven_minus_the_rage_you_control(client):
    """Aroused Stiffbone (cost 0): "COST: Pay X, where X is 7 minus the number of [R] you control."
    (spoils.406.3, spoils.405.5, spoils.309.1): with five [R] alice pays 2 of her five resources; with
    one [R] and four other icons X is 6, more than her five resources, and the play is refused
    (nothing appended)."""
    t = new_game(client, position(hands={"alice": ["Aroused Stiffbone"]}, icons={"alice": "RRRRR"}))
    t.resolve("alice", "bob", _play("Aroused Stiffbone"))
    assert t.named("Aroused Stiffbone", "alice") and _unattached(t) == 3
    assert t.audit_valid()
    u = new_game(client, position(hands={"alice": ["Aroused Stiffbone"]}, icons={"alice": "RDDDD"}))
    before = u.state()["position"]
    assert "spoils.309.1" in _rules(u.refuse(_play("Aroused Stiffbone")))
    assert u.state()["position"] == before and u.audit_valid()


def test_fumast_makes_faction_abilities_cheaper(client):
    """First Unified Market of Abstract Secure Theoreticals: "Reduce the numeric cost of your faction's
    abilities by 1, to a minimum of 1." (spoils.406.3, spoils.606.1d): with it in play alice draws with her
    faction's DRAW ("Pay 3: draw a card.") for 2, her only two resources; without it the same use is refused
    (spoils.309.1, nothing appended); bob, who does not control it, still pays 3."""
    draw = {"type": "faction_ability", "player": "alice", "ability": "DRAW"}
    market = {"m1": {"card": "First Unified Market of Abstract Secure Theoreticals", "controller": "alice"}}
    t = new_game(client, position(cards=market, icons={"alice": "GG"}))
    t.resolve("alice", "bob", draw)
    assert t.state()["players"]["alice"]["hand"] == 1 and _unattached(t) == 0
    assert t.audit_valid()
    u = new_game(client, position(icons={"alice": "GG"}))
    before = u.state()["position"]
    assert "spoils.309.1" in _rules(u.refuse(draw))
    assert u.state()["position"] == before and u.audit_valid()
    v = new_game(client, position(cards=market, icons={"bob": "GG"}, active="bob"))
    assert "spoils.309.1" in _rules(v.refuse(draw | {"player": "bob"}))


def test_port_manteau_taxes_the_named_subtype(client):
    """Port Manteau: "When this card enters play, name a card subtype. Players must pay 2 to play cards
    with the named subtype." spoils.406.3 (the numeric cost grows by 2): Plodding Brute ("soldier")
    costs bob 6, Brash Basher ("fighter") its printed 5."""
    t = new_game(client, position(hands={"alice": ["Port Manteau"], "bob": ["Plodding Brute", "Brash Basher"]},
                                  icons={"alice": "GG", "bob": "RRRRRR"}, active="alice"))
    t.act(_play("Port Manteau", named="Soldier"))
    t.act({"type": "pass", "player": "bob"})
    t.end_turn("alice", "bob")
    t.act({"type": "develop", "player": "bob", "choice": "draw"})
    assert t.check(_play("Plodding Brute", player="bob"))["legal"]
    t.act(_play("Plodding Brute", player="bob"))
    assert next(e for e in t.events() if e["type"] == "CardPlayed")["data"]["cost"] == 6
