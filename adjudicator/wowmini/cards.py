"""Action bar cards in WoW Miniatures (300): playing a card's core ability (its category, timing,
exhaustion, targets, costs and what it puts into play), readying, revealing and cancelling."""
from __future__ import annotations

from adjudicator.core import InvalidAction
from adjudicator.wowmini import actions as A
from adjudicator.wowmini import rules as R
from adjudicator.wowmini.checks import HANDLERS, WowMiniContext
from adjudicator.wowmini.damage import deal
from adjudicator.wowmini.derived import an
from adjudicator.wowmini.pieces import attach, enter_form, pet_square, summon_pet, summon_totem
from adjudicator.wowmini.state import Card, Character, Square
from adjudicator.wowmini.targeting import form_restriction, target, timing
from events.models import wowmini as E


def _has_bar(ctx: WowMiniContext, ch: Character, cid: str) -> bool:
    return ctx.check(R.BAR, not ch.is_pet, f"{cid} is a pet: pets have no action bar", f"{cid} has an action bar",
                     blocking=True)


def _in_bar(ctx: WowMiniContext, ch: Character, cid: str, name: str, why: str) -> Card | None:
    """The card named ``name`` in the bar; None (blocked, 302.2) for the form the character is in.
    Raises InvalidAction when the bar has no such card."""
    card = ch.card(name)
    if card is not None:
        return card
    if ch.form is not None and ch.form.name.lower() == name.lower():
        ctx.check(R.FORM_SET_ASIDE, False, f"{ch.form.name} is set aside while {cid} is in the form: {why}",
                  blocking=True)
        ctx.blocked = True
        return None
    raise InvalidAction(f"{cid} has no card {name!r} in its action bar at position {ctx.state.position}",
                        [{"field": "card", "message": f"not in {cid}'s action bar"}])


def bar_card(ctx: WowMiniContext, cid: str, name: str) -> tuple[Character, Card | None]:
    """The character and its card ``name`` (None when the decision is blocked).  Raises
    InvalidAction for an unknown character or card."""
    ch = ctx.character(cid, "character")
    if not _has_bar(ctx, ch, cid):
        return ch, None
    return ch, _in_bar(ctx, ch, cid, name, "it cannot be affected in any way")


# ------------------------------------------------------------------------------- playing a card
@HANDLERS.on(A.PlayCard)
def play_card(ctx: WowMiniContext, act: A.PlayCard) -> None:
    cid = act.character
    ch = ctx.character(cid, "character")
    if not _has_bar(ctx, ch, cid):
        return
    ctx.control(ch, cid, act.player)
    if not ctx.in_play(cid, ch.status):
        return
    card = _in_bar(ctx, ch, cid, act.card, "it can be neither played nor affected")
    if card is None:
        return
    _may_play(ctx, ch, cid, card)
    targets, square = _targets(ctx, ch, cid, card, act)
    if ctx.blocked:
        return
    clock, creates = _pay(ctx, act, ch, card, targets, square)
    if card.kind in ("buff", "debuff"):
        attach(ctx, card, cid, targets[0], creates[0])
    elif card.kind == "form":
        enter_form(ctx, card, ch, cid)
    elif card.kind == "totem":
        summon_totem(ctx, card, ch, cid, creates[0])
    elif card.kind == "pet":
        assert square is not None
        summon_pet(ctx, card, ch, cid, creates[0], square, clock)
    elif card.damage is not None and targets:
        deal(ctx, targets, card.damage, cid, ch.owner)


def _may_play(ctx: WowMiniContext, ch: Character, cid: str, card: Card) -> None:
    """Category and timing (300.3, 703), a ready card (300.5), the form's restriction (302.3)."""
    names, cards = [card.name], [card]
    category = card.play_category
    ctx.note(R.CATEGORY, f"{card.name} is {an(category)} (notes line {card.notes!r})")
    timing(ctx, cid, category, card.name, names, cards)
    ctx.check(R.EXHAUST, card.orientation == "ready", f"{card.name} is exhausted: it is recharging and "
              f"cannot be played until it is readied", f"{card.name} is ready", names=names, cards=cards)
    form_restriction(ctx, ch, cid, card.name, granted=False, changes_form=card.kind == "form",
                     names=names, cards=cards)


def _targets(ctx: WowMiniContext, ch: Character, cid: str, card: Card,
             act: A.PlayCard) -> tuple[list[str], Square | None]:
    """The targets the card affects and, for a pet, its square.  Raises InvalidAction when the
    targets given do not fit the kind of card."""
    names, cards = [card.name], [card]
    if card.kind in ("buff", "debuff"):
        return _buff_target(ctx, ch, cid, card, act.targets), None
    if card.kind in ("form", "totem", "pet"):
        if act.targets:
            raise InvalidAction(f"{card.name} is {an(card.kind)} card: it has no target",
                                [{"field": "targets", "message": "no targets for this card"}])
        if card.kind == "pet":
            return [], pet_square(ctx, ch, cid, act.square, names, cards)
        return [], None
    if card.target is None and card.damage is None:
        for tid in act.targets:
            ctx.piece(tid, "targets")
        return list(act.targets), None
    if not act.targets:
        raise InvalidAction(f"{card.name} needs a target", [{"field": "targets", "message": "at least one target"}])
    return [tid for tid in act.targets
            if target(ctx, ch, cid, tid, relation=card.target or "enemy", rng=card.range, area=card.area,
                      what=card.name, names=names, cards=cards)], None


