"""The World of Warcraft Miniatures action-bar engine (comprehensive rules chapter 3, 300-304).

``decide`` checks an action and returns the events it records: the action's own event, then the
consequences (a replaced buff removed, a pet removed with its master, the next turn starting),
computed by applying each event to a scratch copy as it is emitted.  ``evolve`` applies events and
never re-checks rules.  Every rule consulted goes into the decision's trace; judge rulings and card
text can change a rule's outcome (see ``adjudicator.wowmini.checks``).
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from pydantic import ValidationError

from adjudicator.core import Decision, GameOver, InvalidAction, InvalidSetup, LegalAction
from adjudicator.wowmini import actions as A
from adjudicator.wowmini import rules as R
from adjudicator.wowmini.checks import Ctx
from adjudicator.wowmini.projection import apply_event
from adjudicator.wowmini.state import (
    Ability, Attack, Card, Character, Square, WowMiniState, distance, line_between, neighbours,
)
from events import wowmini as E
from events.base import DomainEvent
from events.common import GameCreated

GAME = "wowmini"


# ------------------------------------------------------------------------------- derived values

def effective_attack(ch: Character) -> Attack:
    """The attack a character uses now: a form's new statistics replace only what they name
    (302.1), and continuous effects such as buffs still apply on top (302.5)."""
    attack = ch.form.attack if ch.form is not None and ch.form.attack is not None else ch.attack
    bonus = sum(b.modifiers.get("damage", 0) for b in ch.buffs)
    return attack.model_copy(update={"damage": max(0, attack.damage + bonus)})


def effective_health(ch: Character) -> int:
    base = ch.form.health if ch.form is not None and ch.form.health is not None else ch.health
    return max(1, base + sum(b.modifiers.get("health", 0) for b in ch.buffs))


def counters_of(ch: Character) -> dict[str, int]:
    """Counters on a character: those its buffs added (301.2e)."""
    totals: dict[str, int] = {}
    for buff in ch.buffs:
        for name, n in buff.counters.items():
            totals[name] = totals.get(name, 0) + n
    return totals


def effective(ch: Character) -> dict[str, Any]:
    return {
        # 302.1: a form never changes race, class or faction.
        "class": ch.class_, "race": ch.race, "faction": ch.faction,
        "health": effective_health(ch),
        "attack": effective_attack(ch).model_dump(mode="json"),
        "form": ch.form.name if ch.form is not None else None,
    }


def restriction_fits(line: str, ch: Character) -> bool:
    """``wowmini.202.2`` (inferred): an empty line fits anyone; otherwise one of its alternatives
    (separated by ``/``, ``,`` or "or") must consist only of the character's class, race and faction."""
    if not line.strip():
        return True
    words = sorted((w.lower() for w in (ch.class_, ch.race, ch.faction) if w), key=len, reverse=True)
    for alt in re.split(r"/|,|\bor\b|\bou\b", line, flags=re.I):
        rest = alt.lower()
        if not rest.strip():
            continue
        for w in words:
            rest = re.sub(rf"\b{re.escape(w)}\b", " ", rest)
        if not rest.strip(" -;.:"):
            return True
    return False


def next_to_act(state: WowMiniState) -> str | None:
    """``wowmini.timeline``: the character in play with the lowest clock; ties go by seating from
    the first player, then by id.  Totems have no clock (303.4)."""
    order = state.seat_order()
    best = None
    for cid, ch in state.characters.items():
        if not ch.in_play:
            continue
        seat = order.index(ch.owner) if ch.owner in order else len(order)
        key = (ch.clock, seat, cid)
        if best is None or key < best:
            best = key
    return best[2] if best else None


def pet_squares(state: WowMiniState, master: Character) -> tuple[list[Square], bool]:
    """304.1: the squares a pet may appear on, and whether they are adjacent ones (False: all
    adjacent squares hold characters, so the nearest squares free of characters)."""
    if master.square is None:
        return [], True
    blocked = set(state.board.blocked)
    occupied = {ch.square for ch in state.characters.values() if ch.in_play and ch.square is not None}
    adjacent = [n for n in neighbours(state.board, master.square) if n not in blocked]
    free = sorted((n for n in adjacent if n not in occupied), key=lambda s: (s[1], s[0]))
    if free:
        return free, True
    candidates = [(x, y) for y in range(state.board.height) for x in range(state.board.width)
                  if (x, y) not in blocked and (x, y) not in occupied]
    if not candidates:
        return [], False
    nearest = min(distance(master.square, c) for c in candidates)
    return [c for c in candidates if distance(master.square, c) == nearest], False


def los_blockers(state: WowMiniState, a: Square, b: Square) -> tuple[list[str], list[str]]:
    """``wowmini.405.3`` (inferred): what blocks the straight line between two squares (blocked
    squares and characters other than pets), and what lies on it without blocking (pets 304.2b,
    totems 303.4)."""
    blocking, ignored = [], []
    blocked = set(state.board.blocked)
    for sq in line_between(a, b):
        if sq in blocked:
            blocking.append(f"square {list(sq)}")
        for cid in state.characters_on(sq):
            (ignored if state.characters[cid].is_pet else blocking).append(cid)
        ignored.extend(state.totems_on(sq))
    return blocking, ignored


def vp_control(state: WowMiniState) -> dict[str, str | None]:
    """Who controls each VP square: the party of the non-pet character on it (304.2a: pets do not)."""
    out: dict[str, str | None] = {}
    for sq in state.vp_squares:
        holders = [state.characters[c] for c in state.characters_on(sq) if not state.characters[c].is_pet]
        out[f"{sq[0]},{sq[1]}"] = state.party_of(holders[0].owner) if holders else None
    return out


