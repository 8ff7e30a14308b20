"""Every rule id the engines cite is in the catalog, and the catalog's links resolve."""
from __future__ import annotations

import re
from pathlib import Path

from rulings.catalog import catalog

ROOT = Path(__file__).resolve().parents[2]
CITED = re.compile(r"""["'](?P<id>(?:buffy|spoils|wowmini)\.[a-z0-9][a-z0-9.\-]*[a-z0-9])["']""")
TEMPLATED = re.compile(r"""f["'](?P<id>buffy\.\{[^}]+\}\.[a-z\-]+)["']""")


def cited_ids() -> set[str]:
    found = set()
    for folder in ("adjudicator", "events", "api", "rulings"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            found.update(m.group("id") for m in CITED.finditer(text))
            for m in TEMPLATED.finditer(text):
                for kind in ("fight", "challenge"):
                    found.add(re.sub(r"\{[^}]+\}", kind, m.group("id")))
    return found


def test_every_cited_rule_id_is_in_the_catalog():
    missing = sorted(i for i in cited_ids() if i not in catalog())
    assert missing == []


def test_related_links_resolve():
    broken = [(r.id, x) for r in catalog().all() for x in r.related if x not in catalog()]
    assert broken == []


def test_catalog_covers_all_three_games_with_summaries():
    for game in ("buffy", "spoils"):
        rules = catalog().search(game=game)
        assert len(rules) > 20
        assert all(r.summary and r.source_document for r in rules)
