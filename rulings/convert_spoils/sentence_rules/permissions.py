"""What a card can and cannot do, and when it may be played or used ("This card cannot be
blocked.", "Use this only during your turn.")."""
from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError

from adjudicator.effects.permissions import ABLE_ALIASES, Able
from adjudicator.effects.texts import CAN_WORDS
from rulings.convert_spoils.conditions import ONLY, fixed_phrase
from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, sentence
from rulings.convert_spoils.nouns import cards, target

ACTS = {"take control of this card": "take_control_of_self", "be played": "be_played", "be used again": "be_used_again","be restored by its controller's faction's restore rule": "be_restored_by_controller_rule",
        "be restored by your faction's restore rule": "be_restored_by_your_rule",
        "attack": "attack", "block": "block", "be blocked": "be_blocked", "be picked": "be_picked",
        "attack your faction": "attack_your_faction", "pick this card": "pick_self", "draw cards": "draw",
        "be restored": "be_restored",
        "be attacked": "be_attacked", "leave play": "leave_play", "be destroyed": "be_destroyed"}
CAN = {v.format(self="this card").lower() + ".": k for k, v in CAN_WORDS.items()}


@sentence(r"(?P<this>this turn, )?(?P<who>.+?) cannot (?P<acts>.+?)(?P<last> until the start of your next turn| this turn)?\.")
def cannot(m: re.Match[str], read: Reader) -> Any:
    who, acts = m.group("who"), m.group("acts")
    if re.fullmatch(r"respond to this card", acts, re.I):
        return {"cannot": ["respond"], "who": "opponent" if who.lower() == "your opponent" else target(who)}
    names = [ACTS.get(a.strip().lower()) for a in re.split(r",? or |, ", acts)]
    if None in names:
        raise NoMatch(acts)
    doc: Doc = {"cannot": names, "who": "opponent" if who.lower() == "your opponent" else
                "you" if who.lower() == "you" else target(who)}
    if m.group("this"):
        doc["until"] = "turn"
    if m.group("last"):
        doc["until"] = "next_turn" if "next" in m.group("last") else "turn"
        doc["until_last"] = True
    return doc


@sentence(r"this card can attack even if it has not been in play under your control since the start of the turn\.")
def haste(m: re.Match[str], read: Reader) -> Any:
    return {"can": "attack_at_once"}


WHO = {"this card": "self", "it": "it", "players": "players"}
"""Who a composed permission or requirement is about, besides a noun phrase of cards."""
ABLE_ACT = {"attack": "attack", "block": "block", "block this card": "block_self",
            "block covert parties": "block_covert_parties"}
def _key(able: Able) -> str:
    return json.dumps(able.model_dump(mode="json", by_alias=True), sort_keys=True)


_ALIASED = {_key(a): name for name, a in ABLE_ALIASES.items()}


@sentence(r"(?P<this>this turn, )?(?P<who>.+?) (?P<able>can|must) (?P<act>attack|block this card|block covert parties|"
          r"block)(?P<once> only once each turn)?(?P<if> if (?:it|they) can)?(?P<last> this turn)?\.")
def able(m: re.Match[str], read: Reader) -> Any:
    """Who, "can" or "must", an act ("Each character you control must attack if it can."): a permission or a
    requirement composed of its parts (``Able``); written by its name where ``CAN_WORDS`` has one."""
    who = WHO.get(m.group("who").lower()) or cards(m.group("who"))
    if who is None or (isinstance(who, str) and who not in WHO.values()):
        raise NoMatch(m.group(0))
    doc: Doc = {"able": m.group("able").lower(), "act": ABLE_ACT[m.group("act").lower()], "who": who}
    if m.group("once"):
        doc["once_each_turn"] = True
    if m.group("if"):
        doc["if_able"] = True
    if m.group("this") or m.group("last"):
        doc["until"] = "turn"
    if m.group("last"):
        doc["until_last"] = True
    if m.group("this") and m.group("last"):
        raise NoMatch(m.group(0))
    try:
        found = Able.model_validate(doc)
    except ValidationError as e:
        raise NoMatch(m.group(0)) from e
    name = _ALIASED.get(_key(found))
    return {"can": name} if name else found.dump()


@sentence(r"(?P<all>.+\.)")
def can(m: re.Match[str], read: Reader) -> Any:
    key = CAN.get(m.group("all").lower())
    if key is None:
        raise NoMatch(m.group(0))
    return {"can": key}


@sentence(r"(?P<verb>use|play) this (?P<rest>only .+?)\.")
def only(m: re.Match[str], read: Reader) -> Any:
    found = fixed_phrase(ONLY, m.group("rest"))
    if found is None:
        raise NoMatch(m.group(0))
    doc: Doc = {"only": found[0], "verb": m.group("verb").lower()}
    if found[1] is not None:
        doc["n"] = found[1]
    return doc


@sentence(r"it must have (?:(?P<kind>only|at least) (?P<n>\d+) members?|an even number of members)\.")
def party(m: re.Match[str], read: Reader) -> Any:
    if m.group("kind") is None:
        return {"party_size": "even"}
    return {"party_size": m.group("kind").replace(" ", "_"), "n": int(m.group("n"))}


@sentence(r"characters depleted by this card cannot be restored by their controller's (?P<f>factions's|faction's) "
          r"restore rule\.")
def kept_depleted(m: re.Match[str], read: Reader) -> Any:
    """Characters depleted by this card not restored by their faction's ability: a restriction general
    in its characters."""
    return {"kept_depleted": "characters", **({"printed_factions": True} if m.group("f") == "factions's" else {})}


@sentence(r"play this only in response to a card or ability that picked a character as an extra cost\.")
def in_response_to_pick(m: re.Match[str], read: Reader) -> Any:
    """A card that can be played only in response to a pick paid as an extra cost: a timing of the game."""
    return {"only_in_response_to_pick": "character"}
