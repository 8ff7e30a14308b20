"""A scratch copy shares the cards in play with the position it was copied from and copies a card only
when an event changes it (issue 26, ``adjudicator.spoils.model.shared_cards``); what was read of the
text of the table is kept across the events that leave that text as it was."""
from __future__ import annotations

import pickle

from adjudicator.spoils.evolve.projection import apply_event
from adjudicator.spoils.model.shared_cards import CARD, SharedCards, shared_with, writing
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.rules.context import scratch_copy
from adjudicator.spoils.text import position_memo
from events.models import spoils as E


def _state() -> SpoilsState:
    card = {"name": "Grunt", "type": "character", "cost": 1, "strength": 2, "life": 3, "speed": 2}
    return SpoilsState.model_validate({
        "seating": ["alice", "bob"], "active_player": "alice", "turn": 2,
        "players": {p: {"faction": {"name": f"{p}'s faction", "influence": 25}} for p in ("alice", "bob")},
        "cards": {"g1": {**card, "owner": "alice", "controller": "alice"},
                  "g2": {**card, "owner": "bob", "controller": "bob"}}})


def test_an_event_on_the_copy_leaves_the_position_and_the_untouched_cards_shared():
    state = _state()
    work = scratch_copy(state)
    assert isinstance(work.cards, SharedCards)
    assert work.cards["g1"] is state.cards["g1"] and work.cards["g2"] is state.cards["g2"]
    apply_event(E.DamageDealt(target="g1", amount=2, sources=["Zap"], rule="spoils.408.1"), work)
    assert (work.cards["g1"].damage, state.cards["g1"].damage) == (2, 0)
    assert work.cards["g1"] is not state.cards["g1"]  # copied as the event reached it
    assert work.cards["g2"] is state.cards["g2"]      # never reached: still the position's own


def test_a_copy_of_a_copy_shares_until_either_changes_and_a_pickle_owns_its_cards():
    state = _state()
    work = scratch_copy(state)
    apply_event(E.DamageDealt(target="g1", amount=1, sources=["Zap"], rule="spoils.408.1"), work)
    child = scratch_copy(work)
    apply_event(E.DamageDealt(target="g1", amount=1, sources=["Zap"], rule="spoils.408.1"), work)
    assert (state.cards["g1"].damage, child.cards["g1"].damage, work.cards["g1"].damage) == (0, 1, 2)
    whole = pickle.loads(pickle.dumps(work))
    assert type(whole.cards) is dict and whole.cards["g1"] is not work.cards["g1"]
    assert whole.model_dump() == work.model_dump()


def test_reads_return_the_shared_card_and_only_writing_copies():
    cards = _state().cards
    shared = shared_with(cards)
    assert shared["g1"] is cards["g1"] and shared.get("g1") is cards["g1"]
    assert [c for c in shared.values()] == [cards["g1"], cards["g2"]]
    with writing(shared):
        shared["g1"].tokens = 2
    assert (cards["g1"].tokens, shared["g1"].tokens) == (0, 2)
    assert shared["g2"] is cards["g2"]


def test_the_text_memo_outlives_damage_but_not_a_change_of_controller():
    state = _state()
    work = scratch_copy(state)
    position_memo.share(state, work)
    memo = position_memo.text_memo(work)
    memo["seen"] = True
    memo[(CARD, "g2", "x")] = "g2's own"
    apply_event(E.DamageDealt(target="g1", amount=1, sources=["Zap"], rule="spoils.408.1"), work)
    assert position_memo.text_memo(work).get("seen") is True  # damage is not text
    apply_event(E.ControlChanged(card_id="g1", from_player="alice", to_player="bob"), work)
    after = position_memo.text_memo(work)
    assert "seen" not in after                             # what the table says changed
    assert after.get((CARD, "g2", "x")) == "g2's own"       # another card's own text did not
