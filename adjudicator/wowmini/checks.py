"""WoW Miniatures on the rules kernel: the decision context with the game's own lookups, and the
table of handlers by action class.

Rules are named checks.  At each check the context gathers the claims on that rule, the judge
rulings in force that name one of the cards or abilities involved (or no card at all) and the
``overrides`` printed on the cards involved, and lets the kernel weigh them in its one precedence
order (``adjudicator.kernel.precedence``): a ruling first (the most recent), then card text over the
rules, and between cards "cannot" beats "can".
"""
from __future__ import annotations

from typing import Any, Iterable

from adjudicator.core import InvalidAction, Overrider
from adjudicator.kernel import Claim, Context, Handlers, Precedence, ruling_in_force
from adjudicator.kernel.precedence import Verb
from adjudicator.wowmini import rules as R
from adjudicator.wowmini.projection import apply_event
from adjudicator.wowmini.state import Card, Character, WowMiniState

#: the handler of each action class (``adjudicator.wowmini.engine`` imports the modules filling it)
HANDLERS = Handlers()

PRECEDENCE = Precedence(golden_rule=R.GOLDEN_RULE, cannot_beats_can=R.CANNOT_BEATS_CAN, ruling=R.RULINGS)


def ruling_claim(ruling: dict[str, Any], order: int, rule: str) -> Claim | None:
    """What a recorded ruling says about ``rule``: its ``effect`` is ``{"permit": id}`` or
    ``{"forbid": id}`` (``true`` standing for the ruling's own ``rule``)."""
    effect = ruling.get("effect") or {}
    verbs: tuple[Verb, ...] = ("forbid", "permit")
    for verb in verbs:
        target = effect.get(verb)
        if target is True:
            target = ruling.get("rule")
        if target == rule:
            who = Overrider(kind="ruling", name=ruling.get("card") or "judge ruling", effect=str(effect),
                            ruling_id=ruling.get("ruling_id"))
            return Claim(verb, who, order=order)
    return None


def card_claims(cards: Iterable[Card], rule: str) -> list[Claim]:
    """The permits and forbids the cards' text makes on ``rule``."""
    claims = []
    for card in cards:
        for override in card.overrides:
            if override.forbid == rule:
                claims.append(Claim("forbid", Overrider(kind="card", name=card.name, effect=f"forbid {rule}")))
            if override.permit == rule:
                claims.append(Claim("permit", Overrider(kind="card", name=card.name, effect=f"permit {rule}")))
    return claims


class WowMiniContext(Context):
    """One WoW Miniatures decision (``adjudicator.kernel.Context``), its messages showing the position."""

    precedence = PRECEDENCE
    state: WowMiniState

    def __init__(self, state: WowMiniState):
        super().__init__(state, apply_event)

    def at(self, message: str) -> str:
        return f"{message} (position {self.state.position})"

    def claims(self, rule: str, names: Iterable[str] = (), cards: Iterable[Card] = ()) -> list[Claim]:
        """The rulings in force naming one of ``names`` (or no card), then the cards' own overrides."""
        named = {n.lower() for n in names if n}
        found = []
        for order, ruling in enumerate(self.state.rulings):
            card = ruling.get("card")
            if not ruling_in_force(ruling, self.state.position) or (card and card.lower() not in named):
                continue
            claim = ruling_claim(ruling, order, rule)
            if claim is not None:
                found.append(claim)
        return found + card_claims(cards, rule)

    def check(self, rule: str, ok: bool, message: str, allowed: str = "", *, names: Iterable[str] = (),
              cards: Iterable[Card] = (), blocking: bool = False) -> bool:
        """Consults ``rule``: ``ok`` is what the rule says; a ruling or a card's text may change it.
        ``message`` says why it is forbidden, ``allowed`` why it is allowed (``message`` if empty)."""
        claims = self.claims(rule, names, cards)
        return self.consult(rule, ok, claims, message, allowed or message, blocking=blocking).allowed

    # ------------------------------------------------------------------------ lookups
    def character(self, cid: str, field: str) -> Character:
        """The character ``cid``.  Raises InvalidAction naming ``field`` when there is none."""
        ch = self.state.characters.get(cid)
        if ch is None:
            raise InvalidAction(f"no character {cid!r} at position {self.state.position}",
                                [{"field": field, "message": f"no character {cid!r}"}])
        return ch

    def piece(self, pid: str, field: str) -> Any:
        """The character or totem ``pid``.  Raises InvalidAction naming ``field`` when there is none."""
        piece = self.state.piece(pid)
        if piece is None:
            raise InvalidAction(f"no character or totem {pid!r} at position {self.state.position}",
                                [{"field": field, "message": f"no character or totem {pid!r}"}])
        return piece

    def control(self, ch: Character, cid: str, player: str) -> None:
        self.check(R.PLAYING, ch.owner == player, f"{cid} is controlled by {ch.owner}, not {player}",
                   f"{player} controls {cid}")

    def acting_with(self, cid: str, player: str) -> Character | None:
        """The character ``player`` acts with (control checked, 703); None when it is not in play,
        which blocks the action.  Raises InvalidAction for an unknown character."""
        ch = self.character(cid, "character")
        self.control(ch, cid, player)
        return ch if self.in_play(cid, ch.status) else None

    def not_a_totem(self, pid: str, rule: str, why: str) -> bool:
        """False, blocking the action, when ``pid`` is a totem (totems are not characters, 303.2)."""
        if pid in self.state.totems:
            self.check(rule, False, f"{pid} is a totem: {why}", blocking=True)
            return False
        return True

    def in_play(self, cid: str, status: str, blocking: bool = True) -> bool:
        return self.check(R.DESTRUCTION, status == "in_play", f"{cid} is {status}, not in play",
                          f"{cid} is in play", blocking=blocking)

    def attributed(self, source: str | None) -> str | None:
        """The player a damage source's damage is attributed to (None for a buff, 301.2a).  Raises
        InvalidAction for an unknown source."""
        st = self.state
        if source is None:
            return None
        if st.piece(source) is not None:
            return st.piece_owner(source)
        if st.terrain_named(source) is not None:
            self.note(R.TERRAIN, f"damage from the terrain {source} is credited to nobody")
            return None
        found = st.find_buff(source)
        if found is not None:
            self.note(R.BUFF_INDEPENDENT, f"damage from buff {source} ({found[1].name}) is not attributed "
                                          f"to {found[1].played_by or 'the character who played it'}")
            return None
        raise InvalidAction(f"no character, totem, buff or terrain {source!r} at position {st.position}",
                            [{"field": "source", "message": f"unknown source {source!r}"}])
