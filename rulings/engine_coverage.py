"""What the engines enforce of a card's script, for the coverage report (``rulings.scripts.automation``).

A script that renders back to its card's text is "full" only when the engine also enforces every
part of it (The Spoils: ``adjudicator.spoils.text.scripts.ENFORCED``) and a test that passed saw the card
act through the API: the record the scenario tests and pool rehearsals that passed write
(``rulings/data/spoils_exercised.yaml``, ``tests/scenarios/spoils_exercised.py``), and the pool rehearsal's
list, written by running it (``rulings/data/spoils_pool.yaml``, ``tests/scenarios/spoils/test_pool.py``);
otherwise the card is "partial", and its ``not_covered`` says which part the engine leaves to the judge, or
that no test has seen it act yet.  No list is read from the tests' source.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from adjudicator.effects import CardScript

RECORD = Path(__file__).resolve().parent / "data" / "spoils_exercised.yaml"
POOL = Path(__file__).resolve().parent / "data" / "spoils_pool.yaml"
NOT_EXERCISED = "enforced by the engine, but no scenario test plays this card yet"


@lru_cache(maxsize=None)
def exercised(game: str) -> frozenset[str]:
    """The cards of ``game`` the tests that passed saw act (empty for a game without such a record)."""
    if game != "spoils":
        return frozenset()
    names: set[str] = set()
    for path in (RECORD, POOL):
        if path.is_file():
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            names.update(str(n).casefold() for n in data.get("cards") or [])
    return frozenset(names)


def engine_gaps(game: str, name: str, script: CardScript) -> list[str]:
    """What keeps a round-tripping script from "full": the parts the engine does not enforce, and
    a card no scenario test plays (The Spoils; the other games' seed scripts are not held to it)."""
    if game != "spoils":
        return []
    from adjudicator.spoils.enforcement import unenforced

    gaps = [f"not enforced by the engine: {words}" for words in unenforced(script)]
    if not gaps and name.casefold() not in exercised(game):
        gaps.append(NOT_EXERCISED)
    return gaps


def enforced_by(game: str, script: CardScript | None) -> list[dict[str, str]]:
    """For each node of a card's script, its words and the one function (or module) of the engine
    that answers for it (``adjudicator.spoils.owners``), so a reader goes from a card to its code in
    one hop.  Empty for the other games and for a card without a script."""
    if game != "spoils" or script is None:
        return []
    from adjudicator.spoils.owners import node_owners

    return node_owners(script)
