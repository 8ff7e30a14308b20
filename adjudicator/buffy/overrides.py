"""The golden rule as a mechanism (``buffy.golden-rule``): rules are named checks, and a card in
play or a judge ruling can permit what a rule forbids, forbid what it permits, or change a
parameter.  The engine asks here at named points; every answer names who overrode the rule.

Effect documents (on characters, attachments, locations, or in a ruling's ``effect``)::

    {"permit": "<rule id>", "while_at": "<location name>", "for": "<character name>", "once_per_turn": true}
    {"forbid": "<rule id>"}                            # "cannot" beats "can"
    {"set": "<parameter>", "value": 0}                 # e.g. fatigue_penalty, destiny_to_win
    {"avoid_fatigue": true, "for": "Faith", "once_per_turn": true}
                                                       # what would fatigue the character does not
                                                       # (Faith's Motel); lifts buffy.fatigue.cannot-act
                                                       # for acts that would fatigue her
    {"gain": {"butt_kicking": 1}, "when": "fighting_opponent_main"}
    {"fight_talent": "smarts"}                         # fights involving the card resolve on smarts
    {"grant_traits": ["SPELLCRAFT"]}

A card's effects bear on the character that is the card, carries it, or stands at it (a location).
A ruling bears on the character its ``card`` names, or on everything when it names no card.
Rulings in force come first, the most recent first, then cards: the first effect found that sets
a parameter or names a fight's talent is the one that holds (``PRECEDENCE``).
"""
from __future__ import annotations

from typing import Any, Iterator

from adjudicator.buffy.state import OFF_BOARD, BuffyState, Character
from adjudicator.core import Overrider
from adjudicator.kernel import Claim, Precedence, ruling_in_force

#: The rule ids under which Buffy cites the one precedence order (``adjudicator.kernel.precedence``):
#: a judge ruling in force first (the most recent), then card text over the rules, then "cannot"
#: beats "can" between cards.
PRECEDENCE = Precedence(golden_rule="buffy.golden-rule", cannot_beats_can="buffy.cannot-beats-can",
                        ruling="buffy.judge-ruling")

PARAMETERS: dict[str, tuple[int, str]] = {
    "hand_size": (5, "buffy.draw-step.draw-to-five"),
    "destiny_to_win": (10, "buffy.victory.destiny"),
    "park_turns_to_win": (6, "buffy.victory.park"),
    "fatigue_penalty": (1, "buffy.fatigue.penalty"),
    "fight_draw": (5, "buffy.fight.draw"),
    "challenge_attacker_draw": (5, "buffy.challenge.draw"),
    "challenge_defender_draw": (3, "buffy.challenge.draw"),
    "max_items": (2, "buffy.resource.items"),
}

AVOID_FATIGUE = "buffy.fatigue.avoid"


def _sources(state: BuffyState, character: Character | None) -> Iterator[tuple[Overrider, dict[str, Any], Character | None]]:
    """Every effect in play that might bear on ``character`` (or on the game when None)."""
    for who, effect, ch, _ in _plain_sources(state, character):
        yield Overrider(**who, effect=str(effect)), effect, ch


Source = tuple[dict[str, Any], dict[str, Any], "Character | None", int]


def _plain_sources(state: BuffyState, character: Character | None) -> Iterator[Source]:
    """``_sources`` with the overrider as the fields of an Overrider (but its ``effect``), for a
    caller that builds it only when it uses it (``parameter`` is asked on every consequence round
    and is seldom overridden), and a ruling's order (later is larger; 0 for a card)."""
    for order, ruling in _rulings(state, character):
        yield _ruling_overrider(ruling), ruling.get("effect") or {}, character, order
    chars = [character] if character is not None else list(state.characters.values())
    for ch in chars:
        if ch.location in OFF_BOARD:
            continue
        for effect in ch.effects:
            yield dict(kind="card", name=ch.name), effect, ch, 0
        for att in ch.attachments:
            for effect in att.effects:
                yield dict(kind="card", name=att.name), effect, ch, 0
        loc = state.locations.get(ch.location)
        if loc is not None:
            for effect in loc.effects:
                yield dict(kind="card", name=loc.name), effect, ch, 0


