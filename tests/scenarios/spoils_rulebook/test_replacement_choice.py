"""Several replacements for one event (spoils.506.4) in The Spoils, through the API: the player who
controls them all (or else the active player) chooses the one that applies, by a choice the game
waits for; the others are ignored."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _soldier_with_sandwich_destroyed(client):
    """Bob's Crushing Usury destroys alice's Surplus Soldier ("if this card is destroyed, flip it
    face-down instead"), which carries her Hidden Sandwich ("if the attached character is destroyed,
    destroy this card instead")."""
    cards = {"s1": {"card": "Surplus Soldier", "controller": "alice"},
             "h1": {"card": "Hidden Sandwich", "controller": "alice", "attached_to": "s1"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Crushing Usury"]},
                                  icons={"bob": "GGGG"}))
    t.resolve("bob", "alice", play_card("Crushing Usury", "s1", player="bob"))
    return t


def test_the_controller_of_both_replacements_is_asked_which_applies(client):
    """spoils.506.4: both replacements are alice's, so alice, not the active player bob, chooses; the
    Soldier is still in play while she has not."""
    t = _soldier_with_sandwich_destroyed(client)
    choice = t.state()["choice"]
    assert choice is not None and (choice["kind"], choice["player"]) == ("replacement", "alice"), "spoils.506.4"
    assert sorted(choice["options"]) == ["h1", "s1"] and choice["rule"] == "spoils.506.4", \
        "spoils.engine.replacement-order"
    assert "s1" in t.state()["cards"] and "h1" in t.state()["cards"]
    assert [v["rule"]["id"] for v in t.refuse({"type": "choose", "player": "bob", "choice": "h1"})] == ["spoils.506.4"]


def test_the_sandwich_chosen_is_destroyed_instead_and_the_soldier_stays(client):
    """spoils.506.4: alice picks Hidden Sandwich's replacement: the Sandwich is destroyed instead and the
    Soldier stays in play; its own "flip face-down instead" is ignored."""
    t = _soldier_with_sandwich_destroyed(client)
    t.act({"type": "choose", "player": "alice", "choice": "h1"})
    s = t.state()
    assert "s1" in s["cards"] and "h1" not in s["cards"], "spoils.506.4"
    assert s["players"]["alice"]["discard"] == ["Hidden Sandwich"] and s["choice"] is None
    assert "spoils.506.4" in cited(t.last)


def test_the_soldiers_own_replacement_chosen_flips_it_face_down(client):
    """spoils.506.4: alice picks the Soldier's own replacement instead: it is flipped face down as her
    resource, and the Sandwich, attached to a card whose way of leaving play was replaced, leaves the same
    way (spoils.301.4b): it is a face-down resource too."""
    t = _soldier_with_sandwich_destroyed(client)
    t.act({"type": "choose", "player": "alice", "choice": "s1"})
    s = t.state()
    assert "s1" not in s["cards"] and "h1" not in s["cards"], "spoils.506.4"
    assert any(r.get("name") == "Surplus Soldier" and not r["face_up"]
               for r in s["players"]["alice"]["resources"].values())
    assert any(r.get("name") == "Hidden Sandwich" and not r["face_up"]
               for r in s["players"]["alice"]["resources"].values()), "spoils.301.4b"


def test_a_destruction_by_damage_waits_too_and_its_replacement_clears_the_damage(client):
    """spoils.506.4 with spoils.408.4b: bob's Perforate inflicts 1 damage to alice's Surplus Soldier (1
    life); its destruction waits for alice's choice, and when she picks the Hidden Sandwich, the Soldier
    stays with its damage set back to 0."""
    cards = {"s1": {"card": "Surplus Soldier", "controller": "alice"},
             "h1": {"card": "Hidden Sandwich", "controller": "alice", "attached_to": "s1"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Perforate"]}, icons={"bob": "RRR"}))
    t.resolve("bob", "alice", play_card("Perforate", "s1", player="bob", x=1))
    assert t.state()["choice"]["kind"] == "replacement", "spoils.506.4"
    t.act({"type": "choose", "player": "alice", "choice": "h1"})
    s = t.state()
    assert "s1" in s["cards"] and s["cards"]["s1"]["damage"] == 0, "spoils.408.4b"
    assert s["players"]["alice"]["discard"] == ["Hidden Sandwich"]
