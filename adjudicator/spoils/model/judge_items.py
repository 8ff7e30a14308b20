"""What the engine leaves to the judge, listed in the state until a ruling answers it (issue 24).

A card whose script the engine enforces only in part (sentences the converter could not read, nodes no
handler enforces) acts as far as the engine goes; the rest is the judge's (``spoils.engine.script-judge``).
When such a card acts (played, its ability used, a trigger of it resolving) each sentence left over is
listed in the state's ``for_the_judge``, once per card, until a judge's ruling on that rule answers it.
An item does not stop the game: the players go on, the item stays listed.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

SCRIPT_JUDGE = "spoils.engine.script-judge"
"""The rule a card's part the engine does not enforce falls under: the judge rules on it."""


class JudgeItem(BaseModel):
    """One sentence a card left to the judge: the card's id and name, the sentence, the rule; ``id`` to cite."""

    model_config = ConfigDict(extra="forbid")

    id: str
    who: Literal["judge"] = "judge"
    card_id: str | None = None
    name: str
    sentence: str
    rule: str = SCRIPT_JUDGE


def item_id(card_id: str | None, name: str, n: int) -> str:
    """An item's id: the card (its id, or its name when it has none) and the sentence's place (from 1) in what
    the card leaves to the judge."""
    return f"{card_id or name}.{n}"


def asked(items: list[JudgeItem], card_id: str | None, name: str, sentences: list[str], rule: str) -> None:
    """Lists each of ``sentences`` of the card for the judge, unless it is already waiting for a ruling."""
    for n, sentence in enumerate(sentences, start=1):
        item = JudgeItem(id=item_id(card_id, name, n), card_id=card_id, name=name, sentence=sentence, rule=rule)
        if not any((i.card_id, i.name, i.sentence) == (card_id, name, sentence) or i.id == item.id for i in items):
            items.append(item)


def answered(items: list[JudgeItem], ruling: dict[str, Any]) -> list[JudgeItem]:
    """The items a judge's ruling (``RulingRecorded`` data) leaves waiting.  A ruling answers items of its
    rule only: those it cites by id; when it cites none, every item of the card it names (an id or a name),
    or every item when it names no card."""
    mine = [i for i in items if i.rule == ruling.get("rule")]
    cited = {i.id for i in mine} & set(ruling.get("cites") or [])
    card = ruling.get("card")
    if cited:
        gone = [i for i in mine if i.id in cited]
    elif card is None:
        gone = mine
    else:
        gone = [i for i in mine if card in (i.card_id, i.name) or str(card).lower() == i.name.lower()]
    return [i for i in items if i.id not in {g.id for g in gone}]
