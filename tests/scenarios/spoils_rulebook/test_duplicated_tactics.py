"""Copies of tactics in The Spoils read against rules 307.2 and 307.3: a copy may take another option
of a card whose rules text is chosen, and a copy made while the tactic cannot be played fails, with
real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def test_a_copy_may_choose_another_option_than_the_card(client):
    """spoils.307.2: when the copied tactic offers several options, the copy may use a different one.
    Alice plays Essence of Elitism choosing its third option (an item from her discard pile back to
    hand: Kettinger), then Voidal Replication copies it with the first option: a Micromajig token
    enters play under her control."""
    setup = position(hands={"alice": ["Essence of Elitism", "Voidal Replication"]}, icons={"alice": "EEOOOO"})
    setup["players"]["alice"]["discard"] = ["Kettinger"]
    t = new_game(client, setup)
    t.resolve("alice", "bob", play_card("Essence of Elitism", "Kettinger", option=3))
    assert "Kettinger" in t.state()["players"]["alice"]["hand_cards"]
    t.resolve("alice", "bob", play_card("Voidal Replication", duplicate={"choices": {"option": 1}}))
    assert {"spoils.307.1", "spoils.307.2"} <= cited(t.last) and "CardEnteredPlay" in types(t.last)
    tokens = [c for c in t.state()["cards"].values() if c["name"] == "Micromajig Token"]
    assert [c["controller"] for c in tokens] == ["alice"], "spoils.307.2"


def test_a_copy_of_a_tactic_that_cannot_be_played_fails(client):
    """spoils.307.3: a copy made while an effect stops its player from playing that tactic fails and
    ends.  Alice plays Rate Hike (2 influence), then her Incriminating Photograph names Rate Hike, which
    can no longer be played; her Ectypal Stave's COUNTERFEIT copies the last tactic of the turn, and
    the copy gives her nothing."""
    cards = {"e1": {"card": "Ectypal Stave", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Rate Hike", "Incriminating Photograph"]},
                                  icons={"alice": "GGGDDDOOOOO"}))
    t.resolve("alice", "bob", play_card("Rate Hike"))
    t.resolve("alice", "bob", play_card("Incriminating Photograph", named="Rate Hike"))
    assert t.influence("alice") == 27
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "e1", "ability": "COUNTERFEIT"})
    assert "spoils.307.3" in cited(t.last) and "spoils.307.1" not in cited(t.last)
    assert t.influence("alice") == 27, "spoils.307.3"
