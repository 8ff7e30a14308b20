"""Issue 24, must show 4: no selector qualifier is read as "anything".

Every field of the effect language's card selector (``adjudicator.effects.selectors.Cards``, the node
the converter emits for "each depleted Gearsmith character your opponent controls with numeric cost X
or less") is enumerated from the pydantic model itself, with every value its type allows (each literal,
``True`` for a flag, a sample of each bound the ``with`` pattern admits).  For each, the engine either
evaluates it -- on a table of varied cards the qualified selector leaves out a card the bare one takes
(``scripts.matches`` and ``counts.within``), or the handler its declaration names reads it -- or the
coverage judge marks the sentence not covered (``enforcement.unread_qualifiers``) and the selector
matches no card at the table.  "At random" on any operation is not read either: not covered."""
from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.effects.selectors import WITH
from adjudicator.spoils import enforcement
from adjudicator.spoils.rules import counts
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import selector_reads as SR
from rulings.scripts import scripts
from tests.scenarios.spoils.engine.tables import character, in_play, prepare_game

ROOT = Path(__file__).resolve().parents[2]
SAMPLES: dict[str, list[Any]] = {
    "subtype": ["dragon"], "named": ['"Tiny Dragon"'], "count": [2, "X"],
    "with_": ["Covert", "a token on it", "no tokens on it", "3 or more strength", "3 or less life", "numeric cost 3 or less",
              "numeric cost X or less", "numeric cost X+3 or less", "numeric cost X", "the lowest numeric cost",
              "the highest strength", "different names", "a different name than this card", "the chosen name",
              "X strength", "X strength or less", "2 speed or more", "the UNIQUE keyword in its rules text",
              "an ability in its rules text", "at least 1 token on it", "numeric cost 4 or more", "numeric cost 5 or less",
              "X life or less", "2 strength or less", "the highest numeric cost", "numeric cost 2 or less"],
}
"""Values for the fields whose type is an open string: a sample of what the converter writes."""
STRUCTURE = {
    "quantity": "how many cards (rules.references.how_many, CHOOSING; 'another' excludes the earlier picks)",
    "count": "the number a quantity says (rules.references.how_many)",
    "plural": "the noun's number, words only",
    "conj": "between kinds: any of them (scripts.matches reads the kinds as alternatives)",
    "zone_first": "word order only",
    "party_of": "'of' or 'in' the party, words only (in_party says which party)",
    "from_zone": "'from' or 'in' the zone, words only",
    "zone": "where the cards are (rules.references._chosen_out_of_play, rules.zone_reads)",
    "zone_owner": "whose zone (rules.zone_reads.owner_of)",
}
UNRESTRICTED = {("controller", "any")}
"""Values that say "no restriction" ("a character": anyone's)."""
"""Fields that say how many or where, not which cards: read by the references, not by a filter."""


def _values(annotation: Any) -> list[Any]:
    if annotation is bool:
        return [True]
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    return [v for arg in typing.get_args(annotation) if arg is not type(None) for v in _values(arg)]


def field_values() -> list[tuple[str, Any]]:
    """Every (field, value) of the selector model: literals, flags, samples of open strings."""
    out = []
    for name, info in Ph.Cards.model_fields.items():
        values = SAMPLES.get(name) or _values(info.annotation)
        listed = typing.get_origin(info.annotation) is list  # adjectives: one at a time
        out += [(name, [v] if listed else v) for v in values if v != info.default]
    return out


def selector(name: str, value: Any) -> Ph.Cards | None:
    key = Ph.Cards.model_fields[name].alias or name
    for base in ({"cards": "character", "quantity": "all", "plural": True}, {"cards": "character", "quantity": "a"},
                 {"cards": "character", "quantity": "up_to", "count": 2}):
        try:
            return Ph.Cards.model_validate({**base, key: value})
        except ValidationError:
            continue
    return None


