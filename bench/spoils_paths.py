"""``python -m bench.spoils_paths [CARD]``: one ``play_card`` append of a real Spoils card (default:
Sleeping Guard) through the API, followed module by module inside ``adjudicator/spoils``: how many
modules ``decide`` passes through, and how many times it comes back to a module it had already
left (a measure of how tangled the engine is, issue 27).  A figure, not a test: it prints.
Needs the shared OCTGN data beside the repository (``../shared/data/spoils-octgn/sets``)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SETS = ROOT.parent / "shared" / "data" / "spoils-octgn" / "sets"
STAPLES = {"O": "Obsession", "G": "Greed", "E": "Elitism", "D": "Deception", "R": "Rage"}
SPOILS = str(ROOT / "adjudicator" / "spoils")


def _setup(name: str, threshold: str, cost: int) -> dict[str, Any]:
    icons = threshold + "O" * max(0, cost - len(threshold))
    resources = {f"alice.r{i}": {"name": STAPLES.get(icon, "Obsession"), "face_up": True, "icons": icon}
                 for i, icon in enumerate(icons, start=1)}
    players = {p: {"hand": 1 if p == "alice" else 0, "hand_cards": [name] if p == "alice" else [], "deck": 30,
                   "deck_cards": [], "resources": resources if p == "alice" else {},
                   "faction": {"name": f"{p}'s faction", "influence": 25, "starting_influence": 25}}
               for p in ("alice", "bob")}
    return {"stage": "main", "turn": 3, "active_player": "alice", "first_player": "alice", "players": players,
            "cards": {"b1": {"card": "Agile Highwayman", "controller": "bob", "owner": "bob", "can_attack": True}}}


def _modules_visited(calls: list[str]) -> tuple[list[str], int]:
    """The modules in the order calls entered them (a run of calls in one module counts once) and
    how many of those entries were back into a module already left."""
    path: list[str] = []
    for module in calls:
        if not path or path[-1] != module:
            path.append(module)
    returns = sum(1 for i, m in enumerate(path) if m in path[:i])
    return path, returns


def main(card: str = "Sleeping Guard") -> None:
    from api import create_app
    from rulings.importers import SEED_FILES, build_catalog

    catalog, _ = build_catalog([SETS], SEED_FILES)
    printing = catalog.effective("spoils", card).printing
    cost = int(printing.cost or 0)
    threshold = str(printing.fields.get("threshold") or "")
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    app.extensions["cards"] = catalog
    client = app.test_client()
    r = client.post("/games", json={"game": "spoils", "players": [{"id": "alice"}, {"id": "bob"}],
                                    "first_player": "alice", "setup": _setup(card, threshold, cost)})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    calls: list[str] = []

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(SPOILS):
            calls.append(Path(frame.f_code.co_filename).stem)

    sys.setprofile(profile)
    try:
        r = client.post(f"/games/{gid}/actions", json={"type": "play_card", "player": "alice", "card": card})
    finally:
        sys.setprofile(None)
    path, returns = _modules_visited(calls)
    print(f"play_card {card!r}: HTTP {r.status_code}; {len(calls)} calls in adjudicator/spoils, "
          f"{len(set(path))} modules, {len(path)} entries into a module, {returns} of them back into a module "
          f"already left")
    print("modules:", ", ".join(sorted(set(path))))


if __name__ == "__main__":
    main(*sys.argv[1:2])
