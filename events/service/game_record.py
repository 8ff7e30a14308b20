"""A game's record a person reads, like a PGN's move list: a few header lines, then one line per
event of the log (its position, who acted, the action in words, the event it produced), the
rulings and flagged violations where they are, and the result.

    [Game "spoils"]
    [Id "5b0e…"]
    [Players "alice, bob"]
    1. -      created: players alice, bob; first player alice   (GameCreated)
    7. alice  play resource: card Elitism, face up   (ResourcePlayed)
    8. alice  play card: card Micromajig Maker   (CardPlayed)
    9.          resources attached: amount 2, resources r1, r2   (ResourcesAttached)
    [Result "in progress at position 15"]

The JSON Lines export (``events.service.export``) stays the exact, hashed record; this one drops
the hashes and long card descriptions and keeps what a judge reads.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Iterator, Mapping

WIDTH = 200  # a line is cut here (card texts and scripts are long)
_SKIP = {"type", "player", "script", "text", "text_sha", "effects", "triggers", "replacements", "abilities",
         "rule", "effective", "modifiers"}


def _humane(name: str) -> str:
    """``play_card`` -> ``play card``; ``ResourcesAttached`` -> ``resources attached``."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ")
    return spaced.lower()


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        if isinstance(value.get("name"), str):
            return value["name"]
        inner = [f"{_humane(k)} {_value(v)}" for k, v in value.items() if k not in _SKIP and v not in (None, [], {}, "")]
        return "{" + ", ".join(inner) + "}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v) for v in value) if value else "none"
    return str(value)


def fields_in_words(doc: Mapping[str, Any]) -> str:
    """The fields of an action or an event, each as ``name value`` (empty ones left out)."""
    parts = [f"{_humane(k)} {_value(v)}" for k, v in doc.items()
             if k not in _SKIP and v not in (None, [], {}, "", 0, False) or (k in ("count", "amount") and v == 0)]
    return ", ".join(parts)


def action_in_words(action: Mapping[str, Any]) -> str:
    """``play card: card Gate Guard, id c4`` for ``{"type": "play_card", "card": "Gate Guard", "id": "c4"}``."""
    kind = _humane(str(action.get("type", "action")))
    said = fields_in_words(action)
    return f"{kind}: {said}" if said else kind


def event_in_words(event_type: str, data: Mapping[str, Any]) -> str:
    said = fields_in_words({k: v for k, v in data.items() if k != "player"})
    return f"{_humane(event_type)}: {said}" if said else _humane(event_type)


def _created(data: Mapping[str, Any]) -> str:
    players = [p.get("id", "?") if isinstance(p, Mapping) else str(p) for p in data.get("players") or []]
    first = data.get("first_player")
    return f"created: players {', '.join(players)}" + (f"; first player {first}" if first else "")


def event_line(event: Any, first_of_batch: bool) -> str:
    """One line for a stored event: the action in words on the first event of its batch, the
    event's own words on the consequences that follow it."""
    pos = f"{event.originator_version}."
    actor = event.actor or "-"
    if event.type == "GameCreated":
        said = _created(event.data)
    elif first_of_batch and event.action:
        said = action_in_words(event.action)
    else:
        actor, said = "", "  " + event_in_words(event.type, event.data)
    line = f"{pos:<5} {actor:<8} {said}"
    if len(line) > WIDTH:
        line = line[: WIDTH - 1] + "…"
    line += f"   ({event.type})"
    if first_of_batch and event.mode == "record" and event.violations:
        rules = ", ".join(sorted({str(v.get("rule")) for v in event.violations}))
        line += f"   [recorded against {rules}]"
    return line


def record_lines(events: Iterable[Any], status: str, winner: Any) -> Iterator[str]:
    """The readable record of a game, line by line (each ends with a newline).  ``events`` are the
    stored events in order (an unreadable row is named, not skipped)."""
    batch = None
    first = True
    last = 0
    for event in events:
        if not hasattr(event, "type"):  # an unreadable row: named at its position
            last = event.originator_version
            yield f"{last}.    (unreadable: {event.error})\n"
            continue
        if first:
            players = [p.get("id", "?") if isinstance(p, Mapping) else str(p)
                       for p in event.data.get("players") or []]
            yield f'[Game "{event.game}"]\n[Id "{event.originator_id}"]\n[Players "{", ".join(players)}"]\n'
            yield f'[Date "{event.timestamp.date().isoformat()}"]\n'
            first = False
        yield event_line(event, event.batch != batch) + "\n"
        batch, last = event.batch, event.originator_version
    yield f'[Result "{result_words(status, winner, last)}"]\n'


def result_words(status: str, winner: Any, position: int) -> str:
    if status != "finished":
        return f"in progress at position {position}"
    if isinstance(winner, Mapping):
        who = winner.get("player") or winner.get("party") or winner.get("winner")
        how = winner.get("by") or winner.get("reason")
        if who:
            return f"{who} wins" + (f" ({_value(how)})" if how else "") + f" at position {position}"
        return f"{_value(winner)} at position {position}"
    return (f"{winner} wins at position {position}" if winner else f"finished without a winner at position {position}")
