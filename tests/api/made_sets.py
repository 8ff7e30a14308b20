"""A made-up OCTGN set of The Spoils written to a file and imported with ``adjudicator cards import`` (the
tests of texts no printed card has: ``test_composed_triggers``, ``test_composed_permissions_enforced``).
Each card is ``name -> (type, trade, threshold, cost, (strength, life, speed) or None, text)``."""
from __future__ import annotations

import uuid
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterator

from click.testing import CliRunner

from api import create_app
from api.cli import main

SPOILS_GAME_ID = "844d5fe3-bdb5-4ad2-ba83-88c2c2db6d88"
Made = tuple[str, str, str, str, "tuple[int, int, int] | None", str]


def _card(name: str, kind: str, trade: str, threshold: str, cost: str, stats: tuple[int, int, int] | None,
          text: str) -> ET.Element:
    card = ET.Element("card", id=str(uuid.uuid4()), name=name)
    strength, life, speed = (str(v) for v in stats) if stats else ("", "", "")
    props = {"Card Number": "", "Rarity": "Common", "Trade": trade, "Type": kind, "Subtype": "",
             "Threshold": threshold, "Cost": cost, "Strength": strength, "Life": life, "Speed": speed,
             "Card Text": text.replace("\n", "\r\n"), "Flavor": ""}
    for key, value in props.items():
        ET.SubElement(card, "property", name=key, value=value)
    return card


def imported_set(tmp_path_factory: Any, set_name: str, made: dict[str, Made]) -> Path:
    """The cards directory ``adjudicator cards import`` made of the set ``set_name`` holding ``made``."""
    source = tmp_path_factory.mktemp("made") / f"{set_name.replace(' ', '_')}.xml"
    root = ET.Element("set", name=set_name, id=str(uuid.uuid4()), gameId=SPOILS_GAME_ID, gameVersion="1.3.0",
                      version="1.0")
    cards = ET.SubElement(root, "cards")
    for name, card in made.items():
        cards.append(_card(name, *card))
    ET.ElementTree(root).write(source, encoding="utf-8", xml_declaration=True)
    directory = tmp_path_factory.mktemp("cards")
    result = CliRunner().invoke(main, ["cards", "import", str(source), "--cards-dir", str(directory)])
    assert result.exit_code == 0, result.output
    return directory


def served(cards_dir: Path) -> Iterator[Any]:
    """A test client of the service reading the cards directory ``cards_dir``, on an in-memory store
    (closed when the test module is done)."""
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "CARDS_DIR": str(cards_dir)})
    yield app.test_client()
    app.extensions["games"].close()

