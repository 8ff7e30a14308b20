"""Which replacement applies when several could replace the same destruction (506.4): the player who
controls all of them, or else the active player, chooses; the others are ignored.  The destruction
waits for that choice (a ``replacement`` choice, answered by the ``choose`` action); the card stays in
play meanwhile.  A replacement for an extra cost's card never applies (506.2), so nobody is asked."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.replacements import _destruction_sources, replaces
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.subjects import Subject
from events.models import spoils as E

WAITING = "replacement_choice"
"""The key of the lasting effect naming the destruction that waits for the choice: ``{"card", "reason", "rule"}``."""
PICKED = "replacement_picked"
"""The context key of the replacements chosen during this decision: ``{card id: source card id}``."""


def data_replacements(ctx: SpoilsContext, card_id: str, how: str,
                      applied: set[tuple[str, int]]) -> list[tuple[str, int, dict[str, Any]]]:
    """The replacement documents that would replace ``card_id`` leaving play ``how``: the card's own
    first, then those of the other cards in play in the order they entered."""
    s = ctx.work
    out = []
    for src_id in [card_id] + [cid for cid in s.cards if cid != card_id]:
        src = s.cards.get(src_id)
        if src is None:
            continue
        for index, repl in enumerate([*src.replacements, *(S.replacement_docs(src) if src.script else [])]):
            if (src_id, index) in applied or not replaces(s, repl, how, card_id, src):
                continue
            if repl.get("if_no_tokens") and s.cards[card_id].tokens > 0:  # "if there are no tokens on this card"
                continue
            if _SUBJECTS.select(s, repl.get("applies_to", "self"), Subject.card(s, card_id), src.controller, src_id):
                out.append((src_id, index, repl))
    return out


def scripted_sources(ctx: SpoilsContext, card_id: str) -> list[str]:
    """The cards whose scripted "... instead" could replace the destruction of ``card_id`` now."""
    return [src for src, _ in _destruction_sources(ctx, card_id)
            if not any(r["card"] == card_id and r["source"] == src for r in ctx.replacing)]


def picked(ctx: SpoilsContext, card_id: str) -> str | None:
    return ctx.__dict__.get(PICKED, {}).get(card_id)


def ignored(ctx: SpoilsContext, card_id: str) -> set[tuple[str, int]] | None:
    """Once a replacement was chosen, the replacement documents of the other cards (506.4: ignored)."""
    chosen = picked(ctx, card_id)
    if chosen is None:
        return None
    return {(src, index) for src, index, _ in data_replacements(ctx, card_id, "destroy", set()) if src != chosen}


def asks(ctx: SpoilsContext, card_id: str, reason: str, rule: str) -> bool:
    """Whether the destruction of ``card_id`` waits for a 506.4 choice (asked now if not yet)."""
    s = ctx.work
    if picked(ctx, card_id) is not None or card_id in ctx.cost_cards:
        return False
    waiting = waiting_for(ctx)
    if s.choice is not None and s.choice.kind == "replacement" and waiting and waiting["card"] == card_id:
        ctx.spared.add(card_id)
        return True
    sources = list(dict.fromkeys(scripted_sources(ctx, card_id)
                                 + [src for src, _, _ in data_replacements(ctx, card_id, "destroy", set())]))
    if len(sources) < 2 or s.choice is not None:
        return False
    controllers = {s.cards[src].controller for src in sources}
    chooser = controllers.pop() if len(controllers) == 1 else (s.active_player or s.seating[0])
    name = s.cards[card_id].name
    ctx.emit(E.EffectStarted(effect={WAITING: {"card": card_id, "reason": reason, "rule": rule}}, source=name,
                             controller=chooser, until="turn"))
    ctx.emit(E.ChoiceRequired(kind="replacement", player=chooser, options=sources, rule="spoils.506.4",
                              detail=f"{name} would be destroyed ({reason}) and several replacements could apply "
                                     f"({', '.join(s.cards[x].name for x in sources)}): choose the card whose "
                                     f"replacement applies; the others are ignored"))
    ctx.spared.add(card_id)
    return True


def waiting_for(ctx: SpoilsContext) -> dict[str, Any] | None:
    """The destruction the pending 506.4 choice is about (the latest one recorded)."""
    return next((x.effect[WAITING] for x in reversed(ctx.work.effects) if x.effect.get(WAITING)), None)


def pick(ctx: SpoilsContext, source: str) -> dict[str, Any] | None:
    """Records the chooser's answer for this decision and returns the destruction to carry out."""
    waiting = waiting_for(ctx)
    if waiting is None:
        return None
    ctx.__dict__.setdefault(PICKED, {})[waiting["card"]] = source
    card = ctx.work.cards.get(source)
    ctx.note("spoils.506.4", f"{card.name if card else source}'s replacement applies to the destruction; the others "
                             f"are ignored")
    return waiting
