"""What the playing commands print for people (``--json`` prints the documents themselves): a state
in a few lines, the legal actions one per line, a decision with its rules."""
from __future__ import annotations

import json
from typing import Any, Iterable, Mapping

from events.service.game_record import action_in_words, event_in_words, fields_in_words

# Fields of a state document too long or too internal for the summary (still in --json).
_HIDDEN = {"card_pool", "rulings", "serial", "next_id", "board", "seating", "players", "position", "game",
           "history", "log", "effects", "lasting", "pending", "for_the_judge"}
_ENTITY_KEYS = ("name", "owner", "controller", "location", "depleted", "fatigued", "damage", "health",
                "strength", "life", "speed", "attached_to", "square", "clock", "main")


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _short(value: Any) -> str:
    if isinstance(value, Mapping):
        if "name" in value and _scalar(value["name"]):
            return str(value["name"])
        return f"{len(value)}"
    if isinstance(value, list):
        if all(_scalar(v) for v in value) and len(value) <= 6:
            return ", ".join(str(v) for v in value) or "none"
        return f"{len(value)}"
    return str(value)


def _player_line(pid: str, doc: Mapping[str, Any]) -> str:
    parts = []
    for key, value in doc.items():
        if key.endswith("_cards") or value in (None, "", [], {}):
            continue
        if key == "resources" and isinstance(value, Mapping):
            named = [f"{rid} {r.get('name', '?')}{'' if r.get('face_up', True) else ' (face down)'}"
                     for rid, r in value.items() if isinstance(r, Mapping)]
            parts.append("resources " + ", ".join(named))
        elif key == "faction" and isinstance(value, Mapping):
            parts.append(f"faction {value.get('name', '?')} (influence {value.get('influence', '?')})")
        else:
            parts.append(f"{key.replace('_', ' ')} {_short(value)}")
    return f"  {pid}: " + "; ".join(parts)


def _entity_line(eid: str, doc: Mapping[str, Any]) -> str:
    shown = {k: doc[k] for k in _ENTITY_KEYS if k in doc and doc[k] not in (None, False, "", 0)}
    name = shown.pop("name", "")
    return f"  {eid} {name}".rstrip() + (f" ({fields_in_words(shown)})" if shown else "")


def _judge_lines(items: Any) -> list[str]:
    """What a card left to the judge, waiting for a ruling (The Spoils' ``for_the_judge``)."""
    shown = [i for i in items or [] if isinstance(i, Mapping)]
    head = ["for the judge (until a ruling answers it):"] if shown else []
    return head + [f"  {i.get('id')} {i.get('name')}: {i.get('sentence')} ({i.get('rule')})" for i in shown]


def state_text(gid: str, doc: Mapping[str, Any], status: str, winner: Any) -> list[str]:
    """A state document in a few lines: where the game is, each player, each card or character."""
    head = f"{doc.get('game', '?')} game {gid} at position {doc.get('position')}: {status.replace('_', ' ')}"
    if winner:
        head += f", winner {_short(winner) if not isinstance(winner, Mapping) else winner.get('player', winner)}"
    lines = [head]
    flow = [f"{k.replace('_', ' ')} {_short(v)}" for k, v in doc.items()
            if k not in _HIDDEN and k != "winner" and v not in (None, [], {}, "") and (_scalar(v) or isinstance(v, list))]
    if flow:
        lines.append("  " + "; ".join(flow))
    players = doc.get("players")
    if isinstance(players, Mapping):
        lines.append("players:")
        lines.extend(_player_line(pid, p) for pid, p in players.items() if isinstance(p, Mapping))
    lines.extend(_judge_lines(doc.get("for_the_judge")))
    for key, value in doc.items():
        if key in _HIDDEN or not isinstance(value, Mapping) or not value:
            continue
        if all(isinstance(v, Mapping) for v in value.values()):
            lines.append(f"{key.replace('_', ' ')}:")
            lines.extend(_entity_line(eid, e) for eid, e in value.items())
        else:
            lines.append(f"{key.replace('_', ' ')}: {fields_in_words(value)}")
    return lines


def legal_text(answer: Mapping[str, Any]) -> list[str]:
    """One line per legal action: its words, the action as JSON to send, the rules that allow it."""
    lines = [f"{answer['total']} legal action(s) for {answer['player']} at position {answer['position']}"
             + (f" ({answer['to_act']} to act)" if answer.get("to_act") else "")]
    for item in answer["actions"]:
        rules = ", ".join(r["id"] for r in item["rules"])
        lines.append(f"- {item.get('description') or action_in_words(item['action'])}")
        lines.append(f"    {json.dumps(item['action'], ensure_ascii=False)}" + (f"   [{rules}]" if rules else ""))
        for name, values in (item.get("domains") or {}).items():
            lines.append(f"    {name}: one of {', '.join(map(str, values))}")
    return lines


def events_text(events: Iterable[Mapping[str, Any]]) -> list[str]:
    return [f"  {e['position']}. {event_in_words(e['type'], e['data'])}   ({e['type']})" for e in events]


def violations_text(violations: Iterable[Mapping[str, Any]]) -> list[str]:
    return [f"  {v['rule']['id']} ({v['rule']['title']}): {v['message']}" for v in violations]
