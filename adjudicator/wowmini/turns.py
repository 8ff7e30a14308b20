"""The timeline and the grid in WoW Miniatures: ending a turn, the next character to act, time
moving on and buffs expiring (301.2c), movement and respawning."""
from __future__ import annotations

from adjudicator.core import InvalidAction
from adjudicator.wowmini import actions as A
from adjudicator.wowmini import rules as R
from adjudicator.wowmini.checks import HANDLERS, WowMiniContext
from adjudicator.wowmini.derived import next_to_act
from adjudicator.wowmini.state import Character, Square, distance
from events.models import wowmini as E


def expire(ctx: WowMiniContext, time: int) -> None:
    """Buffs whose duration has run out by tick ``time`` come off (301.2c)."""
    for cid, ch in ctx.work.characters.items():
        for buff in list(ch.buffs):
            if buff.expires_at is not None and buff.expires_at <= time:
                ctx.emit(E.BuffExpired(target=cid, buff_id=buff.id, name=buff.name, time=time,
                                       counters=dict(buff.counters)))
                ctx.note(R.BUFF_DURATION, f"{buff.name} on {cid} expires at tick {buff.expires_at}")


def settle(ctx: WowMiniContext) -> None:
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
    expire(ctx, time)


@HANDLERS.on(A.Pass)
def pass_turn(ctx: WowMiniContext, act: A.Pass) -> None:
    st = ctx.state
    if st.acting is None:
        ctx.check(R.TIMELINE, False, "no character is taking a turn", blocking=True)
        return
    ch = st.characters[st.acting]
    ctx.check(R.PLAYING, ch.owner == act.player, f"it is {st.acting}'s turn, controlled by {ch.owner}",
              f"{act.player} ends {st.acting}'s turn")
    ctx.emit(E.TurnEnded(player=act.player, character=st.acting, wait=act.wait, clock=ch.clock + act.wait))


@HANDLERS.on(A.AdvanceTime)
def advance_time(ctx: WowMiniContext, act: A.AdvanceTime) -> None:
    time = ctx.state.time + act.ticks
    ctx.note(R.TIMELINE, f"the timeline moves from tick {ctx.state.time} to {time}")
    ctx.emit(E.TimeAdvanced(player=act.player, ticks=act.ticks, time=time))
    expire(ctx, time)


def _on_board(ctx: WowMiniContext, sq: Square, field: str) -> None:
    if not ctx.state.board.contains(sq):
        raise InvalidAction(f"square {list(sq)} is off the board", [{"field": field, "message": "off the board"}])


@HANDLERS.on(A.Move)
def move(ctx: WowMiniContext, act: A.Move) -> None:
    st = ctx.state
    cid = act.character
    if not ctx.not_a_totem(cid, R.TOTEM_PLACE, "totems cannot be moved or teleported"):
        return
    ch = ctx.acting_with(cid, act.player)
    if ch is None:
        return
    _on_board(ctx, act.to, "to")
    if not act.teleport:
        ctx.check(R.MOVEMENT, st.acting == cid, f"{cid} moves only on its own turn; it is "
                  f"{st.acting or 'nobody'}'s turn", f"{cid} moves on its own turn")
    destination(ctx, cid, act.to)
    if not act.teleport and act.path:
        _path(ctx, cid, ch, act)
    ctx.emit(E.CharacterMoved(player=act.player, character=cid, from_square=ch.square, to=act.to,
                              path=list(act.path), teleport=act.teleport))


def _path(ctx: WowMiniContext, cid: str, ch: Character, act: A.Move) -> None:
    """Each step one square, through open squares, past allies and pets but not enemies."""
    st = ctx.state
    if act.path[-1] != act.to:
        raise InvalidAction("the path must end on the destination", [{"field": "path", "message": "ends elsewhere"}])
    prev = ch.square
    for sq in act.path:
        _on_board(ctx, sq, "path")
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


def destination(ctx: WowMiniContext, cid: str, to: Square) -> None:
    """A character stops on an open square holding no other character (pets included, 304.2b)."""
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


@HANDLERS.on(A.Respawn)
def respawn(ctx: WowMiniContext, act: A.Respawn) -> None:
    cid = act.character
    if not ctx.not_a_totem(cid, R.TOTEM_HEALTH, "totems do not respawn"):
        return
    ch = ctx.character(cid, "character")
    ctx.control(ch, cid, act.player)
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
    _on_board(ctx, square, "square")
    destination(ctx, cid, square)
    ctx.emit(E.CharacterRespawned(player=act.player, character=cid, square=square))
