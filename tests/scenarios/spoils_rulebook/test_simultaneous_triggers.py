"""Triggers that fire at once in The Spoils (spoils.faq.separate-triggers, faq.trigger-order, 604.3),
through the API with Dwarvish Grimalkin's threshold-gated "when this card enters play, draw a card"."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _grimalkin_enters(client):
    t = new_game(client, position(hands={"alice": ["Dwarvish Grimalkin"]}, icons={"alice": "GGGGG"},
                                  decks={"alice": ["Greed", "Rage", "Elitism"]}))
    t.resolve("alice", "bob", play_card("Dwarvish Grimalkin"))
    return t


def test_enters_play_triggers_fire_together_and_their_controller_orders_them(client):
    """spoils.604.3 with spoils.faq.trigger-order: with five [G], two of the Grimalkin's "draw a card"
    paragraphs work; both fire together as it enters play, and alice, whose card it is, orders them."""
    t = _grimalkin_enters(client)
    choice = t.state()["choice"]
    assert choice is not None and (choice["kind"], choice["player"]) == ("trigger_order", "alice"), \
        "spoils.faq.trigger-order"
    assert len(choice["options"]) == 2, "spoils.604.3"


def test_each_trigger_is_its_own_draw(client):
    """spoils.faq.separate-triggers: the two triggers resolve one after the other, each a draw of one
    card, not one draw of two."""
    t = _grimalkin_enters(client)
    t.act({"type": "choose", "player": "alice", "choice": t.state()["choice"]["options"][0]})
    draws = [e["data"]["count"] for e in t.last["events"] if e["type"] == "CardsDrawn"]  # the other follows alone
    assert draws == [1, 1], "spoils.faq.separate-triggers"
    assert t.state()["players"]["alice"]["hand"] == 2
