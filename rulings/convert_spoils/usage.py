"""How general the converter is: for each sentence rule and each node type of the effect language,
the cards whose converted script uses it.

A rule or a node type that serves one card only is the sign of a converter grown card by card (issue
24); this report counts them, so the count can be watched going down, and lists them with their
card.  Run over the OCTGN set files (the cards a user imports):

    python -m rulings.convert_spoils.usage ../shared/data/spoils-octgn/sets [--json] [--list]
"""
from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from pydantic import BaseModel

from adjudicator.effects.base import Node
from adjudicator.effects.language import CardScript
from adjudicator.effects.triggers import Trigger
from rulings.cards import CardCatalog
from rulings.convert_spoils import sentence_rules
from rulings.convert_spoils.card_scripts import script_for
from rulings.convert_spoils.grammar import SentenceRule
from rulings.convert_spoils.reading import READER, RULES
from rulings.importers import import_octgn_sets


def rule_names() -> dict[int, str]:
    """Each sentence rule (by identity) as ``module.name``, its place in the sentence_rules package."""
    names: dict[int, str] = {}
    for info in pkgutil.iter_modules(sentence_rules.__path__):
        module = importlib.import_module(f"{sentence_rules.__name__}.{info.name}")
        names.update(_rules_of(module, info.name))
    return names


def _rules_of(module: ModuleType, module_name: str) -> dict[int, str]:
    return {id(v): f"{module_name}.{k}" for k, v in vars(module).items() if isinstance(v, SentenceRule)}


def node_types(value: Any) -> Iterator[str]:
    """The class name of every node of the effect language inside ``value`` (a parsed script)."""
    if isinstance(value, Node):
        yield type(value).__name__
    if isinstance(value, BaseModel):
        for field in type(value).model_fields:
            yield from node_types(getattr(value, field))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from node_types(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from node_types(item)


def usage(catalog: CardCatalog) -> dict[str, Any]:
    """For every rule and node type, the cards whose converted script uses it; the cards read."""
    names = rule_names()
    by_rule: dict[str, set[str]] = {name: set() for name in names.values()}
    by_node: dict[str, set[str]] = defaultdict(set)
    by_trigger: dict[str, set[str]] = defaultdict(set)
    current = [""]
    READER.on_read = lambda rule: by_rule[names[id(rule)]].add(current[0])
    cards = 0
    try:
        for name in catalog.names("spoils"):
            card = catalog.effective("spoils", name)
            if not (card.text or "").strip():
                continue
            cards += 1
            current[0] = card.name
            doc = script_for(card.printing.card_type, card.text, card.name)
            script = CardScript.model_validate(doc)
            for node in set(node_types(script)) - {"CardScript"}:
                by_node[node].add(card.name)
            for kind in trigger_kinds(script):
                by_trigger[kind].add(card.name)
    finally:
        READER.on_read = None
    return {"cards": cards, "rules": by_rule, "nodes": dict(by_node), "triggers": dict(by_trigger)}


def trigger_kinds(value: Any) -> Iterator[str]:
    """What each trigger of a parsed script is read as: ``event:<event>`` for a composition of a subject and
    an event (written so, or by a name that stands for one), ``phrase:<name>`` for a phrase not composed."""
    if isinstance(value, Trigger):
        happens = value.happens
        yield f"event:{happens.event}" if happens is not None else f"phrase:{value.when}"
    if isinstance(value, BaseModel):
        for field in type(value).model_fields:
            yield from trigger_kinds(getattr(value, field))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from trigger_kinds(item)


def why_general(rule: SentenceRule) -> str:
    """What a rule says of itself: its docstring, where a rule that serves few cards says why it is a
    general meaning of the game (or, honestly, that it is one card's wording still to be composed)."""
    return " ".join((rule.build.__doc__ or "").split())


def node_classes() -> dict[str, type[Node]]:
    """Every node type of the effect language by class name (as ``usage`` counts them)."""
    found: dict[str, type[Node]] = {}
    todo = [Node]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.setdefault(sub.__name__, sub)
            todo.append(sub)
    return found


def why_node(node: type[Node]) -> str:
    """What a node type says of itself: its docstring, the general meaning of the game it stands for."""
    return " ".join((node.__doc__ or "").split())


def summary(report: dict[str, Any]) -> dict[str, Any]:
    rules, nodes = report["rules"], report["nodes"]
    by_name = {name: rule for rule in RULES for name in [rule_names().get(id(rule))] if name}
    return {
        "cards with text": report["cards"],
        "sentence rules": len(rules),
        "rules used by one card": sorted(f"{r} ({next(iter(c))}): {why_general(by_name[r])}"
                                         for r, c in rules.items() if len(c) == 1),
        "rules used by no card": sorted(f"{r}: {why_general(by_name[r])}" for r, c in rules.items() if not c),
        "node types used": len(nodes),
        "node types used by one card": sorted(f"{n} ({next(iter(c))}): {why_node(node_classes()[n])}"
                                              for n, c in nodes.items() if len(c) == 1),
        "trigger events": sorted(k.split(":", 1)[1] for k in report["triggers"] if k.startswith("event:")),
        "trigger phrases": sorted(k.split(":", 1)[1] for k in report["triggers"] if k.startswith("phrase:")),
        "triggers used by one card": sorted(f"{k} ({next(iter(c))})" for k, c in report["triggers"].items()
                                            if len(c) == 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("sets", type=Path, help="the folder of OCTGN set.xml files")
    parser.add_argument("--json", action="store_true", help="the whole summary as JSON")
    parser.add_argument("--list", action="store_true", help="list the rules and node types used by one card")
    args = parser.parse_args(argv)
    catalog = CardCatalog()
    import_octgn_sets(sorted(args.sets.glob("*.xml")), catalog)
    s = summary(usage(catalog))
    if args.json:
        print(json.dumps(s, indent=2))
        return 0
    print(f"{s['cards with text']} cards with text; {s['sentence rules']} sentence rules, "
          f"{len(s['rules used by one card'])} used by one card, {len(s['rules used by no card'])} by none; "
          f"{s['node types used']} node types used, {len(s['node types used by one card'])} by one card")
    print(f"triggers: {len(s['trigger events'])} events of a subject composed, "
          f"{len(s['trigger phrases'])} phrases not composed; {len(s['triggers used by one card'])} of these used by "
          f"one card")
    if args.list:
        for key in ("rules used by one card", "rules used by no card", "node types used by one card",
                    "triggers used by one card"):
            print(f"\n{key}:")
            for line in s[key]:
                print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
