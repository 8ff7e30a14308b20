"""What the rulebook scenarios of The Spoils read from an answer: every rule id it cites."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.scenarios.spoils_table import DATA, Table


def cited(answer: dict[str, Any]) -> set[str]:
    """The rule ids of an answer's trace, violations and events."""
    ids = {b["rule"]["id"] for b in answer.get("because") or []}
    ids |= {v["rule"]["id"] for v in answer.get("violations") or []}
    ids |= {e["data"]["rule"] for e in answer.get("events") or [] if isinstance(e["data"].get("rule"), str)}
    return ids


def types(answer: dict[str, Any]) -> list[str]:
    return [e["type"] for e in answer.get("events") or []]


def precon_game(client: Any) -> Table:
    """A game started through the API from two 1st-edition precon decks (Gearsmith for alice, Warlord
    for bob; alice first; the cards as of 2012)."""
    decks = Path(DATA) / "decks"
    players = [{"id": "alice", "deck": (decks / "Precon -1st Edition- Gearsmith.o8d").read_text()},
               {"id": "bob", "deck": (decks / "Precon -1st Edition- Warlord.o8d").read_text()}]
    r = client.post("/games", json={"game": "spoils", "players": players, "first_player": "alice",
                                    "cards_as_of": "2012-12-31"})
    assert r.status_code == 201, r.get_json()
    return Table(client, r.get_json()["id"])
