"""``compute_hash`` hashes the very text ``canonical(chained_content())`` writes: written by hand in its
sorted key order (``_content_text``) for the usual field types, else by the encoder, on the envelopes of
real Buffy, Spoils and WoW Miniatures games and on odd ones (other schemes and time zones, text that is
not ASCII or not Unicode, subclasses)."""
from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta, timezone
from uuid import UUID

import pytest

from bench.build import pass_log
from events.service import envelope
from events.service.application import GameService
from events.service.envelope import HASH_SCHEME, StoredGameEvent, canonical
from tests.service.test_store_floor import GAMES, next_action


def old_hash(env: StoredGameEvent) -> str:
    return hashlib.sha256(canonical(env.chained_content())).hexdigest()


def outcome(make) -> str:
    try:
        return make()
    except (TypeError, ValueError) as exc:  # the same refusal, said the same way
        return repr(exc)


def fields_of(env: StoredGameEvent) -> dict:
    return {k: v for k, v in env.__dict__.items() if k not in ("hash", "hash_scheme")}


def real_envelopes() -> list[StoredGameEvent]:
    out = list(pass_log(30))
    for game in sorted(GAMES):
        svc = GameService("memory://")
        try:
            gid = svc.create_game(game, *GAMES[game]()).id
            for i in range(8):
                svc.append(gid, next_action(svc, gid, i), idempotency_key=f"k/{i}" if i % 3 == 0 else None)
            out += svc.stored_events(gid)
        finally:
            svc.close()
    return out


def variants(env: StoredGameEvent) -> list[StoredGameEvent]:
    """The envelope as other writers and readers hold it: an older scheme, a key without a digest, text
    that is not ASCII, other time zones, and values of subclasses (the slow paths)."""
    class Name(str):
        pass

    class Count(int):
        pass

    stamps = [datetime(2026, 11, 27, 16, 0), datetime(2026, 1, 2, 3, 4, 5, 60, tzinfo=timezone(timedelta(hours=-5))),
              datetime(1, 1, 1, tzinfo=UTC), datetime(2026, 5, 6, tzinfo=timezone(timedelta(hours=5, seconds=15.5)))]
    updates = [{"hash_scheme": 1}, {"idempotency_key": "k/1", "request_digest": None},
               {"idempotency_key": "k\u00e9/\"2\"", "request_digest": "d" * 64, "hash_scheme": 1},
               {"actor": "caf\u00e9\n\u2028\x7f", "data": {"z": 1, "a": ["\u00e9", {"y": None, "b": 2.5}]},
                "action": {"type": "pass", "why": "\U0001f600"}}, {"actor": "x\ud800"},
               {"violations": [{"rule": "x", "message": "\x00\t"}]}, {"actor": Name("p1")}, {"game": Name("buffy")},
               {"originator_version": Count(7)}, {"batch": True}, {"hash_scheme": True}, {"mode": Name("enforce")},
               {"data": {"when": datetime(2026, 1, 2), "pair": (1, "a"), "id": UUID(int=5)}}, {"action": "odd"},
               {"violations": ({"a": 1},)}, *({"timestamp": s} for s in stamps)]
    return [env.model_copy(update=u) for u in updates]


def test_the_hash_is_the_hash_of_the_canonical_content():
    envs = real_envelopes()
    games = {e.game for e in envs}
    assert games >= {"buffy", "spoils", "wowmini"}
    assert any(e.idempotency_key for e in envs)
    for env in envs:
        assert env.compute_hash() == old_hash(env) == env.hash
        for odd in variants(env):
            assert outcome(odd.compute_hash) == outcome(lambda odd=odd: old_hash(odd))
            text = envelope._content_text(odd.__dict__)
            assert text is None or text == envelope._canonical_json(odd.chained_content())


def test_the_usual_content_is_written_by_hand_and_others_by_the_encoder():
    env = pass_log(3)[1]
    assert envelope._content_text(env.__dict__) == envelope._canonical_json(env.chained_content())
    class Name(str):
        pass

    for update in ({"actor": Name("p1")}, {"game": Name("buffy")}, {"batch": True}, {"hash_scheme": True},
                   {"mode": Name("enforce")}, {"originator_id": "not a UUID"}):  # the encoder's way
        assert envelope._content_text(env.model_copy(update=update).__dict__) is None
    partial = StoredGameEvent.model_construct(game="buffy")
    assert envelope._content_text(partial.__dict__) is None
    with pytest.raises(AttributeError):
        partial.compute_hash()


def test_seal_new_is_validated_and_hashed_as_before():
    for env in real_envelopes():
        fields = fields_of(env)
        fields["violations"] = [{"rule": "x", "message": "caf\u00e9"}]
        made = StoredGameEvent.seal_new(**fields)
        validated = StoredGameEvent(**fields, hash_scheme=HASH_SCHEME)
        assert made.hash == old_hash(validated) and made.model_dump() == validated.model_dump() | {"hash": made.hash}
