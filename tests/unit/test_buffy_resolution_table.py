"""Fight and challenge resolution, row by row from tests/golden/buffy_resolution.yaml."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator import engine_for

TABLE = yaml.safe_load((Path(__file__).resolve().parents[1] / "golden" / "buffy_resolution.yaml").read_text())
SHORT = {"bk": "butt_kicking", "smarts": "smarts", "weirdness": "weirdness", "charm": "charm",
         "butt_kicking": "butt_kicking"}
ENGINE = engine_for("buffy")


def talents(row: dict[str, Any]) -> dict[str, int]:
    return {SHORT[k]: v for k, v in row.items() if k in SHORT}


def character(row: dict[str, Any], owner: str, default_name: str, location: str = "p2.1") -> dict[str, Any]:
    doc = {"owner": owner, "name": row.get("name", default_name), "location": row.get("location", location),
           "talents": talents(row), "main": row.get("main", False), "fatigued": row.get("fatigued", False),
           "traits": row.get("traits", [])}
    if "attachments" in row:
        doc["attachments"] = row["attachments"]
    return doc


def stacks(row: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    return {p: [{"name": f"card {i}", "kind": "action", "talent": SHORT[t], "value": v} for i, (t, v) in enumerate(cards)]
            for p, cards in (row.get("stacks") or {}).items()}


def resolve(setup: dict[str, Any]):
    """Both players pass the resolve stage; returns the events and the state after them.  (A
    position that resolves by itself, a challenge nobody faces any more, does so at creation.)"""
    created = ENGINE.create([{"id": "p1"}, {"id": "p2"}], "p1", setup)
    state = None
    for e in created:
        state = ENGINE.evolve(state, e)
    events = created[1:]
    for player in (("p1", "p2") if state.phase.stage == "resolve" else ()):
        decision = ENGINE.decide(state, {"type": "pass", "player": player})
        assert decision.legal, decision.violations
        for e in decision.events:
            state = ENGINE.evolve(state, e)
        events += decision.events
    return events, state


def of_type(events, name: str):
    return [e for e in events if type(e).__name__ == name]


@pytest.mark.parametrize("row", TABLE["fights"], ids=[r["name"] for r in TABLE["fights"]])
def test_fight_resolution(row):
    d1, d2 = row.get("destiny", [0, 0])
    setup = {
        "step": "conflict",
        "players": {"p1": {"destiny": d1}, "p2": {"destiny": d2}},
        "characters": {"attacker": character(row["attacker"], "p1", "Attacker"),
                       "defender": character(row["defender"], "p2", "Defender")},
        "phase": {"kind": "fight", "stage": "resolve", "initiator": "p1", "defending_player": "p2",
                  "attacker": "attacker", "defender": "defender", "resolving_talent": SHORT[row.get("talent", "bk")],
                  "stacks": stacks(row)},
    }
    events, after = resolve(setup)
    expect = row["expect"]
    [fight] = of_type(events, "FightResolved")
    assert fight.winner == expect["winner"]
    assert fight.tie == expect.get("tie", False)
    if "totals" in expect:
        assert [fight.totals["attacker"], fight.totals["defender"]] == expect["totals"]
    if "discarded" in expect:
        assert sorted(e.character for e in of_type(events, "CharacterDiscarded")) == sorted(expect["discarded"])
        for cid in expect["discarded"]:
            assert after.characters[cid].location == "discard"
    if "fatigued" in expect:
        survivors = [c for c in ("attacker", "defender") if after.characters[c].location != "discard"]
        assert [c for c in survivors if after.characters[c].fatigued] == expect["fatigued"]
    if "destiny" in expect:
        assert [after.players["p1"].destiny, after.players["p2"].destiny] == expect["destiny"]
    for name in expect.get("events_exclude", []):
        assert not of_type(events, name)
    if expect.get("game_won"):
        assert after.winner is not None and after.winner.player == expect["game_won"] and after.winner.by == "destiny"
    else:
        assert after.winner is None
        assert after.phase is not None and after.phase.stage == "discard"
        assert of_type(events, "TalentStacksDiscarded")


@pytest.mark.parametrize("row", TABLE["challenges"], ids=[r["name"] for r in TABLE["challenges"]])
def test_challenge_resolution(row):
    d1, d2 = row.get("destiny", [0, 0])
    chars = {f"c{i}": character(c, "p1", f"Character {i}", "p2.1") for i, c in enumerate(row["characters"])}
    setup = {
        "step": "conflict",
        "players": {"p1": {"destiny": d1}, "p2": {"destiny": d2}},
        "characters": chars,
        "challenges": {"ch": {"name": "The Challenge", "owner": "p2", "location": "p2.1",
                              "goals": {SHORT[k]: v for k, v in row["goals"].items()}, "destiny": row["destiny_points"],
                              "required_traits": row.get("required_traits", [])}},
        "phase": {"kind": "challenge", "stage": "resolve", "initiator": "p1", "defending_player": "p2",
                  "challenge": "ch", "characters": list(chars), "stacks": stacks(row)},
    }
    events, after = resolve(setup)
    expect = row["expect"]
    [outcome] = of_type(events, "ChallengeResolved")
    assert outcome.overcome is expect["overcome"]
    if "goals" in expect:
        assert outcome.goals == {SHORT[k]: v for k, v in expect["goals"].items()}
    if "totals" in expect:
        assert outcome.totals == {SHORT[k]: v for k, v in expect["totals"].items()}
    if "destiny" in expect:
        assert [after.players["p1"].destiny, after.players["p2"].destiny] == expect["destiny"]
    if "to_crypt" in expect:
        assert ("ch" not in after.challenges) is expect["to_crypt"]
        assert (after.players["p2"].crypt == ["The Challenge"]) is expect["to_crypt"]
    if "fatigued" in expect:
        fatigued = sorted(int(e.character[1:]) for e in of_type(events, "CharacterFatigued"))
        assert fatigued == expect["fatigued"]
    if expect.get("game_won"):
        assert after.winner is not None and after.winner.player == expect["game_won"]
    else:
        assert after.phase is not None and after.phase.stage == "discard"
