"""What a condition of a card's text reads off the position alone: cards and resources counted by
kind, icons held, influence thresholds, "there is at least one <card>" (``scripts.holds`` asks these)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import _controlled_by, _kinds, matches  # MOVER-BACKREF
from adjudicator.spoils.text.static_amounts import among_read
from adjudicator.spoils.text.subjects import missing_threshold, provided_icons

FACTIONS = {"your_faction": "you", "opponent_faction": "opponent"}


def influence_holds(state: Any, cond: Ph.StatAtMost, controller: str, x: int | None) -> bool | None:
    """"If your opponent's faction has 15 influence or less" (202.3: a faction's influence now); for
    more than one opponent, any of them (None: a faction the engine does not name)."""
    whose = FACTIONS.get(str(cond.subject))
    if whose is None or cond.has.stat != "influence":
        return None
    players = [controller] if whose == "you" else [p for p in state.seating if p != controller
                                                   and not state.players[p].lost]

    def n(v: Any) -> int:
        return v if isinstance(v, int) else (x or 0) * (2 if v == "X+X" else 1)
    values = [state.players[p].faction.influence for p in players]
    if cond.at_most is not None:
        return any(v <= n(cond.at_most) for v in values)
    if cond.at_least is not None:
        return any(v >= n(cond.at_least) for v in values)
    return any(v == n(cond.exactly) for v in values)


def counted_control(node: Ph.YouControl) -> bool:
    """"If your opponent controls at least X characters", "... at least X face-down resources": the
    conditions ``scripts.holds`` counts (resources face down or up; X the running script's)."""
    ref = node.control
    if not isinstance(ref, Ph.Cards) or ref.named or ref.with_:
        return False
    if S._kinds(ref) == ["resource"]:
        return set(ref.adjectives) <= {"face-down", "face-up"} and (isinstance(ref.count, int) or ref.count == "X")
    return ref.quantity == "at_least" and ref.count == "X"


def resources_held(state: Any, ref: Ph.Cards, player: str) -> int:
    """How many resources ``player`` controls that fit ``ref`` (face down: one Volition, 411.1)."""
    want = {"face-down": False, "face-up": True}
    return sum(1 for r in state.players[player].resources.values()
               if all(r.face_up == want[a] for a in ref.adjectives if a in want))


def icons_held(state: SpoilsState, cond: Ph.ControlIcons, controller: str) -> bool:
    """Whether ``controller`` controls the icons a "you control [X][X]" condition names (405.6: the
    icons are counted, not spent, so "at least" and the bare form read the same)."""
    return not missing_threshold(state, controller, cond.control_icons)


def count(state: SpoilsState, what: Any, card_id: str | None, controller: str) -> int:
    """How many a "for each" counts: matching cards in play, tokens on the card, or icons."""
    if isinstance(what, Ph.ForEach):
        what = what.for_each
    if isinstance(what, Ph.TokensOn):
        card = state.cards.get(card_id or "")
        return card.tokens if card is not None else 0
    if isinstance(what, Ph.IconsYouControl):  # "for each [E] you control" (405.5)
        return provided_icons(state, controller).get(what.icons_you_control, 0)
    if isinstance(what, Ph.Cards) and _kinds(what) == ["resource"] and not what.named:  # kept apart from cards in play
        whose = _controlled_by(what)
        return sum(resources_held(state, what, p) for p in state.seating
                   if whose == "any" or (p == controller) == (whose == "you"))
    if isinstance(what, Ph.Cards):
        return sum(1 for cid in state.cards if matches(state, cid, what, controller, card_id))
    return 1


def there_are(state: SpoilsState, cond: Ph.ThereAre, card_id: str | None, controller: str) -> bool | None:
    """"There is at least one character in the opposing party" (302.10): at least N cards in play the selector
    names now, for the card ``card_id`` whose text it is (None: a selector not read in full, ``there_are_read``)."""
    if not there_are_read(cond):
        return None
    found = 0
    for cid in state.cards:
        if matches(state, cid, cond.there_are, controller, card_id):
            found += 1
            if found >= cond.at_least:
                return True
    return False


def there_are_read(cond: Ph.ThereAre) -> bool:
    """Whether ``there_are`` counts the cards the condition names in full (the cards in play
    ``scripts.matches`` reads all of: ``static_amounts.among_read``)."""
    return among_read(cond.there_are)
