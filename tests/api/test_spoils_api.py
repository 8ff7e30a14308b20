"""The Spoils through the HTTP API: games built from the real OCTGN decks (card data from the real
sets) play a scripted turn; refusals come back as problem+json citing catalog rules."""
from __future__ import annotations

from pathlib import Path
import pytest

from adjudicator.spoils.builder import game_from_decks
from tests.conftest import act, state

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn"
DECK_FILES = sorted((DATA / "decks").glob("*.o8d")) if DATA.exists() else []
pytestmark = pytest.mark.skipif(not DECK_FILES, reason="the shared OCTGN data is not present")


@pytest.fixture(scope="module")
def card_catalog():
    from rulings.importers import build_catalog

    catalog, _ = build_catalog([DATA / "sets"], card_files=[])
    return catalog


def deck_game(card_catalog, first: Path, second: Path) -> tuple[list[dict], dict]:
    from rulings.importers import load_o8d

    decks = {"p1": load_o8d(first, card_catalog, allow_unknown=True),
             "p2": load_o8d(second, card_catalog, allow_unknown=True)}
    return game_from_decks(decks, card_catalog)


def playable_character(players: list[dict], setup: dict, icons: str, budget: int) -> str | None:
    """The cheapest character of p1's deck that ``icons`` and ``budget`` resources can play."""
    pool = setup["card_pool"]
    best = None
    for name in sorted(set(players[0]["deck"])):
        spec = pool.get(name)
        if not spec or spec.get("type") != "character" or spec.get("cost", 0) > budget:
            continue
        need = spec.get("threshold", "")
        if all(need.count(i) <= icons.count(i) for i in set(need)):
            if best is None or spec.get("cost", 0) < pool[best].get("cost", 0):
                best = name
    return best


def create(client, players: list[dict], setup: dict) -> str:
    r = client.post("/games", json={"game": "spoils", "players": players, "first_player": "p1", "setup": setup})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


@pytest.mark.parametrize("index", range(len(DECK_FILES)), ids=[p.stem for p in DECK_FILES])
def test_a_game_from_real_decks_plays_a_scripted_turn(client, card_catalog, index):
    first, second = DECK_FILES[index], DECK_FILES[(index + 1) % len(DECK_FILES)]
    players, setup = deck_game(card_catalog, first, second)
    gid = create(client, players, setup)
    doc = state(client, gid)
    p1 = doc["players"]["p1"]
    assert doc["stage"] == "mulligan" and p1["hand"] == p1["faction"]["starting_draw"]["first"]
    assert doc["players"]["p2"]["hand"] == doc["players"]["p2"]["faction"]["starting_draw"]["second"]
    assert doc["players"]["p1"]["faction"]["influence"] == doc["players"]["p1"]["faction"]["starting_influence"]

    act(client, gid, {"type": "mulligan", "player": "p1", "count": 0})
    act(client, gid, {"type": "mulligan", "player": "p2", "count": 2})
    staple = next(r["name"] for r in p1["resources"].values())
    out = act(client, gid, {"type": "play_resource", "player": "p1", "card": staple, "face_up": True})
    assert [e["type"] for e in out["events"]] == ["DevelopChosen", "ResourcePlayed"]
    icons = "".join(k * v for k, v in out["state"]["players"]["p1"]["icons"].items())

    name = playable_character(players, setup, icons, budget=3)
    if name is not None:
        out = act(client, gid, {"type": "play_card", "player": "p1", "card": name, "id": "newcomer"})
        assert out["state"]["window"] == {"step": f"response:{out['state']['pending'][0]['id']}", "players": ["p2"]}
        out = act(client, gid, {"type": "pass", "player": "p2"})
        assert out["state"]["cards"]["newcomer"]["name"] == name
        r = client.post(f"/games/{gid}/actions", json={"type": "attack", "player": "p1", "attackers": ["newcomer"]})
        assert r.status_code == 422 and r.content_type == "application/problem+json"
        assert [v["rule"]["id"] for v in r.get_json()["violations"]] == ["spoils.608.1b"]
    else:
        act(client, gid, {"type": "faction_ability", "player": "p1", "ability": "DRAW"})
        act(client, gid, {"type": "pass", "player": "p2"})

    act(client, gid, {"type": "end_turn", "player": "p1"})
    out = act(client, gid, {"type": "pass", "player": "p2"})
    assert [e["type"] for e in out["events"]][:4] == ["PlayerPassed", "PlayResolved", "TurnEnded", "TurnStarted"]
    act(client, gid, {"type": "draw", "player": "p2"})
    doc = state(client, gid)
    assert doc["active_player"] == "p2" and doc["turn"] == 2 and doc["stage"] == "main"
    assert doc["players"]["p2"]["unattached"] == len(doc["players"]["p2"]["resources"])  # restored (202.7)
    legal = client.get(f"/games/{gid}/legal-actions?player=p2").get_json()
    assert {"type": "end_turn", "player": "p2"} in [a["action"] for a in legal["actions"]]
    audit = client.get(f"/games/{gid}/audit").get_json()
    assert audit["valid"], audit


def test_refusal_and_dry_run_cite_catalog_rules_and_a_ruling_overrides(client, card_catalog):
    players, setup = deck_game(card_catalog, DECK_FILES[0], DECK_FILES[0])
    gid = create(client, players, setup)
    act(client, gid, {"type": "mulligan", "player": "p1", "count": 0})
    act(client, gid, {"type": "mulligan", "player": "p2", "count": 0})
    act(client, gid, {"type": "draw", "player": "p1"})
    grunt = {"name": "Pit Grunt", "type": "character", "cost": 1, "strength": 1, "life": 1, "speed": 3}
    act(client, gid, {"type": "play_card", "player": "p1", "card": grunt, "id": "grunt"})

    dry = client.post(f"/games/{gid}/check", json={"action": {"type": "pass", "player": "p1"}}).get_json()
    assert dry["legal"] is False and dry["violations"][0]["rule"]["id"] == "spoils.607.1"
    assert dry["violations"][0]["rule"]["title"] and dry["violations"][0]["rule"]["title"] != "spoils.607.1"

    act(client, gid, {"type": "pass", "player": "p2"})
    r = client.post(f"/games/{gid}/rulings", json={"judge": "head judge", "rule": "spoils.608.1b", "card": "Pit Grunt",
                                                  "effect": {"permit": "spoils.608.1b"}, "reason": "errata: haste"})
    assert r.status_code == 201, r.get_json()
    out = act(client, gid, {"type": "attack", "player": "p1", "attackers": ["grunt"]})
    entry = next(b for b in out["because"] if b["rule"]["id"] == "spoils.608.1b")
    assert entry["outcome"] == "overridden" and entry["overridden_by"]["kind"] == "ruling"


def test_recorded_violation_is_kept_and_flagged(client, card_catalog):
    players, setup = deck_game(card_catalog, DECK_FILES[0], DECK_FILES[0])
    gid = create(client, players, setup)
    act(client, gid, {"type": "mulligan", "player": "p1", "count": 0})
    act(client, gid, {"type": "mulligan", "player": "p2", "count": 0})
    act(client, gid, {"type": "draw", "player": "p1"})
    out = act(client, gid, {"type": "draw", "player": "p1"}, mode="record")
    assert out["recorded"] is True and out["violations"][0]["rule"]["id"] == "spoils.faq.draw-or-resource"
    assert state(client, gid)["players"]["p1"]["hand"] == 10
