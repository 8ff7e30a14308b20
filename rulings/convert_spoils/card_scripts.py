"""A card's script from its printed text: each block kept when its ability says the block again,
listed in ``not_covered`` when not."""
from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from adjudicator.effects import normalise, text_sha
from adjudicator.effects.base import language_adapter
from adjudicator.effects.language import Ability
from rulings.convert_spoils.blocks import block, blocks
from rulings.convert_spoils.grammar import SAY, Doc, NoMatch

_ABILITY = language_adapter(list[Ability])  # type: ignore[valid-type]


def convert(card_type: str | None, text: str | None) -> tuple[list[Doc], list[str]]:
    """The abilities a printed text converts to, and the printed lines it could not read."""
    tactic = (card_type or "").lower() == "tactic"
    abilities: list[Doc] = []
    missed: list[str] = []
    for lines in blocks(text or ""):
        try:
            doc = block(lines, tactic)
            [ability] = _ABILITY.validate_python([doc])
        except (NoMatch, ValidationError):
            missed.append(" ".join(lines))
            continue
        if normalise(ability.words(SAY)) == normalise(" ".join(lines)):
            abilities.append(doc)
        else:
            missed.append(" ".join(lines))
    return abilities, missed


def script_for(card_type: str | None, text: str | None, name: str | None = None) -> Doc:
    """A card's script document (``CardScript``'s fields): the converted abilities, and what
    the converter could not read as ``not_covered``.  A card that calls itself otherwise than
    "this card" (by its name, or "this character", "this item" ...; one way throughout) is read with
    "this card" in that place, and its script keeps the word it prints as ``self_name``, so it says
    it back."""
    abilities, missed = convert(card_type, text)
    doc: Doc = {"text_sha": text_sha(text), "abilities": abilities}
    for self_name in self_names(card_type, name, text) if "this card" not in (text or "").lower() else ():
        said = calling_itself_this_card(text or "", self_name)
        if said == text:
            continue
        more, fewer = convert(card_type, said)
        if more and len(fewer) <= len(missed):  # "this location" read as the card itself, not as a reference
            abilities, missed = more, fewer
            doc = {"text_sha": text_sha(text), "self_name": self_name, "abilities": abilities}
            break
    if missed:
        doc["not_covered"] = missed
    return doc


def self_names(card_type: str | None, name: str | None, text: str | None) -> list[str]:
    """The words ``text`` may use for the card itself besides "this card": its name, the part of
    its name before a comma ("Hextilda" for "Hextilda, the Exiled Crone"), "this <its type>"."""
    found = []
    for said in (name, (name or "").split(",")[0].strip(), f"this {(card_type or '').lower()}" if card_type else None):
        if said and len(said) > 2 and said not in found and re.search(rf"(?<!\w){re.escape(said)}(?!\w)", text or "", re.I):
            found.append(said)
    return found


def calling_itself_this_card(text: str, self_name: str) -> str:
    """``text`` with ``self_name`` said as "this card" ("This card" where a sentence begins); the
    name a UNIQUE line gives and a name in quotes ("a card named \"...\"") stay: they name the card,
    they do not refer to it."""
    said = re.sub(rf"(?<![\w\"“])(?<!UNIQUE ){re.escape(self_name)}(?![\w\"”])", "this card", text, flags=re.I)
    return re.sub(r"(^|[.!?:]\s+|\n\s*)this card", lambda m: m.group(1) + "This card", said)


def convert_catalog(catalog: Any) -> dict[str, Doc]:
    """Scripts for every Spoils card of ``catalog`` (its text in force today), by name."""
    out: dict[str, Doc] = {}
    for name in catalog.names("spoils"):
        card = catalog.effective("spoils", name)
        out[card.name] = script_for(card.printing.card_type, card.text, card.name)
    return out
