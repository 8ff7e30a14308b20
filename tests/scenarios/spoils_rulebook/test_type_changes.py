"""A card that gains or loses the character type (spoils.208.1a, 208.3, 507.2e) in The Spoils,
through the API, with One-Legged Hopping Pogo-Bear (an item whose RAAR! makes it a character this
turn and whose HIDE! takes the type away)."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data

BEAR = "One-Legged Hopping Pogo-Bear"


def _ability(name: str) -> dict[str, object]:
    return {"type": "use_ability", "player": "alice", "card": "p1", "ability": name, "targets": []}


def _bear_as_character(client, hand: list[str] = ()):
    t = new_game(client, position(cards={"p1": {"card": BEAR, "controller": "alice"}}, hands={"alice": list(hand)},
                                  icons={"alice": "EEEGGGGGRR"}))
    t.resolve("alice", "bob", _ability("RAAR!"))
    return t


def test_an_item_that_gains_the_character_type_is_still_an_item(client):
    """spoils.208.1a: after RAAR! the Pogo-Bear "gains" the character type: it is a 3/3/3 character and
    keeps its own type, item, as well."""
    t = _bear_as_character(client)
    card = t.card("p1")
    assert card["type"] == "character" and (card["effective"]["strength"], card["effective"]["life"]) == (3, 3)
    assert card["effective"]["types"] == ["character", "item"], "spoils.208.1a"
    assert len(card["effective"]["types"]) == 2, "spoils.208.1"


def test_a_card_losing_the_character_type_loses_this_turns_damage(client):
    """spoils.208.3: the Pogo-Bear, a character this turn, takes 1 damage from Essence of Rage; when
    HIDE! takes its character type away, that damage is gone with it."""
    t = _bear_as_character(client, ["Essence of Rage"])
    t.resolve("alice", "bob", play_card("Essence of Rage", "p1", option=1))
    assert t.card("p1")["damage"] == 1
    t.resolve("alice", "bob", _ability("HIDE!"))
    card = t.card("p1")
    assert card["type"] == "item" and card["damage"] == 0, "spoils.208.3"


def test_an_attachment_that_needs_a_character_is_destroyed_when_its_host_stops_being_one(client):
    """spoils.507.2e: Melty Cheese ("ATTACH to Character") goes on the Pogo-Bear while it is a
    character; when HIDE! makes it an item again, the Cheese is destroyed at once."""
    t = _bear_as_character(client, ["Melty Cheese"])
    t.resolve("alice", "bob", play_card("Melty Cheese", attach_to="p1"))
    (cheese,) = t.named("Melty Cheese", "alice")
    t.resolve("alice", "bob", _ability("HIDE!"))
    assert cheese not in t.state()["cards"], "spoils.507.2e"
    assert t.state()["players"]["alice"]["discard"] == ["Melty Cheese"]
    assert "spoils.507.2e" in cited(t.last)


def test_a_character_that_kept_its_item_type_can_be_picked_as_an_item(client):
    """spoils.208.1a: the Pogo-Bear, a character after RAAR!, is still an item, so Precise Sabotage
    ("pick an item, destroy it") may pick it and destroys it."""
    t = _bear_as_character(client, ["Precise Sabotage"])
    t.resolve("alice", "bob", play_card("Precise Sabotage", "p1"))
    assert "p1" not in t.state()["cards"], "spoils.208.1a"
    assert sorted(t.state()["players"]["alice"]["discard"]) == [BEAR, "Precise Sabotage"]


def test_a_card_losing_the_character_type_in_battle_leaves_the_battle(client):
    """spoils.208.4: the Pogo-Bear attacks bob as a character; alice's HIDE! makes it an item again
    during the battle, so it is removed from the battle at once and deals bob nothing."""
    t = _bear_as_character(client)
    t.act({"type": "attack", "player": "alice", "attackers": ["p1"]})
    t.resolve("alice", "bob", _ability("HIDE!"))
    assert t.state()["battle"]["attackers"] == [], "spoils.208.4"
    assert "spoils.208.4" in cited(t.last)
    t.fight()
    assert t.influence("bob") == 25, "spoils.208.4"


def test_an_effect_on_a_character_skips_a_card_that_is_no_longer_one(client):
    """spoils.208.2: alice's Pogo-Bear is a character after RAAR!; when she plays Rate Hike, bob answers
    with Perforate on the Bear, and alice answers that with HIDE!: the Bear is an item again when
    Perforate resolves, so "inflict X damage to the character" does not affect it."""
    t = new_game(client, position(cards={"p1": {"card": BEAR, "controller": "alice"}},
                                  hands={"alice": ["Rate Hike"], "bob": ["Perforate"]},
                                  icons={"alice": "EEEGGGGG", "bob": "RRRR"}))
    t.resolve("alice", "bob", _ability("RAAR!"))
    t.act(play_card("Rate Hike"))
    t.act({**play_card("Perforate", "p1", player="bob", x=2), "type": "respond"})
    t.act({"type": "respond", "player": "alice", "source": "p1", "ability": "HIDE!"})
    while t.state()["pending"]:
        t.act({"type": "pass", "player": t.state()["to_act"]})
    assert t.card("p1")["type"] == "item" and t.card("p1")["damage"] == 0, "spoils.208.2"
    assert t.influence("alice") == 27
