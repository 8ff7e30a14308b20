"""Tactics of The Spoils played by name through the API: each card's script is enforced (its COST:
picks checked, its EFFECT: applied when it resolves), and the outcome differs from the game without
it.  Every test cites the rules it exercises and the card."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card as _play, position  # noqa: F401

pytestmark = needs_data


def test_precise_sabotage_destroys_the_picked_item(client):
    """Precise Sabotage (Gearsmith tactic): "COST: Pick an item. EFFECT: Destroy the item."
    spoils.310.1 (pick), spoils.205.2 (a tactic resolves), spoils.304.1 (destroy)."""
    t = new_game(client, position(cards={"i1": {"card": "Fat Pants", "controller": "bob"},
                                         "c1": {"card": "Sleeping Guard", "controller": "bob"}},
                                  hands={"alice": ["Precise Sabotage"]}, icons={"alice": "EEE"}))
    assert "CardDestroyed" in t.resolve("alice", "bob", {"type": "play_card", "player": "alice",
                                                        "card": "Precise Sabotage", "targets": ["i1"]})
    assert "i1" not in t.state()["cards"]
    assert "Fat Pants" in t.state()["players"]["bob"]["discard"]
    assert t.audit_valid()


def test_precise_sabotage_refuses_a_target_of_the_wrong_kind(client):
    """Precise Sabotage: "Pick an item." A character is not an item: the play is refused, citing
    spoils.310.1 (pick) and naming the card; nothing is appended."""
    t = new_game(client, position(cards={"c1": {"card": "Sleeping Guard", "controller": "bob"}},
                                  hands={"alice": ["Precise Sabotage"]}, icons={"alice": "EEE"}))
    violations = t.refuse(_play("Precise Sabotage", "c1"))
    assert any(v["rule"]["id"] == "spoils.310.1" and "Precise Sabotage" in v["message"] for v in violations)
    assert "c1" in t.state()["cards"] and t.state()["players"]["alice"]["hand"] == 1


def test_blow_up_destroys_an_item_and_costs_the_opponent_3_influence(client):
    """Blow Up (Warlord tactic): destroy the picked item; the opponent's faction loses 3 influence.
    spoils.310.1, spoils.304.1, spoils.408.3b (influence lost by an effect)."""
    t = new_game(client, position(cards={"i1": {"card": "Cashier's Window", "controller": "bob"}},
                                  hands={"alice": ["Blow Up"]}, icons={"alice": "RRRR"}))
    t.resolve("alice", "bob", _play("Blow Up", "i1"))
    assert "i1" not in t.state()["cards"] and t.influence("bob") == 22 and t.influence("alice") == 25
    assert t.audit_valid()


def test_dragon_juice_gives_5_strength_this_turn_only(client):
    """Dragon Juice (Warlord tactic): "This turn, the character gains 5 strength."
    spoils.410.3 (modifiers), spoils.602.1b ("this turn" effects end when the next turn starts)."""
    t = new_game(client, position(cards={"c1": {"card": "Stalwart Soldier", "controller": "alice"}},
                                  hands={"alice": ["Dragon Juice"]}, icons={"alice": "RR"}))
    t.resolve("alice", "bob", _play("Dragon Juice", "c1"))
    assert t.card("c1")["effective"]["strength"] == 8
    t.end_turn("alice", "bob")
    assert t.card("c1")["effective"]["strength"] == 3


def test_distraction_depletes_the_character_so_it_cannot_block(client):
    """Distraction (Warlord tactic, cost 0): "Deplete the character." A depleted character does not
    block: spoils.303.1 (deplete), spoils.608.1d (only characters not depleted block)."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                                         "b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Distraction"]}, icons={"alice": "R"}))
    t.resolve("alice", "bob", _play("Distraction", "b1"))
    assert t.card("b1")["depleted"] is True
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "pass", "player": "bob"})
    assert any(v["rule"]["id"] == "spoils.608.1d" for v in t.refuse({"type": "block", "player": "bob",
                                                                      "blockers": ["b1"]}))


def test_rate_hike_gains_2_influence_and_draws(client):
    """Rate Hike (Banker tactic): "Your faction gains 2 influence. Draw a card." spoils.202.3,
    spoils.306.1; the card drawn is named by the action's choices (recorded play)."""
    t = new_game(client, position(hands={"alice": ["Rate Hike"]}, icons={"alice": "GGG"}))
    t.resolve("alice", "bob", _play("Rate Hike", drawn=["Extortify"]))
    s = t.state()
    assert t.influence("alice") == 27 and s["players"]["alice"]["hand"] == 1
    assert s["players"]["alice"]["hand_cards"] == ["Extortify"] and s["players"]["alice"]["deck"] == 29


