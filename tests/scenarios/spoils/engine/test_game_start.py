"""The Spoils engine at an in-memory table, game start and develop: factions and starting resources in
play, the opening draws, the mulligan, who plays first (chosen at random, seeded and recorded),
develop as a draw or a resource before the turn's other actions.  Its scenarios join the invariants
run (``MECHANISMS``)."""
from __future__ import annotations

from typing import Callable

from adjudicator.spoils.table import Table
from events.models import spoils as E
from tests.scenarios.spoils.engine.tables import POOL, rules_of


# --- 601 game start ---------------------------------------------------------------------------

def fresh_game(first: str | None = "p1", **setup) -> Table:
    players = [{"id": "p1", "faction": {"starting_resources": ["Rage", "Rage"]}, "deck": 60},
               {"id": "p2", "faction": {"name": "Moist Cave of the Darkpump", "starting_influence": 20,
                                        "starting_resources": ["Obsession", "Greed"]}, "deck": 60}]
    return Table(players, first, {"card_pool": POOL, **setup})


def scenario_game_start() -> Table:
    t = fresh_game()
    t.act({"type": "mulligan", "player": "p1", "count": 0})
    t.act({"type": "mulligan", "player": "p2", "count": 3})
    t.act({"type": "play_resource", "player": "p1", "card": "Rage", "face_up": True})
    return t


def test_factions_start_in_play_at_their_starting_influence():
    s = fresh_game().state
    assert s.players["p1"].faction.influence == 25
    assert s.players["p2"].faction.influence == 20 and s.players["p2"].faction.name == "Moist Cave of the Darkpump"


def test_starting_resources_are_in_play_face_up():
    s = fresh_game().state
    assert [(r.name, r.face_up, r.icons) for r in s.players["p2"].resources.values()] == \
        [("Obsession", True, "O"), ("Greed", True, "G")]


def test_first_player_draws_eight_second_player_nine():
    s = fresh_game().state
    assert (s.players["p1"].hand, s.players["p2"].hand) == (8, 9)
    assert (s.players["p1"].deck, s.players["p2"].deck) == (50, 49)
    assert s.stage == "mulligan" and s.to_act == "p1"


def test_mulligan_is_single_and_clockwise_then_the_first_turn_begins():
    t = fresh_game()
    assert rules_of(t.check({"type": "mulligan", "player": "p2", "count": 1})) == ["spoils.601.1g"]
    t.act({"type": "mulligan", "player": "p1", "count": 2, "cards": ["Sting", "Sting"], "drawn": ["Second Wind"]})
    assert t.state.players["p1"].hand == 8 and t.state.players["p1"].deck_cards == ["Sting", "Sting"]
    assert t.state.players["p1"].hand_cards == ["Second Wind"]
    assert rules_of(t.check({"type": "mulligan", "player": "p1", "count": 1})) == ["spoils.601.1g", "spoils.601.1f"]
    d = t.act({"type": "mulligan", "player": "p2", "count": 0})
    assert [type(e).__name__ for e in d.events] == ["MulliganTaken", "TurnStarted", "CardsRestored"]
    assert t.state.turn == 1 and t.state.active_player == "p1" and t.state.stage == "develop"


def test_a_player_chosen_at_random_decides_who_plays_first():
    t = fresh_game(first=None, chooser="p2")
    assert t.state.stage == "choose_first_player" and t.state.chooser == "p2"
    assert t.log[0].first_player == "p2"
    assert rules_of(t.check({"type": "choose_first_player", "player": "p1", "first_player": "p1"})) == ["spoils.601.1c"]
    d = t.act({"type": "choose_first_player", "player": "p2", "first_player": "p1"})
    assert d.events[1] == E.StartingHandsDrawn(hands={"p1": 8, "p2": 9})
    assert t.state.first_player == "p1" and t.state.stage == "mulligan"


def test_the_random_chooser_is_seeded_and_recorded():
    a = fresh_game(first=None, seed=7).state.chooser
    assert a == fresh_game(first=None, seed=7).state.chooser and a in ("p1", "p2")


# --- 602 start of turn, develop --------------------------------------------------------------

def test_develop_is_a_draw_or_a_resource_not_both():
    t = scenario_game_start()
    assert t.state.stage == "main" and len(t.state.players["p1"].resources) == 3
    d = t.check({"type": "draw", "player": "p1"})
    assert rules_of(d) == ["spoils.faq.draw-or-resource"]


def test_develop_comes_before_the_turns_other_actions():
    t = fresh_game()
    t.act({"type": "mulligan", "player": "p1", "count": 0})
    t.act({"type": "mulligan", "player": "p2", "count": 0})
    d = t.check({"type": "faction_ability", "player": "p1", "ability": "DRAW"})
    assert rules_of(d)[0] == "spoils.202.8"
    assert "spoils.engine.develop-first" in [b.rule for b in d.because]


def test_only_real_resources_are_played_face_up_face_down_gives_volition():
    t = fresh_game()
    t.act({"type": "mulligan", "player": "p1", "count": 0})
    t.act({"type": "mulligan", "player": "p2", "count": 0})
    assert rules_of(t.check({"type": "play_resource", "player": "p1", "card": "Sting", "face_up": True})) == ["spoils.203.2"]
    t.act({"type": "play_resource", "player": "p1", "card": "Sting"})
    res = list(t.state.players["p1"].resources.values())[-1]
    assert not res.face_up and res.provided() == "V"
    assert t.document()["players"]["p1"]["icons"] == {"R": 2, "V": 1}



MECHANISMS: dict[str, Callable[[], Table]] = {
    "game start": scenario_game_start,
}
