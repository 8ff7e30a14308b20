"""A faction at 0 influence loses at once (spoils.102.1), in The Spoils through the API: influence
that an effect gives back later in the same action comes too late."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _faction(influence: int) -> dict[str, object]:
    return {"name": "alice's faction", "influence": influence, "starting_influence": 25}


def test_influence_reaching_zero_loses_before_the_leaving_card_gives_it_back(client):
    """spoils.102.1 with spoils.410.4: alice, at 3 influence, plays Crushing Usury on her own Frisky
    Fortunehunter: the Fortunehunter is destroyed (its leaving-play gain of 4 waits), then her faction
    loses 3 and stands at 0: she has lost at that moment, and the gain that would follow never saves
    her."""
    t = new_game(client, position(cards={"f1": {"card": "Frisky Fortunehunter", "controller": "alice"}},
                                  hands={"alice": ["Crushing Usury"]}, icons={"alice": "GGGG"},
                                  factions={"alice": _faction(3)}))
    t.resolve("alice", "bob", play_card("Crushing Usury", "f1"))
    s = t.state()
    assert s["winner"] is not None and s["winner"]["player"] == "bob", "spoils.102.1"
    assert s["players"]["alice"]["faction"]["influence"] == 0, "spoils.410.4"
    assert "spoils.102.1" in cited(t.last)


def test_drawing_with_gold_summit_does_not_undo_a_loss_at_zero(client):
    """spoils.102.1: Fecal Urgency makes alice draw 2 cards and then lose 4 influence; her Gold Summit
    would give her 2 influence for the cards drawn, but at 4 influence she reaches 0 first and loses
    the game then and there."""
    t = new_game(client, position(cards={"g1": {"card": "Gold Summit", "controller": "alice"}},
                                  hands={"alice": ["Fecal Urgency"]}, icons={"alice": "GGGG"},
                                  factions={"alice": _faction(4)}))
    t.resolve("alice", "bob", play_card("Fecal Urgency", x=2))
    s = t.state()
    assert s["winner"] is not None and s["winner"]["player"] == "bob", "spoils.102.1"
    assert s["players"]["alice"]["faction"]["influence"] == 0, "spoils.410.4"


def test_influence_paid_down_to_zero_as_a_cost_loses_before_the_tactic_resolves(client):
    """spoils.102.1: Mutiny Grant's cost makes alice's faction lose as much influence as the picked
    character's numeric cost; at 4 influence, picking bob's Plodding Brute (cost 4) leaves her at 0
    while the tactic is still being played: she loses then, and bob has no need to answer."""
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Mutiny Grant"]}, icons={"alice": "GG"},
                                  factions={"alice": _faction(4)}))
    t.act(play_card("Mutiny Grant", "b1"))
    s = t.state()
    assert s["winner"] is not None and s["winner"]["player"] == "bob", "spoils.102.1"
    assert s["cards"]["b1"]["controller"] == "bob"
