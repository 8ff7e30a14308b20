"""A game of The Spoils started from two precon decks through the API: what the faction says about
the start (202.2-202.6), the mulligans and the first turn (601.1)."""
from __future__ import annotations

from pathlib import Path

from tests.scenarios.spoils_rulebook.rulebook import cited, precon_game as _from_decks
from tests.scenarios.spoils_table import DATA, Table, client, needs_data  # noqa: F401

pytestmark = needs_data


def test_the_faction_is_in_play_with_its_printed_influence(client):
    """spoils.202.2 and spoils.202.3a: each player's faction is in play from the start, at the
    starting influence its card prints."""
    for player in _from_decks(client).state()["players"].values():
        faction = player["faction"]
        assert faction["name"], "spoils.202.2"
        assert faction["influence"] == faction["starting_influence"] == 25, \
            "spoils.202.3a, spoils.intro.starting-influence"


def test_the_faction_sets_the_starting_resources_and_draws(client):
    """spoils.202.5: the faction's Starting Resources put two Elitism into alice's play;
    spoils.202.6 and spoils.601.1e: its Starting Draw gives the first player 8 cards, the second 9."""
    state = _from_decks(client).state()
    alice, bob = state["players"]["alice"], state["players"]["bob"]
    assert [r["name"] for r in alice["resources"].values()] == alice["faction"]["starting_resources"] \
        == ["Elitism", "Elitism"], "spoils.202.5"
    draw = alice["faction"]["starting_draw"]
    assert (alice["hand"], bob["hand"]) == (draw["first"], draw["second"]) == (8, 9), "spoils.202.6, spoils.601.1e"


def test_after_both_mulligans_the_first_turn_begins(client):
    """spoils.601.1h: once both players have decided on their mulligans the first turn begins,
    alice first, with the start of her turn (spoils.602.1)."""
    t = _from_decks(client)
    t.act({"type": "mulligan", "player": "alice", "count": 0})
    assert t.state()["to_act"] == "bob"
    t.act({"type": "mulligan", "player": "bob", "count": 0})
    assert {"spoils.601.1h", "spoils.602.1"} <= cited(t.last)
    assert (t.state()["stage"], t.state()["active_player"]) == ("develop", "alice")


def test_without_a_first_player_the_chooser_is_recorded_and_chooses(client):
    """spoils.engine.first-player-record: a game created without a first player records who chooses
    it (601.1c), and that player's only legal actions are to choose or to concede."""
    decks = Path(DATA) / "decks"
    players = [{"id": "alice", "deck": (decks / "Precon -1st Edition- Gearsmith.o8d").read_text()},
               {"id": "bob", "deck": (decks / "Precon -1st Edition- Warlord.o8d").read_text()}]
    r = client.post("/games", json={"game": "spoils", "players": players, "cards_as_of": "2012-12-31"})
    t = Table(client, r.get_json()["id"])
    state = t.state()
    assert state["stage"] == "choose_first_player" and state["chooser"] in ("alice", "bob")
    assert state["first_player"] is None and state["to_act"] == state["chooser"], "spoils.engine.first-player-record"
    assert set(t.legal(state["chooser"])) == {"choose_first_player", "concede"}
