"""Issue 24, must show 4, beyond selectors: no field of any node the converter can emit is read as "anything".

Every field of every node type of the effect language The Spoils accepts (operations, abilities, amounts,
durations, conditions, triggers, replacements, phrases: the pydantic models themselves, enumerated) is one of:

- **read**: the Spoils engine reads it by name (an attribute or a document key naming it, found in the
  source of ``adjudicator/spoils`` by its syntax tree; the selector's fields are held to more in
  ``test_selector_fail_closed.py``);
- **words only** (``WORDS``, each with the reason): it changes how the sentence is printed, not what it does,
  and a packaged script that carries it renders other words without it, the engine's verdict unchanged;
- **not covered** (``enforcement.UNREAD_FIELDS``): a node that carries it is marked not covered by the coverage
  judge, with the words of what it cannot read.

A field added to the language that is none of these fails here until the engine reads it or the coverage
marks it; the engine's own field list is never trusted to mean "anything"."""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from adjudicator.effects.base import Node
from adjudicator.effects.language import GAME_ONLY, parse_effect
from adjudicator.spoils import enforcement
from adjudicator.spoils.text import scripts as S
from rulings.scripts import scripts

ROOT = Path(__file__).resolve().parents[2]
WORDS: dict[str, str] = {
    "until_last": "the duration printed after the change ('... until end of turn') instead of before it",
    "until_comma": "a comma printed before the duration",
    "numeral": "'1 card' printed instead of 'a card'",
    "zone_first": "the zone printed before the kind",
    "conj": "'or' / 'and' / 'and/or' between kinds: the cards of any of them (scripts.matches reads kinds as alternatives)",
    "verb_as_printed": "the verb the card prints ('gains' for a loss)",
    "keyword_first": "the keyword printed before the statistics",
    "commas": "commas printed between the changes",
    "loses_first": "the losses printed before the gains",
    "phrase": "'its strength' or 'the strength of ...': the same statistic",
    "noun": "the noun the share is printed with",
    "this_turn_first": "'This turn,' printed first",
    "resource_first": "'as a resource' printed before 'under your control'",
    "comes": "'comes into play' printed for 'enters play'",
    "printed_enter": "the verb of the trigger as printed ('comes', 'enters')",
    "opener": "the words that open the trigger as printed",
    "passive": "'damage is inflicted to <a card>' printed for '<a card> is damaged' (a composed trigger, Happens)",
    "said": "'is depleted' printed for 'becomes depleted' (a composed trigger, Happens)",
    "printed_factions": "a misprint kept ('factions's')",
    "self_name": "the card's name as its text calls it",
    "pronoun": "the pronoun the card's text uses",
    "notes": "the reviewer's notes beside a script",
    "by_self": "'this card inflicts' printed for 'inflict': the damage's source is the card either way",
    "passive": "'is reduced' printed for 'reduce'",
    "any_": "'Any' printed before the starting resources: a faction's resources are read from its printed list",
    "among_them": "'among them': the handler chooses among the cards looked at either way (ops.zones_decks._choose_card)",
    "if_can": "'if you can': the engine does as much as it can of every instruction (402.5)",
    "attachment": "a Buffy play record's field, not The Spoils' language",
}
"""Fields that change only the printed words, each with why."""
OTHER_GAMES = {"CardPlay", "FatigueCard"}
"""Buffy's play records (``parse_play``), which The Spoils' language never holds."""


def _nodes() -> list[type[Node]]:
    out, todo = set(), list(Node.__subclasses__())
    while todo:
        cls = todo.pop()
        if cls not in out:
            out.add(cls)
            todo += cls.__subclasses__()
    return sorted((c for c in out if c.__name__ not in OTHER_GAMES and GAME_ONLY.get(c, "spoils") == "spoils"
                   and c.__module__.startswith("adjudicator.effects")), key=lambda c: (c.__module__, c.__name__))


def _names_read() -> set[str]:
    """Every attribute the Spoils engine reads and every string it uses as a key, from the syntax trees of
    its modules (the coverage judge's own list of unread fields left out)."""
    out: set[str] = set()
    for path in (ROOT / "adjudicator" / "spoils").rglob("*.py"):
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Attribute):
                out.add(n.attr)
            elif isinstance(n, ast.Constant) and isinstance(n.value, str) and path.name != "enforcement.py":
                out.add(n.value)
    return out


def fields() -> list[tuple[type[Node], str]]:
    """Every (node type, field) but the field that names the node (its head)."""
    return [(cls, name) for cls in _nodes() for name, info in cls.model_fields.items()
            if name != getattr(cls, "HEAD", None) and info.alias != getattr(cls, "HEAD", None)]


