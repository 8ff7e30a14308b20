"""Zones, searches and attachments of The Spoils through the API, read against the rules: a game that
has not started (601.1), a resource that is not in hand (605.1a), a search that fails (312.2), and
an attached card that leaves play with its host (301.4a)."""
from __future__ import annotations

from pathlib import Path

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import DATA, Table, client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def test_nothing_is_played_before_the_game_has_started(client):
    """spoils.601.1: the set-up steps come first; while the mulligans are pending alice may not play
    a card."""
    decks = Path(DATA) / "decks"
    players = [{"id": "alice", "deck": (decks / "Precon -1st Edition- Gearsmith.o8d").read_text()},
               {"id": "bob", "deck": (decks / "Precon -1st Edition- Warlord.o8d").read_text()}]
    r = client.post("/games", json={"game": "spoils", "players": players, "first_player": "alice",
                                    "cards_as_of": "2012-12-31"})
    t = Table(client, r.get_json()["id"])
    refused = t.refuse({"type": "play_card", "player": "alice", "card": "Research Assistant", "targets": []})
    assert [v["rule"]["id"] for v in refused] == ["spoils.601.1"]


def test_a_resource_is_chosen_from_the_hand(client):
    """spoils.605.1a: playing a resource starts with choosing a card from hand; alice holds a Rage,
    so a Greed cannot be played."""
    t = new_game(client, position(stage="develop", active="alice", hands={"alice": ["Rage"]}))
    refused = t.refuse({"type": "play_resource", "player": "alice", "card": "Greed", "face_up": True})
    assert [v["rule"]["id"] for v in refused] == ["spoils.605.1a"]


def test_a_search_for_a_kind_of_card_may_fail(client):
    """spoils.312.2: The Currency Bazaar's TRADE searches for a staple resource; alice may fail the
    search although her deck holds a Greed, and the ability still resolves; what its script does not
    enforce is shown to the judge (spoils.engine.script-judge)."""
    cards = {"l1": {"card": "The Currency Bazaar", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GGGG"}, hands={"alice": ["Obsession"]},
                                  decks={"alice": ["Key Man", "Greed", "The Currency Bazaar"]}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "l1", "ability": "TRADE",
                               "targets": [], "choices": {"found": [], "discarded": ["Obsession"]}})
    assert {"spoils.312.1", "spoils.engine.script-judge"} <= cited(t.last) and types(t.last)[-1] == "PlayResolved"
    assert t.state()["players"]["alice"]["hand_cards"] == [], "spoils.312.2"


def test_gear_leaves_play_with_the_character_it_is_attached_to(client):
    """spoils.301.4a: bob's Soldier carrying Auspicious Tax blocks alice's Soldier and is destroyed;
    the Tax, attached to it, leaves play with it, to bob's discard pile."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "g1": {"card": "Auspicious Tax", "controller": "bob", "attached_to": "b1"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(blockers=["b1"])
    assert "b1" not in t.state()["cards"] and "g1" not in t.state()["cards"], "spoils.301.4a"
    assert sorted(t.state()["players"]["bob"]["discard"]) == ["Auspicious Tax", "Stalwart Soldier"]


def test_a_card_goes_to_its_owners_discard_pile_whoever_controls_it(client):
    """spoils.407.7 and spoils.407.8: alice controls a Stalwart Soldier that bob owns; it stays bob's
    card, so when it is destroyed in battle it goes to bob's discard pile (spoils.403.5a), not hers."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice", "owner": "bob"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert t.card("a1")["owner"] == "bob" and t.card("a1")["controller"] == "alice"
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(blockers=["b1"])
    discards = {p: t.state()["players"][p]["discard"] for p in ("alice", "bob")}
    assert discards == {"alice": [], "bob": ["Stalwart Soldier", "Stalwart Soldier"]}, \
        "spoils.407.7, spoils.407.8, spoils.403.5a"
