"""The Spoils' printed texts converted into card scripts (``rulings/data/scripts/spoils.yaml``).

Reads the OCTGN set files into a catalog, converts every card's text in force, and writes the
scripts file.

    python -m rulings.convert_spoils ../shared/data/spoils-octgn/sets [--out rulings/data/scripts/spoils.yaml]
"""
from __future__ import annotations

import argparse
from pathlib import Path

import yaml

from rulings.cards import CardCatalog
from rulings.convert_spoils.card_scripts import convert_catalog
from rulings.convert_spoils.grammar import Doc
from rulings.importers import import_octgn_sets
from rulings.scripts import SCRIPTS_DIR


def write(scripts: dict[str, Doc], path: Path) -> None:
    doc = {"game": "spoils",
           "source": "rulings/convert_spoils.py from the OCTGN set files (shared/data/spoils-octgn/sets), "
                     "each script rendering back to its printed text or listing what it does not cover",
           "cards": scripts}
    path.write_text("# The Spoils: card scripts written by rulings/convert_spoils.py (see rulings/data/README.md).\n"
                    + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110, default_flow_style=None),
                    encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("sets", type=Path, help="the folder of OCTGN set.xml files")
    parser.add_argument("--out", type=Path, default=(SCRIPTS_DIR / "spoils").with_suffix(".yaml"))
    args = parser.parse_args(argv)
    catalog = CardCatalog()
    import_octgn_sets(sorted(args.sets.glob("*.xml")), catalog)
    scripts = convert_catalog(catalog)
    write(scripts, args.out)
    partial = sum(1 for s in scripts.values() if s.get("not_covered"))
    print(f"{len(scripts)} scripts written to {args.out}; {partial} list sentences they do not cover")
    return 0
