"""Action documents of The Spoils for the scenario tests of this package: a card played or an
ability used (with or without the choices it carries), an attack, a block, a faction ability, a
response.  The modules import them under the short names their tests use."""
from __future__ import annotations

from typing import Any


def use_ability_as(player: str, card: str, ability: str, *targets: str, **choices: Any) -> dict[str, Any]:
    action = {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}
    return action | ({"choices": choices} if choices else {})


def play_with_choices(card: str, *targets, player: str = "alice", **choices) -> dict:
    return {"type": "play_card", "player": player, "card": card, "targets": list(targets), "choices": choices}


def use_ability_choosing(card: str, ability: str, *targets, player: str = "alice", **choices) -> dict:
    action = {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}
    if choices:
        action["choices"] = choices
    return action


def use_ability(card: str, ability: str, *targets, player: str = "alice") -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}


def attack(*attackers: str, player: str = "alice", target: str | None = None) -> dict:
    action = {"type": "attack", "player": player, "attackers": list(attackers)}
    return action | ({"target": target} if target else {})


def block(player: str, *blockers: str) -> dict:
    return {"type": "block", "player": player, "blockers": list(blockers)}


def use_ability_with(card: str, ability: str, *targets, player: str = "alice", **extra) -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)} | extra


def respond(card: str, player: str = "alice", **extra) -> dict:
    return {"type": "respond", "player": player, "card": card, **extra}


def faction_ability(name: str) -> dict:
    return {"type": "faction_ability", "player": "alice", "ability": name}


def use_ability_with_choices(card: str, ability: str, *targets, player: str = "alice", **choices) -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets),
            "choices": choices}
