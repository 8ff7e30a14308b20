"""Games of The Spoils played through the HTTP API by a seeded random player that picks among the
legal actions (naming cards of its deck where a play leaves the card open): from the shared real
decks, and from tables of real characters entered directly (``bench.table_size``).  ``play`` yields
what the API answers at every position (the state document and both players' legal actions), asked
by ``answers`` -- the test of issue 26 asks each position twice, continuous effects kept once per
position and re-derived for every question, and compares.

``python -m tests.scenarios.spoils.random_games record OUT.json.gz`` plays every game and writes what
was answered; ``... compare A.json.gz B.json.gz`` says how many positions two recordings (say, one
made from a tree without a change and one with it) answer alike, and where they first differ."""
from __future__ import annotations

import gzip
import json
import random
import re
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

from bench.table_size import characters, table_setup

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT.parent / "shared" / "data" / "spoils-octgn"
# (alice's deck, bob's deck, seed, actions): games long enough to put a table of cards in play.
GAMES = (("2 Player Starter - Arcanist-Warlord", "Precon - Seed 1 - Banker", 1, 110),
         ("New Player Starter (2nd-Shade) - Rogue", "New Player Starter (2nd-Shade) - Gearsmith", 2, 110),
         ("Precon - Seed 1 - Warlord", "New Player Starter (2nd-Shade) - Arcanist", 3, 110),
         ("Precon - Seed 1 - Gearsmith", "Precon - Seed 1 - Rogue", 4, 110),
         ("New Player Starter (2nd-Shade) - Banker", "Precon - Seed 1 - Arcanist", 5, 110))
# (cards on the table, seed, actions): positions entered directly with real characters.
TABLES = ((10, 10, 25), (20, 20, 25), (40, 40, 4))
PLAYERS = ("alice", "bob")
WAITING = {"pass", "end_turn", "concede", "mulligan"}
NAMED = {"play_card", "play_tactic"}
Answers = Callable[[Any, str], dict[str, Any]]


def deck_text(name: str) -> str:
    return (DATA / "decks" / f"{name}.o8d").read_text(encoding="utf-8-sig")


def deck_names(name: str) -> list[str]:
    """The names of the cards in a deck's game deck (its faction aside)."""
    text = deck_text(name).split('name="Game Deck"', 1)[-1].split("</section>", 1)[0]
    return sorted(set(re.findall(r">([^<]+)</card>", text)))


def create(client: Any, alice: str | int, bob: str | int) -> str:
    """A game between two real decks, or (``alice`` a number) a table of that many real characters."""
    if isinstance(alice, int):
        body: dict[str, Any] = {"game": "spoils", "players": [{"id": "alice"}, {"id": "bob"}], "first_player": "alice",
                                "setup": table_setup(characters(client.application.extensions["cards"], alice))}
    else:
        body = {"game": "spoils", "players": [{"id": "alice", "deck": deck_text(alice)},
                                              {"id": "bob", "deck": deck_text(str(bob))}],
                "first_player": "alice", "cards_as_of": "2020-01-01", "allow_unknown": True}
    r = client.post("/games", json=body)
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


def play(client: Any, alice: str | int, bob: str | int, seed: int, length: int,
         ask: Answers = answers) -> Iterator[tuple[dict[str, Any] | None, dict[str, Any]]]:
    """(the action that led here, ``ask``'s answers here) at every position of one seeded game: the
    player to act picks at random among the concrete legal actions that are accepted (conceding aside)."""
    rng = random.Random(seed)
    names = {p: [] if isinstance(d, int) else deck_names(d) for p, d in (("alice", alice), ("bob", bob))}
    gid = create(client, alice, bob)
    seen = ask(client, gid)
    yield None, seen
    for _ in range(length):
        to_act = seen["state"].get("to_act")
        if not to_act or seen["state"].get("winner") or "actions" not in seen[to_act]:
            return  # over, or no list to pick from (a problem answered instead)
        for action in candidates(rng, [a["action"] for a in seen[to_act]["actions"]], names[to_act]):
            if client.post(f"/games/{gid}/actions", json=action).status_code == 201:
                break
        else:
            return
        seen = ask(client, gid)
        yield action, seen


def record(path: str) -> None:
    from api import create_app
    from bench.table_size import catalog

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": False})
    app.extensions["cards"] = catalog()
    games = []
    for alice, bob, seed, length in [*GAMES, *[(n, n, seed, length) for n, seed, length in TABLES]]:
        steps = list(play(app.test_client(), alice, bob, seed, length))
        games.append({"game": [alice, bob, seed, length], "actions": [a for a, _ in steps],
                      "answers": [_without_ids(x) for _, x in steps]})
        print(f"{alice} v {bob}: {len(steps)} positions", flush=True)
    app.extensions["games"].close()
    with gzip.open(path, "wt", encoding="utf-8") as f:
        json.dump(games, f)


def _without_ids(answers: dict[str, Any]) -> dict[str, Any]:
    """The answers without the game's id (a problem's ``instance`` names it)."""
    return {k: {f: v for f, v in doc.items() if f != "instance"} for k, doc in answers.items()}


def compare(first: str, second: str) -> int:
    games = [json.load(gzip.open(p, "rt", encoding="utf-8")) for p in (first, second)]
    same = total = 0
    for a, b in zip(*games):
        for i, (x, y) in enumerate(zip(a["answers"], b["answers"])):
            total += 1
            same += x == y
            if x != y:
                key = next(k for k in x if x[k] != y.get(k))
                print(f"{a['game'][:2]} position {i}: {key} differs")
        if a["actions"] != b["actions"]:
            print(f"{a['game'][:2]}: the games went different ways")
    print(f"{same} of {total} positions answer alike (the state document and both players' legal actions)")
    return 0 if same == total else 1


if __name__ == "__main__":
    sys.exit(record(sys.argv[2]) if sys.argv[1] == "record" else compare(sys.argv[2], sys.argv[3]))
