"""The checks every way of playing something shares in WoW Miniatures: timing by category (300.3,
703), a form's restriction on paid abilities (302.3), and a target's side, reach and line of sight."""
from __future__ import annotations

from typing import Iterable

from adjudicator.wowmini import rules as R
from adjudicator.wowmini.checks import WowMiniContext
from adjudicator.wowmini.derived import an, los_blockers
from adjudicator.wowmini.state import Card, Character, Square, distance


def timing(ctx: WowMiniContext, cid: str, category: str, what: str, names: Iterable[str],
           cards: Iterable[Card] = ()) -> None:
    """A react any time it is triggered; an action or instant only on the character's own turn, and
    one action a turn."""
    st = ctx.state
    if category == "react":
        ctx.note(R.PLAYING, f"{what} is a react: it may be played at any time it is triggered", "allowed")
        return
    if st.acting != cid:
        ctx.check(R.PLAYING, False, f"{what} is {an(category)}: {cid} may play it only on its own turn, "
                                    f"and it is {st.acting or 'nobody'}'s turn", names=names, cards=cards)
    elif category == "action":
        ctx.check(R.PLAYING, not st.action_used, f"{cid} has already used its action this turn",
                  f"{what} is {cid}'s action this turn", names=names, cards=cards)
    else:
        ctx.check(R.PLAYING, True, "", f"{what} is an instant, played on {cid}'s own turn")


def form_restriction(ctx: WowMiniContext, ch: Character, cid: str, what: str, *, granted: bool,
                     changes_form: bool, names: Iterable[str], cards: Iterable[Card] = ()) -> None:
    form = ch.form
    if form is None:
        return
    names = [*names, form.name]
    if not form.grants:
        ctx.check(R.FORM_ABILITIES, True, "", f"{form.name} grants no new paid ability, so {cid} may "
                                              f"still play {what}", names=names, cards=cards)
    elif granted:
        ctx.check(R.FORM_ABILITIES, True, "", f"{what} is granted by {form.name}", names=names, cards=cards)
    elif changes_form:
        ctx.check(R.FORM_ABILITIES, True, "", f"{what} changes {cid} into a different form: the exception "
                                              f"to the restriction of {form.name}", names=names, cards=cards)
    else:
        granted_names = ", ".join(a.name for a in form.grants)
        ctx.check(R.FORM_ABILITIES, False, f"{form.name} grants {cid} {granted_names}: while in it {cid} may "
                                           f"play no other paid ability, and {what} is not on the form",
                  names=names, cards=cards)


def target(ctx: WowMiniContext, ch: Character, cid: str, tid: str, *, relation: str | None, rng: str | None,
           area: bool, what: str, names: Iterable[str], cards: Iterable[Card] = ()) -> bool:
    """Checks one target of an ability; False when it must be left out of the effect."""
    st = ctx.state
    piece = ctx.piece(tid, "targets")
    is_totem = tid in st.totems
    if not ctx.in_play(tid, piece.status, blocking=False):
        return False
    keep = True
    if is_totem and area:
        keep = ctx.check(R.TOTEM_IMMUNE, False, f"{tid} is a totem: area-of-effect abilities do not "
                                                f"affect totems", names=names, cards=cards)
    if relation in ("enemy", "ally"):
        allied = st.allied(ch.owner, piece.owner)
        ok = allied if relation == "ally" else not allied
        if is_totem and relation == "ally" and ok:
            ctx.note(R.TOTEM_IMMUNE, f"{tid} is a totem: abilities naming allies may affect it", "allowed")
        ctx.check(R.PLAYING, ok, f"{what} targets {an(relation)}; {tid} is not one", f"{tid} is {an(relation)} "
                  f"of {cid}", names=names, cards=cards)
    if ch.square is not None and piece.square is not None and rng is not None:
        reach(ctx, cid, ch.square, tid, piece.square, rng, is_totem, names, cards)
    return keep


def reach(ctx: WowMiniContext, cid: str, frm: Square, tid: str, to: Square, rng: str, is_totem: bool,
          names: Iterable[str], cards: Iterable[Card]) -> None:
    """Melee: adjacent (or on a totem's square); ranged: line of sight (405.3)."""
    if rng == "melee":
        if is_totem and frm == to:
            ctx.note(R.TOTEM_PLACE, f"{cid} stands on {tid}'s square, so they are adjacent", "allowed")
            return
        ctx.check(R.BOARD, distance(frm, to) <= 1, f"{tid} is not adjacent to {cid} for a melee ability",
                  f"{tid} is adjacent to {cid}", names=names, cards=cards)
        return
    blocking, ignored = los_blockers(ctx.state, frm, to)
    for pid in ignored:
        rule = R.TOTEM_PLACE if pid in ctx.state.totems else R.PET_LOS
        ctx.note(rule, f"{pid} lies between {cid} and {tid} but does not block line of sight", "allowed")
    ctx.check(R.LINE_OF_SIGHT, not blocking, f"line of sight from {cid} to {tid} is blocked by "
                                             f"{', '.join(blocking)}", f"{cid} sees {tid}", names=names, cards=cards)
