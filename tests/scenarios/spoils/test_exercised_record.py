"""Issue 24: the cards counted as exercised are those the scenario tests and pool rehearsals that passed saw
act through the API (``tests/scenarios/spoils_exercised.py``, kept by ``tests/scenarios/conftest.py``), read by
the coverage report from ``rulings/data/spoils_exercised.yaml``, not names searched in the tests' source."""
from __future__ import annotations

from rulings.engine_coverage import exercised
from tests.scenarios import spoils_exercised as X
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def test_an_accepted_action_records_the_cards_it_shows_acting_and_a_refused_one_nothing(client):
    """Anathematize played and resolved (spoils.604.1, its effect's source in the events): recorded; a play
    refused for its threshold (spoils.405.2) records nothing."""
    t = new_game(client, position(hands={"alice": ["Anathematize", "Orgy Den Smoke Out"], "bob": ["Rage"]},
                                  cards={"a1": {"card": "Brash Basher", "controller": "alice"}}, icons={"alice": "OOOO"}))
    X.SEEN.clear()
    t.refuse(play_card("Orgy Den Smoke Out"))
    assert X.SEEN == set()
    t.resolve("alice", "bob", play_card("Anathematize", "a1"))
    assert X.SEEN == {"Anathematize"}


def test_the_names_an_answer_shows_acting():
    """The card played, an effect's source, a trigger's card, a card overriding a rule; not a card that only
    underwent something (destroyed, picked)."""
    answer = {"events": [{"type": "CardPlayed", "data": {"name": "Played Card"}},
                         {"type": "CardModified", "data": {"card_id": "b1", "source": "Its Source"}},
                         {"type": "CardDestroyed", "data": {"card_id": "b2", "name": "Bystander"}},
                         {"type": "TriggersPending", "data": {"triggers": [{"id": "t1", "name": "Triggered"}]}}],
              "because": [{"rule": "spoils.608.1b", "overridden_by": {"kind": "card", "name": "A Static"}},
                          {"rule": "spoils.101.1", "overridden_by": {"kind": "ruling", "name": "r1"}}]}
    assert X.shown_acting({"type": "use_ability", "card": "x1"}, answer) == {
        "x1", "Played Card", "Its Source", "Triggered", "A Static"}


def test_the_coverage_counts_the_record_and_not_a_list_written_by_hand(spoils_cards):
    """Every recorded card is a card of the pool and counted as exercised; the hand-written scenario list is no
    longer read (a name only there is not exercised)."""
    names = X.recorded()
    known = {n.casefold() for n in spoils_cards.names("spoils")}
    assert len(names) >= 300 and all(n.casefold() in known for n in names)
    assert {n.casefold() for n in names} <= exercised("spoils")


def test_a_card_whose_text_forbids_an_action_is_seen_acting_in_the_refusal():
    """Narrow Passage: "Players can attack only once each turn." A second attack refused under the golden rule
    (spoils.101.1) names the card: it acted."""
    refusal = {"violations": [{"rule": {"id": "spoils.101.1", "title": "Golden rule"},
                               "message": 'Narrow Passage says "players can attack only once each turn": ...'},
                              {"rule": {"id": "spoils.310.1"}, "message": "Brash Basher says nothing here"}]}
    assert X.overriders(refusal) == {"Narrow Passage"}
