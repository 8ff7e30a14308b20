"""What a permanent's play picked as its cost, seen by its own "when this card enters play" trigger,
played by name through the API: "COST: You may pick a character. When this card enters play, if you
picked a character as part of its cost, ..." (spoils.401.2, spoils.503.1, spoils.504.1), with the pick
left out.  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import play_with_choices as _play_choosing
from tests.scenarios.spoils.readings import rule_set as _rule_set
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_really_big_barduse_divides_five_damage_among_the_characters_picked_as_its_cost(client):
    """Really Big Barduse: "COST: You may pick 2 or fewer characters. When this card enters play, if you
    picked characters as part of its cost, inflict up to 5 damage divided however you want to those
    characters." (spoils.401.3, spoils.310.1, spoils.503.1, spoils.402.1): alice picks bob's two Stalwart
    Soldiers (3 life) and splits 3 and 2: one is destroyed, the other keeps 2 damage; a split of 6 is
    refused; picking nobody, the Barduse enters play and damages nothing."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Really Big Barduse"]}, icons={"alice": "RRRRRR"})
    t = new_game(client, setup)
    t.act(_play("Really Big Barduse", ["b1", "b2"]))
    too_much = {"type": "pass", "player": "bob", "choices": {"divided": {"b1": 3, "b2": 3}}}
    assert _rules(t.refuse(too_much)) == ["spoils.402.1"]
    t.act({"type": "pass", "player": "bob", "choices": {"divided": {"b1": 3, "b2": 2}}})
    assert "b1" not in t.state()["cards"] and t.card("b2")["damage"] == 2 and t.named("Really Big Barduse")
    assert t.audit_valid()
    u = new_game(client, setup)
    u.resolve("alice", "bob", _play("Really Big Barduse"))
    assert [u.card(c)["damage"] for c in ("b1", "b2")] == [0, 0] and u.named("Really Big Barduse")
    assert u.audit_valid()


def test_caboodling_gladhander_destroys_the_picked_character_and_the_opponent_gains_its_strength(client):
    """Caboodling Gladhander: "COST: You may pick a character. When this card enters play, if you picked a
    character as part of its cost, destroy that character. Your opponent's faction gains X influence, where
    X is the strength of that character." Alice picks bob's Plodding Brute (strength 5) as she plays it
    (spoils.401.3); when the Gladhander enters play (spoils.604.1h, spoils.503.1) the Brute is destroyed
    (spoils.304.1) and bob's faction gains 5 (its strength as it last was in play, spoils.engine.last-known)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Caboodling Gladhander"]}, icons={"alice": "GGGGGGG"}))
    t.resolve("alice", "bob", _play_choosing("Caboodling Gladhander", "b1"))
    assert not t.named("Plodding Brute") and t.named("Caboodling Gladhander", "alice")
    assert t.influence("bob") == 30
    assert t.state()["players"]["bob"]["discard"] == ["Plodding Brute"]


def test_caboodling_gladhander_without_a_pick_destroys_nothing(client):
    """Caboodling Gladhander, the pick left out ("you may"): the condition "if you picked a character as
    part of its cost" fails (spoils.504.1), the Brute stays and no influence is gained."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Caboodling Gladhander"]}, icons={"alice": "GGGGGGG"}))
    t.resolve("alice", "bob", _play_choosing("Caboodling Gladhander"))
    assert t.named("Plodding Brute", "bob") and t.influence("bob") == 25


def test_impressive_hero_depletes_the_picked_character_and_cannot_pick_an_item(client):
    """Impressive Hero: "COST: You may pick a character. When this card enters play, if you picked a
    character as part of its cost, deplete that character." Picking bob's Inadequate Wand is refused
    (spoils.310.1: an item is not a character); bob's Plodding Brute, picked, is depleted once the Hero enters
    play (spoils.303.1)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "i1": {"card": "Inadequate Wand", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Impressive Hero"]}, icons={"alice": "RR"}))
    assert "spoils.310.1" in _rule_set(t.refuse(_play_choosing("Impressive Hero", "i1")))
    assert not t.card("b1").get("depleted")
    t.resolve("alice", "bob", _play_choosing("Impressive Hero", "b1"))
    assert t.card("b1")["depleted"] is True and not t.card("i1").get("depleted")


def test_confounding_conjurer_returns_the_picked_character_to_its_owners_hand(client):
    """Confounding Conjurer: "... if you picked a character as part of its cost, put that character into its
    owner's hand." Bob's Plodding Brute goes back to bob's hand (spoils.403.1)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Confounding Conjurer"]}, icons={"alice": "OOOO"}))
    t.resolve("alice", "bob", _play_choosing("Confounding Conjurer", "b1"))
    assert not t.named("Plodding Brute") and t.state()["players"]["bob"]["hand_cards"] == ["Plodding Brute"]


