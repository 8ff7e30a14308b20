"""Issue 25: numbers a Buffy setup or action gives are bounded when they enter, so that no sum the
rules make later leaves the store's 64-bit integers (a talent of 2**63 - 1 plus a fight gain made every
later pass fail)."""
from __future__ import annotations

import pytest

from adjudicator.buffy.bounds import NUMBER_BOUND
from adjudicator.buffy.engine import BuffyEngine
from adjudicator.core import InvalidSetup
from tests.scenarios.buffy.table import Table, character, fight_at

HUGE = 2**53 - 1  # the largest integer the service reads exactly (it refuses 2**63 - 1 itself)
ANGEL = character("p1", "Angel", "x", talents={"butt_kicking": HUGE, "smarts": 1, "weirdness": 1, "charm": 1},
                  effects=[{"gain": {"butt_kicking": 1}, "when": "fighting"}])
XANDER = character("p2", "Xander", "x", talents={"butt_kicking": 2, "smarts": 1, "weirdness": 1, "charm": 1})
ACTION = {"name": "Slayer's Kick", "kind": "action", "icons": {"butt_kicking": 2}}


def create(client, setup):
    return client.post("/games", json={"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}],
                                       "first_player": "p1", "setup": setup})


def test_a_setup_with_a_talent_beyond_the_bound_is_refused_naming_the_field(memory_client):
    r = create(memory_client, fight_at("draw", ANGEL, XANDER))
    assert r.status_code == 422 and r.headers["Content-Type"].startswith("application/problem+json")
    body = r.get_json()
    assert "talents.butt_kicking" in body["detail"] and str(NUMBER_BOUND) in body["detail"]
    assert memory_client.get("/games").get_json()["games"] == []
    gain = {**ANGEL, "talents": {"butt_kicking": 3}, "effects": [{"gain": {"butt_kicking": HUGE}}]}
    assert create(memory_client, fight_at("draw", gain, XANDER)).status_code == 422


def test_the_largest_talent_allowed_plays_a_fight_to_its_end(memory_client):
    """At the bound, with a gain, the fight resolves and the passes after it are accepted."""
    angel = {**ANGEL, "talents": {**ANGEL["talents"], "butt_kicking": NUMBER_BOUND}}
    t = Table(memory_client, fight_at("draw", angel, XANDER))
    t.act({"type": "draw", "player": "p1", "count": 5})
    t.act({"type": "draw", "player": "p2", "count": 5})
    for _ in range(30):  # each player takes a listed action (not conceding) until the fight is over
        state = t.state()
        if state.get("phase") is None:
            break
        who = state["to_act"]
        listed = memory_client.get(f"/games/{t.id}/legal-actions", query_string={"player": who}).get_json()
        t.act(next(a["action"] for a in listed["actions"] if a["action"]["type"] != "concede"))
    assert t.state().get("phase") is None
    t.act({"type": "pass", "player": t.state()["to_act"]})


def test_an_action_with_a_number_beyond_the_bound_is_refused(memory_client):
    t = Table(memory_client, fight_at("draw", {**ANGEL, "talents": {"butt_kicking": 3}}, XANDER))
    t.act({"type": "draw", "player": "p1", "count": 5})
    t.act({"type": "draw", "player": "p2", "count": 5})
    before = t.state()["position"]
    r = memory_client.post(f"/games/{t.id}/actions", json={"type": "boost", "player": "p1", "talent": "butt_kicking",
                                                           "card": {**ACTION, "icons": {"butt_kicking": HUGE}}})
    assert r.status_code == 422 and "card.icons.butt_kicking" in r.get_json()["detail"]
    assert t.state()["position"] == before


def test_the_engine_refuses_a_talent_of_2_63_minus_1_at_setup():
    """Whatever reaches the engine (an import, a test table): the setup is refused as it enters."""
    angel = {**ANGEL, "talents": {**ANGEL["talents"], "butt_kicking": 2**63 - 1}}
    with pytest.raises(InvalidSetup) as refused:
        BuffyEngine().create([{"id": "p1"}, {"id": "p2"}], "p1", fight_at("draw", angel, XANDER))
    assert [e["field"] for e in refused.value.errors] == ["setup.characters.a.talents.butt_kicking"]
