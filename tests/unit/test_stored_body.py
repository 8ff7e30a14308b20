"""events.service.store.stored_body is the stored row ``model_dump(mode="json")`` made, checked against the
limits: on the rows of a real Buffy game (made from the fields themselves), and on envelopes whose data
JSON mode would change or the limits refuse (made by model_dump, refused with the same message)."""
from __future__ import annotations

import datetime
import math

import pytest

from bench.build import pass_log
from events.service import store
from events.service.envelope import StoredGameEvent
from events.service.limits import STORED_MAX_DEPTH, DocumentRejected, check_document

EXCLUDED = {"originator_id", "originator_version"}


def dumped(env: StoredGameEvent) -> dict:
    """What the mapper stored before (``model_dump`` then ``check_document``)."""
    return check_document(env.model_dump(mode="json", exclude=EXCLUDED), STORED_MAX_DEPTH)


def refusal(make, env: StoredGameEvent) -> str | None:
    try:
        make(env)
    except DocumentRejected as exc:
        return str(exc)
    return None


def test_the_rows_of_a_real_game_are_made_from_their_fields(monkeypatch):
    log = pass_log(40)
    with_key = log[5].model_copy(update={"idempotency_key": "k/1", "request_digest": "d" * 64,
                                         "violations": [{"rule": "buffy.x", "message": "caf\u00e9"}]})
    calls: list[int] = []
    real = StoredGameEvent.model_dump
    monkeypatch.setattr(StoredGameEvent, "model_dump", lambda self, **kw: calls.append(1) or real(self, **kw))
    for env in [*log, with_key]:
        made = store.stored_body(env)
        before = len(calls)
        reference = dumped(env)
        assert made == reference and store._stored_json(made) == store._stored_json(reference)
        assert len(calls) == before + 1
    assert len(calls) == len(log) + 1  # only the reference dumps: stored_body made none


@pytest.mark.parametrize("data", [
    {"when": datetime.datetime(2026, 1, 2, tzinfo=datetime.timezone.utc)}, {"pair": (1, "a")}, {"set": {3}},
    {"inf": math.inf}, {"nan": [math.nan]}, {"big": 2**64}, {"deep": [[[[1]]]] * 2}, {"bad": "x\ud800"},
    {1: "an integer key"}, {"nested": {"ok": [1, 2.5, None, True, "s"]}},
])
def test_other_rows_are_what_model_dump_makes_or_the_same_refusal(data):
    env = pass_log(3)[1].model_copy(update={"data": data})
    assert refusal(store.stored_body, env) == refusal(dumped, env)
    if refusal(dumped, env) is None:
        assert store._stored_json(store.stored_body(env)) == store._stored_json(dumped(env))


def stored_before(env: StoredGameEvent) -> str:
    """The row's text as the mapper wrote it before ``stored_text`` (or the same refusal)."""
    try:
        return store._stored_json(store.stored_body(env))
    except DocumentRejected as exc:
        return repr(exc)


def stored_now(env: StoredGameEvent) -> str:
    try:
        return store.stored_text(env)
    except DocumentRejected as exc:
        return repr(exc)


def test_the_row_text_is_the_text_of_the_dumped_row():
    """On real Buffy, Spoils and WoW Miniatures envelopes and odd ones: the same text or the same refusal."""
    from tests.unit.test_envelope_fast_paths import real_envelopes, variants

    envs = real_envelopes()
    for env in envs:
        assert store.stored_text(env) == stored_before(env)
        odd = [*variants(env), env.model_copy(update={"batch": 2**63}), env.model_copy(update={"data": None}),
               env.model_copy(update={"hash": "h\ud800"}), env.model_copy(update={"data": {"deep": [[[[1]]]]}}),
               env.model_copy(update={"violations": None}), env.model_copy(update={"schema_version": -(2**63)})]
        for other in odd:
            assert stored_now(other) == stored_before(other)
    mapper = store.EnvelopeMapper(transcoder=None)
    assert [mapper.to_stored_event(e).state for e in envs] == [store._stored_json(dumped(e)).encode() for e in envs]


@pytest.mark.parametrize("data", [{"d": [[[[[1]]]]]}, {"d": [[[[1]]]]}, {"big": 2**63}, {"key\ud800": 1}])
def test_the_row_text_meets_the_depth_and_ranges_where_the_row_did(monkeypatch, data):
    monkeypatch.setattr(store, "STORED_MAX_DEPTH", 5)  # the row (1), data (2), then lists
    monkeypatch.setattr(store, "check_document", lambda doc, depth: check_document(doc, 5))
    env = pass_log(3)[1].model_copy(update={"data": data})
    reference = refusal(lambda e: store._stored_json(check_document(
        e.model_dump(mode="json", exclude=EXCLUDED), 5)), env)
    assert refusal(store.stored_text, env) == reference
