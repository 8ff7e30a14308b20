"""Issue 24, cards the hand-written scenarios had not met: triggers and battle damage changed as it is dealt
(spoils.503.1 triggers, spoils.408.2 increases and reductions of damage, spoils.408.6 battle damage,
spoils.609.1 a battle resolved).  Each card is played by name through the API; each test was written from the
card's printed text and the rules, then checks the amounts dealt, to whom, and a may taken and declined."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _battle(client, cards: dict, attacker: str, blocker: str, active: str = "alice"):
    t = new_game(client, position(active=active, cards=cards))
    t.act({"type": "attack", "player": active, "attackers": [attacker]})
    t.fight(blockers=[blocker])
    return t


def test_repo_man_may_destroy_a_location_as_it_enters_play(client):
    """Repo Man (character): as it enters play alice may pick a location; if she does, it is destroyed
    (spoils.503.1, spoils.304.1).  Taken: bob's Clandestine Resort goes to his discard pile; declined: it stays."""
    cards = {"l1": {"card": "Clandestine Resort", "controller": "bob"}}
    for choices, left in (({"targets": ["l1"]}, []), ({"may": False}, ["l1"])):
        t = new_game(client, position(cards=cards, hands={"alice": ["Repo Man"]}, icons={"alice": "GGGGG"}))
        t.resolve("alice", "bob", {**play_card("Repo Man"), "choices": choices})
        assert [c for c in t.state()["cards"] if c == "l1"] == left and t.named("Repo Man", "alice")
        assert t.state()["players"]["bob"]["discard"] == ([] if left else ["Clandestine Resort"])


def test_frenzied_shriever_adds_two_to_its_battle_damage(client):
    """Frenzied Shriever (character 1/2/3): battle damage it inflicts to a character is 2 more (spoils.408.2).
    Attacking, blocked by bob's Stalwart Soldier (3 life), it deals 1 + 2 = 3 and the Soldier is destroyed
    (spoils.408.4)."""
    cards = {"x1": {"card": "Frenzied Shriever", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = _battle(client, cards, "x1", "b1")
    assert "b1" not in t.state()["cards"] and t.state()["players"]["bob"]["discard"] == ["Stalwart Soldier"]


def test_shieldmane_grandchest_shields_its_side_and_hurts_the_other(client):
    """Shieldmane Grandchest (character): battle damage to a character alice controls is 2 less, to one bob
    controls 2 more (spoils.408.2).  Alice's Mau Tough (4/5) attacks, bob's Brash Basher (6/2) blocks: Mau Tough
    takes 6 - 2 = 4 and lives; the Basher is destroyed.  Without the Grandchest Mau Tough dies."""
    fight = {"a1": {"card": "Mau Tough", "controller": "alice"}, "b1": {"card": "Brash Basher", "controller": "bob"}}
    t = _battle(client, {**fight, "g1": {"card": "Shieldmane Grandchest", "controller": "alice"}}, "a1", "b1")
    assert t.card("a1")["damage"] == 4 and "b1" not in t.state()["cards"]
    u = _battle(client, fight, "a1", "b1")
    assert "a1" not in u.state()["cards"] and "b1" not in u.state()["cards"]


def test_lordly_stables_add_one_only_to_an_attacking_characters_damage(client):
    """Lordly Stables (location): battle damage an attacking character of alice's inflicts to a character is 1
    more (spoils.408.2, spoils.302.6).  Her attacking Stalwart Soldier (3) gives bob's blocking Mau Tough 4; when
    bob attacks with Mau Tough and the Soldier blocks, it gives 3 (not attacking)."""
    cards = {"l1": {"card": "Lordly Stables", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Mau Tough", "controller": "bob"}}
    t = _battle(client, cards, "a1", "b1")
    assert t.card("b1")["damage"] == 4
    u = _battle(client, cards, "b1", "a1", active="bob")
    assert u.card("b1")["damage"] == 3
