"""Triggers about other cards and other players (503.1): which of a card's scripted triggers a
happening sets off, beyond the card's own entering, leaving and damage (``settling.fire`` asks
``MATCH`` first).  Each matcher reads the happening (``when``, the card it concerns, the player
who acted) and the card whose trigger it is, and says whether it fires and which card its "that
character", "it" names (the ``bind`` of ``settling.fire``).

- "If this card leaves play" (any way of leaving, 301.4a), "if the attached character leaves play"
  (the gear leaves with it, 301.4, and still sees it), "when a character you control leaves play";
- "if this card is blocked" (608.1d: a blocking party formed against it), "if the attached
  character is blocked", "if a character you control blocks";
- "if a character enters play under your (your opponent's) control" (another one: a card's own
  entering is its "when this card enters play"), "if a character your opponent controls is destroyed",
  "if this card is destroyed by battle damage" (408.4 after battle damage, 609.1);
- "if this card (the attached character) inflicts damage to a character", "if the attached character
  inflicts damage to a faction" (408.2b);
- "if you (your opponent) play a card" (a non-resource card, 604.2), "if your opponent plays a tactic",
  "if a coin is flipped", "at the start of each player's turn" (602.1);
- "if this card attacks in a party with more than N members", "if an attacking party is formed
  including this card and at least N other characters" (608.1b).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from adjudicator.effects import abilities as A
from adjudicator.spoils import mechanics as M
from adjudicator.spoils import scripts as S
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.projection import opponents
from events.models import spoils as E


@dataclass
class Happening:
    """What ``settling.fire`` was told: ``when``, the card it concerns (``card_id``, also one that
    just left play: ``cards`` holds its last state), the player who acted, the cards it binds."""

    ctx: SpoilsContext
    cards: Mapping[str, Any]
    when: str
    card_id: str | None
    player: str | None
    bind: list[str] | None

    def card(self) -> Any:
        return self.cards.get(self.card_id or "")


Matcher = Callable[[Happening, str, Any], "list[str] | None"]
"""(the happening, the id of the card whose trigger it is, that card) -> None when it does not fire,
else the cards its "that character"/"it" names (empty: what ``settling.fire`` binds already)."""


def _is(h: Happening, when: str, kind: str | None = None) -> Any:
    card = h.card() if h.when == when else None
    return card if card is not None and (kind is None or card.type == kind) else None


def _own(when: str) -> Matcher:
    """"If this card <happens>": the happening concerns the trigger's own card."""
    return lambda h, cid, card: [] if h.when == when and h.card_id == cid else None


def _of_attached(when: str) -> Matcher:
    """"If the attached character <happens>": it concerns the card this one is attached to."""
    return lambda h, cid, card: [] if h.when == when and h.card_id and card.attached_to == h.card_id else None


def _character_of(when: str, mine: bool, bind: bool, others: bool = False) -> Matcher:
    """"If a character you control (your opponent controls) <happens>"; ``bind``: "it"/"that
    character" is that character; ``others``: not this card itself."""
    def match(h: Happening, cid: str, card: Any) -> list[str] | None:
        other = _is(h, when, "character")
        if other is None or (other.controller == card.controller) != mine or (others and h.card_id == cid):
            return None
        return [h.card_id] if bind and h.card_id else []
    return match


def _played(mine: bool, when: str = "card_played") -> Matcher:
    return lambda h, cid, card: [] if h.when == when and (h.player == card.controller) == mine else None


def _inflicts_to_character(attached: bool) -> Matcher:
    """"If this card (the attached character) inflicts damage to a character": "that character", "the
    damaged character" is the one damaged (``damaged_by_character`` binds the source)."""
    def match(h: Happening, cid: str, card: Any) -> list[str] | None:
        damaged = _is(h, "damaged_by_character", "character")
        source = (h.bind or [None])[0]
        if damaged is None or source is None or source != (card.attached_to if attached else cid):
            return None
        return [h.card_id] if h.card_id else None
    return match


def _party_size(at_least_others: bool) -> Matcher:
    """"If this card attacks in a party with more than N members" / "... including this card and at
    least N other characters" (N is the trigger's own)."""
    def match(h: Happening, cid: str, card: Any) -> list[str] | None:
        b = h.ctx.work.battle
        if h.when != "attacks" or h.card_id != cid or b is None:
            return None
        n = _trigger_n(card, "attacking_party_with_self_and_others" if at_least_others else "attacks_in_party_larger")
        size = len(b.attackers)
        return [] if (size - 1 >= n if at_least_others else size > n) else None
    return match


def _trigger_n(card: Any, when: str) -> int:
    script = S.script_of(card)
    found = next((a for a in (script.abilities if script else []) if isinstance(a, A.Trigger) and a.when == when), None)
    if found is None:
        found = next((t for a in (script.abilities if script else []) if isinstance(a, A.Threshold) for t in a.then
                      if isinstance(t, A.Trigger) and t.when == when), None)
    return int(getattr(found, "n", None) or 0)


