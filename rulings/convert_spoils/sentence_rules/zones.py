"""Sentences that move cards between play, hands, decks, discard piles and out of the game
(destroyed, depleted, restored, removed, returned, put)."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, ops, sentence
from rulings.convert_spoils.nouns import target

SIMPLE_MOVES = {"destroy": "destroy", "deplete": "deplete", "restore": "restore"}


@sentence(r"(?P<verb>destroy|deplete|restore) (?P<t>.+?)(?P<can> if you can)?\.")
def simple(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {SIMPLE_MOVES[m.group("verb").lower()]: target(m.group("t"))}
    if m.group("can"):
        doc["if_you_can"] = True
    return doc


@sentence(r"remove (?P<t>.+?) from the (?P<where>game|battle)(?P<fd> face-down)?\.")
def remove(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {f"remove_from_{m.group('where').lower()}": target(m.group("t"))}
    if m.group("fd"):
        if m.group("where").lower() != "game":
            raise NoMatch(m.group(0))
        doc["face_down"] = True
    return doc


@sentence(r"put (?P<t>.+?) into its owner's hand(?P<can> if you can)?\.")
def to_hand(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"return_to_hand": target(m.group("t"))}
    if m.group("can"):
        doc["if_you_can"] = True
    return doc


@sentence(r"(?P<by>put|your opponent puts) (?P<t>.+?) (?P<place>into|on top of|on the top of|on the bottom of) (?P<whose>your|its owner's|your opponent's|its controller's|their) (?P<zone>hand|deck|discard pile)(?P<order> in any order)?(?P<all>, or (?:their|your) entire (?:hand|deck|discard pile) if (?:they|you) have less than \w+ cards in it)?(?P<can> if you can| if they can)?\.")
def put(m: re.Match[str], read: Reader) -> Any:
    place = {("into", "hand"): "hand", ("into", "discard pile"): "discard", ("into", "deck"): "deck",
             ("on top of", "deck"): "deck_top", ("on the bottom of", "deck"): "deck_bottom",
             ("on the top of", "deck"): "the_top_of_deck"}.get(
        (m.group("place").lower(), m.group("zone").lower()))
    if place is None:
        raise NoMatch(m.group(0))
    whose = {"your": "you", "its owner's": "owner", "your opponent's": "opponent", "its controller's": "controller",
             "their": "their"}
    if m.group("whose").lower() not in whose:
        raise NoMatch(m.group(0))
    doc: Doc = {"put": target(m.group("t")), "to": place, "whose": whose[m.group("whose").lower()]}
    if m.group("by").lower() != "put":
        doc["by"] = "opponent"
    if m.group("can"):
        doc["if_can"] = True
    if m.group("order"):
        doc["any_order"] = True
    if m.group("all"):  # said back from the count and the zone: a reading that says it otherwise is not kept
        doc["or_all_if_fewer"] = True
    return doc


@sentence(r"put (?P<t>.+?) on the bottom\.")
def bottom(m: re.Match[str], read: Reader) -> Any:
    return {"put": target(m.group("t")), "to": "bottom"}


@sentence(r"(?P<verb>remove) (?P<a>an? \w+) or (?P<b>\d+ \w+s) (?P<rest>in your discard pile from the game)\.")
def or_shared(m: re.Match[str], read: Reader) -> Any:
    """Two alternatives sharing the rest of a sentence ("remove an item or 2 cards in your discard pile
    ..."): any two noun phrases."""
    options = [ops(read, f"{m.group('verb')} {m.group(k)} {m.group('rest')}.") for k in ("a", "b")]
    if any(len(o) != 1 for o in options):
        raise NoMatch(m.group(0))
    return {"or_shared": [o[0] for o in options]}
