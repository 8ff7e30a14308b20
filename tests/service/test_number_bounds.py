"""Issue 23, item 2 (every number that comes in): an integer in a request body is within the range
every JSON client reads exactly (RFC 7493, I-JSON: -(2**53 - 1) .. 2**53 - 1), so a game whose
setup starts a count at the edge can still count up inside the store's 64-bit integers; before, a
WoW Miniatures game set up at time 2**63 - 1 could never advance again (every append refused with
'data.time ... outside the 64-bit range').  Stored rows and import lines keep the 64-bit range."""
from __future__ import annotations

import pytest

from events.service.limits import BODY_INT_MAX, DocumentRejected, check_document, parse_document

WOW = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
TICK = {"type": "advance_time", "player": "p2", "ticks": 1}


def test_the_body_bound_is_i_json():
    assert BODY_INT_MAX == 2**53 - 1


@pytest.mark.parametrize("number", [2**53, -(2**53), 2**63 - 1, -(2**63)])
def test_a_setup_number_past_the_bound_is_422_naming_it(memory_client, number):
    r = memory_client.post("/games", json={**WOW, "setup": {"time": number}})
    assert r.status_code == 422 and r.mimetype == "application/problem+json", r.get_json()
    assert r.get_json()["errors"][0]["field"] == "setup.time"
    assert memory_client.get("/games").get_json()["games"] == []


def test_a_game_set_up_at_the_bound_still_counts_up(memory_client):
    r = memory_client.post("/games", json={**WOW, "setup": {"time": BODY_INT_MAX}})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    for _ in range(3):
        r = memory_client.post(f"/games/{gid}/actions", json=TICK)
        assert r.status_code == 201, r.get_json()
        TICK["player"] = "p1" if TICK["player"] == "p2" else "p2"
    assert memory_client.get(f"/games/{gid}/state").get_json()["time"] == BODY_INT_MAX + 3


def test_numbers_in_check_and_ruling_bodies_are_bounded_too(memory_client):
    gid = memory_client.post("/games", json=WOW).get_json()["id"]
    r = memory_client.post(f"/games/{gid}/check", json={"action": TICK, "at": 2**60})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "at"
    ruling = {"judge": "j", "rule": "wowmini.timeline", "effect": {}, "reason": "r", "from_position": 2**60}
    r = memory_client.post(f"/games/{gid}/rulings", json=ruling)
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "from_position"


def test_stored_rows_keep_the_64_bit_range():
    assert check_document({"time": 2**63 - 1}) == {"time": 2**63 - 1}
    with pytest.raises(DocumentRejected):
        parse_document(b'{"time": 9223372036854775807}')
    assert parse_document(b'{"time": 9223372036854775807}', int_max=2**63 - 1) == {"time": 2**63 - 1}
