"""How the converter fares on texts it was not written on: every card of the pool whose text converts
whole, printed again in another way a new set may print it, and converted again.

Each variation keeps the card's meaning and changes only how it is said: the card calling itself by
its name or by its type instead of "this card", labels in other capitals, typographic quotes, other
numbers, other quoted subtypes, other resource icons.  The share that still converts whole is a
measure of how much the converter reads by grammar rather than by the pool's exact sentences (issue
24); the misses are listed.

    python -m rulings.convert_spoils.generality ../shared/data/spoils-octgn/sets [--show N]
"""
from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

from rulings.cards import CardCatalog
from rulings.convert_spoils.card_scripts import script_for
from rulings.importers import import_octgn_sets

NEW_NAME = "Quorble Vantaxis"
ICON_SWAP = {"R": "G", "G": "O", "O": "E", "E": "D", "D": "V", "V": "R"}

Variation = Callable[[str, str, str], str]


def _said_as(text: str, said: str) -> str:
    return text.replace("this card", said).replace("This card", said[:1].upper() + said[1:])


VARIATIONS: dict[str, Variation] = {
    "calls itself by its name": lambda text, kind, name: _said_as(text, NEW_NAME),
    "calls itself by its type": lambda text, kind, name: _said_as(text, f"this {kind.lower()}"),
    "labels in other capitals": lambda text, kind, name: text.replace("COST:", "Cost:").replace("EFFECT:", "Effect:"),
    "typographic quotes": lambda text, kind, name: re.sub(r'"([^"]*)"', "\u201c\\1\u201d", text.replace("'", "\u2019")),
    "other numbers (1-6 turned)": lambda text, kind, name: re.sub(
        r"(?<![\[\w])(?<!OPTION )([1-6])(?![\]\w])", lambda m: str(int(m.group(1)) % 6 + 1), text),
    "other quoted subtypes": lambda text, kind, name: re.sub(
        r'"([a-z][a-z -]+)"', lambda m: m.group(0) if m.group(1) == "character" else '"zorbling"', text),
    "other resource icons": lambda text, kind, name: re.sub(
        r"\[([OGEDRV])\]", lambda m: f"[{ICON_SWAP[m.group(1)]}]", text),
}


def measure(catalog: CardCatalog) -> dict[str, tuple[int, list[tuple[str, str]]]]:
    """For each variation: how many varied cards convert whole, and the others with the first
    sentence they miss."""
    cards = []
    for name in catalog.names("spoils"):
        card = catalog.effective("spoils", name)
        text, kind = card.text or "", card.printing.card_type or ""
        if text.strip() and not script_for(kind, text, card.name).get("not_covered"):
            cards.append((card.name, kind, text))
    out = {}
    for label, vary in VARIATIONS.items():
        whole, missed = 0, []
        for name, kind, text in cards:
            printed = vary(text, kind, name)
            if printed == text:
                continue
            doc = script_for(kind, printed, NEW_NAME if "name" in label else name)
            if doc.get("not_covered"):
                missed.append((name, doc["not_covered"][0]))
            else:
                whole += 1
        out[label] = (whole, missed)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("sets", type=Path, help="the folder of OCTGN set.xml files")
    parser.add_argument("--show", type=int, default=3, help="misses listed per variation")
    args = parser.parse_args(argv)
    catalog = CardCatalog()
    import_octgn_sets(sorted(args.sets.glob("*.xml")), catalog)
    for label, (whole, missed) in measure(catalog).items():
        total = whole + len(missed)
        print(f"{label}: {whole}/{total} convert whole ({100 * whole / total if total else 0:.1f}%)")
        for name, sentence in missed[:args.show]:
            print(f"    {name}: {sentence[:110]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
