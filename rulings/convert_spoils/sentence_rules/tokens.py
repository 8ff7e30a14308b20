"""Sentences about tokens: put on cards, removed, doubled, spent, and Micromajig tokens put into
play."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, number, sentence
from rulings.convert_spoils.nouns import target


LINE_HEAD = r"(?:AT LEAST )?\d+ TOKENS?"
"""How a token menu's line opens: "2 TOKENS", "1 TOKEN", "AT LEAST 3 TOKENS" (then a colon)."""


def token_lines(menu: str, read: Reader) -> list[Doc]:
    """The lines of a token menu ("0 TOKENS: ... AT LEAST 3 TOKENS: ..."): how many tokens, exactly or at
    least, and the sentences each line holds."""
    parts = re.split(rf"\s*({LINE_HEAD}): ", " " + menu)[1:]
    return [{"tokens": int(re.findall(r"\d+", n)[0]), **({"at_least": True} if n.upper().startswith("AT LEAST") else {}),
             "effects": read.sentences(text.strip())} for n, text in zip(parts[::2], parts[1::2])]


# Tried before every other sentence rule (``reading.RULES``): its lines hold sentences of their own (the last
# line's "... and put it into your hand" is not an "and" of the whole sentence).  Two alternatives, each anchored
# where the reader matches (at the start) and ending with the text.
@sentence(r"you may remove any number of tokens from cards you control\. use the tokens to "
          r"generate the following effects any number of times: (?P<paid>(?:\d+ TOKENS?: .+)+)"
          rf"|generate the effect which corresponds to the (?P<new>new )?number of tokens on (?P<t>[^:]+?): "
          rf"(?P<counted>{LINE_HEAD}: .+)")
def token_menu(m: re.Match[str], read: Reader) -> Any:
    """A menu of token lines "N TOKENS: <effects>" (409.1): paid with tokens removed from cards you control, each
    line any number of times; or chosen by the number of tokens on a card ("Generate the effect which corresponds
    to the (new) number of tokens on <card>:", lines exactly N or AT LEAST N, the one matching the count
    happening). Any lines, any effects, any card the noun grammar names."""
    if m.group("paid"):
        return {"spend_tokens": token_lines(m.group("paid"), read)}
    doc: Doc = {"by_tokens_on": target(m.group("t")), "lines": token_lines(m.group("counted"), read)}
    if m.group("new"):
        doc["new"] = True
    return doc


@sentence(r"put up to (?P<n>\d+) tokens(?P<div> divided however you want)? on (?P<t>.+?)\.")
def tokens_up_to(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"tokens": int(m.group("n")), "card": target(m.group("t")), "up_to": True}
    if m.group("div"):
        doc["divided"] = True
    return doc


@sentence(r"(?P<verb>put|remove|add or remove) (?P<n>a|\d+|X) tokens? (?:on|from) (?P<t>.+?)\.")
def tokens(m: re.Match[str], read: Reader) -> Any:
    """Tokens put on or removed from a card, or either as the player chooses ("add or remove", 409.1)."""
    n = number(m.group("n"))
    if m.group("verb").lower() == "add or remove":
        return {"tokens": n, "card": target(m.group("t")), "either": True}
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
