"""Unique cards counted per player (the FAQ's unique entries, 507.5a) and a card flipped face down
by its own ability (411.4, 411.1), in The Spoils through the API."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data

FUMAST = "First Unified Market of Abstract Secure Theoreticals"


def test_both_players_may_have_the_same_unique_card(client):
    """spoils.faq.unique-per-player: Unique counts only the cards a player controls; bob plays his
    F.U.M.A.S.T. while alice has hers, and both stay in play."""
    t = new_game(client, position(active="bob", cards={"f1": {"card": FUMAST, "controller": "alice"}},
                                  hands={"bob": [FUMAST]}, icons={"bob": "GGGGGGGGGG"}))
    t.resolve("bob", "alice", play_card(FUMAST, player="bob"))
    assert sorted(c["controller"] for c in t.state()["cards"].values()) == ["alice", "bob"], \
        "spoils.faq.unique-per-player"
    assert t.state()["choice"] is None


def test_a_second_copy_makes_its_player_choose_the_one_that_stays(client):
    """spoils.faq.unique-two-copies with spoils.507.5a: when alice's second F.U.M.A.S.T. enters play
    she chooses which copy stays; the other is destroyed."""
    t = new_game(client, position(cards={"f1": {"card": FUMAST, "controller": "alice"}}, hands={"alice": [FUMAST]},
                                  icons={"alice": "GGGGGGGGGG"}))
    t.resolve("alice", "bob", play_card(FUMAST))
    choice = t.state()["choice"]
    assert (choice["kind"], choice["player"], choice["rule"]) == ("unique", "alice", "spoils.507.5a")
    t.act({"type": "choose", "player": "alice", "choice": "f1"})
    assert list(t.state()["cards"]) == ["f1"], "spoils.faq.unique-two-copies"
    assert t.state()["players"]["alice"]["discard"] == [FUMAST]


def test_a_card_turned_face_down_leaves_play_and_becomes_a_new_resource(client):
    """spoils.411.4: Clay Node's DISSOLVE flips it face down; it leaves play as a location and is a
    face-down resource giving one Volition (spoils.411.1)."""
    t = new_game(client, position(cards={"n1": {"card": "Clay Node", "controller": "alice"}}, icons={"alice": "EEEG"}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "n1", "ability": "DISSOLVE",
                               "targets": []})
    assert "CardLeftPlay" in types(t.last) and "spoils.411.1" in cited(t.last)
    resources = t.state()["players"]["alice"]["resources"].values()
    assert "n1" not in t.state()["cards"], "spoils.411.4"
    assert [r for r in resources if r["name"] == "Clay Node" and not r["face_up"]]
