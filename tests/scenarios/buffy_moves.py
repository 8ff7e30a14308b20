"""Moves of Buffy games through the HTTP API for the worked examples and the scenarios beside them:
an action checked (at a position) or refused citing a rule, players passing, the events an answer
holds, a fight brought to its battle stage and a phase finished, cards and characters described
inline, and ``walk``: legal-actions agreeing with check at every position of a game's log."""
from __future__ import annotations

from typing import Any

from tests.conftest import act, state


# --- helpers ------------------------------------------------------------------------------------

def check(client, gid: str, action: dict[str, Any], at: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"action": action}
    if at is not None:
        body["at"] = at
    r = client.post(f"/games/{gid}/check", json=body)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def refused(client, gid: str, action: dict[str, Any], rule: str) -> dict[str, Any]:
    """Asserts ``action`` is refused citing ``rule``, which /rules serves; returns the problem."""
    body = act(client, gid, action, status=422)
    assert rule in body["rules"], body
    for rid in body["rules"]:
        assert client.get(f"/rules/{rid}").status_code == 200, rid
    return body


def passes(client, gid: str, *players: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in players:
        out = act(client, gid, {"type": "pass", "player": p})
    return out


def types(result: dict[str, Any]) -> list[str]:
    return [e["type"] for e in result["events"]]


def event(result: dict[str, Any], kind: str) -> dict[str, Any]:
    found = [e["data"] for e in result["events"] if e["type"] == kind]
    assert found, (kind, types(result))
    return found[0]


def overridden(trace: list[dict[str, Any]], rule: str) -> list[dict[str, Any]]:
    return [t for t in trace if t["rule"]["id"] == rule and t["outcome"] == "overridden"]


def action_card(name: str, **icons: int) -> dict[str, Any]:
    return {"name": name, "kind": "action", "icons": icons}


def to_battle(client, gid: str, attacker: str, defender: str, attacker_draws: int = 5, defender_draws: int = 5) -> dict[str, Any]:
    """Both players pass the choose stage and make the mandatory draws."""
    passes(client, gid, attacker, defender)
    act(client, gid, {"type": "draw", "player": attacker, "count": attacker_draws})
    out = act(client, gid, {"type": "draw", "player": defender, "count": defender_draws})
    assert out["state"]["phase"]["stage"] == "battle"
    return out


def finish_phase(client, gid: str, initiator: str, other: str) -> dict[str, Any]:
    """The discard stage: both discard down to five, then pass; the suspended step resumes."""
    s = state(client, gid)
    assert s["phase"]["stage"] == "discard"
    for p in (initiator, other):
        extra = s["players"][p]["hand"] - 5
        if extra > 0:
            act(client, gid, {"type": "discard", "player": p, "count": extra})
    out = passes(client, gid, initiator, other)
    assert out["events"][-1]["type"] == "PhaseEnded"
    return out


def character(name: str, owner: str, location: str, bk: int = 0, smarts: int = 0, weirdness: int = 0,
              charm: int = 0, **extra: Any) -> dict[str, Any]:
    return {"owner": owner, "name": name, "location": location,
            "talents": {"butt_kicking": bk, "smarts": smarts, "weirdness": weirdness, "charm": charm}, **extra}


def walk(client, gid: str) -> int:
    """At every position of the log, for every player: each concrete action legal-actions lists
    (no "choose" placeholder) is legal by check at that position, with the rules that allow it;
    and the action actually appended next was legal there and of a type legal-actions offered;
    and the audit re-decides the whole log to the same events.  Returns how many listed actions
    were checked."""
    log = client.get(f"/games/{gid}/events?limit=1000").get_json()["events"]
    players = [p["id"] for p in client.get(f"/games/{gid}").get_json()["players"]]
    appended_next = {e["position"] - 1: e["action"] for e in log
                     if e.get("action") and e["action"].get("type") != "ruling" and e["mode"] == "enforce"}
    checked = 0
    for position in (e["position"] for e in log):
        offered: dict[str, set[str]] = {}
        for player in players:
            listed = client.get(f"/games/{gid}/legal-actions?player={player}&at={position}").get_json()
            offered[player] = {item["action"]["type"] for item in listed["actions"]}
            for item in listed["actions"]:
                assert item["rules"], item
                if "choose" in item["description"]:
                    continue
                verdict = check(client, gid, item["action"], at=position)
                assert verdict["legal"], (position, item, verdict["violations"])
                checked += 1
        nxt = appended_next.get(position)
        if nxt is not None:
            verdict = check(client, gid, nxt, at=position)
            assert verdict["legal"], (position, nxt, verdict["violations"])
            assert nxt["type"] in offered[nxt["player"]], (position, nxt, offered)
    report = client.get(f"/games/{gid}/audit").get_json()           # today's rules re-decide the same log
    assert report["valid"] is True and report["violations"] == [], report
    return checked
