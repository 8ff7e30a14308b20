"""Playing and responding in The Spoils through the API: the card being played waits in its own
zone (604.1c), and responses to responses resolve last first (607.2a)."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def test_a_card_being_played_is_neither_in_hand_nor_in_play(client):
    """spoils.604.1c: once played, the Stalwart Soldier waits in the being-played zone: it has left
    alice's hand and is not yet in play until bob has answered."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}))
    t.act(play_card("Stalwart Soldier"))
    state = t.state()
    assert [p["name"] for p in state["pending"]] == ["Stalwart Soldier"], "spoils.604.1c"
    assert state["players"]["alice"]["hand"] == 0 and state["cards"] == {}


def test_responses_to_responses_resolve_last_first(client):
    """spoils.607.2a: bob answers alice's Soldier with a Distraction, alice answers that with her own;
    three plays wait, and as each player passes the most recent resolves first, the Soldier last."""
    cards = {"a1": {"card": "Plodding Brute", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    hands = {"alice": ["Stalwart Soldier", "Distraction"], "bob": ["Distraction"]}
    t = new_game(client, position(cards=cards, hands=hands, icons={"alice": "RRRRRR", "bob": "RRRR"}))
    t.act(play_card("Stalwart Soldier"))
    t.act(play_card("Distraction", "a1", player="bob"))
    assert "spoils.607.2" in cited(t.last)
    t.act(play_card("Distraction", "b1"))
    assert len(t.state()["pending"]) == 3, "spoils.607.2a"
    t.act({"type": "pass", "player": "bob"})
    assert t.card("b1")["depleted"] is True and t.card("a1")["depleted"] is False
    t.act({"type": "pass", "player": "alice"})
    assert t.card("a1")["depleted"] is True and not t.named("Stalwart Soldier")
    t.act({"type": "pass", "player": "bob"})
    assert "CardEnteredPlay" in types(t.last) and t.named("Stalwart Soldier", "alice")


def test_a_terminated_card_never_enters_play(client):
    """spoils.314.2: Snooty Doorman's DENIED! terminates bob's Stalwart Soldier while it is being
    played (spoils.314.1); its instructions are no longer followed, so it never enters play and goes
    to bob's discard pile."""
    t = new_game(client, position(active="bob", cards={"d1": {"card": "Snooty Doorman", "controller": "alice"}},
                                  hands={"bob": ["Stalwart Soldier"]}, icons={"bob": "RRR"}))
    t.act(play_card("Stalwart Soldier", player="bob"))
    t.act({"type": "use_ability", "player": "alice", "card": "d1", "ability": "DENIED!", "targets": []})
    t.act({"type": "pass", "player": "bob"})
    assert "spoils.314.1" in cited(t.last) and "PlayTerminated" in types(t.last)
    assert t.state()["pending"] == [] and not t.named("Stalwart Soldier"), "spoils.314.2"
    assert t.state()["players"]["bob"]["discard"] == ["Stalwart Soldier"]
