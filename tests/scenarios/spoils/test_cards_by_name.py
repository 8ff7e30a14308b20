"""Issue 25, item 4 (API): attackers, blockers and picked cards given by name where ids are asked
(spoils.engine.card-by-name): a name stands for the one card of that name in play under the right
player; a name that fits several is a 422 listing their ids, nothing appended."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card, position)

pytestmark = needs_data

RULE = "spoils.engine.card-by-name"


def highwaymen(client, mine: int = 1, theirs: int = 1):
    cards = {f"a{i}": {"card": "Agile Highwayman", "controller": "alice"} for i in range(1, mine + 1)}
    cards |= {f"b{i}": {"card": "Agile Highwayman", "controller": "bob"} for i in range(1, theirs + 1)}
    cards["s1"] = {"card": "Dock Sentinel", "controller": "bob"}
    return new_game(client, position(cards=cards, hands={"alice": ["Devastating Mockery"]}, icons={"alice": "EEE"}))


def test_attack_and_block_by_name(client):
    """Alice's one Agile Highwayman attacks by name (bob's Highwayman of the same name is not hers);
    bob blocks with his Dock Sentinel by name; the trace says which id each name stood for."""
    t = highwaymen(client)
    t.act({"type": "attack", "player": "alice", "attackers": ["Agile Highwayman"]})
    declared = next(e for e in t.events() if e["type"] == "AttackDeclared")["data"]
    assert declared["attackers"] == ["a1"]
    assert RULE in [b["rule"]["id"] for b in t.last["because"]]
    for _ in range(10):
        s = t.state()
        if "block" in t.legal(s["to_act"]):
            break
        t.act({"type": "pass", "player": s["to_act"]})
    t.act({"type": "block", "player": "bob", "blockers": ["dock sentinel"]})
    assert next(e for e in t.events() if e["type"] == "BlockersDeclared")["data"]["blockers"] == ["s1"]
    assert t.state()["battle"]["blockers"] == ["s1"]


def test_an_ambiguous_name_is_refused_listing_the_ids(client):
    t = highwaymen(client, mine=2)
    before = t.state()["position"]
    r = client.post(f"/games/{t.gid}/actions", json={"type": "attack", "player": "alice",
                                                     "attackers": ["Agile Highwayman"]})
    assert r.status_code == 422
    problem = r.get_json()
    assert "a1" in problem["detail"] and "a2" in problem["detail"] and "b1" not in problem["detail"]
    assert problem["errors"][0]["field"] == "attackers.0"
    assert t.state()["position"] == before
    # by id it is fine
    t.act({"type": "attack", "player": "alice", "attackers": ["a2"]})


def test_a_picked_card_by_name(client):
    """Devastating Mockery picks a character: bob's Dock Sentinel given by name is s1; a name both
    players' Highwaymen carry is ambiguous among all cards in play."""
    t = highwaymen(client)
    check = t.check(play_card("Devastating Mockery", "Dock Sentinel"))
    assert check["legal"], check
    t.act(play_card("Devastating Mockery", "Dock Sentinel"))
    played = next(e for e in t.events() if e["type"] == "CardPlayed")["data"]
    assert played["effect"][0]["script"]["picks"] == [["s1"]]
    r = client.post(f"/games/{t.gid}/check", json={"action": play_card("Devastating Mockery", "Agile Highwayman")})
    assert r.status_code == 422 and "a1" in r.get_json()["detail"] and "b1" in r.get_json()["detail"]
