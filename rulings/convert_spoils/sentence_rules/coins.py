"""Sentences about coin flips and what winning or losing them does ("Flip a coin.", "If you win,
...")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Reader, cap, sentence


@sentence(r"flip a coin\.")
def coin(m: re.Match[str], read: Reader) -> Any:
    return {"flip_coin": True}


@sentence(r"if you lose, (?P<rest>.+)")
def lose(m: re.Match[str], read: Reader) -> Any:
    return {"if_you_lose": read.sentences(cap(m.group("rest")))}


@sentence(r"if you win, (?P<rest>.+)")
def win(m: re.Match[str], read: Reader) -> Any:
    return {"if_you_win": read.sentences(cap(m.group("rest")))}


@sentence(r"if you win X, is (?P<n>\d+)\.")
def win_x(m: re.Match[str], read: Reader) -> Any:  # Card Counter prints the comma after the X
    return {"if_you_win": [{"x_is": int(m.group("n"))}]}


@sentence(r"reflip that coin\.")
def reflip(m: re.Match[str], read: Reader) -> Any:
    return {"reflip_coin": True}