READ = _names_read()


@pytest.mark.parametrize("cls,name", fields(), ids=lambda v: getattr(v, "__name__", v))
def test_each_field_is_read_words_only_or_not_covered(cls, name):
    alias = cls.model_fields[name].alias
    kinds = [name in READ or (alias is not None and alias in READ), name in WORDS, name in enforcement.UNREAD_FIELDS]
    assert sum(kinds) >= 1, f"{cls.__name__}.{name}: neither read by the engine, nor words only, nor marked not covered"
    assert not (kinds[2] and (kinds[0] or kinds[1])), f"{cls.__name__}.{name}: marked not covered yet read or words only"


def test_the_count_of_fields_is_every_field_of_the_language():
    """The enumeration is not empty and covers the language's families (amounts, durations, conditions,
    triggers...): hundreds of fields over more than a hundred node types."""
    assert len(_nodes()) > 150 and len(fields()) > 300
    modules = {c.__module__.rsplit(".", 1)[-1] for c in _nodes()}
    assert {"amounts", "durations", "conditions", "triggers", "replacements", "damage", "selectors"} <= modules | {"amounts"}


def _carriers() -> dict[str, list[tuple[str, int]]]:
    """The packaged scripts' nodes that carry each field, by field (its value not the default): the card and
    the node's place in the script's walk."""
    out: dict[str, list[tuple[str, int]]] = {}
    for card, script in scripts("spoils").scripts.items():
        for i, node in enumerate(S.walk(script.abilities)):
            for name, info in type(node).model_fields.items():
                if getattr(node, name, None) not in (None, False, [], {}, info.default):
                    out.setdefault(name, []).append((card, i))
    return out


@pytest.mark.parametrize("name", sorted(WORDS))
def test_a_words_only_field_changes_the_words_not_the_verdict(name):
    """Where a packaged script carries it: the same script without it prints other words, and the coverage
    judge leaves the same number of its parts not covered."""
    library = scripts("spoils")
    for card, i in _carriers().get(name, [])[:5]:
        script = library.get(card)
        bare = script.model_copy(deep=True)
        node = list(S.walk(bare.abilities))[i]
        object.__setattr__(node, name, type(node).model_fields[name].default)  # (the models are frozen)
        say = script.say("spoils")
        assert bare.words(say) != script.words(say), (card, name)
        assert len(enforcement.unenforced(bare)) == len(enforcement.unenforced(script)), (card, name)


def _sample(cls: type[Node], name: str) -> Any:
    info = cls.model_fields[name]
    return True if info.annotation in (bool, "bool") or info.default is False else "the rest of the game"


@pytest.mark.parametrize("cls,name", [(c, n) for c, n in fields() if n in enforcement.UNREAD_FIELDS],
                         ids=lambda v: getattr(v, "__name__", v))
def test_an_unread_field_marks_its_node_not_covered(cls, name):
    """A node that carries a field the engine does not evaluate is not covered, named by what it cannot read."""
    node = cls.model_construct(**{name: _sample(cls, name)})
    assert enforcement.UNREAD_FIELDS[name] in enforcement.unread_qualifiers(node)
    assert enforcement._unenforced_node(node)


@pytest.mark.parametrize("host, covered", [
    ({"cards": "character", "quantity": "the"}, True),  # the character this card is attached to (must_pick.put_attached)
    ({"cards": "location", "quantity": "a"}, False),  # any other card: the engine would not find it
])
def test_a_card_put_into_play_attached_to_another_is_covered_only_where_the_engine_finds_the_host(host, covered):
    """``PutIntoPlay.attached_to`` (issue 24: PutAttached folded in): read by the put_into_play owner, which attaches
    the card to the character this card is attached to; put attached to any other card, the sentence is not
    covered rather than read as that character."""
    node = parse_effect({"put_into_play": {"cards": "card", "quantity": "the", "subtype": "gear"}, "under": "you",
                         "attached_to": host}, "spoils")
    assert enforcement._unenforced_node(node) is not covered


@pytest.mark.parametrize("card, covered", [("self", True), ({"cards": "character", "quantity": "a"}, False)])
def test_a_card_played_for_a_stated_cost_is_covered_only_for_this_card(card, covered):
    """``PlayCard.cost`` (issue 24: PlayFor folded in): "play this card for 1" is read as the card is played
    (``rules.history``, ``replayed.played_for``); another card played for a stated cost is not covered rather
    than played for its own cost."""
    node = parse_effect({"play_card": card, "cost": 1}, "spoils")
    assert enforcement._unenforced_node(node) is not covered
