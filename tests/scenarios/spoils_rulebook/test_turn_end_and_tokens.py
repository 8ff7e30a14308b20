"""End-of-turn triggers (spoils.610.1a), damage to a faction that triggers (spoils.408.2b) and
Micromajig tokens leaving play (spoils.409.3b) in The Spoils, through the API with real cards."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def test_end_of_turn_triggers_wait_for_the_opponents_responses(client):
    """spoils.610.1a: alice announces the end of her turn with Tumescent Guilt Bladder in play; nothing
    happens until bob has passed; then the Bladder's trigger resolves and her faction loses 1 influence
    (one token on it)."""
    t = new_game(client, position(cards={"b1": {"card": "Tumescent Guilt Bladder", "controller": "alice"}}))
    t.act({"type": "end_turn", "player": "alice"})
    assert t.influence("alice") == 25 and t.card("b1")["tokens"] == 0, "spoils.610.1a"
    t.act({"type": "pass", "player": "bob", "choices": {"may": False}})
    assert t.influence("alice") == 24, "spoils.610.1a"


def test_damage_to_a_faction_sets_off_its_triggers(client):
    """spoils.408.2b: alice's Lugubrian Octopod (Covert) attacks unblocked and inflicts its damage to
    bob's faction; its "if this card inflicts damage to a faction, your opponent discards 2 cards" then
    resolves, and bob discards both his cards."""
    t = new_game(client, position(cards={"o1": {"card": "Lugubrian Octopod", "controller": "alice"}},
                                  hands={"bob": ["Pinch", "Distraction"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["o1"]})
    t.fight()
    assert t.influence("bob") < 25
    assert t.state()["players"]["bob"]["hand"] == 0, "spoils.408.2b"


def test_a_micromajig_token_leaving_play_disappears(client):
    """spoils.409.3b: bob's Crushing Usury destroys one of alice's Micromajig tokens: it leaves play and
    is in no zone afterwards (not in her discard pile)."""
    t = new_game(client, position(active="bob", cards={"m1": {"card": "Micromajig Shipping Container",
                                                              "controller": "alice"}},
                                  hands={"bob": ["Crushing Usury", "Crushing Usury"]}, icons={"bob": "GGGGGGGG"}))
    t.resolve("bob", "alice", play_card("Crushing Usury", "m1", player="bob"))
    token = next(cid for cid, c in t.state()["cards"].items() if c.get("token"))
    t.resolve("bob", "alice", play_card("Crushing Usury", token, player="bob"))
    s = t.state()
    assert token not in s["cards"] and len([c for c in s["cards"].values() if c.get("token")]) == 4, "spoils.409.3b"
    assert s["players"]["alice"]["discard"] == ["Micromajig Shipping Container"], "spoils.409.3b"
