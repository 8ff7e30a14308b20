"""live.published tells the hub what it told before: the last position of each game of the envelopes,
in the order the games first appear (a batch of one game without its dict of games), on the batches of
a real Buffy game, an import's envelopes (equal game ids that are not one object), several games
interleaved, and none."""
from __future__ import annotations

from uuid import UUID

from bench.build import pass_log
from events.service import live
from events.service.application import GameService


def told_before(envelopes) -> list[tuple[UUID, int]]:
    last: dict[UUID, int] = {}
    for env in envelopes:
        last[env.originator_id] = max(last.get(env.originator_id, 0), env.originator_version)
    return list(last.items())


def test_the_hub_is_told_the_last_position_of_each_game(monkeypatch):
    told: list[tuple[UUID, int]] = []
    monkeypatch.setattr(live.LiveHub, "published", lambda hub, game, position: told.append((game, position)))
    log = pass_log(20)
    other = pass_log(6)
    imported = [env.model_copy(update={"originator_id": UUID(str(env.originator_id))}) for env in log[3:9]]
    batches = [log[:1], log[1:4], tuple(log[4:6]), imported, [*log[6:9], *other[:3], *log[9:10]],
               [other[2], other[1]], [], log[10:12]]
    svc = GameService("memory://")
    try:
        for batch in batches:
            for given in (batch, iter(batch)):  # a batch, or any iterable (an import's)
                del told[:]
                live.published(svc, given)
                assert told == told_before(batch)
        assert live.hub_for(svc) is svc.__dict__["_live_hub"]
    finally:
        svc.close()
