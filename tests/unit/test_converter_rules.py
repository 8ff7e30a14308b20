"""The Spoils converter's sentence rules are one explicit, ordered table: every rule written in a
concept module (``rulings/convert_spoils/sentence_rules/``) is tried exactly once, in the order
``rulings.convert_spoils.reading.RULES`` lists, and no module changes another's tables when it is
imported, so the order of imports cannot change what a printed sentence reads as."""
from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys

import rulings.convert_spoils.sentence_rules as concept_package
from rulings.convert_spoils.grammar import SentenceRule
from rulings.convert_spoils.reading import RULES

_PATTERNS = (
    "import importlib, json, sys\n"
    "for name in sys.argv[1:]:\n"
    "    importlib.import_module(name)\n"
    "from rulings.convert_spoils import conditions, keywords, nouns, paragraphs, reading, triggers\n"
    "tables = {'rules': [r.pattern.pattern for r in reading.RULES],\n"
    "          'conditions': [p.pattern for p, _ in conditions.CONDITIONS],\n"
    "          'paragraphs': [p.pattern for p, _ in paragraphs.PARAGRAPHS],\n"
    "          'keywords': [p.pattern for p, _ in keywords.KEYWORD_LINES],\n"
    "          'triggers': [p.pattern for p, _ in triggers.TRIGGERS],\n"
    "          'refs': list(nouns.REFS.items())}\n"
    "print(json.dumps(tables))\n"
)


def _concept_modules() -> list[str]:
    return sorted(f"{concept_package.__name__}.{m.name}" for m in pkgutil.iter_modules(concept_package.__path__))


def _tables(*first: str) -> dict[str, list[object]]:
    done = subprocess.run([sys.executable, "-c", _PATTERNS, *first], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_every_sentence_rule_of_the_concept_modules_is_tried_exactly_once() -> None:
    written = [
        (module, name)
        for module in _concept_modules()
        for name, value in vars(importlib.import_module(module)).items()
        if isinstance(value, SentenceRule)
    ]
    listed = {id(rule) for rule in RULES}
    forgotten = [f"{module}.{name}" for module, name in written
                 if id(getattr(importlib.import_module(module), name)) not in listed]
    assert forgotten == []
    assert len(RULES) == len({id(rule) for rule in RULES}) == len(written) == 115


def test_the_first_rules_tried_are_the_token_menu_then_drawing() -> None:
    assert RULES[0].pattern.pattern.startswith("^you may remove any number of tokens from cards you control")
    assert RULES[1].pattern.pattern.startswith("^draw ")
    assert RULES[-1].pattern.pattern == r"^the effect happens twice instead of once\.$"


def test_the_converter_tables_do_not_depend_on_the_order_of_imports() -> None:
    concepts = _concept_modules()
    assert _tables(*reversed(concepts)) == _tables(*concepts) == _tables("rulings.convert_spoils")
