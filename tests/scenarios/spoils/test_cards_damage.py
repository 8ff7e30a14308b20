"""Issue 24, cards the hand-written scenarios had not met: damage.  Each card is played by name through the
API; each test was written from the card's printed text and the rules (spoils.408.3 a faction loses the
influence its damage says, spoils.408.4 a character whose damage this turn reaches its life is destroyed,
spoils.304.1 a destroyed card goes to its owner's discard pile), then checks the exact cards hit and
spared and the amounts."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_choosing as _use
from tests.scenarios.spoils.positions import face_down
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _discard(t, player: str) -> list[str]:
    return t.state()["players"][player]["discard"]


def test_acidic_phlegm_damages_every_character_of_both_players_and_no_faction(client):
    """Acidic Phlegm (tactic): 1 damage to all characters.  Alice's Stalwart Soldier and bob's Creaky Old
    Swordsman each take 1; alice's Agile Highwayman (1 life) is destroyed (spoils.408.4, spoils.304.1); no
    faction is hurt (spoils.402.9)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Agile Highwayman", "controller": "alice"},
             "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Acidic Phlegm"]}, icons={"alice": "RR"}))
    t.resolve("alice", "bob", play_card("Acidic Phlegm"))
    cards = t.state()["cards"]
    assert cards["a1"]["damage"] == 1 and cards["b1"]["damage"] == 1
    assert "a2" not in cards and "Agile Highwayman" in _discard(t, "alice")
    assert (t.influence("alice"), t.influence("bob")) == (25, 25)


def test_acidic_phlegm_flipped_up_must_also_play_a_resource(client):
    """Acidic Phlegm, FLIP UP for 3 with the extra cost of playing a resource (spoils.507.4a, spoils.507.4c):
    with no card in hand to play as a resource the extra cost cannot be met and the play is refused
    (spoils.401.3); with Greed in hand it is played as a resource and the tactic resolves."""
    cards = {"b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    setup = face_down(position(cards=cards, icons={"alice": "RR"}), "alice", **{"alice.r9": "Acidic Phlegm"})
    t = new_game(client, setup)
    assert "spoils.401.3" in rule_ids(t.refuse(play_card("Acidic Phlegm", flip_up=True)))
    assert t.card("b1")["damage"] == 0
    setup = face_down(position(cards=cards, icons={"alice": "RR"}, hands={"alice": ["Greed"]}), "alice",
                      **{"alice.r9": "Acidic Phlegm"})
    u = new_game(client, setup)
    u.resolve("alice", "bob", play_card("Acidic Phlegm", flip_up=True, resource={"card": "Greed", "face_up": True}))
    alice = u.state()["players"]["alice"]
    assert u.card("b1")["damage"] == 1
    assert alice["hand_cards"] == [] and [r for r in alice["resources"].values() if r.get("name") == "Greed"]
    assert alice["discard"] == ["Acidic Phlegm"]


def test_rabid_sarume_damages_only_the_opponents_characters_as_it_enters_play(client):
    """Rabid Sarume (character): as it enters play, 1 damage to each character the opponent has
    (spoils.503.1, spoils.407.2): bob's Creaky Old Swordsman takes 1, his Agile Highwayman dies
    (spoils.408.4); alice's Stalwart Soldier and the Sarume itself take none."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
             "b2": {"card": "Agile Highwayman", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Rabid Sarume"]}, icons={"alice": "RRRRR"}))
    t.resolve("alice", "bob", play_card("Rabid Sarume"))
    cards = t.state()["cards"]
    (sarume,) = t.named("Rabid Sarume", "alice")
    assert cards["b1"]["damage"] == 1 and "b2" not in cards and _discard(t, "bob") == ["Agile Highwayman"]
    assert cards["a1"]["damage"] == 0 and cards[sarume]["damage"] == 0


def test_perforate_deals_the_x_paid_and_refuses_an_x_not_paid(client):
    """Perforate (tactic, cost 2): choose X, pay X, pick a character; X damage to it.  With 4 resources
    X = 2 is paid (2 + 2) and bob's Stalwart Soldier takes exactly 2 (spoils.406.5, spoils.410.2); X = 3
    would cost 5: refused (spoils.309.1), nothing appended."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Perforate"]}, icons={"alice": "RRRR"}))
    assert "spoils.309.1" in rule_ids(t.refuse(play_card("Perforate", "b1", x=3)))
    assert t.card("b1")["damage"] == 0
    t.resolve("alice", "bob", play_card("Perforate", "b1", x=2))
    assert t.card("b1")["damage"] == 2 and t.card("b2")["damage"] == 0
    assert t.state()["players"]["alice"]["unattached"] == 0


