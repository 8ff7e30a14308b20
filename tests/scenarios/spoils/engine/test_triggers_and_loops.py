"""The Spoils engine at an in-memory table, triggers, replacements and loops: simultaneous triggers
ordered by the active player and never responded to, each replacement applied once, an endless loop
ending the game in a draw, a terminated card that never resolves.  Its scenarios join the invariants
run (``MECHANISMS``)."""
from __future__ import annotations

from typing import Callable

from adjudicator.spoils.table import Table
from events.models import spoils as E
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, prepare_game, tactic


# --- 503 triggers, 506 replacements, 414 loops ----------------------------------------------

def scenario_trigger_order() -> Table:
    herald = {"name": "Herald", "type": "location", "structure": 5,
              "triggers": [{"when": "card_enters_play", "name": "Herald's fanfare", "effect": {"draw": 1}}]}
    spy = {"name": "Spy Nest", "type": "location", "structure": 5,
           "triggers": [{"when": "card_enters_play", "name": "Spy report", "effect": {"draw": 1}}]}
    t = prepare_game({"herald": in_play("p1", herald), "spy": in_play("p2", spy)})
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    t.act({"type": "pass", "player": "p2"})
    spy_trigger = next(tr.id for tr in t.state.triggers if tr.card_id == "spy")
    t.act({"type": "choose", "player": "p1", "choice": spy_trigger})
    return t


def test_simultaneous_triggers_of_both_players_are_ordered_by_the_active_player():
    t = scenario_trigger_order()
    required = events_of(t, E.ChoiceRequired)[0]
    assert required.kind == "trigger_order" and required.player == "p1" and required.rule == "spoils.503.4"
    assert [e.name for e in events_of(t, E.TriggerResolved)] == ["Spy report", "Herald's fanfare"]
    assert [e.player for e in events_of(t, E.CardsDrawn)] == ["p2", "p1"]


def test_triggers_cannot_be_responded_to():
    t = prepare_game()
    d = t.act({"type": "resolve_trigger", "player": "p1", "name": "Dwarvish Grimalkin", "effect": {"draw": 1}})
    assert [type(e).__name__ for e in d.events] == ["TriggerRecorded", "CardsDrawn"]
    assert "spoils.503.2" in [b.rule for b in d.because] and not t.state.pending


def scenario_replacements() -> Table:
    phoenix = character("Phoenix", 2, 2, 3, replacements=[{"instead_of": "destroy", "do": "hand"}])
    undertow = {"name": "Undertow", "type": "location", "structure": 5,
                "replacements": [{"instead_of": "hand", "do": "destroy", "applies_to": "characters"}]}
    t = prepare_game({"phoenix": in_play("p2", phoenix), "undertow": in_play("p1", undertow),
                      "lark": in_play("p2", character("Lark", 1, 1, 3,
                                                      replacements=[{"instead_of": "destroy", "do": "removed"}]))},
                     pool={"Purge": tactic("Purge", [{"destroy": "phoenix"}, {"destroy": "lark"}])})
    t.act({"type": "play_card", "player": "p1", "card": "Purge"})
    t.act({"type": "pass", "player": "p2"})
    return t


def test_replacements_each_apply_once_to_the_same_event():
    t = scenario_replacements()
    applied = [(e.card_id, e.instead_of, e.done) for e in events_of(t, E.ReplacementApplied)]
    assert applied[:2] == [("phoenix", "destroy", "hand"), ("phoenix", "hand", "destroy")]
    assert [e.card_id for e in events_of(t, E.CardDestroyed)] == ["phoenix"]  # the cycle stops (506.5)


def test_a_replacement_changes_where_a_destroyed_card_goes():
    t = scenario_replacements()
    left = events_of(t, E.CardLeftPlay)
    assert [(e.card_id, e.to) for e in left] == [("lark", "removed")]
    assert t.state.players["p2"].removed == ["Lark"] and "Lark" not in t.state.players["p2"].discard


def scenario_endless_loop() -> Table:
    echo = {"name": "Echo Forge", "type": "location", "structure": 5,
            "triggers": [{"when": "card_enters_play", "name": "Echo", "effect": {"create_token": "micromajig"}}]}
    t = prepare_game({"forge": in_play("p1", echo)})
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    t.act({"type": "pass", "player": "p2"})
    return t


def test_an_endless_loop_of_effects_ends_the_game_in_a_draw():
    t = scenario_endless_loop()
    drawn = events_of(t, E.GameDrawn)
    assert len(drawn) == 1 and drawn[0].rule == "spoils.414.1"
    assert t.engine.status(t.state) == ("finished", {"player": None, "by": "draw"})



def scenario_terminated_play() -> Table:
    t = prepare_game(pool={"Nullify": tactic("Nullify", {"terminate": "previous"}, cost=2)},
                     hand_cards=(["Gnarled Recruit"], ["Nullify"]), hands=(1, 1))
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit", "id": "recruit"})
    t.act({"type": "respond", "player": "p2", "card": "Nullify"})
    t.act({"type": "pass", "player": "p1"})
    return t


def test_a_terminated_card_never_resolves_and_goes_to_the_discard_pile():
    t = scenario_terminated_play()
    assert [e.rule for e in events_of(t, E.PlayTerminated)] == ["spoils.314.1"]
    assert "recruit" not in t.state.cards and t.state.players["p1"].discard == ["Gnarled Recruit"]
    assert not t.state.pending and t.state.to_act == "p1"


MECHANISMS: dict[str, Callable[[], Table]] = {
    "trigger order": scenario_trigger_order,
    "replacements": scenario_replacements,
    "endless loop": scenario_endless_loop,
    "terminated play": scenario_terminated_play,
}
