"""Sentences that say what X (or Y) is: chosen, picked, stated, or defined by "where X is ..."."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.amounts import stat_of
from rulings.convert_spoils.conditions import condition
from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, cap, ops, sentence
from rulings.convert_spoils.nouns import selector


@sentence(r"if (?P<cond>.+?) X is (?P<a>\d+), otherwise X is (?P<b>\d+)\.")
def x_if(m: re.Match[str], read: Reader) -> Any:
    return {"x_if": condition(m.group("cond")), "then": int(m.group("a")), "else": int(m.group("b"))}


@sentence(r"(?P<who>that player chooses|choose) a number for X(?: that is (?:less than or equal to (?P<le>.+?)|greater than (?P<gt>\d+)|(?P<n>\d+) or less))?\.")
def choose_x(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"choose_x": True, **({"who": "that_player"} if m.group("who").lower() != "choose" else {})}
    if m.group("le"):
        doc["at_most"] = stat_of(m.group("le"))
    elif m.group("gt"):
        doc["greater_than"] = int(m.group("gt"))
    elif m.group("n"):
        doc["at_most"] = int(m.group("n"))
    return doc


@sentence(r"pick a number for X, where X is less than or equal to (?P<stat>.+?)\.")
def pick_x(m: re.Match[str], read: Reader) -> Any:
    """X picked up to a stat of the game ("less than or equal to ..."): any stat the amounts grammar
    reads."""
    return {"pick_x": stat_of(m.group("stat"))}


@sentence(r"(?P<name>X|Y) is (?P<twice>twice )?(?P<v>\d+|.+?)\.")
def x_is(m: re.Match[str], read: Reader) -> Any:
    v = m.group("v")
    doc: Doc = {"x_is": int(v) if v.isdigit() else stat_of(v)}
    if m.group("name") == "Y":
        doc["name"] = "Y"
    if m.group("twice"):
        doc["twice"] = True
    return doc


@sentence(r"(?P<op>.+?), where (?P<name>X|Y) is (?:either (?P<n>\d+) or (?P<stat>.+?), whichever is lower|(?P<where>.+?))\.")
def where_x(m: re.Match[str], read: Reader) -> Any:
    """Any effect whose amount is a number read off the game, named X or Y ("..., where X is the
    number of characters you control"), or the lower of a number and such a number ("..., where X is
    either 3 or ..., whichever is lower")."""
    if m.group("stat"):
        if m.group("name") != "X":
            raise NoMatch(m.group(0))
        return {"x_where": stat_of(m.group("stat")), "lower_of": int(m.group("n")),
                "then": ops(read, m.group("op") + ".")}
    doc: Doc = {"x_where": stat_of(m.group("where"))}
    if m.group("name") == "Y":
        doc["name"] = "Y"
    return {**doc, "then": ops(read, m.group("op") + ".")}


@sentence(r"if it is (?P<kind>an? .+?) then X is (?P<a>\d+), otherwise X is (?P<b>\d+)\.")
def x_if_kind(m: re.Match[str], read: Reader) -> Any:
    """X set by the kind of the card named (one value if it is of the kind, another if not): any kind."""
    return {"x_if_it_is": selector(m.group("kind")), "then": int(m.group("a")), "else": int(m.group("b"))}
