"""Issue 25, item 3: no accepted action leaves a Spoils game stuck.

A seeded random walk over games started from real deck pairs (the shared OCTGN decks): at each
position the player to act tries the actions ``/legal-actions`` lists and plays of cards from their
deck with random picks, X and divisions, each checked with ``/check``; one that is accepted is
appended.  After every 2xx the property is asked again: the player to act has an action that
``/legal-actions`` lists and ``/check`` accepts.  A choice the text does not allow (a pick outside
its qualifiers, a division that does not add up, X beyond its bounds) must be refused when it is
made, not appended and then block the next player's pass.  A choice the pass that resolves a play
brings (a card type named, spoils.engine.hidden-choice) is filled from the value the refusal offers.

``SPOILS_WALK_STEPS`` (default 45 appends a game) and ``SPOILS_WALK_SEED`` tune it; the figures
(positions tried, actions checked, appends) are printed (``-s``) and kept in ``FIGURES``."""
from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn" / "decks"
PAIRS = [("Precon - Seed 1 - Arcanist", "Precon - Seed 1 - Banker"),
         ("Precon - Seed 1 - Gearsmith", "Precon - Seed 1 - Rogue"),
         ("Precon - Seed 1 - Warlord", "Precon -1st Edition- Arcanist"),
         ("Precon -1st Edition- Gearsmith", "Precon -1st Edition- Warlord"),
         ("Precon -1st Edition- Rogue", "Precon - Seed 1 - Banker")]
STEPS = int(os.environ.get("SPOILS_WALK_STEPS", "45"))
SEED = int(os.environ.get("SPOILS_WALK_SEED", "25"))
FIGURES: dict[str, dict[str, int]] = {}
pytestmark = pytest.mark.skipif(not DATA.exists(), reason="the shared OCTGN decks are not present")


@pytest.fixture(scope="module")
def client(request):
    from api import create_app
    from rulings.importers import SEED_FILES, build_catalog

    catalog, _ = build_catalog([DATA.parent / "sets"], SEED_FILES)
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"})
    app.extensions["cards"] = catalog
    yield app.test_client()
    app.extensions["games"].close()


class Walk:
    """One game through the API, with the counts the report gives."""

    def __init__(self, client: Any, gid: str, rng: random.Random):
        self.client, self.gid, self.rng = client, gid, rng
        self.figures = {"positions": 0, "checked": 0, "appended": 0, "plays_tried": 0, "plays_appended": 0,
                        "fills_tried": 0}
        self.history: list[dict[str, Any]] = []
        self.names: list[str] = []

    def state(self) -> dict[str, Any]:
        return self.client.get(f"/games/{self.gid}/state").get_json()

    def listed(self, player: str) -> list[dict[str, Any]]:
        r = self.client.get(f"/games/{self.gid}/legal-actions", query_string={"player": player, "limit": 1000})
        assert r.status_code == 200, r.get_json()
        return [a["action"] for a in r.get_json()["actions"]]

    def accepted(self, action: dict[str, Any]) -> bool:
        self.figures["checked"] += 1
        r = self.client.post(f"/games/{self.gid}/check", json={"action": action})
        return r.status_code == 200 and r.get_json().get("legal") is True

    def completed(self, action: dict[str, Any]) -> dict[str, Any] | None:
        """``action`` as accepted: as listed, or with the hidden choice its resolution asks for
        (spoils.engine.hidden-choice: the pass that resolves a play names it) filled with the first
        value the refusal offers; None when neither is accepted."""
        self.figures["checked"] += 1
        r = self.client.post(f"/games/{self.gid}/check", json={"action": action}).get_json()
        if r.get("legal") is True:
            return action
        asked = [_filled(v["message"], self.names) for v in r.get("violations") or []]
        if not asked or not all(asked):
            return None
        filled = {**action, "choices": {**action.get("choices", {})}}
        for key, value in asked:
            filled["choices"][key] = value
        self.figures["fills_tried"] += 1
        return filled if self.accepted(filled) else None

    def plays(self, state: dict[str, Any], player: str, names: list[str]) -> list[dict[str, Any]]:
        """Random plays of cards of the player's deck: picks among the cards in play, X, divisions."""
        in_play = sorted(state["cards"])
        out = []
        for name in self.rng.sample(names, min(4, len(names))):
            picks = self.rng.sample(in_play, min(len(in_play), self.rng.choice((0, 1, 1, 2))))
            choices: dict[str, Any] = {"x": self.rng.choice((0, 1, 2, 4, 8))} if self.rng.random() < 0.4 else {}
            if picks and self.rng.random() < 0.3:
                choices["divided"] = {picks[0]: self.rng.choice((1, 2, 3, 5))}
            out.append({"type": "play_card", "player": player, "card": name, "targets": picks, "choices": choices})
        return out

    def step(self, names: dict[str, list[str]]) -> bool:
        """One position: the property, then one accepted action appended (False when the game is over)."""
        state = self.state()
        if state["winner"] is not None:
            return False
        who = state["to_act"]
        assert who in state["seating"], f"nobody to act at position {state['position']} after {self.history[-3:]}"
        listed = [a for a in self.listed(who) if a["type"] != "concede"]
        self.figures["positions"] += 1
        ok = [done for done in map(self.completed, listed) if done is not None]
        assert ok, (f"stuck at position {state['position']}: {who} has no listed action /check accepts: {listed}, "
                    f"after {self.history[-3:]}")
        tried = self.plays(state, who, names[who]) if state["stage"] == "main" and not state["pending"] else []
        self.figures["plays_tried"] += len(tried)
        played = [a for a in tried if self.accepted(a)]
        action = self.rng.choice(played) if played and self.rng.random() < 0.7 else self.rng.choice(ok)
        r = self.client.post(f"/games/{self.gid}/actions", json=action)
        assert r.status_code == 201, (action, r.get_json())
        self.history.append(action)
        self.figures["appended"] += 1
        self.figures["plays_appended"] += action in played
        return True