def _an(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


# ------------------------------------------------------------------------------- setup checks

def setup_errors(state: WowMiniState) -> list[dict[str, str]]:
    """Rule problems in a position entered directly; each message cites the rule."""
    errors: list[dict[str, str]] = []

    def err(field: str, rule: str, message: str) -> None:
        errors.append({"field": f"setup.{field}", "message": f"{message} ({rule})"})

    seated = set(state.seating)
    for pid in state.players:
        if pid not in seated:
            err(f"players.{pid}", R.TIMELINE, "not a seated player")
    board = state.board
    for i, sq in enumerate(state.board.blocked):
        if not board.contains(sq):
            err(f"board.blocked.{i}", R.BOARD, f"square {list(sq)} is off the board")
    for i, sq in enumerate(state.vp_squares):
        if not board.contains(sq):
            err(f"vp_squares.{i}", R.BOARD, f"square {list(sq)} is off the board")
    squares: dict[Square, str] = {}
    pets_of: dict[str, str] = {}
    buff_ids: set[str] = set()
    for cid, ch in state.characters.items():
        f = f"characters.{cid}"
        if ch.owner not in seated:
            err(f"{f}.owner", R.PLAYING, f"{ch.owner!r} is not a player")
        if ch.in_play:
            if ch.square is None:
                err(f"{f}.square", R.BOARD, "a character in play needs a square")
            elif not board.contains(ch.square) or ch.square in board.blocked:
                err(f"{f}.square", R.BOARD, f"square {list(ch.square)} is off the board or blocked")
            elif ch.square in squares:
                err(f"{f}.square", R.MOVEMENT, f"square {list(ch.square)} already holds {squares[ch.square]}")
            else:
                squares[ch.square] = cid
        if ch.is_pet:
            master = state.characters.get(ch.master or "")
            if master is None or master.is_pet:
                err(f"{f}.master", R.PET_CHARACTER, f"{ch.master!r} is not a character that can own a pet")
            elif master.owner != ch.owner:
                err(f"{f}.master", R.PET_CHARACTER, "a pet belongs to its master's player")
            if ch.action_bar or ch.form is not None:
                err(f"{f}.action_bar", R.BAR, "a pet has no action bar")
            if ch.in_play:
                if ch.owner in pets_of:
                    err(f"{f}.master", R.PET_SUMMON, f"{ch.owner} already has a pet in play ({pets_of[ch.owner]})")
                pets_of[ch.owner] = cid
        names: dict[str, int] = {}
        bar = list(ch.action_bar) + ([ch.form] if ch.form is not None else [])
        for i, card in enumerate(bar):
            where = f"{f}.action_bar.{i}" if i < len(ch.action_bar) else f"{f}.form"
            key = card.name.lower()
            if key in names:
                err(where, R.BAR_CONTENTS, f"a second card named {card.name!r} in the same action bar")
            names[key] = i
            if not restriction_fits(card.restriction, ch):
                err(where, R.RESTRICTION, f"restriction line {card.restriction!r} does not fit {cid} "
                                          f"({ch.race} {ch.class_}, {ch.faction})")
            if card.kind == "totem" and card.health is None:
                err(where, R.TOTEM_HEALTH, "a totem card needs the totem's health")
            if card.kind == "pet" and card.pet is None:
                err(where, R.PET_SUMMON, "a pet card needs the pet's statistics (pet)")
        if ch.form is not None:
            if ch.form.kind != "form":
                err(f"{f}.form", R.FORM_SET_ASIDE, f"{ch.form.name!r} is not a form card")
            if ch.form.orientation is not None:
                err(f"{f}.form.orientation", R.FORM_SET_ASIDE, "a form set aside has no orientation (null)")
        for i, card in enumerate(ch.action_bar):
            if card.orientation is None:
                err(f"{f}.action_bar.{i}.orientation", R.EXHAUST, "a card in the bar is ready or exhausted")
        for i, buff in enumerate(ch.buffs):
            if buff.id in buff_ids:
                err(f"{f}.buffs.{i}.id", R.BUFF_ATTACH, f"buff id {buff.id!r} used twice")
            buff_ids.add(buff.id)
    for tid, totem in state.totems.items():
        if tid in state.characters:
            err(f"totems.{tid}", R.TOTEM_SUMMON, "a totem id must differ from every character id")
        if totem.owner not in seated:
            err(f"totems.{tid}.owner", R.TOTEM_SUMMON, f"{totem.owner!r} is not a player")
        if not board.contains(totem.square):
            err(f"totems.{tid}.square", R.BOARD, f"square {list(totem.square)} is off the board")
    if state.acting is not None:
        ch = state.characters.get(state.acting)
        if ch is None or not ch.in_play:
            err("acting", R.TIMELINE, f"{state.acting!r} is not a character in play")
    if state.first_player not in seated:
        err("first_player", R.TIMELINE, f"{state.first_player!r} is not a player")
    return errors


# ------------------------------------------------------------------------------- the engine

class WowMiniEngine:
    """World of Warcraft Miniatures, the action-bar chapter: cards, buffs, forms, totems, pets."""

    game = GAME

    # ----------------------------------------------------------------------------- creation
    def create(self, players: list[dict[str, Any]], first_player: str | None,
               setup: dict[str, Any] | None) -> list[DomainEvent]:
        """The GameCreated event holding the whole starting position, defaults filled in.

        ``setup`` is a state document (the shape ``to_document`` returns).  Raises InvalidSetup
        naming every field that does not fit, with the rule it breaks.
        """
        if not isinstance(players, list) or not players:
            raise InvalidSetup("a game needs players", [{"field": "players", "message": "at least one player"}])
        ids = [str(p.get("id")) for p in players if isinstance(p, dict) and p.get("id")]
        if len(ids) != len(players) or len(set(ids)) != len(ids):
            raise InvalidSetup("every player needs a unique id",
                               [{"field": "players", "message": "each player needs a unique id"}])
        doc = dict(setup or {})
        if doc.get("game", GAME) != GAME:
            raise InvalidSetup(f"setup describes a {doc.get('game')!r} position, not a WoW Miniatures one",
                               [{"field": "setup.game", "message": "expected 'wowmini'"}])
        doc.pop("position", None)
        doc.setdefault("seating", ids)
        if not isinstance(doc["seating"], list) or set(doc["seating"]) != set(ids):
            raise InvalidSetup("setup.seating must name exactly the players",
                               [{"field": "setup.seating", "message": "differs from players"}])
        first = first_player or doc.get("first_player") or doc["seating"][0]
        if first not in ids:
            raise InvalidSetup(f"first_player {first!r} is not a player",
                               [{"field": "first_player", "message": "not a player"}])
        doc["first_player"] = first
        try:
            state = WowMiniState.model_validate(doc)
        except ValidationError as exc:
            errors = [{"field": "setup." + ".".join(str(p) for p in e["loc"]), "message": e["msg"]}
                      for e in exc.errors()]
            raise InvalidSetup("setup does not describe a WoW Miniatures position: "
                               + "; ".join(f"{e['field']}: {e['message']}" for e in errors), errors) from None
        errors = setup_errors(state)
        if errors:
            raise InvalidSetup("setup breaks the rules: "
                               + "; ".join(f"{e['field']}: {e['message']}" for e in errors), errors)
        if state.acting is None and state.winner is None:
            state.acting = next_to_act(state)
        state.position = 0
        return [GameCreated(game_name=GAME, players=players, first_player=first,
                            state=state.model_dump(mode="json", by_alias=True))]

    # ----------------------------------------------------------------------------- projection
    def evolve(self, state: WowMiniState | None, event: DomainEvent) -> WowMiniState:
        """The state after ``event``; ``state`` is left untouched."""
        work = state.model_copy(deep=True) if state is not None else None
        return self.apply(work, event)

    def apply(self, state: WowMiniState | None, event: DomainEvent) -> WowMiniState:
        """Like evolve, mutating ``state`` in place.  Raises TypeError for an unknown event."""
        if isinstance(event, GameCreated):
            new = WowMiniState.model_validate(event.state)
            new.position = 1
            return new
        assert state is not None, "the first event of a log is GameCreated"
        apply_event(event, state)
        state.position += 1
        return state

    def to_document(self, state: WowMiniState) -> dict[str, Any]:
        """The state as JSON, with read-only views (``effective``, ``counters``, card
        ``category``, ``controlled_vp_squares``) that ``create`` ignores on input."""
        doc = state.model_dump(mode="json", by_alias=True)
        for cid, ch in state.characters.items():
            d = doc["characters"][cid]
            d["effective"] = effective(ch)
            d["counters"] = counters_of(ch)
            for card, cd in zip(ch.action_bar, d["action_bar"]):
                cd["category"] = card.play_category
            if ch.form is not None:
                d["form"]["category"] = ch.form.play_category
        doc["controlled_vp_squares"] = vp_control(state)
        return doc

    def status(self, state: WowMiniState) -> tuple[str, Any]:
        if state.winner is not None:
            return "finished", state.winner.model_dump(mode="json")
        return "in_progress", None

    # ----------------------------------------------------------------------------- deciding
    def decide(self, state: WowMiniState, action: dict[str, Any]) -> Decision:
        """What the rules make of ``action`` at ``state``.

        Raises InvalidAction (unknown type, bad fields, unknown pieces) or GameOver.
        """
        if state is None:
            raise InvalidAction("no game yet", [{"field": "state", "message": "create the game first"}])
        if state.winner is not None:
            raise GameOver(f"the game is over at position {state.position}")
        act = A.parse_action(action)
        if act.player not in state.seating:
            raise InvalidAction(f"{act.player!r} is not a player of this game",
                                [{"field": "player", "message": f"expected one of {', '.join(state.seating)}"}])
        ctx = Ctx(state)
        handler = getattr(self, f"_decide_{act.type}")
        handler(ctx, act)
        if not ctx.blocked and ctx.events:
            self._settle(ctx)
        return Decision(events=[] if ctx.blocked else ctx.events, violations=ctx.violations,
                        because=ctx.because)

    # --- lookups -------------------------------------------------------------------------
    def _character(self, state: WowMiniState, cid: str, field: str) -> Character:
        ch = state.characters.get(cid)
        if ch is None:
            raise InvalidAction(f"no character {cid!r} at position {state.position}",
                                [{"field": field, "message": f"no character {cid!r}"}])
        return ch

    def _piece(self, state: WowMiniState, pid: str, field: str) -> None:
        if pid not in state.characters and pid not in state.totems:
            raise InvalidAction(f"no character or totem {pid!r} at position {state.position}",
                                [{"field": field, "message": f"no character or totem {pid!r}"}])

    def _control(self, ctx: Ctx, ch: Character, cid: str, player: str) -> None:
        ctx.check(R.PLAYING, ch.owner == player, f"{cid} is controlled by {ch.owner}, not {player}",
                  f"{player} controls {cid}")

    def _in_play(self, ctx: Ctx, cid: str, status: str, blocking: bool = True) -> bool:
        return ctx.check(R.DESTRUCTION, status == "in_play", f"{cid} is {status}, not in play",
                         f"{cid} is in play", blocking=blocking)

    def _source(self, state: WowMiniState, source: str | None, ctx: Ctx) -> str | None:
        """The player a damage source's damage is attributed to (None for a buff, 301.2a)."""
        if source is None:
            return None
        if source in state.characters or source in state.totems:
            return state.piece_owner(source)
        found = state.find_buff(source)
        if found is not None:
            ctx.note(R.BUFF_INDEPENDENT, f"damage from buff {source} ({found[1].name}) is not attributed "
                                         f"to {found[1].played_by or 'the character who played it'}")
            return None
        raise InvalidAction(f"no character, totem or buff {source!r} at position {state.position}",
                            [{"field": "source", "message": f"unknown source {source!r}"}])

    # --- shared checks -------------------------------------------------------------------
    def _timing(self, ctx: Ctx, cid: str, category: str, what: str, names: Iterable[str],
                cards: Iterable[Card] = ()) -> None:
        st = ctx.state
        if category == "react":
            ctx.note(R.PLAYING, f"{what} is a react: it may be played at any time it is triggered", "allowed")
            return
        if st.acting != cid:
            ctx.check(R.PLAYING, False, f"{what} is {_an(category)}: {cid} may play it only on its own turn, "
                                        f"and it is {st.acting or 'nobody'}'s turn", names=names, cards=cards)
        elif category == "action":
            ctx.check(R.PLAYING, not st.action_used, f"{cid} has already used its action this turn",
                      f"{what} is {cid}'s action this turn", names=names, cards=cards)
        else:
            ctx.check(R.PLAYING, True, "", f"{what} is an instant, played on {cid}'s own turn")

    def _form_restriction(self, ctx: Ctx, ch: Character, cid: str, what: str, *, granted: bool,
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

    def _target(self, ctx: Ctx, ch: Character, cid: str, tid: str, *, relation: str | None, rng: str | None,
                area: bool, what: str, names: Iterable[str], cards: Iterable[Card] = ()) -> bool:
        """Checks one target of an ability; False when it must be left out of the effect."""
        st = ctx.state
        self._piece(st, tid, "targets")
        is_totem = tid in st.totems
        piece: Any = st.totems[tid] if is_totem else st.characters[tid]
        if not self._in_play(ctx, tid, piece.status, blocking=False):
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
            ctx.check(R.PLAYING, ok, f"{what} targets {_an(relation)}; {tid} is not one", f"{tid} is {_an(relation)} "
                      f"of {cid}", names=names, cards=cards)
        if ch.square is not None and piece.square is not None and rng is not None:
            self._reach(ctx, cid, ch.square, tid, piece.square, rng, is_totem, names, cards)
        return keep

    def _reach(self, ctx: Ctx, cid: str, frm: Square, tid: str, to: Square, rng: str, is_totem: bool,
               names: Iterable[str], cards: Iterable[Card]) -> None:
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

    # --- consequences --------------------------------------------------------------------
    def _deal(self, ctx: Ctx, targets: list[str], amount: int, source: str | None, by: str | None) -> None:
        for tid in targets:
            w = ctx.work
            piece: Any = w.characters.get(tid) or w.totems.get(tid)
            if piece is None or piece.status != "in_play":
                continue
            total = piece.damage + amount
            ctx.emit(E.DamageTaken(target=tid, amount=amount, total=total, source=source, attributed_to=by))
            if tid in w.totems:
                if total >= piece.health:
                    ctx.note(R.TOTEM_HEALTH, f"{tid} has taken {total} damage, at least its health {piece.health}")
                    self._destroy(ctx, tid, by, R.TOTEM_HEALTH)
            elif total >= effective_health(piece):
                ctx.note(R.DESTRUCTION, f"{tid} has taken {total} damage, at least its health {effective_health(piece)}")
                self._destroy(ctx, tid, by, R.DESTRUCTION)

    def _destroy(self, ctx: Ctx, tid: str, by: str | None, rule: str) -> None:
        w = ctx.work
        if tid in w.totems:
            ctx.emit(E.TotemDestroyed(totem=tid, rule=rule))
            ctx.note(R.TOTEM_HEALTH, f"totem {tid} is destroyed and will not come back")
            return
        ch = w.characters[tid]
        was_pet = ch.is_pet
        ctx.emit(E.CharacterDestroyed(character=tid, rule=rule, by=by))
        for buff in list(ch.buffs):
            ctx.emit(E.BuffRemoved(target=tid, buff_id=buff.id, name=buff.name, reason="destroyed",
                                   rule=R.BUFF_DESTROYED, counters=dict(buff.counters)))
            ctx.note(R.BUFF_DESTROYED, f"{buff.name} ({buff.id}) leaves {tid} with its destruction")
            if buff.counters:
                ctx.note(R.BUFF_COUNTERS, f"the counters of {buff.name} leave with it: {buff.counters}")
        if ch.form is not None:
            form = ch.form.name
            ctx.emit(E.FormReturned(character=tid, form=form, reason="destroyed", rule=R.DESTRUCTION))
            ctx.note(R.DESTRUCTION, f"{form} ends with {tid}'s destruction; its card returns to the bar")
        for pid, pet in list(w.characters.items()):
            if pet.master == tid and pet.in_play:
                ctx.emit(E.PetRemoved(pet=pid, reason="master_destroyed", rule=R.PET_CHARACTER,
                                      buffs=[b.id for b in pet.buffs]))
                ctx.note(R.PET_CHARACTER, f"{pid} is removed from play with its master {tid}")
        totems = [t for t, totem in w.totems.items() if totem.summoner == tid and totem.in_play]
        if totems:
            ctx.note(R.TOTEM_SUMMON, f"the totems {tid} summoned stay in play: {', '.join(totems)}")
        if was_pet:
            ctx.note(R.PET_NO_VP, f"{tid} is a pet: nobody scores victory points for it and it does not respawn")
            return
        if by is not None and not w.allied(by, ch.owner) and ch.points > 0:
            total = w.players[by].victory_points + ch.points
            ctx.emit(E.VictoryPointsScored(player=by, points=ch.points, total=total,
                                           reason=f"destroyed {tid}", rule=R.VICTORY))
            if w.vp_target is not None and total >= w.vp_target and w.winner is None:
                ctx.emit(E.GameWon(player=by, by="victory_points", rule=R.VICTORY))

    def _expire(self, ctx: Ctx, time: int) -> None:
        for cid, ch in ctx.work.characters.items():
            for buff in list(ch.buffs):
                if buff.expires_at is not None and buff.expires_at <= time:
                    ctx.emit(E.BuffExpired(target=cid, buff_id=buff.id, name=buff.name, time=time,
                                           counters=dict(buff.counters)))
                    ctx.note(R.BUFF_DURATION, f"{buff.name} on {cid} expires at tick {buff.expires_at}")

    def _settle(self, ctx: Ctx) -> None:
        """The timeline moves on when nobody is taking a turn."""
        w = ctx.work
        if w.winner is not None or w.acting is not None:
            return
        nxt = next_to_act(w)
        if nxt is None:
            return
        time = max(w.time, w.characters[nxt].clock)
        ctx.emit(E.TurnStarted(character=nxt, time=time, rule=R.TIMELINE))
        ctx.note(R.TIMELINE, f"{nxt} has the lowest clock ({w.characters[nxt].clock}) and takes the next turn")
        self._expire(ctx, time)

    # --- actions -------------------------------------------------------------------------
    def _decide_play_card(self, ctx: Ctx, act: A.PlayCard) -> None:
        st = ctx.state
        cid = act.character
        ch = self._character(st, cid, "character")
        if not ctx.check(R.BAR, not ch.is_pet, f"{cid} is a pet: pets have no action bar",
                            f"{cid} has an action bar", blocking=True):
            return
        self._control(ctx, ch, cid, act.player)
        if not self._in_play(ctx, cid, ch.status):
            return
        card = ch.card(act.card)
        if card is None:
            if ch.form is not None and ch.form.name.lower() == act.card.lower():
                ctx.check(R.FORM_SET_ASIDE, False, f"{ch.form.name} is set aside while {cid} is in the form: "
                                                   f"it can be neither played nor affected", blocking=True)
                ctx.blocked = True
                return
            raise InvalidAction(f"{cid} has no card {act.card!r} in its action bar at position {st.position}",
                                [{"field": "card", "message": f"not in {cid}'s action bar"}])
        names, cards = [card.name], [card]
        category = card.play_category
        ctx.note(R.CATEGORY, f"{card.name} is {_an(category)} (notes line {card.notes!r})")
        self._timing(ctx, cid, category, card.name, names, cards)
        ctx.check(R.EXHAUST, card.orientation == "ready", f"{card.name} is exhausted: it is recharging and "
                  f"cannot be played until it is readied", f"{card.name} is ready", names=names, cards=cards)
        self._form_restriction(ctx, ch, cid, card.name, granted=False, changes_form=card.kind == "form",
                               names=names, cards=cards)
        targets: list[str] = []
        square: Square | None = None
        if card.kind in ("buff", "debuff"):
            if len(act.targets) != 1:
                raise InvalidAction(f"{card.name} is {_an(card.kind)}: it targets exactly one character",
                                    [{"field": "targets", "message": "exactly one target"}])
            tid = act.targets[0]
            self._piece(st, tid, "targets")
            if tid in st.totems:
                ctx.check(R.TOTEM_IMMUNE, False, f"{tid} is a totem: totems cannot be buffed or debuffed",
                          names=names, cards=cards, blocking=True)
                ctx.blocked = True  # a totem has nowhere to hold a buff
                return
            tgt = st.characters[tid]
            if not self._in_play(ctx, tid, tgt.status):
                return
            allied = st.allied(ch.owner, tgt.owner)
            if card.kind == "buff":
                ctx.check(R.BUFF_TARGETS, allied, f"{card.name} is a buff: it targets only allied characters, "
                          f"and {tid} is an enemy", f"{tid} is an ally of {cid}", names=names, cards=cards)
            else:
                ctx.check(R.BUFF_TARGETS, not allied, f"{card.name} is a debuff: it targets only enemy "
                          f"characters, and {tid} is an ally", f"{tid} is an enemy of {cid}", names=names, cards=cards)
            targets = [tid]
        elif card.kind in ("form", "totem", "pet"):
            if act.targets:
                raise InvalidAction(f"{card.name} is {_an(card.kind)} card: it has no target",
                                    [{"field": "targets", "message": "no targets for this card"}])
            if card.kind == "pet":
                square = self._pet_square(ctx, ch, cid, act.square, names, cards)
                if ctx.blocked:
                    return
        else:
            if card.target is not None or card.damage is not None:
                if not act.targets:
                    raise InvalidAction(f"{card.name} needs a target",
                                        [{"field": "targets", "message": "at least one target"}])
                for tid in act.targets:
                    if self._target(ctx, ch, cid, tid, relation=card.target or "enemy", rng=card.range,
                                    area=card.area, what=card.name, names=names, cards=cards):
                        targets.append(tid)
            elif act.targets:
                targets = list(act.targets)
                for tid in targets:
                    self._piece(st, tid, "targets")
        if ctx.blocked:
            return
        # Costs: the ticks of the core ability, and the card itself.
        clock = ch.clock + card.cost
        ctx.note(R.CORE_COST, f"{card.name}'s core ability costs {card.cost} ticks: {cid}'s clock {ch.clock} -> {clock}")
        if card.kind == "form":
            ctx.note(R.FORM_SET_ASIDE, f"{card.name} leaves the bar and is set aside: no orientation, "
                                       f"cannot be targeted or cancelled")
        else:
            ctx.note(R.EXHAUST, f"{card.name} is exhausted (recharging) and stays in the action bar")
        serial = st.serial
        creates: list[str] = []
        if card.kind in ("buff", "debuff", "totem", "pet"):
            prefix = "buff" if card.kind in ("buff", "debuff") else card.kind
            creates = [f"{prefix}-{serial + 1}"]
        ctx.emit(E.CardPlayed(player=act.player, character=cid, card=card.name, kind=card.kind, category=category,
                              cost=card.cost, clock=clock, exhausted=card.kind != "form", targets=targets,
                              square=square, creates=creates, trigger=act.trigger))
        if card.kind in ("buff", "debuff"):
            self._attach(ctx, card, cid, targets[0], creates[0])
        elif card.kind == "form":
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
        elif card.kind == "totem":
            assert ch.square is not None and card.health is not None
            ctx.emit(E.TotemSummoned(totem=creates[0], name=card.name, owner=ch.owner, summoner=cid,
                                     square=ch.square, health=card.health))
            ctx.note(R.TOTEM_SUMMON, f"a {card.name} totem appears on {cid}'s square {list(ch.square)}, an ally of "
                                     f"{ch.owner}'s party")
        elif card.kind == "pet":
            assert card.pet is not None and square is not None
            old = st.pet_of_player(ch.owner)
            if old is not None:
                ctx.emit(E.PetRemoved(pet=old, reason="replaced", rule=R.PET_SUMMON,
                                      buffs=[b.id for b in st.characters[old].buffs]))
                ctx.note(R.PET_SUMMON, f"{ch.owner} already had a pet: {old} is removed from play")
            spec = card.pet
            ctx.emit(E.PetSummoned(pet=creates[0], master=cid, owner=ch.owner, name=spec.name, square=square,
                                   clock=clock, health=spec.health, attack=spec.attack.model_dump(mode="json"),
                                   character_class=spec.class_, race=spec.race, faction=ch.faction))
            ctx.note(R.PET_CHARACTER, f"{spec.name} is a character of its own; its clock starts at its master's, {clock}")
        elif card.damage is not None and targets:
            self._deal(ctx, targets, card.damage, cid, ch.owner)

    def _pet_square(self, ctx: Ctx, ch: Character, cid: str, wanted: Square | None, names: list[str],
                    cards: list[Card]) -> Square | None:
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

    def _attach(self, ctx: Ctx, card: Card, cid: str, tid: str, buff_id: str) -> None:
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

    def _ability_spec(self, st: WowMiniState, ch: Character, cid: str, name: str | None) -> tuple[Ability, bool]:
        """The ability used, and whether the current form grants it."""
        if name is None or name.lower() == "attack":
            att = effective_attack(ch)
            return Ability(name="attack", cost=att.cost, category="action", damage=att.damage, range=att.range,
                           target="enemy"), False
        if ch.form is not None:
            for ability in ch.form.grants:
                if ability.name.lower() == name.lower():
                    return ability, True
        for ability in ch.abilities:
            if ability.name.lower() == name.lower():
                return ability, False
        raise InvalidAction(f"{cid} has no ability {name!r} at position {st.position}",
                            [{"field": "ability", "message": f"not printed on {cid} nor granted by its form"}])

    def _use(self, ctx: Ctx, player: str, cid: str, ability_name: str | None, target_ids: list[str],
             attack: bool) -> None:
        st = ctx.state
        ch = self._character(st, cid, "character")
        self._control(ctx, ch, cid, player)
        if not self._in_play(ctx, cid, ch.status):
            return
        spec, granted = self._ability_spec(st, ch, cid, ability_name)
        if attack and spec.damage is None:
            raise InvalidAction(f"{spec.name} deals no damage: use use_ability",
                                [{"field": "ability", "message": "not an attack"}])
        names = [spec.name]
        self._timing(ctx, cid, spec.category, spec.name, names)
        self._form_restriction(ctx, ch, cid, f"its {spec.name}" if not granted else spec.name, granted=granted,
                               changes_form=spec.changes_form, names=names)
        targets: list[str] = []
        if spec.damage is not None or spec.target is not None:
            if not target_ids:
                raise InvalidAction(f"{spec.name} needs a target", [{"field": "targets", "message": "a target"}])
            for tid in target_ids:
                if self._target(ctx, ch, cid, tid, relation=spec.target or "enemy", rng=spec.range, area=False,
                                what=spec.name, names=names):
                    targets.append(tid)
        else:
            for tid in target_ids:
                self._piece(st, tid, "targets")
            targets = list(target_ids)
        if ctx.blocked:
            return
        clock = ch.clock + spec.cost
        ctx.note(R.PLAYING, f"{spec.name} costs {spec.cost} ticks: {cid}'s clock {ch.clock} -> {clock}")
        ctx.emit(E.AbilityUsed(player=player, character=cid, ability=spec.name, category=spec.category,
                               cost=spec.cost, clock=clock, targets=targets, damage=spec.damage))
        if spec.damage is not None and targets:
            self._deal(ctx, targets, spec.damage, cid, ch.owner)

    def _decide_use_ability(self, ctx: Ctx, act: A.UseAbility) -> None:
        self._use(ctx, act.player, act.character, act.ability, act.targets, attack=False)

    def _decide_attack(self, ctx: Ctx, act: A.AttackWith) -> None:
        self._use(ctx, act.player, act.character, act.ability, [act.target], attack=True)

    def _decide_leave_form(self, ctx: Ctx, act: A.LeaveForm) -> None:
        st = ctx.state
        cid = act.character
        ch = self._character(st, cid, "character")
        self._control(ctx, ch, cid, act.player)
        if not self._in_play(ctx, cid, ch.status):
            return
        if ch.form is None:
            ctx.check(R.FORM_LEAVE, False, f"{cid} is not in a form", blocking=True)
            return
        names = [ch.form.name]
        self._timing(ctx, cid, "instant", f"leaving {ch.form.name}", names)
        ctx.note(R.FORM_LEAVE, f"{cid} leaves {ch.form.name} as an instant; the card returns to the bar face up and "
                               f"ready, which is not a change of state: no orientation trigger fires")
        if ch.buffs:
            ctx.note(R.FORM_CONTINUOUS, f"the continuous effects on {cid} ({', '.join(b.name for b in ch.buffs)}) "
                                        f"still apply")
        ctx.emit(E.FormLeft(player=act.player, character=cid, form=ch.form.name))

    def _decide_pass(self, ctx: Ctx, act: A.Pass) -> None:
        st = ctx.state
        if st.acting is None:
            ctx.check(R.TIMELINE, False, "no character is taking a turn", blocking=True)
            return
        ch = st.characters[st.acting]
        ctx.check(R.PLAYING, ch.owner == act.player, f"it is {st.acting}'s turn, controlled by {ch.owner}",
                  f"{act.player} ends {st.acting}'s turn")
        ctx.emit(E.TurnEnded(player=act.player, character=st.acting, wait=act.wait, clock=ch.clock + act.wait))

    _decide_end_turn = _decide_pass

    def _decide_move(self, ctx: Ctx, act: A.Move) -> None:
        st = ctx.state
        cid = act.character
        if cid in st.totems:
            ctx.check(R.TOTEM_PLACE, False, f"{cid} is a totem: totems cannot be moved or teleported", blocking=True)
            return
        ch = self._character(st, cid, "character")
        self._control(ctx, ch, cid, act.player)
        if not self._in_play(ctx, cid, ch.status):
            return
        if not st.board.contains(act.to):
            raise InvalidAction(f"square {list(act.to)} is off the board", [{"field": "to", "message": "off the board"}])
        if not act.teleport:
            ctx.check(R.MOVEMENT, st.acting == cid, f"{cid} moves only on its own turn; it is "
                      f"{st.acting or 'nobody'}'s turn", f"{cid} moves on its own turn")
        self._destination(ctx, cid, act.to)
        if not act.teleport and act.path:
            if act.path[-1] != act.to:
                raise InvalidAction("the path must end on the destination", [{"field": "path", "message": "ends elsewhere"}])
            prev = ch.square
            for sq in act.path:
                if not st.board.contains(sq):
                    raise InvalidAction(f"square {list(sq)} is off the board", [{"field": "path", "message": "off the board"}])
                if prev is not None:
                    ctx.check(R.MOVEMENT, distance(prev, sq) == 1, f"{list(prev)} to {list(sq)} is not one step",
                              f"{list(prev)} to {list(sq)} is one step")
                prev = sq
                if sq == act.to:
                    continue
                ctx.check(R.MOVEMENT, sq not in st.board.blocked, f"square {list(sq)} is blocked", f"{list(sq)} is open")
                for other in st.characters_on(sq):
                    o = st.characters[other]
                    if o.is_pet:
                        ctx.note(R.PET_LOS, f"{cid} passes through {other}'s square: pets do not stop movement", "allowed")
                    else:
                        ctx.check(R.MOVEMENT, st.allied(o.owner, ch.owner), f"{cid} cannot pass through the square of "
                                  f"the enemy {other}", f"{cid} passes its ally {other}")
        ctx.emit(E.CharacterMoved(player=act.player, character=cid, from_square=ch.square, to=act.to,
                                  path=list(act.path), teleport=act.teleport))

    def _destination(self, ctx: Ctx, cid: str, to: Square) -> None:
        st = ctx.state
        ctx.check(R.MOVEMENT, to not in st.board.blocked, f"square {list(to)} is blocked", f"{list(to)} is open")
        for other in st.characters_on(to):
            if other == cid:
                continue
            if st.characters[other].is_pet:
                ctx.check(R.PET_LOS, False, f"{list(to)} holds the pet {other}: a character may pass through it "
                                            f"but not stop there")
            else:
                ctx.check(R.MOVEMENT, False, f"{list(to)} already holds {other}")
        totems = st.totems_on(to)
        if totems:
            ctx.note(R.TOTEM_PLACE, f"{cid} may stand with the totems on {list(to)}: {', '.join(totems)}", "allowed")

    def _decide_damage(self, ctx: Ctx, act: A.Damage) -> None:
        st = ctx.state
        by = self._source(st, act.source, ctx)
        names = [n for n in (act.ability, act.source) if n]
        area = act.area is not False
        affected: list[str] = []
        excluded: list[str] = []
        for tid in act.targets:
            self._piece(st, tid, "targets")
        if act.all_characters:
            affected += [cid for cid, ch in st.characters.items() if ch.in_play]
            totems = [t for t, totem in st.totems.items() if totem.in_play]
            if totems:
                ctx.note(R.TOTEM_IMMUNE, f"totems are not characters: an ability naming all characters leaves "
                                         f"{', '.join(totems)} untouched")
        if isinstance(act.area, A.Area):
            c, r = act.area.center, act.area.radius
            for cid, ch in st.characters.items():
                if ch.in_play and ch.square is not None and distance(ch.square, c) <= r and cid not in affected:
                    affected.append(cid)
            for tid, totem in st.totems.items():
                if totem.in_play and distance(totem.square, c) <= r:
                    excluded.append(tid)
                    ctx.note(R.TOTEM_IMMUNE, f"{tid} is in the area but totems are not affected by area effects")
        for tid in act.targets:
            if tid in st.totems:
                totem = st.totems[tid]
                if not self._in_play(ctx, tid, totem.status, blocking=False):
                    excluded.append(tid)
                    continue
                if area or act.all_characters:
                    ok = ctx.check(R.TOTEM_IMMUNE, False, f"{tid} is a totem: "
                                   + ("area-of-effect abilities do not affect totems" if area
                                      else "an ability naming all characters does not affect totems"), names=names)
                    if area:
                        ok = ctx.check(R.TOTEM_HEALTH, False, f"{tid} is a totem: only abilities that target it "
                                                              f"can damage it", names=names) or ok
                    (affected if ok else excluded).append(tid)
                else:
                    ctx.check(R.TOTEM_HEALTH, True, "", f"{tid} is a totem damaged by an ability that targets it")
                    affected.append(tid)
            else:
                ch = st.characters[tid]
                if not self._in_play(ctx, tid, ch.status, blocking=False):
                    excluded.append(tid)
                elif tid not in affected:
                    affected.append(tid)
        excluded = [t for t in dict.fromkeys(excluded) if t not in affected]
        ctx.emit(E.DamageRecorded(player=act.player, amount=act.amount, targets=affected, source=act.source,
                                  ability=act.ability, area=area, all_characters=act.all_characters, excluded=excluded))
        self._deal(ctx, affected, act.amount, act.source, by)

    def _decide_heal(self, ctx: Ctx, act: A.Heal) -> None:
        st = ctx.state
        self._piece(st, act.target, "target")
        piece: Any = st.characters.get(act.target) or st.totems[act.target]
        if act.target in st.totems:
            ctx.check(R.TOTEM_HEALTH, False, f"{act.target} is a totem: totems cannot be healed",
                      names=[n for n in (act.source,) if n])
        if not self._in_play(ctx, act.target, piece.status):
            return
        healed = min(act.amount, piece.damage)
        ctx.note(R.HEALTH, f"{act.target} has {piece.damage} damage; {healed} is healed")
        ctx.emit(E.HealingRecorded(player=act.player, target=act.target, amount=act.amount, source=act.source))
        ctx.emit(E.DamageHealed(target=act.target, amount=healed, total=piece.damage - healed))

    def _decide_destroy(self, ctx: Ctx, act: A.Destroy) -> None:
        st = ctx.state
        self._piece(st, act.target, "target")
        piece: Any = st.characters.get(act.target) or st.totems[act.target]
        if not self._in_play(ctx, act.target, piece.status):
            return
        by = self._source(st, act.source, ctx)
        ctx.emit(E.DestructionRecorded(player=act.player, target=act.target, source=act.source))
        self._destroy(ctx, act.target, by, R.TOTEM_HEALTH if act.target in st.totems else R.DESTRUCTION)

    def _decide_respawn(self, ctx: Ctx, act: A.Respawn) -> None:
        st = ctx.state
        cid = act.character
        if cid in st.totems:
            ctx.check(R.TOTEM_HEALTH, False, f"{cid} is a totem: totems do not respawn", blocking=True)
            return
        ch = self._character(st, cid, "character")
        self._control(ctx, ch, cid, act.player)
        if ch.is_pet:
            ctx.check(R.PET_NO_VP, False, f"{cid} is a pet: pets do not respawn")
        if not ctx.check(R.RESPAWN, ch.status == "destroyed", f"{cid} is {ch.status}: only a destroyed character "
                         f"respawns", f"{cid} was destroyed", blocking=ch.status == "in_play"):
            if ch.status == "in_play":
                return
        square = act.square or ch.spawn
        if square is None:
            raise InvalidAction(f"{cid} has no spawn square: name one",
                                [{"field": "square", "message": "required (the character has no spawn)"}])
        if not st.board.contains(square):
            raise InvalidAction(f"square {list(square)} is off the board", [{"field": "square", "message": "off the board"}])
        self._destination(ctx, cid, square)
        ctx.emit(E.CharacterRespawned(player=act.player, character=cid, square=square))

    def _bar_card(self, ctx: Ctx, cid: str, name: str) -> tuple[Character, Card | None]:
        st = ctx.state
        ch = self._character(st, cid, "character")
        if not ctx.check(R.BAR, not ch.is_pet, f"{cid} is a pet: pets have no action bar",
                            f"{cid} has an action bar", blocking=True):
            return ch, None
        card = ch.card(name)
        if card is None:
            if ch.form is not None and ch.form.name.lower() == name.lower():
                ctx.check(R.FORM_SET_ASIDE, False, f"{ch.form.name} is set aside while {cid} is in the form: "
                                                   f"it cannot be affected in any way", blocking=True)
                ctx.blocked = True
                return ch, None
            raise InvalidAction(f"{cid} has no card {name!r} in its action bar at position {st.position}",
                                [{"field": "card", "message": f"not in {cid}'s action bar"}])
        return ch, card

    def _decide_ready_card(self, ctx: Ctx, act: A.ReadyCard) -> None:
        ch, card = self._bar_card(ctx, act.character, act.card)
        if card is None:
            return
        self._control(ctx, ch, act.character, act.player)
        if not ctx.check(R.READY, card.orientation == "exhausted", f"{card.name} is already ready",
                         f"{card.name} is exhausted and is readied", names=[card.name], blocking=True):
            return
        ctx.emit(E.CardReadied(player=act.player, character=act.character, card=card.name))

    def _decide_reveal_card(self, ctx: Ctx, act: A.RevealCard) -> None:
        ch, card = self._bar_card(ctx, act.character, act.card)
        if card is None:
            return
        ctx.check(R.BAR, ch.owner == act.player, f"only {ch.owner}, who controls {act.character}, may reveal its cards",
                  f"{act.player} controls {act.character} and may reveal its cards at any time")
        if not ctx.check(R.BAR, card.face == "down", f"{card.name} is already face up", f"{card.name} is face down",
                         blocking=True):
            return
        ctx.emit(E.CardRevealed(player=act.player, character=act.character, card=card.name))

    def _decide_cancel(self, ctx: Ctx, act: A.Cancel) -> None:
        st = ctx.state
        self._character(st, act.character, "character")
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
        for pid in lp.creates:
            found = ctx.work.find_buff(pid)
            if found is not None:
                ctx.emit(E.BuffRemoved(target=found[0], buff_id=pid, name=found[1].name, reason="cancelled",
                                       rule=R.CANCEL, counters=dict(found[1].counters)))
            elif pid in ctx.work.totems and ctx.work.totems[pid].in_play:
                ctx.emit(E.TotemRemoved(totem=pid, reason="cancelled"))
            elif pid in ctx.work.characters and ctx.work.characters[pid].in_play:
                ctx.emit(E.PetRemoved(pet=pid, reason="cancelled", rule=R.CANCEL,
                                      buffs=[b.id for b in ctx.work.characters[pid].buffs]))

    def _decide_advance_time(self, ctx: Ctx, act: A.AdvanceTime) -> None:
        time = ctx.state.time + act.ticks
        ctx.note(R.TIMELINE, f"the timeline moves from tick {ctx.state.time} to {time}")
        ctx.emit(E.TimeAdvanced(player=act.player, ticks=act.ticks, time=time))
        self._expire(ctx, time)

    # ----------------------------------------------------------------------------- legal actions
    def legal_actions(self, state: WowMiniState, player: str) -> list[LegalAction]:
        """Concrete actions ``player`` may take (each decides legal), then templates for the
        judge's effect records (damage, heal, destroy, moves further than one square, time)."""
        if state is None or state.winner is not None or player not in state.seating:
            return []
        out: list[LegalAction] = []
        for action, description in self._candidates(state, player):
            try:
                decision = self.decide(state, action)
            except InvalidAction:
                continue
            if decision.legal:
                rules = list(dict.fromkeys(t.rule for t in decision.because
                                           if t.outcome in ("allowed", "applied", "overridden")))
                out.append(LegalAction(action=action, rules=rules, description=description))
        out += self._templates(state, player)
        return out

    def _candidates(self, state: WowMiniState, player: str) -> Iterable[tuple[dict[str, Any], str]]:
        base = {"player": player}
        pieces = [cid for cid, ch in state.characters.items() if ch.in_play]
        pieces += [tid for tid, t in state.totems.items() if t.in_play]
        acting = state.characters.get(state.acting) if state.acting else None
        if acting is not None and acting.owner == player:
            yield {"type": "pass", **base}, f"end {state.acting}'s turn"
        lp = state.last_play
        if lp is not None and not lp.cancelled and lp.kind != "form":
            yield ({"type": "cancel", **base, "character": lp.character, "card": lp.card},
                   f"cancel {lp.card}, just played by {lp.character}")
        for cid, ch in state.characters.items():
            if ch.owner != player:
                continue
            if not ch.in_play:
                if ch.status == "destroyed" and not ch.is_pet and ch.spawn is not None:
                    yield {"type": "respawn", **base, "character": cid}, f"{cid} respawns on {list(ch.spawn)}"
                continue
            for card in ch.action_bar:
                if card.face == "down":
                    yield ({"type": "reveal_card", **base, "character": cid, "card": card.name},
                           f"turn {card.name} face up")
                if card.orientation == "exhausted":
                    yield ({"type": "ready_card", **base, "character": cid, "card": card.name},
                           f"ready {card.name} (an effect that readies it)")
                for extra in self._card_targets(state, ch, card, pieces):
                    yield ({"type": "play_card", **base, "character": cid, "card": card.name, **extra},
                           f"{cid} plays {card.name}")
            if ch.form is not None:
                yield {"type": "leave_form", **base, "character": cid}, f"{cid} leaves {ch.form.name}"
            abilities = [None] + [a.name for a in (ch.form.grants if ch.form else [])] + [a.name for a in ch.abilities]
            for name in abilities:
                spec, _ = self._ability_spec(state, ch, cid, name)
                if spec.damage is not None and name is None and spec.damage == 0:
                    continue
                if spec.damage is not None:
                    for tid in pieces:
                        if tid != cid:
                            yield ({"type": "attack", **base, "character": cid, "target": tid,
                                    **({"ability": name} if name else {})}, f"{cid} attacks {tid}")
                elif spec.target is not None:
                    for tid in pieces:
                        yield ({"type": "use_ability", **base, "character": cid, "ability": spec.name,
                                "targets": [tid]}, f"{cid} uses {spec.name} on {tid}")
                else:
                    yield ({"type": "use_ability", **base, "character": cid, "ability": spec.name},
                           f"{cid} uses {spec.name}")
            if state.acting == cid and ch.square is not None:
                for sq in neighbours(state.board, ch.square):
                    yield {"type": "move", **base, "character": cid, "to": list(sq)}, f"{cid} steps to {list(sq)}"

    def _card_targets(self, state: WowMiniState, ch: Character, card: Card,
                      pieces: list[str]) -> Iterable[dict[str, Any]]:
        if card.kind in ("buff", "debuff"):
            for tid in pieces:
                if tid in state.characters:
                    yield {"targets": [tid]}
        elif card.kind == "pet":
            for sq in pet_squares(state, ch)[0]:
                yield {"square": list(sq)}
        elif card.kind in ("form", "totem") or (card.target is None and card.damage is None):
            yield {}
        else:
            for tid in pieces:
                yield {"targets": [tid]}

    def _templates(self, state: WowMiniState, player: str) -> list[LegalAction]:
        """Open-ended effect records: fields left out are the judge's to fill."""
        out = [
            LegalAction(action={"type": "damage", "player": player},
                        rules=[R.HEALTH, R.TOTEM_IMMUNE, R.TOTEM_HEALTH, R.DESTRUCTION],
                        description="damage from an effect: amount and target(s), or an area, or all_characters"),
            LegalAction(action={"type": "heal", "player": player}, rules=[R.HEALTH, R.TOTEM_HEALTH],
                        description="healing from an effect: target and amount (totems cannot be healed)"),
            LegalAction(action={"type": "destroy", "player": player}, rules=[R.DESTRUCTION, R.TOTEM_HEALTH],
                        description="an effect destroys a character or totem: target"),
            LegalAction(action={"type": "advance_time", "player": player}, rules=[R.TIMELINE, R.BUFF_DURATION],
                        description="move the timeline on: ticks"),
        ]
        if state.acting and state.characters[state.acting].owner == player:
            out.append(LegalAction(action={"type": "move", "player": player, "character": state.acting},
                                   rules=[R.MOVEMENT, R.PET_LOS, R.TOTEM_PLACE],
                                   description="move along a path: to, and optionally path"))
        for cid, ch in state.characters.items():
            if ch.owner == player and ch.status == "destroyed" and not ch.is_pet and ch.spawn is None:
                out.append(LegalAction(action={"type": "respawn", "player": player, "character": cid},
                                       rules=[R.RESPAWN], description=f"{cid} respawns: square"))
        return out
