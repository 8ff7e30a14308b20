"""What cards can or must do, composed (issue 24): a static ``effects.permissions.Able`` applied by its meaning.

A composition is "who" (this card, "it", a noun phrase of cards, players), "can" or "must", an act, "only once
each turn", "if it can".  The engine applies the ones whose parts it already applies for the names of
``CAN_WORDS`` (``ABLE_ALIASES``), for whichever cards the subject selects:

- "<cards> can block Covert parties": the golden rule lifting 507.3b for them (a continuous ``permit``,
  ``continuous._static``);
- "<cards> can attack only once each turn": a card it selects that already attacked this turn cannot join
  an attack (101.1 over 608.1b; ``parties.declare``, ``battle_rules.may_attack``); "players can attack only
  once each turn": a player who already attacked this turn cannot attack again (603.2c; ``parties.attack_limits``);
- "<cards> must attack if it can": the turn does not end while a character it selects, controlled by the
  player in the turn, has not attacked and could (505.1; ``battle_rules.end_turn_limits``);
- "<cards> must block if it can" / "must block this card if it can" (the latter while this card attacks): a
  blocking party leaving out a character it selects that could block is refused (505.1;
  ``battle_rules.block_limits``).

Fail closed: a subject neither the ``applies_to`` selector nor ``scripts.matches`` evaluates in full (a bound
"with ...", a referring adjective, "they"...), a duration, "must" without "if it can", or another act or limit is
left to the judge (``able_read.readable``, ``enforcement.unenforced``).  A composition a play or a trigger runs
is ``battle_rules._able``'s (``able_read.run_readable``).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects.permissions import Able
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.able_read import (
    COVERT_BLOCKS,
    described,
    reached,
    readable,
    subject,
)
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text.subjects import Subject, provided_icons, select


def _held(s: SpoilsState, cid: str, me: str, ops: list[Any]) -> Iterator[Able]:
    for op in ops:
        if isinstance(op, Able) and readable(op):
            yield op
        elif isinstance(op, S.OP["while"]) and _CONTINUOUS.holds(s, op.while_, cid, me):
            yield from _held(s, cid, me, list(op.then))
        elif isinstance(op, S.OP["and"]):
            yield from _held(s, cid, me, list(op.and_))


_HAS: dict[int, tuple[Any, bool]] = {}


def _has_able(script: Any) -> bool:
    found = _HAS.get(id(script))
    if found is None or found[0] is not script:
        if len(_HAS) >= 50_000:
            _HAS.clear()
        found = _HAS[id(script)] = (script, bool(reached(script)))
    return found[1]


def in_force(s: SpoilsState) -> list[tuple[str, str, Able]]:
    """Every composition the cards in play say now and the engine applies: (the card, its controller, it)."""
    out: list[tuple[str, str, Able]] = []
    for cid, card in s.cards.items():
        script = S.script_of(card) if card.script else None
        if script is None or not _has_able(script) or blanked(s, cid):
            continue
        for ability in S.active_abilities(script, lambda c=card: provided_icons(s, c.controller)):
            if isinstance(ability, A.Static):
                out += [(cid, card.controller, able) for able in _held(s, cid, card.controller, list(ability.static))]
    return out


def applies(s: SpoilsState, source: str, controller: str, able: Able, cid: str) -> bool:
    """Whether ``able``, said by the card ``source``, is about the card in play ``cid``: by its ``applies_to``
    selector, or else by its noun phrase (``scripts.matches``: a trade, an owner, "depleted"...)."""
    if cid not in s.cards:
        return False
    sel = subject(able)
    if sel is not None:
        return select(s, sel, Subject.card(s, cid), controller, source)
    who = described(able)
    return who is not None and S.matches(s, cid, who, controller, source)


def _name(s: SpoilsState, cid: str) -> str:
    return s.cards[cid].name


def attacks_once(s: SpoilsState, cid: str) -> str | None:
    """The card (by name) saying the character ``cid`` can attack only once each turn (None: none does)."""
    return next((_name(s, src) for src, me, able in in_force(s) if able.act == "attack" and able.once_each_turn
                 and able.who != "players" and applies(s, src, me, able, cid)), None)


def players_attack_once(s: SpoilsState) -> str | None:
    """The card (by name) saying players can attack only once each turn (None: none does)."""
    return next((_name(s, src) for src, _, able in in_force(s) if able.who == "players"), None)


def must_attack(s: SpoilsState) -> list[tuple[str, str]]:
    """(the card that says so, a character) for each character that must attack if it can."""
    return [(_name(s, src), cid) for src, me, able in in_force(s) if able.able == "must" and able.act == "attack"
            for cid, card in s.cards.items() if card.type == "character" and applies(s, src, me, able, cid)]


def must_block(s: SpoilsState, attackers: list[str]) -> list[tuple[str, str]]:
    """(the card that says so, a character) for each character that must block if it can in this battle
    ("must block this card": only while that card is one of the ``attackers``)."""
    return [(_name(s, src), cid) for src, me, able in in_force(s) if able.able == "must"
            and (able.act == "block" or (able.act == "block_self" and src in attackers))
            for cid, card in s.cards.items() if card.type == "character" and applies(s, src, me, able, cid)]


__all__ = [
    "COVERT_BLOCKS",
    "applies",
    "attacks_once",
    "in_force",
    "must_attack",
    "must_block",
    "players_attack_once",
    "reached",
    "readable",
    "subject",
]
