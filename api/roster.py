"""Who sits at a game: how many players a game needs, and a game as a list shows it (its players
without their decks, its position, status and winner).  Shared by ``GET /games`` and the
``adjudicator games`` command."""
from __future__ import annotations

from typing import Any, Iterable, Mapping
from uuid import UUID

# A game's fewest players, and the rule that makes it so.  The Spoils and Buffy are won against an
# opponent (an opponent's faction brought to 0 influence; fights and challenges against another
# player's characters).  A WoW Miniatures action-bar situation may have one party: a judge asks about
# one character's action bar, its buffs, forms, totems or pet, and the clock turns work with one.
MINIMUM_PLAYERS: dict[str, tuple[int, str, str]] = {
    "spoils": (2, "spoils.102.1", "a game of The Spoils is won by bringing an opponent's faction to 0 influence"),
    "buffy": (2, "buffy.multiplayer", "a game of Buffy is played against at least one opponent, "
                                      "whose characters you fight and whose challenges you face"),
}


def too_few_players(game: str, players: Iterable[Any]) -> str | None:
    """Why a game with these players cannot be created, or None when there are enough."""
    seats = [p.get("id") if isinstance(p, Mapping) else p for p in players]
    need = MINIMUM_PLAYERS.get(game)
    if need is None or len(seats) >= need[0]:
        return None
    count, rule, why = need
    return (f"{game} needs at least {count} players, got {len(seats)} ({', '.join(map(str, seats)) or 'none'}): "
            f"{why} ({rule})")


def minimum_rule(game: str) -> str | None:
    need = MINIMUM_PLAYERS.get(game)
    return need[1] if need else None


def seat(player: Mapping[str, Any]) -> dict[str, Any]:
    """A player as a list shows them: their id, short facts (a faction's name) and their deck's
    problems, never their deck or card documents."""
    out: dict[str, Any] = {}
    for key, value in player.items():
        if key in ("deck", "deck_cards", "hand_cards"):
            continue
        if key in ("deck_problems", "unknown_cards"):  # short, and what a judge checks first
            if value:
                out[key] = value
            continue
        if isinstance(value, Mapping):
            if isinstance(value.get("name"), str):
                out[key] = value["name"]
        elif not isinstance(value, list):
            out[key] = value
    return out


def list_item(svc: Any, game: Mapping[str, Any]) -> dict[str, Any]:
    """A ``list_games`` row with the game's position, status and winner, its players seated."""
    log = svc.game(UUID(str(game["id"])))
    status, winner = svc.status(log)
    return {"id": game["id"], "game": game["game"], "players": [seat(p) for p in game.get("players", [])
                                                                  if isinstance(p, Mapping)],
            "position": log.version, "status": status, "winner": winner, "created_at": game.get("created_at")}
