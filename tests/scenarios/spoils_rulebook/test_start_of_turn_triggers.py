"""Start-of-turn triggers in The Spoils (spoils.602.2, 503.4, 503.4a), through the API: they fire
together as the turn starts, and the active player picks them one at a time."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _alices_turn_with_the_poshernacle(client):
    t = new_game(client, position(active="bob", cards={"p1": {"card": "The Poshernacle", "controller": "alice"}}))
    t.end_turn("bob", "alice")
    return t


def _gain_trigger(t) -> str:
    return next(x["id"] for x in t.state()["triggers"] if x["name"].endswith("your faction gains 1 influence."))


def test_start_of_turn_triggers_fire_together_and_the_active_player_orders_them(client):
    """spoils.602.2: The Poshernacle's three "at the start of your turn" triggers fire together when
    alice's turn starts; alice, the active player, chooses which resolves first (spoils.503.4)."""
    t = _alices_turn_with_the_poshernacle(client)
    choice = t.state()["choice"]
    assert (choice["kind"], choice["player"]) == ("trigger_order", "alice"), "spoils.602.2"
    assert len(choice["options"]) == 3, "spoils.602.2"


def test_the_order_is_chosen_one_trigger_at_a_time(client):
    """spoils.503.4a: alice lets the influence trigger resolve first (her faction gains 1); only then
    is she asked again, between the two triggers left."""
    t = _alices_turn_with_the_poshernacle(client)
    t.act({"type": "choose", "player": "alice", "choice": _gain_trigger(t)})
    assert t.influence("alice") == 26, "spoils.503.4a"
    choice = t.state()["choice"]
    assert choice is not None and len(choice["options"]) == 2, "spoils.503.4a"