def test_extortify_gains_8_influence(client):
    """Extortify (Banker tactic): "Your faction gains 8 influence." spoils.202.3, spoils.205.2."""
    t = new_game(client, position(hands={"alice": ["Extortify"]}, icons={"alice": "GGG"}, influence=10))
    t.resolve("alice", "bob", _play("Extortify"))
    assert t.influence("alice") == 18


def test_obscure_gives_covert_so_a_character_without_covert_cannot_block(client):
    """Obscure (Arcanist tactic): "This turn, the character gains Covert." A covert party is blocked
    only by covert characters: spoils.402.6 (gain), spoils.507.3b."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                                         "b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Obscure"]}, icons={"alice": "O"}))
    t.resolve("alice", "bob", _play("Obscure", "a1"))
    assert "covert" in t.card("a1")["effective"]["keywords"]
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "pass", "player": "bob"})
    violations = t.refuse({"type": "block", "player": "bob", "blockers": ["b1"]})
    assert any(v["rule"]["id"] == "spoils.507.3b" for v in violations)


def test_heroic_deed_stops_the_picked_characters_blocking(client):
    """Heroic Deed (Warlord tactic): "Pick 2 or fewer characters. This turn, the characters cannot
    block." The block is refused: spoils.402.7 ("cannot" beats "can"), spoils.608.1d, naming Heroic Deed."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                                         "b1": {"card": "Plodding Brute", "controller": "bob"},
                                         "b2": {"card": "Sleeping Guard", "controller": "bob"}},
                                  hands={"alice": ["Heroic Deed"]}, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", _play("Heroic Deed", ["b1", "b2"]))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "pass", "player": "bob"})
    violations = t.refuse({"type": "block", "player": "bob", "blockers": ["b1"]})
    assert any(v["rule"]["id"] == "spoils.608.1d" and "Heroic Deed" in v["message"] for v in violations)
    t.act({"type": "block", "player": "bob", "blockers": []})


