"""The position a game of The Spoils starts from, made from two precon decks through the API and read
against the intro's set-up (spoils.intro.setup) and the steps of 601.1: factions in play with their
influence kept, starting resources face up, the 8 and 9 card hands and one free mulligan."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, precon_game as _from_decks
from tests.scenarios.spoils_table import client, needs_data, rule_ids  # noqa: F401

pytestmark = needs_data


def test_each_faction_starts_in_play_with_its_influence_recorded(client):
    """spoils.601.1a: both factions are in play from the first position, and the service keeps each
    one's influence (the paper of the table) at its starting value."""
    players = _from_decks(client).state()["players"]
    for p in ("alice", "bob"):
        faction = players[p]["faction"]
        assert faction["name"] and faction["influence"] == faction["starting_influence"], "spoils.601.1a"


def test_the_starting_resources_are_face_up(client):
    """spoils.601.1d (after 601.1b): the two resources each player took from the deck are in play
    face up, none spent: alice's two Elitism, bob's two Rage."""
    players = _from_decks(client).state()["players"]
    for p, name in (("alice", "Elitism"), ("bob", "Rage")):
        resources = list(players[p]["resources"].values())
        assert [(r["name"], r["face_up"], r["attached"]) for r in resources] == [(name, True, False)] * 2, \
            "spoils.601.1d"


def test_two_resources_then_eight_and_nine_cards(client):
    """spoils.intro.setup: each player starts with two resources from the deck; the first player draws
    8 cards and the second 9, and the game waits for the first player's mulligan."""
    t = _from_decks(client)
    state = t.state()
    alice, bob = state["players"]["alice"], state["players"]["bob"]
    assert (len(alice["resources"]), len(bob["resources"])) == (2, 2), "spoils.intro.setup"
    assert (alice["hand"], bob["hand"]) == (8, 9), "spoils.intro.setup"
    assert (state["stage"], state["to_act"]) == ("mulligan", "alice")


def test_the_mulligan_is_free_and_happens_once(client):
    """spoils.intro.setup with 601.1f: alice puts 3 cards under her deck and draws 3; her hand, deck,
    resources and influence are as they were (the mulligan costs nothing),
    and a second mulligan is refused, nothing appended."""
    t = _from_decks(client)
    before = t.state()["players"]["alice"]
    t.act({"type": "mulligan", "player": "alice", "count": 3})
    assert "spoils.601.1f" in cited(t.last)
    after = t.state()["players"]["alice"]
    assert (after["hand"], after["deck"], after["unattached"]) == (before["hand"], before["deck"], 2), \
        "spoils.intro.setup: free"
    assert after["faction"]["influence"] == before["faction"]["influence"]
    position = t.state()["position"]
    again = rule_ids(t.refuse({"type": "mulligan", "player": "alice", "count": 2}))
    assert "spoils.601.1f" in again, "spoils.intro.setup: once"
    assert t.state()["position"] == position
