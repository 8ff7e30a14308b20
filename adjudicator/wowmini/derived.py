"""What the WoW Miniatures rules derive from a position without deciding anything: a character's
effective statistics and counters, whether a restriction line fits, who acts next on the timeline,
where a pet may appear, what blocks line of sight, and who controls the VP squares."""
from __future__ import annotations

import re
from typing import Any

from adjudicator.wowmini.state import Attack, Character, Square, WowMiniState, distance, line_between, neighbours

def effective_attack(ch: Character) -> Attack:
    """The attack a character uses now: a form's new statistics replace only what they name
    (302.1), and continuous effects such as buffs still apply on top (302.5)."""
    attack = ch.form.attack if ch.form is not None and ch.form.attack is not None else ch.attack
    bonus = sum(b.modifiers.get("damage", 0) for b in ch.buffs)
    return attack.model_copy(update={"damage": max(0, attack.damage + bonus)})


def effective_health(ch: Character) -> int:
    base = ch.form.health if ch.form is not None and ch.form.health is not None else ch.health
    return max(1, base + sum(b.modifiers.get("health", 0) for b in ch.buffs))


def counters_of(ch: Character) -> dict[str, int]:
    """Counters on a character: those its buffs added (301.2e)."""
    totals: dict[str, int] = {}
    for buff in ch.buffs:
        for name, n in buff.counters.items():
            totals[name] = totals.get(name, 0) + n
    return totals


def effective(ch: Character) -> dict[str, Any]:
    return {
        # 302.1: a form never changes race, class or faction.
        "class": ch.class_, "race": ch.race, "faction": ch.faction,
        "health": effective_health(ch),
        "attack": effective_attack(ch).model_dump(mode="json"),
        "form": ch.form.name if ch.form is not None else None,
    }


def restriction_fits(line: str, ch: Character) -> bool:
    """``wowmini.202.2`` (inferred): an empty line fits anyone; otherwise one of its alternatives
    (separated by ``/``, ``,`` or "or") must consist only of the character's class, race and faction."""
    if not line.strip():
        return True
    words = sorted((w.lower() for w in (ch.class_, ch.race, ch.faction) if w), key=len, reverse=True)
    for alt in re.split(r"/|,|\bor\b|\bou\b", line, flags=re.I):
        rest = alt.lower()
        if not rest.strip():
            continue
        for w in words:
            rest = re.sub(rf"\b{re.escape(w)}\b", " ", rest)
        if not rest.strip(" -;.:"):
            return True
    return False


def next_to_act(state: WowMiniState) -> str | None:
    """``wowmini.timeline``: the character in play with the lowest clock; ties go by seating from
    the first player, then by id.  Totems have no clock (303.4)."""
    order = state.seat_order()
    best = None
    for cid, ch in state.characters.items():
        if not ch.in_play:
            continue
        seat = order.index(ch.owner) if ch.owner in order else len(order)
        key = (ch.clock, seat, cid)
        if best is None or key < best:
            best = key
    return best[2] if best else None


def pet_squares(state: WowMiniState, master: Character) -> tuple[list[Square], bool]:
    """304.1: the squares a pet may appear on, and whether they are adjacent ones (False: all
    adjacent squares hold characters, so the nearest squares free of characters)."""
    if master.square is None:
        return [], True
    blocked = set(state.board.blocked)
    occupied = {ch.square for ch in state.characters.values() if ch.in_play and ch.square is not None}
    adjacent = [n for n in neighbours(state.board, master.square) if n not in blocked]
    free = sorted((n for n in adjacent if n not in occupied), key=lambda s: (s[1], s[0]))
    if free:
        return free, True
    candidates = [(x, y) for y in range(state.board.height) for x in range(state.board.width)
                  if (x, y) not in blocked and (x, y) not in occupied]
    if not candidates:
        return [], False
    nearest = min(distance(master.square, c) for c in candidates)
    return [c for c in candidates if distance(master.square, c) == nearest], False


def los_blockers(state: WowMiniState, a: Square, b: Square) -> tuple[list[str], list[str]]:
    """``wowmini.405.3`` (inferred): what blocks the straight line between two squares (blocked
    squares, terrain that blocks line of sight, and characters other than pets), and what lies on it
    without blocking (pets 304.2b, totems 303.4)."""
    blocking, ignored = [], []
    blocked = set(state.board.blocked)
    screens = [t for t in state.terrain if t.blocks_line_of_sight]
    for sq in line_between(a, b):
        if sq in blocked:
            blocking.append(f"square {list(sq)}")
        blocking.extend(f"{t.name} at {list(sq)}" for t in screens if sq in t.squares)
        for cid in state.characters_on(sq):
            (ignored if state.characters[cid].is_pet else blocking).append(cid)
        ignored.extend(state.totems_on(sq))
    return blocking, ignored


def vp_control(state: WowMiniState) -> dict[str, str | None]:
    """Who controls each VP square: the party of the non-pet character on it (304.2a: pets do not)."""
    out: dict[str, str | None] = {}
    for sq in state.vp_squares:
        holders = [state.characters[c] for c in state.characters_on(sq) if not state.characters[c].is_pet]
        out[f"{sq[0]},{sq[1]}"] = state.party_of(holders[0].owner) if holders else None
    return out


def an(word: str) -> str:
    """The word with its indefinite article ("an instant", "a buff")."""
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"