def _filled(message: str, names: list[str]) -> tuple[str, Any] | None:
    """A value for the choice a refusal says the pass must bring: the first of the values it offers
    ("choices.card_type: one of character, ..."), or 1 to the first card of a division ("divide up to
    2 damage among c1, c2 (choices.divided ..."), a card of the decks for a card named from a hidden
    hand ("choices.chosen; 0 named"), the first of the cards a tie names ("choices.tie"), a "you may" declined for a pick not given."""
    offered = re.search(r"choices\.(\w+): one of ([^,)]+)", message)
    if offered:
        return offered.group(1), offered.group(2)
    tie = re.search(r"([\w.]+), [^:]* tie for .*choices\.tie", message)
    if tie:
        return "tie", tie.group(1)
    if "choices.chosen;" in message and names:
        return "chosen", [names[0]]
    if "0 given" in message or "none given" in message:  # a "you may" the pass declines
        return "may", False
    divided = re.search(r"among ([\w.]+)[^(]*\(choices\.divided", message)
    if divided:
        return "divided", {divided.group(1): 1}
    return None


def deck_names(client: Any, gid: str) -> dict[str, list[str]]:
    """The names of the non-resource cards each player's deck brought (the game's pool)."""
    state = client.get(f"/games/{gid}/state").get_json()
    pool = state["card_pool"]
    return {p: sorted({n for n in doc["deck_cards"] if pool.get(n, {}).get("type") not in (None, "resource")})
            for p, doc in state["players"].items()}


def game_from_pair(client: Any, pair: tuple[str, str]) -> str:
    """The id of a game created through the API from the deck pair (alice's, bob's; alice first)."""
    alice, bob = (DATA / f"{name}.o8d" for name in pair)
    body = {"game": "spoils", "first_player": "alice",
            "players": [{"id": "alice", "deck": alice.read_text(encoding="utf-8-sig")},
                        {"id": "bob", "deck": bob.read_text(encoding="utf-8-sig")}]}
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


@pytest.mark.parametrize("pair", PAIRS, ids=["-vs-".join(p) for p in PAIRS])
def test_after_every_accepted_action_the_player_to_act_can_act(client, pair):
    gid = game_from_pair(client, pair)
    walk = Walk(client, gid, random.Random(f"{SEED}|{pair}"))
    names = deck_names(client, gid)
    walk.names = sorted({n for found in names.values() for n in found})
    for _ in range(STEPS):
        if not walk.step(names):
            break
    FIGURES["-vs-".join(pair)] = walk.figures
    print(f"\n{pair}: {walk.figures}")
    assert walk.figures["appended"] >= min(STEPS, 10)
