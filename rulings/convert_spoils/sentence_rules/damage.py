"""Sentences about damage: inflicted, removed, reduced, redirected, adjusted, divided ("Inflict 2
damage to a character.")."""
from __future__ import annotations

import re
from typing import Any

from adjudicator.effects.switches import REDUCED
from rulings.convert_spoils.amounts import for_each, stat_of
from rulings.convert_spoils.grammar import (
    Doc,
    NoMatch,
    Reader,
    number,
    sentence,
)
from rulings.convert_spoils.nouns import target

REDUCED_BY = {v: k for k, v in REDUCED.items()}


@sentence(r"(?P<by>inflict|this card inflicts) (?P<up>up to )?(?P<n>\d+|X|Y|X\+\d+|the same amount of) (?P<add>additional )?damage(?P<div> divided however (?P<divider>you want|your opponent wants))? to (?P<t>.+?)(?P<each> for each .+?)?(?:, where X is (?P<where>.+?))?\.")
def damage(m: re.Match[str], read: Reader) -> Any:
    """Damage inflicted (408): any amount, any noun phrase; divided however its player or the opponent
    wants (402.1)."""
    doc: Doc = {"damage": number(m.group("n")), "to": target(m.group("t"))}
    if m.group("by").lower() != "inflict":
        doc["by_self"] = True
    if m.group("up"):
        doc["up_to"] = True
    if m.group("div"):
        doc["divided"] = True
        if m.group("divider") != "you want":
            doc["divided_by"] = "opponent"
    if m.group("each"):
        doc["for_each"] = for_each(m.group("each"))
    if m.group("where"):
        doc["where"] = stat_of(m.group("where"))
    if m.group("add"):  # damage added to damage already being inflicted
        doc["additional"] = True
    return doc


@sentence(r"remove (?P<n>\d+|X) damage from (?P<t>.+?)\.")
def heal(m: re.Match[str], read: Reader) -> Any:
    """Removing damage from a card: any amount, any noun phrase."""
    return {"heal": number(m.group("n")), "card": target(m.group("t"))}


@sentence(r"(?P<this>this turn, )?reduce (?P<what>.+?) to (?P<n>\d+)\.")
def reduce_all(m: re.Match[str], read: Reader) -> Any:
    key = REDUCED_BY.get(m.group("what"))
    if key is None:
        raise NoMatch(m.group(0))
    doc: Doc = {"reduce_all_damage": key, "to": int(m.group("n"))}
    if m.group("this"):
        doc["until"] = "turn"
    return doc


@sentence(r"(?:reduce the next damage inflicted to (?P<t>.+?) this turn by (?P<by>\d+)|(?P<this>this turn, )?the next "
          r"(?P<n>\d+|X) damage inflicted to (?P<src>.+?)(?P<late> this turn)? is inflicted to (?P<dst>.+?) instead)\.")
def next_damage(m: re.Match[str], read: Reader) -> Any:
    """A shield on the next damage inflicted to a card this turn (506.3): reduced by N (408.2), or the next N
    (or X) damage moved to another card (410), "this turn" said first or last; any amount, any noun phrases."""
    if m.group("by"):
        return {"next_damage": int(m.group("by")), "to": target(m.group("t"))}
    if bool(m.group("this")) == bool(m.group("late")):
        raise NoMatch(m.group(0))
    doc: Doc = {"next_damage": number(m.group("n")), "to": target(m.group("src")), "instead_to": target(m.group("dst"))}
    if m.group("late"):
        doc["this_turn_first"] = False
    return doc


@sentence(r"(?P<verb>increase|reduce) (?P<what>the amount|it) (?P<how>by|to) (?P<n>\d+)\.")
def adjust(m: re.Match[str], read: Reader) -> Any:
    n = int(m.group("n"))
    if m.group("how").lower() == "to":
        return {"adjust_amount": n, "to": True, **({"it": True} if m.group("what") == "it" else {})}
    if m.group("what") == "it":
        raise NoMatch(m.group(0))
    return {"adjust_amount": n if m.group("verb").lower() == "increase" else -n}
