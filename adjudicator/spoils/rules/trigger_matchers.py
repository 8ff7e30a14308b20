"""Which happenings set off which triggers (503.1): a trigger composed of a subject and an event
(``effects.triggers.Happens``) by ``composed`` -- the happening is one of its event (``EVENT_HAPPENINGS``,
``PLAYER_HAPPENINGS``) and concerns a card its subject takes (``scripts.matches``) or the player it names --
and the triggers written by a name the engine matches by name by one matcher each (``MATCH``), each reading
the happening and the card whose trigger it is; ``rules.triggers`` fires them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.effects.triggers import INFLICTS, PLAYERS, Happens
from adjudicator.spoils.model.state import CardSpec, SpoilsState
from adjudicator.spoils.rules.counts import within
from adjudicator.spoils.text.battle_says import covert_party
from adjudicator.spoils.text.happens_read import party_concerns
from adjudicator.spoils.text.trigger_read import COMPOSED  # (a document's "when" for a composition) # noqa: F401
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text import scripts as S
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


def _character_of(when: str, mine: bool, bind: bool, others: bool = False) -> Matcher:
    """"If a character you control (your opponent controls) <happens>"; ``bind``: "it"/"that
    character" is that character; ``others``: not this card itself."""
    def match(h: Happening, cid: str, card: Any) -> list[str] | None:
        other = _is(h, when, "character")
        if other is None or (other.controller == card.controller) != mine or (others and h.card_id == cid):
            return None
        return [h.card_id] if bind and h.card_id else []
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
    "character_enters_play_under_you": _character_of("enters_play", mine=True, bind=True, others=True),
    "character_enters_play_under_opponent": _character_of("enters_play", mine=False, bind=True),
}
"""The triggers this module matches by name (``scripts.ENFORCED_TRIGGERS`` lists them); a name that stands for a
composition the engine evaluates is matched as that composition (``composed``, ``trigger_read.fires``)."""


EVENT_HAPPENINGS: dict[str, tuple[str, ...]] = {
    "enters_play": ("enters_play",), "leaves_play": ("leaves_play",), "destroyed": ("destroyed",),
    "damaged": ("damaged",), "attacks": ("attacks",), "blocks": ("blocks",), "blocked": ("blocked",),
    "picked": ("picked",), "becomes_depleted": ("card_depleted",),
    "put_in_discard_from_play": ("put_in_discard_from_play",),
    "inflicts_damage": ("damaged_by_character", "inflicts_damage_to_faction"),
    "inflicts_battle_damage": ("damaged_by_character", "inflicts_damage_to_faction", "battle_damage_inflicted"),
    "start_of_turn": ("start_of_turn",), "end_of_turn": ("end_of_turn",),
    "party_formed": ("attack", "attacks", "blocks"), "loses_influence": (), "has_tokens": ("tokens_changed",),
}
"""Which happenings ``settling.fire`` is told are each event of a composed trigger (503.1): a card entering,
leaving, destroyed (408.4), damaged (408.2), attacking or blocking (608.1), blocked (608.1d), picked (401.3),
depleted (303.1), put into a discard pile from play; damage a card inflicts to a character (the damaged card,
the source bound) or to a faction (408.2b); battle damage (609.1) a card inflicts; a turn's start or end; a
party formed (``PARTY_HAPPENINGS``); tokens put on or removed from a card (409); influence lost by a faction none
(amounts.WHEN changes it by name)."""


def _in(h: Happening, card_id: str) -> SpoilsState:
    """The table with ``card_id`` on it: as it is, or as the card last was in play (left it just now)."""
    s = h.ctx.work
    if card_id in s.cards or card_id not in h.cards:
        return s
    return s.model_copy(update={"cards": {**s.cards, card_id: h.cards[card_id]}})


def _takes(h: Happening, ref: Any, card_id: str | None, cid: str, card: Any) -> bool:
    """Whether ``ref`` (``self``, ``attached`` or a selector) takes the card ``card_id`` for the card ``cid``."""
    if card_id is None:
        return False
    if ref == "self":
        return card_id == cid
    if ref == "attached":
        return card.attached_to == card_id
    return isinstance(ref, Ph.Cards) and S.matches(_in(h, card_id), card_id, ref, card.controller, cid) and \
        (ref.with_ is None or within(_in(h, card_id), card_id, ref.with_, None))


def _last_damage(h: Happening, source: str) -> Any:
    """The damage ``source`` inflicted last in this decision (the happening being fired is about it)."""
    return next((e for e in reversed(h.ctx.events) if isinstance(e, E.DamageDealt) and source in e.sources), None)


