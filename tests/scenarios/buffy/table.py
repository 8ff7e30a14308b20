"""A Buffy table for the scenario tests of this package: a position entered directly, actions
through the HTTP API (in memory), and the rule ids each answer cites."""
from __future__ import annotations

from typing import Any

SPIKE: dict[str, Any] = {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2", "kind": "villain",
                         "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, "traits": ["VAMPIRE"]}
BUFFY: dict[str, Any] = {"owner": "p2", "name": "Buffy Summers", "main": True, "location": "p2.2", "kind": "hero",
                         "talents": {"butt_kicking": 3, "smarts": 0, "weirdness": 2, "charm": 2}, "traits": ["HUMAN"]}


def character(owner: str, name: str, location: str, **fields: Any) -> dict[str, Any]:
    talents = fields.pop("talents", {"butt_kicking": 1, "smarts": 1, "weirdness": 1, "charm": 1})
    return {"owner": owner, "name": name, "location": location, "talents": talents, **fields}


class Table:
    """One game: ``act`` appends (201), ``refuse`` expects a 422 citing a rule, ``state`` reads."""

    def __init__(self, client: Any, setup: dict[str, Any], players: tuple[str, ...] = ("p1", "p2")):
        self.client = client
        r = client.post("/games", json={"game": "buffy", "players": [{"id": p} for p in players],
                                        "first_player": players[0], "setup": setup})
        assert r.status_code == 201, r.get_json()
        self.id = r.get_json()["id"]

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        r = self.client.post(f"/games/{self.id}/actions", json=action)
        assert r.status_code == 201, (action, r.get_json())
        return r.get_json()

    def refuse(self, action: dict[str, Any], rule: str) -> dict[str, Any]:
        r = self.client.post(f"/games/{self.id}/actions", json=action)
        body = r.get_json()
        assert r.status_code == 422, body
        assert rule in body["rules"], body
        return body

    def state(self) -> dict[str, Any]:
        return self.client.get(f"/games/{self.id}/state").get_json()

    def because(self, action: dict[str, Any]) -> list[str]:
        """The rule ids a dry run of ``action`` consulted."""
        r = self.client.post(f"/games/{self.id}/check", json={"action": action}).get_json()
        return [t["rule"]["id"] for t in r["because"]]

    def passes(self, *players: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for p in players:
            out = self.act({"type": "pass", "player": p})
        return out


def refused_setup(client: Any, setup: dict[str, Any], rule: str, players: tuple[str, ...] = ("p1", "p2")
                  ) -> dict[str, Any]:
    """Creating a game from ``setup`` is refused with a 4xx problem whose detail cites ``rule``."""
    r = client.post("/games", json={"game": "buffy", "players": [{"id": p} for p in players],
                                    "first_player": players[0], "setup": setup})
    body = r.get_json()
    assert 400 <= r.status_code < 500, body
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert rule in body["detail"], body
    return body


def cited(answer: dict[str, Any]) -> set[str]:
    """Every rule id an answer names: in its trace (``because``) and in the rule fields of its events."""
    ids = {b["rule"]["id"] for b in answer.get("because") or []}
    ids |= {e["data"]["rule"] for e in answer.get("events") or [] if isinstance(e["data"].get("rule"), str)}
    return ids


def events(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in answer.get("events") or [] if e["type"] == kind]


def fight_at(stage: str, attacker: dict[str, Any], defender: dict[str, Any], **setup: Any) -> dict[str, Any]:
    """A position inside a fight at ``stage``: p1's ``a`` attacks p2's ``d`` at p1.2."""
    phase = {"kind": "fight", "stage": stage, "initiator": "p1", "defending_player": "p2",
             "attacker": "a", "defender": "d"}
    chars = {"a": {**attacker, "owner": "p1", "location": "p1.2"}, "d": {**defender, "owner": "p2", "location": "p1.2"}}
    chars.update(setup.pop("characters", {}))
    return {"step": "conflict", "phase": phase, "characters": chars, **setup}
