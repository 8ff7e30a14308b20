"""Spatchcocking and Ambiguity Embiggener played by name through the API, as compositions of general parts:
each player's choice of a card of each type (checked as it is made: theirs, one of each type; spoils.402.1), each
opponent revealing their hand (spoils.403.2a) and discarding the remaining cards (spoils.305.1), a number chosen
by the player whose turn starts (a whole number, spoils.410.2, 410.2a), a number of cards put from each hand
(their entire hand when it is smaller, spoils.402.5) and as many taken back, each player's own count."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_with as _ability_extra
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data

IN_PLAY = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
           "a2": {"card": "Plodding Brute", "controller": "alice"},
           "s1": {"card": "The Stone of Triumph", "controller": "alice"},
           "b1": {"card": "Stalwart Soldier", "controller": "bob"},
           "b2": {"card": "Plodding Brute", "controller": "bob"}}


def _spatchcocking():
    return position(cards=IN_PLAY, hands={"alice": ["Spatchcocking"]}, icons={"alice": "OOOO"})


def test_spatchcocking_refuses_two_characters_kept_as_the_play_is_made(client):
    """"Each player choose a card of each non-resource type they control." (spoils.402.1): alice naming both her
    characters is refused when she plays the card, and so is naming bob's character as hers; nothing is appended."""
    t = new_game(client, _spatchcocking())
    before = t.state()["position"]
    assert "spoils.402.1" in _rules(t.refuse(_play("Spatchcocking", keep=["a1", "a2"])))
    assert "spoils.402.1" in _rules(t.refuse(_play("Spatchcocking", keep=["b2"])))
    assert t.state()["position"] == before
    t.act(_play("Spatchcocking", keep=["a1"]))
    t.act({"type": "pass", "player": "bob", "choices": {"keep": ["b2"]}})
    state = t.state()
    assert sorted(state["cards"]) == ["a1", "b2", "s1"]
    assert state["players"]["alice"]["hand_cards"] == ["Plodding Brute"]
    assert state["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"]
    assert t.audit_valid()


def test_spatchcocking_refuses_bobs_pass_keeping_two_characters(client):
    """Bob's own choice, made with the pass that lets the card resolve, is checked then (spoils.402.1): two
    characters of his refused; one kept, his other character goes back to his hand (spoils.402.2: both players
    choose, the active player first)."""
    t = new_game(client, _spatchcocking())
    t.act(_play("Spatchcocking", keep=["a2"]))
    assert "spoils.402.1" in _rules(t.refuse({"type": "pass", "player": "bob", "choices": {"keep": ["b1", "b2"]}}))
    t.act({"type": "pass", "player": "bob", "choices": {"keep": ["b2"]}})
    assert sorted(t.state()["cards"]) == ["a2", "b2", "s1"]
    assert t.audit_valid()


def test_spatchcocking_recur_reveals_bobs_hand_and_checks_his_choice(client):
    """RECUR: "Each opponent reveals their hand, chooses a card of each non-resource type in it, and discards the
    remaining non-resource cards." Bob's hand is revealed to both players (spoils.403.2a); keeping two characters
    is refused (spoils.402.1); keeping the Soldier, he discards the Brute (spoils.305.1) and keeps his tactic and
    his resource card."""
    setup = position(icons={"alice": "OOOO"}, hands={"bob": ["Stalwart Soldier", "Plodding Brute", "Pinch", "Rage"]})
    setup["players"]["alice"]["discard"] = ["Spatchcocking"]
    u = new_game(client, setup)
    u.act(_ability_extra("Spatchcocking", "RECUR"))
    assert "spoils.402.1" in _rules(u.refuse({"type": "pass", "player": "bob", "choices": {
        "keep": ["Stalwart Soldier", "Plodding Brute"]}}))
    u.act({"type": "pass", "player": "bob", "choices": {"keep": ["Stalwart Soldier"]}})
    revealed = [e["data"] for e in u.events() if e["type"] == "CardsRevealed"]
    assert revealed and revealed[0]["player"] == "bob" and revealed[0]["seen_by"] == "both"
    bob = u.state()["players"]["bob"]
    assert sorted(bob["hand_cards"]) == ["Pinch", "Rage", "Stalwart Soldier"] and bob["discard"] == ["Plodding Brute"]
    assert u.audit_valid()


def _embiggener(hands: dict[str, list[str]]):
    return position(cards={"e1": {"card": "Ambiguity Embiggener", "controller": "alice"}}, active="bob", hands=hands,
                    decks={"alice": ["Stalwart Soldier", "Plodding Brute", "Rage"], "bob": ["Rage", "Rage"]})


def test_ambiguity_embiggener_x_is_a_whole_number_chosen_by_the_player_whose_turn_starts(client):
    """"That player chooses a number for X." (spoils.410.2, 410.2a): as alice's turn starts, -1, 1.5 or nothing at
    all for X is refused when she passes; 0 is a whole number and moves nothing."""
    t = new_game(client, _embiggener({"alice": ["Gnat"], "bob": ["Gnat"]}))
    t.act({"type": "end_turn", "player": "bob"})
    for bad in ({"x": -1}, {"x": 1.5}, {"x": True}, {}):
        assert "spoils.410.2" in _rules(t.refuse({"type": "pass", "player": "alice", "choices": bad}))
    t.act({"type": "pass", "player": "alice", "choices": {"x": 0}})
    assert t.state()["players"]["alice"]["hand_cards"] == ["Gnat"] and t.audit_valid()


def test_ambiguity_embiggener_puts_the_entire_hand_when_it_is_smaller_and_each_takes_back_their_own_count(client):
    """"Both players put X cards from their hand on the bottom of their deck in any order, or their entire hand if
    they have less than X cards in it. Both players put the top Y cards of their deck into their hand, where Y is
    the number of cards that player put on the bottom of their deck." (spoils.402.5, spoils.403.1): with X = 3 alice
    puts her 2 cards back and takes 2, bob his 1 and takes 1; naming 1 card of alice's 2 is refused."""
    t = new_game(client, _embiggener({"alice": ["Gnat", "Cowslaw"], "bob": ["Gnat"]}))
    t.act({"type": "end_turn", "player": "bob"})
    said = {"x": 3, "bottom": ["Gnat", "Cowslaw"], "drawn": ["Stalwart Soldier", "Plodding Brute"],
            "their": {"bottom": ["Gnat"], "drawn": ["Rage"]}}
    assert _rules(t.refuse({"type": "pass", "player": "alice", "choices": {**said, "bottom": ["Gnat"]}}))
    t.act({"type": "pass", "player": "alice", "choices": said})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert sorted(alice["hand_cards"]) == ["Plodding Brute", "Stalwart Soldier"]
    assert sorted(alice["deck_cards"]) == ["Cowslaw", "Gnat", "Rage"]
    assert bob["hand_cards"] == ["Rage"] and sorted(bob["deck_cards"]) == ["Gnat", "Rage"]
    assert t.audit_valid()
