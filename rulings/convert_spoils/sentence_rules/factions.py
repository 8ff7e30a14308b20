"""Sentences about a faction: its influence, its resources and what it controls ("Your faction
gains 1 influence.", "Take control of ...")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.amounts import stat_of
from rulings.convert_spoils.grammar import (
    Doc,
    NoMatch,
    Reader,
    icons_of,
    number,
    sentence,
)
from rulings.convert_spoils.nouns import target


@sentence(r"play up to (?P<n>\d+) resources\.")
def play_resources(m: re.Match[str], read: Reader) -> Any:
    return {"play_resource": int(m.group("n")), "up_to": True}


@sentence(r"(?P<who>your|your opponent's|each player's|that card's controller's|it) (?:faction )?(?P<verb>gains|loses) (?P<n>\d+|X|X\+X) influence(?:, where X is (?P<where>.+?))?\.")
def influence(m: re.Match[str], read: Reader) -> Any:
    who = {"your": "you", "your opponent's": "opponent", "each player's": "each", "it": "it",
           "that card's controller's": "that_cards_controller"}[m.group("who").lower()]
    if (who == "it") != (" faction " not in m.group(0)):
        raise NoMatch(m.group(0))
    key = "gain_influence" if m.group("verb").lower() == "gains" else "lose_influence"
    doc = {key: number(m.group("n")), "player": who}
    if m.group("where"):
        doc["where"] = stat_of(m.group("where"))
    return doc


@sentence(r"(?P<this>this turn, )?take control of (?P<t>.+?)\.")
def control(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"gain_control": target(m.group("t"))}
    if m.group("this"):
        doc["until"] = "turn"
    return doc


@sentence(r"your opponent takes control of (?P<t>.+?)\.")
def their_control(m: re.Match[str], read: Reader) -> Any:
    return {"gain_control": target(m.group("t")), "player": "opponent"}


@sentence(r"play a resource\.")
def resource(m: re.Match[str], read: Reader) -> Any:
    return {"play_resource": 1}


@sentence(r"detach (?:(?P<it>it)|(?P<up>up to )?(?P<n>a|\d+|X|all) resources?) from your faction\.")
def detach(m: re.Match[str], read: Reader) -> Any:
    """Resources detached from the faction: a number of them, all, or the one "it" names."""
    if m.group("it"):
        return {"detach": "it"}
    n = m.group("n").lower()
    doc: Doc = {"detach": "all" if n == "all" else number(m.group("n"))}
    if m.group("up"):
        doc["up_to"] = True
    return doc


@sentence(r"this turn, you control an additional (?P<icons>(?:\[[OGEDRV]\])+)\.")
def additional_icons(m: re.Match[str], read: Reader) -> Any:
    """Resource icons controlled this turn on top of the resources: any icons."""
    return {"control_additional": icons_of(m.group("icons"))}
