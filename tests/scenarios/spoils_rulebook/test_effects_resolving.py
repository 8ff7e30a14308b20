"""What an effect does when it resolves after the board changed (spoils.402.5, 402.5a, 502.4,
507.2c) and damage of 0 (spoils.408.1), in The Spoils through the API, with real cards."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def test_an_effect_whose_character_left_play_still_does_the_rest(client):
    """spoils.402.5a with spoils.402.5: bob's Crushing Usury picks alice's Stalwart Soldier; alice answers
    with Quotidian Assassination and returns the Soldier to her hand.  Crushing Usury still resolves:
    nothing is left to destroy, but bob's faction loses its 3 influence all the same."""
    t = new_game(client, position(active="bob", cards={"s1": {"card": "Stalwart Soldier", "controller": "alice"}},
                                  hands={"bob": ["Crushing Usury"], "alice": ["Quotidian Assassination"]},
                                  icons={"bob": "GGGG", "alice": "OO"}))
    t.act(play_card("Crushing Usury", "s1", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Quotidian Assassination", "targets": ["s1"]})
    t.act({"type": "pass", "player": "bob"})
    assert t.state()["players"]["alice"]["hand_cards"] == ["Stalwart Soldier"]
    t.act({"type": "pass", "player": "alice"})
    assert t.influence("bob") == 22, "spoils.402.5a"
    assert t.state()["players"]["bob"]["discard"] == ["Crushing Usury"], "spoils.402.5"


def test_an_ability_resolves_after_its_card_left_play(client):
    """spoils.502.4: Gallant Commander's CHARGE! destroys the Commander as its cost; the ability still
    resolves as it was used and inflicts 3 damage to bob's faction."""
    t = new_game(client, position(cards={"g1": {"card": "Gallant Commander", "controller": "alice"}},
                                  icons={"alice": "RR"}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "g1", "ability": "CHARGE!",
                               "targets": []})
    assert "g1" not in t.state()["cards"]
    assert t.influence("bob") == 22, "spoils.502.4"


def test_zero_damage_is_no_damage(client):
    """spoils.408.1: Perforate with X chosen as 0 inflicts 0 damage to bob's Stalwart Soldier: no damage
    is dealt at all (no damage event), and the Soldier, with 1 life, stays."""
    t = new_game(client, position(cards={"s1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Perforate"]}, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", play_card("Perforate", "s1", x=0))
    assert "DamageDealt" not in types(t.last), "spoils.408.1"
    assert t.card("s1")["damage"] == 0 and "s1" in t.state()["cards"]


def test_an_attachment_whose_host_left_goes_to_the_discard_pile(client):
    """spoils.507.2c: alice plays Melty Cheese on bob's Stalwart Soldier; bob answers with Quotidian
    Assassination and returns the Soldier to his hand.  When the Cheese would enter play its target is
    gone, so it goes to alice's discard pile instead."""
    t = new_game(client, position(cards={"s1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Melty Cheese"], "bob": ["Quotidian Assassination"]},
                                  icons={"alice": "GG", "bob": "OO"}))
    t.act(play_card("Melty Cheese", attach_to="s1"))
    t.act({"type": "respond", "player": "bob", "card": "Quotidian Assassination", "targets": ["s1"]})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert s["cards"] == {} and s["players"]["alice"]["discard"] == ["Melty Cheese"], "spoils.507.2c"
    assert "spoils.507.2c" in cited(t.last)