@pytest.fixture(scope="module")
def table():
    """Cards that differ in every way a selector can tell: controller and owner, type, trade, subtype,
    statistics and cost, depleted, damaged, tokens, unique, attached, token, in a battle."""
    c = {
        "y1": in_play("p1", character("Tiny Dragon", 2, 3, 2, cost=3), trade="Rogue", subtypes=["dragon"],
                      depleted=True, damage=1, unique="Tiny", tokens=2, keywords=["covert"]),
        "y2": in_play("p1", character("Plain Hand", 1, 1, 1, cost=1), trade="Gearsmith"),
        "y3": {**in_play("p1", {"name": "Trinket", "type": "item", "cost": 0, "threshold": ""}), "attached_to": "y1",
               "trade": "Warlord"},
        "o1": {**in_play("p2", character("Borrowed Blade", 5, 6, 3, cost=6), trade="Arcanist"), "owner": "p1"},
        "o2": {**in_play("p2", character("Spawn", 1, 1, 1, cost=0), trade="Banker"), "token": True},
        "o3": in_play("p2", character("Raider", 4, 4, 4, cost=4), trade="Warlord"),
    }
    battle = {"attacker": "p2", "defender": "p1", "target": {"faction": "p1"}, "attackers": ["o3"], "blockers": ["y2"]}
    return prepare_game(c, battle=battle).state


def picked(state, cards: Ph.Cards, source: str = "y2") -> set[str]:
    """The cards in play ``cards`` takes for a text of ``source`` (controlled by p1), X being 1."""
    return {cid for cid in state.cards if S.matches(state, cid, cards, "p1", source)
            and counts.within(state, cid, cards.with_, 1)}


def _declared(name: str, value: Any) -> str | None:
    """The module a declaration says reads this qualifier, its source naming the value."""
    key = ("with" if name == "with_" else name, str(value))
    module = SR.READ_BY.get(key)
    if name == "with_" and SR.EXTREME.match(str(value)):
        module = "adjudicator.spoils.rules.selection"  # selection.extreme, before any match
    return module


@pytest.mark.parametrize("name,value", field_values(), ids=lambda v: str(v))
def test_each_qualifier_is_evaluated_or_not_covered(table, name, value):
    node = selector(name, value)
    assert node is not None, f"no selector the language accepts says {name}={value!r}"
    unread = enforcement.unread_qualifiers(node)
    if unread:  # not covered: the coverage judge says so, and at the table it takes no card
        assert enforcement._unenforced_node(node)
        if not (name == "adjectives" and value[0] in SR.REFERRING):  # (a word for cards found before, see below)
            assert picked(table, node.model_copy(update={"zone": None})) in (set(), None) or name in (
                "controller", "owner", "zone_owner", "whose", "attached_to_faction", "discarded_this_way",
                "revealed_this_way", "being_played"), (name, value)
        return
    if name in STRUCTURE or (not isinstance(value, list) and (name, value) in UNRESTRICTED):
        return  # how many, where: read by the references (STRUCTURE says which)
    module = _declared(name, value[0] if isinstance(value, list) else value)
    if module is not None:
        source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
        said = value[0] if isinstance(value, list) else value
        words = f".{name}" if said is True else "EXTREME" if module.endswith("selection") else f'"{said}"'
        assert words in source, (module, name, value)  # the attribute, the pattern or the word, as the code reads it
        return
    took = picked(table, node)
    if name == "cards":  # a kind: the ones matches tells apart, any other matches no card
        bare = picked(table, Ph.Cards(cards="card", quantity="all", plural=True))
        known = value in SR.KINDS_IN_PLAY
        assert (took <= bare and (took != bare or value == "non-resource card")) if known else took == set(), value
        return
    bare = picked(table, Ph.Cards(cards="character", quantity="all", plural=True))
    assert took < bare, f"{name}={value!r} takes {sorted(took)} of {sorted(bare)}: it must leave some out"


def test_unread_adjectives_and_bounds_take_no_card(table):
    """The examples of the issue: an adjective or a bound the engine cannot read is not "every card"."""
    for node in (Ph.Cards(cards="card", quantity="all", plural=True, adjectives=["random"]),
                 Ph.Cards(cards="character", quantity="all", plural=True, damaged_your_faction_this_turn=True)):
        assert enforcement.unread_qualifiers(node) and picked(table, node) == set()
    exactly = Ph.Cards.model_validate({"cards": "character", "quantity": "all", "plural": True, "with": "numeric cost X"})
    assert picked(table, exactly) == {"y2"}  # numeric cost exactly X (1), not every character
    gearsmith = Ph.Cards(cards="card", quantity="a", adjectives=["gearsmith"])
    assert picked(table, gearsmith) == {"y2"}  # a Gearsmith card, not any card


