"""A faction picked by a card's trigger and then named "it" ("pick a faction. If you do, it gains 2
influence"), played by name through the API."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _influence(t, player: str) -> int:
    return t.state()["players"][player]["faction"]["influence"]


def test_crest_of_greed_gives_influence_to_the_faction_picked(client):
    """Crest of Greed: when a card providing [G] enters play under alice's control, she may pick a
    faction; if she does, that faction gains 2 influence (spoils.202.3).  Alice plays a Greed staple
    in her develop step and picks bob's faction: bob's faction gains 2, hers does not."""
    cards = {"cg": {"card": "Crest of Greed", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Greed"]}, stage="develop"))
    alice, bob = _influence(t, "alice"), _influence(t, "bob")
    t.act({"type": "play_resource", "player": "alice", "card": "Greed", "face_up": True,
           "choices": {"targets": ["faction:bob"]}})
    assert (_influence(t, "alice"), _influence(t, "bob")) == (alice, bob + 2)
    assert "Crest of Greed" in t.trace_text()
    assert t.audit_valid()
