"""Triggers about other cards and other players (503.1): which of a card's scripted triggers a
happening sets off, beyond the card's own entering, leaving and damage (``fire`` asks the matchers
first).  A trigger composed of a subject and an event (``effects.triggers.Happens``, and every name that
stands for one the engine does not match by name) is matched by ``trigger_matchers.composed``: the
happening is one of its event and concerns a card its subject takes ("if a character you control
blocks", "if the attached character leaves play", "if this card is destroyed by battle damage", "if a
Gearsmith character enters play under your control"), what damage was inflicted to ("to a character",
"to a faction", 408.2b), or the player it names ("if your opponent plays a card", 604.2).  The triggers
still matched by name have one matcher each (``trigger_matchers.MATCH``): "if a character enters play
under your control" (another one: a card's own entering is its "when this card enters play"), "if your
opponent plays a tactic"; a coin flipped, a party formed ("including this card and at least N other
characters", 608.1b) and a party's size are compositions (``composed``).  Each matcher reads the happening (``when``, the card it concerns, the player who acted) and
the card whose trigger it is, and says whether it fires and which card its "that character", "it" names
(the ``bind`` of ``fire``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from adjudicator.effects.triggers import PLAYERS
from adjudicator.spoils.evolve.projection import opponents
from adjudicator.spoils.model.state import TriggerInstance
from adjudicator.spoils.rules import armed as _ARMED
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import trigger_matchers as _TRIGGER_MATCHERS
from adjudicator.spoils.rules.context import SpoilsContext, as_list
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text import that_player as THAT
from adjudicator.spoils.text import trigger_read as _TRIGGER_READ
from adjudicator.spoils.text.position_memo import kept
from events.models import spoils as E


def remember(ctx: SpoilsContext, card_id: str) -> None:
    """A card leaving play that entered during this decision: the table as it last was in play, for
    what its statistics were (spoils.engine.last-known; Merbegon's "x is that character's strength")."""
    if card_id not in ctx.state.cards:
        seen = ctx.__dict__.setdefault("last_seen", {})
        seen[card_id] = ctx.work.model_copy(update={"cards": dict(ctx.work.cards)})


ENTERING = ("enters_under_opponent", "enters_depleted")
"""How a card says it enters play (``consequences.enter_play`` asks; ``scripts`` lists them enforced)."""


def entering_controller(ctx: SpoilsContext, spec: Any, controller: str, card_id: str | None = None) -> str:
    """"This card enters play under your opponent's control." (its text over 604.1h, 101.1); "the
    character enters play under your control" said by a response (scripted_replace)."""
    pass

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
    pass

    for cid in attackers:
        if cid in ctx.work.cards:
            fire(ctx, "blocked", card_id=cid)


__all__ = ["MATCH", "matched", "blocked", "remember", "last_seen", "entering_controller", "entered"]


def fire(ctx: SpoilsContext, when: str, *, card_id: str | None = None, player: str | None = None,
         extra: dict[str, Any] | None = None, bind: list[str] | None = None, x: int | None = None,
         icons: str = "", paid: dict[str, Any] | None = None) -> None:
    """Queues the triggers that ``when`` sets off (503.1); they resolve at once, in the order
    their controller, or the active player when controllers differ, chooses (503.4).  ``bind``:
    the cards the trigger's "that character" names (the source of the damage); ``x``: the amount
    its "the same amount" reads; ``icons``: what a card entering play provides; ``paid``: what the
    play of the card entering play fixed (its own enters-play triggers read it).  Nothing when the
    decision asks only whether the action itself is legal (``SpoilsContext.consequences``): a trigger
    set off while its costs are paid waits until they are (503.3), so it cannot make it illegal."""
    if not ctx.consequences:
        return
    s = ctx.work
    cards = dict(s.cards)
    cards.update(extra or {})
    found: list[TriggerInstance] = []
    armed = _ARMED.armed_for(s, when, could_fire) if kept() else None  # (re-derived every time: looks at every card, as before)
    for cid, card in cards.items():
        if armed is not None and s.cards.get(cid) is card:  # in play: its triggers read once per position
            if cid not in armed:
                continue
            every = armed[cid]
        else:
            if P.blanked(s, cid):  # no rules text, no trigger (scripted_blank_text)
                continue
            every = [*card.triggers, *_ARMED.scripted_triggers(s, cid, card)]
        for index, trig in enumerate(every):
            w = str(trig.get("when", ""))
            known = w in _TRIGGER_MATCHERS.MATCH
            binds = _TRIGGER_MATCHERS.matched(ctx, cards, w, when, cid, card, card_id, player, bind) if known else None
            if w == _TRIGGER_MATCHERS.COMPOSED:  # a subject and an event (trigger_matchers.composed)
                binds = _TRIGGER_MATCHERS.composed(_TRIGGER_MATCHERS.Happening(ctx, cards, when, card_id, player, bind),
                                                   trig["happens"], cid, card)
                if binds is None:
                    continue
            elif w in _TRIGGER_MATCHERS.MATCH:  # adjudicator.spoils.rules.triggers: triggers about other cards and players
                if binds is None:
                    continue
            elif w == "provider_enters_play":
                if not _provider(card, when, icons, player):
                    continue
            elif w == "played_using_flip_up":  # "if you played this card using FLIP UP, it enters play ..."
                if not (when == "enters_play" and cid == card_id and (paid or {}).get("choices", {}).get("flip_up")):
                    continue
            elif not _trigger_matches(w, when, cid, card_id):
                continue
            effect = _bound(as_list(trig.get("effect")), binds or bind, x)
            effect = _to_that_player(effect, _that_player(trig, w, player))
            if paid and cid == card_id and when == "enters_play":
                effect = _paid(effect, paid)
            found.append(TriggerInstance(id=f"t{s.next_id}.{len(found) + 1}", card_id=cid,
                                         name=str(trig.get("name") or f"{card.name}: {w}"),
                                         controller=card.controller, effect=effect, when=str(trig.get("named") or w)))
    pass  # "At the start of your next turn, ..."

    found += delayed_triggers(ctx, when, player, len(found))
    if found:
        ctx.emit(E.TriggersPending(triggers=[t.model_dump(mode="json") for t in found]))


def could_fire(trig: dict[str, Any], when: str) -> bool:
    """Whether the trigger document ``trig`` may fire for the happening ``when`` at all (``fire`` then asks
    whether it fires for the card and player concerned): what ``fire``'s tests accept, by the trigger's
    name or its composed event alone; true for whatever it cannot tell so."""
    w = str(trig.get("when", ""))
    if w == _TRIGGER_MATCHERS.COMPOSED:
        happens = trig.get("happens")
        events = {getattr(happens, "event", None), getattr(happens, "or_event", None)} - {None}
        subject = getattr(happens, "subject", None)
        table = _TRIGGER_MATCHERS.PLAYER_HAPPENINGS if isinstance(subject, str) and subject in PLAYERS \
            else _TRIGGER_MATCHERS.EVENT_HAPPENINGS
        return not events or any(when in table.get(e, ()) for e in events)
    if w in _TRIGGER_MATCHERS.MATCH:
        return True
    if w == "provider_enters_play":
        return when == "provider_entered"
    if w == "played_using_flip_up":
        return when == "enters_play"
    if when == "enters_play":
        return w in ("enters_play", "enters_or_leaves_play", "card_enters_play")
    if when == "leaves_play" and w == "enters_or_leaves_play":
        return True
    return when in CARD_EVENTS and w == when


def _provider(card: Any, when: str, icons: str, player: str | None) -> bool:
    """"If a card that provides at least [R] enters play under your control" (311.1)."""
    if when != "provider_entered" or player != card.controller:
        return False
    return _provides_enough(card, "provider_enters_play", icons)


def _provides_enough(card: Any, when: str, icons: str) -> bool:
    script = S.script_of(card)
    need = next((a.icons for a in (script.abilities if script else [])
                 if getattr(a, "when", None) == when), "") or ""
    return bool(need) and all(icons.count(i) >= need.count(i) for i in set(need))


def _bound(effect: list[Any], bind: list[str] | None, x: int | None) -> list[Any]:
    if not bind and x is None:
        return effect
    out = []
    for doc in effect:
        if isinstance(doc, dict) and "script" in doc:
            doc = {"script": {**doc["script"], **({"picks": [bind]} if bind else {}), **({"x": x} if x is not None else {})}}
        out.append(doc)
    return out


def _that_player(trig: Mapping[str, Any], w: str, player: str | None) -> str | None:
    """The player a trigger's happening names ("If a player draws any number of cards, that player ...", "At the
    start of each player's turn, that player ..."): whom its "that player" names (``text.that_player``)."""
    happens = trig.get("happens") if w == _TRIGGER_MATCHERS.COMPOSED else THAT.happening(w)
    return player if player is not None and THAT.names_a_player(happens) else None


def _to_that_player(effect: list[Any], player: str | None) -> list[Any]:
    if player is None:
        return effect
    return [{"script": {**doc["script"], "that_player": player}} if isinstance(doc, dict) and "script" in doc else doc
            for doc in effect]


def _paid(effect: list[Any], paid: dict[str, Any]) -> list[Any]:
    """"If you picked a character as part of its cost, ... that character": the picks, X and the
    choices of the play, as the trigger's script reads them (401.3: what the costs fixed)."""
    out = []
    for doc in effect:
        if isinstance(doc, dict) and "script" in doc:
            doc = {"script": {**doc["script"], "picks": paid.get("picks") or [], "cost_picks": paid.get("picks") or [],
                              "x": paid.get("x"), "choices": paid.get("choices") or {}}}
        out.append(doc)
    return out


def fire_resource(ctx: SpoilsContext, player: str, name: str | None) -> None:
    """A resource card played face up enters play (203.1): its own "when this card enters play"
    triggers (e.g. Arrogance's influence loss) fire like a card's."""
    spec = ctx.lookup(name) if name else None
    if spec is None:
        return
    if not spec.script:
        provider_entered(ctx, player, spec.resource_icons())
        return
    docs = [d for d in _TRIGGER_READ.trigger_docs(spec, lambda: _SUBJECTS.provided_icons(ctx.work, player)) if d["when"] == "enters_play"]
    found = [TriggerInstance(id=f"t{ctx.work.next_id}.r{i}", card_id=None, name=d["name"], controller=player,
                             effect=d["effect"], when="enters_play") for i, d in enumerate(docs, start=1)]
    if found:
        ctx.emit(E.TriggersPending(triggers=[t.model_dump(mode="json") for t in found]))
    provider_entered(ctx, player, spec.resource_icons())


def provider_entered(ctx: SpoilsContext, player: str, icons: str) -> None:
    """A card providing icons entered play under ``player``'s control (a resource played face up,
    a card that provides): "if a card that provides at least [X] enters play ..." fires (311.1)."""
    if icons:
        fire(ctx, "provider_entered", player=player, icons=icons)
        found = _discard_triggers(ctx, player, icons)
        if found:
            ctx.emit(E.TriggersPending(triggers=[t.model_dump(mode="json") for t in found]))


CARD_EVENTS = ("leaves_play", "destroyed", "damaged", "attacks", "blocks", "battle_damage_inflicted",
               "inflicts_damage_to_faction", "put_in_discard_from_play", "damaged_by_character")
"""Triggers about one card: they fire for that card only ("if this card ...")."""


def _trigger_matches(w: str, when: str, cid: str, card_id: str | None) -> bool:
    """A card's own entering, leaving, damage and the like (``CARD_EVENTS``), by name; "when a card enters play"."""
    if when == "enters_play":
        return (w in ("enters_play", "enters_or_leaves_play") and cid == card_id) or \
            (w == "card_enters_play" and cid != card_id)
    if when == "leaves_play" and w == "enters_or_leaves_play":
        return cid == card_id
    if when in CARD_EVENTS:
        return w == when and cid == card_id
    return False  # the times of a turn, a player's attacking or playing: trigger_matchers.composed


IN_DISCARD = "provider_enters_play_while_in_discard"


def _discard_triggers(ctx: SpoilsContext, player: str, icons: str) -> list[TriggerInstance]:
    """"While this card is in your discard pile, if a card that provides at least [E] enters play
    under your control, ...": each such card in the player's discard pile (503.1)."""
    s = ctx.work
    found: list[TriggerInstance] = []
    for name in s.players[player].discard:
        spec = ctx.lookup(name)
        if spec is None or not spec.script or not _provides_enough(spec, IN_DISCARD, icons):
            continue
        for doc in _TRIGGER_READ.trigger_docs(spec, lambda: _SUBJECTS.provided_icons(s, player)):
            if doc["when"] == IN_DISCARD:
                found.append(TriggerInstance(id=f"t{s.next_id}.d{len(found) + 1}", card_id=None, name=doc["name"],
                                             controller=player, effect=doc["effect"], when=IN_DISCARD))
    return found


ENTERS_UNDER = "enters_under"
"""The key of the lasting effect (``EffectStarted``) naming the card being played and the player it
enters play under: ``{ENTERS_UNDER: player, "card_id": id}``."""


def entering_under(ctx: SpoilsContext, card_id: str | None) -> str | None:
    """The player a card being played enters play under, when an effect said so (None: not said)."""
    said = [e.effect[ENTERS_UNDER] for e in ctx.work.effects
            if ENTERS_UNDER in e.effect and card_id is not None and e.effect.get("card_id") == card_id]
    return said[-1] if said else None


def delayed_triggers(ctx: "SpoilsContext", when: str, player: str | None, n: int) -> list[TriggerInstance]:
    """The delayed effects that ``when`` (for ``player``) sets off, as triggers of the card that set
    them up.  One waiting for the start of a player's turn has just ended with the turn's start: it is
    read off the position before this decision."""
    if when == "start_of_turn":
        waiting = [x for x in ctx.state.effects if x.effect.get("delayed") == when and x.effect.get("player") == player
                   and x not in ctx.work.effects]
    elif when == "end_of_turn":
        waiting = [x for x in ctx.work.effects if x.effect.get("delayed") == when]
    else:
        return []
    return [TriggerInstance(id=f"t{ctx.work.next_id}.d{n + i}", card_id=x.effect.get("card_id"),
                            name=str(x.effect.get("name") or x.source), controller=x.controller,
                            effect=list(x.effect.get("effect") or []), when=when)
            for i, x in enumerate(waiting, start=1)]