def test_at_random_is_drawn_where_the_engine_draws_it_and_not_covered_elsewhere():
    """Derelict Seafarer: "... Put a random card from your discard pile into your hand." and a discard "at
    random": the engine draws them by the game's seeded source (rules.at_random, spoils.engine.at-random),
    so their sentences are covered; "random" where nothing draws it ("all random cards", "at random" on
    another operation) stays not covered, and such a selector takes no card at the table."""
    seafarer = enforcement.unenforced(scripts("spoils").get("Derelict Seafarer"))
    assert not any("random" in s for s in seafarer), seafarer
    at_random = [n for n, s in scripts("spoils").scripts.items()
                 if re.search(r"at random", str(s.words(s.say("spoils"))))]
    assert at_random and not any("at random" in u for n in at_random for u in enforcement.unenforced(scripts("spoils").get(n)))
    assert SR.unread(Ph.Cards(cards="card", quantity="a", adjectives=["random"], zone="discard")) == []
    every = Ph.Cards(cards="card", quantity="all", plural=True, adjectives=["random"])
    assert SR.unread(every) == ["random"]
    other = O.Draw(draw=1).model_copy(update={"at_random": True})  # a flag no handler draws
    assert enforcement.unread_qualifiers(other) == ["at random"]
    assert enforcement.unread_qualifiers(O.Discard(discard=1, at_random=True)) == []


def test_every_bound_the_packaged_scripts_use_is_sampled_and_fits_the_language():
    used = {n.with_ for s in scripts("spoils").scripts.values() for n in S.walk(s.abilities)
            if isinstance(n, Ph.Cards) and n.with_}
    assert used <= set(SAMPLES["with_"]), used - set(SAMPLES["with_"])
    assert all(re.match(WITH, w) for w in SAMPLES["with_"])


@pytest.mark.parametrize("adjective", sorted(SR.REFERRING))
def test_a_word_for_cards_found_before_is_read_only_as_a_reference(adjective):
    """"The picked character", "the removed card": the earlier picks (references._cards); "a removed
    card" with nothing naming what it refers to is not covered unless a handler reads it (READ_BY)."""
    the = Ph.Cards(cards="card", quantity="the", adjectives=[adjective])
    assert enforcement.unread_qualifiers(the) == []
    some = Ph.Cards(cards="card", quantity="all", plural=True, adjectives=[adjective])
    assert (enforcement.unread_qualifiers(some) == []) == (("adjectives", adjective) in SR.READ_BY)


# --- the subject of a composed trigger (effects.triggers.Happens): the same qualifiers, on the card an event happens to

SUBJECT_WORDS = {"plural", "conj", "zone_first", "party_of", "from_zone"}
"""Fields of a trigger's subject that change its words only."""


def _subject(name: str, value: Any) -> Ph.Cards | None:
    key = Ph.Cards.model_fields[name].alias or name
    for base in ({"cards": "character", "quantity": "a"}, {"cards": "character", "quantity": "up_to", "count": 2}):
        try:
            return Ph.Cards.model_validate({**base, key: value})
        except ValidationError:
            continue
    return None


@pytest.mark.parametrize("name,value", field_values(), ids=lambda v: str(v))
def test_each_qualifier_of_a_trigger_subject_is_evaluated_or_leaves_the_trigger_not_covered(table, name, value):
    """A trigger "if <a character ...> is destroyed": each qualifier of its subject either leaves out, at the
    table, a card the bare "a character" takes (scripts.matches, counts.within: trigger_matchers.composed) or
    leaves the trigger not covered, and so never fired (happens_read, trigger_read.fires)."""
    from adjudicator.effects.triggers import Happens, Trigger
    from adjudicator.spoils.text import happens_read
    from adjudicator.spoils.text.trigger_read import fires

    node = _subject(name, value)
    assert node is not None, f"no subject the language accepts says {name}={value!r}"
    trigger = Trigger(when=Happens(event="destroyed", subject=node), effect=[O.Draw(draw=1)])
    if happens_read.unread(trigger.when):
        assert not fires(trigger) and enforcement._unenforced_node(trigger.when)
        return
    assert fires(trigger) and not enforcement._unenforced_node(trigger.when)
    said = value[0] if isinstance(value, list) else value
    if name in SUBJECT_WORDS or (name, said) in UNRESTRICTED | {("zone", "play")} or \
            (name == "quantity" and said in ("an", "bare", "each", "any")):
        return

    def took(cards: Ph.Cards) -> set[str]:
        return {cid for cid in table.cards if S.matches(table, cid, cards, "p1", "y2")
                and (cards.with_ is None or counts.within(table, cid, cards.with_, None))}
    bare = took(Ph.Cards(cards="character", quantity="a"))
    if name == "cards":
        assert took(node) != bare or value in ("character", "member"), value
        return
    assert took(node) < bare, f"{name}={value!r} takes {sorted(took(node))} of {sorted(bare)}: it must leave some out"


