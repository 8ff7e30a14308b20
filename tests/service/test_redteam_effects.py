"""Issue 16, finding 2: effect documents were stored unchecked.  A setup character with effect
``{"gain": 5}`` made the next start_fight and every state read answer 500; ``{"fight_talent":
"nonsense"}`` broke legal-actions and start_fight; a ruling ``{"set": "destiny_to_win", "value":
"x"}`` broke every later append.  They are now checked with the typed effect language when they
are appended, in enforce and record mode alike: a 422 naming the field, nothing appended."""
from __future__ import annotations

import pytest

PLAYERS = [{"id": "p1"}, {"id": "p2"}]


def character(owner: str, **extra) -> dict:
    return {"owner": owner, "name": extra.pop("name", owner.upper()), "main": False, "location": "park",
            "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, **extra}


def fight_setup(effects: list[dict]) -> dict:
    return {"step": "conflict", "characters": {"a": character("p1", effects=effects), "b": character("p2")}}


def games(client) -> int:
    return len(client.get("/games?limit=1000").get_json()["games"])


def reads_back(client, gid: str) -> None:
    for path in ("", "/state", "/events", "/legal-actions?player=p1", "/legal-actions?player=p2", "/audit"):
        r = client.get(f"/games/{gid}{path}")
        assert r.status_code == 200, (path, r.get_data(as_text=True)[:300])


@pytest.mark.parametrize("effect, field", [
    ({"gain": 5}, "setup.characters.a.effects.0.gain"),
    ({"fight_talent": "nonsense"}, "setup.characters.a.effects.0.fight_talent"),
])
def test_a_setup_character_with_an_effect_the_engines_cannot_apply_is_422_naming_the_field(client, effect, field):
    before = games(client)
    r = client.post("/games", json={"game": "buffy", "players": PLAYERS, "setup": fight_setup([effect])})
    assert r.status_code == 422 and r.mimetype == "application/problem+json", r.get_json()
    assert r.get_json()["errors"][0]["field"] == field
    assert games(client) == before


def test_a_setup_with_effects_the_language_knows_plays_on_and_reads_back(client):
    setup = fight_setup([{"fight_talent": "smarts"}])
    r = client.post("/games", json={"game": "buffy", "players": PLAYERS, "setup": setup})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    r = client.post(f"/games/{gid}/actions?mode=record",
                    json={"type": "start_fight", "player": "p1", "attacker": "a", "defender": "b"})
    assert r.status_code in (201, 422), r.get_json()  # legal or not here, never a 500
    reads_back(client, gid)


def test_a_ruling_whose_effect_does_not_fit_is_422_and_later_appends_still_work(client):
    gid = client.post("/games", json={"game": "buffy", "players": PLAYERS}).get_json()["id"]
    r = client.post(f"/games/{gid}/rulings", json={"judge": "j", "rule": "buffy.fight.tie", "reason": "r",
                                                   "effect": {"set": "destiny_to_win", "value": "x"}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "effect.value", r.get_json()
    assert client.get(f"/games/{gid}").get_json()["position"] == 1
    r = client.post(f"/games/{gid}/rulings", json={"judge": "j", "rule": "buffy.fight.tie", "reason": "r",
                                                   "effect": {"set": "destiny_to_win", "value": 6}})
    assert r.status_code == 201
    assert client.post(f"/games/{gid}/actions?mode=record", json={"type": "pass", "player": "p1"}).status_code == 201
    reads_back(client, gid)


def test_a_ruling_with_an_operation_of_another_game_is_422(client):
    gid = client.post("/games", json={"game": "wowmini", "players": PLAYERS}).get_json()["id"]
    r = client.post(f"/games/{gid}/rulings", json={"judge": "j", "rule": "wowmini.timeline", "reason": "r",
                                                   "effect": {"fight_talent": "smarts"}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "effect"


@pytest.mark.parametrize("mode", ["enforce", "record"])
def test_an_action_carrying_a_bad_effect_is_422_in_both_modes(client, mode):
    gid = client.post("/games", json={"game": "buffy", "players": PLAYERS}).get_json()["id"]
    r = client.post(f"/games/{gid}/actions?mode={mode}",
                    json={"type": "play_effect", "player": "p1", "card": "Stake", "effect": {"gain": 5}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "effect.gain", r.get_json()
    assert client.get(f"/games/{gid}").get_json()["position"] == 1
    reads_back(client, gid)
