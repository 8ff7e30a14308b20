"""Sentences about tokens: put on cards, removed, doubled, spent, and Micromajig tokens put into
play."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, number, sentence
from rulings.convert_spoils.nouns import target


# Tried before every other sentence rule (``reading.RULES``): its last line's "... and put it into your hand" is
# not an "and" of the whole sentence.
@sentence(r"you may remove any number of tokens from cards you control\. use the tokens to "
          r"generate the following effects any number of times: (?P<menu>(?:\d+ TOKENS?: .+)+)")
def spend_tokens(m: re.Match[str], read: Reader) -> Any:
    """A menu of effects paid with tokens removed from cards you control: any lines "N TOKENS: effect"."""
    parts = re.split(r"\s*(\d+) TOKENS?: ", " " + m.group("menu"))[1:]
    modes = [{"tokens": int(n), "effects": read.sentences(text.strip())} for n, text in zip(parts[::2], parts[1::2])]
    return {"spend_tokens": modes}


@sentence(r"put up to (?P<n>\d+) tokens(?P<div> divided however you want)? on (?P<t>.+?)\.")
def tokens_up_to(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"tokens": int(m.group("n")), "card": target(m.group("t")), "up_to": True}
    if m.group("div"):
        doc["divided"] = True
    return doc


@sentence(r"(?P<verb>put|remove) (?P<n>a|\d+|X) tokens? (?:on|from) (?P<t>.+?)\.")
def tokens(m: re.Match[str], read: Reader) -> Any:
    n = number(m.group("n"))
    if m.group("verb").lower() == "remove":
        n = -n if isinstance(n, int) else "-X"
    return {"tokens": n, "card": target(m.group("t"))}


@sentence(r"(?P<who>each opponent may )?put (?P<n>a|\d+|X) micromajig tokens?(?: with (?P<with>Covert))? into play"
          r"(?P<under> under (?:your|(?P<their>their)) control)?\.")
def micromajig(m: re.Match[str], read: Reader) -> Any:
    """Micromajig tokens (the game's token card) put into play: by you, or by each opponent who chooses to,
    under their control; any number."""
    if bool(m.group("who")) != bool(m.group("their")):
        raise NoMatch(m.group(0))
    doc: Doc = {"create_token": "micromajig"}
    if number(m.group("n")) != 1:
        doc["count"] = number(m.group("n"))
    if m.group("with"):
        doc["with"] = m.group("with")
    if m.group("who"):
        doc["who"] = "each_opponent"
    elif m.group("under"):
        doc["under"] = "you"
    return doc


@sentence(r"(?P<who>this card|it) (?P<verb>enters|comes into) play with (?:a token|(?P<n>\d+|X) tokens?) on it\.")
def enters_with(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"enters_with_tokens": number(m.group("n") or "1")}
    if m.group("verb").lower() == "comes into":
        doc["comes"] = True
    if m.group("n") == "1":
        doc["numeral"] = True
    if m.group("who").lower() == "it":
        doc["subject"] = "it"
    return doc


@sentence(r"(?:(?P<all>remove all tokens from)|double the number of tokens on) (?P<t>.+?)\.")
def no_tokens(m: re.Match[str], read: Reader) -> Any:
    """All the tokens on a card, removed or doubled (as many again, 409.1): any noun phrase."""
    return {"tokens": "-all" if m.group("all") else "double", "card": target(m.group("t"))}
