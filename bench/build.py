"""Game logs for the benchmarks, built fast and stored in bulk.

A Buffy game driven by passes through its steps (two players, a main character each, no challenges
left to place and full hands, so every mandatory sub-step is already done) generates events fast:
the engine decides each pass and derives its consequences (steps that end, turns that end), and the
envelopes are sealed exactly as ``GameService.append`` seals them.  Copies of one log for other game
ids are re-sealed (the hash chain covers the game id).
"""
from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

from adjudicator import engine_for
from events.service.application import GameService, domain_event
from events.service.envelope import GENESIS, StoredGameEvent

PLAYERS = [{"id": "p1"}, {"id": "p2"}]
SPIKE = {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2", "alignment": "evil",
         "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, "traits": ["VAMPIRE"]}
BUFFY = {"owner": "p2", "name": "Buffy Summers", "main": True, "location": "p1.2", "alignment": "good",
         "talents": {"butt_kicking": 3, "smarts": 0, "weirdness": 2, "charm": 2}, "traits": ["HUMAN"]}
SETUP: dict[str, Any] = {
    "characters": {"spike": SPIKE, "buffy": BUFFY},
    "players": {"p1": {"challenge_deck": 0}, "p2": {"challenge_deck": 0}},
}


def create_body() -> dict[str, Any]:
    """The POST /games body of the benchmark game."""
    return {"game": "buffy", "players": PLAYERS, "first_player": "p1", "setup": SETUP}


def pass_log(events: int, game_id: UUID | None = None) -> list[StoredGameEvent]:
    """The envelopes of a game of at least ``events`` events (a pass's batch is not split)."""
    sealer = GameService("memory://")
    engine = engine_for("buffy")
    game_id = game_id or uuid4()
    out = sealer._seal(game_id, "buffy", 0, GENESIS, engine.create(PLAYERS, "p1", SETUP),
                       action=None, actor=None, mode="enforce", violations=[])
    state = engine.apply(None, domain_event(out[0]))
    while len(out) < events:
        action = {"type": "pass", "player": state.to_act}
        decision = engine.decide(state, action)
        batch = sealer._seal(game_id, "buffy", len(out), out[-1].hash, decision.events, action=action,
                             actor=action["player"], mode="enforce", violations=[])
        for env in batch:
            state = engine.apply(state, domain_event(env))
        out.extend(batch)
    sealer.close()
    return out


def reseal(envelopes: list[StoredGameEvent], game_id: UUID) -> list[StoredGameEvent]:
    """The same log for another game id, its hash chain recomputed."""
    prev = GENESIS
    out = []
    for env in envelopes:
        copy = env.model_copy(update={"originator_id": game_id, "prev_hash": prev}).sealed()
        prev = copy.hash
        out.append(copy)
    return out


def store(svc: GameService, envelopes: list[StoredGameEvent], chunk: int = 1000) -> UUID:
    """Saves a log in bulk (a few transactions) and returns its game id."""
    for i in range(0, len(envelopes), chunk):
        svc.save(*envelopes[i:i + chunk])
    return envelopes[0].originator_id


def pg_available(url: str) -> str | None:
    """None when a PostgreSQL server answers at ``url``, else why not."""
    try:
        import psycopg

        with psycopg.connect(url.split("?")[0], connect_timeout=3) as conn:
            conn.execute("select 1")
        return None
    except Exception as exc:  # noqa: BLE001 - any failure means "not available"
        return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def pg_schema(url: str, name: str) -> str:
    """Creates (afresh) a schema of the benchmark's own and returns the URL that selects it."""
    import psycopg

    base = url.split("?")[0]
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
        conn.execute(f'CREATE SCHEMA "{name}"')
    return f"{base}?schema={name}"


def pg_drop(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(url.split("?")[0], autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
