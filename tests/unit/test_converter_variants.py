"""The converter reads a card's variant wording (a misprint, an older phrase) by one general rule:
the variant is replaced by the language's words, the sentence read like any other, and the result
kept as an ``as_printed`` node that says the card's words back.  So a sentence never printed before
that combines a known variant with known phrases converts without a rule of its own, and the usage
report (``rulings.convert_spoils.usage``) counts the cards each rule serves."""
from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.effects import normalise
from adjudicator.effects.base import Say
from adjudicator.effects.language import CardScript, parse_effects
from adjudicator.spoils.enforcement import unenforced
from rulings.cards import CardCatalog
from rulings.convert_spoils import usage
from rulings.convert_spoils.card_scripts import script_for
from rulings.convert_spoils.grammar import NoMatch
from rulings.convert_spoils.reading import RULES, sentence_ops
from rulings.importers import import_octgn_sets

SETS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn" / "sets"


@pytest.mark.parametrize("text, printed, op", [
    ("Destoy a depleted character.", "destoy", "destroy"),
    ("Remove each attacking character from combat.", "combat", "remove_from_battle"),
    ("Shuffle the picked card into their deck.", "their_deck", "shuffle_into_deck"),
    ("Put each depleted item into their owner's hand.", "their_owner", "return_to_hand"),
])
def test_a_known_variant_in_a_new_sentence_converts_and_says_the_card_back(text, printed, op):
    [doc] = sentence_ops(text)
    assert doc["printed"] == printed
    assert [next(iter(d)) for d in doc["as_printed"]] == [op]
    said = " ".join(n.words(Say(game="spoils")) for n in parse_effects([doc], "spoils"))
    assert normalise(said) == normalise(text)


def test_a_sentence_without_a_known_variant_is_not_read_as_one():
    assert "as_printed" not in sentence_ops("Destroy a depleted character.")[0]
    with pytest.raises(NoMatch):
        sentence_ops("Destoy the moon.")


@pytest.mark.skipif(not SETS.is_dir(), reason=f"no Spoils set files at {SETS}")
def test_the_usage_report_counts_the_cards_each_rule_and_node_serves():
    catalog = CardCatalog()
    import_octgn_sets(sorted(SETS.glob("*.xml")), catalog)
    report = usage.usage(catalog)
    names = usage.rule_names()
    assert set(report["rules"]) == set(names.values())
    assert len(report["rules"]["variants.variant_wording"]) >= 7  # seven misprints or older phrases
    assert len(report["rules"]["hands.draw"]) > 50
    assert report["nodes"]["AsPrinted"] >= report["rules"]["variants.variant_wording"]
    summary = usage.summary(report)
    one_card = {line.split(" (")[0] for line in summary["rules used by one card"]}
    assert one_card == {rule for rule, cards in report["rules"].items() if len(cards) == 1}
    assert "variants.variant_wording" not in one_card



@pytest.mark.skipif(not SETS.is_dir(), reason=f"no Spoils set files at {SETS}")
def test_every_rule_serving_one_card_or_none_says_why_it_is_general():
    """A sentence rule that serves one card of the pool (or none) says in its docstring what general
    meaning it reads, or, for the few still reading one card's wording, says so: the usage report
    prints it beside the count."""
    catalog = CardCatalog()
    import_octgn_sets(sorted(SETS.glob("*.xml")), catalog)
    used = usage.usage(catalog)["rules"]
    names = usage.rule_names()
    silent = [names[id(rule)] for rule in RULES
              if len(used[names[id(rule)]]) <= 1 and len(usage.why_general(rule)) < 20]
    assert silent == []


@pytest.mark.parametrize("text, when, opener", [
    ("When an attacking party is formed including this card, draw a card.", "attacking_party_with_self", "when"),
    ("Whenever this card is destroyed, draw a card.", "destroyed", "whenever"),
    ("If this card enters play, draw a card.", "enters_play", "if"),
])
def test_a_trigger_opened_with_another_word_is_the_same_trigger_and_says_its_words(text, when, opener):
    """503: a trigger is an event and what follows it; "when", "whenever" and "if" open the same
    event.  The converter reads any of them, keeps the printed one only as wording, and the engine
    enforces the trigger the same way (``unenforced`` finds nothing more than without the opener)."""
    doc = script_for("Character", text)
    [ability] = doc["abilities"]
    assert ability["when"] == when
    assert ability["opener"] == opener  # not the table's word: kept, as wording
    script = CardScript.model_validate(doc)
    assert normalise(script.words(Say(game="spoils"))) == normalise(text)
    plain = CardScript.model_validate({**doc, "abilities": [{k: v for k, v in ability.items() if k != "opener"}]})
    assert unenforced(script) == unenforced(plain)


@pytest.mark.parametrize("printed", ["Cost: Pick a character.\nEffect: Destroy the character.",
                                     "cost : Pick a character. effect: Destroy the character.",
                                     "COST: Pick a character.\r\nEFFECT: Destroy the character."])
def test_cost_and_effect_labels_read_however_a_set_capitalises_them(printed):
    """A set may print the labels of a tactic's cost and effect (spoils.406.1) in other capitals or
    spacing: the script is the same as for "COST:" and "EFFECT:", and says the text back."""
    expected = script_for("Tactic", "COST: Pick a character.\nEFFECT: Destroy the character.")
    doc = script_for("Tactic", printed)
    assert doc["abilities"] == expected["abilities"] and not doc.get("not_covered")
