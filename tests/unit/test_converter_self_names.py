"""A card of a set the project has never seen may call itself by its name ("When Hextilda enters
play, ...") or by its type ("this character") where the pool says "this card".  The converter reads
such a text as it reads "this card" and keeps the printed words as the script's ``self_name``, so the
script says the card back and the engine runs the same abilities (the self reference is ``self``
either way).  Checked on every card of the pool that says "this card", renamed."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.effects.language import CardScript
from rulings.cards import CardCatalog
from rulings.convert_spoils.card_scripts import script_for
from rulings.importers import import_octgn_sets
from rulings.scripts import automation

SETS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn" / "sets"
NEW_NAME = "Quorble Vantaxis, the Unprinted"


def _cards() -> list[tuple[str, str, str]]:
    if not SETS.is_dir():
        return []
    catalog = CardCatalog()
    import_octgn_sets(sorted(SETS.glob("*.xml")), catalog)
    out = []
    for name in catalog.names("spoils"):
        card = catalog.effective("spoils", name)
        text, kind = card.text or "", card.printing.card_type or ""
        if "this card" in text.lower() and not script_for(kind, text, card.name).get("not_covered"):
            out.append((card.name, kind, text))
    return out


CARDS = _cards()


def _renamed(text: str, said: str) -> str:
    return text.replace("this card", said).replace("This card", said[:1].upper() + said[1:])


@pytest.mark.skipif(not CARDS, reason=f"no Spoils set files at {SETS}")
@pytest.mark.parametrize("said", [NEW_NAME, "Quorble Vantaxis", "this {kind}"])
def test_a_card_calling_itself_otherwise_converts_to_the_same_abilities(said):
    same, differ = 0, []
    for name, kind, text in CARDS:
        self_word = said.format(kind=kind.lower())
        if self_word.lower() in text.lower():
            continue  # the card already says it (of another card, or beside "this card")
        printed = _renamed(text, self_word)
        original = script_for(kind, text, name)
        doc = script_for(kind, printed, NEW_NAME)
        if doc.get("abilities") == original["abilities"] and not doc.get("not_covered"):
            assert doc["self_name"].lower() == self_word.lower()
            same += 1
        else:
            differ.append(name)
    assert len(CARDS) > 400
    assert differ == [], f"{len(differ)} of {len(CARDS)} read otherwise: {json.dumps(differ[:10])}"
    assert same > 400


@pytest.mark.skipif(not CARDS, reason=f"no Spoils set files at {SETS}")
def test_the_renamed_script_says_the_printed_text_back():
    """The script of a renamed card renders back to its printed words (the automation level a judge
    sees is "full" on the words), with the name where the card prints its name."""
    name, kind, text = CARDS[0]
    printed = _renamed(text, NEW_NAME)
    script = CardScript.model_validate(script_for(kind, printed, NEW_NAME))
    auto = automation("spoils", NEW_NAME, printed, script)
    assert auto.level == "full", auto.not_covered
    assert NEW_NAME in auto.rendered
