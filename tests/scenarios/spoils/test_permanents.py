"""Items, locations, resources and factions of The Spoils played by name through the API: gear and
"the attached character" effects, restrictions, replacements, item and location abilities, start of
turn triggers with thresholds, resources that cost influence as they enter play, and faction
abilities, each enforced from the card's script.  Every test cites the rules it exercises and the card."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _play(card: str, *targets, player: str = "alice", **extra) -> dict:
    return {"type": "play_card", "player": player, "card": card, "targets": list(targets), **extra}


def test_fat_pants_gives_the_attached_character_1_strength_and_2_life(client):
    """Fat Pants (Banker gear item, ATTACH to Character): "The attached character gains 1 strength and
    2 life." spoils.507.2a (attach as it is played), spoils.201.7c (gear modifiers, counted once)."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"}},
                                  hands={"alice": ["Fat Pants"]}, icons={"alice": "GGG"}))
    t.resolve("alice", "bob", _play("Fat Pants", attach_to="a1"))
    eff = t.card("a1")["effective"]
    assert eff["strength"] == 4 and eff["life"] == 5


def test_very_big_hat_of_invisibility_gives_covert(client):
    """Very Big Hat of Invisibility (ATTACH to Character): "The attached character gains Covert."
    spoils.402.6 (gained keyword), spoils.507.3: a non-covert character cannot block it."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                                         "b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Very Big Hat of Invisibility"]}, icons={"alice": "OOO"}))
    t.resolve("alice", "bob", _play("Very Big Hat of Invisibility", attach_to="a1"))
    assert "covert" in t.card("a1")["effective"]["keywords"]
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(stop="blocks")
    assert any(v["rule"]["id"] == "spoils.507.3b" for v in t.refuse({"type": "block", "player": "bob", "blockers": ["b1"]}))


def test_lugubrious_finger_trap_stops_the_attached_character_attacking(client):
    """Lugubrious Finger Trap (ATTACH to Character): "The attached character cannot attack or block."
    Put on bob's character, its attack is refused: spoils.402.7 ("cannot" beats "can"), spoils.608.1b,
    the violation naming the trap."""
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Lugubrious Finger Trap"]}, icons={"alice": "OOO"}))
    t.resolve("alice", "bob", _play("Lugubrious Finger Trap", attach_to="b1"))
    t.end_turn("alice", "bob")
    t.act({"type": "develop", "player": "bob", "choice": "draw"})
    violations = t.refuse({"type": "attack", "player": "bob", "attackers": ["b1"]})
    assert any(v["rule"]["id"] == "spoils.608.1b" and "Lugubrious Finger Trap" in v["message"] for v in violations)


def test_rusty_pickaxe_turns_face_down_instead_of_being_destroyed(client):
    """Rusty Pickaxe (gear +1/+1): "If this card is destroyed, flip it face-down under its owner's
    control instead." Precise Sabotage destroys it: it becomes bob's face-down resource (one Volition),
    not a card in his discard pile (spoils.506.1 replacement, spoils.411.1)."""
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"},
                                         "p1": {"card": "Rusty Pickaxe", "controller": "bob", "attached_to": "b1"}},
                                  hands={"alice": ["Precise Sabotage"]}, icons={"alice": "EEE"}))
    assert t.card("b1")["effective"]["strength"] == 6
    t.resolve("alice", "bob", _play("Precise Sabotage", "p1"))
    s = t.state()
    assert "p1" not in s["cards"] and s["cards"]["b1"]["effective"]["strength"] == 5
    assert "Rusty Pickaxe" not in s["players"]["bob"]["discard"]
    assert s["players"]["bob"]["icons"].get("V") == 1


def test_cashiers_window_cashes_in_a_character_for_a_card(client):
    """Cashier's Window: "CASH IN COST: Destroy a character you control. Deplete this card. EFFECT:
    Draw a card." The destroyed character is a cost paid at once (spoils.401.3, spoils.304.1)."""
    t = new_game(client, position(cards={"w1": {"card": "Cashier's Window", "controller": "alice"},
                                         "a1": {"card": "Surplus Soldier", "controller": "alice"},
                                         "b1": {"card": "Plodding Brute", "controller": "bob"}}))
    assert any(v["rule"]["id"] == "spoils.401.2" for v in t.refuse(
        {"type": "use_ability", "player": "alice", "card": "w1", "ability": "CASH IN", "targets": ["b1"]}))
    t.act({"type": "use_ability", "player": "alice", "card": "w1", "ability": "CASH IN", "targets": ["a1"]})
    assert "a1" not in t.state()["cards"] and t.card("w1")["depleted"] is True
    t.act({"type": "pass", "player": "bob"})
    assert t.state()["players"]["alice"]["hand"] == 1


def test_jacques_trap_destroys_an_attacker(client):
    """Jacque's Trap: "IT'S A TRAP! COST: Destroy this card. Pick an attacking character. EFFECT:
    Destroy the character." Used by the defending player during the attack (spoils.609.1a tactics
    step), the trap is destroyed as its cost and the attacker when it resolves (spoils.304.1)."""
    t = new_game(client, position(cards={"a1": {"card": "Plodding Brute", "controller": "alice"},
                                         "j1": {"card": "Jacque's Trap", "controller": "bob"}}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "use_ability", "player": "bob", "card": "j1", "ability": "IT'S A TRAP!", "targets": ["a1"]})
    assert "j1" not in t.state()["cards"]
    t.act({"type": "pass", "player": "alice"})
    assert "a1" not in t.state()["cards"]


