"""Who controls an ability waiting to resolve (spoils.407.1a, 407.2) in The Spoils, through the API:
the controller of its card when it resolves, so "your opponent" follows a change of control."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def test_an_ability_taken_over_in_response_is_the_new_controllers(client):
    """spoils.407.1a with spoils.407.2: bob uses his Imperial Thaumaturge's TICKLE ("your opponent
    discards a card"); alice answers with Mutiny Grant and takes control of the Thaumaturge.  When
    TICKLE resolves its effects are alice's, and her opponent, bob, is the one who discards."""
    t = new_game(client, position(active="bob", cards={"t1": {"card": "Imperial Thaumaturge", "controller": "bob"}},
                                  hands={"alice": ["Mutiny Grant", "Distraction"], "bob": ["Pinch"]},
                                  icons={"alice": "GG", "bob": "OO"}))
    t.act({"type": "use_ability", "player": "bob", "card": "t1", "ability": "TICKLE", "targets": []})
    t.act({"type": "respond", "player": "alice", "card": "Mutiny Grant", "targets": ["t1"]})
    for _ in range(4):
        s = t.state()
        if not s["pending"]:
            break
        t.act({"type": "pass", "player": s["to_act"]})
    s = t.state()
    assert s["cards"]["t1"]["controller"] == "alice", "spoils.407.1a"
    assert s["players"]["bob"]["hand"] == 0, "spoils.407.2"
    assert s["players"]["alice"]["hand"] == 1 and s["players"]["alice"]["hand_cards"] == ["Distraction"], "spoils.407.1a"
    assert "spoils.407.1a" in cited(t.last)


def test_control_taken_for_the_turn_comes_back_when_the_turn_ends(client):
    """spoils.407.3 with spoils.407.1: control given by an effect lasts as the effect says; Mutiny Grant
    gives alice bob's Imperial Thaumaturge "this turn", so from the next turn bob controls it again, and
    its TICKLE is his to use."""
    t = new_game(client, position(active="bob", cards={"t1": {"card": "Imperial Thaumaturge", "controller": "bob"}},
                                  hands={"alice": ["Mutiny Grant"]}, icons={"alice": "GG", "bob": "OO"}))
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "respond", "player": "alice", "card": "Mutiny Grant", "targets": ["t1"]})
    t.act({"type": "pass", "player": "bob"})
    assert t.card("t1")["controller"] == "alice", "spoils.407.1"
    t.act({"type": "pass", "player": "alice"})
    assert t.state()["active_player"] == "alice" and t.card("t1")["controller"] == "bob", "spoils.407.3"


def test_the_latest_control_effect_wins(client):
    """spoils.407.3a: alice's Mutiny Grant takes bob's Stalwart Soldier this turn; then, answering her
    Rate Hike, bob's own Mutiny Grant takes it back: the later effect wins and bob controls it."""
    t = new_game(client, position(cards={"b1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Mutiny Grant", "Rate Hike"], "bob": ["Mutiny Grant"]},
                                  icons={"alice": "GGGGG", "bob": "GG"}))
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Mutiny Grant", "targets": ["b1"]})
    assert t.card("b1")["controller"] == "alice"
    t.act({"type": "play_card", "player": "alice", "card": "Rate Hike", "targets": []})
    t.act({"type": "respond", "player": "bob", "card": "Mutiny Grant", "targets": ["b1"]})
    t.act({"type": "pass", "player": "alice"})
    assert t.card("b1")["controller"] == "bob", "spoils.407.3a"
