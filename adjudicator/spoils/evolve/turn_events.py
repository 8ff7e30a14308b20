"""How the events of a turn's course apply: starting hands, turns starting, cards restored, drawn and
discarded, resources played and attached, depletion, plays waiting for responses and their end."""
from __future__ import annotations
from typing import Any

from adjudicator.spoils.evolve.dispatch import apply_event
from adjudicator.spoils.evolve.windows import (
    _attach,
    _deck,
    _deplete,
    _hand,
    _pop,
)
from adjudicator.spoils.model.card_types import gained_as_character_lost
from adjudicator.spoils.model.state import (
    Resource,
    SpoilsState,
)
from adjudicator.table import discard_from_hand
from events.models import spoils as E


@apply_event.register
def _(e: E.StartingHandsDrawn, s: SpoilsState) -> None:
    for player, n in e.hands.items():
        _hand(s, player, n)
        _deck(s, player, -n)
    s.stage = "mulligan"
    s.to_act = s.first_player
    s.consecutive_passes = 0


@apply_event.register
def _(e: E.TurnStarted, s: SpoilsState) -> None:
    s.turn = e.turn
    s.active_player = e.active_player
    s.stage = "develop"
    s.to_act = e.active_player
    s.consecutive_passes = 0
    s.suspended = []
    s.pending = []
    s.battle = None
    s.tactics_played = []
    s.played_this_turn = {}
    s.names_played_this_turn = {}
    s.damaged_this_turn = {}
    s.attacks_this_turn = {}
    allowed = set(e.can_attack)
    ends = ("turn", f"start_of:{e.active_player}")  # "this turn"; "until the start of your next turn"
    for cid, seen in list(dict.items(s.cards)):  # read first: only the cards that change are written
        if not _turn_changes(seen, cid in allowed, ends):
            continue
        card = s.cards[cid]
        card.damage = 0 if card.type == "character" else card.damage          # 602.1a
        was_character = card.type == "character"
        for m in reversed([m for m in card.modifiers if m.get("until") in ends and m.get("was")]):
            for k, v in m["was"].items():  # the turn it was another type of card is over
                setattr(card, k, v)
        if was_character and card.type != "character":  # 508.3: what it gained as a character goes too
            gone = gained_as_character_lost([*card.modifiers, {"becomes": {"type": card.type}}])
            card.modifiers = [m for i, m in enumerate(card.modifiers) if i not in gone]
        card.modifiers = [m for m in card.modifiers if m.get("until") not in ends]  # 602.1b
        card.can_attack = cid in allowed                                     # 602.1c
        card.attacks = 0
    s.effects = [x for x in s.effects if x.until not in ends]
    for p in s.players.values():
        p.developed = False


@apply_event.register
def _(e: E.CardsRestored, s: SpoilsState) -> None:
    _attach(s, e.player, e.resources, False)
    _deplete(s, e.cards, False)


@apply_event.register
def _(e: E.CardsDrawn, s: SpoilsState) -> None:
    _hand(s, e.player, e.count, e.cards, add=True)
    _deck(s, e.player, -e.count, e.cards)


@apply_event.register
def _(e: E.CardsDiscarded, s: SpoilsState) -> None:
    discard_from_hand(s.players[e.player], e.count, e.cards)


@apply_event.register
def _(e: E.ResourcePlayed, s: SpoilsState) -> None:
    if e.from_zone == "hand":
        _hand(s, e.player, -1, [e.name] if e.name else [])
        s.played_this_turn.setdefault(e.player, []).append("resource")  # played (605), not put into play
        s.names_played_this_turn.setdefault(e.player, []).append(e.name or "")
    s.players[e.player].resources[e.resource_id] = Resource(name=e.name, face_up=e.face_up, icons=e.icons)
    s.next_id += 1


@apply_event.register
def _(e: E.ResourcesAttached, s: SpoilsState) -> None:
    _attach(s, e.player, e.resources, True)


@apply_event.register
def _(e: E.CardsDepleted, s: SpoilsState) -> None:
    _deplete(s, e.cards, True)


@apply_event.register
def _(e: E.PendingEffectDoubled, s: SpoilsState) -> None:
    for play in s.pending:
        if play.id == e.pending_id:
            play.effect = [*play.effect, *play.effect]


@apply_event.register
def _(e: E.PendingPicksReplaced, s: SpoilsState) -> None:
    for play in s.pending:
        if play.id != e.pending_id:
            continue
        for doc in play.effect:
            script = doc.get("script") if isinstance(doc, dict) else None
            for key in ("picks", "cost_picks"):
                if isinstance(script, dict) and isinstance(script.get(key), list):
                    script[key] = [[e.new if c == e.old else c for c in group] for group in script[key]]


@apply_event.register(E.PlayResolved)
@apply_event.register(E.PlayTerminated)
def _(e: E.PlayResolved | E.PlayTerminated, s: SpoilsState) -> None:
    """The play leaves the plays waiting for responses; the end of the turn, once resolved, begins."""
    _pop(s, e.pending_id)
    if getattr(e, "kind", None) == "end_turn":
        s.stage, s.to_act = "end", None


def _turn_changes(card: Any, can_attack: bool, ends: tuple[str, ...]) -> bool:
    """Whether a new turn changes ``card`` (602.1a-c): damage to remove, a modifier that ends, whether
    it can attack, attacks counted."""
    return bool((card.type == "character" and card.damage) or card.can_attack != can_attack or card.attacks
                or any(m.get("until") in ends for m in card.modifiers))
