"""Issue 25, item 3: a play's choices are checked when the play is made (spoils.engine.choices-when-made).

A choice the play makes that the rules refuse only as it resolves used to be appended, and then the
opponent's pass (which resolves it) was refused: nobody could act.  Now the play itself is refused
(enforce mode, nothing appended, the rule broken cited) or kept flagged (record mode): a pick
outside the text's qualifiers (Roulette Wheel of DOOM!: a character with X life or less), a division
that does not add up (Voidal Perversion), tokens spent that were never removed (Voidal Poisoning).
A choice the play leaves out for the resolving pass to bring (a card type named as Dauntless Gambler
enters play, spoils.engine.hidden-choice) is still the pass's: the play is accepted and the pass
that names it resolves it."""
from __future__ import annotations

from typing import Any

import pytest

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card, position, rule_ids)

pytestmark = needs_data

RULE = "spoils.engine.choices-when-made"
ROULETTE = {"cards": {"b1": {"card": "Creaky Old Swordsman", "controller": "bob"}},
            "hands": {"alice": ["Roulette Wheel of DOOM!"]}, "icons": {"alice": "DDDD"},
            "decks": {"alice": ["Pinch", "Greed", "Elitism"]}}
PERVERSION = {"cards": {"a1": {"card": "Agile Highwayman", "controller": "alice"},
                        "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}},
              "hands": {"alice": ["Voidal Perversion"]}, "icons": {"alice": "OOOO"}}
POISONING = {"cards": {"o1": {"card": "Oddment Collector", "controller": "alice", "tokens": 5}},
             "hands": {"alice": ["Voidal Poisoning"]}, "icons": {"alice": "OOO"}}
# (the position, the play with a choice the rules refuse, the rule, the same play chosen right)
CASES: list[tuple[str, dict[str, Any], dict[str, Any], str, dict[str, Any]]] = [
    ("pick-outside-the-text", ROULETTE,
     play_card("Roulette Wheel of DOOM!", revealed="Pinch", targets=["b1"]), "spoils.310.1",  # Pinch costs 1, b1 has 2 life
     play_card("Roulette Wheel of DOOM!", revealed="Pinch")),
    ("division-not-adding-up", PERVERSION,
     play_card("Voidal Perversion", ["a1", "b1"], divided={"a1": 2, "b1": 1}), "spoils.402.1",
     play_card("Voidal Perversion", ["a1", "b1"], divided={"a1": 1, "b1": 1})),
    ("tokens-never-removed", POISONING,
     play_card("Voidal Poisoning", tokens_removed={"o1": 3}, generate=[2, 2]), "spoils.402.1",
     play_card("Voidal Poisoning", tokens_removed={"o1": 4}, generate=[2, 2])),
]


@pytest.mark.parametrize("name, setup, wrong, rule, right", CASES, ids=[c[0] for c in CASES])
def test_a_choice_the_rules_refuse_is_refused_with_the_play(client, name, setup, wrong, rule, right):
    t = new_game(client, position(**setup))
    before = t.state()["position"]
    violations = t.refuse(wrong)
    assert rule in rule_ids(violations) and all(RULE in v["message"] for v in violations)
    assert t.state()["position"] == before
    t.act(right)
    assert "PlayResolved" in t.act({"type": "pass", "player": "bob"})


@pytest.mark.parametrize("name, setup, wrong, rule, right", CASES, ids=[c[0] for c in CASES])
def test_record_mode_keeps_the_play_flagged(client, name, setup, wrong, rule, right):
    t = new_game(client, position(**setup))
    r = client.post(f"/games/{t.gid}/actions", json=wrong, query_string={"mode": "record"})
    assert r.status_code == 201 and rule in rule_ids(r.get_json()["violations"])


def test_a_choice_left_for_the_resolving_pass_is_still_the_pass_s(client):
    t = new_game(client, position(cards={"b1": {"card": "Rune of Concealment", "controller": "bob"}},
                                  hands={"alice": ["Dauntless Gambler"]}, icons={"alice": "DDD"},
                                  decks={"alice": ["Research Assistant", "Elitism"]}))
    t.act(play_card("Dauntless Gambler"))
    assert "spoils.engine.hidden-choice" in rule_ids(t.refuse({"type": "pass", "player": "bob"}))
    assert "PlayResolved" in t.act({"type": "pass", "player": "bob", "choices": {"card_type": "character"}})
    assert t.named("Dauntless Gambler", "alice")
