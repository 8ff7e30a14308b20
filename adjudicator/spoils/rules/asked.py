"""Choices a play's text gives another player, asked of that player (spoils.engine.own-choices).

"Your opponent picks a card they control", "your opponent may destroy the character", "both players
may draw": as the play resolves, the player the text names makes the choice, not the one who made the
play.  When the choice is not already given (an old log's ``choices.their``, a pass naming it), the
resolution stops where it meets the choice: the engine decides the action again, and this time the
play waits (``ChoiceRequired`` of kind ``answer``: who, the key, the allowed values) instead of
resolving.  That player answers with ``choose``; the answer stays with the waiting play
(``PendingPlay.answers``) and the play resolves again from its start, reading it, until every choice
its text gives another player is answered.  A choice met outside a play resolving (a trigger, a cost)
is left to the action as before.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.spoils.model.state import PendingPlay
from adjudicator.spoils.rules.context import SpoilsContext
from events.models import spoils as E

RULE = "spoils.engine.own-choices"
KIND = "answer"
YES, NO = "yes", "no"
_RESOLVING = "asked_resolving"
_ASKING = "asked_first"
_ASK_AT = "asked_at"


@dataclass(frozen=True)
class Ask:
    """A choice met as ``play`` resolves: ``player`` chooses one of ``options`` for ``key``."""

    play: str
    player: str
    key: str
    options: tuple[str, ...]
    detail: str


DECLARED = ("their", "their_may", "opponent_may")
"""The keys with which a play declared the other players' choices for them, as logs did before these
were asked (still read, so that those logs replay and audit the same)."""


def resolving(ctx: SpoilsContext, top: PendingPlay) -> None:
    """``top`` resolves now, with the answers given to it so far.  Nothing is asked when the pass names
    choices itself or the play declared the other players' (``DECLARED``), as logs did before."""
    if top.answers or not (ctx.choices or _declared(top)):
        ctx.__dict__[_RESOLVING] = (top.id, dict(top.answers))


def _declared(top: PendingPlay) -> bool:
    said = [(doc.get("script") or {}).get("choices") or {} for doc in top.effect if isinstance(doc, dict)]
    said.append((top.paid or {}).get("choices") or {})
    return any(key in choices for choices in said for key in DECLARED)


def resolved(ctx: SpoilsContext) -> None:
    """The play is done resolving: what follows in this decision (triggers) is not its."""
    ctx.__dict__.pop(_RESOLVING, None)


def answer(ctx: SpoilsContext, player: str, key: str, options: list[str], detail: str) -> str | None:
    """What ``player`` answered for ``key`` of the play resolving (one of ``options``).  None when no
    play is resolving (the caller's own way then), when there is nothing to choose among, or when it is
    not answered yet: then it is asked (the first such choice of this decision)."""
    at = ctx.__dict__.get(_RESOLVING)
    if at is None or not options:
        return None
    play, answers = at
    if key in answers:
        return answers[key]
    if ctx.__dict__.get(_ASKING) is None:
        ctx.__dict__[_ASKING] = Ask(play, player, key, tuple(options), detail)
    return None


def may(ctx: SpoilsContext, player: str, key: str, given: Any, detail: str) -> bool | None:
    """A "may" of ``player``: as given (an old log, a pass naming it), else their answer; None while asked."""
    if given is not None:
        return bool(given)
    said = answer(ctx, player, key, [YES, NO], detail)
    if said is None:
        return None if asking(ctx) is not None else True
    return said == YES


def asking(ctx: SpoilsContext) -> Ask | None:
    """The first choice this decision met that a player must still make (the action is decided again)."""
    return ctx.__dict__.get(_ASKING)


def ask_at(ctx: SpoilsContext, ask: Ask) -> None:
    """Deciding again: the play of ``ask`` waits for it instead of resolving."""
    ctx.__dict__[_ASK_AT] = ask


def waits(ctx: SpoilsContext, top: PendingPlay) -> bool:
    """Whether ``top`` waits for a choice instead of resolving (asked now)."""
    ask = ctx.__dict__.get(_ASK_AT)
    if ask is None or ask.play != top.id:
        return False
    ctx.emit(E.ChoiceRequired(kind=KIND, player=ask.player, options=list(ask.options), rule=RULE,
                              detail=ask.detail, key=ask.key, play=ask.play))
    ctx.note(RULE, f"{top.name} waits for {ask.player}'s choice ({ask.detail}): {ask.player} answers with choose, "
                   f"one of {', '.join(ask.options)}")
    return True