def test_heroic_deed_refuses_three_targets(client):
    """Heroic Deed: "Pick 2 or fewer characters": three are refused (spoils.310.1)."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                                         "b1": {"card": "Plodding Brute", "controller": "bob"},
                                         "b2": {"card": "Sleeping Guard", "controller": "bob"}},
                                  hands={"alice": ["Heroic Deed"]}, icons={"alice": "RRR"}))
    assert any(v["rule"]["id"] == "spoils.310.1" for v in t.refuse(_play("Heroic Deed", ["a1", "b1", "b2"])))


def test_palm_glom_takes_control_and_draws(client):
    """Palm Glom (Rogue tactic): "Take control of the character or item. Draw a card."
    spoils.407.3 (control changes), spoils.306.1."""
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Palm Glom"]}, icons={"alice": "DDDDDD"}))
    t.resolve("alice", "bob", _play("Palm Glom", "b1"))
    assert t.card("b1")["controller"] == "alice" and t.state()["players"]["alice"]["hand"] == 1


def test_quotidian_assassination_returns_the_character_to_its_owners_hand(client):
    """Quotidian Assassination (Arcanist tactic): "Put the character into its owner's hand."
    spoils.301.4a (leaving play to a hand)."""
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Quotidian Assassination"]}, icons={"alice": "OO"}))
    t.resolve("alice", "bob", _play("Quotidian Assassination", "b1"))
    s = t.state()
    assert "b1" not in s["cards"] and s["players"]["bob"]["hand_cards"] == ["Plodding Brute"]


def test_selective_gluttony_draws_10_and_discards_9(client):
    """Selective Gluttony (Banker tactic): "Draw 10 cards. Discard 9 cards." spoils.306.1, spoils.305.1."""
    t = new_game(client, position(hands={"alice": ["Selective Gluttony", "Extortify"]}, icons={"alice": "GGG"}))
    t.resolve("alice", "bob", _play("Selective Gluttony"))
    p = t.state()["players"]["alice"]
    assert p["hand"] == 2 and p["deck"] == 20


def test_surprising_nuisance_puts_two_micromajig_tokens_into_play(client):
    """Surprising Nuisance (Gearsmith tactic): "Put 2 Micromajig tokens into play." spoils.409.3a
    (a Micromajig is a 1/1/3 Gearsmith character), spoils.409.3c."""
    t = new_game(client, position(hands={"alice": ["Surprising Nuisance"]}, icons={"alice": "EEE"}))
    t.resolve("alice", "bob", _play("Surprising Nuisance"))
    tokens = t.named("Micromajig Token", "alice")
    assert len(tokens) == 2 and t.card(tokens[0])["effective"]["strength"] == 1


def test_explosive_fury_destroys_your_character_and_deals_its_strength(client):
    """Explosive Fury (Warlord tactic): "Pick a character you control. X is its strength. Destroy
    it. Pick another character. Inflict X damage to the character." Costs in order (spoils.401.3):
    Plodding Brute (5 strength) is destroyed as the play is made; 5 damage kills Stalwart Soldier
    (3 life) when it resolves (spoils.408.4)."""
    t = new_game(client, position(cards={"a1": {"card": "Plodding Brute", "controller": "alice"},
                                         "b1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Explosive Fury"]}, icons={"alice": "RR"}))
    t.act(_play("Explosive Fury", "a1", "b1"))
    assert "a1" not in t.state()["cards"]
    t.act({"type": "pass", "player": "bob"})
    assert "b1" not in t.state()["cards"]
    assert t.audit_valid()


def test_explosive_fury_cannot_pick_an_opponents_character_as_its_first_target(client):
    """Explosive Fury: the first pick is "a character you control" (spoils.310.1)."""
    t = new_game(client, position(cards={"a1": {"card": "Plodding Brute", "controller": "alice"},
                                         "b1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Explosive Fury"]}, icons={"alice": "RR"}))
    assert any(v["rule"]["id"] == "spoils.310.1" for v in t.refuse(_play("Explosive Fury", "b1", "a1")))


def test_skewer_pays_x_plus_x_for_x_damage(client):
    """Skewer (Warlord tactic, cost 0): "Choose a number for X. Pay X+X. Inflict X damage." X = 3
    costs 6 (spoils.406.5: "pay" is a numeric cost, spoils.309.1); with 5 resources it is refused,
    with 6 the character with 3 life is destroyed (spoils.408.4)."""
    t = new_game(client, position(cards={"b1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Skewer"]}, icons={"alice": "RRRRR"}))
    assert any(v["rule"]["id"] == "spoils.309.1" for v in t.refuse(_play("Skewer", "b1", x=3)))
    t.resolve("alice", "bob", _play("Skewer", "b1", x=2))
    assert t.card("b1")["damage"] == 2
    assert sum(r["attached"] for r in t.state()["players"]["alice"]["resources"].values()) == 4


def test_hammer_smash_coin_flip_decides_how_many_items(client):
    """Hammer Smash (Warlord tactic): "Flip a coin. If you win, X is 2. Otherwise, X is 1. Pick X or
    fewer items." The coin is recorded in the action (spoils.engine.coin-flip): a lost flip allows one
    item (spoils.310.1), a won flip two."""
    cards = {"i1": {"card": "Cashier's Window", "controller": "bob"}, "i2": {"card": "Jacque's Trap", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Hammer Smash"]}, icons={"alice": "RR"}))
    assert any(v["rule"]["id"] == "spoils.310.1" for v in t.refuse(_play("Hammer Smash", ["i1", "i2"], coin="lose")))
    t.resolve("alice", "bob", _play("Hammer Smash", ["i1", "i2"], coin="win"))
    assert not t.named("Cashier's Window") and not t.named("Jacque's Trap")


def test_shriever_attack_damages_every_character(client):
    """Shriever Attack (Warlord tactic): "Inflict 2 damage to all characters." Every character, both
    sides, takes 2 (spoils.408.4); Sleeping Guard (1 life, +1 while its opponent controls a character,
    spoils.504.1) has 2 life and is destroyed; the 3-life characters survive."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                                         "b1": {"card": "Plodding Brute", "controller": "bob"},
                                         "b2": {"card": "Sleeping Guard", "controller": "bob"}},
                                  hands={"alice": ["Shriever Attack"]}, icons={"alice": "RRRR"}))
    t.resolve("alice", "bob", _play("Shriever Attack"))
    s = t.state()
    assert s["cards"]["a1"]["damage"] == 2 and s["cards"]["b1"]["damage"] == 2 and "b2" not in s["cards"]


def test_bask_bile_can_pick_a_faction(client):
    """Bask Bile (Warlord tactic): "Pick a character or faction. Inflict 5 damage to the character or
    faction." Damage to a faction is influence lost (spoils.408.3); spoils.faq.faction-not-pickable
    names Bask Bile as a card that may pick a faction."""
    t = new_game(client, position(hands={"alice": ["Bask Bile"]}, icons={"alice": "RRRRRRR"}))
    t.resolve("alice", "bob", _play("Bask Bile", "faction:bob"))
    assert t.influence("bob") == 20


def test_legal_actions_offer_a_picking_tactic_as_a_template_naming_its_picks(client):
    """Legal actions: Precise Sabotage needs a target, so it is offered as a template whose
    description names the pick (spoils.310.1); filled in, the play is legal."""
    t = new_game(client, position(cards={"i1": {"card": "Cashier's Window", "controller": "bob"}},
                                  hands={"alice": ["Precise Sabotage"]}, icons={"alice": "EEE"}))
    actions = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()["actions"]
    offer = next(a for a in actions if a["action"].get("card") == "Precise Sabotage")
    assert "spoils.310.1" in [r["id"] for r in offer["rules"]] and "Pick an item" in offer["description"]
    assert t.check(_play("Precise Sabotage", "i1"))["legal"] is True