def test_flaming_barduse_divides_its_damage_among_the_picked_characters(client):
    """Flaming Barduse: "COST: You may pick 2 or fewer characters. When this card enters play, if you picked
    characters as part of its cost, inflict up to 2 damage divided however you want to those characters."
    Three damage is more than the text allows (refused, spoils.402.1); 1 and 1 destroy both 1-life Surplus
    Soldiers (spoils.408.4), and bob's unpicked Plodding Brute is untouched."""
    cards = {"s1": {"card": "Surplus Soldier", "controller": "bob"}, "s2": {"card": "Surplus Soldier", "controller": "bob"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Flaming Barduse"]}, icons={"alice": "RRR"}))
    before = t.state()["position"]
    assert "spoils.402.1" in _rule_set(t.refuse(_play_choosing("Flaming Barduse", ["s1", "s2"], divided={"s1": 2, "s2": 1})))
    assert t.state()["position"] == before  # refused as it is made (spoils.engine.choices-when-made), nothing appended
    t = new_game(client, position(cards=cards, hands={"alice": ["Flaming Barduse"]}, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", _play_choosing("Flaming Barduse", ["s1", "s2"], divided={"s1": 1, "s2": 1}))
    assert not t.named("Surplus Soldier") and t.card("b1")["damage"] == 0


def test_mesmerizing_enchantress_stops_the_picked_characters_attacking_until_alices_next_turn(client):
    """Mesmerizing Enchantress: "COST: You may pick 4 or fewer characters. When this card enters play, if you
    picked characters as part of its cost, they cannot attack until the start of your next turn." On bob's
    turn his picked Plodding Brute cannot attack (spoils.608.1b forbidden by the card, spoils.402.7), his
    unpicked Surplus Soldier can; on alice's next turn the effect is gone (spoils.602.1b)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Mesmerizing Enchantress"]}, icons={"alice": "OOOOO"}))
    t.resolve("alice", "bob", _play_choosing("Mesmerizing Enchantress", ["b1"]))
    assert len(t.state()["effects"]) == 1
    t.end_turn("alice", "bob")
    t.act({"type": "develop", "player": "bob", "choice": "draw"})
    assert "spoils.608.1b" in _rule_set(t.refuse({"type": "attack", "player": "bob", "attackers": ["b1"]}))
    t.act({"type": "attack", "player": "bob", "attackers": ["s1"]})
    t.fight()
    t.end_turn("bob", "alice")
    assert t.state()["effects"] == []


def test_dragon_archer_trades_damage_with_the_picked_character(client):
    """Dragon Archer: "COST: You may pick a character. When this card enters play, if you picked a character
    as part of its cost, X is that character's strength and Y is this card's strength. Inflict X damage to
    this card. Inflict Y damage to that character." Bob's Surplus Soldier (strength 1) deals the Archer 1,
    the Archer's 3 destroys the Soldier (spoils.406.3, spoils.408.4)."""
    cards = {"s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Dragon Archer"]}, icons={"alice": "RRRRR"}))
    t.resolve("alice", "bob", _play_choosing("Dragon Archer", "s1"))
    archer = t.named("Dragon Archer", "alice")
    assert archer and t.card(archer[0])["damage"] == 1 and not t.named("Surplus Soldier")


def test_idol_smasher_destroys_the_picked_item(client):
    """Idol Smasher: "COST: You may pick an item. When this card enters play, if you picked an item as part of
    its cost, destroy that item." Bob's Inadequate Wand, picked, is destroyed (spoils.304.1); a character
    cannot be picked (spoils.310.1)."""
    cards = {"i1": {"card": "Inadequate Wand", "controller": "bob"}, "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Idol Smasher"]}, icons={"alice": "RRRR"}))
    assert "spoils.310.1" in _rule_set(t.refuse(_play_choosing("Idol Smasher", "b1")))
    t.resolve("alice", "bob", _play_choosing("Idol Smasher", "i1"))
    assert "i1" not in t.state()["cards"] and t.state()["players"]["bob"]["discard"] == ["Inadequate Wand"]


def test_emphatic_ecto_manipulator_puts_2_tokens_on_alices_picked_character(client):
    """Emphatic Ecto-Manipulator: "COST: You may pick a character you control. When this card enters play, if you
    picked a character as part of its cost, put 2 tokens on that character." Bob's character is refused
    (spoils.310.1); alice's Plodding Brute gets 2 tokens (spoils.409.1)."""
    cards = {"a1": {"card": "Plodding Brute", "controller": "alice"}, "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Emphatic Ecto-Manipulator"]}, icons={"alice": "OOOOO"}))
    assert "spoils.310.1" in _rule_set(t.refuse(_play_choosing("Emphatic Ecto-Manipulator", "b1")))
    t.resolve("alice", "bob", _play_choosing("Emphatic Ecto-Manipulator", "a1"))
    assert t.card("a1")["tokens"] == 2 and t.card("b1")["tokens"] == 0
