"""Sentences that put cards into play, play, attach or flip them ("Put a character from your
discard pile into play.", "Play a tactic for free.")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, cap, sentence
from rulings.convert_spoils.nouns import selector, target


@sentence(r"put (?P<t>.+?) into play(?P<rf> as a face-down resource(?= under your control))?(?: under (?P<under>your|its owner's|your opponent's) control)?(?P<fd> as a face-down resource| face-down| as a member of the attacking party| as a member of the blocking party)?(?: attached to (?:(?P<att>this card)|(?P<to>.+?)))?\.")
def into_play(m: re.Match[str], read: Reader) -> Any:
    """A card put into play: under whose control, face-down, as a resource (said before or after the
    control), as a member of a party, attached to this card or another; any noun phrase."""
    doc: Doc = {"put_into_play": target(m.group("t"))}
    if m.group("under"):
        doc["under"] = {"your": "you", "its owner's": "owner", "your opponent's": "opponent"}[m.group("under").lower()]
    fd = (m.group("fd") or m.group("rf") or "").strip()
    if m.group("rf") and m.group("fd"):
        raise NoMatch(m.group(0))
    if fd:
        doc["as_resource" if "resource" in fd else "as_attacker" if "attacking party" in fd else
            "as_blocker" if "party" in fd else "face_down"] = True
    if m.group("rf"):
        doc["resource_first"] = True
    if m.group("att"):
        doc["attached_to_self"] = True
    elif m.group("to"):
        doc["attached_to"] = target(m.group("to"))
    return doc


@sentence(r"flip (?P<t>.+?) face-(?P<face>down|up) under (?P<under>its owner's|your) control\.")
def flip(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"flip": target(m.group("t"))}
    if m.group("face").lower() != "down":
        doc["face"] = "up"
    if m.group("under").lower() == "your":
        doc["under"] = "you"
    return doc


@sentence(r"attach (?P<t>.+?) to (?P<to>.+?)\.")
def attach(m: re.Match[str], read: Reader) -> Any:
    return {"attach": target(m.group("t")), "to": target(m.group("to"))}


@sentence(r"when this card enters play (?P<rest>.+)")
def when_it_enters(m: re.Match[str], read: Reader) -> Any:
    return {"when_it_enters_play": read.ops(cap(m.group("rest")))}


@sentence(r"put (?P<what>this card|that tactic) into play under its owner's control as a face-down resource instead of into (?P<whose>their|its owner's) discard pile\.")
def as_resource(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"resolve_as_resource": True}
    if m.group("what").lower() == "that tactic":
        doc["what"] = "that tactic"
    if m.group("whose").lower() != "their":
        doc["whose"] = "its owner's"
    return doc


@sentence(r"(?P<t>.+?) enters play under your control\.")
def enters_under_you(m: re.Match[str], read: Reader) -> Any:
    return {"enters_under_you": target(m.group("t"))}


@sentence(r"play (?P<t>.+?)(?:(?P<free> for free)| for (?P<n>\d+))?\.")
def play_card(m: re.Match[str], read: Reader) -> Any:
    """A card played by an effect: for free, for a stated numeric cost, or paid as usual; any noun phrase."""
    doc: Doc = {"play_card": target(m.group("t"))}
    if m.group("free"):
        doc["free"] = True
    if m.group("n"):
        doc["cost"] = int(m.group("n"))
    return doc


@sentence(r"play (?P<t>.+?)(?P<free> for free)? with total numeric cost X or less\.")
def total_cost(m: re.Match[str], read: Reader) -> Any:
    """Cards played with a total numeric cost of X or less: any noun phrase, free or paid."""
    return {"play_total": selector(m.group("t")), **({"free": True} if m.group("free") else {})}
