"""The pieces every Buffy decision uses: the kernel's decision context with Buffy's two golden-rule
checks, talents after fatigue, and fatigue itself (with the cards that stop it)."""
from __future__ import annotations

import re
from typing import Any

from adjudicator.buffy import overrides
from adjudicator.buffy.state import OFF_BOARD, PARK, TALENTS, BuffyState, Character, PlayerState
from adjudicator.core import InvalidAction, Overrider
from adjudicator.kernel import Context, Handlers
from events.models import buffy as E
from events.models.base import DomainEvent

CANNOT_ACT = "buffy.fatigue.cannot-act"

#: Each action class and the function that decides it (registered by the modules of each area:
#: ``turn``, ``movement``, ``resources``, ``fights``, ``challenges``, ``play_effect``).
HANDLERS = Handlers()


class BuffyContext(Context):
    """One Buffy decision (the kernel's ``Context``) with the two ways a Buffy rule meets the cards:
    a rule that forbids, which a card or ruling may lift, and a rule that allows, which a card or
    ruling may forbid.  Both weigh the claims of the rulings in force and the cards in play in the
    kernel's one precedence order (``overrides.PRECEDENCE``)."""

    precedence = overrides.PRECEDENCE
    state: BuffyState

    def forbid_unless_permitted(self, broken: bool, rule: str, message: str, ch: Character | None,
                                cid: str | None = None, also: tuple[str, ...] = ()) -> Overrider | None:
        """A rule that forbids when ``broken``; returns the card or ruling that lifts it, or None.

        ``also`` names broader rules whose permit lifts this one too (a permit of
        ``buffy.fatigue.cannot-act`` lets a fatigued character start a fight).  A once-per-turn
        permit that decides is spent (``OncePerTurnUsed``).
        """
        if not broken:
            self.require(True, rule, "not concerned")
            return None
        # permits of the rule or of a broader one; forbids only of the rule itself
        claims = [c for c in overrides.claims(self.state, (rule, *also), ch)
                  if c.verb == "permit" or (isinstance(c.effect, dict) and c.effect.get("forbid") == rule)]
        if not claims:
            self.require(False, rule, message)
            return None
        verdict = self.consult(rule, False, claims, message)
        decided = verdict.decided_by
        if not verdict.allowed or decided is None:
            return None
        effect = decided.effect if isinstance(decided.effect, dict) else {}
        if effect.get("once_per_turn") and cid is not None:
            self.spent.append(E.OncePerTurnUsed(character=cid, key=overrides.once_key(effect), by=decided.who.name))
        return decided.who

    def not_forbidden(self, rule: str, ch: Character | None, what: str) -> bool:
        """A rule that allows, which a card in play or a ruling may forbid ("cannot" beats "can"
        between cards; a ruling decides before any card)."""
        claims = overrides.claims(self.state, (rule,), ch)
        if not any(c.verb == "forbid" for c in claims):
            return True
        verdict = self.consult(rule, True, claims, what, what)
        who = verdict.overridden_by
        if not verdict.allowed and who is not None:
            self.note(rule, f"{what} ({who.name} forbids it)", "forbidden", who)
        return verdict.allowed

    def overrode(self, rule: str, who: Overrider) -> None:
        """Cites why ``who`` beats ``rule``: the judge's ruling, or the card (the golden rule)."""
        if who.kind == "ruling":
            self.note(self.precedence.ruling, f"{who.name} rules on {rule}", who=who)
        else:
            self.note(self.precedence.golden_rule, f"{who.name} beats {rule}", who=who)


def total_talents(ch: Character) -> dict[str, int]:
    """Printed talents plus the talents of attached cards."""
    totals = ch.talents.as_dict()
    for att in ch.attachments:
        for t in TALENTS:
            totals[t] += att.talents.get(t)
    return totals


def effective_talents(state: BuffyState, ch: Character) -> dict[str, int]:
    """Total talents minus the fatigue penalty (which may take a talent below zero)."""
    totals = total_talents(ch)
    if ch.fatigued:
        penalty, _, _ = overrides.parameter(state, "fatigue_penalty", ch)
        totals = {t: v - penalty for t, v in totals.items()}
    return totals


def all_traits(state: BuffyState, ch: Character) -> set[str]:
    """Printed traits, traits of attached cards, and traits granted by cards (Tome of Mediocrity)."""
    return ch.all_traits() | {t for t, _ in overrides.granted_traits(state, ch)}


def on_board(ch: Character | None) -> bool:
    return ch is not None and ch.location not in OFF_BOARD


def space_owner(space: str) -> str | None:
    return None if space == PARK else space.rsplit(".", 1)[0]


