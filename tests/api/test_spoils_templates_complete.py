"""Issue 25, item 4: the legal-actions templates offer every value the rules allow (a game from two
real decks): at the mulligan every count from 0 to the hand's size, at the develop choice a resource
face down and face up; every action a template lists is accepted by /check."""
from __future__ import annotations

from pathlib import Path

import pytest

DECKS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn" / "decks"
pytestmark = pytest.mark.skipif(not DECKS.exists(), reason="the shared OCTGN decks are not present")


@pytest.fixture
def game(spoils_cards):
    from api import create_app

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"})
    app.extensions["cards"] = spoils_cards
    client = app.test_client()
    deck = (DECKS / "Precon -1st Edition- Gearsmith.o8d").read_text(encoding="utf-8-sig")
    r = client.post("/games", json={"game": "spoils", "first_player": "alice",
                                    "players": [{"id": "alice", "deck": deck}, {"id": "bob", "deck": deck}]})
    assert r.status_code == 201, r.get_json()
    yield client, r.get_json()["id"]
    app.extensions["games"].close()


def template(client, gid: str, player: str, kind: str) -> dict:
    listed = client.get(f"/games/{gid}/legal-actions", query_string={"player": player}).get_json()
    found = next(t for t in listed["templates"] if t["type"] == kind)
    for action in found["actions"]:
        check = client.post(f"/games/{gid}/check", json={"action": action}).get_json()
        assert check["legal"] is True, (action, check)
    return found


def test_the_mulligan_template_offers_every_count(game):
    client, gid = game
    found = template(client, gid, "alice", "mulligan")
    assert found["schema"]["properties"]["count"]["enum"] == list(range(9))  # 8 cards in the first hand


def test_the_play_resource_template_offers_face_up_and_face_down(game):
    client, gid = game
    client.post(f"/games/{gid}/actions", json={"type": "mulligan", "player": "alice", "count": 0})
    client.post(f"/games/{gid}/actions", json={"type": "mulligan", "player": "bob", "count": 0})
    found = template(client, gid, "alice", "play_resource")
    assert sorted(found["schema"]["properties"]["face_up"]["enum"]) == [False, True]
    up = next(a for a in found["actions"] if a["face_up"])
    r = client.post(f"/games/{gid}/actions", json=up)
    assert r.status_code == 201, r.get_json()
    assert any(res["face_up"] and res["name"] == up["card"] and len(res["icons"]) == 1
               for res in r.get_json()["state"]["players"]["alice"]["resources"].values())
