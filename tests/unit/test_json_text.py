"""events.service.json_text writes the very text json.JSONEncoder(...).encode writes, for the options
the service uses (hash content, stored rows, log lines), on real envelopes and on random documents."""
from __future__ import annotations

import datetime
import decimal
import json
import math
import random
import struct
import uuid
from typing import Any

import pytest

from events.service.json_text import json_writer

OPTIONS = [
    {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False, "default": str},  # hash content
    {"sort_keys": True, "separators": (",", ":")},  # stored rows
    {"separators": (",", ":"), "default": str},  # log lines
    {"separators": (", ", ": "), "ensure_ascii": False},
]


def text(rng: random.Random) -> str:
    pools = [range(0x20, 0x7F), range(0, 0x20), range(0x7F, 0x800), range(0xD800, 0xE000), range(0x1F600, 0x1F650),
             range(0xFFF0, 0x10000), range(0x10FFF0, 0x110000)]
    return "".join(chr(rng.choice(rng.choice(pools))) for _ in range(rng.randint(0, 12)))


def number(rng: random.Random) -> Any:
    pick = rng.randrange(6)
    if pick == 0:
        return rng.randint(-(2**70), 2**70)
    if pick == 1:
        return struct.unpack("d", struct.pack("Q", rng.getrandbits(64)))[0]  # nan and inf included
    if pick == 2:
        return rng.choice([0.0, -0.0, 1e-7, 1e16, 5e-324, math.inf, -math.inf, math.nan, 0.1])
    if pick == 3:
        return rng.choice([True, False, None])
    if pick == 4:
        return rng.choice([uuid.UUID(int=rng.getrandbits(128)), decimal.Decimal("1.10"),
                           datetime.datetime(2026, 11, 27, 9, 0, tzinfo=datetime.timezone.utc)])
    return rng.randint(-5, 5)


def document(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(5 if depth < 5 else 2)
    if pick == 0:
        return text(rng)
    if pick == 1:
        return number(rng)
    if pick == 2:
        return [document(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if pick == 3:
        return tuple(document(rng, depth + 1) for _ in range(rng.randint(0, 3)))
    return {text(rng): document(rng, depth + 1) for _ in range(rng.randint(0, 5))}


def outcome(encode, value: Any) -> tuple[str, Any]:
    try:
        return "text", encode(value)
    except Exception as exc:  # noqa: BLE001 - the same refusal is what is compared
        return "error", type(exc)


@pytest.mark.parametrize("options", OPTIONS, ids=["canonical", "stored", "log line", "spaced"])
def test_random_documents_are_written_alike(options: dict[str, Any]):
    rng = random.Random(26)
    ours, theirs = json_writer(**options), json.JSONEncoder(**options).encode
    kinds = set()
    for _ in range(4000):
        doc = document(rng)
        got, want = outcome(ours, doc), outcome(theirs, doc)
        assert got == want, doc
        assert outcome(lambda d: "".join(ours.chunks(d, 0)), doc) == got, doc  # the writer's C encoder itself
        kinds.add(got[0])
    assert "text" in kinds
    assert ("error" in kinds) == ("default" not in options)  # a UUID, Decimal or datetime without default


@pytest.mark.parametrize("options", OPTIONS, ids=["canonical", "stored", "log line", "spaced"])
def test_keys_of_other_types_and_top_level_strings(options: dict[str, Any]):
    ours, theirs = json_writer(**options), json.JSONEncoder(**options).encode
    for doc in ("plain", "é\u2028\U0001f600", {1: "a", 2.5: "b", True: "c", None: "d"}, {"b": 1, "a": {"d": 2, "c": 3}},
                {1: "x", "a": "y"}, [{"z": [], "y": {}}], {(1, 2): "tuple key"}):
        assert outcome(ours, doc) == outcome(theirs, doc) == outcome(lambda d: "".join(ours.chunks(d, 0)), doc), doc


def test_stored_rows_and_hashes_of_a_real_game_are_unchanged():
    from events.service.application import GameService
    from events.service.envelope import canonical
    from events.service.store import _stored_json

    svc = GameService("memory://")
    gid = svc.create_game("wowmini", [{"id": "p1"}, {"id": "p2"}]).id
    for _ in range(5):
        svc.append(gid, {"type": "advance_time", "player": "p1", "ticks": 1})
    for env in svc.all_events(gid):
        body = env.model_dump(mode="json", exclude={"originator_id", "originator_version"})
        assert _stored_json(body) == json.dumps(body, sort_keys=True, separators=(",", ":"))
        content = env.chained_content()
        assert canonical(content) == json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                                                default=str).encode()
        assert env.compute_hash() == env.hash
