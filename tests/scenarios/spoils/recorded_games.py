"""Games of The Spoils from the shared real decks, played through the HTTP API by a seeded random
player that picks among the legal actions, and what the API answered at every position (the state
document and both players' legal actions).  ``python -m tests.scenarios.spoils.recorded_games``
records them in ``tests/golden/spoils_positions.json.gz``; ``test_recorded_answers`` replays the
same actions and compares every answer with the recording (issue 26: the same answers after the
continuous effects are computed once per position)."""
from __future__ import annotations

import gzip
import json
import random
import re
import sys
from pathlib import Path
from typing import Any, Iterator

from bench.table_size import characters, table_setup

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT.parent / "shared" / "data" / "spoils-octgn"
GOLDEN = ROOT / "tests" / "golden" / "spoils_positions.json.gz"
# (alice's deck, bob's deck, seed, actions): games long enough to put a table of cards in play.
GAMES = (("2 Player Starter - Arcanist-Warlord", "Precon - Seed 1 - Banker", 1, 110),
         ("New Player Starter (2nd-Shade) - Rogue", "New Player Starter (2nd-Shade) - Gearsmith", 2, 110),
         ("Precon - Seed 1 - Warlord", "New Player Starter (2nd-Shade) - Arcanist", 3, 110),
         ("Precon - Seed 1 - Gearsmith", "Precon - Seed 1 - Rogue", 4, 110),
         ("New Player Starter (2nd-Shade) - Banker", "Precon - Seed 1 - Arcanist", 5, 110))
# (cards on the table, actions): positions entered directly with real characters (bench.table_size).
TABLES = ((10, 25), (20, 25), (40, 4))
PLAYERS = ("alice", "bob")
WAITING = {"pass", "end_turn", "concede", "mulligan"}
NAMED = {"play_card", "play_tactic"}


def deck_text(name: str) -> str:
    return (DATA / "decks" / f"{name}.o8d").read_text(encoding="utf-8-sig")


def deck_names(name: str) -> list[str]:
    """The names of the cards in a deck's game deck (its faction aside)."""
    text = deck_text(name).split('name="Game Deck"', 1)[-1].split("</section>", 1)[0]
    return sorted(set(re.findall(r">([^<]+)</card>", text)))


def candidates(rng: random.Random, legal: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """The actions to try, in order: a card to play named from the player's deck where the legal
    action leaves it open; most of the time something that changes the table before a pass."""
    out = []
    for a in legal:
        if a["type"] == "concede":
            continue
        if a["type"] in NAMED and "card" not in a:
            out += [a | {"card": n} for n in rng.sample(names, min(6, len(names)))]
        else:
            out.append(a)
    rng.shuffle(out)
    if rng.random() < 0.8:
        out.sort(key=lambda a: a["type"] in WAITING)
    return out


def create(client: Any, alice: str, bob: str) -> str:
    if alice.startswith("table of "):
        return create_table(client, int(alice.split()[2]))
    body = {"game": "spoils", "players": [{"id": "alice", "deck": deck_text(alice)}, {"id": "bob", "deck": deck_text(bob)}],
            "first_player": "alice", "cards_as_of": "2020-01-01", "allow_unknown": True}
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def create_table(client: Any, n: int) -> str:
    setup = table_setup(characters(client.application.extensions["cards"], n))
    r = client.post("/games", json={"game": "spoils", "players": [{"id": "alice"}, {"id": "bob"}],
                                    "first_player": "alice", "setup": setup})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def answers(client: Any, gid: str) -> dict[str, Any]:
    """What the API says at the game's position: its state document and each player's legal actions."""
    out: dict[str, Any] = {"state": client.get(f"/games/{gid}/state").get_json()}
    for p in PLAYERS:
        legal = client.get(f"/games/{gid}/legal-actions?player={p}&limit=1000").get_json()
        legal.pop("next", None)
        out[p] = legal
    return out


def play(client: Any, alice: str, bob: str, seed: int, length: int) -> Iterator[tuple[dict[str, Any] | None, dict[str, Any]]]:
    """(the action that led here, the answers here) at every position of one seeded game: the player
    to act picks at random among the concrete legal actions that are accepted (conceding aside)."""
    rng = random.Random(seed)
    names = {p: [] if d.startswith("table of ") else deck_names(d) for p, d in (("alice", alice), ("bob", bob))}
    gid = create(client, alice, bob)
    seen = answers(client, gid)
    yield None, seen
    for _ in range(length):
        to_act = seen["state"].get("to_act")
        if not to_act or seen["state"].get("winner"):
            return
        options = candidates(rng, [a["action"] for a in seen[to_act]["actions"]], names[to_act])
        for action in options:
            if client.post(f"/games/{gid}/actions", json=action).status_code == 201:
                break
        else:
            return
        seen = answers(client, gid)
        yield action, seen


def replay(client: Any, alice: str, bob: str, actions: list[dict[str, Any] | None]) -> Iterator[dict[str, Any]]:
    """The answers at every position of a game that takes the recorded ``actions``."""
    gid = create(client, alice, bob)
    for action in actions:
        if action is not None:
            r = client.post(f"/games/{gid}/actions", json=action)
            assert r.status_code == 201, (action, r.get_json())
        yield answers(client, gid)


def record(client: Any) -> list[dict[str, Any]]:
    games = []
    for alice, bob, seed, length in GAMES:
        steps = list(play(client, alice, bob, seed, length))
        games.append({"alice": alice, "bob": bob, "actions": [a for a, _ in steps], "answers": [s for _, s in steps]})
        print(f"{alice} vs {bob}: {len(steps)} positions", flush=True)
    for n, length in TABLES:
        name = f"table of {n} characters"
        steps = list(play(client, name, name, n, length))
        games.append({"alice": name, "bob": name, "actions": [a for a, _ in steps], "answers": [s for _, s in steps]})
        print(f"{name}: {len(steps)} positions", flush=True)
    return games


def load() -> list[dict[str, Any]]:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return json.load(f)


def main() -> int:
    from api import create_app
    from rulings.importers import SEED_FILES, build_catalog

    cards, _ = build_catalog([DATA / "sets"], SEED_FILES)
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": False})
    app.extensions["cards"] = cards
    games = record(app.test_client())
    app.extensions["games"].close()
    with gzip.open(GOLDEN, "wt", encoding="utf-8") as f:
        json.dump(games, f, sort_keys=True, separators=(",", ":"))
    print(f"{sum(len(g['answers']) for g in games)} positions in {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
