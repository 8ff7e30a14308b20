"""Sentences that hold other sentences: conditions ("If ..., ..."), results ("If you do, ..."),
options ("You may ..."), "... and ...", "... or ...", "... instead."; each part is read again by
the same reader."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.amounts import stat_of
from rulings.convert_spoils.conditions import condition
from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, cap, ops, sentence
from rulings.convert_spoils.nouns import selector, target


@sentence(r"both players (?P<may>may )?(?P<rest>.+)")
def both(m: re.Match[str], read: Reader) -> Any:
    return {"both_players": read.sentences(cap(m.group("rest"))), **({"optional": True} if m.group("may") else {})}


def _imperative(verb: str) -> str:
    """"reveals" -> "reveal", "pushes" -> "push": the verb said of one player, as an instruction."""
    return verb[:-2] if verb.endswith(("sses", "shes", "ches", "xes")) else verb[:-1] if verb.endswith("s") else verb


@sentence(r"(?P<who>each player|each opponent) (?P<rest>(?!may )\w+s\b.+)\.")
def each(m: re.Match[str], read: Reader) -> Any:
    """What each player (or each opponent of the controller) does, as that player: one verb or a series of
    them sharing the subject ("reveals their hand, chooses ..., and discards ..."), each read as the instruction
    it gives that player; any verbs the reader reads."""
    parts = re.split(r",? and (?=\w+s\b)|, (?=\w+s\b)", m.group("rest"))
    docs: list[Doc] = []
    for part in parts:
        verb, _, tail = part.partition(" ")
        docs.extend(ops(read, f"{_imperative(verb)} {tail}."))
    return {"both_players": docs, "who": "each" if m.group("who").lower() == "each player" else "each_opponent"}


@sentence(r"if (?P<who>they|you) (?P<did>do|don't)(?: and (?P<cond>[^,]+))?, (?P<rest>.+)")
def if_done(m: re.Match[str], read: Reader) -> Any:
    """What follows a choice just offered (a "may", a cost they may pay), by whether the one who
    had it (you, or they) did it, and for "if you do and <condition>" whether a condition of the game
    holds too: any sentences, any condition the conditions grammar reads."""
    did = "do" if m.group("did").lower() == "do" else "dont"
    also = m.group("cond")
    if also and (did != "do" or m.group("who").lower() == "they"):
        raise NoMatch(m.group(0))
    if m.group("who").lower() == "they":
        return {"if_they": did, "then": read.sentences(cap(m.group("rest")))}
    doc: Doc = {f"if_you_{did}": read.sentences(cap(m.group("rest")))}
    if also:
        doc["also_if"] = condition(also)
    return doc


@sentence(r"if (?P<cond>(?!you do\b|you win\b|they do\b|there is a tie\b)[^,]+?)(?:, | (?=you may ))(?P<rest>.+)")
def if_condition(m: re.Match[str], read: Reader) -> Any:
    """A condition on the game and what it allows or does (its comma may be missing before "you may")."""
    return {"if": condition(m.group("cond")), "then": read.sentences(cap(m.group("rest")))}


@sentence(r"otherwise, (?P<rest>.+)")
def otherwise(m: re.Match[str], read: Reader) -> Any:
    return {"otherwise": read.sentences(cap(m.group("rest")))}


@sentence(r"(?P<who>your opponent|that player|their opponent) may (?P<rest>.+)")
def they_may(m: re.Match[str], read: Reader) -> Any:
    who = {"your opponent": "opponent", "that player": "that_player", "their opponent": "their_opponent"}
    return {"may": read.sentences(cap(m.group("rest"))), "who": who[m.group("who").lower()]}


@sentence(r"(?P<op>.+?) if (?P<cond>it has .+?)(?:, where X is (?P<where>.+?))?\.")
def provided(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"provided": condition(m.group("cond")), "then": read.ops(cap(m.group("op")) + ".")}
    if m.group("where"):
        doc["where"] = stat_of(m.group("where"))
    return doc


@sentence(r"you may (?P<rest>.+)")
def may(m: re.Match[str], read: Reader) -> Any:
    return {"may": read.sentences(cap(m.group("rest")))}


@sentence(r"(?P<a>.+?) and (?P<b>(?:draw|inflict|destroy|deplete|restore|remove|put|pay|discard|reveal|search|look|play|shuffle|detach|flip|attach|your faction|your opponent's faction|their opponent may|Y is) .+)")
def conjunction(m: re.Match[str], read: Reader) -> Any:
    return {"and": read.ops(cap(m.group("a")) + ".") + read.ops(cap(m.group("b")))}


@sentence(r"(?P<a>.+?) or (?P<b>(?:draw|inflict|destroy|deplete|restore|remove|put|pay|discard|reveal|play) .+)")
def alternative(m: re.Match[str], read: Reader) -> Any:
    return {"or": read.ops(cap(m.group("a")) + ".") + read.ops(cap(m.group("b")))}


@sentence(r"they (?P<rest>(?:destroy|discard|deplete|draw) .+)")
def by_them(m: re.Match[str], read: Reader) -> Any:
    """Operations carried out by the opponent just named ("They destroy ..."): any of the listed verbs."""
    return {"by_them": ops(read, m.group("rest"))}


@sentence(r"(?:if (?P<t>it|the discarded card|this card) is (?P<kind>an? [^,]+), (?P<rest>.+)"
          r"|(?P<op>.+?) if (?P<t2>it|the character) is (?P<kind2>an? .+?)\.)")
def if_kind(m: re.Match[str], read: Reader) -> Any:
    """What a card's kind (a type, a subtype, a faction's card) decides, the condition said first ("If it
    is a character, ...") or last ("... if it is a "kaiser" character."): the card named, or this card;
    any kind the noun grammar reads."""
    if m.group("op"):
        return {"if_it_is": selector(m.group("kind2")), "subject": target(m.group("t2")),
                "then": ops(read, m.group("op") + ".")}
    return {"if_it_is": selector(m.group("kind")), "subject": target(m.group("t")), "leading": True,
            "then": read.sentences(cap(m.group("rest")))}


@sentence(r"(?P<pre>.+) another one of the (?P<post>\w+s\b.*)")
def among(m: re.Match[str], read: Reader) -> Any:
    """"... another one of the characters": one of the cards picked, as its own operation (the
    selector alone would name every such card in play)."""
    docs = [dict(d) for d in ops(read, f"{m.group('pre')} the {m.group('post')}")]
    chosen = [v for d in docs for v in d.values() if isinstance(v, dict) and v.get("quantity") == "the"]
    if len(chosen) != 1:
        raise NoMatch(m.group(0))
    chosen[0]["quantity"] = "another_one"
    return {"among_picked": docs}


@sentence(r"(?P<a>.+?) and (?P<b>reduce .+|your opponent takes .+|can block Covert parties\.)")
def and_reduce(m: re.Match[str], read: Reader) -> Any:
    return {"and": ops(read, m.group("a") + ".") + ops(read, m.group("b"))}


@sentence(r"(?P<rest>.+) instead\.")
def instead(m: re.Match[str], read: Reader) -> Any:
    return {"instead": ops(read, m.group("rest") + ".")}
