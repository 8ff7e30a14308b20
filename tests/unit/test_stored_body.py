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
