"""Continuous effects read once per position give the same answers (issue 26): games from the shared
real decks and tables of 10 to 40 real characters entered directly, played by a seeded random
player through the API; at every position (several hundred) the state document and both players'
legal actions are asked twice, with what is read of a position kept (``text.position_memo``) and
re-derived for every question as before (``position_memo.unkept``), and must be equal."""
from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from adjudicator.kernel import copy_state
from adjudicator.spoils.engine import SpoilsEngine
from adjudicator.spoils.evolve.projection import apply_event
from adjudicator.spoils.text import continuous, position_memo
from tests.scenarios.spoils.random_games import GAMES, TABLES, answers, create, play
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

pytestmark = needs_data
CASES = [(a, b, seed, n) for a, b, seed, n in GAMES] + [(n, n, seed, length) for n, seed, length in TABLES]


def _first_difference(got: Any, want: Any, where: str = "") -> str:
    """Where two documents first differ (a path into them), for a readable failure."""
    if isinstance(got, dict) and isinstance(want, dict):
        for key in sorted(set(got) | set(want), key=str):
            if got.get(key) != want.get(key):
                return _first_difference(got.get(key), want.get(key), f"{where}.{key}")
    if isinstance(got, list) and isinstance(want, list):
        for i, (g, w) in enumerate(zip(got, want)):
            if g != w:
                return _first_difference(g, w, f"{where}[{i}]")
        if len(got) != len(want):
            return f"{where}: {len(got)} items != {len(want)}; extra {got[len(want):]} missing {want[len(got):]}"
    return f"{where}: {str(got)[:400]} != {str(want)[:400]}"


def _both_ways(client: Any, gid: str) -> dict[str, Any]:
    kept = answers(client, gid)
    with position_memo.unkept():
        derived = answers(client, gid)
    assert kept == derived, _first_difference(kept, derived)
    return kept


@pytest.mark.slow
@pytest.mark.parametrize("alice,bob,seed,length", CASES, ids=[f"{c[0]} v {c[1]}" for c in CASES])
def test_every_position_answers_the_same_kept_or_re_derived(client, alice, bob, seed, length):
    steps = list(play(client, alice, bob, seed, length, ask=_both_ways))
    assert len(steps) >= 5
    assert any(len(answers["state"]["cards"]) >= min(alice, 10) for _, answers in steps) if isinstance(alice, int) \
        else any(a is not None and a["type"] == "play_card" for a, _ in steps)


def test_a_position_is_read_once_and_forgotten_as_an_event_applies(client):
    """The continuous effects of a position are derived once (the same list for every question),
    a scratch copy has its own, and applying an event to it derives them again."""
    gid = create(client, 20, 20)
    state = client.application.extensions["games"].state_at(UUID(gid), None).state
    first = continuous.sources(state)
    assert first and continuous.sources(state) is first
    with position_memo.unkept():
        assert continuous.sources(state) is not first and continuous.sources(state) == first
    work = copy_state(state)
    before = continuous.sources(work)
    assert before is not first and continuous.sources(work) is before
    events = SpoilsEngine().decide(state, {"type": "end_turn", "player": "alice"}).events
    assert events
    apply_event(events[0], work)
    assert continuous.sources(work) is not before
