"""A card's script from its printed text: each block kept when its ability says the block again,
listed in ``not_covered`` when not."""
from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from adjudicator.effects import normalise, text_sha
from adjudicator.effects.language import Ability
from rulings.convert_spoils.blocks import block, blocks
from rulings.convert_spoils.grammar import SAY, Doc, NoMatch

_ABILITY = TypeAdapter(list[Ability])  # type: ignore[valid-type]


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


def script_for(card_type: str | None, text: str | None) -> Doc:
    """A card's script document (``CardScript``'s fields): the converted abilities, and what
    the converter could not read as ``not_covered``."""
    abilities, missed = convert(card_type, text)
    doc: Doc = {"text_sha": text_sha(text), "abilities": abilities}
    if missed:
        doc["not_covered"] = missed
    return doc


def convert_catalog(catalog: Any) -> dict[str, Doc]:
    """Scripts for every Spoils card of ``catalog`` (its text in force today), by name."""
    out: dict[str, Doc] = {}
    for name in catalog.names("spoils"):
        card = catalog.effective("spoils", name)
        out[card.name] = script_for(card.printing.card_type, card.text)
    return out