def test_time_portal_offers_a_token_at_the_start_of_each_of_your_turns(client):
    """Time Portal (location): "At the start of your turn, you may put a Micromajig token into play."
    spoils.602.1 (turn start), spoils.503.1, spoils.engine.may-choice (the pass that ends the turn
    carries the choice)."""
    t = new_game(client, position(active="bob", cards={"p1": {"card": "Time Portal", "controller": "alice"}}))
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "pass", "player": "alice", "choices": {"may": True}})
    assert len(t.named("Micromajig Token", "alice")) == 1


def test_marduun_baitings_and_loan_pays_2_influence_with_three_greed(client):
    """Marduun Baitings and Loan (location): "[G][G][G]: At the start of your turn, your faction gains
    2 influence." Only with the threshold met (spoils.502.2, spoils.602.1)."""
    t = new_game(client, position(active="bob", cards={"m1": {"card": "Marduun Baitings and Loan", "controller": "alice"}},
                                  icons={"alice": "GG"}))
    t.end_turn("bob", "alice")
    assert t.influence("alice") == 25
    t2 = new_game(client, position(active="bob", cards={"m1": {"card": "Marduun Baitings and Loan", "controller": "alice"}},
                                   icons={"alice": "GGG"}))
    t2.end_turn("bob", "alice")
    assert t2.influence("alice") == 27


def test_micromajig_factory_winds_up_a_token_for_4(client):
    """Micromajig Factory (location): "WIND UP COST: Pay 4. EFFECT: Put a Micromajig token into play."
    spoils.406.4 (an ability's numeric cost), spoils.309.1 (3 resources are not enough)."""
    t = new_game(client, position(cards={"f1": {"card": "Micromajig Factory", "controller": "alice"}},
                                  icons={"alice": "EEE"}))
    assert any(v["rule"]["id"] == "spoils.309.1" for v in t.refuse(
        {"type": "use_ability", "player": "alice", "card": "f1", "ability": "WIND UP"}))
    t2 = new_game(client, position(cards={"f1": {"card": "Micromajig Factory", "controller": "alice"}},
                                   icons={"alice": "EEEE"}))
    t2.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "f1", "ability": "WIND UP"})
    assert len(t2.named("Micromajig Token", "alice")) == 1


def test_arrogance_costs_1_influence_as_it_enters_play_and_provides_two_elitism(client):
    """Arrogance (resource): "When this card enters play, your faction loses 1 influence. Provides -
    [E][E]." Played face up as the develop choice (spoils.203.2, spoils.202.8), its trigger fires
    (spoils.503.1) and it provides two Elitism icons (spoils.405.5)."""
    t = new_game(client, position(stage="develop", hands={"alice": ["Arrogance"]}))
    t.act({"type": "develop", "player": "alice", "choice": "resource", "resource": {"card": "Arrogance", "face_up": True}})
    s = t.state()
    assert t.influence("alice") == 24 and s["players"]["alice"]["icons"].get("E") == 2


def test_violence_costs_1_influence_as_it_enters_play(client):
    """Violence (resource): "When this card enters play, your faction loses 1 influence. Provides -
    [R][R]." spoils.503.1, spoils.405.5."""
    t = new_game(client, position(stage="develop", hands={"alice": ["Violence"]}))
    t.act({"type": "develop", "player": "alice", "choice": "resource", "resource": {"card": "Violence", "face_up": True}})
    assert t.influence("alice") == 24 and t.state()["players"]["alice"]["icons"].get("R") == 2


def test_order_of_the_golden_string_conspires(client):
    """Order of the Golden String (faction): "CONSPIRE COST: Pay 4. EFFECT: Draw 2 cards. Discard a
    card." A faction ability (spoils.202.9, spoils.606.1): hand +2 -1, deck -2."""
    t = new_game(client, position(hands={"alice": ["Extortify"]}, icons={"alice": "GGGG"},
                                  factions={"alice": "Order of the Golden String"}))
    t.resolve("alice", "bob", {"type": "faction_ability", "player": "alice", "ability": "CONSPIRE",
                               "choices": {"drawn": ["Rate Hike", "Nasty Butler"], "discarded": ["Extortify"]}})
    p = t.state()["players"]["alice"]
    assert p["hand"] == 2 and p["deck"] == 28 and p["discard"] == ["Extortify"]
    assert sorted(p["hand_cards"]) == ["Nasty Butler", "Rate Hike"]


def test_hall_of_great_justice_sacrifices_for_great_justice(client):
    """Hall of Great Justice (faction): "FOR GREAT JUSTICE! COST: Pay 5. Pick a character you control.
    X is its strength. Destroy it. Pick another character. EFFECT: Inflict X damage to the
    character." spoils.401.3 (costs in order), spoils.408.4."""
    t = new_game(client, position(cards={"a1": {"card": "Plodding Brute", "controller": "alice"},
                                         "b1": {"card": "Concealed Goon", "controller": "bob"}},
                                  icons={"alice": "RRRRR"}, factions={"alice": "Hall of Great Justice"}))
    t.resolve("alice", "bob", {"type": "faction_ability", "player": "alice", "ability": "FOR GREAT JUSTICE!",
                               "targets": ["a1", "b1"]})
    s = t.state()
    assert "a1" not in s["cards"] and "b1" not in s["cards"]