def _battle_damage_to(h: Happening, target: str) -> bool:
    """Whether the damage just inflicted to ``target`` (the happening "damaged" is about it) is battle damage;
    for its destruction, whether it was destroyed for its damage (408.4) after battle damage (609.1)."""
    if h.when == "destroyed":
        return _by_battle_damage(h, target, None) is not None
    dealt = next((e for e in reversed(h.ctx.events) if isinstance(e, E.DamageDealt) and e.target == target), None)
    return dealt is not None and dealt.battle


def _to(h: Happening, happens: Happens, source: str, target: str | None, cid: str, card: Any) -> bool:
    """What the damage was inflicted to, as the trigger says it (none said: anything)."""
    to = happens.to
    if happens.event == "inflicts_battle_damage":
        if to is None or h.when == "battle_damage_inflicted":  # once for all its battle damage (609.1), or to what
            return to is None and h.when == "battle_damage_inflicted"
        dealt = _last_damage(h, source)
        if dealt is None or not dealt.battle:
            return False
    if to is None:
        return True
    if isinstance(to, Ph.Cards) and to.cards == "faction":
        return h.when == "inflicts_damage_to_faction"
    return h.when == "damaged_by_character" and _takes(h, to, target, cid, card)


PLAYER_HAPPENINGS: dict[str, tuple[str, ...]] = {
    "attacks": ("attack",), "attacked": ("attack",), "draws": ("you_draw",),
    "plays": ("card_played", "resource_entered", "tactic_played"), "flips_coin": ("coin_flipped",),
}
"""Which happenings are each event of a player: attacking (608.1), being attacked, drawing (605.2), playing a
card (604.2: a non-resource card) or a resource (203.1), flipping a coin (the player whose effect flips it)."""


def _defender(h: Happening) -> str | None:
    b = h.ctx.work.battle
    if b is not None and b.attacker == h.player:
        return b.defender
    others = [p for p in h.ctx.work.seating if p != h.player]
    return others[0] if len(others) == 1 else None


def _played(h: Happening, what: Ph.Cards | None, attached_to: str | None = None) -> bool:
    """Whether what the player just played is what the trigger names (its kind, subtype, name), attached to the card
    it names (``attached_to``: the id of this card) when it says so (301.1)."""
    if what is None:
        return False
    if "resource" in S._kinds(what):
        return h.when == "resource_entered" and S._kinds(what) == ["resource"]
    if h.when != ("tactic_played" if S._kinds(what) == ["tactic"] else "card_played"):
        return False  # a tactic played: the happening that binds it ("terminate it"); any other card once
    played = next((e for e in reversed(h.ctx.events) if isinstance(e, E.CardPlayed) and e.player == h.player), None)
    return played is not None and S.spec_fits(CardSpec.model_validate(played.card), what) and (
        attached_to is None or played.attach_to == attached_to)


def _by_player(h: Happening, happens: Happens, cid: str, card: Any) -> list[str] | None:
    """A player's event: the player who acted (the one attacked, for ``attacked``) is the one the subject
    names, for the card's controller ("you", "your opponent", "a player")."""
    if h.when not in PLAYER_HAPPENINGS.get(happens.event, ()) or happens.lost:
        return None  # (a flip lost: no happening tells of it, happens_read.event_unread)
    who = _defender(h) if happens.event == "attacked" else h.player
    if who is None or (happens.subject != "a_player" and (who == card.controller) != (happens.subject == "you")):
        return None
    if happens.event == "plays" and not _played(h, happens.what, cid if happens.attached_to == "self" else None):
        return None
    return []


