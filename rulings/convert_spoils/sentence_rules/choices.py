"""Sentences of choice: cards picked or chosen, card types and names named, ties broken ("Pick a
character.", "Name a card.")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.amounts import stat_of
from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, number, sentence
from rulings.convert_spoils.nouns import selector, target


@sentence(r"(?P<may>you may )?pick (?P<t>.+?)(?P<can> if you can)?(?:, where X is (?P<where>.+?))?\.")
def pick(m: re.Match[str], read: Reader) -> Any:
    found = target(m.group("t"))
    if not isinstance(found, dict):
        raise NoMatch(m.group(0))
    doc = {"pick": found, **({"optional": True} if m.group("may") else {})}
    if m.group("can"):
        doc["if_you_can"] = True
    if m.group("where"):
        doc["where"] = stat_of(m.group("where"))
    return doc


@sentence(r"if there is a tie, you decide which character (?P<what>is destroyed|gets the token|is affected)\.")
def tie(m: re.Match[str], read: Reader) -> Any:
    return {"tie_break": m.group("what").lower()}


@sentence(r"your opponent picks (?P<t>.+?)(?P<can> if they can)?\.")
def they_pick(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"they_pick": selector(m.group("t"))}
    if m.group("can"):
        doc["if_they_can"] = True
    return doc


@sentence(r"choose a card type\.")
def card_type(m: re.Match[str], read: Reader) -> Any:
    return {"choose_card_type": True}


@sentence(r"name a (?P<kind>card|non-resource card|card subtype)\.")
def name_card(m: re.Match[str], read: Reader) -> Any:
    kind = m.group("kind").lower()
    return {"name_a_card": True, **({"kind": kind} if kind != "card" else {})}


@sentence(r"choose (?P<t>.+?)(?P<among> among them)?(?P<rev> and reveal it)?\.")
def choose_card(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"choose_card": selector(m.group("t"))}
    if m.group("among"):
        doc["among_them"] = True
    if m.group("rev"):
        doc["and_reveal"] = True
    return doc


@sentence(r"your opponent chooses (?P<n>\d+|X) of those cards\.")
def they_choose_of(m: re.Match[str], read: Reader) -> Any:
    """The opponent chooses N of the cards just named: a choice given to another player, general in N."""
    return {"opponent_chooses_of": number(m.group("n"))}


@sentence(r"choose a card of each (?P<kind>(?:non-\w+ )?)type (?P<where>you control|they control|in it|in your hand)\.")
def of_each_type(m: re.Match[str], read: Reader) -> Any:
    """One card of each type among cards a selector describes: of a kind ("non-resource"), whose ("you control",
    "they control" for a player a sentence names), where (in play, a hand, "in it": the hand just revealed)."""
    where = m.group("where").lower()
    kind = f"{m.group('kind')}card".lower()
    doc: Doc = {"cards": kind}
    if where.endswith("control"):
        doc["controller"] = "you" if where.startswith("you") else "they"
    else:
        doc["zone"] = "hand"
    return {"choose_of_each_type": doc, **({"in_it": True} if where == "in it" else {})}


@sentence(r"pick another character that can be picked by that card or ability\.")
def pick_instead(m: re.Match[str], read: Reader) -> Any:
    """A new pick for a card or ability already picking (604.2): general in what is picked."""
    return {"pick_instead": "character"}


@sentence(r"when the card or ability resolves, its effect happens as though your opponent had picked the other "
          r"character instead\.")
def as_though_picked(m: re.Match[str], read: Reader) -> Any:
    """A pick redirected: the effect resolves as though the other card had been picked (rule 604.2);
    general in the card named."""
    return {"as_though_picked": "character"}
