"""Sentences about battles: attacks, their targets, parties and blockers ("Attack your opponent.",
"It must have only 1 member.")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import NoMatch, Reader, cap, sentence
from rulings.convert_spoils.nouns import target


@sentence(r"change the target of your opponent's attack to (?P<t>.+?)\.")
def retarget(m: re.Match[str], read: Reader) -> Any:
    """Changing the target of an attack to any card the noun phrase names: a verb of the game."""
    return {"change_attack_target": target(m.group("t"))}


@sentence(r"attack your opponent\.")
def attack(m: re.Match[str], read: Reader) -> Any:
    """An effect that makes the player attack (any player named): a verb of the game."""
    return {"attack_player": "opponent"}


@sentence(r"the next time (?P<t>the character) is destroyed (?P<how>during this battle|by battle damage this turn), "
          r"(?P<rest>.+)")
def next_time(m: re.Match[str], read: Reader) -> Any:
    how = {"during this battle": "battle", "by battle damage this turn": "battle_damage_turn"}[m.group("how")]
    return {"next_time_destroyed": target(m.group("t")), "how": how,
            "then": read.sentences(cap(m.group("rest")))}


@sentence(r"while this card is in a battle and there is at least one character in the opposing party, it gains X "
          r"(?P<gain>strength|life|speed), where X is this card's (?P<a>speed|strength|life) minus the highest "
          r"(?P<b>speed|strength|life) among characters in the opposing party\.")
def edge(m: re.Match[str], read: Reader) -> Any:
    """One card's wording: a stat bonus while in a battle with an opposing party; kept until "while"
    conditions compose with any stat change."""
    if m.group("a") != m.group("b"):
        raise NoMatch(m.group(0))
    return {"edge_over_opposing": m.group("gain"), "compared": m.group("a")}


@sentence(r"(?P<op>this turn, this card gains .+?) and while it is the only member of an attacking party, only parties "
          r"with at least (?P<n>\d+) members can block it\.")
def alone_blocked(m: re.Match[str], read: Reader) -> Any:
    """One card's wording (a party that attacks alone may be blocked only by parties of at least N): a
    blocking restriction the grammar of "while" conditions does not yet compose."""
    return {"alone_blocked_by_at_least": int(m.group("n")), "also": read.ops(cap(m.group("op")) + ".")}