def composed(h: Happening, happens: Happens, cid: str, card: Any) -> list[str] | None:
    """Whether the composed trigger of ``card`` (``cid``) fires for the happening, and the card its "it",
    "that character" names: the subject when it is a selector, else what the damage was inflicted to."""
    if happens.or_event is not None:  # "enters or leaves play": either event
        either = composed(h, happens.model_copy(update={"or_event": None}), cid, card)
        return either if either is not None else composed(
            h, happens.model_copy(update={"event": happens.or_event, "or_event": None}), cid, card)
    if isinstance(happens.subject, str) and happens.subject in PLAYERS:
        return _by_player(h, happens, cid, card)
    if happens.event == "party_formed":  # (once: for the attack declared, or for the member it names)
        members = _party_formed(h, happens, cid, card)
        return [] if members is not None and party_concerns(happens, members, cid, card, h.when == "blocks") else None
    if h.when not in EVENT_HAPPENINGS.get(happens.event, ()):
        return None
    if happens.event in ("start_of_turn", "end_of_turn"):
        mine = h.player == card.controller
        return [] if happens.turn in ("each", "each_player") or mine == (happens.turn == "you") else None
    source, target = h.card_id, None
    if h.when == "damaged_by_character":  # the damaged card is the happening's; its source is bound
        source, target = (h.bind or [None])[0], h.card_id
    if source is None or not _takes(h, happens.subject, source, cid, card):
        return None
    if happens.event in INFLICTS and not _to(h, happens, source, target, cid, card):
        return None
    if happens.battle and not _battle_damage_to(h, source):
        return None
    if not _in_battle_as_said(h, happens, source) or not _counts_as_said(h, happens, source):
        return None
    entering = h.card()
    if happens.under is not None and (entering is None or (entering.controller == card.controller) != (
            happens.under == "you")):
        return None
    if happens.pile == "your" and (h.card() is None or h.card().owner != card.controller):
        return None  # "into your discard pile": a card you own (a card goes to its owner's, 301.4)
    if isinstance(happens.subject, Ph.Cards):
        return [source]
    return [target] if target is not None and isinstance(happens.to, Ph.Cards) else []


PARTY_HAPPENINGS = EVENT_HAPPENINGS["party_formed"]
"""The happenings a party formed is read off (608.1b, 608.1d): an attack declared (once for its party, the
attacking player's), each member attacking, each member blocking (the card the happening concerns)."""


def _in_battle_as_said(h: Happening, happens: Happens, source: str) -> bool:
    """What the composition says of the battle as its event happens: "during a battle" (one in progress, 608),
    "while it's blocking" (a member of that party, 302.6-302.10), "in a party with more than 1 member" (the party
    the card attacks or blocks in, 302.5), "blocks a Covert party" (302.11, 507.3a)."""
    b = h.ctx.work.battle
    if happens.during == "a battle" and b is None:
        return False
    if happens.while_ is not None and (b is None or source not in (b.attackers if happens.while_ == "attacking"
                                                                    else b.blockers)):
        return False
    if happens.more_than is not None and (b is None or len(b.attackers if happens.event == "attacks" else b.blockers)
                                          <= happens.more_than):
        return False
    return not happens.covert or _covert(h)


def _counts_as_said(h: Happening, happens: Happens, source: str) -> bool:
    """The numbers the composition says: "any amount of damage greater than 4" (the damage just inflicted to the
    card, 408.1), "has at least 2 tokens on it" (the card's tokens as they change, 409)."""
    if happens.amount_over is not None:
        dealt = next((e for e in reversed(h.ctx.events) if isinstance(e, E.DamageDealt) and e.target == source), None)
        if dealt is None or dealt.amount <= happens.amount_over:
            return False
    if happens.tokens is not None:
        held = h.cards.get(source)
        return held is not None and held.tokens >= happens.tokens
    return True


def _covert(h: Happening) -> bool:
    """The attacking party is a Covert party as it is blocked: all its members have Covert, or a member's text makes
    it Covert (507.3a, 302.11a), as ``parties.covert_party`` reads it when blockers are declared."""
    b = h.ctx.work.battle
    return b is not None and bool(b.attackers) and covert_party(h.ctx.work, b.attackers)


def _party_formed(h: Happening, happens: Happens, cid: str, card: Any) -> list[str] | None:
    """The members of the party formed a happening tells of, None when it is not the one to fire for: an attack
    declared, for "an attacking party is formed" (once for the party); the member the composition names attacking
    or blocking, for "... including this card" (once, for that member)."""
    b = h.ctx.work.battle
    if h.when == "attack":
        return list(b.attackers) if happens.including is None and b is not None else None
    member = {"self": cid, "attached": card.attached_to}.get(happens.including or "")
    if h.when not in PARTY_HAPPENINGS or member is None or h.card_id != member:
        return None
    return list(b.blockers if h.when == "blocks" else b.attackers) if b is not None else [member]


def matched(ctx: SpoilsContext, cards: Mapping[str, Any], w: str, when: str, cid: str, card: Any,
            card_id: str | None, player: str | None, bind: list[str] | None) -> list[str] | None:
    """Whether the trigger ``w`` of ``card`` (``cid``) fires for the happening, and what it binds
    (None: it does not fire; a list: the binding, empty for the happening's own)."""
    return MATCH[w](Happening(ctx, cards, when, card_id, player, bind), cid, card)
