"""Sentences about battles: attacks, their targets, parties and blockers ("Attack your opponent.",
"It must have only 1 member.", "Only parties with at least 3 members can block it.")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Reader, cap, sentence
from rulings.convert_spoils.nouns import target
from rulings.convert_spoils.sentence_rules.durations import timed


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


@sentence(r"(?P<this>this turn, )?only parties with at least (?P<n>\d+) members can block (?P<t>.+?)(?P<last> this turn)?\.")
def only_parties_block(m: re.Match[str], read: Reader) -> Any:
    """A restriction on the size of a party that can block a card (608.1d): any number of members, any card the
    noun grammar names, for as long as the sentence says."""
    return timed({"only_parties_block": target(m.group("t")), "at_least": int(m.group("n"))}, m)
