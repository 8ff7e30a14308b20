"""Sentences about costs: paid, reduced, taxed ("Pay 2.", "Your opponent must pay 1 to ...")."""
from __future__ import annotations

import re
from typing import Any

from adjudicator.effects.switches import TAXED
from rulings.convert_spoils.amounts import stat_of
from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, number, sentence

COST_OF = {"characters you play": "characters", "items you play": "items", "tactics you play": "tactics",
           "your faction's abilities": "faction_abilities"}
TAXED_ON = {v.format(n="{n}"): k for k, v in TAXED.items()}


@sentence(r"pay (?P<n>\d+|X|X\+X|X\+X\+X|\d+\+X)(?:, where X is (?P<where>.+?))?\.")
def pay(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"pay": number(m.group("n"))}
    if m.group("where"):
        doc["where"] = stat_of(m.group("where"))
    return doc


@sentence(r"reduce the next item's or item's ability's numeric cost you pay this turn by (?P<n>\d+|X)\.")
def reduce_item(m: re.Match[str], read: Reader) -> Any:
    return {"reduce_next_cost": number(m.group("n")), "of": "item_or_ability"}


@sentence(r"reduce the next numeric cost you pay this turn by (?P<n>\d+|X)\.")
def reduce(m: re.Match[str], read: Reader) -> Any:
    return {"reduce_next_cost": number(m.group("n"))}


@sentence(r"reduce the numeric cost of the next card you play this turn by (?P<n>\d+|X)\.")
def reduce_card(m: re.Match[str], read: Reader) -> Any:
    return {"reduce_next_cost": number(m.group("n")), "of": "card"}


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


@sentence(r"pay X, where X is 7 minus the number of \[R\] you control\.")
def seven_minus(m: re.Match[str], read: Reader) -> Any:  # Aroused Stiffbone
    return {"pay": "X", "where": {"stat": "seven_minus_rage"}}
