"""The Spoils' printed texts converted into card scripts (``rulings/data/scripts/spoils.yaml``).

The printed texts are templated: keyword lines (COVERT, UNIQUE Crest, ATTACH to Character,
FLIP UP: 2 [O], RECUR, RETIRE, PROVIDES), named abilities (a name line, COST:, EFFECT:), a
tactic's COST:/EFFECT:, triggers ("When this card enters play, ...", "At the start of your turn,
...", "If this card is destroyed, ..."), continuous effects ("This card gains 1 strength for each
token on it."), threshold abilities ("[D][D]: ...") and choices ("Choose one of the following
...").  The converter reads each paragraph into the effect language and keeps it only when the
script's words (``words()``) say that paragraph again (``adjudicator.effects.normalise``); a
paragraph it cannot say is listed in ``not_covered`` and stays text for the judge.

Where to look, from the text down:

- ``card_scripts``: a card's script from its text (``script_for``, ``convert``);
- ``blocks``: the text cut into abilities, each block read;
- ``paragraphs``: a paragraph as an ability, with ``keywords``, ``replacements`` and ``triggers``;
- ``reading``: every sentence rule in the order it is tried, and the reader (``sentence_ops``);
- ``sentence_rules/``: the sentence rules by concept (damage, tokens, costs, clauses, durations...);
- ``nouns``, ``amounts``, ``conditions``: the phrases inside sentences;
- ``grammar``: what they all share (``NoMatch``, ``SentenceRule``).

    python -m rulings.convert_spoils ../shared/data/spoils-octgn/sets [--out rulings/data/scripts/spoils.yaml]
"""
from __future__ import annotations

from rulings.convert_spoils.blocks import block, blocks
from rulings.convert_spoils.card_scripts import convert, convert_catalog, script_for
from rulings.convert_spoils.cli import main, write
from rulings.convert_spoils.conditions import condition
from rulings.convert_spoils.grammar import SAY, Doc, NoMatch
from rulings.convert_spoils.nouns import cards
from rulings.convert_spoils.paragraphs import paragraph
from rulings.convert_spoils.reader import split_sentences
from rulings.convert_spoils.reading import RULES, sentence_ops, sentences

__all__ = [
    "RULES", "SAY", "Doc", "NoMatch", "block", "blocks", "cards", "condition", "convert", "convert_catalog", "main",
    "paragraph", "script_for", "sentence_ops", "sentences", "split_sentences", "write",
]
