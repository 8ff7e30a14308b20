"""The Spoils engine at an in-memory table, parties and attacks: Covert parties and who may block
them, losing Covert beating gaining it, unblockable parties, attacking a location, who may attack,
and refused actions raising at the table with their rules.  Its scenarios join the invariants run
(``MECHANISMS``)."""
from __future__ import annotations

from typing import Callable

import pytest

from adjudicator.spoils.table import Refused, Table
from events.models import spoils as E
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, pass_tactics, prepare_game, rules_of


# --- 507.3 covert, 412 unblockable, 402.6 lose beats gain, attacking locations ------------

def covert_game() -> Table:
    return prepare_game({"shade": in_play("p1", character("Shade", 2, 2, 3, keywords=["covert"])),
                         "guard": in_play("p2", character("Guard", 2, 2, 3)),
                         "lurker": in_play("p2", character("Lurker", 1, 1, 3, keywords=["covert"]))})


def test_only_covert_characters_block_a_covert_party():
    t = covert_game()
    t.act({"type": "attack", "player": "p1", "attackers": ["shade"]})
    pass_tactics(t)
    assert rules_of(t.check({"type": "block", "player": "p2", "blockers": ["guard"]})) == ["spoils.507.3b"]
    assert t.check({"type": "block", "player": "p2", "blockers": ["lurker"]}).legal


def test_covert_characters_block_only_covert_parties():
    t = covert_game()
    t.state.cards["guard"].controller = "p1"
    t.state.cards["guard"].owner = "p1"
    t.act({"type": "attack", "player": "p1", "attackers": ["guard"]})
    pass_tactics(t)
    assert rules_of(t.check({"type": "block", "player": "p2", "blockers": ["lurker"]})) == ["spoils.507.3c"]


def test_losing_covert_beats_gaining_it():
    cloak = {"name": "Shadow Cloak", "type": "location", "structure": 3,
             "effects": [{"gain": "covert", "applies_to": "your_characters"}]}
    lamp = {"name": "Searchlight", "type": "location", "structure": 3,
            "effects": [{"lose": "covert", "applies_to": "opponent_characters"}]}
    t = prepare_game({"scout": in_play("p1", character("Scout", 1, 1, 3)), "cloak": in_play("p1", cloak),
                      "lamp": in_play("p2", lamp)})
    from adjudicator.spoils.text.continuous import keywords

    kws, trace = keywords(t.state, "scout")
    assert "covert" not in kws and [e.rule for e in trace] == ["spoils.402.6"]


def test_an_unblockable_party_cannot_be_blocked_and_hits_the_faction():
    t = prepare_game({"ghost": in_play("p1", character("Ghost", 2, 1, 3, keywords=["unblockable"])),
                      "guard": in_play("p2", character("Guard", 2, 2, 3))})
    t.act({"type": "attack", "player": "p1", "attackers": ["ghost"]})
    d = t.act({"type": "pass", "player": "p1"})
    d = t.act({"type": "pass", "player": "p2"})
    assert [e.stage for e in d.events if isinstance(e, E.BattleStageStarted)] == ["repeat", "tactics_a"]
    assert "spoils.413.1" in [b.rule for b in d.because]
    pass_tactics(t)
    pass_tactics(t)
    assert t.state.players["p2"].faction.influence == 23


def scenario_attack_a_location() -> Table:
    t = prepare_game({"ram": in_play("p1", character("Battering Ram", 3, 4, 1)),
                      "keep": in_play("p2", {"name": "Old Keep", "type": "location", "structure": 3})})
    t.act({"type": "attack", "player": "p1", "attackers": ["ram"], "target": "keep"})
    pass_tactics(t)                        # p2 has no character: no blockers step (608.1d)
    pass_tactics(t)
    pass_tactics(t)
    return t


def test_attacking_a_location_damages_and_destroys_it():
    t = scenario_attack_a_location()
    assert events_of(t, E.AttackDeclared)[0].target == {"kind": "location", "card": "keep", "player": "p2"}
    assert [e.card_id for e in events_of(t, E.CardDestroyed)] == ["keep"]
    assert t.state.players["p2"].faction.influence == 25


def test_a_player_cannot_attack_their_own_location_or_while_not_active():
    t = prepare_game({"ram": in_play("p1", character("Battering Ram", 3, 4, 1)),
                      "mine": in_play("p1", {"name": "My Keep", "type": "location", "structure": 3})})
    assert rules_of(t.check({"type": "attack", "player": "p1", "attackers": ["ram"], "target": "mine"})) == ["spoils.608.1a"]
    t2 = prepare_game({"ram": in_play("p1", character("Battering Ram", 3, 4, 1))}, active="p2")
    assert rules_of(t2.check({"type": "attack", "player": "p1", "attackers": ["ram"]})) == ["spoils.603.2c"]


def test_depleted_characters_do_not_attack():
    t = prepare_game({"tired": in_play("p1", character("Tired", 1, 1, 3), depleted=True)})
    assert rules_of(t.check({"type": "attack", "player": "p1", "attackers": ["tired"]})) == ["spoils.303.2"]


def test_refused_actions_raise_at_the_table_with_their_rules():
    t = prepare_game()
    with pytest.raises(Refused, match="spoils.603.2d"):
        t.act({"type": "pass", "player": "p1"})



MECHANISMS: dict[str, Callable[[], Table]] = {
    "attack a location": scenario_attack_a_location,
}
