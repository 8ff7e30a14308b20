"""Round 3g: what "it" names after "the attached character" (Golemizer) and "if a card is depleted"
(Humiliating Torture Apparatus), played by name through the API: each test shows the card's text
changing the game, and cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position, play_card as play  # noqa: F401

pytestmark = needs_data


def _golemized(host: str) -> dict:
    return position(cards={"w1": {"card": host, "controller": "alice"},
                           "g1": {"card": "Golemizer", "controller": "alice", "attached_to": "w1"}})


def test_golemizer_destroys_the_attached_character_at_0_speed(client):
    """Golemizer: "At the end of your turn, you may put a token on the attached character. If it has
    0 speed, destroy it." The "it" is the attached character (spoils.503.1 the trigger,
    spoils.304.1 destroyed): Legacy Warmachine (speed 1) gets a token, has 0 speed and is
    destroyed; the Golemizer leaves with it (flipped face down as its own text allows, 411.1)."""
    t = new_game(client, _golemized("Legacy Warmachine"))
    t.end_turn("alice", "bob")
    destroyed = [e["data"]["card_id"] for e in t.events() if e["type"] == "CardDestroyed"]
    assert destroyed == ["w1"]
    left = [e["data"] for e in t.events() if e["type"] == "CardLeftPlay"]
    assert [(x["card_id"], x["to"]) for x in left] == [("g1", "resource")]


def test_golemizer_spares_a_character_with_speed_left_and_itself(client):
    """Golemizer on Brash Basher (speed 3): one token leaves it 2 speed ("loses 1 speed for each
    token on it"), so nothing is destroyed, and the Golemizer (an item, no speed) is not what "it"
    names (spoils.503.1)."""
    t = new_game(client, _golemized("Brash Basher"))
    t.end_turn("alice", "bob")
    assert set(t.state()["cards"]) == {"w1", "g1"} and t.card("w1")["tokens"] == 1
    assert not [e for e in t.events() if e["type"] in ("CardDestroyed", "CardLeftPlay", "ReplacementApplied")]


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


def test_31337_gives_an_additional_4_elitism_icons_this_turn(client):
    """31337!: "This turn, you control an additional [E][E][E][E]." The icons count for thresholds
    (spoils.311.1, spoils.405) until the turn ends (spoils.602.1b): with a single [E] resource, alice
    cannot play Goloam (threshold [E][E][E][E]); after 31337! resolves she can, and the 4 icons are
    gone on bob's turn."""
    setup = position(hands={"alice": ["31337!", "Goloam"]}, icons={"alice": "EGGGGGG"})
    t = new_game(client, setup)
    assert "spoils.405.2" in [v["rule"]["id"] for v in t.refuse(play("Goloam"))]
    t.resolve("alice", "bob", play("31337!"))
    assert t.state()["players"]["alice"]["icons"]["E"] == 5
    t.resolve("alice", "bob", play("Goloam"))
    assert t.named("Goloam", "alice")
    t.end_turn("alice", "bob")
    assert t.state()["players"]["alice"]["icons"]["E"] == 1
