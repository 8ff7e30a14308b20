"""Legal actions worked out once per position, and the reads they stand on made cheap, give the same
answers (issue 26).  The new path (``position_memo`` keeping what is read of a position: the legal
actions themselves, the cards with a trigger, the trigger documents of each script, a scratch copy
that reads the game's card pool instead of copying it) is compared with the old one
(``position_memo.unkept``: every question worked out from scratch, every copy whole) on a table of 40
real characters (80 with ``SPOILS_LARGE_TABLE=80``) played by a seeded random player (attacks, blocks, damage), on top of the several
hundred positions of real-deck games ``test_position_memo`` compares; and each shortcut is shown
to answer what the long way does."""
from __future__ import annotations

import os
from typing import Any
from uuid import UUID

import pytest

from adjudicator.kernel import copy_state
from adjudicator.spoils.engine import SpoilsEngine
from adjudicator.spoils.evolve.projection import apply_event
from adjudicator.spoils.rules import armed
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text import position_memo, trigger_read
from adjudicator.spoils.text import subjects
from tests.scenarios.spoils.random_games import answers, create, play
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

pytestmark = needs_data
LARGE = ((80, 81, 8),) if os.environ.get("SPOILS_LARGE_TABLE") == "80" else ((40, 81, 8),)
"""(cards on the table, seed, actions): 40 cards by default (the suite's time); ``SPOILS_LARGE_TABLE=80``
for the table ``bench.table_size`` measures at its largest (about 2.5 minutes)."""


def _state(client: Any, gid: str) -> Any:
    return client.application.extensions["games"].state_at(UUID(gid), None).state


def _both_ways(client: Any, gid: str) -> dict[str, Any]:
    kept = answers(client, gid)
    again = answers(client, gid)  # read from what the position kept
    with position_memo.unkept():
        derived = answers(client, gid)
    assert kept == derived, next(f"{k} differs" for k in kept if kept[k] != derived.get(k))
    assert again == kept
    return kept


@pytest.mark.slow
@pytest.mark.parametrize("cards,seed,length", LARGE, ids=[f"{c} cards, seed {s}" for c, s, _ in LARGE])
def test_a_large_table_answers_the_same_generated_or_enumerated(client, cards, seed, length):
    steps = list(play(client, cards, cards, seed, length, ask=_both_ways))
    assert len(steps) >= 4
    assert any(len(a["alice"].get("actions", [])) > 3 for _, a in steps)
    assert {"use_ability", "choose", "attack"} <= {action["type"] for action, _ in steps if action is not None}


def test_legal_actions_are_worked_out_once_per_position(client, monkeypatch):
    """The second question at a position decides nothing; each caller gets its own copy; an event
    applied to the position makes the next question work them out again."""
    gid = create(client, 20, 20)
    state = _state(client, gid)
    engine = SpoilsEngine()
    decided: list[str] = []
    real = SpoilsEngine.decide

    def counting(self: Any, at: Any, raw: dict[str, Any], **kw: Any) -> Any:
        decided.append(raw["type"])
        return real(self, at, raw, **kw)

    monkeypatch.setattr(SpoilsEngine, "decide", counting)
    first = engine.legal_actions(state, "alice")
    assert decided and {"end_turn", "attack"} <= {a.action["type"] for a in first}
    decided.clear()
    second = engine.legal_actions(state, "alice")
    assert decided == [] and second == first and second[0] is not first[0]
    first[0].action["player"] = "bob"
    first.clear()
    assert engine.legal_actions(state, "alice") == second
    with position_memo.unkept():
        assert engine.legal_actions(state, "alice") == second and decided
    work = copy_state(state)
    for event in real(engine, state, {"type": "end_turn", "player": "alice"}).events:
        apply_event(event, work)
    decided.clear()
    after = engine.legal_actions(work, "alice")
    assert decided and after != second
    with position_memo.unkept():
        assert engine.legal_actions(work, "alice") == after


def test_a_scratch_copy_reads_the_game_s_card_pool_and_copies_the_rest(client):
    state = _state(client, create(client, 20, 20))
    work = SpoilsContext(state).work
    assert work.card_pool is state.card_pool and work.card_pool
    assert work.cards is not state.cards and work.players is not state.players
    assert work.model_dump() == state.model_dump() and work.model_fields_set == state.model_fields_set
    work.cards.pop(next(iter(work.cards)))
    assert len(state.cards) == 20
    with position_memo.unkept():
        whole = SpoilsContext(state).work
    assert whole.card_pool is not state.card_pool and whole.card_pool == state.card_pool


def test_a_happening_looks_only_at_the_cards_with_a_trigger(client):
    """The cards left out of the index have no trigger to set off (none of their own, none granted,
    none of their script); those in it have one."""
    state = _state(client, create(client, 80, 80))
    able = armed.with_triggers(state)
    assert able and len(able) < len(state.cards)
    for cid, card in state.cards.items():
        with position_memo.unkept():
            has = bool(card.triggers or armed.scripted_triggers(state, cid, card))
        assert (cid in able) == has, card.name


def test_trigger_documents_are_read_once_per_script_and_the_same(client):
    state = _state(client, create(client, 80, 80))
    read = 0
    for card in state.cards.values():
        icons = lambda p=card.controller: subjects.provided_icons(state, p)  # noqa: E731
        kept = trigger_read.trigger_docs(card, icons)
        with position_memo.unkept():
            assert kept == trigger_read.trigger_docs(card, icons), card.name
        again = trigger_read.trigger_docs(card, icons)
        assert again == kept and (again is not kept or not kept)
        if kept:
            read += 1
            assert again[0] is kept[0]  # the same documents, worked out once
    assert read >= 5
