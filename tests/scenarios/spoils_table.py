"""A table for short games of The Spoils played through the HTTP API with real cards named from the
OCTGN sets: a position set up by names (cards in play, hands), actions by names and card ids, and
the answers (state, trace, audit) read back.  Used by the scenarios of ``tests/scenarios/spoils/``."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import request

from tests.scenarios import spoils_exercised

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn"
needs_data = pytest.mark.skipif(not (DATA / "sets").exists(), reason="the shared OCTGN data is not present")
ICON_NAMES = {"O": "Obsession", "G": "Greed", "E": "Elitism", "D": "Deception", "R": "Rage", "V": None}


def resources(player: str, icons: str, attached: int = 0) -> dict[str, Any]:
    """Face-up staple resources providing ``icons`` (one card per icon), the first ``attached`` of
    them already spent this turn."""
    out = {}
    for i, icon in enumerate(icons, start=1):
        name = ICON_NAMES[icon]
        out[f"{player}.r{i}"] = ({"name": name, "face_up": True, "icons": icon} if name else {"face_up": False}) | (
            {"attached": True} if i <= attached else {})
    return out


class Table:
    """One game through the API; ``act`` appends an action (201 expected), ``refuse`` checks an
    action is refused (422) and returns the violations."""

    def __init__(self, client: Any, gid: str):
        self.client, self.gid = client, gid
        self.last: dict[str, Any] = {}

    def act(self, action: dict[str, Any]) -> list[str]:
        card = action.get("card")
        assert card is None or isinstance(card, str), "cards by name only"
        r = self.client.post(f"/games/{self.gid}/actions", json=action)
        assert r.status_code == 201, (action, r.get_json())
        self.last = r.get_json()
        return [e["type"] for e in self.last["events"]]

    def refuse(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        r = self.client.post(f"/games/{self.gid}/actions", json=action)
        assert r.status_code == 422, (action, r.get_json())
        return r.get_json()["violations"]

    def check(self, action: dict[str, Any]) -> dict[str, Any]:
        return self.client.post(f"/games/{self.gid}/check", json={"action": action}).get_json()

    def events(self) -> list[dict[str, Any]]:
        return self.last["events"]

    def trace_text(self) -> str:
        """The trace of the last append, rules and details as one text."""
        return " | ".join(f"{t['rule']}: {t.get('detail', '')} {t.get('overridden_by') or ''}"
                          for t in self.last.get("because", []))

    def state(self) -> dict[str, Any]:
        return self.client.get(f"/games/{self.gid}/state").get_json()

    def card(self, cid: str) -> dict[str, Any]:
        return self.state()["cards"][cid]

    def named(self, name: str, controller: str | None = None) -> list[str]:
        return [cid for cid, c in self.state()["cards"].items()
                if c["name"] == name and (controller is None or c["controller"] == controller)]

    def influence(self, player: str) -> int:
        return self.state()["players"][player]["faction"]["influence"]

    def audit_valid(self) -> bool:
        audit = self.client.get(f"/games/{self.gid}/audit").get_json()
        return audit["valid"] is True and not audit["violations"]

    def resolve(self, player: str, opponent: str, action: dict[str, Any]) -> list[str]:
        """Plays ``action`` and lets the opponent pass: the play resolves (607.2)."""
        self.act(action)
        return self.act({"type": "pass", "player": opponent})

    def legal(self, player: str) -> list[str]:
        r = self.client.get(f"/games/{self.gid}/legal-actions", query_string={"player": player})
        return [a["action"]["type"] for a in r.get_json()["actions"]]

    def fight(self, blockers: list[str] = (), assignments: dict[str, list[dict[str, Any]]] | None = None,
              stop: str | None = None) -> None:
        """Runs the battle in progress to its end (or to the step ``stop``): the defending player
        blocks with ``blockers``, each player assigns the damage ``assignments`` gives it, everyone
        else passes."""
        for _ in range(30):
            s = self.state()
            if s["battle"] is None or s["battle"]["stage"] == stop:
                return
            who = s["to_act"]
            legal = self.legal(who)
            if "block" in legal:
                self.act({"type": "block", "player": who, "blockers": list(blockers)})
            elif "assign_damage" in legal and (assignments or {}).get(who) is not None:
                self.act({"type": "assign_damage", "player": who, "assignments": assignments[who]})
            else:
                self.act({"type": "pass", "player": who})
        raise AssertionError("the battle did not end")

    def end_turn(self, active: str, other: str) -> list[str]:
        self.act({"type": "end_turn", "player": active})
        return self.act({"type": "pass", "player": other})


def position(*, active: str = "alice", cards: dict[str, Any] | None = None, hands: dict[str, list[str]] | None = None,
             icons: dict[str, str] | None = None, attached: dict[str, int] | None = None, stage: str = "main",
             turn: int = 3, influence: int = 25, battle: dict[str, Any] | None = None,
             factions: dict[str, str] | None = None, decks: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """A setup document: the position a game starts from, cards named (``{"card": name,
    "controller": p}`` in play, names in hands)."""
    hands = hands or {}
    icons = icons or {}
    players = {}
    for p in ("alice", "bob"):
        deck = (decks or {}).get(p)
        players[p] = {"hand": len(hands.get(p, [])), "hand_cards": list(hands.get(p, [])),
                      "deck": 30 if deck is None else len(deck), "deck_cards": list(deck or []),
                      "resources": resources(p, icons.get(p, ""), (attached or {}).get(p, 0)),
                      "faction": (factions or {}).get(p) or {"name": f"{p}'s faction", "influence": influence,
                                                             "starting_influence": influence}}
    in_play = {}
    for cid, doc in (cards or {}).items():
        doc = dict(doc)
        doc.setdefault("owner", doc["controller"])
        doc.setdefault("can_attack", True)
        in_play[cid] = doc
    setup: dict[str, Any] = {"stage": stage, "turn": turn, "active_player": active, "first_player": "alice",
                             "players": players, "cards": in_play}
    if battle is not None:
        setup["battle"] = battle
    return setup


def new_game(client: Any, setup: dict[str, Any], *, players: list[dict[str, Any]] | None = None,
             cards_as_of: str | None = None) -> Table:
    body: dict[str, Any] = {"game": "spoils", "players": players or [{"id": "alice"}, {"id": "bob"}],
                            "first_player": "alice", "setup": setup}
    if cards_as_of:
        body["cards_as_of"] = cards_as_of
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.get_json()
    return Table(client, r.get_json()["id"])



def play_card(card: str, *targets: str, player: str = "alice", attach_to: str | None = None,
              **choices: Any) -> dict[str, Any]:
    """A ``play_card`` action naming ``card``, its targets, the card it is attached to and its
    ``choices`` (none when empty)."""
    action: dict[str, Any] = {"type": "play_card", "player": player, "card": card, "targets": list(targets)}
    if attach_to:
        action["attach_to"] = attach_to
    if choices:
        action["choices"] = choices
    return action


def rule_ids(violations: list[dict[str, Any]]) -> list[str]:
    """The rule id of each violation an answer lists, in order."""
    return [v["rule"]["id"] for v in violations]

@pytest.fixture
def client(spoils_cards):
    from api import create_app

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    app.extensions["cards"] = spoils_cards
    app.after_request(lambda response: spoils_exercised.after_request(app, request, response))  # what acted (issue 24)
    yield app.test_client()
    app.extensions["games"].close()
