"""Damage in The Spoils read against rule 408 (and 207.6): damage removed from a location, zero damage,
reductions before triggers, which card is the source of damage, and a location whose destruction is
replaced, with real cards from the shared sets (and one location of the in-memory pool)."""
from __future__ import annotations

from events.models import spoils as E
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, prepare_game
from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _stored(client, t) -> list[dict]:
    return client.get(f"/games/{t.gid}/events?limit=500").get_json()["events"]


def test_damage_removed_from_a_location_lowers_its_running_total(client):
    """spoils.207.6 and spoils.408.5b: damage on a location adds up over the game, and an effect that
    removes some lowers that total.  Bob's Currency Bazaar (structure 3) carries 2 damage; alice's
    Spackle removes 2, so the single point her Unimportant Wizard then deals in an attack leaves it at
    1 damage, in play, where without the repair it would have reached 3 and been destroyed."""
    cards = {"s1": {"card": "Spackle", "controller": "alice"},
             "w1": {"card": "Unimportant Wizard", "controller": "alice"},
             "l1": {"card": "The Currency Bazaar", "controller": "bob", "damage": 2}}
    t = new_game(client, position(cards=cards))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "s1", "ability": "REPAIR",
                               "targets": ["l1"]})
    assert "spoils.408.5b" in cited(t.last) and t.card("l1")["damage"] == 0, "spoils.207.6"
    t.act({"type": "attack", "player": "alice", "attackers": ["w1"], "target": "l1"})
    t.fight()
    assert t.card("l1")["damage"] == 1, "spoils.207.6, spoils.408.5b"


def _auditor_at_zero_strength(client):
    cards = {"n1": {"card": "Skilled Negotiator", "controller": "alice"},
             "g1": {"card": "Ghostly Auditor", "controller": "alice"}}
    t = new_game(client, position(cards=cards, decks={"alice": ["Greed", "Rage", "Elitism"]}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "n1", "ability": "HAGGLE",
                               "targets": ["g1"]})
    assert t.card("g1")["effective"]["strength"] == 0
    return t


def test_zero_damage_sets_off_nothing(client):
    """spoils.408.1a: when something would deal 0 damage, no damage is dealt, so what waits for damage
    does not trigger.  Alice's Skilled Negotiator takes her Ghostly Auditor's 2 strength away; it
    attacks unblocked and deals 0 to bob's faction: no influence is lost and its "draw 2 cards when it
    damages a faction" does not happen."""
    t = _auditor_at_zero_strength(client)
    t.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    t.fight()
    assert "DamageDealt" not in types(t.last) and "TriggersPending" not in types(t.last), "spoils.408.1a"
    assert (t.influence("bob"), t.state()["players"]["alice"]["hand"]) == (25, 0), "spoils.408.1a"


def test_a_zero_strength_attacker_still_counts_as_having_dealt_its_damage(client):
    """spoils.408.1b: in battle, a character whose damage is 0 still counts as having dealt it, so the
    damage steps end: the Ghostly Auditor at 0 strength attacks, and the battle ends with it depleted
    instead of waiting for damage that never comes."""
    t = _auditor_at_zero_strength(client)
    t.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    t.fight()
    assert "BattleEnded" in types(t.last) and t.state()["battle"] is None, "spoils.408.1b"
    assert t.card("g1")["depleted"] is True


def test_damage_is_reduced_before_what_it_sets_off_reads_it(client):
    """spoils.408.2: when more than 0 damage is dealt, reductions and increases apply first, and only
    then does anything trigger.  Bob's Stalwart Soldier wears alice's Smear Campaign ("if the attached
    character inflicts damage, the same amount to its controller's faction") and blocks alice's
    Soldier, whose party holds a Necromantic Healer (battle damage to its party is 1 less).  The 3 the
    blocker deals becomes 2, and the Smear Campaign then costs bob 2 influence, not 3."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "h1": {"card": "Necromantic Healer", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "s1": {"card": "Smear Campaign", "controller": "alice", "attached_to": "b1"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1", "h1"]})
    t.fight(blockers=["b1"], assignments={"bob": [{"source": "b1", "to": "a1", "amount": 3}],
                                          "alice": [{"source": "a1", "to": "b1", "amount": 3}]})
    dealt = [e["data"] for e in _stored(client, t) if e["type"] == "DamageDealt"]
    assert [(d["target"], d["amount"]) for d in dealt][:3] == [("b1", 3), ("a1", 2), ("faction:bob", 2)], \
        "spoils.408.2"
    assert "a1" in t.state()["cards"] and t.card("a1")["damage"] == 2


def test_the_card_that_deals_damage_is_its_source(client):
    """spoils.408.7: the card whose instruction deals damage is that damage's source.  Bob's Club Mau
    Bouncer answers damage a character inflicts on it with 1 damage to that character.  Shriever
    Attack, a tactic, deals 2 to every character: its source is the tactic, so the Bouncer does
    nothing; alice's Hidden Sniper's SHARPSHOOT deals 1 with the Sniper as source, a character, so the
    Bouncer hits back and the Sniper (1 life) is destroyed."""
    cards = {"x1": {"card": "Hidden Sniper", "controller": "alice"},
             "b1": {"card": "Club Mau Bouncer", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RRRRRR"}, hands={"alice": ["Shriever Attack"]}))
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Shriever Attack", "targets": []})
    assert "x1" not in t.state()["cards"] and t.card("b1")["damage"] == 2
    assert "TriggersPending" not in types(t.last), "spoils.408.7: a tactic is no character"
    t = new_game(client, position(cards=cards, icons={"alice": "R"}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "x1", "ability": "SHARPSHOOT",
                               "targets": ["b1"]})
    dealt = [(e["data"]["sources"], e["data"]["target"]) for e in t.last["events"] if e["type"] == "DamageDealt"]
    assert dealt == [(["x1"], "b1"), (["b1"], "x1")], "spoils.408.7"
    assert "x1" not in t.state()["cards"]


BASTION = {"name": "Bastion", "type": "location", "structure": 3,  # "if this card would be destroyed,
           "replacements": [{"instead_of": "destroy", "do": "prevent"}]}  # it is not" (no printed location says it)


def test_a_location_whose_destruction_is_replaced_loses_that_damage():
    """spoils.408.5c: when a location's destruction is replaced, the damage it took from the source of
    that destruction goes back to 0.  p1's Raider (3 strength) attacks p2's Bastion (structure 3, its
    destruction replaced by nothing, a location of the in-memory pool): the 3 damage reach its
    structure, the destruction is replaced, and the Bastion stays in play with no damage.  (For damage
    from other sources the rules differ: 506.6 clears all of it, which the engine does.)"""
    t = prepare_game({"raider": in_play("p1", character("Raider", 3, 3, 3)), "bastion": in_play("p2", BASTION)})
    t.act({"type": "attack", "player": "p1", "attackers": ["raider"], "target": "bastion"})
    while t.state.battle is not None:
        t.act({"type": "pass", "player": t.state.battle.attacker})
        t.act({"type": "pass", "player": t.state.battle.defender})
    assert [(e.target, e.amount) for e in events_of(t, E.DamageDealt)] == [("bastion", 3)]
    assert [e.instead_of for e in events_of(t, E.ReplacementApplied)] == ["destroy"]
    assert "bastion" in t.state.cards and t.state.cards["bastion"].damage == 0, "spoils.408.5c"
