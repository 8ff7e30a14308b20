"""The rule problems of a WoW Miniatures position entered directly (``create``'s setup): each
message cites the rule it breaks and each field is named ``setup.<path>``."""
from __future__ import annotations

from adjudicator.wowmini import rules as R
from adjudicator.wowmini.derived import restriction_fits
from adjudicator.wowmini.state import Card, Character, Square, WowMiniState


class _Errors:
    """The problems found so far, and what the checks of one piece need from the others."""

    def __init__(self, state: WowMiniState):
        self.state = state
        self.seated = set(state.seating)
        self.found: list[dict[str, str]] = []
        self.squares: dict[Square, str] = {}
        self.pets_of: dict[str, str] = {}
        self.buff_ids: set[str] = set()

    def __call__(self, field: str, rule: str, message: str) -> None:
        self.found.append({"field": f"setup.{field}", "message": f"{message} ({rule})"})


def setup_errors(state: WowMiniState) -> list[dict[str, str]]:
    """Rule problems in a position entered directly; each message cites the rule."""
    err = _Errors(state)
    _board(err)
    for cid, ch in state.characters.items():
        _character(err, cid, ch)
        if ch.is_pet:
            _pet(err, cid, ch)
        _bar(err, cid, ch)
    _totems(err)
    if state.acting is not None:
        ch = state.characters.get(state.acting)
        if ch is None or not ch.in_play:
            err("acting", R.TIMELINE, f"{state.acting!r} is not a character in play")
    if state.first_player not in err.seated:
        err("first_player", R.TIMELINE, f"{state.first_player!r} is not a player")
    return err.found


def _board(err: _Errors) -> None:
    state, board = err.state, err.state.board
    for pid in state.players:
        if pid not in err.seated:
            err(f"players.{pid}", R.TIMELINE, "not a seated player")
    names: set[str] = set()
    for i, feature in enumerate(state.terrain):
        if feature.name.casefold() in names:
            err(f"terrain.{i}.name", R.TERRAIN, f"a second terrain feature named {feature.name!r}")
        names.add(feature.name.casefold())
        for j, sq in enumerate(feature.squares):
            if not board.contains(sq):
                err(f"terrain.{i}.squares.{j}", R.BOARD, f"square {list(sq)} is off the board")
    for what, squares in (("board.blocked", board.blocked), ("vp_squares", state.vp_squares)):
        for i, sq in enumerate(squares):
            if not board.contains(sq):
                err(f"{what}.{i}", R.BOARD, f"square {list(sq)} is off the board")


def _character(err: _Errors, cid: str, ch: Character) -> None:
    f, board = f"characters.{cid}", err.state.board
    if ch.owner not in err.seated:
        err(f"{f}.owner", R.PLAYING, f"{ch.owner!r} is not a player")
    if not ch.in_play:
        return
    if ch.square is None:
        err(f"{f}.square", R.BOARD, "a character in play needs a square")
    elif not board.contains(ch.square) or ch.square in board.blocked:
        err(f"{f}.square", R.BOARD, f"square {list(ch.square)} is off the board or blocked")
    elif ch.square in err.squares:
        err(f"{f}.square", R.MOVEMENT, f"square {list(ch.square)} already holds {err.squares[ch.square]}")
    else:
        err.squares[ch.square] = cid


def _pet(err: _Errors, cid: str, ch: Character) -> None:
    f = f"characters.{cid}"
    master = err.state.characters.get(ch.master or "")
    if master is None or master.is_pet:
        err(f"{f}.master", R.PET_CHARACTER, f"{ch.master!r} is not a character that can own a pet")
    elif master.owner != ch.owner:
        err(f"{f}.master", R.PET_CHARACTER, "a pet belongs to its master's player")
    if ch.action_bar or ch.form is not None:
        err(f"{f}.action_bar", R.BAR, "a pet has no action bar")
    if ch.in_play:
        if ch.owner in err.pets_of:
            err(f"{f}.master", R.PET_SUMMON, f"{ch.owner} already has a pet in play ({err.pets_of[ch.owner]})")
        err.pets_of[ch.owner] = cid


def _bar(err: _Errors, cid: str, ch: Character) -> None:
    f = f"characters.{cid}"
    names: set[str] = set()
    bar = list(ch.action_bar) + ([ch.form] if ch.form is not None else [])
    for i, card in enumerate(bar):
        where = f"{f}.action_bar.{i}" if i < len(ch.action_bar) else f"{f}.form"
        if card.name.lower() in names:
            err(where, R.BAR_CONTENTS, f"a second card named {card.name!r} in the same action bar")
        names.add(card.name.lower())
        _card(err, where, cid, ch, card)
    if ch.form is not None:
        if ch.form.kind != "form":
            err(f"{f}.form", R.FORM_SET_ASIDE, f"{ch.form.name!r} is not a form card")
        if ch.form.orientation is not None:
            err(f"{f}.form.orientation", R.FORM_SET_ASIDE, "a form set aside has no orientation (null)")
    for i, card in enumerate(ch.action_bar):
        if card.orientation is None:
            err(f"{f}.action_bar.{i}.orientation", R.EXHAUST, "a card in the bar is ready or exhausted")
    for i, buff in enumerate(ch.buffs):
        if buff.id in err.buff_ids:
            err(f"{f}.buffs.{i}.id", R.BUFF_ATTACH, f"buff id {buff.id!r} used twice")
        err.buff_ids.add(buff.id)


def _card(err: _Errors, where: str, cid: str, ch: Character, card: Card) -> None:
    if not restriction_fits(card.restriction, ch):
        err(where, R.RESTRICTION, f"restriction line {card.restriction!r} does not fit {cid} "
                                  f"({ch.race} {ch.class_}, {ch.faction})")
    if card.kind == "totem" and card.health is None:
        err(where, R.TOTEM_HEALTH, "a totem card needs the totem's health")
    if card.kind == "pet" and card.pet is None:
        err(where, R.PET_SUMMON, "a pet card needs the pet's statistics (pet)")


def _totems(err: _Errors) -> None:
    state = err.state
    for tid, totem in state.totems.items():
        if tid in state.characters:
            err(f"totems.{tid}", R.TOTEM_SUMMON, "a totem id must differ from every character id")
        if totem.owner not in err.seated:
            err(f"totems.{tid}.owner", R.TOTEM_SUMMON, f"{totem.owner!r} is not a player")
        if not state.board.contains(totem.square):
            err(f"totems.{tid}.square", R.BOARD, f"square {list(totem.square)} is off the board")