def fatigue(s: BuffyState, ctx: BuffyContext, cid: str, cause: str, rule: str) -> list[DomainEvent]:
    """What fatiguing ``cid`` records: nothing if already fatigued (a fatigued card cannot fatigue
    again), FatigueAvoided if a card stops it (Faith's Motel), else CharacterFatigued."""
    ch = s.characters[cid]
    if ch.fatigued:
        ctx.note(rule, f"{ch.name} is already fatigued ({cause})")
        return []
    avoider = overrides.fatigue_avoider(s, ch)
    if avoider is not None:
        ctx.note(rule, f"{ch.name} would be fatigued ({cause}) but {avoider.name} stops it", "overridden", avoider)
        ctx.overrode(rule, avoider)
        return [E.FatigueAvoided(character=cid, cause=cause, by=avoider.name)]
    ctx.note(rule, f"{ch.name} is fatigued: {cause}")
    ctx.note("buffy.fatigue.causes", f"one of the causes of fatigue ({rule}): {cause}")
    return [E.CharacterFatigued(character=cid, cause=cause, rule=rule)]


def fatiguing_act(s: BuffyState, ctx: BuffyContext, cid: str, what: str, cause: str, rule: str) -> list[DomainEvent]:
    """An act whose cost is fatiguing ``cid`` (learning a skill, stunt-doubling, a power that says
    "fatigue this character").  A fatigued character cannot do it (``buffy.fatigue.cannot-act``)
    unless a card stops the fatigue (Faith's Motel: she may act although fatigued, and stays as
    she was) or a card or ruling lifts the rule."""
    ch = s.characters[cid]
    if not ch.fatigued:
        return fatigue(s, ctx, cid, cause, rule)
    avoider = overrides.fatigue_avoider(s, ch)
    if avoider is not None:
        ctx.note(CANNOT_ACT, f"{ch.name} is fatigued and would not {what}; what would fatigue {ch.name} "
                             f"does not, by {avoider.name}", "overridden", avoider)
        ctx.overrode(CANNOT_ACT, avoider)
        ctx.note(rule, f"{ch.name} is not fatigued again ({cause})", "overridden", avoider)
        return [E.FatigueAvoided(character=cid, cause=cause, by=avoider.name)]
    who = ctx.forbid_unless_permitted(True, CANNOT_ACT, f"{ch.name} is fatigued and cannot {what}", ch, cid)
    if who is not None:
        ctx.note(rule, f"{ch.name} is already fatigued and stays so ({cause})", who=who)
    return []


# ------------------------------------------------------------------------------ lookups every area uses

def board_character(ctx: BuffyContext, cid: str, field: str = "character") -> Character:
    ch = ctx.state.characters.get(cid)
    if not on_board(ch):
        raise InvalidAction(f"no character {cid!r} in play", [{"field": field, "message": "no such character in play"}])
    assert ch is not None
    return ch




def own_character(ctx: BuffyContext, cid: str, player: str, rule: str) -> Character:
    """``cid`` in play, which must be ``player``'s (``rule`` says so).  Raises InvalidAction when
    no such character is in play."""
    ch = board_character(ctx, cid)
    ctx.require(ch.owner == player, rule, f"{ch.name} is not {player}'s character")
    return ch

def in_hand(ctx: BuffyContext, player: str, card: str, rule: str, *aliases: str) -> str | None:
    """Checks that ``card`` (or one of its ``aliases``) can come from ``player``'s hand: the hand
    holds a card, and when every card of it is named, one of them is this card.  Returns the name
    as the hand spells it, or None when the hand does not name it."""
    p = ctx.state.players[player]
    wanted = {n.casefold() for n in (card, *aliases)}
    named = next((n for n in p.hand_cards if n.casefold() in wanted), None)
    if p.hand < 1:
        ctx.require(False, rule, f"{player} has no card in hand to play {card}")
    elif named is None and len(p.hand_cards) >= p.hand:
        ctx.require(False, rule, f"{card} is not in {player}'s hand, whose cards are all named: "
                                 + ", ".join(p.hand_cards))
    else:
        ctx.require(True, rule, "", f"{card} comes from {player}'s hand")
    return named



def requirement(ctx: BuffyContext, ch: Character, req: dict[str, int], rule: str = "buffy.talent-requirement") -> None:
    eff = effective_talents(ctx.state, ch)
    for talent, need in req.items():
        ctx.require(eff[talent] >= need, rule, f"{ch.name} has {eff[talent]} {talent}, the card needs {need}",
                    f"{ch.name} meets {talent} {need} alone")



def trait_requirement(ctx: BuffyContext, ch: Character, traits: list[str]) -> None:
    have = all_traits(ctx.state, ch)
    for trait in traits:
        ctx.require(trait.upper() in have, "buffy.trait-requirement", f"{ch.name} lacks the trait {trait.upper()}",
                    f"{ch.name} has {trait.upper()}")



def can_draw(p: PlayerState) -> bool:
    return p.resource_deck is None or p.resource_deck > 0 or bool(p.discard)



def cards_available(p: PlayerState) -> int | None:
    return None if p.resource_deck is None else p.resource_deck + len(p.discard)



def where(state: BuffyState) -> str:
    if state.phase is None:
        return f"the {state.step} step"
    return f"the {state.phase.kind} / {state.phase.stage} stage"


def free_id(base: str, taken: Any) -> str:
    """``base``, or ``base-2``, ``base-3``... : the first id not in ``taken``."""
    n, cid = 1, base
    while cid in taken:
        n += 1
        cid = f"{base}-{n}"
    return cid


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"
