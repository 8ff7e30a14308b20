"""The actions of a turn of The Spoils (603.2) through the API: the faction's abilities, a face-down
resource, a tactic from play to the discard pile, and what a turn does not allow."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data

CARDS = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
         "b1": {"card": "Plodding Brute", "controller": "bob"}}


def _table(client, hand=("Distraction", "Greed"), icons="RRRRRRRR"):
    return new_game(client, position(cards=CARDS, hands={"alice": list(hand)}, icons={"alice": icons},
                                     decks={"alice": ["Greed", "Rage"]}))


def test_the_legal_actions_of_a_turn_cite_the_rules_that_allow_them(client):
    """spoils.603.2: on her turn alice may play a card, use an ability, attack or end the turn; the
    legal actions cite spoils.604.1 for the tactic, spoils.606.1 for the faction's abilities and
    spoils.603.2c and spoils.603.2d for attacking and ending the turn."""
    t = _table(client)
    answer = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()
    rules = {a["action"]["type"]: {r["id"] for r in a["rules"]} for a in answer["actions"]}
    assert {"spoils.205.1", "spoils.604.1"} <= rules["play_card"]
    assert "spoils.606.1" in rules["faction_ability"]
    assert "spoils.603.2c" in rules["attack"] and "spoils.603.2d" in rules["end_turn"]


def test_drawing_is_not_an_action_of_the_turn(client):
    """spoils.603.2: drawing is none of the things a turn lets the active player do; outside the
    develop step a draw comes only from an effect, so a bare draw is refused citing the rule."""
    t = _table(client)
    assert [v["rule"]["id"] for v in t.refuse({"type": "draw", "player": "alice"})] == ["spoils.603.2"]


def test_the_factions_draw_ability_is_paid_waits_for_responses_and_draws(client):
    """spoils.606.1f: after alice pays 3 for her faction's DRAW, bob may respond; when he passes the
    ability resolves and she draws the top card (spoils.306.1)."""
    t = _table(client)
    t.act({"type": "faction_ability", "player": "alice", "ability": "DRAW"})
    assert "spoils.606.1f" in cited(t.last) and t.state()["to_act"] == "bob"
    t.act({"type": "pass", "player": "bob"})
    assert "spoils.306.1" in cited(t.last)
    alice = t.state()["players"]["alice"]
    assert alice["hand"] == 3 and alice["deck"] == 1
    assert alice["unattached"] == 5, "spoils.intro.tournament-faction: DRAW costs 3"


def test_the_faction_lets_its_player_put_a_resource_into_play_face_down(client):
    """spoils.203.1a: the faction's RESOURCE ability is what lets alice play a resource in her main
    step; played face down, the card provides one Volition icon (spoils.203.4a)."""
    t = _table(client)
    t.act({"type": "faction_ability", "player": "alice", "ability": "RESOURCE",
           "choices": {"resource": "Greed", "face_up": False}})
    assert "spoils.203.4a" in cited(t.last)
    t.act({"type": "pass", "player": "bob"})
    assert "spoils.203.1a" in cited(t.last)
    alice = t.state()["players"]["alice"]
    assert len([r for r in alice["resources"].values() if not r["face_up"]]) == 1 and alice["hand"] == 1


def test_a_tactic_follows_its_instructions_then_goes_to_the_discard_pile(client):
    """spoils.205.2: Distraction resolves, depleting bob's Plodding Brute (spoils.303.1), and then
    goes to alice's discard pile; the play follows the card's script (spoils.engine.script)."""
    t = _table(client)
    t.act({"type": "play_card", "player": "alice", "card": "Distraction", "targets": ["b1"]})
    assert {"spoils.205.1", "spoils.engine.script"} <= cited(t.last)
    t.act({"type": "pass", "player": "bob"})
    assert {"spoils.205.2", "spoils.303.1"} <= cited(t.last)
    assert t.card("b1")["depleted"] is True and t.state()["players"]["alice"]["discard"] == ["Distraction"]


def test_the_turn_cannot_end_in_the_middle_of_a_battle(client):
    """spoils.609.1: a battle is resolved to its end before anything else; ending the turn while it
    runs is refused."""
    t = _table(client)
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert [v["rule"]["id"] for v in t.refuse({"type": "end_turn", "player": "alice"})] == ["spoils.609.1"]


def test_a_character_from_hand_and_a_characters_ability_are_legal_actions(client):
    """spoils.603.2a: playing a card is one of the actions of a turn (the Soldier in hand); an
    ability of a character in play is used at response speed as well (spoils.502.3)."""
    cards = {"e1": {"card": "Real Estate Auctioneer", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier", "Greed"]},
                                  icons={"alice": "RRRGG"}))
    answer = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()
    rules = {}
    for a in answer["actions"]:
        rules.setdefault(a["action"]["type"], set()).update(r["id"] for r in a["rules"])
    assert "spoils.603.2a" in rules["play_card"]
    assert {"spoils.606.1", "spoils.502.3"} <= rules["use_ability"]