def _buff_target(ctx: WowMiniContext, ch: Character, cid: str, card: Card, targets: list[str]) -> list[str]:
    """301.1: a buff targets one ally, a debuff one enemy; never a totem (303.2)."""
    names, cards = [card.name], [card]
    if len(targets) != 1:
        raise InvalidAction(f"{card.name} is {an(card.kind)}: it targets exactly one character",
                            [{"field": "targets", "message": "exactly one target"}])
    tid = targets[0]
    ctx.piece(tid, "targets")
    st = ctx.state
    if tid in st.totems:
        ctx.check(R.TOTEM_IMMUNE, False, f"{tid} is a totem: totems cannot be buffed or debuffed",
                  names=names, cards=cards, blocking=True)
        ctx.blocked = True  # a totem has nowhere to hold a buff
        return []
    tgt = st.characters[tid]
    if not ctx.in_play(tid, tgt.status):
        return []
    allied = st.allied(ch.owner, tgt.owner)
    if card.kind == "buff":
        ctx.check(R.BUFF_TARGETS, allied, f"{card.name} is a buff: it targets only allied characters, "
                  f"and {tid} is an enemy", f"{tid} is an ally of {cid}", names=names, cards=cards)
    else:
        ctx.check(R.BUFF_TARGETS, not allied, f"{card.name} is a debuff: it targets only enemy "
                  f"characters, and {tid} is an ally", f"{tid} is an enemy of {cid}", names=names, cards=cards)
    return [tid]


def _pay(ctx: WowMiniContext, act: A.PlayCard, ch: Character, card: Card, targets: list[str],
         square: Square | None) -> tuple[int, list[str]]:
    """The costs (the core ability's ticks 300.4, the card itself 300.5 / 302.2) and the CardPlayed
    event; returns the character's new clock and the ids of what the card creates."""
    cid = act.character
    clock = ch.clock + card.cost
    ctx.note(R.CORE_COST, f"{card.name}'s core ability costs {card.cost} ticks: {cid}'s clock {ch.clock} -> {clock}")
    if card.kind == "form":
        ctx.note(R.FORM_SET_ASIDE, f"{card.name} leaves the bar and is set aside: no orientation, "
                                   f"cannot be targeted or cancelled")
    else:
        ctx.note(R.EXHAUST, f"{card.name} is exhausted (recharging) and stays in the action bar")
    creates: list[str] = []
    if card.kind in ("buff", "debuff", "totem", "pet"):
        prefix = "buff" if card.kind in ("buff", "debuff") else card.kind
        creates = [f"{prefix}-{ctx.state.serial + 1}"]
    ctx.emit(E.CardPlayed(player=act.player, character=cid, card=card.name, kind=card.kind,
                          category=card.play_category, cost=card.cost, clock=clock, exhausted=card.kind != "form",
                          targets=targets, square=square, creates=creates, trigger=act.trigger))
    return clock, creates


# ------------------------------------------------------------------------------- other card actions
@HANDLERS.on(A.ReadyCard)
def ready_card(ctx: WowMiniContext, act: A.ReadyCard) -> None:
    ch, card = bar_card(ctx, act.character, act.card)
    if card is None:
        return
    ctx.control(ch, act.character, act.player)
    if not ctx.check(R.READY, card.orientation == "exhausted", f"{card.name} is already ready",
                     f"{card.name} is exhausted and is readied", names=[card.name], blocking=True):
        return
    ctx.emit(E.CardReadied(player=act.player, character=act.character, card=card.name))


@HANDLERS.on(A.RevealCard)
def reveal_card(ctx: WowMiniContext, act: A.RevealCard) -> None:
    ch, card = bar_card(ctx, act.character, act.card)
    if card is None:
        return
    ctx.check(R.BAR, ch.owner == act.player, f"only {ch.owner}, who controls {act.character}, may reveal its cards",
              f"{act.player} controls {act.character} and may reveal its cards at any time")
    if not ctx.check(R.BAR, card.face == "down", f"{card.name} is already face up", f"{card.name} is face down",
                     blocking=True):
        return
    ctx.emit(E.CardRevealed(player=act.player, character=act.character, card=card.name))


@HANDLERS.on(A.Cancel)
def cancel(ctx: WowMiniContext, act: A.Cancel) -> None:
    st = ctx.state
    ctx.character(act.character, "character")
    lp = st.last_play
    ok = (lp is not None and not lp.cancelled and lp.character == act.character
          and lp.card.lower() == act.card.lower())
    if not ctx.check(R.CANCEL, ok, f"{act.card} by {act.character} is not the card just played",
                     f"{act.card} is the card {act.character} just played", blocking=True):
        return
    assert lp is not None
    if lp.kind == "form":
        ctx.check(R.FORM_SET_ASIDE, False, f"{lp.card} is a form: a form cannot be cancelled", names=[lp.card],
                  blocking=True)
        ctx.blocked = True
        return
    ctx.note(R.CANCEL, f"{lp.card}'s costs stay paid; what it brought into play leaves; damage already dealt stays")
    ctx.emit(E.CardCancelled(player=act.player, character=act.character, card=lp.card))
    w = ctx.work
    for pid in lp.creates:
        found = w.find_buff(pid)
        if found is not None:
            ctx.emit(E.BuffRemoved(target=found[0], buff_id=pid, name=found[1].name, reason="cancelled",
                                   rule=R.CANCEL, counters=dict(found[1].counters)))
        elif pid in w.totems and w.totems[pid].in_play:
            ctx.emit(E.TotemRemoved(totem=pid, reason="cancelled"))
        elif pid in w.characters and w.characters[pid].in_play:
            ctx.emit(E.PetRemoved(pet=pid, reason="cancelled", rule=R.CANCEL,
                                  buffs=[b.id for b in w.characters[pid].buffs]))
