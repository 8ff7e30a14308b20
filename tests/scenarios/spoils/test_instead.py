"""Replacements said as triggers, "If ... is destroyed, ... instead" (round 3f), played by name
through the API: the replaced destruction does not happen, the replacement does, and the trace names
the card and the rule."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position, play_card as _play  # noqa: F401

pytestmark = needs_data


def _sandwich_game(client, with_sandwich: bool):
    cards = {"s1": {"card": "Stalwart Soldier", "controller": "alice", "damage": 1}}
    if with_sandwich:
        cards["h1"] = {"card": "Hidden Sandwich", "controller": "alice", "attached_to": "s1"}
    return new_game(client, position(active="bob", cards=cards, icons={"bob": "RR"},
                                     hands={"bob": ["Unscrupuls of Victory"]}))


def test_hidden_sandwich_is_destroyed_instead_of_the_character(client):
    """Hidden Sandwich: "If the attached character is destroyed, destroy this card instead. Reduce the
    amount of damage inflicted to the character this turn to 0."  Bob's Unscrupuls of Victory inflicts
    2 damage on alice's Stalwart Soldier (3 life, 1 damage already): lethal (spoils.408.4).  Without
    the Sandwich the Soldier is destroyed; with it the destruction is replaced (spoils.506.1): the
    Sandwich goes to alice's discard pile instead, the Soldier stays in play with its damage back to 0
    (spoils.506.6)."""
    plain = _sandwich_game(client, with_sandwich=False)
    plain.resolve("bob", "alice", _play("Unscrupuls of Victory", player="bob", targets=["s1"]))
    assert "s1" not in plain.state()["cards"]

    t = _sandwich_game(client, with_sandwich=True)
    events = t.resolve("bob", "alice", _play("Unscrupuls of Victory", player="bob", targets=["s1"]))
    assert "ReplacementApplied" in events
    cards = t.state()["cards"]
    assert "s1" in cards and cards["s1"]["damage"] == 0 and "h1" not in cards
    assert "Hidden Sandwich" in t.state()["players"]["alice"]["discard"]
    assert "Stalwart Soldier" not in t.state()["players"]["alice"]["discard"]
    trace = t.trace_text()
    assert "spoils.506.1" in trace and "Hidden Sandwich" in trace and "spoils.506.6" in trace
    assert t.audit_valid()


def test_no_replacement_for_a_character_destroyed_to_pay_an_extra_cost(client):
    """Hidden Sandwich replaces the destruction of its character, but not one that pays an extra
    cost (spoils.506.2): Cashier's Window's CASH IN ("destroy a character you control, deplete this
    card: draw a card") destroys alice's Stalwart Soldier wearing the Sandwich; the Soldier goes to
    the discard pile, and the Sandwich, attached to it, leaves play with it (spoils.301.4)."""
    cards = {"s1": {"card": "Stalwart Soldier", "controller": "alice"},
             "h1": {"card": "Hidden Sandwich", "controller": "alice", "attached_to": "s1"},
             "w1": {"card": "Cashier's Window", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "use_ability", "player": "alice", "card": "w1", "ability": "CASH IN", "targets": ["s1"]})
    discard = t.state()["players"]["alice"]["discard"]
    assert "Stalwart Soldier" in discard and "Hidden Sandwich" in discard
    assert "s1" not in t.state()["cards"]
    assert "spoils.506.2" in t.trace_text()
    assert t.audit_valid()
