"""A battle of The Spoils resolved speed level after speed level (609.1g), read against the combat
commentary of the rules document: damage assigned is locked in, a character added late still deals
its damage, and a character with nothing left to hit counts as done (spoils.intro.*); through the
API with vanilla characters of the shared sets (Scout 3/3/4, Hasty Sarcophyle 3/3/5, Dandy
Day-Trader 1/5/4, Creaky Old Swordsman 3/2/2, Stalwart Soldier 3/3/3)."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _attack(t, *attackers: str, target: str | None = None) -> None:
    action = {"type": "attack", "player": "alice", "attackers": list(attackers)}
    t.act(action | ({"target": target} if target else {}))


def _passes(t, *players: str) -> None:
    for who in players:
        t.act({"type": "pass", "player": who})


def test_the_steps_repeat_speed_level_after_speed_level(client):
    """spoils.609.1g: alice's Scout (speed 4) and Creaky Old Swordsman (speed 2) attack; bob blocks
    with a Stalwart Soldier (speed 3). Steps A to F run at speed 4 (the Scout kills the Soldier), then
    again: nobody is left at 3, and at 2 the Swordsman, with no blocker left, hits bob's faction
    (609.1c). Then every character has assigned its damage and the battle ends."""
    cards = {"s1": {"card": "Scout", "controller": "alice"},
             "c1": {"card": "Creaky Old Swordsman", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "s1", "c1")
    t.fight(blockers=["b1"], stop="tactics_e")
    first = t.state()["battle"]
    assert (first["speed"], first["dealt"]) == (4, ["s1"]), "spoils.609.1g: the first round, at speed 4"
    _passes(t, "alice", "bob")
    assert "b1" not in t.state()["cards"] and t.state()["battle"]["stage"] == "tactics_a", "spoils.609.1g"
    t.fight(stop="tactics_e")
    second = t.state()["battle"]
    assert (second["speed"], second["dealt"]) == (2, ["s1", "c1"]), "spoils.609.1g: again, at speed 2"
    t.fight()
    assert t.state()["battle"] is None and t.influence("bob") == 22, "spoils.609.1g"


def test_a_character_with_no_target_left_counts_as_having_dealt_its_damage(client):
    """spoils.intro.no-target-left: alice attacks bob's Currency Bazaar (structure 3) with her Scout and
    Swordsman, unblocked; the Scout (speed 4) destroys it first, so at speed 2 the Swordsman has
    nothing to hit: it does nothing, the battle ends, and bob's faction loses nothing."""
    cards = {"s1": {"card": "Scout", "controller": "alice"},
             "c1": {"card": "Creaky Old Swordsman", "controller": "alice"},
             "l1": {"card": "The Currency Bazaar", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "s1", "c1", target="l1")
    t.fight()
    applied = [e["data"] for e in t.last["events"] if e["type"] == "BattleDamageApplied"]
    assert applied == [{"speed": 2, "totals": {}}], "spoils.intro.no-target-left"
    assert "l1" not in t.state()["cards"] and t.state()["battle"] is None, "spoils.intro.no-target-left"
    assert t.influence("bob") == 25


def test_blockers_with_no_attacker_left_end_the_battle(client):
    """spoils.intro.no-target-left: bob's Scout (speed 4) destroys alice's lone Stalwart Soldier;
    bob's slower Creaky Old Swordsman then has no attacker to assign to: it counts as done and the
    battle ends with the survivors depleted (609.1h)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "s1": {"card": "Scout", "controller": "bob"},
             "c1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "a1")
    t.fight(blockers=["s1", "c1"], assignments={"bob": [{"from": "s1", "to": "a1", "amount": 3}]})
    assert t.state()["battle"] is None and "a1" not in t.state()["cards"], "spoils.intro.no-target-left"
    assert t.card("c1")["damage"] == 0 and t.card("c1")["depleted"] is True
    assert t.card("s1")["damage"] == 0, "the Soldier died before it could assign its damage"


def _scout_against_day_trader(client, hands: dict, icons: dict):
    """alice's Scout (3/3/4) attacks, bob's Dandy Day-Trader (1/5/4) blocks; both assign at speed 4
    and the battle waits in step E (609.1e)."""
    cards = {"s1": {"card": "Scout", "controller": "alice"},
             "d1": {"card": "Dandy Day-Trader", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands=hands, icons=icons))
    _attack(t, "s1")
    t.fight(blockers=["d1"], stop="tactics_e")
    assert t.state()["battle"]["assignments"][0] == {"source": "s1", "to": "d1", "amount": 3}
    return t


def test_strength_gained_after_assigning_does_not_change_the_damage(client):
    """spoils.intro.assigned-damage-locked: in step E alice gives her Scout 5 strength with Dragon Juice;
    the 3 damage it assigned is what the Day-Trader (life 5) takes in step F, and it survives."""
    t = _scout_against_day_trader(client, {"alice": ["Dragon Juice"]}, {"alice": "RR"})
    t.resolve("alice", "bob", play_card("Dragon Juice", "s1"))
    assert t.card("s1")["effective"]["strength"] == 8
    t.fight()
    assert t.card("d1")["damage"] == 3, "spoils.intro.assigned-damage-locked"


def test_damage_assigned_by_a_character_that_left_is_still_dealt(client):
    """spoils.intro.assigned-damage-locked: in step E bob puts the Scout back in alice's hand with
    Quotidian Assassination; its assigned 3 damage is still dealt to the Day-Trader in step F, while
    the 1 damage assigned to the Scout, no longer in the battle, lands nowhere."""
    t = _scout_against_day_trader(client, {"bob": ["Quotidian Assassination"]}, {"bob": "OO"})
    _passes(t, "alice")
    t.resolve("bob", "alice", play_card("Quotidian Assassination", "s1", player="bob"))
    assert t.state()["players"]["alice"]["hand_cards"] == ["Scout"]
    t.fight()
    dealt = [e["data"] for e in t.last["events"] if e["type"] == "DamageDealt"]
    assert [(d["target"], d["amount"], d["sources"]) for d in dealt] == [("d1", 3, ["s1"])], \
        "spoils.intro.assigned-damage-locked"
    assert t.card("d1")["damage"] == 3


def test_a_character_added_after_its_speed_level_still_assigns_next(client):
    """spoils.intro.late-joiner-speed with 609.1b: after the speed-4 round, alice's Catastrophic Betrayal
    puts bob's discarded Hasty Sarcophyle (speed 5) into her attacking party. It has not assigned damage
    yet, so the next round's speed level is its 5, before bob's Swordsman at 2."""
    cards = {"s1": {"card": "Scout", "controller": "alice"},
             "d1": {"card": "Dandy Day-Trader", "controller": "bob"},
             "c1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Catastrophic Betrayal"]}, icons={"alice": "DDDDD"})
    setup["players"]["bob"]["discard"] = ["Hasty Sarcophyle"]
    t = new_game(client, setup)
    _attack(t, "s1")
    t.fight(blockers=["d1", "c1"], stop="tactics_e",
            assignments={"alice": [{"from": "s1", "to": "d1", "amount": 3}],
                         "bob": [{"from": "d1", "to": "s1", "amount": 1}]})
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Catastrophic Betrayal",
                               "targets": ["Hasty Sarcophyle"]})
    (late,) = t.named("Hasty Sarcophyle", "alice")
    assert late in t.state()["battle"]["attackers"]
    _passes(t, "alice", "bob")  # step F of speed 4
    t.fight(stop="assign_attacker")
    battle = t.state()["battle"]
    assert battle["speed"] == 5 and late not in battle["dealt"], "spoils.intro.late-joiner-speed"
    assert "spoils.609.1b" in cited(t.last) and "BattleStageStarted" in types(t.last)
