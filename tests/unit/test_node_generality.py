"""Issue 24: a node type of the effect language is a general meaning of the game, not one card's
sentence.  A node type that only one card of the pool uses says, in its own words, what meaning it
stands for and why it is general; a docstring that is only a quoted printed sentence does not."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulings.cards import CardCatalog
from rulings.convert_spoils import usage
from rulings.importers import import_octgn_sets

SETS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn" / "sets"
QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|“[^”]*”')
OWN_WORDS = 40
"""How many characters a docstring says outside its quotations (a sentence of its own, at least)."""


def own_words(doc: str) -> str:
    """What a docstring says outside the printed sentences it quotes."""
    return QUOTED.sub("", doc).strip(" .:;,()")


@pytest.mark.parametrize("doc, says_why", [
    ('"Double the number of tokens on the card.".', False),
    ('"Reflip that coin." (the coin flip just lost).', False),
    ("A player's deck shuffled (313.1): \"Shuffle your deck.\". A verb of the game, general in the player.", True),
])
def test_a_bare_quoted_sentence_is_not_a_reason(doc, says_why):
    assert (len(own_words(doc)) >= OWN_WORDS) is says_why


@pytest.mark.skipif(not SETS.is_dir(), reason=f"no Spoils set files at {SETS}")
def test_every_node_type_serving_one_card_says_why_it_is_general():
    catalog = CardCatalog()
    import_octgn_sets(sorted(SETS.glob("*.xml")), catalog)
    report = usage.usage(catalog)
    nodes = report["nodes"]
    classes = usage.node_classes()
    single = sorted(name for name, cards in nodes.items() if len(cards) == 1)
    assert single  # the report still finds them: the test is not vacuous
    silent = [name for name in single if len(own_words(usage.why_node(classes[name]))) < OWN_WORDS]
    assert silent == []
    summary = usage.summary(report)
    assert all(": " in line for line in summary["node types used by one card"])  # the report prints the reason