# --- the subject of a composed permission or requirement (effects.permissions.Able, rules.composed_able)


@pytest.mark.parametrize("name,value", field_values(), ids=lambda v: str(v))
def test_each_qualifier_of_a_composed_permission_subject_is_evaluated_or_leaves_it_to_the_judge(table, name, value):
    """"<characters ...> must attack if they can": each qualifier of the subject is either evaluated -- the
    characters the composition is about at the table are exactly those ``scripts.matches`` takes for the same
    noun phrase -- or the composition is not applied and the coverage judge leaves the sentence to the judge."""
    from adjudicator.effects.language import CardScript
    from adjudicator.effects.permissions import Able
    from adjudicator.spoils.rules import composed_able as CA
    from adjudicator.spoils.text import able_read

    node = selector(name, value)
    assert node is not None
    able = Able(able="must", act="attack", who=node, if_able=True)
    script = CardScript.model_validate({"text_sha": "0" * 16, "abilities": [{"static": [able.dump()]}]})
    if not able_read.readable(able):
        assert enforcement.unenforced(script), (name, value)
        return
    assert enforcement.unenforced(script) == [], (name, value)
    about = {cid for cid in table.cards if CA.applies(table, "y2", "p1", able, cid)}
    assert about == picked(table, node), (name, value, sorted(about), sorted(picked(table, node)))


# --- the events of a composed trigger whose subject is no card: a player's coin flip, a faction, a party


def _eventful() -> list[Any]:
    from adjudicator.effects.triggers import FACTIONS, PARTIES, Happens
    out = [Happens(event="flips_coin", subject="a_player", passive=True)]
    out += [Happens(event="flips_coin", subject=who, lost=lost) for who in ("you", "opponent", "a_player")
            for lost in (False, True)]
    out += [Happens(event="loses_influence", subject=faction) for faction in FACTIONS]
    out += [Happens(event=event, subject="self", more_than=2) for event in ("attacks", "blocks")]
    out += [Happens(event="blocks", subject="self", covert=True), Happens(event="has_tokens", subject="self", tokens=2),
            Happens(event="damaged", subject="self", passive=True, amount_over=4)]
    out += [Happens(event="plays", subject=who, what=Ph.Cards(cards="item", quantity="an"), attached_to="self")
            for who in ("you", "opponent")]
    return out + [Happens(event="party_formed", subject=party, including=member, others=others) for party in PARTIES
                  for member in (None, "self", "attached") for others in (None, 1) if member or others is None]


@pytest.mark.parametrize("happens", _eventful(), ids=lambda h: h.clause())
def test_each_event_of_no_card_is_read_off_a_happening_or_leaves_the_trigger_not_covered(happens):
    """"If you lose a coin flip", "if your faction loses influence", "if a blocking party is formed", "if this card
    blocks a Covert party", "if your opponent plays an item attached to this card": an event
    the engine is told of (a happening of ``trigger_matchers``' tables, which ``composed`` reads) fires the
    composition; one it is not told of leaves the trigger not covered and never fired (happens_read.event_unread,
    trigger_read.fires), never "any coin flip" or "any party"."""
    from adjudicator.effects.triggers import PLAYERS, Trigger
    from adjudicator.spoils.rules import trigger_matchers as TM
    from adjudicator.spoils.rules.triggers import could_fire
    from adjudicator.spoils.text import happens_read
    from adjudicator.spoils.text.trigger_read import fires

    trigger = Trigger(when=happens, effect=[O.Draw(draw=1)])
    if happens_read.unread(happens):
        assert not fires(trigger) and enforcement._unenforced_node(happens)
        return
    assert fires(trigger) and not enforcement._unenforced_node(happens)
    table = TM.PLAYER_HAPPENINGS if happens.subject in PLAYERS else TM.EVENT_HAPPENINGS
    told = table.get(happens.event, ())
    assert told and all(could_fire({"when": TM.COMPOSED, "happens": happens}, when) for when in told)
    assert not could_fire({"when": TM.COMPOSED, "happens": happens}, "end_of_turn")
