"""StoredGameEvent.seal_new builds the envelope ``StoredGameEvent(..., hash_scheme=2).sealed()`` builds:
the same fields, the same fields set, the same hash, on the envelopes of a real Buffy game."""
from __future__ import annotations

from datetime import datetime, timezone
from uuid import uuid4

from bench.build import pass_log
from events.service.envelope import HASH_SCHEME, StoredGameEvent


def fields_of(env: StoredGameEvent) -> dict:
    return {k: v for k, v in env.__dict__.items() if k not in ("hash", "hash_scheme")}


def test_seal_new_is_sealed_without_the_copy():
    log = pass_log(12)
    extra = {**fields_of(log[3]), "idempotency_key": "k/1", "request_digest": "d" * 64,
             "timestamp": datetime(2026, 11, 27, 16, 0, tzinfo=timezone.utc), "originator_id": uuid4()}
    for fields in [fields_of(e) for e in log] + [extra]:
        made = StoredGameEvent.seal_new(**fields)
        sealed = StoredGameEvent(**fields, hash_scheme=HASH_SCHEME).sealed()
        assert made == sealed
        assert list(made.__dict__.items()) == list(sealed.__dict__.items())
        assert made.model_fields_set == sealed.model_fields_set
        assert made.hash == made.compute_hash() and made.hash_scheme == HASH_SCHEME
        assert made.model_dump_json() == sealed.model_dump_json()
