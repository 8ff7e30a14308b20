"""Control changing during a battle of The Spoils, read against rules 407.4a, 407.5a and 407.6: a
character taken mid-battle takes none of the damage assigned to it, a location taken mid-battle takes
none of the attack, and an effect cannot put another player's character into your party.  Real cards
from the shared sets, and one tactic of a small pool for an effect no printed card words."""
from __future__ import annotations

from events.models import spoils as E
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, prepare_game, tactic
from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401


@needs_data
def test_a_character_taken_during_the_battle_takes_none_of_its_damage(client):
    """spoils.407.4a: a character whose controller changes during a battle leaves its party, and the
    battle damage assigned to it is not dealt.  Bob's Stalwart Soldier blocks and assigns its 3 to
    alice's attacking Soldier, enough to destroy it; before the damage is dealt, bob's Mutiny Grant
    takes that Soldier.  It leaves the battle under bob's control with no damage."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Creaky Old Swordsman", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Mutiny Grant"]}, icons={"bob": "GG"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1", "a2"]})
    t.fight(blockers=["b1"], stop="tactics_e", assignments={"bob": [{"source": "b1", "to": "a1", "amount": 3}],
                                                            "alice": [{"source": "a1", "to": "b1", "amount": 3}]})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "play_card", "player": "bob", "card": "Mutiny Grant", "targets": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    assert "RemovedFromBattle" in types(t.last) and "spoils.407.4" in cited(t.last)
    assert [a["to"] for a in t.state()["battle"]["assignments"]] == ["b1"], "spoils.407.4a"
    t.fight()
    assert (t.card("a1")["controller"], t.card("a1")["damage"]) == ("bob", 0), "spoils.407.4a"


@needs_data
def test_a_location_taken_during_the_attack_on_it_takes_nothing(client):
    """spoils.407.5a: when the location under attack changes controller, it stops being the target;
    the attackers' damage meant for it does nothing, yet counts as dealt so the battle ends.  Alice
    attacks bob's Currency Bazaar with a Stalwart Soldier and, before blocks, her Gus VanBaymaven takes
    control of it: the Soldier's 3 damage reaches neither the Bazaar nor bob's faction."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "g1": {"card": "Gus VanBaymaven", "controller": "alice"},
             "l1": {"card": "The Currency Bazaar", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GG"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"], "target": "l1"})
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "g1",
                               "ability": "ALL YOUR BAYS ARE BELONG TO GUS", "targets": ["l1"]})
    assert "spoils.407.5" in cited(t.last) and t.state()["battle"]["target_lost"] is True
    t.fight()
    assert "BattleEnded" in types(t.last) and "DamageDealt" not in types(t.last), "spoils.407.5a"
    assert (t.card("l1")["controller"], t.card("l1")["damage"], t.influence("bob")) == ("alice", 0, 25), \
        "spoils.407.5a"


PRESS_GANG = tactic("Press Gang", [{"add_to_battle": "sentry", "party": "attacking"}, {"draw": 1}])
"""A tactic of the pool: "Add the Sentry to your attacking party. Draw a card." (no printed card
says it in these words)."""


def test_an_effect_adding_someone_elses_character_to_your_party_stops():
    """spoils.407.6: an effect that tries to put a character you do not control into your battle party
    stops there.  p1 attacks with a Raider and plays Press Gang naming p2's Sentry: the Sentry stays out
    of the attacking party, and the rest of the effect (its draw) is not done either."""
    t = prepare_game({"raider": in_play("p1", character("Raider", 3, 3, 3)),
                      "sentry": in_play("p2", character("Sentry", 1, 4, 2))},
                     pool={"Press Gang": PRESS_GANG}, hand_cards=(["Press Gang"], []), hands=(1, 0))
    t.act({"type": "attack", "player": "p1", "attackers": ["raider"]})
    t.act({"type": "play_card", "player": "p1", "card": "Press Gang"})
    decision = t.act({"type": "pass", "player": "p2"})
    assert "spoils.407.6" in [b.rule for b in decision.because]
    assert t.state.battle.attackers == ["raider"] and not events_of(t, E.AddedToBattle), "spoils.407.6"
    assert not events_of(t, E.CardsDrawn) and t.state.players["p1"].hand == 0, "spoils.407.6: the effect stops"
