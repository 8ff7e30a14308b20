"""How large a party must be to block a card (608.1d, with the card over the rules, 101.1): "only parties with at
least 3 members can block it" (``OnlyPartiesBlock``), as a static ability of the attacker, as a lasting effect a
play or an ability starts ("this turn, ..."), and either inside a "while" (504.1): "while it is the only member of
an attacking party, only parties with at least 3 members can block it".

The condition of a "while" is read when the blockers are declared, the moment the restriction bears on (so a
card no longer alone in its party is blocked by any party); a condition the engine does not judge
(``continuous.holds`` None) restricts nothing, and the coverage judge shows it as not covered.  The restriction is
read for the card itself ("it", "this card"); any other card named is the judge's (``judge``)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator

from pydantic import TypeAdapter

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.effects.battle import OnlyPartiesBlock
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import lasts, targets
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.text.subjects import provided_icons
from events.models import spoils as E

KEY = "only_parties_block"
ITSELF = ("it", "self", "itself")
LEGACY = "blocked_alone_by_at_least"
"""The key lasting effects of an older engine gave "while it is the only member of an attacking party, only parties
with at least N members can block it" (read as the same restriction and condition)."""


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, OnlyPartiesBlock):
        return node.only_parties_block not in ITSELF  # read for the card itself only
    return None


@lru_cache(maxsize=1)
def _conditions() -> TypeAdapter[Any]:
    return TypeAdapter(Ph.Condition)


def _subject(ctx: SpoilsContext, cond: Node, env: Env) -> str | None:
    """The card a condition speaks of: "this card" (``env.card``), or the card "it" names now; None when its
    parts speak of two different cards (one card is all a lasting condition keeps)."""
    subjects = {n.subject for n in S.walk([cond]) if isinstance(n, Ph.During)}
    it = (targets(ctx, "it", env) or [None])[0] if "it" in subjects else env.card
    return None if "self" in subjects and it != env.card else it


def _restricted(ctx: SpoilsContext, op: OnlyPartiesBlock, env: Env) -> list[str]:
    return targets(ctx, op.only_parties_block, env) if op.only_parties_block in ITSELF else []


@handles(OnlyPartiesBlock)
def _only_parties_block(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"This turn, only parties with at least 3 members can block this card." (a lasting effect, 602.1b)."""
    cards = _restricted(ctx, op, env)
    if not cards:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is not enforced by the engine: the "
                                               f"judge resolves it")
    for cid in cards:
        ctx.emit(E.EffectStarted(effect={KEY: op.at_least, "applies_to": {"id": cid}}, source=env.source,
                                 controller=env.controller, until=lasts(op, env)))


def lasting_form(op: Any) -> bool:
    """Whether the "while" of an effect ``op`` is "while <condition>, only parties with at least N members can block
    it" (the restriction on the card itself, no duration of its own), the form ``lasting_while`` keeps."""
    return bool(op.then) and all(isinstance(sub, OnlyPartiesBlock) and sub.until is None
                                 and sub.only_parties_block in ITSELF for sub in op.then)


def lasting_while(ctx: SpoilsContext, op: Any, env: Env) -> bool:
    """"This turn, while <condition>, only parties with at least N members can block it.": a lasting effect that
    keeps the condition and the card it speaks of, read when blockers are declared (False: not this form, or no
    duration to last for)."""
    if lasts(op, env) is None or not lasting_form(op):
        return False
    subject = _subject(ctx, op.while_, env)
    cards = [cid for sub in op.then for cid in _restricted(ctx, sub, env)]
    if subject is None or not cards:
        return False
    for sub in op.then:
        for cid in _restricted(ctx, sub, env):
            effect = {KEY: sub.at_least, "applies_to": {"id": cid}, "while": op.while_.dump(), "while_of": subject}
            ctx.emit(E.EffectStarted(effect=effect, source=env.source, controller=env.controller,
                                     until=lasts(op, env)))
    ctx.note("spoils.504.1", f"{env.source}: {op.words()}")
    return True


def _lasting(s: SpoilsState) -> Iterator[tuple[str, int, Any, str | None, str, str]]:
    """The restrictions lasting effects set: (card, N, condition or None, the card it speaks of, source,
    controller)."""
    for x in s.effects:
        if KEY in x.effect:
            cond = x.effect.get("while")
            yield (x.effect["applies_to"]["id"], int(x.effect[KEY]),
                   None if cond is None else _conditions().validate_python(cond), x.effect.get("while_of"),
                   x.source, x.controller)
        elif LEGACY in x.effect:
            cid = x.effect["applies_to"]["id"]
            yield cid, int(x.effect[LEGACY]), Ph.During(during="only_attacking_member"), cid, x.source, x.controller


def _static(s: SpoilsState, cid: str, me: str, ops: list[Any]) -> Iterator[tuple[int, Node | None]]:
    for op in ops:
        if isinstance(op, OnlyPartiesBlock) and op.only_parties_block in ITSELF and op.until is None:
            yield op.at_least, None
        elif isinstance(op, OP["while"]) and op.until is None and _CONTINUOUS.holds(s, op.while_, cid, me) is True:
            yield from _static(s, cid, me, list(op.then))
        elif isinstance(op, OP["and"]) and op.until is None:
            yield from _static(s, cid, me, list(op.and_))


def _printed(s: SpoilsState, cid: str) -> Iterator[int]:
    """What the static abilities of the card in play ``cid`` restrict now (their "while" holding)."""
    card = s.cards.get(cid)
    script = S.script_of(card) if card is not None and card.script else None
    if script is None or blanked(s, cid):
        return
    for ability in S.active_abilities(script, lambda: provided_icons(s, card.controller)):
        if isinstance(ability, A.Static):
            for n, _ in _static(s, cid, card.controller, list(ability.static)):
                yield n


def block_limits(ctx: SpoilsContext, blockers: list[str]) -> None:
    """608.1d as the cards say (101.1): a blocking party of fewer members than an attacker's text (or a lasting
    effect on it) asks for is refused, while the condition it is said with holds."""
    s, b = ctx.work, ctx.work.battle
    if b is None or not blockers:
        return
    for cid in b.attackers:
        name = s.cards[cid].name if cid in s.cards else cid
        for n in _printed(s, cid):
            if len(blockers) < n:
                ctx.violate("spoils.101.1", f"{name}: only parties with at least {n} members can block it "
                                            f"({len(blockers)} declared, 608.1d)")
    for cid, n, cond, subject, source, controller in _lasting(s):
        if cid not in b.attackers or len(blockers) >= n:
            continue
        if cond is not None and _CONTINUOUS.holds(s, cond, subject, controller) is not True:
            continue
        said = "" if cond is None else f"while {cond.words()}, "
        ctx.violate("spoils.101.1", f"{source}: {said}only parties with at least {n} members can block "
                                    f"{s.cards[cid].name} ({len(blockers)} declared, 608.1d)")
