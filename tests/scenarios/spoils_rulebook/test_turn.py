"""A turn of The Spoils through the API: the start of the turn (602), developing (the faction's
restore and draw-or-resource), playing a card step by step (604), and the ways a game ends."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _turn_passes_to_bob(client):
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice", "damage": 2},
             "l1": {"card": "The Currency Bazaar", "controller": "alice", "damage": 1},
             "b1": {"card": "Stalwart Soldier", "controller": "bob", "depleted": True, "can_attack": False}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Greed"]}, icons={"alice": "RRR", "bob": "G"},
                                  attached={"alice": 2, "bob": 1}))
    t.end_turn("alice", "bob")
    return t


def test_the_start_of_a_turn_is_one_instant_that_restores_the_new_active_players_cards(client):
    """spoils.602.1: the start of bob's turn happens at once; spoils.202.7: his faction's restore
    rule turns his depleted character upright and frees his attached resource."""
    t = _turn_passes_to_bob(client)
    assert {"spoils.602.1", "spoils.202.7"} <= cited(t.last)
    state = t.state()
    assert state["active_player"] == "bob" and state["cards"]["b1"]["depleted"] is False, "spoils.303.3"
    assert state["players"]["bob"]["resources"]["bob.r1"]["attached"] is False


def test_the_start_of_a_turn_clears_character_damage_and_lets_characters_attack(client):
    """spoils.602.1a: damage on characters is removed when a turn starts, while a location keeps its
    damage (spoils.intro.damage-reset-timing); spoils.602.1c: every card the new active player
    controls becomes able to attack this turn."""
    t = _turn_passes_to_bob(client)
    state = t.state()
    assert state["cards"]["a1"]["damage"] == 0, "spoils.602.1a, spoils.408.4a: character damage cleared each turn"
    assert state["cards"]["b1"]["can_attack"] is True, "spoils.602.1c: the active player's cards may attack"
    assert state["cards"]["l1"]["damage"] == 1, "spoils.intro.damage-reset-timing: location damage stays"


def test_a_player_develops_by_drawing_or_by_playing_a_resource_not_both(client):
    """spoils.intro.develop: at the start of the turn bob either draws or plays a resource; having
    played a Greed he may not also draw (the engine cites the FAQ entry that says the same)."""
    t = _turn_passes_to_bob(client)
    t.act({"type": "play_resource", "player": "bob", "card": "Greed", "face_up": True})
    assert types(t.last) == ["DevelopChosen", "ResourcePlayed"], "spoils.605.1"
    greed = [r for r in t.state()["players"]["bob"]["resources"].values() if r["name"] == "Greed"]
    assert len(greed) == 2 and greed[-1]["face_up"] is True, "spoils.605.1d: the card chosen enters play face up"
    refused = t.refuse({"type": "draw", "player": "bob"})
    assert [v["rule"]["id"] for v in refused] == ["spoils.faq.draw-or-resource"], "spoils.intro.develop"


def test_a_resource_is_not_played_as_a_card(client):
    """spoils.203.1 and spoils.605.2: a resource is played only when an effect says so explicitly
    (the faction's develop or RESOURCE ability); naming Greed in play_card is refused."""
    t = new_game(client, position(hands={"alice": ["Greed"]}, icons={"alice": "RRR"}))
    refused = t.refuse({"type": "play_card", "player": "alice", "card": "Greed", "targets": []})
    assert "203.1" in refused[0]["message"], "spoils.203.1, spoils.605.2"
    assert refused[0]["rule"]["id"] == "spoils.604.1a"


def test_drawing_from_an_empty_deck_does_not_lose_the_game(client):
    """spoils.102.1a: running out of cards is not a loss; bob, developing with an empty deck, draws
    nothing and the game goes on."""
    t = new_game(client, position(stage="develop", active="bob", decks={"bob": []}))
    t.act({"type": "draw", "player": "bob"})
    assert "spoils.102.1a" in cited(t.last)
    assert t.state()["winner"] is None and t.state()["players"]["bob"]["hand"] == 0, "spoils.306.2"


def test_playing_a_character_pays_its_numeric_cost_waits_for_responses_then_resolves(client):
    """spoils.406.3: the numeric cost is paid as the card is played (3 resources attached);
    spoils.604.1g: the opponent may respond before it resolves; spoils.604.1h: it then resolves and
    enters play under its player's control (spoils.204.2, spoils.204.2a)."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}))
    t.act(play_card("Stalwart Soldier"))
    assert {"spoils.406.3", "spoils.604.1g"} <= cited(t.last)
    assert t.state()["players"]["alice"]["unattached"] == 0, "spoils.604.1d: the costs are paid as it is played"
    assert t.state()["to_act"] == "bob"
    t.act({"type": "pass", "player": "bob"})
    assert "spoils.604.1h" in cited(t.last) and "CardEnteredPlay" in types(t.last), "spoils.204.2"
    (cid,) = t.named("Stalwart Soldier")
    assert t.card(cid)["controller"] == "alice", "spoils.204.2a: the new character is its player's"


def test_a_character_that_came_into_play_this_turn_cannot_attack(client):
    """spoils.204.3: a character attacks only if its player controlled it at the start of the turn;
    the Stalwart Soldier played this turn is refused as an attacker."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", play_card("Stalwart Soldier"))
    (cid,) = t.named("Stalwart Soldier")
    refused = t.refuse({"type": "attack", "player": "alice", "attackers": [cid]})
    assert refused and t.card(cid)["can_attack"] is False, "spoils.204.3"


def test_a_player_may_concede(client):
    """spoils.engine.concession: a judge records a concession; the other player wins by it."""
    t = new_game(client, position())
    t.act({"type": "concede", "player": "bob"})
    assert "spoils.engine.concession" in cited(t.last)
    assert t.state()["winner"] == {"player": "alice", "by": "concession"}


def test_any_card_may_be_a_face_down_resource_but_only_a_resource_goes_face_up(client):
    """spoils.605.1b: developing, alice may not put her Stalwart Soldier into play face up as a
    resource (spoils.203.2), but may put it face down, where it gives one Volition (spoils.203.4a)."""
    t = new_game(client, position(stage="develop", active="alice", hands={"alice": ["Stalwart Soldier"]}))
    face_up = {"type": "play_resource", "player": "alice", "card": "Stalwart Soldier", "face_up": True}
    assert [v["rule"]["id"] for v in t.refuse(face_up)] == ["spoils.203.2"], "spoils.605.1b"
    t.act({**face_up, "face_up": False})
    assert "spoils.203.4a" in cited(t.last)
    assert [r["face_up"] for r in t.state()["players"]["alice"]["resources"].values()] == [False]
