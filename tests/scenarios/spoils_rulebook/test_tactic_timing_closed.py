"""Tactician Vacation's "this turn, tactics cannot be played" (spoils.faq.tactician-vacation) in The
Spoils, through the API: it closes the tactic timing to every card played at it, a card that may be
played "whenever you could play a tactic" (Tactical, spoils.507.6a) included."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _after_tactician_vacation(client, alice_hand: list[str]):
    cards = {"i1": {"card": "Inadequate Wand", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards,
                                  hands={"bob": ["Blow Up", "Surplus Soldier", "Guttersnipe"],
                                         "alice": ["Tactician Vacation", *alice_hand]},
                                  icons={"bob": "RRRRRRDD", "alice": "RRRRDDDD"}))
    t.act(play_card("Blow Up", "i1", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Tactician Vacation"})
    t.act({"type": "pass", "player": "bob"})
    return t


def test_a_tactical_character_cannot_answer_once_tactics_cannot_be_played(client):
    """spoils.faq.tactician-vacation with spoils.507.6a: after alice's Tactician Vacation resolves, bob
    plays a Surplus Soldier; alice's Guttersnipe may be played "whenever you could play a tactic", but
    tactics cannot be played this turn, so it cannot answer: refused, and it stays in her hand."""
    t = _after_tactician_vacation(client, ["Guttersnipe"])
    t.act(play_card("Surplus Soldier", player="bob"))
    refused = t.refuse({"type": "respond", "player": "alice", "card": "Guttersnipe"})
    assert rule_ids(refused) == ["spoils.604.1a"], "spoils.faq.tactician-vacation"
    assert t.state()["players"]["alice"]["hand_cards"] == ["Guttersnipe"]


def test_the_same_tactical_character_answers_when_no_vacation_was_taken(client):
    """spoils.507.6a: without Tactician Vacation, Guttersnipe answers bob's Surplus Soldier as a tactic
    would, and enters play under alice's control."""
    t = new_game(client, position(active="bob", hands={"bob": ["Surplus Soldier"], "alice": ["Guttersnipe"]},
                                  icons={"bob": "RR", "alice": "DD"}))
    t.act(play_card("Surplus Soldier", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Guttersnipe"})
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Guttersnipe", "alice"), "spoils.507.6a"


def test_a_tactical_character_is_still_played_at_its_own_timing(client):
    """spoils.faq.tactician-vacation: only the tactic timing is closed; bob, whose turn it is, plays his
    Guttersnipe in his main phase with nothing waiting, as any character, and it enters play."""
    t = _after_tactician_vacation(client, [])
    t.resolve("bob", "alice", play_card("Guttersnipe", player="bob"))
    assert t.named("Guttersnipe", "bob"), "spoils.faq.tactician-vacation"
