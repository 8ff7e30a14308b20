"""What the engines enforce of a card's script, for the coverage report (``rulings.scripts.automation``).

A script that renders back to its card's text is "full" only when the engine also enforces every
part of it (The Spoils: ``adjudicator.spoils.text.scripts.ENFORCED``) and the generated rehearsal that checks
its meanings holds for it: the pool rehearsal plays the card by name and checks each node's meaning against
the state before and after (amounts, the cards a selector takes, durations, conditions true and false, ...;
its list, written by running it: ``rulings/data/spoils_pool.yaml``, re-checked by
``tests/scenarios/spoils/test_pool.py``).  Otherwise the card is "partial", and its ``not_covered`` says which
part the engine leaves to the judge, or that no rehearsal checks it yet: ``NOT_REHEARSED`` for a card the
hand-written scenario tests saw act (their record: ``rulings/data/spoils_exercised.yaml``,
``tests/scenarios/spoils_exercised.py``; a scenario checks what its author thought of, not each node's
meaning), ``NOT_EXERCISED`` for a card no test plays.  No list is read from the tests' source.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from adjudicator.effects import CardScript

RECORD = Path(__file__).resolve().parent / "data" / "spoils_exercised.yaml"
POOL = Path(__file__).resolve().parent / "data" / "spoils_pool.yaml"
NOT_EXERCISED = "enforced by the engine, but no scenario test plays this card yet"
NOT_REHEARSED = "enforced by the engine and seen acting in a scenario test, but not rehearsed: no generated " \
    "rehearsal checks its meanings yet"
UNREHEARSED = (NOT_EXERCISED, NOT_REHEARSED)
"""The reasons a card that is all enforced is not "full": what the pool rehearsal may take on."""


@lru_cache(maxsize=None)
def exercised(game: str) -> frozenset[str]:
    """The cards of ``game`` the tests that passed saw act: the scenario tests' record and the pool
    rehearsal's list (empty for a game without such a record)."""
    if game != "spoils":
        return frozenset()
    return _names(RECORD) | rehearsed(game)


@lru_cache(maxsize=None)
def rehearsed(game: str) -> frozenset[str]:
    """The cards of ``game`` whose meaning-checking rehearsal holds (the pool list): the only ones that
    may be "full"."""
    return _names(POOL) if game == "spoils" else frozenset()


def _names(path: Path) -> frozenset[str]:
    if not path.is_file():
        return frozenset()
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    return frozenset(str(n).casefold() for n in data.get("cards") or [])


def engine_gaps(game: str, name: str, script: CardScript) -> list[str]:
    """What keeps a round-tripping script from "full": the parts the engine does not enforce, and a
    card the pool rehearsal does not hold for (The Spoils; the other games' seed scripts are not held to it)."""
    if game != "spoils":
        return []
    from adjudicator.spoils.enforcement import unenforced

    gaps = [f"not enforced by the engine: {words}" for words in unenforced(script)]
    if not gaps and name.casefold() not in rehearsed(game):
        gaps.append(NOT_REHEARSED if name.casefold() in exercised(game) else NOT_EXERCISED)
    return gaps


def enforced_by(game: str, script: CardScript | None) -> list[dict[str, str]]:
    """For each node of a card's script, its words and the one function (or module) of the engine
    that answers for it (``adjudicator.spoils.owners``), so a reader goes from a card to its code in
    one hop.  Empty for the other games and for a card without a script."""
    if game != "spoils" or script is None:
        return []
    from adjudicator.spoils.owners import node_owners

    return node_owners(script)
