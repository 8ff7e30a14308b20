"""What playing a WoW Miniatures card puts into play: a buff copy attached to a character (301.2),
a form entered (302), a totem summoned (303), a pet summoned (304), and where the pet may appear."""
from __future__ import annotations

from adjudicator.core import InvalidAction
from adjudicator.wowmini import rules as R
from adjudicator.wowmini.checks import WowMiniContext
from adjudicator.wowmini.derived import pet_squares
from adjudicator.wowmini.state import Card, Character, Square
from events.models import wowmini as E


def pet_square(ctx: WowMiniContext, ch: Character, cid: str, wanted: Square | None, names: list[str],
               cards: list[Card]) -> Square | None:
    """The square the pet appears on: the one asked for (checked against 304.1), else the first
    allowed one.  Raises InvalidAction for a square off the board."""
    st = ctx.state
    candidates, adjacent = pet_squares(st, ch)
    where = ("a square adjacent to " + cid + " without a character" if adjacent
             else "one of the nearest squares without a character, since every square adjacent to "
                  + cid + " holds a character")
    if wanted is not None:
        if not st.board.contains(wanted):
            raise InvalidAction(f"square {list(wanted)} is off the board",
                                [{"field": "square", "message": "off the board"}])
        ctx.check(R.PET_SUMMON, wanted in candidates, f"the pet must appear on {where}; {list(wanted)} is not one",
                  f"{list(wanted)} is {where}", names=names, cards=cards)
        return wanted
    if not candidates:
        ctx.check(R.PET_SUMMON, False, "no square of the board is free of characters", blocking=True)
        return None
    ctx.note(R.PET_SUMMON, f"no square chosen: {list(candidates[0])}, the first of {where}")
    return candidates[0]


def attach(ctx: WowMiniContext, card: Card, cid: str, tid: str, buff_id: str) -> None:
    """A copy of the buff goes on ``tid`` (301.2), replacing the same-name buffs there (301.2b)."""
    st = ctx.state
    time = st.time
    expires = time + card.duration if card.duration is not None else None
    buff = {"id": buff_id, "name": card.name, "kind": card.kind, "played_by": cid, "attached_at": time,
            "duration": card.duration, "expires_at": expires, "counters": dict(card.counters),
            "modifiers": dict(card.modifiers), "text": card.text}
    ctx.emit(E.BuffAttached(target=tid, buff=buff))
    ctx.note(R.BUFF_ATTACH, f"a copy of {card.name} ({buff_id}) is attached to {tid}")
    ctx.note(R.BUFF_INDEPENDENT, f"{buff_id} keeps {card.name}'s text but is independent of the card and of {cid}")
    if expires is not None:
        ctx.note(R.BUFF_DURATION, f"{buff_id} lasts {card.duration} ticks, until tick {expires}")
    else:
        ctx.note(R.BUFF_DURATION, f"{buff_id} has no duration: it stays until something removes it")
    for old in st.characters[tid].buffs:
        if old.name.lower() == card.name.lower():
            ctx.emit(E.BuffRemoved(target=tid, buff_id=old.id, name=old.name, reason="replaced",
                                   rule=R.BUFF_REPLACE, counters=dict(old.counters)))
            ctx.note(R.BUFF_REPLACE, f"the older {old.name} on {tid} ({old.id}) is removed")
            if old.counters:
                ctx.note(R.BUFF_COUNTERS, f"the counters of {old.id} leave with it: {old.counters}")


def enter_form(ctx: WowMiniContext, card: Card, ch: Character, cid: str) -> None:
    if ch.form is not None:
        ctx.emit(E.FormReturned(character=cid, form=ch.form.name, reason="changed", rule=R.FORM_LEAVE))
        ctx.note(R.FORM_LEAVE, f"changing form: {ch.form.name} returns to the bar face up and ready; this "
                               f"is not a change of state, so no orientation trigger fires")
    ctx.emit(E.FormEntered(character=cid, form=card.name))
    ctx.note(R.FORM_CHANGES, f"{cid} keeps its race, class and faction in {card.name}; only what the "
                             f"card names changes")
    if ch.buffs:
        ctx.note(R.FORM_CONTINUOUS, f"the continuous effects on {cid} ({', '.join(b.name for b in ch.buffs)}) "
                                    f"still apply in {card.name}")


def summon_totem(ctx: WowMiniContext, card: Card, ch: Character, cid: str, totem_id: str) -> None:
    assert ch.square is not None and card.health is not None
    ctx.emit(E.TotemSummoned(totem=totem_id, name=card.name, owner=ch.owner, summoner=cid,
                             square=ch.square, health=card.health))
    ctx.note(R.TOTEM_SUMMON, f"a {card.name} totem appears on {cid}'s square {list(ch.square)}, an ally of "
                             f"{ch.owner}'s party")


def summon_pet(ctx: WowMiniContext, card: Card, ch: Character, cid: str, pet_id: str, square: Square,
               clock: int) -> None:
    """304.1: the new pet replaces the player's pet in play, if any; its clock starts at its master's."""
    st = ctx.state
    assert card.pet is not None
    old = st.pet_of_player(ch.owner)
    if old is not None:
        ctx.emit(E.PetRemoved(pet=old, reason="replaced", rule=R.PET_SUMMON,
                              buffs=[b.id for b in st.characters[old].buffs]))
        ctx.note(R.PET_SUMMON, f"{ch.owner} already had a pet: {old} is removed from play")
    spec = card.pet
    ctx.emit(E.PetSummoned(pet=pet_id, master=cid, owner=ch.owner, name=spec.name, square=square,
                           clock=clock, health=spec.health, attack=spec.attack.model_dump(mode="json"),
                           character_class=spec.class_, race=spec.race, faction=ch.faction))
    ctx.note(R.PET_CHARACTER, f"{spec.name} is a character of its own; its clock starts at its master's, {clock}")
