"""Sentences about abilities and tactics: terminated, used, duplicated, repeated ("Terminate
the ability.", "Do the same.")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Reader, sentence
from rulings.convert_spoils.nouns import target


@sentence(r"terminate the ability\.")
def terminate(m: re.Match[str], read: Reader) -> Any:
    return {"terminate": "previous"}


@sentence(r"duplicate (?P<t>.+?)\.")
def duplicate(m: re.Match[str], read: Reader) -> Any:
    if m.group("t").lower() == "the last tactic played this turn":
        return {"duplicate": "last_tactic"}
    return {"duplicate": target(m.group("t"))}


@sentence(r"use (?:an ability|one of (?P<t>the card)'s abilities)\.")
def use_ability(m: re.Match[str], read: Reader) -> Any:
    """Using an ability as an effect (any the player may use, or one of the named card's; paid as usual):
    a verb of the game."""
    return {"use_ability": m.group("t").lower() if m.group("t") else True}


@sentence(r"terminate (?P<t>.+?)\.")
def terminate_it(m: re.Match[str], read: Reader) -> Any:
    return {"terminate": target(m.group("t"))}


@sentence(r"do the same\.")
def same(m: re.Match[str], read: Reader) -> Any:
    """"Do the same.": the action just described, done again by the player now named; general."""
    return {"do_the_same": True}


@sentence(r"terminate (?P<t>.+?), but put it into its owner's hand instead of their discard pile\.")
def terminate_to_hand(m: re.Match[str], read: Reader) -> Any:
    """An ability ended with its card sent to another zone than the discard pile; general in its target."""
    return {"terminate_to_hand": target(m.group("t"))}


@sentence(r"the effect happens twice instead of once\.")
def effect_twice(m: re.Match[str], read: Reader) -> Any:
    """A replacement that doubles what an effect does (any effect, any card): general."""
    return {"effect_twice": True}