def _by_battle_damage(h: Happening, cid: str, card: Any) -> list[str] | None:
    """"If this card is destroyed by battle damage": destroyed for its damage (408.4) in the decision
    that dealt it battle damage (609.1c-d)."""
    if h.when != "destroyed" or h.card_id != cid:
        return None
    events = h.ctx.events
    lethal = any(isinstance(e, E.CardDestroyed) and e.card_id == cid and e.rule == "spoils.408.4" for e in events)
    battle = any(isinstance(e, E.DamageDealt) and e.target == cid and e.battle for e in events)
    return [] if lethal and battle else None


MATCH: dict[str, Matcher] = {
    "if_leaves_play": _own("leaves_play"),
    "attached_leaves_play": _of_attached("leaves_play"),
    "your_character_leaves_play": _character_of("leaves_play", mine=True, bind=True),
    "blocked": _own("blocked"),
    "attached_blocked": _of_attached("blocked"),
    "your_character_blocks": _character_of("blocks", mine=True, bind=True),
    "character_enters_play_under_you": _character_of("enters_play", mine=True, bind=True, others=True),
    "character_enters_play_under_opponent": _character_of("enters_play", mine=False, bind=True),
    "opponent_character_destroyed": _character_of("destroyed", mine=False, bind=True),
    "destroyed_by_battle_damage": _by_battle_damage,
    "inflicts_damage_to_character": _inflicts_to_character(attached=False),
    "attached_inflicts_damage_to_character": _inflicts_to_character(attached=True),
    "attached_inflicts_damage_to_faction": _of_attached("inflicts_damage_to_faction"),
    "you_play_card": _played(mine=True),
    "opponent_plays_card": _played(mine=False),
    "opponent_plays_tactic": _played(mine=False, when="tactic_played"),
    "coin_flipped": lambda h, cid, card: [] if h.when == "coin_flipped" else None,
    "start_of_each_players_turn": lambda h, cid, card: [] if h.when == "start_of_turn" else None,
    "attacks_in_party_larger": _party_size(at_least_others=False),
    "attacking_party_with_self_and_others": _party_size(at_least_others=True),
}
"""The triggers this module matches (``scripts.ENFORCED_TRIGGERS`` lists them)."""


def matched(ctx: SpoilsContext, cards: Mapping[str, Any], w: str, when: str, cid: str, card: Any,
            card_id: str | None, player: str | None, bind: list[str] | None) -> list[str] | None:
    """Whether the trigger ``w`` of ``card`` (``cid``) fires for the happening, and what it binds
    (None: it does not fire; a list: the binding, empty for the happening's own)."""
    return MATCH[w](Happening(ctx, cards, when, card_id, player, bind), cid, card)


def remember(ctx: SpoilsContext, card_id: str) -> None:
    """A card leaving play that entered during this decision: the table as it last was in play, for
    what its statistics were (spoils.engine.last-known; Merbegon's "x is that character's strength")."""
    if card_id not in ctx.state.cards:
        seen = ctx.__dict__.setdefault("last_seen", {})
        seen[card_id] = ctx.work.model_copy(update={"cards": dict(ctx.work.cards)})


def last_seen(ctx: SpoilsContext, card_id: str) -> Any:
    """The table as ``card_id`` last was in play, when it entered and left during this decision (None
    otherwise)."""
    return ctx.__dict__.get("last_seen", {}).get(card_id)


ENTERING = ("enters_under_opponent", "enters_depleted")
"""How a card says it enters play (``consequences.enter_play`` asks; ``scripts`` lists them enforced)."""


def entering_controller(ctx: SpoilsContext, spec: Any, controller: str, card_id: str | None = None) -> str:
    """"This card enters play under your opponent's control." (its text over 604.1h, 101.1); "the
    character enters play under your control" said by a response (scripted_replace)."""
    from adjudicator.spoils.scripted_replace import entering_under

    taker = entering_under(ctx, card_id)
    if taker is not None:
        ctx.note("spoils.101.1", f"{spec.name} enters play under {taker}'s control, as an effect said (604.1h)")
        return taker
    if spec.script and M.can(S.script_of(spec), "enters_under_opponent"):
        other = next(iter(opponents(ctx.work, controller)), controller)
        ctx.note("spoils.101.1", f"{spec.name} enters play under {other}'s control, as its text says (604.1h)")
        return other
    return controller


def entered(ctx: SpoilsContext, card_id: str, spec: Any) -> None:
    """"This card enters play depleted." (303.1)."""
    if spec.script and M.can(S.script_of(spec), "enters_depleted"):
        ctx.emit(E.CardsDepleted(cards=[card_id], rule="spoils.303.1"))


def blocked(ctx: SpoilsContext, attackers: list[str]) -> None:
    """608.1d: a blocking party formed; each attacker it blocks "is blocked"."""
    from adjudicator.spoils.settling import fire

    for cid in attackers:
        if cid in ctx.work.cards:
            fire(ctx, "blocked", card_id=cid)


__all__ = ["MATCH", "matched", "blocked", "remember", "last_seen", "entering_controller", "entered"]
