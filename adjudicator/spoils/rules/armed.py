"""Which cards in play can set off a trigger, and their triggers (503.1), read once per position and,
where only the text of the table says them, once per text of the table (issue 26): ``triggers.fire``
looks up the cards a happening can concern instead of reading every card's text at every event.

A card's triggers are what its printed and scripted text says (``text.trigger_read``), unless it is
treated as though it has no rules text (``blank_text``); a threshold ability's only while its
controller has the icons (502.2: kept by the players' icons); and those another card's "gain the rules
text ..." gives it (402.1: read at each position while such a card is in play, since they depend on the
card they are given to).
"""
from __future__ import annotations

from typing import Any, Callable

from adjudicator.effects import abilities as A
from adjudicator.effects import dump
from adjudicator.effects.characteristics import GainRulesText
from adjudicator.spoils.model.shared_cards import CARD
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text import trigger_read as _TRIGGER_READ
from adjudicator.spoils.text.position_memo import memo as position_memo
from adjudicator.spoils.text.position_memo import text_memo


def armed(s: SpoilsState) -> dict[str, list[dict[str, Any]]]:
    """Each card in play with a trigger at all (``with_triggers``) and its triggers, printed then
    scripted (read once per position: a happening looks them up).  What the text alone says (no card
    gives another rules text) is read once per text of the table; a card whose triggers depend on
    more (a threshold) is read at each position."""
    memo = position_memo(s)
    found = memo.get("armed")
    if found is None:
        found = memo["armed"] = _by_text_then_position(s, "armed", lambda cids: {
            cid: [*s.cards[cid].triggers, *scripted_triggers(s, cid, s.cards[cid])] for cid in cids})
    return found


def armed_for(s: SpoilsState, when: str, fits: Callable[[dict[str, Any], str], bool]) -> dict[str, list[dict[str, Any]]]:
    """``armed`` less the triggers that cannot fire for the happening ``when`` whatever card or player it
    concerns (``fits``: ``triggers.could_fire``), read once per position and happening (once per text of the table for
    the cards whose triggers their text alone says)."""
    memo = position_memo(s)
    found = memo.get(("armed", when))
    if found is None:
        every = armed(s)
        found = memo[("armed", when)] = _by_text_then_position(s, ("armed", when), lambda cids: {
            cid: fit for cid in cids if cid in every and (fit := [t for t in every[cid] if fits(t, when)])})
    return found


