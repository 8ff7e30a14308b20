"""The rule catalog: every rule id the engines cite, with a summary in the project's own words.

Entries live in YAML files beside this module (``catalog/<game>.yaml``), one list of mappings per
file::

    - id: buffy.fight.tie                 # stable id, cited by the engines and served by the API
      title: A tied fight loses for both
      summary: Both characters are beaten and discarded; nobody gains destiny ...
      source: {document: 000_bc5148ee9951566c.txt, section: "VIII.D Fight / resolve"}
      related: [buffy.fight.resolution]   # optional
      inferred: false                     # optional; true when the rules documents are silent
                                          # and the entry records what the project chose
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import yaml

CATALOG_DIR = Path(__file__).parent / "catalog"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: ~10x faster
GAMES = ("buffy", "spoils", "wowmini")


class CatalogError(ValueError):
    """A catalog file is malformed; the message names the file and the entry."""


@dataclass(frozen=True)
class Rule:
    id: str
    game: str
    title: str
    summary: str
    source_document: str
    source_section: str
    related: tuple[str, ...] = field(default_factory=tuple)
    inferred: bool = False

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "game": self.game,
            "title": self.title,
            "summary": self.summary,
            "source": {"document": self.source_document, "section": self.source_section},
            "related": list(self.related),
            "inferred": self.inferred,
        }


class RuleCatalog:
    """All rules of all games, by id.  Lookups are exact; search is a case-insensitive scan."""

    def __init__(self, rules: Iterable[Rule]):
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise CatalogError(f"rule id {rule.id!r} is defined twice")
            self._rules[rule.id] = rule

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self._rules

    def __len__(self) -> int:
        return len(self._rules)

    def get(self, rule_id: str) -> Rule | None:
        return self._rules.get(rule_id)

    def title(self, rule_id: str) -> str:
        rule = self._rules.get(rule_id)
        return rule.title if rule else rule_id

    def all(self) -> list[Rule]:
        return list(self._rules.values())

    def search(self, game: str | None = None, q: str | None = None) -> list[Rule]:
        words = [w for w in (q or "").lower().split() if w]
        found = []
        for rule in self._rules.values():
            if game and rule.game != game:
                continue
            haystack = f"{rule.id} {rule.title} {rule.summary}".lower()
            if all(w in haystack for w in words):
                found.append(rule)
        return found


def _parse_file(path: Path) -> list[Rule]:
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except yaml.YAMLError as exc:
        raise CatalogError(f"{path.name}: not valid YAML: {exc}") from exc
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise CatalogError(f"{path.name}: expected a list of rules, got {type(raw).__name__}")
    rules = []
    for index, entry in enumerate(raw, start=1):
        where = f"{path.name}, entry {index}"
        if not isinstance(entry, dict):
            raise CatalogError(f"{where}: expected a mapping")
        missing = [k for k in ("id", "title", "summary", "source") if not entry.get(k)]
        if missing:
            raise CatalogError(f"{where} ({entry.get('id', '?')}): missing {', '.join(missing)}")
        rule_id = str(entry["id"])
        game = rule_id.split(".", 1)[0]
        if game not in GAMES:
            raise CatalogError(f"{where}: rule id {rule_id!r} does not start with a game name")
        source = entry["source"]
        if not isinstance(source, dict) or "document" not in source:
            raise CatalogError(f"{where} ({rule_id}): source needs a document and a section")
        rules.append(
            Rule(
                id=rule_id,
                game=game,
                title=str(entry["title"]).strip(),
                summary=" ".join(str(entry["summary"]).split()),
                source_document=str(source["document"]),
                source_section=str(source.get("section", "")),
                related=tuple(str(r) for r in entry.get("related") or ()),
                inferred=bool(entry.get("inferred", False)),
            )
        )
    return rules


def load_catalog(directory: Path = CATALOG_DIR) -> RuleCatalog:
    """Reads every ``*.yaml`` file of ``directory``.

    Raises CatalogError naming the file and entry when one is malformed.
    """
    rules: list[Rule] = []
    for path in sorted(directory.glob("*.yaml")):
        rules.extend(_parse_file(path))
    return RuleCatalog(rules)


@lru_cache(maxsize=1)
def catalog() -> RuleCatalog:
    """The packaged catalog, loaded once per process."""
    return load_catalog()
