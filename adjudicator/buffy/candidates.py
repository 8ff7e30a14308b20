"""The candidate actions a player might take at a position, which ``legal_actions`` then checks
one by one."""
from __future__ import annotations

from typing import Any, Iterator

from adjudicator.buffy import overrides
from adjudicator.buffy.context import cards_available, on_board, space_owner
from adjudicator.buffy.legal import PAIR_CAP, Domain
from adjudicator.buffy.state import PARK, TALENTS, BuffyState, Character


def candidates(s: BuffyState, player: str) -> Iterator[tuple[dict[str, Any], dict[str, Any], str] | Domain]:
    yield {"type": "pass"}, {}, "pass: I am done here"
    p = s.players[player]
    ph = s.phase
    hand_size = overrides.parameter(s, "hand_size")[0]
    mine = {c: ch for c, ch in s.characters.items() if ch.owner == player and on_board(ch)}
    if ph is None and s.step == "prologue":
        for space in (x for x in s.adjacency if x != PARK):
            yield ({"type": "place_challenge", "at": space}, {"challenge": {"name": "(your next challenge)"}},
                   f"place your challenge at {space}")
        yield {"type": "place_challenge", "unplayable": True}, {}, "the challenge cannot be placed: to the bottom"
    if ph is None and s.step == "draw":
        if p.hand > hand_size:
            yield {"type": "discard", "count": p.hand - hand_size}, {}, "discard down to the hand size"
        for n in range(1, min(p.hand, hand_size) + 1):
            yield {"type": "discard", "count": n}, {}, f"discard {n} to draw new cards"
        if p.hand < hand_size:
            yield {"type": "draw", "count": hand_size - p.hand}, {}, "draw back to the hand size"
    if ph is not None and ph.stage == "draw":
        for n in sorted({5, 3, cards_available(p) or 0}):
            yield {"type": "draw", "count": n}, {}, f"the mandatory draw of {n}"
    if ph is not None and ph.stage == "discard" and p.hand > hand_size:
        yield {"type": "discard", "count": p.hand - hand_size}, {}, f"discard down to {hand_size}"
    if ph is None and s.step == "movement":
        yield from _moves(s, mine)
    if ph is None and s.step == "resource":
        yield from _resource_candidates(s, player, mine)
    if ph is None and s.step == "conflict":
        yield from _fights(s, player, mine)
        for key, chal in s.challenges.items():
            group = [cid for cid, ch in mine.items() if ch.location == chal.location]
            defenders: list[str | None] = [None]
            if chal.owner == player and len(s.seating) > 2:
                defenders = [q for q in s.seating if q != player]
            for dfd in defenders:
                extra = {"defender": dfd} if dfd else {}
                for cid in group:
                    yield ({"type": "face_challenge", "challenge": key, "characters": [cid], **extra}, {},
                           f"{mine[cid].name} faces {chal.name}")
                if len(group) > 1:
                    yield ({"type": "face_challenge", "challenge": key, "characters": group, **extra}, {},
                           f"all at {chal.location} face {chal.name}")
    if ph is not None and ph.kind == "fight" and ph.stage == "choose" and player == ph.defending_player:
        for cid, ch in mine.items():
            yield {"type": "stunt_double", "character": cid}, {}, f"{ch.name} stunt-doubles"
    if ph is not None and ph.stage == "battle":
        for talent in TALENTS:
            yield ({"type": "boost", "talent": talent}, {"card": {"name": "(an item)", "kind": "item"}},
                   f"put a card in the {talent} stack")
    if p.hand >= 1:
        yield {"type": "play_effect"}, {"card": "(a card)"}, "play a card for its effect"


def _by_location(chars: dict[str, Character]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for cid, ch in chars.items():
        out.setdefault(ch.location, []).append(cid)
    return out


def _moves(s: BuffyState, mine: dict[str, Character]) -> Iterator[Any]:
    """Every character to every other space, or, where a space's characters have more than
    PAIR_CAP moves, one Domain of those characters and destinations."""
    crowded = {loc: cids for loc, cids in _by_location(mine).items() if len(cids) * (len(s.adjacency) - 1) > PAIR_CAP}
    for cid, ch in mine.items():
        if ch.location not in crowded:
            for dest in s.adjacency:
                if dest != ch.location:
                    yield {"type": "move", "character": cid, "to": dest}, {}, f"move {ch.name} to {dest}"
    for loc, cids in crowded.items():
        yield Domain("move", {"character": cids, "to": [d for d in s.adjacency if d != loc]},
                     f"move a character from {loc}")


def _fights(s: BuffyState, player: str, mine: dict[str, Character]) -> Iterator[Any]:
    """Every attacker with every defender at its location, or, where a location has more than
    PAIR_CAP such pairs, one Domain of its attackers and defenders."""
    theirs = _by_location({c: ch for c, ch in s.characters.items() if ch.owner != player and on_board(ch)})
    crowded = {loc: (cids, theirs[loc]) for loc, cids in _by_location(mine).items()
               if len(cids) * len(theirs.get(loc, ())) > PAIR_CAP}
    for cid, ch in mine.items():
        if ch.location in crowded:
            continue
        for oid in theirs.get(ch.location, ()):
            other = s.characters[oid]
            yield {"type": "start_fight", "attacker": cid, "defender": oid}, {}, f"{ch.name} attacks {other.name}"
    for loc, (attackers, defenders) in crowded.items():
        yield Domain("start_fight", {"attacker": attackers, "defender": defenders}, f"start a fight at {loc}")


def _resource_candidates(s: BuffyState, player: str, mine: dict[str, Character]):
    for space in (x for x in s.adjacency if space_owner(x) == player):
        yield ({"type": "play_character", "at": space}, {"character": {"name": "(a level-1 character)"}},
               f"play a level-1 character at {space}")
    for cid, ch in mine.items():
        yield {"type": "ascend", "character": cid}, {"card": "(the next level)"}, f"{ch.name} ascends"
        yield ({"type": "attach_skill", "character": cid}, {"skill": {"name": "(a skill)"}},
               f"{ch.name} learns a skill")
        yield ({"type": "attach_item", "character": cid}, {"item": {"name": "(an item)"}},
               f"{ch.name} receives an item")
        for carried in sorted({x.name for x in ch.attachments if x.kind == "item"}):
            yield ({"type": "attach_item", "character": cid, "replaces": carried}, {"item": {"name": "(an item)"}},
                   f"{ch.name} receives an item in place of {carried}")
        for item in (x for x in ch.attachments if x.kind == "item"):
            for oid, other in mine.items():
                if oid != cid and other.location == ch.location:
                    yield ({"type": "trade_item", "item": item.name, "from": cid, "to": oid}, {},
                           f"{ch.name} gives {item.name} to {other.name}")
    for cid, ch in s.characters.items():
        if ch.owner == player and ch.main and ch.location == "discard":
            yield {"type": "resurrect_main", "character": cid}, {}, f"{ch.name} returns to hand"
