"""What the cards in play say of battles now (101.1 over the battle rules, 507.3a, 608-609): each "can" of
their continuous abilities whose "while" holds, read where the engine decides an attack, a block or damage
(``rules.parties``, ``ops.battle_rules``) and where a composed trigger asks whether a party is Covert
(``rules.trigger_matchers``)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import static_amounts
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text.scripts import OP

STATIC_CANS = frozenset({"can_block_covert_parties", "covert_party", "players_attack_once", "only_speed_x_blocks",
                         "draws_battle_damage"})
"""What a card in play says of battles (read where the engine decides)."""


def says(s: SpoilsState, cid: str) -> Iterator[tuple[str, int | None]]:
    """The battle permissions and restrictions the card in play ``cid`` gives now: each ``can`` of its
    continuous abilities whose "while" holds, with the X a "where X is ..." sets as ``static_amounts`` reads it
    (502.2, 410.4); an X it does not read gives nothing (the coverage judge shows it not covered)."""
    card = s.cards.get(cid)
    script = S.script_of(card) if card is not None and card.script else None
    if script is None or blanked(s, cid):
        return
    for ability in S.active_abilities(script, lambda: _SUBJECTS.provided_icons(s, card.controller)):
        if isinstance(ability, A.Static):
            yield from _cans(s, cid, card.controller, list(ability.static), None)


def _cans(s: SpoilsState, cid: str, me: str, ops: list[Any], x: int | None) -> Iterator[tuple[str, int | None]]:
    for op in ops:
        if isinstance(op, OP["can"]) and op.can in STATIC_CANS:
            yield op.can, x
        elif isinstance(op, OP["while"]) and _CONTINUOUS.holds(s, op.while_, cid, me):
            yield from _cans(s, cid, me, list(op.then), x)
        elif isinstance(op, OP["and"]):
            yield from _cans(s, cid, me, list(op.and_), x)
        elif isinstance(op, OP["x_where"]) and op.plain_x():
            # X read in full ("minus 1", "the highest ... among"); an X not read restricts nothing (never a guess)
            x_now = static_amounts.amount(s, op.x_where, cid, me, _CONTINUOUS.stat)
            if x_now is not None:
                yield from _cans(s, cid, me, list(op.then), x_now)


def _saying(s: SpoilsState, what: str, cards: Any = None) -> list[tuple[str, int | None]]:
    """The cards in play (or ``cards``) that say ``what`` now, with their X."""
    return [(cid, x) for cid in (s.cards if cards is None else cards) if cid in s.cards
            for can, x in says(s, cid) if can == what]


def covert_party(s: SpoilsState, attackers: list[str]) -> bool:
    """507.3a: every member has Covert, or a member says "while this card is a member of an attacking
    party, the party is Covert" (101.1)."""
    members = [c for c in attackers if c in s.cards]
    return bool(members) and (all("covert" in _CONTINUOUS.keywords(s, c)[0] for c in members)
                              or bool(_saying(s, "covert_party", members)))


__all__ = ["STATIC_CANS", "covert_party", "says"]
