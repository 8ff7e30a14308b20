"""What a WoW Miniatures player may do at a position: concrete candidate actions (each then
decided by the engine, so only legal ones are listed) and templates for the judge's effect records."""
from __future__ import annotations

from typing import Any, Iterable

from adjudicator.core import LegalAction
from adjudicator.wowmini import rules as R
from adjudicator.wowmini.abilities import ability_spec
from adjudicator.wowmini.derived import pet_squares
from adjudicator.wowmini.state import Card, Character, WowMiniState, neighbours

Candidate = tuple[dict[str, Any], str]


def candidates(state: WowMiniState, player: str) -> Iterable[Candidate]:
    """Actions worth deciding for ``player``, each with a description."""
    base = {"player": player}
    pieces = [cid for cid, ch in state.characters.items() if ch.in_play]
    pieces += [tid for tid, t in state.totems.items() if t.in_play]
    acting = state.characters.get(state.acting) if state.acting else None
    if acting is not None and acting.owner == player:
        yield {"type": "pass", **base}, f"end {state.acting}'s turn"
    lp = state.last_play
    if lp is not None and not lp.cancelled and lp.kind != "form":
        yield ({"type": "cancel", **base, "character": lp.character, "card": lp.card},
               f"cancel {lp.card}, just played by {lp.character}")
    for cid, ch in state.characters.items():
        if ch.owner != player:
            continue
        if not ch.in_play:
            if ch.status == "destroyed" and not ch.is_pet and ch.spawn is not None:
                yield {"type": "respawn", **base, "character": cid}, f"{cid} respawns on {list(ch.spawn)}"
            continue
        yield from _card_actions(state, base, cid, ch, pieces)
        if ch.form is not None:
            yield {"type": "leave_form", **base, "character": cid}, f"{cid} leaves {ch.form.name}"
        yield from _ability_actions(state, base, cid, ch, pieces)
        if state.acting == cid and ch.square is not None:
            for sq in neighbours(state.board, ch.square):
                yield {"type": "move", **base, "character": cid, "to": list(sq)}, f"{cid} steps to {list(sq)}"


def _card_actions(state: WowMiniState, base: dict[str, Any], cid: str, ch: Character,
                  pieces: list[str]) -> Iterable[Candidate]:
    for card in ch.action_bar:
        if card.face == "down":
            yield ({"type": "reveal_card", **base, "character": cid, "card": card.name},
                   f"turn {card.name} face up")
        if card.orientation == "exhausted":
            yield ({"type": "ready_card", **base, "character": cid, "card": card.name},
                   f"ready {card.name} (an effect that readies it)")
        for extra in _card_targets(state, ch, card, pieces):
            yield ({"type": "play_card", **base, "character": cid, "card": card.name, **extra},
                   f"{cid} plays {card.name}")


def _ability_actions(state: WowMiniState, base: dict[str, Any], cid: str, ch: Character,
                     pieces: list[str]) -> Iterable[Candidate]:
    abilities = [None] + [a.name for a in (ch.form.grants if ch.form else [])] + [a.name for a in ch.abilities]
    for name in abilities:
        spec, _ = ability_spec(state, ch, cid, name)
        if spec.damage is not None and name is None and spec.damage == 0:
            continue
        if spec.damage is not None:
            for tid in pieces:
                if tid != cid:
                    yield ({"type": "attack", **base, "character": cid, "target": tid,
                            **({"ability": name} if name else {})}, f"{cid} attacks {tid}")
        elif spec.target is not None:
            for tid in pieces:
                yield ({"type": "use_ability", **base, "character": cid, "ability": spec.name,
                        "targets": [tid]}, f"{cid} uses {spec.name} on {tid}")
        else:
            yield ({"type": "use_ability", **base, "character": cid, "ability": spec.name},
                   f"{cid} uses {spec.name}")


def _card_targets(state: WowMiniState, ch: Character, card: Card, pieces: list[str]) -> Iterable[dict[str, Any]]:
    if card.kind in ("buff", "debuff"):
        for tid in pieces:
            if tid in state.characters:
                yield {"targets": [tid]}
    elif card.kind == "pet":
        for sq in pet_squares(state, ch)[0]:
            yield {"square": list(sq)}
    elif card.kind in ("form", "totem") or (card.target is None and card.damage is None):
        yield {}
    else:
        for tid in pieces:
            yield {"targets": [tid]}


def templates(state: WowMiniState, player: str) -> list[LegalAction]:
    """Open-ended effect records: fields left out are the judge's to fill."""
    out = [
        LegalAction(action={"type": "damage", "player": player},
                    rules=[R.HEALTH, R.TOTEM_IMMUNE, R.TOTEM_HEALTH, R.DESTRUCTION],
                    description="damage from an effect: amount and target(s), or an area, or all_characters"),
        LegalAction(action={"type": "heal", "player": player}, rules=[R.HEALTH, R.TOTEM_HEALTH],
                    description="healing from an effect: target and amount (totems cannot be healed)"),
        LegalAction(action={"type": "destroy", "player": player}, rules=[R.DESTRUCTION, R.TOTEM_HEALTH],
                    description="an effect destroys a character or totem: target"),
        LegalAction(action={"type": "advance_time", "player": player}, rules=[R.TIMELINE, R.BUFF_DURATION],
                    description="move the timeline on: ticks"),
    ]
    if state.acting and state.characters[state.acting].owner == player:
        out.append(LegalAction(action={"type": "move", "player": player, "character": state.acting},
                               rules=[R.MOVEMENT, R.PET_LOS, R.TOTEM_PLACE],
                               description="move along a path: to, and optionally path"))
    for cid, ch in state.characters.items():
        if ch.owner == player and ch.status == "destroyed" and not ch.is_pet and ch.spawn is None:
            out.append(LegalAction(action={"type": "respawn", "player": player, "character": cid},
                                   rules=[R.RESPAWN], description=f"{cid} respawns: square"))
    return out

