"""api.errors.because_doc (the trace in an append's answer, a check and a 422) is each entry's
``model_dump(mode="json")`` with its rule as ``{"id", "title"}``, whether dumped entry by entry or
in one call for the list: compared on the decisions of a real Buffy game and on overridden entries."""
from __future__ import annotations

from adjudicator import engine_for
from adjudicator.core import Decision, Overrider, TraceEntry
from api.errors import because_doc, rule_ref
from events.service.application import GameService
from tests.unit.test_snapshots import play_random_game


def entry_by_entry(decision: Decision) -> list[dict]:
    return [{**t.model_dump(mode="json"), "rule": rule_ref(t.rule)} for t in decision.because]


def test_the_trace_of_every_decision_of_a_real_game():
    svc = GameService("memory://", env={"ADJUDICATOR_SNAPSHOT_INTERVAL": "0"})
    gid = play_random_game(svc, 60, seed=4)
    engine = engine_for("buffy")
    compared = 0
    for at in range(2, svc.game(gid).version + 1):
        env = svc.stored_events(gid, after=at - 1, limit=1)[0]
        if env.action is None:
            continue
        decision = engine.decide(svc.state_at(gid, at - 1).state, env.action)
        assert because_doc(decision) == entry_by_entry(decision)
        assert [list(e) for e in because_doc(decision)] == [list(e) for e in entry_by_entry(decision)]  # key order
        compared += bool(decision.because)
    assert compared >= 20


def test_overridden_entries_and_an_empty_trace():
    ruling = Overrider(kind="ruling", name="Judge's call", effect="may act twice", ruling_id="r7")
    decision = Decision(events=[], because=[
        TraceEntry(rule="buffy.fight.tie", outcome="overridden", detail="é \u2028", overridden_by=ruling),
        TraceEntry(rule="no.such.rule", outcome="allowed"),
        TraceEntry(rule="buffy.pass-consecutively", outcome="applied",
                   overridden_by=Overrider(kind="card", name="Spike")),
    ])
    assert because_doc(decision) == entry_by_entry(decision)
    assert because_doc(decision)[0]["overridden_by"] == {"kind": "ruling", "name": "Judge's call",
                                                         "effect": "may act twice", "ruling_id": "r7"}
    assert because_doc(Decision(events=[])) == []
