"""BuffyEngine.document_json writes the very text ``pydantic_core.to_json`` writes of the state document
(``GameService.document``): at every position of random Buffy games with fights, challenges, rulings and
recorded violations, and of positions whose cards have names to escape."""
from __future__ import annotations

from pydantic_core import to_json

from adjudicator import engine_for
from events.service.application import GameService
from tests.unit.test_snapshots import BUFFY, SPIKE
from tests.unit.test_snapshots_taken_on_append import walk


def test_every_position_of_random_games_writes_the_document():
    svc = GameService("memory://")
    engine = engine_for("buffy")
    compared = phases = 0
    for seed, names in ((5, ("Spike", "Buffy Summers")), (8, ("Zo\u00eb \u2019", "Buffy \U0001F600"))):
        gid = svc.create_game("buffy", [{"id": "p1"}, {"id": "p2"}], "p1",
                              {"characters": {"spike": {**SPIKE, "name": names[0]},
                                              "buffy": {**BUFFY, "name": names[1]}}}).id
        walk(svc, gid, 90, seed=seed)
        svc.append_ruling(gid, {"judge": "j1", "rule": "buffy.fight.tie", "effect": {"note": "a ruling"},
                                "reason": "made up for the test"})
        walk(svc, gid, 40, seed=seed + 1)
        for at in range(1, svc.game(gid).version + 1):
            state = svc.state_at(gid, at).state
            assert svc.document_json("buffy", state) == engine.document_json(state) == to_json(
                svc.document("buffy", state)), at
            compared += 1
            phases += state.phase is not None and engine._standing(state) is not None
    assert compared > 200 and phases > 10


def test_an_engine_that_writes_no_document_gives_none(monkeypatch):
    svc = GameService("memory://")
    log = svc.create_game("buffy", [{"id": "p1"}, {"id": "p2"}], "p1", {"characters": {"spike": SPIKE}})
    assert svc.document_json("buffy", log.state) is not None
    monkeypatch.delattr(type(engine_for("buffy")), "document_json")
    assert svc.document_json("buffy", log.state) is None
