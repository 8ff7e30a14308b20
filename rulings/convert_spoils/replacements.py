"""Replacement paragraphs: "If this card is destroyed, put it into its owner's hand instead." and
their kin (another card, another way of leaving play, "you may ...", "if there are no tokens on
it")."""
from __future__ import annotations

import re

from adjudicator.effects.abilities import INSTEAD
from rulings.convert_spoils.grammar import Doc
from rulings.convert_spoils.nouns import cards

REPLACED = {v.format(self="this card"): k for k, v in INSTEAD.items()}
_REPLACEMENT = re.compile(r"^If (?P<who>this card|a character|the attached character) is (?P<way>destroyed|put into its owner's hand|removed from the game|put into a discard pile from play|put into your discard pile|put into a player's hand), "
                          r"(?P<do>.+) instead\.$", re.I)
WAYS = {"destroyed": "destroy", "put into its owner's hand": "hand", "removed from the game": "removed",
        "put into a discard pile from play": "discard_from_play", "put into your discard pile": "your_discard",
        "put into a player's hand": "a_players_hand"}


def replacement(text: str) -> Doc | None:
    """The replacement ``text`` prints, as a document; None when it is not one."""
    m = re.match(r"^If there are no tokens on this card and it's destroyed, (?P<do>.+) instead\.$", text)
    if m and m.group("do").lower() in REPLACED:
        return {"instead_of": "destroy", "do": REPLACED[m.group("do").lower()], "if_no_tokens": True}
    m = _REPLACEMENT.match(text)
    optional = bool(m and m.group("do").lower().startswith("you may "))
    if optional:
        m = _REPLACEMENT.match(text.replace(", you may ", ", ", 1))
    if m and m.group("do").lower() in REPLACED:
        doc = {"instead_of": WAYS[m.group("way").lower()], "do": REPLACED[m.group("do").lower()]}
        if m.group("who").lower() != "this card":
            doc["applies_to"] = cards(m.group("who"))
        if optional:
            doc["optional"] = True
        return doc
    return None
