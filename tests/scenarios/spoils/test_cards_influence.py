"""Issue 24, cards the hand-written scenarios had not met: influence (spoils.202.3 a faction's influence,
spoils.408.3b losing influence is not damage).  Each card is played by name through the API; each test
was written from the card's printed text and the rules, then checks whose faction changes, by how much,
and what does not change (the other faction, a may declined, a cost that cannot be paid)."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_choosing as _use
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _both(t) -> tuple[int, int]:
    return t.influence("alice"), t.influence("bob")


def test_d3ck_w4rd3n_costs_its_controllers_faction_two_influence_as_it_enters_play(client):
    """D3ck W4rd3n (character): as it enters play its controller's faction loses 2 influence (spoils.503.1,
    spoils.407.2 "your" is its controller): alice 25 -> 23, bob's faction unchanged."""
    t = new_game(client, position(hands={"alice": ["D3ck W4rd3n"]}, icons={"alice": "GGGGG"}))
    t.resolve("alice", "bob", play_card("D3ck W4rd3n"))
    assert t.named("D3ck W4rd3n", "alice") and _both(t) == (23, 25)


def test_irresistible_bribe_destroys_and_pays_the_opponent_the_characters_strength(client):
    """Irresistible Bribe (tactic): pick a character, X its strength; destroy it, the opponent's faction gains X.
    Bob's Brash Basher (6 strength) is destroyed (spoils.304.1) and bob's faction gains 6 (31); alice's stays
    at 25; bob's other character stays."""
    cards = {"b1": {"card": "Brash Basher", "controller": "bob"}, "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Irresistible Bribe"]}, icons={"alice": "GGG"}))
    t.resolve("alice", "bob", play_card("Irresistible Bribe", "b1"))
    assert "b1" not in t.state()["cards"] and "b2" in t.state()["cards"]
    assert t.state()["players"]["bob"]["discard"] == ["Brash Basher"] and _both(t) == (25, 31)