def _rulings(state: BuffyState, character: Character | None) -> Iterator[tuple[int, dict[str, Any]]]:
    """The rulings in force that bear on ``character``, the most recent first, each with its order
    (later is larger)."""
    for order in range(len(state.rulings), 0, -1):
        ruling = state.rulings[order - 1]
        card = ruling.get("card")
        if card and character is not None and card.lower() != character.name.lower():
            continue
        if ruling_in_force(ruling, state.position):
            yield order, ruling


def _ruling_overrider(ruling: dict[str, Any]) -> dict[str, Any]:
    return dict(kind="ruling", name=ruling.get("card") or "judge ruling", ruling_id=ruling.get("ruling_id"))


def claims(state: BuffyState, rules: tuple[str, ...], character: Character | None = None,
           verbs: tuple[str, ...] = ("permit", "forbid")) -> list[Claim]:
    """What the rulings in force and the cards in play say about ``rules`` for ``character``: one
    ``Claim`` per ``permit`` or ``forbid`` effect naming one of them (its ``effect`` is the effect
    document, for a once-per-turn use).  Rulings carry their order, for "the most recent wins"."""
    found: list[Claim] = []
    for who, effect, ch, order in _plain_sources(state, character):
        verb = next((v for v in verbs if effect.get(v) in rules), None)
        if verb is not None and _applies(state, effect, ch):
            found.append(Claim(verb, Overrider(**who, effect=str(effect)), order, effect))  # type: ignore[arg-type]
    return found


def once_key(effect: dict[str, Any]) -> str:
    """The name under which a once-per-turn effect is spent (``Character.used_once_per_turn``)."""
    if effect.get("avoid_fatigue"):
        return AVOID_FATIGUE
    return str(effect.get("key") or effect.get("permit") or effect.get("set") or "effect")


def _applies(state: BuffyState, effect: dict[str, Any], ch: Character | None) -> bool:
    where = effect.get("while_at")
    if where and ch is not None:
        loc = state.locations.get(ch.location)
        if loc is None or loc.name.lower() != str(where).lower():
            return False
    named = effect.get("for")
    if named and ch is not None and str(named).lower() != ch.name.lower():
        return False
    if effect.get("once_per_turn") and ch is not None and once_key(effect) in ch.used_once_per_turn:
        return False
    return True


def fatigue_avoider(state: BuffyState, character: Character) -> Overrider | None:
    """The card (Faith's Motel) or ruling that stops what would fatigue ``character``, or None."""
    for who, effect, ch in _sources(state, character):
        if (effect.get("avoid_fatigue") or effect.get("permit") == AVOID_FATIGUE) and _applies(state, effect, ch):
            return who
    return None


def parameter(state: BuffyState, name: str, character: Character | None = None) -> tuple[int, str, Overrider | None]:
    """The value of a rules parameter, its rule id, and the card or ruling that set it."""
    default, rule = PARAMETERS[name]
    for who, effect, ch, _ in _plain_sources(state, character):
        if effect.get("set") == name and _applies(state, effect, ch):
            return int(effect["value"]), rule, Overrider(**who, effect=str(effect))
    return default, rule, None


def fight_talent(state: BuffyState, *fighters: Character) -> tuple[str, Overrider | None]:
    """The talent a fight between ``fighters`` resolves on: butt-kicking unless a card bearing on
    one of them (itself, an attachment, its location, a ruling) says otherwise."""
    for fighter in fighters:
        for who, effect, ch in _sources(state, fighter):
            if effect.get("fight_talent") and _applies(state, effect, ch):
                return str(effect["fight_talent"]), who
    return "butt_kicking", None


def fight_bonus(state: BuffyState, ch: Character, opponent: Character, talent: str) -> list[tuple[int, Overrider]]:
    """Talent ``ch`` gains from cards while fighting ``opponent`` (e.g. Buffy Summers' +1
    butt-kicking against an opponent's main character)."""
    found = []
    for who, effect, c in _sources(state, ch):
        gain = effect.get("gain")
        if not gain or talent not in gain or not _applies(state, effect, c):
            continue
        when = effect.get("when")
        if when == "fighting_opponent_main" and not (opponent.main and opponent.owner != ch.owner):
            continue
        if when not in (None, "fighting", "fighting_opponent_main"):
            continue
        found.append((int(gain[talent]), who))
    return found


def granted_traits(state: BuffyState, ch: Character) -> list[tuple[str, Overrider]]:
    found = []
    for who, effect, c in _sources(state, ch):
        if not _applies(state, effect, c):
            continue
        for trait in effect.get("grant_traits", []) or []:
            found.append((str(trait).upper(), who))
    return found
