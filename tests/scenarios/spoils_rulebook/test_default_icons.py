"""Which icons resources provide by default in The Spoils, read against rule 311.2, with real cards
from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils.positions import face_down
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data

SOLDIER = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}


def test_a_staple_gives_its_own_icon_and_a_face_down_card_volition(client):
    """spoils.311.2: by default a staple resource provides one icon of its kind and any face-down card
    one Volition, whatever the card is.  Alice's Rage played face down provides Volition only, so
    Kettinger's [R] threshold is not met and its play is refused (405.2); the same Rage face up meets
    it."""
    setup = face_down(position(cards=SOLDIER, hands={"alice": ["Kettinger"]}, icons={"alice": "OO"}),
                      "alice", **{"alice.r3": "Rage"})
    t = new_game(client, setup)
    assert t.state()["players"]["alice"]["icons"] == {"O": 2, "V": 1}, "spoils.311.2"
    assert "spoils.405.2" in rule_ids(t.refuse(play_card("Kettinger", attach_to="a1")))
    t = new_game(client, position(cards=SOLDIER, hands={"alice": ["Kettinger"]}, icons={"alice": "OOR"}))
    assert t.state()["players"]["alice"]["icons"] == {"O": 2, "R": 1}, "spoils.311.2"
    t.resolve("alice", "bob", play_card("Kettinger", attach_to="a1"))
    assert t.card("a1")["effective"]["strength"] == 5