def test_mutiny_grant_pays_influence_for_a_character_borrowed_for_the_turn(client):
    """Mutiny Grant (tactic): pick a character the opponent controls; alice's faction loses its numeric cost as
    a cost; this turn she controls it, and it is restored.  Bob's depleted Dock Sentinel (cost 7): alice
    25 -> 18, she controls it restored (spoils.407.3); her own Stalwart Soldier cannot be picked
    (spoils.310.1); at the end of the turn bob controls the Sentinel again."""
    cards = {"b1": {"card": "Dock Sentinel", "controller": "bob", "depleted": True},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Mutiny Grant"]}, icons={"alice": "GG"}))
    assert "spoils.310.1" in rule_ids(t.refuse(play_card("Mutiny Grant", "a1")))
    t.resolve("alice", "bob", play_card("Mutiny Grant", "b1"))
    sentinel = t.card("b1")
    assert sentinel["controller"] == "alice" and sentinel["depleted"] is False and _both(t) == (18, 25)
    t.end_turn("alice", "bob")
    assert t.card("b1")["controller"] == "bob"


def test_fecal_urgency_draws_x_and_loses_twice_x_with_x_bound_by_the_greed_controlled(client):
    """Fecal Urgency (tactic): choose X no more than the [G] alice controls; draw X, lose X+X influence.  With
    three Greed, X = 4 is refused (spoils.401.3, spoils.410.2: the bound the text gives); X = 2 draws 2 (spoils.306.1)
    and costs 4 influence; bob's faction and hand are untouched."""
    t = new_game(client, position(hands={"alice": ["Fecal Urgency"]}, icons={"alice": "GGG"}))
    assert "spoils.401.3" in rule_ids(t.refuse(play_card("Fecal Urgency", x=4)))
    assert t.state()["players"]["alice"]["hand"] == 1
    t.resolve("alice", "bob", play_card("Fecal Urgency", x=2))
    players = t.state()["players"]
    assert players["alice"]["hand"] == 2 and players["alice"]["deck"] == 28 and players["bob"]["hand"] == 0
    assert _both(t) == (21, 25)


def test_magic_vault_gives_two_influence_to_the_faction_picked_only_when_taken(client):
    """Magic Vault (item): at the start of alice's turn she may pick a faction; it gains 2 (spoils.602.2,
    spoils.503.1).  Picking bob's faction: bob 27, alice 25; declining: both stay at 25.  At the start of
    bob's turn the Vault does nothing."""
    cards = {"v1": {"card": "Magic Vault", "controller": "alice"}}
    for choices, expected in (({"targets": ["faction:bob"]}, (25, 27)), ({"may": False}, (25, 25))):
        t = new_game(client, position(active="bob", cards=cards))
        t.act({"type": "end_turn", "player": "bob"})
        t.act({"type": "pass", "player": "alice", "choices": choices})
        assert t.state()["active_player"] == "alice" and _both(t) == expected
        t.act({"type": "develop", "player": "alice", "choice": "draw"})
        t.end_turn("alice", "bob")
        assert t.state()["active_player"] == "bob" and _both(t) == expected


def test_exploitation_costs_one_influence_face_up_and_nothing_face_down(client):
    """Exploitation (resource, provides [G][G]): entering play face up costs alice's faction 1 influence
    (spoils.605.3, spoils.311.1: two Greed icons); played face down it has no rules text (spoils.411.1) and
    costs nothing."""
    t = new_game(client, position(hands={"alice": ["Exploitation"]}, stage="develop"))
    t.act({"type": "play_resource", "player": "alice", "card": "Exploitation", "face_up": True})
    assert _both(t) == (24, 25) and t.state()["players"]["alice"]["icons"] == {"G": 2}
    u = new_game(client, position(hands={"alice": ["Exploitation"]}, stage="develop"))
    u.act({"type": "play_resource", "player": "alice", "card": "Exploitation", "face_up": False})
    assert _both(u) == (25, 25) and not u.state()["players"]["alice"]["icons"].get("G")


def test_hungry_hungry_idol_buys_a_life_for_the_turn_with_an_influence(client):
    """Hungry-Hungry Idol (item): FEED, pay 1 and pick a character: this turn it gains 1 life, and alice's
    faction loses 1 influence.  Bob's Stalwart Soldier has 4 life until the end of the turn, then 3
    again; alice 24, bob 25.  With no resource the FEED is refused (spoils.309.1)."""
    cards = {"i1": {"card": "Hungry-Hungry Idol", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.309.1" in rule_ids(t.refuse(_use("i1", "FEED", "b1")))
    u = new_game(client, position(cards=cards, icons={"alice": "G"}))
    u.resolve("alice", "bob", _use("i1", "FEED", "b1"))
    assert u.card("b1")["effective"]["life"] == 4 and _both(u) == (24, 25)
    u.end_turn("alice", "bob")
    assert u.card("b1")["effective"]["life"] == 3 and _both(u) == (24, 25)


def test_mau_party_draws_five_and_gains_two_only_during_alices_turn(client):
    """Mau Party (tactic): only during your turn (spoils.401.3a, a restriction as a cost); draw 5, gain 2.
    In bob's turn, in answer to his play, it is refused; in her own turn alice draws 5 (spoils.306.1,
    drawn together, 306.3) and her faction gains 2."""
    t = new_game(client, position(active="bob", hands={"alice": ["Mau Party"], "bob": ["Stalwart Soldier"]},
                                  icons={"alice": "GGGGG", "bob": "RRR"}))
    t.act(play_card("Stalwart Soldier", player="bob"))
    assert "spoils.401.3a" in rule_ids(t.refuse({"type": "respond", "player": "alice", "card": "Mau Party"}))
    u = new_game(client, position(hands={"alice": ["Mau Party"]}, icons={"alice": "GGGGG"}))
    u.resolve("alice", "bob", play_card("Mau Party"))
    assert u.state()["players"]["alice"]["hand"] == 5 and _both(u) == (27, 25)