def _by_text_then_position(s: SpoilsState, key: Any, read: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """``read`` of the cards in play with a trigger, kept with the text of the table (and the players'
    icons, when a card's triggers are a threshold's); read now when another card gives rules text
    (``givers``): its triggers depend on the card it gives them to.  Callers only read what it returns."""
    able = with_triggers(s)
    kept_for = None if givers(s) else text_memo(s).get("with_triggers")
    if kept_for is None:
        return read(able)
    text = text_memo(s)
    full = (key, _icons(s)) if kept_for[1] else key  # a threshold's triggers: its controller's icons (502.2)
    found = text.get(full)
    if found is None:
        found = text[full] = read(able)
    return found


def _icons(s: SpoilsState) -> tuple[tuple[tuple[str, int], ...], ...]:
    """The icons each player has (``subjects.provided_icons``), as a key."""
    return tuple(tuple(sorted(_SUBJECTS.provided_icons(s, p).items())) for p in s.seating)


def with_triggers(s: SpoilsState) -> frozenset[str]:
    """The cards in play with a trigger at all, rules text not blanked (read once per position, so a
    happening looks only at them: the others set off nothing, whatever happens); read once per text
    of the table when no card's triggers depend on more than its text (``_own_triggers``)."""
    memo = position_memo(s)
    found = memo.get("with_triggers")
    if found is None:
        def has(cid: str, card: Any) -> bool:
            return not P.blanked(s, cid) and bool(card.triggers or scripted_triggers(s, cid, card))
        if givers(s):  # what others give depends on the cards they are given to: every card, each time
            found = frozenset(cid for cid, card in s.cards.items() if has(cid, card))
        else:
            text = text_memo(s)
            kept_for = text.get("with_triggers")
            if kept_for is None:  # the cards whose text alone says, and those read at each position
                said = [(cid, text.get((CARD, cid, "has_triggers")) or _has_triggers(s, cid, card))
                        for cid, card in s.cards.items()]
                kept_for = text["with_triggers"] = (
                    frozenset(cid for cid, (own, some) in said if own and some and not P.blanked(s, cid)),
                    [cid for cid, (own, _) in said if not own])
            key = ("with_triggers", _icons(s)) if kept_for[1] else None
            rest = text.get(key) if key else frozenset()
            if rest is None:
                rest = text[key] = frozenset(cid for cid in kept_for[1] if has(cid, s.cards[cid]))
            found = kept_for[0] | rest
        memo["with_triggers"] = found
    return found


def _has_triggers(s: SpoilsState, cid: str, card: Any) -> tuple[bool, bool]:
    """Whether the card in play's triggers are read from its text alone (``_own_triggers``), and if so
    whether it has any, kept with what its own text says (asked only while no card gives rules text)."""
    own = _own_triggers(card)
    found = text_memo(s)[(CARD, cid, "has_triggers")] = (
        own, own and bool(card.triggers or scripted_triggers(s, cid, card)))
    return found


def _own_triggers(card: Any) -> bool:
    """Whether the card's scripted triggers are read from its text alone: no threshold ability (whose
    triggers depend on the icons its controller has, 502.2)."""
    script = S.script_of(card) if card.script else None
    return script is None or not any(isinstance(a, A.Threshold) for a in script.abilities)


def scripted_triggers(s: SpoilsState, cid: str, card: Any) -> list[dict[str, Any]]:
    """The triggers a card's script and the "gain the rules text" of others give it (read once per
    position for a card in play, and once per text of the card while nothing gives it triggers and
    none of its triggers depends on icons; a card about to enter, given as ``extra``, each time)."""
    in_play = s.cards.get(cid) is card
    memo = position_memo(s) if in_play else {}
    found = memo.get(("triggers", cid))
    if found is None:
        alone = in_play and not givers(s)  # its text alone (and its controller's icons) says
        own = alone and _own_triggers(card)
        text, key = ({}, None) if not alone else (text_memo(s), (CARD, cid, "triggers")) if own else (
            text_memo(s), (CARD, cid, "triggers", tuple(sorted(_SUBJECTS.provided_icons(s, card.controller).items()))))
        found = text.get(key) if alone else None
        if found is None:
            found = _TRIGGER_READ.trigger_docs(card, lambda p=card.controller: _SUBJECTS.provided_icons(s, p)) \
                if card.script else []
            found = found + ([] if alone else granted_triggers(s, cid))  # "all characters gain the rules text ..."
            if alone:
                text[key] = found
        memo[("triggers", cid)] = found
    return found


def givers(state: SpoilsState) -> list[tuple[str, Any, GainRulesText]]:
    """The "All characters gain the rules text ..." of the cards in play (read once per position)."""
    memo = text_memo(state)  # what the cards in play say: read once per text of the table (ids kept, not cards)
    found = memo.get("gain_rules_text")
    if found is None:
        found = memo["gain_rules_text"] = []
        for gid, giver in state.cards.items():
            gives = memo.get((CARD, gid, "gives_text")) if giver.script else ()
            if gives is None:
                gives = _gives_text(memo, gid, giver)
            if gives and not P.blanked(state, gid):
                found += [(gid, op) for op in gives]
    return [(gid, state.cards[gid], op) for gid, op in found]


def _gives_text(memo: dict[Any, Any], gid: str, giver: Any) -> tuple[GainRulesText, ...]:
    """The "gain the rules text" of one card's own text (kept with it in the text memo)."""
    found = memo[(CARD, gid, "gives_text")] = tuple(
        op for op in M.top_statics(S.script_of(giver)) if isinstance(op, GainRulesText))
    return found


def granted_triggers(state: SpoilsState, card_id: str) -> list[dict[str, Any]]:
    """The triggers the card in play ``card_id`` has from another card's "All characters gain the rules text
    \"...\"" (402.1): in the documents ``settling.fire`` reads, run as the card's own (its "this card", its
    controller's "you")."""
    card = state.cards.get(card_id)
    if card is None:
        return []
    out: list[dict[str, Any]] = []
    for gid, giver, op in givers(state):
        if not S.matches(state, card_id, op.gain_rules_text, giver.controller, gid):
            continue
        for ability in op.text:
            if isinstance(ability, A.Trigger) and _TRIGGER_READ.fires(ability):
                ops = dump(list(ability.effect if isinstance(ability.effect, list) else [ability.effect]))
                out.append({**_TRIGGER_READ.when_doc(ability),
                            "name": f"{card.name} (from {giver.name}): {ability.words()}",
                            "effect": [{"script": {"card": card.name, "ops": ops}}]})
    return out


__all__ = ["armed", "armed_for", "givers", "granted_triggers", "scripted_triggers", "with_triggers"]