def test_unflinching_bowman_hurts_its_target_and_itself_each_shot(client):
    """Unflinching Bowman (character 2/2): SHOOT, pay 1 and pick a character: 1 damage to it and 1 to the
    Bowman.  No depletion in the cost, so alice shoots twice: bob's Stalwart Soldier has 2 damage and the
    Bowman, 2 damage on 2 life, is destroyed (spoils.408.4).  With no resource left, a shot is refused
    (spoils.309.1)."""
    cards = {"x1": {"card": "Unflinching Bowman", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "R"}))
    t.resolve("alice", "bob", _use("x1", "SHOOT", "b1"))
    assert t.card("b1")["damage"] == 1 and t.card("x1")["damage"] == 1
    assert "spoils.309.1" in rule_ids(t.refuse(_use("x1", "SHOOT", "b1")))
    u = new_game(client, position(cards=cards, icons={"alice": "RR"}))
    u.resolve("alice", "bob", _use("x1", "SHOOT", "b1"))
    u.resolve("alice", "bob", _use("x1", "SHOOT", "b1"))
    assert u.card("b1")["damage"] == 2 and "x1" not in u.state()["cards"]
    assert _discard(u, "alice") == ["Unflinching Bowman"]


def test_gallant_commander_charges_the_opponents_faction_for_three(client):
    """Gallant Commander (character): CHARGE!, pay 2 and destroy it: 3 damage to the opponent's faction, which
    loses 3 influence (spoils.408.3); alice's faction is untouched, the Commander is in her discard pile
    (spoils.304.1).  With one resource the cost cannot be paid (spoils.309.1) and it stays in play."""
    cards = {"x1": {"card": "Gallant Commander", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "R"}))
    assert "spoils.309.1" in rule_ids(t.refuse(_use("x1", "CHARGE!")))
    assert "x1" in t.state()["cards"]
    u = new_game(client, position(cards=cards, icons={"alice": "RR"}))
    u.resolve("alice", "bob", _use("x1", "CHARGE!"))
    assert (u.influence("alice"), u.influence("bob")) == (25, 22)
    assert "x1" not in u.state()["cards"] and _discard(u, "alice") == ["Gallant Commander"]


def test_blazing_shriever_deals_as_much_damage_as_alices_rage_icons(client):
    """Blazing Shriever (character): INFLAME, pay 2, destroy it, pick a character or location: X damage,
    X the [R] alice controls (spoils.410.2).  Her resources provide R, R, R and G: bob's Mau Tough (5 life)
    takes 3, not 4 (the Greed is no Rage); his other character none."""
    cards = {"x1": {"card": "Blazing Shriever", "controller": "alice"},
             "b1": {"card": "Mau Tough", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RRRG"}))
    t.resolve("alice", "bob", _use("x1", "INFLAME", "b1"))
    assert t.card("b1")["damage"] == 3 and t.card("b2")["damage"] == 0
    assert "x1" not in t.state()["cards"] and _discard(t, "alice") == ["Blazing Shriever"]


def test_splattergun_hurts_a_faction_and_changes_hands(client):
    """Splattergun (item): UNLOAD, deplete it, pick a character or a faction: 3 damage to it, then the opponent
    takes control of the gun (spoils.407.3).  Aimed at bob's faction (named, spoils.402.9): bob loses 3
    influence (spoils.408.3) and controls the depleted gun; aimed at bob's Stalwart Soldier: 3 damage, it
    dies (3 life, spoils.408.4)."""
    cards = {"x1": {"card": "Splattergun", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.resolve("alice", "bob", _use("x1", "UNLOAD", "faction:bob"))
    assert (t.influence("alice"), t.influence("bob")) == (25, 22) and t.card("b1")["damage"] == 0
    gun = t.card("x1")
    assert gun["controller"] == "bob" and gun["owner"] == "alice" and gun["depleted"] is True
    u = new_game(client, position(cards=cards))
    u.resolve("alice", "bob", _use("x1", "UNLOAD", "b1"))
    assert "b1" not in u.state()["cards"] and u.influence("bob") == 25 and u.card("x1")["controller"] == "bob"
