"""Sentences about costs: paid, reduced, taxed ("Pay 2.", "Your opponent must pay 1 to ...")."""
from __future__ import annotations

import re
from typing import Any

from adjudicator.effects.costs import NEXT_COST_OF
from adjudicator.effects.switches import TAXED
from rulings.convert_spoils.amounts import stat_of
from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, number, sentence

COST_OF = {"characters you play": "characters", "items you play": "items", "tactics you play": "tactics",
           "your faction's abilities": "faction_abilities"}
NEXT_COST_OF_READ = {v: k for k, v in NEXT_COST_OF.items()}
TAXED_ON = {v.format(n="{n}"): k for k, v in TAXED.items()}


@sentence(r"pay (?P<n>\d+|X|X\+X|X\+X\+X|\d+\+X)(?:, where X is (?P<where>.+?))?\.")
def pay(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"pay": number(m.group("n"))}
    if m.group("where"):
        doc["where"] = stat_of(m.group("where"))
    return doc


@sentence(r"reduce (?P<what>.+?) this turn by (?P<n>\d+|X)\.")
def reduce_next(m: re.Match[str], read: Reader) -> Any:
    """A one-time reduction of the next cost paid this turn, of whatever the language's table of
    what it applies to names (``NEXT_COST_OF``: any cost, a card played, an item or its ability)."""
    of = NEXT_COST_OF_READ.get(m.group("what").lower())
    if of is None:
        raise NoMatch(m.group(0))
    doc: Doc = {"reduce_next_cost": number(m.group("n"))}
    if of != "cost":
        doc["of"] = of
    return doc


@sentence(r"(?:(?P<active>reduce) )?the numeric cost of (?P<of>.+?) (?:is reduced )?by (?P<n>\d+)(?:, to a minimum of (?P<min>\d+))?\.")
def reduce_cost(m: re.Match[str], read: Reader) -> Any:
    of = COST_OF.get(m.group("of").lower())
    if of is None:
        raise NoMatch(m.group(0))
    doc: Doc = {"reduce_cost": int(m.group("n")), "of": of}
    if m.group("min"):
        doc["minimum"] = int(m.group("min"))
    if not m.group("active"):
        doc["passive"] = True
    return doc


@sentence(r"(?P<who>your opponent|the attached character's controller|players) must pay (?P<n>\d+) to (?P<act>.+?)\.")
def tax(m: re.Match[str], read: Reader) -> Any:
    key = TAXED_ON.get(f"{m.group('who').lower()} must pay {{n}} to {m.group('act').lower()}")
    if key is None:
        raise NoMatch(m.group(0))
    return {"tax": int(m.group("n")), "on": key}
